#pragma once
// Helpers of the sampling ops' tests (tests/ops/test_distributions.cpp, test_normal.cpp,
// test_multinomial.cpp): a result's bytes and values, strided outputs, a thread-count guard, and
// the statistics their distribution checks use, each with a threshold computed from the sample
// size so that a correct sampler fails it with probability at most about 1e-6 (and a fixed seed
// makes the outcome the same in every run).
#include <aten/core/Tensor.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/empty.h>
#include <aten/ops/view_as_real.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>
#include <string>
#include <vector>

#include "OpTestHelpers.h"
#include "Reference.h"

namespace aten::sampling_test {

// t's bytes in row-major order (through a contiguous copy): bit-identity, NaN included.
inline std::vector<unsigned char> bytes_of(const Tensor& t) {
  const Tensor c = t.contiguous();
  const auto* p = static_cast<const unsigned char*>(c.data_ptr());
  return {p, p + c.numel() * c.element_size()};
}

// t's values as doubles in row-major order (complex: both parts, as view_as_real lays them).
inline std::vector<double> reals_of(const Tensor& t) {
  const Tensor r = isComplexType(t.scalar_type()) ? aten::view_as_real(t) : t;
  std::vector<double> v;
  v.reserve(static_cast<size_t>(r.numel()));
  ref::for_each_index(
      r.sizes(), [&](const std::vector<int64_t>& idx) { v.push_back(ref::read_double(r, idx)); });
  return v;
}

// A strided view of shape {rows, cols}: every other column of a wider tensor, transposed.
inline Tensor strided(int64_t rows, int64_t cols, ScalarType t) {
  return empty({cols, 2 * rows}, t).slice(1, 0, 2 * rows, 2).t();
}

using ref::ThreadCount;

// The thread counts reproducibility is checked at.
inline constexpr int kThreadCounts[] = {1, 2, 3, 7};

// ---- statistics -------------------------------------------------------------------------------

// The Dvoretzky-Kiefer-Wolfowitz bound on the Kolmogorov-Smirnov distance of n samples from
// their CDF, exceeded with probability at most 1e-6.
inline double ks_bound(size_t n) {
  return std::sqrt(std::log(2 / 1e-6) / (2.0 * static_cast<double>(n)));
}

inline double ks_distance(std::vector<double> x, const std::function<double(double)>& cdf) {
  std::sort(x.begin(), x.end());
  const auto n = static_cast<double>(x.size());
  double d = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    const double f = cdf(x[i]);
    d = std::max({d, f - static_cast<double>(i) / n, static_cast<double>(i + 1) / n - f});
  }
  return d;
}

struct Moments {
  double mean = 0, var = 0;
};
inline Moments moments(const std::vector<double>& x) {
  Moments m;
  for (double v : x) m.mean += v;
  m.mean /= static_cast<double>(x.size());
  for (double v : x) m.var += (v - m.mean) * (v - m.mean);
  m.var /= static_cast<double>(x.size() - 1);
  return m;
}

// Sample mean and variance within 6 standard errors of mean and var, the variance's error from
// the fourth central moment mu4.
inline void expect_moments(const std::vector<double>& x, double mean, double var, double mu4,
                           const std::string& what) {
  const Moments m = moments(x);
  const double n = static_cast<double>(x.size());
  EXPECT_NEAR(m.mean, mean, 6 * std::sqrt(var / n)) << what;
  EXPECT_NEAR(m.var, var, 6 * std::sqrt((mu4 - var * var) / n)) << what;
}

// The chi-squared statistic's upper 1e-6 quantile for df degrees of freedom (Wilson-Hilferty,
// which overestimates it for small df: conservative).
inline double chi2_bound(int df) {
  const double z = 4.753, k = 2.0 / (9.0 * df);
  return df * std::pow(1 - k + z * std::sqrt(k), 3);
}

inline double chi2(const std::vector<double>& observed, const std::vector<double>& expected) {
  double s = 0;
  for (size_t i = 0; i < observed.size(); ++i)
    s += (observed[i] - expected[i]) * (observed[i] - expected[i]) / expected[i];
  return s;
}

inline double normal_cdf(double x, double mean, double std) {
  return 0.5 * std::erfc(-(x - mean) / (std * std::numbers::sqrt2));
}

}  // namespace aten::sampling_test
