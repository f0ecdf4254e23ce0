// The engine through the generated Autograd kernels: gradients against values
// written out, accumulation, retain_graph, create_graph, hooks, retain_grad, grad(), inputs=,
// grad mode, and the errors ATen gives.
#include "Reference.h"
#include "autograd/AutogradTestHelpers.h"

#include <aten/autograd/Autograd.h>
#include <aten/autograd/AutogradKernel.h>
#include <aten/autograd/GradMode.h>
#include <aten/ops/add.h>
#include <aten/ops/exp.h>
#include <aten/ops/matmul.h>
#include <aten/ops/mul.h>
#include <aten/ops/sum.h>
#include <gtest/gtest.h>

#include <cmath>

using namespace aten;
using aten::autograd::test::leaf;
using aten::autograd::test::values;
using aten::ref::error_of;
using FloatVec = std::vector<float>;

namespace {

// (a * b + a).sum()
Tensor mul_add_sum(const Tensor& a, const Tensor& b) { return sum(add(mul(a, b), a)); }

}  // namespace

TEST(Backward, MulAddSumGivesTheGradientsWrittenOut) {
  Tensor a = leaf({1, 2, 3}), b = leaf({4, 5, 6});
  Tensor y = mul_add_sum(a, b);
  EXPECT_EQ(y.item<float>(), 4 + 10 + 18 + 1 + 2 + 3);
  EXPECT_TRUE(y.requires_grad());
  EXPECT_FALSE(y.is_leaf());
  EXPECT_EQ(y.grad_fn()->name(), "SumBackward0");
  y.backward();
  EXPECT_EQ(values(a.grad()), (FloatVec{5, 6, 7}));  // b + 1
  EXPECT_EQ(values(b.grad()), (FloatVec{1, 2, 3}));  // a
  EXPECT_FALSE(a.grad().requires_grad());
}

TEST(Backward, OnlyTensorsThatRequireGradCarryTheAutogradKey) {
  Tensor a = leaf({1, 2}, false);
  EXPECT_FALSE(a.key_set().has(DispatchKey::Autograd));
  a.requires_grad_();
  EXPECT_TRUE(a.key_set().has(DispatchKey::Autograd));
  Tensor plain = leaf({3, 4}, false);
  EXPECT_TRUE(mul(a, plain).key_set().has(DispatchKey::Autograd));
  EXPECT_FALSE(mul(plain, plain).key_set().has(DispatchKey::Autograd));
  a.requires_grad_(false);
  EXPECT_FALSE(a.key_set().has(DispatchKey::Autograd));
  EXPECT_FALSE(a.requires_grad());
}

TEST(Backward, AnInputThatDoesNotRequireGradGetsNoGradient) {
  Tensor a = leaf({1, 2}), b = leaf({3, 4}, false);
  mul_add_sum(a, b).backward();
  EXPECT_EQ(values(a.grad()), (FloatVec{4, 5}));
  EXPECT_FALSE(b.grad().defined());
}

TEST(Backward, BroadcastInputsGetGradientsOfTheirOwnShape) {
  Tensor a = tensor({{1.f, 2.f, 3.f}, {4.f, 5.f, 6.f}}).requires_grad_();
  Tensor b = leaf({10, 20, 30});
  sum(mul(a, b)).backward();
  EXPECT_EQ(values(a.grad()), (FloatVec{10, 20, 30, 10, 20, 30}));
  EXPECT_EQ(b.grad().sizes(), IntArrayRef({3}));
  EXPECT_EQ(values(b.grad()), (FloatVec{5, 7, 9}));
}

TEST(Backward, AnInputUsedTwiceSumsItsGradients) {
  Tensor a = leaf({2, 3});
  sum(mul(a, a)).backward();  // d(a^2) = 2a, from both edges
  EXPECT_EQ(values(a.grad()), (FloatVec{4, 6}));
}

TEST(Backward, GradientsAccumulateOverBackwardCalls) {
  Tensor a = leaf({1, 2, 3}), b = leaf({4, 5, 6});
  mul_add_sum(a, b).backward();
  const Tensor first = a.grad();
  mul_add_sum(a, b).backward();
  EXPECT_EQ(values(a.grad()), (FloatVec{10, 12, 14}));
  EXPECT_EQ(values(b.grad()), (FloatVec{2, 4, 6}));
  // Accumulated in place, as ATen does: a handle taken before sees the sum.
  EXPECT_TRUE(first.is_same(a.grad()));
}

TEST(Backward, ASecondBackwardNeedsRetainGraph) {
  Tensor a = leaf({1, 2, 3}), b = leaf({4, 5, 6});
  Tensor y = mul_add_sum(a, b);
  y.backward({}, /*retain_graph=*/true);
  y.backward();
  EXPECT_EQ(values(a.grad()), (FloatVec{10, 12, 14}));
  EXPECT_NE(
      error_of([&] { y.backward(); }).find("Trying to backward through the graph a second time"),
      std::string::npos);
}

TEST(Backward, CreateGraphGivesSecondDerivatives) {
  Tensor a = leaf({1, 2, 3});
  Tensor y = sum(mul(mul(a, a), a));
  Tensor dy = autograd::grad({y}, {a}, {}, std::nullopt, /*create_graph=*/true)[0];
  EXPECT_EQ(values(dy), (FloatVec{3, 12, 27}));  // 3a^2
  ASSERT_TRUE(dy.requires_grad());
  EXPECT_FALSE(a.grad().defined());  // grad() accumulates nothing
  sum(dy).backward();
  EXPECT_EQ(values(a.grad()), (FloatVec{6, 12, 18}));  // 6a
}

TEST(Backward, BackwardWithCreateGraphKeepsTheGradsHistory) {
  Tensor a = leaf({1, 2});
  Tensor y = sum(mul(mul(a, a), a));
  y.backward({}, std::nullopt, /*create_graph=*/true);
  EXPECT_EQ(values(a.grad()), (FloatVec{3, 12}));
  EXPECT_TRUE(a.grad().requires_grad());
  // a.grad's history saves a, which holds a.grad: the reference cycle PyTorch documents for
  // backward(create_graph=True) (autograd::grad makes none). Dropping the gradient breaks it.
  a.mutable_grad() = Tensor();
}

TEST(Backward, AHookCanReplaceTheGradient) {
  Tensor a = leaf({1, 2, 3}), b = leaf({4, 5, 6});
  Tensor c = mul(a, b);
  std::vector<float> seen;
  c.register_hook([&](const Tensor& g) { seen = values(g); });
  c.register_hook([](const Tensor& g) { return mul(g, tensor({10.f, 10.f, 10.f})); });
  a.register_hook([](const Tensor& g) { return add(g, tensor({1.f, 1.f, 1.f})); });
  sum(c).backward();
  EXPECT_EQ(seen, (FloatVec{1, 1, 1}));
  EXPECT_EQ(values(a.grad()), (FloatVec{41, 51, 61}));  // 10 b, then + 1 by a's hook
  EXPECT_EQ(values(b.grad()), (FloatVec{10, 20, 30}));
}

TEST(Backward, AHookThatChangesTheShapeIsAnError) {
  Tensor a = leaf({1, 2});
  Tensor c = mul(a, a);
  c.register_hook([](const Tensor&) { return tensor({1.f, 2.f, 3.f}); });
  EXPECT_NE(error_of([&] { sum(c).backward(); }).find("hook has changed the size of value"),
            std::string::npos);
}

TEST(Backward, RetainGradKeepsANonLeafsGradient) {
  Tensor a = leaf({1, 2}), b = leaf({3, 4});
  Tensor c = mul(a, b), d = mul(a, b);
  c.retain_grad();
  EXPECT_TRUE(c.retains_grad());
  Tensor y = sum(add(mul(c, c), d));
  y.backward({}, true);
  EXPECT_EQ(values(c.grad()), (FloatVec{6, 16}));  // 2c
  EXPECT_FALSE(d.grad().defined());
  y.backward();
  EXPECT_EQ(values(c.grad()), (FloatVec{12, 32}));  // accumulates
}

TEST(Backward, GradReturnsGradientsWithoutAccumulating) {
  Tensor a = leaf({1, 2, 3}), b = leaf({4, 5, 6});
  Tensor y = mul_add_sum(a, b);
  auto grads = autograd::grad({y}, {b, a});
  ASSERT_EQ(grads.size(), 2u);
  EXPECT_EQ(values(grads[0]), (FloatVec{1, 2, 3}));
  EXPECT_EQ(values(grads[1]), (FloatVec{5, 6, 7}));
  EXPECT_FALSE(a.grad().defined());
  EXPECT_FALSE(b.grad().defined());
}

TEST(Backward, GradWithRespectToANonLeaf) {
  Tensor a = leaf({1, 2}), b = leaf({3, 4});
  Tensor c = mul(a, b);
  Tensor y = sum(mul(c, c));
  EXPECT_EQ(values(autograd::grad({y}, {c})[0]), (FloatVec{6, 16}));
}

TEST(Backward, GradOfAnUnusedInputIsAnErrorUnlessAllowed) {
  Tensor a = leaf({1, 2}), unused = leaf({3, 4});
  Tensor y = sum(mul(a, a));
  EXPECT_NE(error_of([&] {
              autograd::grad({y}, {a, unused}, {}, true);
            }).find("One of the differentiated Tensors appears to not have been used in the graph"),
            std::string::npos);
  auto grads = autograd::grad({y}, {a, unused}, {}, std::nullopt, false, /*allow_unused=*/true);
  EXPECT_EQ(values(grads[0]), (FloatVec{2, 4}));
  EXPECT_FALSE(grads[1].defined());
  Tensor plain = leaf({1, 2}, false);
  EXPECT_NE(error_of([&] {
              autograd::grad({sum(mul(a, a))}, {plain});
            }).find("One of the differentiated Tensors does not require grad"),
            std::string::npos);
}

TEST(Backward, GradOutputsWeighTheOutputs) {
  Tensor a = leaf({1, 2});
  Tensor c = mul(a, a);
  auto g = autograd::grad({c}, {a}, {tensor({1.f, 10.f})});
  EXPECT_EQ(values(g[0]), (FloatVec{2, 40}));
  EXPECT_NE(error_of([&] {
              autograd::grad({mul(a, a)}, {a}, {tensor({1.f, 2.f, 3.f})});
            })
                .find("Mismatch in shape: grad_output[0] has a shape of [3] and output[0] has a "
                      "shape of [2]."),
            std::string::npos);
}

TEST(Backward, BackwardWithInputsAccumulatesOnlyIntoThem) {
  Tensor a = leaf({1, 2, 3}), b = leaf({4, 5, 6});
  Tensor c = mul(a, b);
  mul_add_sum(c, b).backward({}, std::nullopt, false, {a, c});
  EXPECT_EQ(values(a.grad()), (FloatVec{20, 30, 42}));  // (b + 1) * b
  EXPECT_EQ(values(c.grad()), (FloatVec{5, 6, 7}));     // a non-leaf input retains its gradient
  EXPECT_FALSE(b.grad().defined());
}

TEST(Backward, NoGradGuardRecordsNothing) {
  Tensor a = leaf({1, 2}), b = leaf({3, 4});
  {
    NoGradGuard no_grad;
    EXPECT_FALSE(GradMode::is_enabled());
    Tensor c = mul(a, b);
    EXPECT_FALSE(c.requires_grad());
    EXPECT_EQ(c.grad_fn(), nullptr);
    EXPECT_FALSE(c.key_set().has(DispatchKey::Autograd));
    EXPECT_EQ(values(c), (FloatVec{3, 8}));
    {
      AutoGradMode enable(true);
      EXPECT_TRUE(mul(a, b).requires_grad());
    }
    EXPECT_FALSE(GradMode::is_enabled());
  }
  EXPECT_TRUE(GradMode::is_enabled());
  EXPECT_TRUE(mul(a, b).requires_grad());
}

TEST(Backward, DetachLeavesTheGraph) {
  Tensor a = leaf({1, 2});
  Tensor c = mul(a, a);
  Tensor d = c.detach();
  EXPECT_FALSE(d.requires_grad());
  EXPECT_TRUE(d.is_leaf());
  EXPECT_EQ(values(d), (FloatVec{1, 4}));
  EXPECT_EQ(d.data_ptr(), c.data_ptr());
  c.detach_();
  EXPECT_FALSE(c.requires_grad());
  EXPECT_EQ(c.grad_fn(), nullptr);
  EXPECT_FALSE(c.key_set().has(DispatchKey::Autograd));
}

TEST(Backward, ErrorsNameWhatIsWrong) {
  Tensor plain = leaf({1, 2}, false);
  EXPECT_NE(error_of([&] {
              sum(plain).backward();
            }).find("element 0 of tensors does not require grad and does not have a grad_fn"),
            std::string::npos);
  Tensor a = leaf({1, 2});
  EXPECT_NE(error_of([&] {
              mul(a, a).backward();
            }).find("grad can be implicitly created only for scalar outputs"),
            std::string::npos);
  EXPECT_NE(error_of([&] {
              tensor({1, 2}).requires_grad_();
            }).find("only Tensors of floating point and complex dtype can require gradients"),
            std::string::npos);
  EXPECT_NE(error_of([&] {
              mul(a, a).requires_grad_(false);
            }).find("you can only change requires_grad flags of leaf variables"),
            std::string::npos);
  EXPECT_NE(error_of([&] {
              plain.retain_grad();
            }).find("can't retain_grad on Tensor that has requires_grad=False"),
            std::string::npos);
  EXPECT_NE(error_of([&] {
              plain.register_hook([](const Tensor&) {});
            }).find("cannot register a hook on a tensor that doesn't require gradient"),
            std::string::npos);
}

TEST(Backward, ANodeThatSavesItsOutputUnpacksItWithItsHistory) {
  Tensor a = leaf({0, 1});
  Tensor y = exp(a);
  Tensor dy = autograd::grad({sum(y)}, {a}, {}, std::nullopt, /*create_graph=*/true)[0];
  EXPECT_FLOAT_EQ(values(dy)[1], std::exp(1.f));
  // d/da of exp(a), computed from the saved output: differentiable again.
  ASSERT_TRUE(dy.requires_grad());
  sum(dy).backward();
  EXPECT_FLOAT_EQ(values(a.grad())[0], 1.f);
  EXPECT_FLOAT_EQ(values(a.grad())[1], std::exp(1.f));
}

namespace {
// A node with two inputs (a two-output op) that records which gradients reached it and passes
// the first on to its one next edge.
struct TwoOutputsBackward : autograd::Node {
  autograd::variable_list apply(autograd::variable_list&& grads) override {
    num_grads = grads.size();
    first_defined = grads[0].defined();
    second_defined = grads[1].defined();
    return {grads[0]};
  }
  size_t num_grads = 0;
  bool first_defined = false;
  bool second_defined = true;
};
}  // namespace

TEST(Backward, AGradientThatReachesNoOutputArrivesUndefined) {
  Tensor a = leaf({1, 2});
  auto node = autograd::make_node<TwoOutputsBackward>(a);
  Tensor first = a.detach(), second = a.detach();
  autograd::set_history(first, node);
  autograd::set_history(second, node);
  EXPECT_EQ(first.output_nr(), 0u);
  EXPECT_EQ(second.output_nr(), 1u);
  sum(first).backward();
  EXPECT_EQ(node->num_grads, 2u);
  EXPECT_TRUE(node->first_defined);
  EXPECT_FALSE(node->second_defined);
  EXPECT_EQ(values(a.grad()), (FloatVec{1, 1}));
}

TEST(Backward, ALeafsHooksApplyToTheGradientGradReturns) {
  Tensor a = leaf({1, 2});
  a.register_hook([](const Tensor& g) { return mul(g, tensor({3.f, 3.f})); });
  EXPECT_EQ(values(autograd::grad({sum(mul(a, a))}, {a})[0]), (FloatVec{6, 12}));
}

TEST(Backward, BackwardCanRunInsideAHook) {
  Tensor a = leaf({1, 2}), b = leaf({3, 4});
  Tensor c = mul(a, a);
  std::vector<float> inner;
  c.register_hook([&](const Tensor&) {
    AutoGradMode enable(true);  // a backward without create_graph runs with grad mode off
    Tensor z = sum(mul(b, b));
    inner = values(autograd::grad({z}, {b})[0]);
  });
  sum(c).backward();
  EXPECT_EQ(inner, (FloatVec{6, 8}));
  EXPECT_EQ(values(a.grad()), (FloatVec{2, 4}));
}

TEST(Backward, ACompositeImplicitOpRecordsThroughItsDecomposition) {
  Tensor a = leaf({1, 2, 3}), b = leaf({4, 5, 6});
  Tensor y = matmul(a, b);  // dot, for two vectors
  EXPECT_EQ(y.item<float>(), 32);
  ASSERT_TRUE(y.requires_grad());
  EXPECT_EQ(y.grad_fn()->name(), "DotBackward0");
  y.backward();
  EXPECT_EQ(values(a.grad()), (FloatVec{4, 5, 6}));
  EXPECT_EQ(values(b.grad()), (FloatVec{1, 2, 3}));
}
