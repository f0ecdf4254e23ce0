// The ops of aten/native/UnaryOps.cpp, what the manifest suite cannot say about them: special
// values (NaN, +-inf, +-0) of every floating op against C++'s std:: (relu, silu and gelu of
// Activation.cpp among them), rounding half to even, round.decimals, sign and sgn of NaN / -0 /
// complex, abs of complex, nan_to_num's defaults, and ATen's error messages. Values that differ
// from ATen 1.13 nowhere; each case says what libtorch 1.13.1 gives where that is not obvious.
#include <aten/Factories.h>
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/abs.h>
#include <aten/ops/acos.h>
#include <aten/ops/asin.h>
#include <aten/ops/atan.h>
#include <aten/ops/bitwise_not.h>
#include <aten/ops/ceil.h>
#include <aten/ops/contiguous.h>
#include <aten/ops/cos.h>
#include <aten/ops/cosh.h>
#include <aten/ops/empty.h>
#include <aten/ops/erf.h>
#include <aten/ops/erfc.h>
#include <aten/ops/exp.h>
#include <aten/ops/exp2.h>
#include <aten/ops/expm1.h>
#include <aten/ops/floor.h>
#include <aten/ops/frac.h>
#include <aten/ops/full.h>
#include <aten/ops/gelu.h>
#include <aten/ops/log.h>
#include <aten/ops/log10.h>
#include <aten/ops/log1p.h>
#include <aten/ops/log2.h>
#include <aten/ops/logical_not.h>
#include <aten/ops/max.h>
#include <aten/ops/min.h>
#include <aten/ops/nan_to_num.h>
#include <aten/ops/neg.h>
#include <aten/ops/reciprocal.h>
#include <aten/ops/relu.h>
#include <aten/ops/round.h>
#include <aten/ops/rsqrt.h>
#include <aten/ops/sgn.h>
#include <aten/ops/sigmoid.h>
#include <aten/ops/sign.h>
#include <aten/ops/silu.h>
#include <aten/ops/sin.h>
#include <aten/ops/sinh.h>
#include <aten/ops/sqrt.h>
#include <aten/ops/std.h>
#include <aten/ops/t.h>
#include <aten/ops/tan.h>
#include <aten/ops/tanh.h>
#include <aten/ops/to.h>
#include <aten/ops/trunc.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <complex>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "DtypeShorthands.h"
#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using ref::expect_error;
using ref::kInf, ref::kNaN, ref::of, ref::same;
using ref::u1, ref::i1, ref::i4, ref::i8, ref::f2, ref::bf, ref::f4, ref::f8, ref::c4, ref::c8;

namespace {

// The values every floating op meets here: the special ones and a few ordinary ones.
const std::vector<double> kSpecials = {kNaN,   kInf,  -kInf,  0.0,   -0.0,   1.0,  -1.0,  0.5,
                                       -0.5,   2.5,   -2.5,   1e-30, -1e-30, 1e30, -1e30, 100.0,
                                       -100.0, 1e-40, -1e-40, 0.75,  -0.999, 3.0};

// Copies of the specials enough times that the vector loop (two vectors per step) sees them
// all, then a tail the scalar loop finishes: 7 x 22 = 154 elements.
template <typename T>
Tensor specials_tensor() {
  const int64_t n = static_cast<int64_t>(kSpecials.size());
  return ref::make<T>({7 * n}, [&](int64_t i) { return kSpecials[i % n]; });
}

// got and want agree: both NaN; or equal (zeros with the same sign); or within ulps of T
// relative to want.
template <typename T>
::testing::AssertionResult same_value(T got, double want, double ulps) {
  const bool ok = [&] {
    if (std::isnan(want)) return std::isnan(got);
    if (std::isnan(got)) return false;
    if (want == 0 || std::isinf(want) || got == 0)
      return static_cast<double>(got) == want && std::signbit(got) == std::signbit(want);
    // Below the normal range precision is lost gradually (silu(-100) in float goes through
    // sigmoid(-100) = 3.7e-44, a denormal): there the error is measured against the smallest
    // normal value.
    const double scale = std::max(std::fabs(want),
                                  static_cast<double>(std::numeric_limits<T>::min()));
    return std::fabs(static_cast<double>(got) - want) <=
           ulps * std::numeric_limits<T>::epsilon() * scale;
  }();
  if (ok) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "got " << static_cast<double>(got) << ", want " << want;
}

// op on specials_tensor<T>, contiguous (vector loop and tail) and every other element (scalar
// loop), against want computed in double from each input's T value, rounded to T.
template <typename T>
void check_specials(const char* name, const std::function<Tensor(const Tensor&)>& op,
                    const std::function<double(double)>& want, double ulps) {
  const Tensor x = specials_tensor<T>();
  const Tensor strided = x.slice(0, 0, x.numel(), 2);
  for (const Tensor& in : {x, strided}) {
    const Tensor r = op(in);
    ASSERT_EQ(r.scalar_type(), scalar_type_of<T>) << name;
    ASSERT_EQ(r.sizes(), in.sizes()) << name;
    for (int64_t i = 0; i < in.numel(); ++i) {
      const T a = ref::get<T>(in, {i});
      const double w = static_cast<double>(static_cast<T>(want(static_cast<double>(a))));
      EXPECT_TRUE(same_value(ref::get<T>(r, {i}), w, ulps))
          << name << "(" << static_cast<double>(a) << ") [" << scalar_type_of<T> << ", index " << i
          << (in.is_contiguous() ? ", contiguous]" : ", strided]");
    }
  }
}

double sigmoid_ref(double x) {
  return x >= 0 ? 1 / (1 + std::exp(-x)) : std::exp(x) / (1 + std::exp(x));
}

template <typename T>
void check_all_specials() {
  // Sleef's bounds are 1 ULP (erfc 1.5); the scalar loop is closer. 4 leaves room for the
  // rounding of want to T.
  const double u = 4;
#define ATEN_SPECIAL(op, fn) \
  check_specials<T>(         \
      #op, [](const Tensor& t) { return aten::op(t); }, fn, u)
  ATEN_SPECIAL(exp, [](double x) { return std::exp(x); });
  ATEN_SPECIAL(exp2, [](double x) { return std::exp2(x); });
  ATEN_SPECIAL(expm1, [](double x) { return std::expm1(x); });
  ATEN_SPECIAL(log, [](double x) { return std::log(x); });
  ATEN_SPECIAL(log2, [](double x) { return std::log2(x); });
  ATEN_SPECIAL(log10, [](double x) { return std::log10(x); });
  ATEN_SPECIAL(log1p, [](double x) { return std::log1p(x); });
  ATEN_SPECIAL(sin, [](double x) { return std::sin(x); });
  ATEN_SPECIAL(cos, [](double x) { return std::cos(x); });
  ATEN_SPECIAL(tan, [](double x) { return std::tan(x); });
  ATEN_SPECIAL(asin, [](double x) { return std::asin(x); });
  ATEN_SPECIAL(acos, [](double x) { return std::acos(x); });
  ATEN_SPECIAL(atan, [](double x) { return std::atan(x); });
  ATEN_SPECIAL(sinh, [](double x) { return std::sinh(x); });
  ATEN_SPECIAL(cosh, [](double x) { return std::cosh(x); });
  ATEN_SPECIAL(tanh, [](double x) { return std::tanh(x); });
  ATEN_SPECIAL(sigmoid, sigmoid_ref);
  ATEN_SPECIAL(erf, [](double x) { return std::erf(x); });
  ATEN_SPECIAL(erfc, [](double x) { return std::erfc(x); });
  ATEN_SPECIAL(sqrt, [](double x) { return std::sqrt(x); });
  ATEN_SPECIAL(rsqrt, [](double x) { return 1 / std::sqrt(x); });
  ATEN_SPECIAL(reciprocal, [](double x) { return 1 / x; });
  ATEN_SPECIAL(neg, [](double x) { return -x; });
  ATEN_SPECIAL(abs, [](double x) { return std::fabs(x); });
  ATEN_SPECIAL(floor, [](double x) { return std::floor(x); });
  ATEN_SPECIAL(ceil, [](double x) { return std::ceil(x); });
  ATEN_SPECIAL(trunc, [](double x) { return std::trunc(x); });
  ATEN_SPECIAL(round, [](double x) { return std::nearbyint(x); });
  // inf - trunc(inf) is NaN; -0.5 - -0 is -0.5; -0 - -0 is +0.
  ATEN_SPECIAL(frac, [](double x) { return x - std::trunc(x); });
  // ATen 1.13: (0 < x) - (x < 0), so NaN and -0 give +0.
  ATEN_SPECIAL(sign, [](double x) { return static_cast<double>((0 < x) - (x < 0)); });
  ATEN_SPECIAL(sgn, [](double x) { return static_cast<double>((0 < x) - (x < 0)); });
  // relu is clamp_min(x, 0): x itself unless below 0, so relu(-0) is -0 as in ATen.
  ATEN_SPECIAL(relu, [](double x) { return x < 0 ? 0.0 : x; });
  ATEN_SPECIAL(silu, [](double x) { return x * sigmoid_ref(x); });
#undef ATEN_SPECIAL
  // gelu: in double, the argument -x / sqrt(2) is rounded before erfc, whose slope then
  // magnifies that rounding (by 2y at y = 1.77, gelu(-2.5)); float's own formula is within 3.81
  // ULP (test_activation.cpp): a few ULP more.
  check_specials<T>(
      "gelu", [](const Tensor& t) { return aten::gelu(t); },
      [](double x) { return 0.5 * x * std::erfc(-x / std::sqrt(2.0)); }, 4 * u);
  check_specials<T>(
      "gelu_tanh", [](const Tensor& t) { return aten::gelu(t, "tanh"); },
      [](double x) {
        const double k = std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x);
        return x / (1 + std::exp(-2 * k));
      },
      4 * u);
}

}  // namespace

// Every floating op on NaN, +-inf, +-0, tiny and huge values matches C++'s std:: (and the
// sign of a zero result matches too), in the vector loop, its tail and the scalar loop.
TEST(UnarySpecialValues, FloatMatchesStd) { check_all_specials<float>(); }
TEST(UnarySpecialValues, DoubleMatchesStd) { check_all_specials<double>(); }

// sinh and cosh where e^|x| overflows but the result does not (Sleef's return inf there).
TEST(UnarySpecialValues, SinhCoshNearOverflow) {
  for (double x : {88.9, -89.2, 89.4}) {
    EXPECT_TRUE(
        same_value(aten::sinh(full({40}, x, f4)).data_ptr<float>()[0],
                   static_cast<float>(std::sinh(static_cast<double>(static_cast<float>(x)))), 2));
    EXPECT_TRUE(
        same_value(aten::cosh(full({40}, x, f4)).data_ptr<float>()[39],
                   static_cast<float>(std::cosh(static_cast<double>(static_cast<float>(x)))), 2));
  }
  for (double x : {709.9, -710.3}) {
    EXPECT_TRUE(same_value(aten::sinh(full({40}, x, f8)).data_ptr<double>()[3], std::sinh(x), 4));
    EXPECT_TRUE(same_value(aten::cosh(full({3}, x, f8)).data_ptr<double>()[1], std::cosh(x), 4));
  }
  EXPECT_TRUE(std::isinf(aten::sinh(full({20}, 89.5, f4)).data_ptr<float>()[0]));
}

TEST(UnaryRound, HalfToEven) {
  const std::vector<double> in = {0.5, 1.5, 2.5, 3.5, -0.5, -1.5, -2.5, 0.49999997, 8388609, -0.7};
  const std::vector<double> want = {0, 2, 2, 4, -0.0, -2, -2, 0, 8388609, -1};
  for (ScalarType dtype : {f4, f8}) {
    for (int64_t copies : {1, 8}) {  // scalar loop, then mostly vector loop
      Tensor x = empty({copies * 10}, dtype);
      for (int64_t i = 0; i < x.numel(); ++i) ref::write_double(x, {i}, in[i % 10]);
      Tensor r = aten::round(x);
      for (int64_t i = 0; i < x.numel(); ++i) {
        const double got = ref::read_double(r, {i});
        EXPECT_EQ(got, want[i % 10]) << in[i % 10] << " " << dtype;
        EXPECT_EQ(std::signbit(got), std::signbit(want[i % 10])) << in[i % 10];
      }
    }
  }
  // Integers are returned as they are.
  Tensor i = of(i4, {-3, 7, 0});
  EXPECT_TRUE(same(aten::round(i), i));
}

TEST(UnaryRound, Decimals) {
  // libtorch 1.13.1 in double: round(x * 100) / 100 (half to even on the scaled value, so
  // 1.005 -> 1 since 1.005 * 100 = 100.49999999999999).
  Tensor d = tensor({0.125, 0.375, 1.005, 2.675, -0.125, 1234.5678, 1e30, 0.5, 1.5, 2.5});
  d = d.to(f8);
  const std::vector<double> two = {0.12, 0.38, 1, 2.68, -0.12, 1234.57, 1e30, 0.5, 1.5, 2.5};
  Tensor r = aten::round(d, 2);
  for (int64_t i = 0; i < 10; ++i) EXPECT_DOUBLE_EQ(r.data_ptr<double>()[i], two[i]) << i;
  // Negative decimals round to tens, hundreds, ... (1250 -> 12.5 -> 12 -> 1200: half to even).
  Tensor h = aten::round(tensor({1234.5678, 1250.0, 1350.0, -49.0}).to(f8), -2);
  EXPECT_EQ(std::vector<double>(h.data_ptr<double>(), h.data_ptr<double>() + 4),
            (std::vector<double>{1200, 1200, 1400, -0.0}));
  // In float the scaling is done in float: 2.675f * 100 rounds to 267.5, then to even 268.
  Tensor f = aten::round(tensor({2.675f, 0.125f, 1.005f}), 2);
  EXPECT_FLOAT_EQ(f.data_ptr<float>()[0], 2.68f);
  EXPECT_FLOAT_EQ(f.data_ptr<float>()[1], 0.12f);
  // 10^decimals overflowing the dtype gives NaN, as in ATen (inf / inf).
  EXPECT_TRUE(std::isnan(aten::round(tensor({1.5f}), 40).data_ptr<float>()[0]));
  EXPECT_TRUE(std::isnan(aten::round(tensor({1.5}), 400).data_ptr<double>()[0]));
  EXPECT_DOUBLE_EQ(aten::round(tensor({1.5}), 40).data_ptr<double>()[0], 1.5);
  // out= and in place, and the vector loop.
  Tensor big = full({100}, 0.125, f8), out = empty({0}, f8);
  aten::round_out(out, big, 2);
  EXPECT_EQ(out.data_ptr<double>()[99], 0.12);
  big.round_(1);
  EXPECT_EQ(big.data_ptr<double>()[50], 0.1);
  // Floating dtypes only (libtorch: "round_cpu" not implemented for 'Long').
  expect_error([] { aten::round(of(i8, {1, 2}), 2); }, {"\"round\" not implemented for 'Long'"});
  expect_error([] { aten::round(of(i8, {1, 2}), 0); }, {"\"round\" not implemented for 'Long'"});
}

TEST(UnarySign, RealAndComplex) {
  EXPECT_TRUE(same(aten::sign(of(i1, {-128, -1, 0, 1, 127})), of(i1, {-1, -1, 0, 1, 1})));
  EXPECT_TRUE(same(aten::sign(of(u1, {0, 1, 255})), of(u1, {0, 1, 1})));
  EXPECT_TRUE(same(aten::sign(tensor({true, false})), tensor({true, false})));
  expect_error([] { aten::sign(tensor({std::complex<float>(1, 1)})); },
               {"Unlike NumPy, torch.sign is not intended to support complex numbers. Please use "
                "torch.sgn instead."});
  // sgn: z / |z|, 0 at 0, NaN stays NaN; real dtypes as sign.
  using C = std::complex<double>;
  Tensor z = tensor(
      {C(3, 4), C(-3, 4), C(0, 0), C(-0.0, -0.0), C(0, -2), C(1e300, 1e300), C(kNaN, 0)});
  Tensor s = aten::sgn(z);
  ASSERT_EQ(s.scalar_type(), c8);
  const auto* p = s.data_ptr<C>();
  EXPECT_EQ(p[0], C(0.6, 0.8));
  EXPECT_EQ(p[1], C(-0.6, 0.8));
  EXPECT_EQ(p[2], C(0, 0));
  EXPECT_EQ(p[3], C(0, 0));
  EXPECT_EQ(p[4], C(0, -1));
  EXPECT_NEAR(p[5].real(), std::sqrt(0.5), 1e-15);  // no overflow in |z|
  EXPECT_TRUE(std::isnan(p[6].real()));
  Tensor zf = aten::sgn(z.to(c4));
  EXPECT_EQ(zf.data_ptr<std::complex<float>>()[0], std::complex<float>(0.6f, 0.8f));
  EXPECT_TRUE(same(aten::sgn(tensor({-2, 0, 5})), tensor({-1, 0, 1})));
}

// Complex sigmoid and silu are 1 / (1 + e^-z) and z / (1 + e^-z) with ATen's complex division
// (VecMath's real formulas do not apply): where e^-z overflows, c^2 + d^2 is infinite and the
// result NaN, as in ATen, where C's division gives 0. Values from torch 1.13 (its element loop,
// which has the signs of zero of this one; its vector loop gives -0 imaginary parts at real z).
TEST(UnarySigmoid, ComplexAsATen) {
  using C = std::complex<double>;
  const std::vector<C> z = {{0, 0}, {-100, 0}, {-kInf, 0}, {kInf, 0}, {0, kInf}, {kNaN, 0},
                            {1, 1}, {-1, 2},   {100, 0},   {-50, 1},  {-89, 0},  {3, -4}};
  struct Want {
    ScalarType dtype;
    std::vector<C> sigmoid, silu;  // silu only for ComplexFloat
    double rtol;
  };
  const std::vector<Want> wants = {
      {c4,
       {{0.5, 0},
        {kNaN, kNaN},
        {kNaN, kNaN},
        {1, 0},
        {kNaN, kNaN},
        {kNaN, kNaN},
        {0.7820415496826172, 0.20194822549819946},
        {-0.021415360271930695, 0.4034386873245239},
        {1, 0},
        {0, 0},
        {kNaN, kNaN},
        {1.0320721864700317, 0.04019550606608391}},
       {{0, 0},
        {kNaN, kNaN},
        {kNaN, kNaN},
        {kInf, kNaN},
        {kNaN, kNaN},
        {kNaN, kNaN},
        {0.5800933241844177, 0.9839898347854614},
        {-0.7854620814323425, -0.4462694227695465},
        {100, 0},
        {-0.0, -0.0},
        {kNaN, kNaN},
        {3.2569985389709473, -4.007702350616455}},
       4e-7},
      {c8,
       {{0.5, 0},
        {3.7200759760208356e-44, 0},
        {kNaN, kNaN},
        {1, 0},
        {kNaN, kNaN},
        {kNaN, kNaN},
        {0.7820415706337493, 0.2019482276580129},
        {-0.02141536417218053, 0.40343870608154253},
        {1, 0},
        {1.0421079902977288e-22, 1.6229870340142786e-22},
        {2.2273635617957438e-39, 0},
        {1.0320721995882685, 0.04019550765508409}},
       {},
       1e-15},
  };
  // NaN, infinities and zeros (with their sign) exactly, other values within rtol.
  auto check_part = [](double x, double w, double rtol) {
    if (std::isnan(w)) return std::isnan(x);
    if (std::isinf(w) || w == 0) return x == w && std::signbit(x) == std::signbit(w);
    return std::fabs(x - w) <= rtol * std::fabs(w);
  };
  auto check = [&](const Tensor& got_t, const std::vector<C>& want, double rtol) {
    const Tensor g = got_t.to(c8).contiguous();
    for (size_t i = 0; i < want.size(); ++i) {
      const C got = g.data_ptr<C>()[i];
      EXPECT_TRUE(check_part(got.real(), want[i].real(), rtol) &&
                  check_part(got.imag(), want[i].imag(), rtol))
          << "element " << i << ": " << got << ", want " << want[i];
    }
  };
  Tensor in = empty({static_cast<int64_t>(z.size())}, c8);
  for (size_t i = 0; i < z.size(); ++i) in.data_ptr<C>()[i] = z[i];
  for (const Want& w : wants) {
    SCOPED_TRACE(toString(w.dtype));
    const Tensor x = in.to(w.dtype);
    check(aten::sigmoid(x), w.sigmoid, w.rtol);
    if (!w.silu.empty()) check(aten::silu(x), w.silu, w.rtol);
  }
}

TEST(UnaryAbs, ComplexGivesReal) {
  using C = std::complex<float>;
  Tensor z = tensor({C(3, 4), C(-3, -4), C(0, -2), C(std::numeric_limits<float>::infinity(), 1)});
  Tensor a = aten::abs(z);
  ASSERT_EQ(a.scalar_type(), f4);
  EXPECT_TRUE(same(a, tensor({5.f, 5.f, 2.f, std::numeric_limits<float>::infinity()})));
  EXPECT_EQ(aten::abs(z.to(c8)).scalar_type(), f8);
  // out= of a dtype the real result casts to: a wider real, or a complex (|z| + 0i).
  Tensor od = empty({0}, f8), oc = empty({0}, c4), ocd = empty({0}, c8);
  aten::abs_out(od, z);
  aten::abs_out(oc, z);
  aten::abs_out(ocd, z);
  EXPECT_EQ(od.data_ptr<double>()[1], 5.0);
  EXPECT_EQ(oc.data_ptr<C>()[2], C(2, 0));
  EXPECT_EQ(ocd.data_ptr<std::complex<double>>()[0], std::complex<double>(5, 0));
  Tensor ol = empty({4}, i8);
  expect_error([&] { aten::abs_out(ol, z); },
               {"result type Float can't be cast to the desired output type Long"});
  Tensor keep = z.clone();
  expect_error([&] { keep.abs_(); },
               {"In-place abs is not supported for complex tensors", "ComplexFloat"});
  EXPECT_TRUE(same(keep, z));
  // Integers wrap as in two's complement: |-128| is -128 in int8.
  EXPECT_TRUE(same(aten::abs(of(i1, {-128, -1, 127})), of(i1, {-128, 1, 127})));
  expect_error([] { aten::abs(tensor({true})); }, {"\"abs\" not implemented for 'Bool'"});
}

// ComplexHalf: |z| and z / |z| computed in complex<float> and rounded (libtorch 1.13's values);
// abs is Half. Its other unary ops are not implemented, as in libtorch.
TEST(UnaryComplexHalf, AbsSgnNegAsATen) {
  const Tensor z = ref::complex_half({{1.f, 2.f}, {0.5f, -1.f}, {-3.f, 0.25f}, {0.1f, 0.7f}});
  Tensor a = aten::abs(z);
  ASSERT_EQ(a.scalar_type(), f2);
  EXPECT_TRUE(
      same(a, ref::make<Half>({4}, [](int64_t i) {
             return std::vector<double>{2.236328125, 1.1181640625, 3.009765625, 0.70751953125}[i];
           })));
  ref::expect_complex_half(aten::sgn(z), {{0.447265625f, 0.89453125f},
                                          {0.447265625f, -0.89453125f},
                                          {-0.99658203125f, 0.08306884765625f},
                                          {0.141357421875f, 0.98974609375f}});
  ref::expect_complex_half(
      aten::neg(z),
      {{-1.f, -2.f}, {-0.5f, 1.f}, {3.f, -0.25f}, {-0.0999755859375f, -0.7001953125f}});
  expect_error([&] { z.clone().abs_(); }, {"In-place abs is not supported", "ComplexHalf"});
  expect_error([&] { aten::exp(z); }, {"\"exp\" not implemented for 'ComplexHalf'"});
  expect_error([&] { aten::sign(z); }, {"Please use torch.sgn instead"});
}

TEST(UnaryNeg, IntegersWrapAndBoolIsAnError) {
  EXPECT_TRUE(same(aten::neg(of(i1, {-128, -1, 0, 127})), of(i1, {-128, 1, 0, -127})));
  EXPECT_TRUE(same(aten::neg(of(u1, {0, 1, 255})), of(u1, {0, 255, 1})));
  Tensor b = tensor({true, false});
  expect_error([&] { aten::neg(b); },
               {"Negation, the `-` operator, on a bool tensor is not supported"});
  expect_error([&] { b.neg_(); }, {"logical_not()"});
  EXPECT_TRUE(same(b, tensor({true, false})));
}

TEST(UnaryBitwiseLogicalNot, Values) {
  EXPECT_TRUE(
      same(aten::bitwise_not(of(i1, {-128, -1, 0, 1, 127})), of(i1, {127, 0, -1, -2, -128})));
  EXPECT_TRUE(same(aten::bitwise_not(of(u1, {0, 1, 255})), of(u1, {255, 254, 0})));
  EXPECT_TRUE(same(aten::bitwise_not(tensor({true, false})), tensor({false, true})));
  expect_error([] { aten::bitwise_not(tensor({1.f})); },
               {"\"bitwise_not\" not implemented for 'Float'"});
  // logical_not: NaN is true, so its not is false; a fresh result is Bool, out= and in place
  // keep their dtype and receive 0 or 1.
  Tensor x = tensor({static_cast<float>(kNaN), 0.f, -0.f, 2.f});
  EXPECT_TRUE(same(aten::logical_not(x), tensor({false, true, true, false})));
  Tensor out = empty({0}, i8);
  aten::logical_not_out(out, x);
  EXPECT_TRUE(same(out, of(i8, {0, 1, 1, 0})));
  x.logical_not_();
  EXPECT_TRUE(same(x, tensor({0.f, 1.f, 1.f, 0.f})));
  using C = std::complex<double>;
  EXPECT_TRUE(same(aten::logical_not(tensor({C(0, 1), C(0, 0)})), tensor({false, true})));
}

TEST(UnaryFloatOps, IntegersComputeInFloat) {
  Tensor i = of(i4, {0, 1, 2});
  Tensor e = aten::exp(i);
  ASSERT_EQ(e.scalar_type(), f4);
  EXPECT_FLOAT_EQ(e.data_ptr<float>()[2], std::exp(2.f));
  EXPECT_EQ(aten::reciprocal(i).data_ptr<float>()[0], std::numeric_limits<float>::infinity());
  EXPECT_EQ(aten::sqrt(tensor({true})).scalar_type(), f4);
  expect_error([&] { aten::exp_(i); },
               {"result type Float can't be cast to the desired output type Int"});
  EXPECT_TRUE(same(i, of(i4, {0, 1, 2})));
  // out= of a wider dtype is fine; of an integer dtype an error.
  Tensor od = empty({0}, f8);
  aten::exp_out(od, tensor({1.f}));
  EXPECT_NEAR(od.data_ptr<double>()[0], std::exp(1.0), 1e-6);
  Tensor ol = empty({0}, i8);
  expect_error([&] { aten::exp_out(ol, tensor({1.f})); },
               {"can't be cast to the desired output type Long"});
  // Not in libtorch 1.13 on CPU (nor here): Half for exp, complex for erf.
  expect_error([] { aten::exp(tensor({1.f}).to(f2)); }, {"\"exp\" not implemented for 'Half'"});
  expect_error([] { aten::erf(tensor({std::complex<float>(1, 0)})); },
               {"\"erf\" not implemented for 'ComplexFloat'"});
}

TEST(UnaryRounding, ComplexIsAnError) {
  Tensor z = tensor({std::complex<float>(1.5f, 0)});
  expect_error([&] { aten::floor(z); }, {"floor is not supported for complex inputs"});
  expect_error([&] { aten::ceil(z); }, {"ceil is not supported for complex inputs"});
  expect_error([&] { aten::trunc(z); }, {"trunc is not supported for complex inputs"});
  expect_error([&] { aten::round(z); }, {"\"round\" not implemented for 'ComplexFloat'"});
  expect_error([] { aten::frac(tensor({3})); }, {"\"frac\" not implemented for 'Int'"});
}

TEST(UnaryNanToNum, DefaultsAreTheDtypesExtremes) {
  Tensor s = tensor({kNaN, kInf, -kInf, 1.0}).to(f8);
  auto expect_values = [](const Tensor& r, double nan, double pos, double neg) {
    EXPECT_EQ(ref::read_double(r, {0}), nan) << r.scalar_type();
    EXPECT_EQ(ref::read_double(r, {1}), pos) << r.scalar_type();
    EXPECT_EQ(ref::read_double(r, {2}), neg) << r.scalar_type();
    EXPECT_EQ(ref::read_double(r, {3}), 1.0) << r.scalar_type();
  };
  expect_values(aten::nan_to_num(s.to(f4)), 0, FLT_MAX, -FLT_MAX);
  expect_values(aten::nan_to_num(s), 0, DBL_MAX, -DBL_MAX);
  expect_values(aten::nan_to_num(s.to(f2)), 0, 65504, -65504);
  expect_values(aten::nan_to_num(s.to(bf)), 0, 3.3895313892515355e38, -3.3895313892515355e38);
  expect_values(aten::nan_to_num(s, 1.0, 2.0, -3.0), 1, 2, -3);
  // The vector loop.
  Tensor big = full({100}, kInf, f4);
  EXPECT_EQ(aten::nan_to_num(big, std::nullopt, 7.0).data_ptr<float>()[99], 7.f);
  Tensor i = of(i4, {1, 2});
  EXPECT_TRUE(same(aten::nan_to_num(i), i));
  Tensor out = empty({0}, f8);
  expect_error([&] { aten::nan_to_num_out(out, s.to(f4)); }, {"same dtype"});
  expect_error([] { aten::nan_to_num(tensor({std::complex<float>(1, 0)})); },
               {"\"nan_to_num\" not implemented for 'ComplexFloat'"});
}
