// Boxed calls: every generated overload registers call_boxed<_ops::...>, so an operator named
// at run time takes its arguments from a stack of IValues and leaves its returns there.
#include <aten/Factories.h>
#include <aten/dispatch/Dispatcher.h>
#include <aten/dispatch/IValue.h>
#include <gtest/gtest.h>

#include <string>
#include <tuple>

using namespace aten;

namespace {

OperatorHandle op(const char* name, const char* overload) {
  return Dispatcher::singleton().findSchemaOrThrow(name, overload);
}

std::vector<float> values(const Tensor& t) {
  const Tensor c = t.contiguous();
  return {c.data_ptr<float>(), c.data_ptr<float>() + c.numel()};
}

}  // namespace

TEST(Boxed, FunctionalCallLeavesItsResult) {
  Stack stack = {tensor({1.f, 2.f}), tensor({10.f, 20.f}), Scalar(2)};
  op("add", "Tensor").callBoxed(stack);
  ASSERT_EQ(stack.size(), 1u);
  EXPECT_EQ(values(stack[0].get<Tensor>()), (std::vector<float>{21.f, 42.f}));
}

TEST(Boxed, ScalarArgumentsTakeIntsFloatsAndBools) {
  Stack stack = {tensor({1.f, 2.f}), IValue(0.5), IValue(int64_t{2})};
  op("add", "Scalar").callBoxed(stack);
  EXPECT_EQ(values(stack[0].get<Tensor>()), (std::vector<float>{2.f, 3.f}));
}

TEST(Boxed, OutAndInPlaceReturnTheirArgument) {
  Tensor out = empty({0});
  Stack stack = {tensor({1.f, 2.f}), tensor({3.f, 4.f}), Scalar(1), out};
  op("add", "out").callBoxed(stack);
  ASSERT_EQ(stack.size(), 1u);
  EXPECT_TRUE(stack[0].get<Tensor>().is_same(out));
  EXPECT_EQ(values(out), (std::vector<float>{4.f, 6.f}));

  Tensor self = tensor({1.f, 2.f});
  stack = {self, Scalar(3.0)};
  op("mul_", "Scalar").callBoxed(stack);
  EXPECT_TRUE(stack[0].get<Tensor>().is_same(self));
  EXPECT_EQ(values(self), (std::vector<float>{3.f, 6.f}));
}

TEST(Boxed, ListsOptionalsAndSeveralReturns) {
  // sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None)
  Stack stack = {tensor({1.f, 2.f, 3.f, 4.f}, {2, 2}), std::vector<int64_t>{1}, false, IValue()};
  op("sum", "dim_IntList").callBoxed(stack);
  EXPECT_EQ(values(stack[0].get<Tensor>()), (std::vector<float>{3.f, 7.f}));
  // An `int[1]` takes a single int as well.
  stack = {tensor({1.f, 2.f, 3.f, 4.f}, {2, 2}), int64_t{0}, false, IValue()};
  op("sum", "dim_IntList").callBoxed(stack);
  EXPECT_EQ(values(stack[0].get<Tensor>()), (std::vector<float>{4.f, 6.f}));

  stack = {tensor({5.f, 1.f, 7.f}), int64_t{0}, false};
  op("max", "dim").callBoxed(stack);
  ASSERT_EQ(stack.size(), 2u);
  EXPECT_EQ(values(stack[0].get<Tensor>()), (std::vector<float>{7.f}));
  EXPECT_EQ(stack[1].get<Tensor>().item<int64_t>(), 2);

  stack = {tensor({1.f, 2.f, 3.f, 4.f}), int64_t{2}, int64_t{0}};
  op("split", "Tensor").callBoxed(stack);
  ASSERT_EQ(stack.size(), 1u);
  EXPECT_EQ(stack[0].get<std::vector<Tensor>>().size(), 2u);
}

TEST(Boxed, WrongArityOrTypeIsAnErrorNamingTheOperator) {
  Stack stack = {tensor({1.f})};
  try {
    op("add", "Tensor").callBoxed(stack);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("add.Tensor: a boxed call needs 3 arguments"),
              std::string::npos)
        << e.what();
  }
  stack = {tensor({1.f}), std::string("x"), Scalar(1)};
  try {
    op("add", "Tensor").callBoxed(stack);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("expected a value of type Tensor but got str"),
              std::string::npos)
        << e.what();
  }
}

// `bool[3] output_mask` takes a list of exactly three bools; the results not asked for are None.
TEST(Boxed, BoolListArguments) {
  const Tensor x = tensor({1.f, 2.f, 4.f, 8.f}).view({2, 2});
  Stack stack = {x,
                 x,
                 IValue(),
                 IValue(),
                 IValue(),
                 tensor({0.f, 0.f}),
                 tensor({1.f, 1.f}),
                 IValue(true),
                 IValue(1e-5),
                 IValue(std::vector<bool>{true, false, true})};
  op("native_batch_norm_backward", "").callBoxed(stack);
  ASSERT_EQ(stack.size(), 3u);
  EXPECT_TRUE(stack[0].get<Tensor>().defined());
  EXPECT_TRUE(stack[1].isNone() || !stack[1].get<Tensor>().defined());
  EXPECT_EQ(values(stack[2].get<Tensor>()), (std::vector<float>{5.f, 10.f}));
  Stack two = {x,
               x,
               IValue(),
               IValue(),
               IValue(),
               tensor({0.f, 0.f}),
               tensor({1.f, 1.f}),
               IValue(true),
               IValue(1e-5),
               IValue(std::vector<bool>{true, false})};
  try {
    op("native_batch_norm_backward", "").callBoxed(two);
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("expected a list of 3 bools but got 2"), std::string::npos)
        << e.what();
  }
}
