// The ops of aten/native/BinaryOps.cpp: add, sub, mul, div, remainder, fmod, maximum, minimum,
// atan2, hypot, bitwise_and/or/xor, logical_and/or/xor. First add and mul on every declared
// dtype, every layout, out= and in-place, Scalar overloads, Meta, and the errors — each result
// checked element by element against a naive reference computed in double / int64; then the
// ATen semantics the manifest suite cannot express — rounding modes on negative operands,
// remainder/fmod signs, division by zero, NaN in maximum/minimum, type promotion of Scalar
// operands, and errors naming op, argument, shapes.
#include <aten/Factories.h>
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/add.h>
#include <aten/ops/atan2.h>
#include <aten/ops/bitwise_and.h>
#include <aten/ops/bitwise_or.h>
#include <aten/ops/bitwise_xor.h>
#include <aten/ops/div.h>
#include <aten/ops/empty.h>
#include <aten/ops/empty_strided.h>
#include <aten/ops/equal.h>
#include <aten/ops/fmod.h>
#include <aten/ops/full.h>
#include <aten/ops/hypot.h>
#include <aten/ops/logical_and.h>
#include <aten/ops/logical_or.h>
#include <aten/ops/logical_xor.h>
#include <aten/ops/maximum.h>
#include <aten/ops/minimum.h>
#include <aten/ops/mul.h>
#include <aten/ops/pow.h>
#include <aten/ops/remainder.h>
#include <aten/ops/sub.h>
#include <aten/ops/t.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using aten::ref::make;
using aten::ref::restride;
using ref::as_doubles, ref::expect_same_doubles, ref::kInf, ref::kNaN, ref::make1d, ref::values;

// ---- add ------------------------------------------------------------------------------------

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

// ---- mul ------------------------------------------------------------------------------------

namespace {

void expect_mul(const Tensor& r, const Tensor& a, const Tensor& b) {
  ASSERT_EQ(r.sizes(), IntArrayRef(ref::broadcast_shape(a.sizes(), b.sizes())));
  ref::for_each_index(r.sizes(), [&](const std::vector<int64_t>& idx) {
    const double e = ref::read_broadcast(a, idx) * ref::read_broadcast(b, idx);
    ASSERT_NEAR(ref::read_double(r, idx), e, 1e-6 * std::max(1.0, std::fabs(e)))
        << IntArrayRef(idx);
  });
}

}  // namespace

template <typename T>
class MulTest : public ::testing::Test {
 protected:
  // Small values (exact products in every dtype): -6..6, halves for floating types.
  static Tensor seq(IntArrayRef sizes, int64_t shift = 0) {
    const double step = std::is_floating_point_v<T> ? 0.5 : 1.0;
    return make<T>(sizes,
                   [=](int64_t i) { return static_cast<double>((i + shift) % 13 - 6) * step; });
  }
  static constexpr ScalarType dtype = scalar_type_of<T>;
};

using MulTypes = ::testing::Types<int32_t, int64_t, float, double>;
TYPED_TEST_SUITE(MulTest, MulTypes);

TYPED_TEST(MulTest, LayoutsAndBroadcasting) {
  Tensor a = this->seq({7, 33}), b = this->seq({7, 33}, 5);
  expect_mul(mul(a, b), a, b);
  expect_mul(a * b, a, b);
  expect_mul(a.mul(b), a, b);
  Tensor t = restride(this->seq({33, 7}), {7, 33}, {1, 7});
  expect_mul(mul(t, b), t, b);
  Tensor sliced = restride(this->seq({10, 20}), {4, 9}, {40, 2}, 21);
  expect_mul(mul(sliced, this->seq({9})), sliced, this->seq({9}));
  for (const Tensor& other : {this->seq({33}), this->seq({7, 1}), this->seq({}, 3)}) {
    expect_mul(mul(a, other), a, other);
    expect_mul(mul(other, a), other, a);
  }
  EXPECT_EQ(mul(this->seq({0, 4}), this->seq({4})).sizes(), IntArrayRef({0, 4}));
  Tensor big = this->seq({70000}), big2 = this->seq({70000}, 1);  // parallel, vectorized
  expect_mul(mul(big, big2), big, big2);
}

TYPED_TEST(MulTest, OutInPlaceAndScalar) {
  Tensor a = this->seq({3, 40}), b = this->seq({40}, 2);
  Tensor out = empty({0}, this->dtype);
  mul_out(out, a, b);
  expect_mul(out, a, b);
  Tensor c = this->seq({3, 40});
  c.mul_(b);
  expect_mul(c, a, b);
  Tensor d = this->seq({3, 40});
  d *= b;
  expect_mul(d, a, b);
  expect_mul(mul(a, 3), a, ref::make<TypeParam>({}, [](int64_t) { return 3; }));
  expect_mul(2 * a, a, ref::make<TypeParam>({}, [](int64_t) { return 2; }));
  EXPECT_THROW(this->seq({4}).mul_(this->seq({3, 4})), Error);  // would resize self
}

TYPED_TEST(MulTest, MetaMatchesCpu) {
  Tensor a = restride(this->seq({9, 13}), {13, 9}, {1, 13}), b = this->seq({9});
  auto meta_like = [](const Tensor& t) {
    return empty_strided(t.sizes(), t.strides(), TensorOptions(t.dtype()).device(kMeta));
  };
  Tensor cpu = mul(a, b), m = mul(meta_like(a), meta_like(b));
  EXPECT_TRUE(m.is_meta());
  EXPECT_EQ(m.sizes(), cpu.sizes());
  EXPECT_EQ(m.strides(), cpu.strides());
  EXPECT_EQ(m.dtype(), cpu.dtype());
}

TEST(Mul, PromotesAndTakesEveryDtype) {
  Tensor i = tensor({1, 2, 3});
  Tensor r = i * 1.5;
  EXPECT_EQ(r.dtype(), ScalarType::Float);
  EXPECT_EQ(r.data_ptr<float>()[2], 4.5f);
  // Every dtype is declared (ATen's list): Short wraps like the other integers, Bool is and.
  Tensor s = mul(tensor({int16_t{300}}), tensor({int16_t{300}}));
  EXPECT_EQ(s.dtype(), ScalarType::Short);
  EXPECT_EQ(s.data_ptr<int16_t>()[0], static_cast<int16_t>(90000 - 65536));
  Tensor b = mul(tensor({true, false}), tensor({true, true}));
  EXPECT_EQ(b.dtype(), ScalarType::Bool);
  EXPECT_TRUE(b.data_ptr<bool>()[0]);
  EXPECT_FALSE(b.data_ptr<bool>()[1]);
}

// ---- div rounding modes ---------------------------------------------------------------------

TEST(DivModes, NegativeOperandsFloating) {
  Tensor a = make1d<double>({-7, 7, -7, 7, -6, 0.5, -0.5});
  Tensor b = make1d<double>({2, -2, -2, 2, 2, 1, 1});
  expect_same_doubles(values<double>(div(a, b)), {-3.5, -3.5, 3.5, 3.5, -3, 0.5, -0.5});
  expect_same_doubles(values<double>(div(a, b, "trunc")), {-3, -3, 3, 3, -3, 0, -0.0});
  expect_same_doubles(values<double>(div(a, b, "floor")), {-4, -4, 3, 3, -3, 0, -1});
  expect_same_doubles(values<double>(div(a, b, std::nullopt)), values<double>(div(a, b)));
}

TEST(DivModes, NegativeOperandsIntegral) {
  for (ScalarType dt : {ScalarType::Char, ScalarType::Short, ScalarType::Int, ScalarType::Long}) {
    Tensor a = make1d<int64_t>({-7, 7, -7, 7, -6, 1, -1}).to(dt);
    Tensor b = make1d<int64_t>({2, -2, -2, 2, 2, 3, 3}).to(dt);
    Tensor t = div(a, b, "trunc"), f = div(a, b, "floor");
    EXPECT_EQ(t.dtype(), dt);  // rounding modes keep the integer dtype
    EXPECT_EQ(f.dtype(), dt);
    EXPECT_EQ(values<int64_t>(t.to(ScalarType::Long)),
              (std::vector<int64_t>{-3, -3, 3, 3, -3, 0, 0}));
    EXPECT_EQ(values<int64_t>(f.to(ScalarType::Long)),
              (std::vector<int64_t>{-4, -4, 3, 3, -3, 0, -1}));
    // True division of integers is Float.
    Tensor q = div(a, b);
    EXPECT_EQ(q.dtype(), ScalarType::Float);
    EXPECT_EQ(values<float>(q)[0], -3.5f);
  }
}

TEST(DivModes, FloorIsPythonsFloorDivision) {
  // 1 / 0.1 rounds up to 10, but 0.1 is slightly above 1/10: Python's 1 // 0.1 is 9.
  EXPECT_EQ(values<double>(div(make1d<double>({1}), make1d<double>({0.1}), "floor"))[0], 9.0);
  // -1 // inf is -1, 1 // inf is 0, and a zero quotient keeps the sign of a / b.
  expect_same_doubles(values<double>(div(make1d<double>({-1, 1, 0, -0.0}),
                                         make1d<double>({kInf, kInf, -3, 3}), "floor")),
                      {-1, 0, -0.0, -0.0});
  // Half and BFloat16 compute in float.
  Tensor h = div(make1d<Half>({-7, 7}), make1d<Half>({2, 2}), "floor");
  EXPECT_EQ(h.dtype(), ScalarType::Half);
  EXPECT_EQ(values<Half>(h)[0], Half(-4.f));
  EXPECT_EQ(values<Half>(h)[1], Half(3.f));
}

// Regression (reliability suite): the manifest reference gave ±inf for an infinite dividend.
// Values printed by libtorch 1.13.1's torch::div(a, b, "floor"), Float and Double alike.
TEST(DivModes, FloorWithInfinitiesAsATen) {
  for (const Tensor& a :
       {make1d<double>({kInf, -kInf, kInf, -kInf, kInf, 1.5, -1.5, 1.5, -1.5, 0, -0.0}),
        make1d<float>({kInf, -kInf, kInf, -kInf, kInf, 1.5, -1.5, 1.5, -1.5, 0, -0.0})}) {
    const Tensor b = make1d<double>({1.5, 3, 0, -0.0, kInf, kInf, kInf, -kInf, -kInf, -kInf, kInf})
                         .to(a.dtype());
    expect_same_doubles(as_doubles(div(a, b, "floor")),
                        {kNaN, kNaN, kInf, kInf, kNaN, 0, -1, -1, 0, -0.0, -0.0});
    expect_same_doubles(as_doubles(div(a.slice(0, 0, 2), 3, "floor")), {kNaN, kNaN});
  }
}

// Half and BFloat16 round the quotient to their own precision before truncating or flooring,
// as ATen does (its kernels divide in the reduced type): 1.3046875 / 0.09326171875 is 13.99 in
// float but 14 in BFloat16. Values from torch 1.13 on contiguous tensors.
TEST(DivModes, ReducedFloatsRoundTheQuotientFirst) {
  struct Case {
    ScalarType dtype;
    std::vector<double> a, b, trunc, floor;
  };
  const std::vector<Case> cases = {
      {ScalarType::BFloat16,
       {1.3046875, 104.5, 66, -456, -37.75, 6.46875, 700, 0, 1, -1, 0, -0.5, 0.5, 7},
       {0.09326171875, 1.5625, 0.21875, 1.2890625, -0.29296875, -0.431640625, 0.6875, -3, 0, 0, 0,
        3, -3, -0.5},
       {14, 67, 302, -354, 129, -15, 1020, -0.0, kInf, -kInf, kNaN, -0.0, -0.0, -14},
       {13, 66, 302, -356, 128, -15, 1020, -0.0, kInf, -kInf, kNaN, -1, -1, -14}},
      // ATen's Half floor is not monotone here: 1179 / -0.77685546875 truncates to -1518 and
      // floors to -1517, each step rounded to Half.
      {ScalarType::Half,
       {1.3046875, -831.5, 1179, 1191, 722, 1539, -3166, 0, 1, -1, 0, -0.5, 0.5, 7},
       {0.09326171875, 0.73486328125, -0.77685546875, 1.513671875, -0.75341796875, 0.49365234375,
        -1.5078125, -3, 0, 0, 0, 3, -3, -0.5},
       {13, -1132, -1518, 787, -958, 3118, 2100, -0.0, kInf, -kInf, kNaN, -0.0, -0.0, -14},
       {13, -1132, -1517, 786, -960, 3118, 2098, -0.0, kInf, -kInf, kNaN, -1, -1, -14}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(toString(c.dtype));
    const Tensor a = make1d<double>(c.a).to(c.dtype), b = make1d<double>(c.b).to(c.dtype);
    expect_same_doubles(as_doubles(div(a, b, "trunc")), c.trunc);
    expect_same_doubles(as_doubles(div(a, b, "floor")), c.floor);
    // Every layout alike. (ATen's element loop, which it takes for strided Half operands,
    // floors a float quotient instead: an intentional divergence.)
    const int64_t n = a.numel();
    const Tensor a2 = empty({2 * n}, c.dtype).slice(0, 0, 2 * n, 2).copy_(a);
    const Tensor b2 = empty({2 * n}, c.dtype).slice(0, 0, 2 * n, 2).copy_(b);
    expect_same_doubles(as_doubles(div(a2, b2, "trunc")), c.trunc);
    expect_same_doubles(as_doubles(div(a2, b2, "floor")), c.floor);
  }
}

// Complex division is ATen's formula, ((ac + bd) + (bc - ad) i) / (c^2 + d^2) with no scaling
// and no special cases, not C's (std::complex): a zero divisor gives NaN + NaN i where C gives
// infinities, an infinite part makes the other NaN, and c^2 + d^2 overflows or underflows in
// ComplexFloat as in ATen. Values from torch 1.13 on contiguous tensors, for both layouts
// here. (ATen's element loop, which it takes for strided operands, fuses the products into
// FMAs and can differ from these in the last bit: an intentional divergence.)
TEST(ComplexDiv, ATensFormulaForEveryLayout) {
  using C = complex<double>;
  const std::vector<C> a = {{0, 0}, {1, 0},       {1, 1},         {-1, 0}, {0, kInf}, {kInf, 0},
                            {1, 2}, {1e30, 1e30}, {1e-30, 1e-30}, {1, 0},  {kNaN, 0}, {-2.5, 0.5}};
  const std::vector<C> b = {{0, 0}, {0, 0},       {0, 0},         {0, 0},    {1, 0}, {2, 0},
                            {3, 4}, {1e30, 1e30}, {1e-30, 1e-30}, {kInf, 0}, {1, 0}, {0.5, -1.5}};
  const std::vector<C> nans(4, C(kNaN, kNaN));
  std::vector<C> want_float = nans, want_double = nans;
  for (auto* w : {&want_float, &want_double}) w->insert(w->end(), {{kNaN, kInf}, {kInf, kNaN}});
  want_float.insert(want_float.end(), {{0.4399999976158142, 0.07999999821186066},
                                       {kNaN, kNaN},  // c^2 + d^2 overflows
                                       {kNaN, kNaN},  // and underflows
                                       {kNaN, kNaN},
                                       {kNaN, kNaN},
                                       {-0.800000011920929, -1.399999976158142}});
  want_double.insert(want_double.end(),
                     {{0.44, 0.08}, {1, 0}, {1, 0}, {kNaN, kNaN}, {kNaN, kNaN}, {-0.8, -1.4}});
  auto make = [](const std::vector<C>& vs, ScalarType dtype, bool strided) {
    const int64_t n = static_cast<int64_t>(vs.size());
    Tensor t = empty({n}, ScalarType::ComplexDouble);
    for (int64_t i = 0; i < n; ++i) t.data_ptr<C>()[i] = vs[i];
    if (!strided) return t.to(dtype);
    return empty({2 * n}, dtype).slice(0, 0, 2 * n, 2).copy_(t);
  };
  for (ScalarType dtype : {ScalarType::ComplexFloat, ScalarType::ComplexDouble}) {
    for (bool strided : {false, true}) {
      SCOPED_TRACE(::testing::Message() << dtype << (strided ? " strided" : " contiguous"));
      const Tensor r = div(make(a, dtype, strided), make(b, dtype, strided))
                           .to(ScalarType::ComplexDouble)
                           .contiguous();
      const auto& want = dtype == ScalarType::ComplexFloat ? want_float : want_double;
      for (size_t i = 0; i < want.size(); ++i) {
        const C got = r.data_ptr<C>()[i];
        expect_same_doubles({got.real(), got.imag()}, {want[i].real(), want[i].imag()});
      }
    }
  }
}

TEST(DivModes, MostNegativeIntegerByMinusOneWraps) {
  Tensor a = make1d<int32_t>({static_cast<double>(INT32_MIN), static_cast<double>(INT32_MIN)});
  Tensor b = make1d<int32_t>({-1, 1});
  EXPECT_EQ(values<int32_t>(div(a, b, "trunc")), (std::vector<int32_t>{INT32_MIN, INT32_MIN}));
  EXPECT_EQ(values<int32_t>(div(a, b, "floor")), (std::vector<int32_t>{INT32_MIN, INT32_MIN}));
  EXPECT_EQ(values<int32_t>(remainder(a, b)), (std::vector<int32_t>{0, 0}));
  EXPECT_EQ(values<int32_t>(fmod(a, b)), (std::vector<int32_t>{0, 0}));
}

TEST(DivModes, UnsignedAndScalarOverloads) {
  Tensor u = make1d<uint8_t>({200, 7});
  EXPECT_EQ(values<uint8_t>(div(u, 3, "floor")), (std::vector<uint8_t>{66, 2}));
  Tensor i = make1d<int64_t>({-7, 8});
  Tensor r = div(i, 2, "floor");
  EXPECT_EQ(r.dtype(), ScalarType::Long);
  EXPECT_EQ(values<int64_t>(r), (std::vector<int64_t>{-4, 4}));
  // A fractional Scalar makes the division floating even with a rounding mode.
  Tensor f = div(i, 2.5, "trunc");
  EXPECT_EQ(f.dtype(), ScalarType::Float);
  EXPECT_EQ(values<float>(f), (std::vector<float>{-2.f, 3.f}));
  // In place and out=.
  Tensor x = make1d<int64_t>({-7, 8});
  x.div_(make1d<int64_t>({2, 3}), "floor");
  EXPECT_EQ(values<int64_t>(x), (std::vector<int64_t>{-4, 2}));
  x.div_(-1, "trunc");
  EXPECT_EQ(values<int64_t>(x), (std::vector<int64_t>{4, -2}));
  Tensor out = empty({0}, ScalarType::Long);
  div_out(out, make1d<int64_t>({9}), 4, "floor");
  EXPECT_EQ(values<int64_t>(out), (std::vector<int64_t>{2}));
}

TEST(DivModes, BadModeAndDtypesAreErrors) {
  Tensor a = make1d<float>({1, 2});
  ref::expect_error([&] { div(a, a, "round"); },
                    {"div.Tensor_mode:",
                     "rounding_mode to be one of None, 'trunc', or 'floor' but found 'round'"});
  Tensor b = make1d<bool>({1, 1});
  ref::expect_error([&] { div(b, b, "trunc"); }, {"rounding_mode='trunc'", "'Bool'"});
  EXPECT_EQ(div(b, b).dtype(), ScalarType::Float);  // true division of Bool is fine
  Tensor z = empty({2}, ScalarType::ComplexFloat).fill_(1);
  ref::expect_error([&] { div(z, z, "floor"); }, {"rounding_mode='floor'", "'ComplexFloat'"});
  // Meta tensors are checked the same way.
  Tensor m = empty({2}, TensorOptions(ScalarType::Bool).device(kMeta));
  ref::expect_error([&] { div(m, m, "floor"); }, {"rounding_mode='floor'"});
}

// ---- remainder and fmod ---------------------------------------------------------------------

TEST(RemainderFmod, SignsIntegral) {
  Tensor a = make1d<int32_t>({-7, 7, -7, 7, 6, -6});
  Tensor b = make1d<int32_t>({3, -3, -3, 3, -3, 3});
  // remainder takes the divisor's sign (Python), fmod the dividend's (C).
  EXPECT_EQ(values<int32_t>(remainder(a, b)), (std::vector<int32_t>{2, -2, -1, 1, 0, 0}));
  EXPECT_EQ(values<int32_t>(fmod(a, b)), (std::vector<int32_t>{-1, 1, -1, 1, 0, 0}));
  EXPECT_EQ(values<int32_t>(a % b), values<int32_t>(remainder(a, b)));
}

TEST(RemainderFmod, SignsFloating) {
  Tensor a = make1d<double>({-7.5, 7.5, -7.5, 7.5, -4, 4});
  Tensor b = make1d<double>({2, -2, -2, 2, 2, -2});
  expect_same_doubles(values<double>(remainder(a, b)), {0.5, -0.5, -1.5, 1.5, -0.0, 0});
  expect_same_doubles(values<double>(fmod(a, b)), {-1.5, 1.5, -1.5, 1.5, -0.0, 0});
  // Float and Half agree with the double results on these exact values.
  EXPECT_EQ(values<float>(remainder(a.to(ScalarType::Float), b.to(ScalarType::Float)))[0], 0.5f);
  EXPECT_EQ(
      static_cast<float>(values<Half>(fmod(a.to(ScalarType::Half), b.to(ScalarType::Half)))[1]),
      1.5f);
}

TEST(RemainderFmod, ScalarOverloads) {
  Tensor a = make1d<int64_t>({-7, 7});
  EXPECT_EQ(values<int64_t>(remainder(a, 3)), (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(values<int64_t>(fmod(a, 3)), (std::vector<int64_t>{-1, 1}));
  // remainder(Scalar, Tensor): the Scalar is the dividend.
  Tensor r = remainder(5, make1d<int64_t>({3, -3}));
  EXPECT_EQ(r.dtype(), ScalarType::Long);
  EXPECT_EQ(values<int64_t>(r), (std::vector<int64_t>{2, -1}));
  Tensor out = empty({0}, ScalarType::Float);
  remainder_out(out, 5.5, make1d<float>({-2}));
  EXPECT_EQ(values<float>(out), (std::vector<float>{-0.5f}));
  Tensor x = make1d<float>({-7.5});
  x.fmod_(2);
  EXPECT_EQ(values<float>(x), (std::vector<float>{-1.5f}));
  x.remainder_(2);
  EXPECT_EQ(values<float>(x), (std::vector<float>{0.5f}));
}

// ---- division by zero -----------------------------------------------------------------------

TEST(DivisionByZero, IntegerIsAnErrorNamingTheOp) {
  Tensor a = make1d<int64_t>({6, 7, 8});
  Tensor b = make1d<int64_t>({2, 0, 1});
  ref::expect_error([&] { div(a, b, "trunc"); }, {"div.Tensor_mode:", "ZeroDivisionError"});
  ref::expect_error([&] { div(a, b, "floor"); }, {"div.Tensor_mode:", "ZeroDivisionError"});
  ref::expect_error([&] { remainder(a, b); }, {"remainder.Tensor:", "ZeroDivisionError"});
  ref::expect_error([&] { fmod(a, b); }, {"fmod.Tensor:", "ZeroDivisionError"});
  ref::expect_error([&] { fmod(a, 0); }, {"fmod.Tensor:", "ZeroDivisionError"});
  for (ScalarType dt : {ScalarType::Byte, ScalarType::Char, ScalarType::Short, ScalarType::Int})
    ref::expect_error([&] { remainder(a.to(dt), b.to(dt)); }, {"ZeroDivisionError"});
}

TEST(DivisionByZero, IntegerErrorChangesNothing) {
  // Large enough for several threads, with the zero near the end: nothing is written before
  // the error, in place or into out=.
  const int64_t n = 200000;
  Tensor a = ref::make<int32_t>({n}, [](int64_t i) { return static_cast<double>(i % 1000 + 5); });
  Tensor b = ref::make<int32_t>({n}, [&](int64_t i) { return i == n - 3 ? 0.0 : 2.0; });
  Tensor before = a.clone();
  EXPECT_THROW(a.div_(b, "floor"), Error);
  EXPECT_TRUE(equal(a, before));
  EXPECT_THROW(a.remainder_(b), Error);
  EXPECT_TRUE(equal(a, before));
  Tensor out = full({n}, 42, ScalarType::Int);
  EXPECT_THROW(fmod_out(out, a, b), Error);
  EXPECT_TRUE(equal(out, full({n}, 42, ScalarType::Int)));
}

TEST(DivisionByZero, FloatingGivesInfinityOrNaN) {
  Tensor a = make1d<double>({1, -1, 0, 1.5});
  Tensor z = make1d<double>({0, 0, 0, -0.0});
  expect_same_doubles(values<double>(div(a, z)), {kInf, -kInf, kNaN, -kInf});
  expect_same_doubles(values<double>(div(a, z, "trunc")), {kInf, -kInf, kNaN, -kInf});
  expect_same_doubles(values<double>(div(a, z, "floor")), {kInf, -kInf, kNaN, -kInf});
  expect_same_doubles(values<double>(remainder(a, z)), {kNaN, kNaN, kNaN, kNaN});
  expect_same_doubles(values<double>(fmod(a, z)), {kNaN, kNaN, kNaN, kNaN});
  // True division of integers by zero is a floating division: no error.
  Tensor q = div(make1d<int32_t>({1, -2, 0}), make1d<int32_t>({0, 0, 0}));
  EXPECT_EQ(q.dtype(), ScalarType::Float);
  expect_same_doubles(
      {static_cast<double>(values<float>(q)[0]), static_cast<double>(values<float>(q)[1]),
       static_cast<double>(values<float>(q)[2])},
      {kInf, -kInf, kNaN});
}

// ---- maximum / minimum ----------------------------------------------------------------------

template <typename T>
class MaxMinNaN : public ::testing::Test {};
using FloatTypes = ::testing::Types<float, double, Half, BFloat16>;
TYPED_TEST_SUITE(MaxMinNaN, FloatTypes);

TYPED_TEST(MaxMinNaN, PropagatesOnVectorPathTailsAndStrides) {
  // 100 elements: whole vectors and a tail for every capability; NaN in either operand,
  // at positions in the vector body and in the tail.
  const int64_t n = 100;
  auto a_val = [](int64_t i) { return i % 17 == 3 ? kNaN : static_cast<double>(i % 9) - 4; };
  auto b_val = [](int64_t i) {
    return i % 23 == 5 || i == 98 ? kNaN : static_cast<double>(i % 7) - 3;
  };
  Tensor a = ref::make<TypeParam>({n}, a_val), b = ref::make<TypeParam>({n}, b_val);
  Tensor strided_a = ref::restride(
      ref::make<TypeParam>({2 * n}, [&](int64_t i) { return a_val(i / 2); }), {n}, {2});
  for (const Tensor& x : {a, strided_a}) {
    Tensor mx = maximum(x, b), mn = minimum(x, b);
    for (int64_t i = 0; i < n; ++i) {
      const double p = a_val(i), q = b_val(i);
      const double got_max = static_cast<double>(values<TypeParam>(mx)[i]);
      const double got_min = static_cast<double>(values<TypeParam>(mn)[i]);
      if (std::isnan(p) || std::isnan(q)) {
        EXPECT_TRUE(std::isnan(got_max)) << i;
        EXPECT_TRUE(std::isnan(got_min)) << i;
      } else {
        EXPECT_EQ(got_max, std::max(p, q)) << i;
        EXPECT_EQ(got_min, std::min(p, q)) << i;
      }
    }
  }
  // A broadcast NaN poisons everything.
  Tensor nan = ref::make<TypeParam>({}, [](int64_t) { return kNaN; });
  for (TypeParam v : values<TypeParam>(maximum(a, nan)))
    EXPECT_TRUE(std::isnan(static_cast<double>(v)));
  for (TypeParam v : values<TypeParam>(minimum(nan, a)))
    EXPECT_TRUE(std::isnan(static_cast<double>(v)));
}

TYPED_TEST(MaxMinNaN, SignedZerosAreOrdered) {
  // -0 < +0 on the vector path and in the tails alike (IEEE maximum / minimum).
  const int64_t n = 67;
  Tensor a = ref::make<TypeParam>({n}, [](int64_t i) { return i % 2 ? -0.0 : 0.0; });
  Tensor b = ref::make<TypeParam>({n}, [](int64_t i) { return i % 2 ? 0.0 : -0.0; });
  for (TypeParam v : values<TypeParam>(maximum(a, b)))
    EXPECT_FALSE(std::signbit(static_cast<double>(v)));
  for (TypeParam v : values<TypeParam>(minimum(a, b)))
    EXPECT_TRUE(std::signbit(static_cast<double>(v)));
}

TEST(MaxMin, IntegersBoolAndErrors) {
  // int32 and int64 use the SIMD specialisations (AVX2, AVX-512) on 100 elements.
  for (ScalarType dt : {ScalarType::Int, ScalarType::Long, ScalarType::Char, ScalarType::Byte}) {
    Tensor a = ref::make<int64_t>({100}, [](int64_t i) {
                 return static_cast<double>((i * 37) % 101) - 50;
               }).to(dt);
    Tensor b = ref::make<int64_t>({100}, [](int64_t i) {
                 return static_cast<double>((i * 53) % 97) - 48;
               }).to(dt);
    Tensor mx = maximum(a, b).to(ScalarType::Long), mn = minimum(a, b).to(ScalarType::Long);
    const auto av = values<int64_t>(a.to(ScalarType::Long)),
               bv = values<int64_t>(b.to(ScalarType::Long));
    for (int64_t i = 0; i < 100; ++i) {
      EXPECT_EQ(values<int64_t>(mx)[i], std::max(av[i], bv[i])) << dt << " " << i;
      EXPECT_EQ(values<int64_t>(mn)[i], std::min(av[i], bv[i])) << dt << " " << i;
    }
  }
  Tensor t = make1d<bool>({0, 0, 1, 1}), f = make1d<bool>({0, 1, 0, 1});
  EXPECT_EQ(values<bool>(maximum(t, f)), (std::vector<bool>{false, true, true, true}));
  EXPECT_EQ(values<bool>(minimum(t, f)), (std::vector<bool>{false, false, false, true}));
  Tensor z = empty({2}, ScalarType::ComplexFloat);
  ref::expect_error([&] { maximum(z, z); },
                    {"maximum:", "maximum not implemented for complex tensors"});
  ref::expect_error(
      [&] {
        minimum(make1d<float>({1, 2}), z);
      },
      {"minimum not implemented for complex tensors"});
}

// ---- promotion of Scalar operands (wrapped numbers) -----------------------------------------

TEST(ScalarPromotion, WrappedNumbersRankBelowTensors) {
  Tensor i32 = make1d<int32_t>({1, 2});
  EXPECT_EQ((i32 + 2).dtype(), ScalarType::Int);
  EXPECT_EQ((i32 - 2.5).dtype(), ScalarType::Float);  // the default float dtype, not Double
  EXPECT_EQ((i32 * complex<double>(0, 1)).dtype(), ScalarType::ComplexFloat);
  EXPECT_EQ((i32 / 2).dtype(), ScalarType::Float);
  EXPECT_EQ(div(i32, 2, "floor").dtype(), ScalarType::Int);
  EXPECT_EQ(remainder(i32, 2).dtype(), ScalarType::Int);
  EXPECT_EQ(pow(i32, 2).dtype(), ScalarType::Int);
  EXPECT_EQ(pow(i32, 0.5).dtype(), ScalarType::Float);
  EXPECT_EQ(bitwise_and(i32, 3).dtype(), ScalarType::Int);
  // A Scalar out of the tensor's range wraps into its dtype (the wrapped Long is converted).
  Tensor i8 = make1d<int8_t>({1, 2});
  EXPECT_EQ((i8 * 1000).dtype(), ScalarType::Char);
  EXPECT_EQ(values<int8_t>(i8 * 1000), (std::vector<int8_t>{-24, -48}));
  Tensor u8 = make1d<uint8_t>({0, 5});
  EXPECT_EQ(values<uint8_t>(u8 - 1), (std::vector<uint8_t>{255, 4}));
  // Half stays Half with a Python float, Bool becomes Long with an int.
  Tensor h = make1d<Half>({1, 2});
  EXPECT_EQ((h * 2.5).dtype(), ScalarType::Half);
  EXPECT_EQ(values<Half>(h * 2.5)[1], Half(5.f));
  Tensor b = make1d<bool>({0, 1});
  EXPECT_EQ((b + 1).dtype(), ScalarType::Long);
  EXPECT_EQ(values<bool>(add(b, true)), (std::vector<bool>{true, true}));   // Bool + Bool: or
  EXPECT_EQ(values<bool>(mul(b, true)), (std::vector<bool>{false, true}));  // and
  // A 0-dim tensor ranks between: a 0-dim Double does not make a Float tensor Double, but a
  // 0-dim Float makes an Int tensor Float.
  Tensor f = make1d<float>({1, 2});
  EXPECT_EQ((f + ref::make<double>({}, [](int64_t) { return 1; })).dtype(), ScalarType::Float);
  EXPECT_EQ((i32 + ref::make<float>({}, [](int64_t) { return 1; })).dtype(), ScalarType::Float);
  // A wrapped number joins Meta tensors.
  Tensor m = empty({3}, TensorOptions(ScalarType::Short).device(kMeta));
  EXPECT_EQ((m * 2).dtype(), ScalarType::Short);
  EXPECT_EQ((m / 2).dtype(), ScalarType::Float);
  EXPECT_TRUE((m / 2).is_meta());
}

TEST(ScalarPromotion, InPlaceKeepsSelfsDtypeOrRefuses) {
  Tensor i32 = make1d<int32_t>({7, 9});
  i32.mul_(3);
  EXPECT_EQ(values<int32_t>(i32), (std::vector<int32_t>{21, 27}));
  // Float results cannot be written into an Int self.
  ref::expect_error([&] { i32.add_(0.5); },
                    {"result type Float can't be cast to the desired output type Int"});
  ref::expect_error([&] { i32.div_(2); },
                    {"result type Float can't be cast to the desired output type Int"});
  EXPECT_EQ(values<int32_t>(i32), (std::vector<int32_t>{21, 27}));
  Tensor f = make1d<float>({1, 2});
  f.sub_(1, 2);  // alpha
  EXPECT_EQ(values<float>(f), (std::vector<float>{-1.f, 0.f}));
}

// ---- alpha, sub, bitwise, logical -----------------------------------------------------------

TEST(AddSub, AlphaRulesAndBoolSubtraction) {
  Tensor i = make1d<int64_t>({1, 2}), j = make1d<int64_t>({10, 20});
  EXPECT_EQ(values<int64_t>(sub(i, j, 2)), (std::vector<int64_t>{-19, -38}));
  EXPECT_EQ(values<int64_t>(sub(i, 5)), (std::vector<int64_t>{-4, -3}));
  ref::expect_error([&] { sub(i, j, 0.5); },
                    {"sub.Tensor:", "alpha must not be a floating point number"});
  ref::expect_error([&] { add(i, j, true); }, {"Boolean alpha only supported for Boolean results"});
  Tensor b = make1d<bool>({0, 1});
  ref::expect_error([&] { sub(b, b); },
                    {"sub.Tensor:", "with two bool tensors is not supported", "logical_xor"});
  ref::expect_error([&] { sub(i, b); }, {"with a bool tensor is not supported", "logical_not"});
  ref::expect_error([&] { sub(b, 1); }, {"with a bool tensor is not supported"});
  // Complex alpha.
  Tensor z = empty({1}, ScalarType::ComplexDouble).fill_(complex<double>(1, 1));
  EXPECT_EQ(values<complex<double>>(add(z, z, complex<double>(0, 1)))[0], complex<double>(0, 2));
  EXPECT_EQ(values<complex<double>>(sub(z, z, complex<double>(0, 1)))[0], complex<double>(2, 0));
  // A complex alpha with real tensors is refused even when its imaginary part is 0, on CPU and on
  // Meta alike, as libtorch 1.13 refuses it.
  Tensor f = make1d<float>({1, 2});
  for (const Tensor& x : {f, empty({2}, TensorOptions().device(kMeta))}) {
    ref::expect_error([&] { add(x, x, complex<double>(2, 0)); },
                      {"add.Tensor:", "argument alpha must not be a complex number"});
    ref::expect_error([&] { sub(x, x, complex<double>(0.5, 1)); },
                      {"sub.Tensor:", "argument alpha must not be a complex number"});
  }
}

// ComplexHalf add / sub / mul as libtorch 1.13 computes them (expected values from it): each
// operation in float rounded to ComplexHalf, so add rounds alpha * other before the sum, even
// for alpha 1, where an infinite part of other meets alpha's 0 imaginary part (inf * 0 = NaN);
// a product is the schoolbook formula. A Scalar other is a ComplexHalf, alpha 1.
TEST(AddSubMul, ComplexHalfRoundsEachOperationAsATen) {
  using Z = std::complex<float>;
  const Tensor x = ref::complex_half({{1.f, 2.f}, {0.5f, -1.f}, {-3.f, 0.25f}, {0.1f, 0.7f}});
  const Tensor y = ref::complex_half({{0.3f, -2.5f}, {1.7f, 0.2f}, {2.9f, 2.9f}, {-0.35f, 1.1f}});
  ref::expect_complex_half(add(x, y, 3.3), {{1.990234375f, -6.25f},
                                            {6.11328125f, -0.33984375f},
                                            {6.5703125f, 9.8203125f},
                                            {-1.0556640625f, 4.328125f}});
  ref::expect_complex_half(x * y, {{5.30078125f, -1.900390625f},
                                   {1.0498046875f, -1.6005859375f},
                                   {-9.4296875f, -7.9765625f},
                                   {-0.80517578125f, -0.13525390625f}});
  ref::expect_complex_half(sub(x, y), {{0.7001953125f, 4.5f},
                                       {-1.2001953125f, -1.2001953125f},
                                       {-5.8984375f, -2.650390625f},
                                       {0.4501953125f, -0.3994140625f}});
  ref::expect_complex_half(x * 1.7, {{1.7001953125f, 3.400390625f},
                                     {0.85009765625f, -1.7001953125f},
                                     {-5.1015625f, 0.425048828125f},
                                     {0.169921875f, 1.1904296875f}});

  const float inf = INFINITY, nan = NAN;
  const Tensor a = ref::complex_half({{inf, 0.f}, {1.f, 2.f}, {0.f, inf}});
  const Tensor b = ref::complex_half({{inf, 0.f}, {inf, 0.f}, {2.f, 1.f}});
  ref::expect_complex_half(a + b, {{inf, nan}, {inf, nan}, {2.f, inf}});
  ref::expect_complex_half(add(a, b, 2), {{inf, nan}, {inf, nan}, {4.f, inf}});
  ref::expect_complex_half(a - b, {{nan, nan}, {-inf, nan}, {-2.f, inf}});
  ref::expect_complex_half(a * b, {{inf, nan}, {inf, inf}, {-inf, inf}});
  ref::expect_complex_half(a + 1, {{inf, 0.f}, {2.f, 2.f}, {1.f, inf}});
  ref::expect_complex_half(a * 2, {{inf, nan}, {2.f, 4.f}, {nan, inf}});

  // A Half tensor with a complex number, ATen's `half + 1j`; in place and out= of other dtypes.
  Tensor h = make1d<Half>({0.5, -1.25});
  ref::expect_complex_half(h + Z(0.f, 1.f), {{0.5f, 1.f}, {-1.25f, 1.f}});
  Tensor zh = ref::complex_half({{1.f, 1.f}, {2.f, -2.f}});
  zh.add_(h);
  ref::expect_complex_half(zh, {{1.5f, 1.f}, {0.75f, -2.f}});
  Tensor out = empty({0}, ScalarType::ComplexFloat);
  add_out(out, zh, zh);
  EXPECT_EQ(values<complex<float>>(out), (std::vector<complex<float>>{{3.f, 2.f}, {1.5f, -4.f}}));
  ref::expect_error([&] { h.add_(Z(0.f, 1.f)); }, {"ComplexHalf", "Half"});
  ref::expect_error([&] { add(zh, zh, 1e5); }, {"cannot be converted to type ComplexHalf"});
  // With a wider dtype, the wider complex one; the other ops are not implemented for it.
  EXPECT_EQ((zh * make1d<float>({1, 2})).dtype(), ScalarType::ComplexFloat);
  ref::expect_error([&] { div(zh, zh); }, {"\"div\" not implemented for 'ComplexHalf'"});
}

TEST(Bitwise, IntegralAndBoolOnly) {
  Tensor a = make1d<int32_t>({0b1100, -1}), b = make1d<int32_t>({0b1010, 5});
  EXPECT_EQ(values<int32_t>(a & b), (std::vector<int32_t>{0b1000, 5}));
  EXPECT_EQ(values<int32_t>(a | b), (std::vector<int32_t>{0b1110, -1}));
  EXPECT_EQ(values<int32_t>(a ^ b), (std::vector<int32_t>{0b0110, -6}));
  Tensor t = make1d<bool>({0, 0, 1, 1}), f = make1d<bool>({0, 1, 0, 1});
  EXPECT_EQ(values<bool>(bitwise_xor(t, f)), (std::vector<bool>{false, true, true, false}));
  EXPECT_EQ(bitwise_or(t, 2).dtype(), ScalarType::Long);
  ref::expect_error([&] { bitwise_and(make1d<float>({1}), make1d<float>({1})); },
                    {"bitwise_and.Tensor:", "\"bitwise_and\" not implemented for 'Float'"});
  ref::expect_error([&] { bitwise_or(a, 1.5); }, {"\"bitwise_or\" not implemented for 'Float'"});
}

TEST(Logical, AnyDtypeToBoolOrOutsDtype) {
  Tensor a = make1d<float>({0, 2, kNaN, 0}), b = make1d<int32_t>({0, 0, 3, 7});
  EXPECT_EQ(logical_and(a, b).dtype(), ScalarType::Bool);
  EXPECT_EQ(values<bool>(logical_and(a, b)),
            (std::vector<bool>{false, false, true, false}));  // NaN is true
  EXPECT_EQ(values<bool>(logical_or(a, b)), (std::vector<bool>{false, true, true, true}));
  EXPECT_EQ(values<bool>(logical_xor(a, b)), (std::vector<bool>{false, true, false, true}));
  Tensor z = empty({2}, ScalarType::ComplexFloat).fill_(complex<float>(0, 1));
  EXPECT_EQ(values<bool>(logical_and(z, make1d<bool>({1, 0}))), (std::vector<bool>{true, false}));
  // out= of another dtype gets 1 / 0, in place keeps self's dtype.
  Tensor out = empty({0}, ScalarType::Double);
  logical_or_out(out, a, b);
  EXPECT_EQ(values<double>(out), (std::vector<double>{0, 1, 1, 1}));
  Tensor self = make1d<int64_t>({5, 0, 5});
  self.logical_xor_(make1d<float>({1, 1, 0}));
  EXPECT_EQ(self.dtype(), ScalarType::Long);
  EXPECT_EQ(values<int64_t>(self), (std::vector<int64_t>{0, 1, 1}));
}

// ---- errors name the op, the argument and the shapes ----------------------------------------

TEST(BinaryErrors, ShapesDtypesAndOps) {
  Tensor a = make1d<float>({1, 2}), b = make1d<float>({1, 2, 3});
  ref::expect_error([&] { sub(a, b); }, {"sub.Tensor:", "[2]", "[3]"});
  ref::expect_error([&] { div(a, b); }, {"div.Tensor:", "[2]", "[3]"});
  ref::expect_error([&] { atan2(a, b); }, {"atan2:", "[2]", "[3]"});
  ref::expect_error([&] { hypot(make1d<int32_t>({1}), make1d<int32_t>({1})); },
                    {"hypot:", "\"hypot\" not implemented for 'Int'"});
  ref::expect_error([&] { atan2(empty({1}, ScalarType::ComplexFloat), a); },
                    {"\"atan2\" not implemented for 'ComplexFloat'"});
  Tensor int_out = empty({2}, ScalarType::Int);
  ref::expect_error([&] { div_out(int_out, a, a); },
                    {"div.out:", "result type Float can't be cast to the desired output type Int"});
  // In place into a smaller self: an error, self unchanged.
  Tensor small = make1d<float>({5});
  ref::expect_error([&] { small.mul_(a); }, {"mul_.Tensor:"});
  EXPECT_EQ(values<float>(small), (std::vector<float>{5.f}));
}

TEST(Atan2Hypot, ValuesAndPromotion) {
  Tensor y = make1d<double>({1, -1, 0, -0.0, 3}), x = make1d<double>({1, -1, -1, -1, 4});
  const auto r = values<double>(atan2(y, x));
  EXPECT_DOUBLE_EQ(r[0], M_PI / 4);
  EXPECT_DOUBLE_EQ(r[1], -3 * M_PI / 4);
  EXPECT_DOUBLE_EQ(r[2], M_PI);
  EXPECT_DOUBLE_EQ(r[3], -M_PI);
  EXPECT_EQ(values<double>(hypot(y, x))[4], 5.0);
  EXPECT_EQ(atan2(make1d<int32_t>({1}), make1d<int32_t>({1})).dtype(), ScalarType::Float);
  // hypot does not overflow where the squares would.
  EXPECT_FLOAT_EQ(values<float>(hypot(make1d<float>({3e30f}), make1d<float>({4e30f})))[0], 5e30f);
}
