// Binary pointwise ops: the ATen semantics the manifest suite cannot express — rounding modes
// on negative operands, remainder/fmod signs, division by zero, pow's special cases, NaN in
// maximum/minimum, type promotion of Scalar operands, and errors naming op, argument, shapes.
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/add.h>
#include <aten/ops/addcdiv.h>
#include <aten/ops/addcmul.h>
#include <aten/ops/atan2.h>
#include <aten/ops/bitwise_and.h>
#include <aten/ops/bitwise_or.h>
#include <aten/ops/bitwise_xor.h>
#include <aten/ops/div.h>
#include <aten/ops/empty.h>
#include <aten/ops/equal.h>
#include <aten/ops/fmod.h>
#include <aten/ops/full.h>
#include <aten/ops/hypot.h>
#include <aten/ops/lerp.h>
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
#include <limits>
#include <vector>

#include "Reference.h"

using namespace aten;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// Every element of t in C order, read as T.
template <typename T>
std::vector<T> values(const Tensor& t) {
  std::vector<T> v;
  ref::for_each_index(t.sizes(),
                      [&](const std::vector<int64_t>& idx) { v.push_back(ref::get<T>(t, idx)); });
  return v;
}

// A 1-d tensor of dtype T holding vs.
template <typename T>
Tensor make1d(const std::vector<double>& vs) {
  return ref::make<T>({static_cast<int64_t>(vs.size())}, [&](int64_t i) { return vs[i]; });
}

// Every element of t in C order, converted to double whatever t's dtype.
std::vector<double> as_doubles(const Tensor& t) { return values<double>(t.to(ScalarType::Double)); }

// The same values exactly, NaN matching NaN and zeros matching in sign.
void expect_same_doubles(const std::vector<double>& got, const std::vector<double>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(want[i])) {
      EXPECT_TRUE(std::isnan(got[i])) << "at " << i << ": " << got[i];
    } else {
      EXPECT_EQ(got[i], want[i]) << "at " << i;
      EXPECT_EQ(std::signbit(got[i]), std::signbit(want[i])) << "sign of zero at " << i;
    }
  }
}

}  // namespace

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

// Regression (reliability suite): x ** 0.5 is sqrt(x) and x ** -0.5 is 1 / sqrt(x) in ATen,
// not pow's answer on -inf and -0. Values printed by libtorch 1.13.1 (Float and Double).
TEST(Pow, HalfExponentsAreSqrtAsATen) {
  for (ScalarType dt : {ScalarType::Float, ScalarType::Double}) {
    const Tensor x = make1d<double>({-kInf, -0.0, kInf, 0}).to(dt);
    expect_same_doubles(as_doubles(pow(x, 0.5)), {kNaN, -0.0, kInf, 0});
    expect_same_doubles(as_doubles(pow(x, -0.5)), {kNaN, -kInf, 0, kInf});
    expect_same_doubles(as_doubles(pow(x, 2.5)), {kInf, 0, kInf, 0});
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

// ---- pow ------------------------------------------------------------------------------------

TEST(Pow, SpecialExponents) {
  Tensor x = make1d<double>({-2, 0, -0.0, 4, kNaN, -kInf, kInf});
  expect_same_doubles(values<double>(pow(x, 0)), {1, 1, 1, 1, 1, 1, 1});  // NaN ** 0 is 1
  expect_same_doubles(values<double>(pow(x, 1)), {-2, 0, -0.0, 4, kNaN, -kInf, kInf});
  expect_same_doubles(values<double>(pow(x, 2)), {4, 0, 0, 16, kNaN, kInf, kInf});
  expect_same_doubles(values<double>(pow(x, 3)), {-8, 0, -0.0, 64, kNaN, -kInf, kInf});
  // 0.5 is sqrt (ATen's choice): sqrt(-0) is -0, sqrt(-inf) is NaN where pow would give +0, inf.
  expect_same_doubles(values<double>(pow(x, 0.5)), {kNaN, 0, -0.0, 2, kNaN, kNaN, kInf});
  expect_same_doubles(values<double>(pow(x, -1)), {-0.5, kInf, -kInf, 0.25, kNaN, -0.0, 0});
  expect_same_doubles(values<double>(pow(x, -2)), {0.25, kInf, kInf, 0.0625, kNaN, 0, 0});
  expect_same_doubles(values<double>(pow(x, -0.5)), {kNaN, kInf, -kInf, 0.5, kNaN, kNaN, 0});
  // Any other exponent goes to pow: a negative base to a fractional power is NaN.
  EXPECT_TRUE(std::isnan(values<double>(pow(x, 1.0 / 3))[0]));
  EXPECT_NEAR(values<double>(pow(x, 2.5))[3], 32.0, 1e-12);
  // The same values through a tensor exponent.
  Tensor e = make1d<double>({3, 0, 2, 0.5, 0, 2, -1});
  expect_same_doubles(values<double>(pow(x, e)), {-8, 1, 0, 2, 1, kInf, 0});
}

TEST(Pow, IntegerExponents) {
  Tensor base = make1d<int64_t>({2, -3, 0, 1, -1, 7});
  EXPECT_EQ(values<int64_t>(pow(base, 3)), (std::vector<int64_t>{8, -27, 0, 1, -1, 343}));
  EXPECT_EQ(values<int64_t>(pow(base, 0)), (std::vector<int64_t>{1, 1, 1, 1, 1, 1}));
  EXPECT_EQ(values<int64_t>(pow(base, 21)),
            (std::vector<int64_t>{2097152, -10460353203, 0, 1, -1, 558545864083284007}));
  // A negative Scalar exponent of an integer tensor is refused, as in ATen...
  ref::expect_error([&] { pow(base, -1); },
                    {"pow.Tensor_Scalar:", "Integers to negative integer powers are not allowed"});
  ref::expect_error([&] { make1d<bool>({1}).pow_(-2); }, {"Integers to negative integer powers"});
  // ... but a floating one promotes to Float, and a tensor exponent gives 1 / base ** |e|
  // truncated: 1 for base 1, +-1 for base -1, 0 otherwise.
  EXPECT_EQ(pow(base, -1.0).dtype(), ScalarType::Float);
  Tensor e = make1d<int64_t>({-1, -2, -1, -5, -3, -2});
  EXPECT_EQ(values<int64_t>(pow(base, e)), (std::vector<int64_t>{0, 0, 0, 1, -1, 0}));
  EXPECT_EQ(values<int64_t>(pow(make1d<int64_t>({-1}), make1d<int64_t>({-4}))),
            (std::vector<int64_t>{1}));
  // Overflow wraps (two's complement), as the repeated products do in int32.
  EXPECT_EQ(values<int32_t>(pow(make1d<int32_t>({3}), 21)),
            (std::vector<int32_t>{static_cast<int32_t>(static_cast<uint32_t>(10460353203ULL))}));
  // uint8 too.
  EXPECT_EQ(values<uint8_t>(pow(make1d<uint8_t>({3}), make1d<uint8_t>({5}))),
            (std::vector<uint8_t>{243}));
}

TEST(Pow, ScalarBase) {
  Tensor e = make1d<float>({0, 1, 2, -1, kNaN, kInf});
  Tensor r = pow(2, e);
  EXPECT_EQ(r.dtype(), ScalarType::Float);
  const auto rv = values<float>(r);
  expect_same_doubles({rv.begin(), rv.end()}, {1, 2, 4, 0.5, kNaN, kInf});
  // 1 ** anything is 1, NaN and infinity included.
  Tensor one = pow(1, e);
  EXPECT_EQ(values<float>(one), (std::vector<float>(6, 1.f)));
  // An integer tensor exponent with a floating base promotes to Float; with an int base it
  // stays integral.
  Tensor ie = make1d<int32_t>({0, 3});
  EXPECT_EQ(pow(2.5, ie).dtype(), ScalarType::Float);
  EXPECT_NEAR(values<float>(pow(2.5, ie))[1], 15.625f, 1e-5);
  EXPECT_EQ(pow(2, ie).dtype(), ScalarType::Int);
  EXPECT_EQ(values<int32_t>(pow(2, ie)), (std::vector<int32_t>{1, 8}));
  Tensor out = empty({0}, ScalarType::Double);
  pow_out(out, 3, ie);
  EXPECT_EQ(values<double>(out), (std::vector<double>{1, 27}));
}

TEST(Pow, ComplexAndReducedFloat) {
  Tensor z = empty({1}, ScalarType::ComplexDouble).fill_(complex<double>(0, 1));
  const auto sq = values<complex<double>>(pow(z, 2))[0];  // i * i
  EXPECT_EQ(sq, complex<double>(-1, 0));
  const auto root = values<complex<double>>(pow(z, 0.5))[0];
  EXPECT_NEAR(root.real(), std::sqrt(0.5), 1e-15);
  EXPECT_NEAR(root.imag(), std::sqrt(0.5), 1e-15);
  Tensor h = make1d<BFloat16>({3});
  EXPECT_EQ(static_cast<float>(values<BFloat16>(pow(h, 2))[0]), 9.f);
  EXPECT_EQ(pow(h, 2).dtype(), ScalarType::BFloat16);
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

// ---- lerp, addcmul, addcdiv -----------------------------------------------------------------

TEST(Lerp, ExactAtTheEndsAndSameDtypeOnly) {
  Tensor s = make1d<float>({1.1f, -3.7f, 1e30f}), e = make1d<float>({2.3f, 5.9f, -1e30f});
  EXPECT_EQ(values<float>(lerp(s, e, 0)), values<float>(s));
  EXPECT_EQ(values<float>(lerp(s, e, 1)), values<float>(e));
  Tensor w = make1d<float>({0, 1, 0.25f});
  const auto r = values<float>(lerp(s, e, w));
  EXPECT_EQ(r[0], 1.1f);
  EXPECT_EQ(r[1], 5.9f);
  EXPECT_FLOAT_EQ(r[2], 5e29f);
  ref::expect_error(
      [&] {
        lerp(s, make1d<double>({1, 2, 3}), 0.5);
      },
      {"lerp.Scalar:", "expected dtype Float for `end` but got dtype Double"});
  ref::expect_error(
      [&] {
        lerp(s, e, make1d<double>({1, 2, 3}));
      },
      {"for `weight` but got dtype Double"});
  ref::expect_error([&] { lerp(make1d<int32_t>({1}), make1d<int32_t>({2}), 1); },
                    {"\"lerp\" not implemented for 'Int'"});
}

// Regression (reliability suite): the manifest references computed these in double. ATen's
// lerp switches form at |w| = 1/2, and the far form turns an infinite end into inf - inf.
// Values printed by libtorch 1.13.1's torch::lerp (Float and Double alike).
TEST(Lerp, InfinitiesAsATen) {
  for (ScalarType dt : {ScalarType::Float, ScalarType::Double}) {
    const Tensor s = make1d<double>({1.5, 1.5, kInf, kInf, -kInf}).to(dt);
    const Tensor e = make1d<double>({kInf, -kInf, 1.5, 1.5, 0}).to(dt);
    expect_same_doubles(as_doubles(lerp(s, e, 0.3)), {kInf, -kInf, kNaN, kNaN, kNaN});
    expect_same_doubles(as_doubles(lerp(s, e, 0.75)), {kNaN, kNaN, kInf, kInf, -kInf});
    const Tensor w = make1d<double>({0.3, 0.75, 0.3, 0.75, kNaN}).to(dt);
    expect_same_doubles(as_doubles(lerp(s, e, w)), {kInf, kNaN, kNaN, kInf, kNaN});
  }
}

// Regression (reliability suite): value * tensor1 / tensor2 is evaluated left to right in Float,
// so its intermediates underflow and overflow there (the reference had computed in double).
// Values printed by libtorch 1.13.1's torch::addcdiv(s, a, b, 0.5) on Float.
TEST(Addc, AddcdivIntermediatesInTheOpsDtype) {
  const double tiny = std::numeric_limits<float>::denorm_min();
  const Tensor s = make1d<float>({tiny, 0, 1, kInf, -kInf, 1});
  const Tensor a = make1d<float>({tiny, tiny, tiny, -1.5, 1, tiny});
  const Tensor b = make1d<float>({tiny, tiny, tiny, tiny, tiny, 0});
  expect_same_doubles(as_doubles(addcdiv(s, a, b, 0.5)), {tiny, 0, 1, kNaN, kNaN, kNaN});
  // Double has the range for all of it.
  expect_same_doubles(as_doubles(addcdiv(s.to(ScalarType::Double), a.to(ScalarType::Double),
                                         b.to(ScalarType::Double), 0.5)),
                      {0.5 + tiny, 0.5, 1.5, kInf, -kInf, kInf});
}

TEST(Addc, ValueAndIntegerDivisionRefused) {
  Tensor s = make1d<double>({1, 2}), a = make1d<double>({3, 4}), b = make1d<double>({2, 8});
  EXPECT_EQ(values<double>(addcmul(s, a, b, 0.5)), (std::vector<double>{4, 18}));
  EXPECT_EQ(values<double>(addcdiv(s, a, b, 2)), (std::vector<double>{4, 3}));
  Tensor i = make1d<int64_t>({1, 2});
  EXPECT_EQ(values<int64_t>(addcmul(i, i, i, 3)), (std::vector<int64_t>{4, 14}));
  ref::expect_error([&] { addcdiv(s, i, i); },
                    {"addcdiv:", "Integer division with addcdiv is no longer supported"});
  EXPECT_EQ(addcdiv(i, i, a).dtype(), ScalarType::Double);  // one floating operand is enough
  ref::expect_error([&] { s.addcmul_(make1d<double>({1, 2, 3}), a); }, {"addcmul_:", "[3]", "[2]"});
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
