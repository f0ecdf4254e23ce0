// The ops of aten/native/Moments.cpp: var, std, var_mean, std_mean, what the manifest suite
// cannot express: ATen's correction rule at and beyond the element count, Welford's stability far
// from zero, complex inputs (a real variance, a complex mean) and ComplexHalf.
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/all.h>
#include <aten/ops/any.h>
#include <aten/ops/std.h>
#include <aten/ops/sum.h>
#include <aten/ops/var.h>
#include <aten/ops/var_mean.h>
#include <aten/ops/view_as_real.h>
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <optional>

#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using aten::ref::expect_error;
using aten::ref::make;
using ref::at, ref::kInf;

// ---- var / std correction -----------------------------------------------------------------------

TEST(ReductionMoments, CorrectionAtOrBeyondNGivesInfOrNaN) {
  Tensor x = make<float>({2}, [](int64_t i) { return i + 1.0; });  // var 0.5 (unbiased)
  auto var_c = [&](std::optional<int64_t> c) { return at(var(x, IntArrayRef{0}, c)); };
  EXPECT_FLOAT_EQ(var_c(std::nullopt), 0.5f);
  EXPECT_FLOAT_EQ(var_c(1), 0.5f);
  EXPECT_FLOAT_EQ(var_c(0), 0.25f);
  EXPECT_FLOAT_EQ(var_c(-1), 0.5f / 3);
  EXPECT_EQ(var_c(2), kInf);
  EXPECT_EQ(var_c(3), kInf);
  EXPECT_EQ(at(aten::std(x, IntArrayRef{0}, std::optional<int64_t>(5))), kInf);
  Tensor constant = make<float>({3}, [](int64_t) { return 7.0; });
  EXPECT_TRUE(std::isnan(at(var(constant, IntArrayRef{0}, std::optional<int64_t>(3)))));
  EXPECT_TRUE(
      std::isnan(at(var(make<float>({1}, [](int64_t) { return 1.0; })))));  // N = 1, unbiased
  EXPECT_EQ(at(var(x, false)), 0.25);
  auto [v, m] = var_mean(x, IntArrayRef{0}, std::optional<int64_t>(2));
  EXPECT_EQ(at(v), kInf);
  EXPECT_EQ(at(m), 1.5);
}

TEST(ReductionMoments, WelfordIsStableFarFromZero) {
  // 1e9 + small: a sum-of-squares formula in double loses every digit here. The reference
  // takes the deviations from 1e9 exactly (x - 1e9 is exact this close) and does two passes.
  Tensor x = make<double>({100000}, [](int64_t i) { return 1e9 + (i % 10) * 0.1; });
  auto two_pass = [&](int64_t begin, int64_t end, int64_t step) {
    double mean = 0, m2 = 0;
    int64_t n = 0;
    for (int64_t i = begin; i < end; i += step, ++n) mean += x.data_ptr<double>()[i] - 1e9;
    mean /= static_cast<double>(n);
    for (int64_t i = begin; i < end; i += step) {
      const double d = x.data_ptr<double>()[i] - 1e9 - mean;
      m2 += d * d;
    }
    return m2 / static_cast<double>(n - 1);
  };
  const double expected = two_pass(0, 100000, 1);
  EXPECT_NEAR(at(var(x)), expected, 1e-6 * expected);
  Tensor rows = x.reshape({1000, 100});
  Tensor v0 = var(rows, IntArrayRef{0});  // the outer path: each column is constant
  EXPECT_EQ(at(v0, {3}), 0);
  Tensor v1 = var(rows, IntArrayRef{1});  // contiguous lanes
  EXPECT_NEAR(at(v1, {5}), two_pass(500, 600, 1), 1e-6 * expected);
  // Float inputs accumulate in double: no worse than the double computation of the same values.
  Tensor xf = make<double>({100000}, [](int64_t i) { return 1e4 + (i % 10) * 0.125; });
  EXPECT_NEAR(at(var(xf.to(ScalarType::Float))), at(var(xf)), 1e-6 * at(var(xf)));
}

TEST(ReductionMoments, ComplexGivesRealVarianceAndComplexMean) {
  Tensor z = make<double>({4}, [](int64_t i) { return double(i); }).to(ScalarType::ComplexDouble);
  Tensor zi = view_as_real(z);
  zi.select(1, 1).fill_(2.0);  // imaginary parts 2: no spread
  auto [v, m] = var_mean(z, IntArrayRef{0}, std::nullopt);
  EXPECT_EQ(v.scalar_type(), ScalarType::Double);
  EXPECT_EQ(m.scalar_type(), ScalarType::ComplexDouble);
  EXPECT_DOUBLE_EQ(at(v), 5.0 / 3);
  EXPECT_DOUBLE_EQ(ref::get<std::complex<double>>(m, {}).imag(), 2.0);
  EXPECT_DOUBLE_EQ(at(aten::std(z)), std::sqrt(5.0 / 3));
}

// ComplexHalf: var and var_mean, as libtorch 1.13 has them (a Half variance, a ComplexHalf mean);
// the other reductions but all / any are not implemented for it.
TEST(ReductionMoments, ComplexHalfVarianceAndMean) {
  const Tensor z = ref::complex_half({{1, 2}, {0.5f, -1}, {-3, 0.25f}, {0.1f, 0.7f}});
  Tensor v = var(z);
  ASSERT_EQ(v.scalar_type(), ScalarType::Half);
  EXPECT_EQ(static_cast<float>(ref::get<Half>(v, {})), 4.7890625f);
  auto [v2, m] = var_mean(z, IntArrayRef{0}, std::nullopt);
  EXPECT_EQ(static_cast<float>(ref::get<Half>(v2, {})), 4.7890625f);
  ref::expect_complex_half(m.reshape({1}), {{-0.35009765625f, 0.487548828125f}});
  EXPECT_TRUE(all(z).item<bool>());
  EXPECT_FALSE(any(ref::complex_half({{0, 0}, {0, -0.f}})).item<bool>());
  expect_error([&] { sum(z); }, {"\"sum\" not implemented for 'ComplexHalf'"});
  expect_error([&] { aten::std(z); }, {"\"std\" not implemented for 'ComplexHalf'"});
}
