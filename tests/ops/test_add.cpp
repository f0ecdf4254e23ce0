// add: every declared dtype, every layout, out= and in-place, Meta, and the errors — each
// result checked element by element against a naive reference computed in double / int64.
#include <aten/Factories.h>
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/add.h>
#include <aten/ops/empty.h>
#include <aten/ops/empty_strided.h>
#include <gtest/gtest.h>

#include <cmath>

#include "Reference.h"

using namespace aten;
using aten::ref::make;
using aten::ref::restride;

namespace {

// result == a + alpha * b at every element, in the reference's arithmetic.
void expect_add(const Tensor& result, const Tensor& a, const Tensor& b, double alpha) {
  ASSERT_EQ(result.sizes(), IntArrayRef(ref::broadcast_shape(a.sizes(), b.sizes())));
  ASSERT_EQ(result.dtype(), a.dtype());
  bool integral = isIntegralType(a.dtype(), false);
  ref::for_each_index(result.sizes(), [&](const std::vector<int64_t>& idx) {
    double x = ref::read_broadcast(a, idx), y = ref::read_broadcast(b, idx);
    double expected = integral ? static_cast<double>(static_cast<int64_t>(x) +
                                                     static_cast<int64_t>(alpha) *
                                                         static_cast<int64_t>(y))
                               : x + alpha * y;
    double got = ref::read_broadcast(result, idx);
    ASSERT_NEAR(got, expected, 1e-6 * std::max(1.0, std::fabs(expected)))
        << "at index " << IntArrayRef(idx) << " of " << result.toString();
  });
}

}  // namespace

template <typename T>
class AddTest : public ::testing::Test {
 protected:
  static Tensor seq(IntArrayRef sizes, double scale = 1.0, double shift = 0.0) {
    // Values exact in every dtype: small integers, halves for floating types.
    const double step = std::is_floating_point_v<T> ? 0.5 : 1.0;
    return make<T>(
        sizes, [=](int64_t i) { return (static_cast<double>(i % 37) * step - 5) * scale + shift; });
  }
  static constexpr ScalarType dtype = scalar_type_of<T>;
};

using AddTypes = ::testing::Types<int32_t, int64_t, float, double>;
TYPED_TEST_SUITE(AddTest, AddTypes);

TYPED_TEST(AddTest, Contiguous) {
  Tensor a = this->seq({7, 33}), b = this->seq({7, 33}, -2, 3);
  expect_add(add(a, b), a, b, 1);
  expect_add(a + b, a, b, 1);
  expect_add(a.add(b), a, b, 1);
  Tensor big_a = this->seq({100000}), big_b = this->seq({100000}, 3);  // above the grain size
  expect_add(add(big_a, big_b), big_a, big_b, 1);
}

TYPED_TEST(AddTest, Transposed) {
  Tensor a = restride(this->seq({9, 13}), {13, 9}, {1, 13});
  Tensor b = this->seq({13, 9}, 2);
  expect_add(add(a, b), a, b, 1);
  expect_add(add(a, a), a, a, 1);
  EXPECT_EQ(add(a, a).strides(), IntArrayRef({1, 13}));  // result follows the inputs' layout
}

TYPED_TEST(AddTest, SlicedWithOffsetAndStep) {
  Tensor base = this->seq({10, 20});
  Tensor a = restride(base, {4, 9}, {40, 2}, 21);  // rows 1,3,5,7; columns 1,3,...,17
  Tensor b = this->seq({4, 9}, 3);
  expect_add(add(a, b), a, b, 1);
}

TYPED_TEST(AddTest, Broadcast) {
  Tensor m = this->seq({6, 35});
  Tensor row = this->seq({35}, 2), col = this->seq({6, 1}, 3), one = this->seq({1, 1}, 4);
  Tensor zero_dim = this->seq({}, 1, 2);
  for (const Tensor& other : {row, col, one, zero_dim}) {
    expect_add(add(m, other), m, other, 1);
    expect_add(add(other, m), other, m, 1);
  }
  Tensor c3 = this->seq({3, 1, 5}), r3 = this->seq({4, 1});
  expect_add(add(c3, r3), c3, r3, 1);  // both sides broadcast: [3, 4, 5]
}

TYPED_TEST(AddTest, ZeroSizeAndZeroDim) {
  Tensor z = this->seq({0, 4}), r = this->seq({4});
  Tensor out = add(z, r);
  EXPECT_EQ(out.sizes(), IntArrayRef({0, 4}));
  Tensor s1 = this->seq({}), s2 = this->seq({}, 2, 1);
  Tensor s = add(s1, s2);
  EXPECT_EQ(s.dim(), 0);
  expect_add(s, s1, s2, 1);
}

TYPED_TEST(AddTest, Alpha) {
  Tensor a = this->seq({5, 40}), b = this->seq({5, 40}, 2);
  expect_add(add(a, b, 3), a, b, 3);
  expect_add(add(a, b, -1), a, b, -1);
  expect_add(add(a, b, 0), a, b, 0);
  if constexpr (std::is_floating_point_v<TypeParam>) {
    expect_add(add(a, b, 2.5), a, b, 2.5);
  } else {
    EXPECT_THROW(add(a, b, 2.5), Error);  // a fractional alpha can't apply to integers
  }
}

TYPED_TEST(AddTest, Out) {
  Tensor a = this->seq({3, 50}), b = this->seq({50}, 2);
  Tensor out = empty({3, 50}, this->dtype);
  Tensor& r = add_out(out, a, b);
  EXPECT_TRUE(r.is_same(out));
  expect_add(out, a, b, 1);
  Tensor empty_out = empty({0}, this->dtype);  // resized to the result's shape
  add_outf(a, b, 2, empty_out);
  expect_add(empty_out, a, b, 2);
  Tensor transposed_out = restride(empty({50, 3}, this->dtype), {3, 50}, {1, 3});
  add_out(transposed_out, a, b);  // written through its own strides
  expect_add(transposed_out, a, b, 1);
  EXPECT_EQ(transposed_out.strides(), IntArrayRef({1, 3}));
}

TYPED_TEST(AddTest, OutOfWrongShapeIsAnErrorAndUntouched) {
  Tensor a = this->seq({3, 4}), b = this->seq({3, 4});
  Tensor out = this->seq({2, 2});
  Tensor before = this->seq({2, 2});
  try {
    add_out(out, a, b);
    FAIL();
  } catch (const Error& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("add.out:"), std::string::npos) << msg;
    EXPECT_NE(msg.find("[2, 2]"), std::string::npos) << msg;
    EXPECT_NE(msg.find("[3, 4]"), std::string::npos) << msg;
  }
  EXPECT_EQ(out.sizes(), IntArrayRef({2, 2}));
  expect_add(out, before, this->seq({2, 2}, 0, 0), 0);
}

TYPED_TEST(AddTest, InPlace) {
  Tensor a = this->seq({4, 30}), b = this->seq({30}, 2);
  Tensor original = this->seq({4, 30});
  Tensor& r = a.add_(b, 2);
  EXPECT_TRUE(r.is_same(a));
  expect_add(a, original, b, 2);
  Tensor c = this->seq({4, 30});
  c += b;
  expect_add(c, original, b, 1);
  Tensor t = restride(this->seq({30, 4}), {4, 30}, {1, 4});  // in-place through a transpose
  Tensor t_before = make<TypeParam>({4, 30}, [&](int64_t i) {
    return ref::read_broadcast(t, {i / 30, i % 30});
  });
  t.add_(b);
  expect_add(t, t_before, b, 1);
}

TYPED_TEST(AddTest, InPlaceThatWouldNeedToResizeSelfIsAnError) {
  Tensor a = this->seq({4}), b = this->seq({3, 4});
  Tensor before = this->seq({4});
  try {
    a.add_(b);
    FAIL();
  } catch (const Error& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("add_.Tensor:"), std::string::npos) << msg;
    EXPECT_NE(msg.find("[4]"), std::string::npos) << msg;
    EXPECT_NE(msg.find("[3, 4]"), std::string::npos) << msg;
  }
  expect_add(a, before, this->seq({4}), 0);  // unchanged
}

TYPED_TEST(AddTest, MetaMatchesCpuShapeDtypeAndStrides) {
  auto meta_like = [](const Tensor& t) {
    return empty_strided(t.sizes(), t.strides(), TensorOptions(t.dtype()).device(kMeta));
  };
  Tensor a = restride(this->seq({9, 13}), {13, 9}, {1, 13}), b = this->seq({9});
  Tensor cpu = add(a, b);
  Tensor meta = add(meta_like(a), meta_like(b));
  EXPECT_TRUE(meta.is_meta());
  EXPECT_EQ(meta.sizes(), cpu.sizes());
  EXPECT_EQ(meta.strides(), cpu.strides());
  EXPECT_EQ(meta.dtype(), cpu.dtype());
  Tensor m_out = empty({0}, TensorOptions(this->dtype).device(kMeta));
  add_out(m_out, meta_like(a), meta_like(b));
  EXPECT_EQ(m_out.sizes(), cpu.sizes());
  Tensor m_self = meta_like(this->seq({4}));
  EXPECT_THROW(m_self.add_(meta_like(this->seq({3, 4}))), Error);
}

TEST(Add, UnsafeCastIntoOutIsAnErrorNamingTheOp) {
  Tensor a = tensor({1, 2}), b = tensor({1.f, 2.f});
  Tensor out = empty({2}, ScalarType::Int);
  try {
    add_out(out, a, b);  // Int + Float is Float, which may not be written into Int
    FAIL();
  } catch (const Error& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("add.out:"), std::string::npos) << msg;
    EXPECT_NE(msg.find("result type Float can't be cast to the desired output type Int"),
              std::string::npos)
        << msg;
  }
}

TEST(Add, TakesEveryDtype) {
  // ATen's list: every dtype, Bool (logical or) included.
  Tensor s = add(tensor({int16_t{30000}}), tensor({int16_t{30000}}));
  EXPECT_EQ(s.dtype(), ScalarType::Short);
  EXPECT_EQ(s.data_ptr<int16_t>()[0], static_cast<int16_t>(60000 - 65536));  // wraps
  Tensor h = add(tensor({Half(1.5f)}), tensor({Half(2.f)}), 2);
  EXPECT_EQ(h.dtype(), ScalarType::Half);
  EXPECT_EQ(static_cast<float>(h.data_ptr<Half>()[0]), 5.5f);
}

// add.Scalar, the CompositeExplicitAutograd overload: other becomes a wrapped number and
// add.Tensor runs, so it is checked against the same reference.
TYPED_TEST(AddTest, ScalarOther) {
  const ScalarType dt = this->dtype;
  auto as_tensor = [&](double v) { return ref::make<TypeParam>({}, [=](int64_t) { return v; }); };
  Tensor a = this->seq({6, 35});
  Tensor strided = restride(this->seq({10, 20}), {4, 9}, {40, 2}, 21);
  for (const Tensor& self : {a, strided, this->seq({0, 3}), this->seq({}, 1, 2)}) {
    expect_add(add(self, 3), self, as_tensor(3), 1);
    expect_add(self.add(-2, 4), self, as_tensor(-2), 4);
  }
  if constexpr (std::is_floating_point_v<TypeParam>) {
    expect_add(add(a, 2.5, 0.5), a, as_tensor(2.5), 0.5);
  } else {
    // A fractional scalar promotes an integer tensor to the default Float (ATen's rule).
    Tensor r = add(a, 2.5);
    EXPECT_EQ(r.dtype(), ScalarType::Float);
    ref::for_each_index(r.sizes(), [&](const std::vector<int64_t>& idx) {
      ASSERT_EQ(ref::read_double(r, idx), ref::read_double(a, idx) + 2.5);
    });
  }
  Tensor m = empty({6, 1, 35}, TensorOptions(dt).device(kMeta));
  Tensor r = add(m, 1);
  EXPECT_TRUE(r.is_meta());
  EXPECT_EQ(r.sizes(), IntArrayRef({6, 1, 35}));
  EXPECT_EQ(r.dtype(), dt);
}

TEST(AddScalar, BoolPromotesOrStaysBool) {
  Tensor b = tensor({true, false});
  EXPECT_EQ(add(b, 1).dtype(), ScalarType::Long);  // Bool + an int promotes to Long
  Tensor r = add(b, true);                         // Bool + Bool is logical or
  EXPECT_EQ(r.dtype(), ScalarType::Bool);
  EXPECT_TRUE(r.data_ptr<bool>()[0]);
  EXPECT_TRUE(r.data_ptr<bool>()[1]);
}
