// The transforms from Philox words to values (aten/core/Distributions.h): their bounds at the
// extremes, and statistical checks of the uniform and normal ones on a fixed key's stream (the
// fill kernels give the same words bit for bit: test_philox.cpp).
#include <aten/core/Distributions.h>
#include <aten/core/PhiloxStream.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

using namespace aten;

// ---- uniforms on [0, 1) -----------------------------------------------------------------------

TEST(Distributions, UniformFloatIsBelowOneEvenForTheAllOnesWord) {
  EXPECT_EQ(uniform_float(0), 0.f);
  EXPECT_EQ(uniform_float(0xff), 0.f);  // the low 8 bits are not used
  EXPECT_EQ(uniform_float(0x100), 0x1p-24f);
  EXPECT_EQ(uniform_float(0xffffffff), 1.f - 0x1p-24f);
  for (uint32_t w = 0xffffffff; w >= 0xfffff000; --w) ASSERT_LT(uniform_float(w), 1.f) << w;
}

TEST(Distributions, UniformDoubleTakesTheTop53BitsOfTwoWordsFirstLow) {
  EXPECT_EQ(draw64(0x89abcdef, 0x01234567), 0x0123456789abcdefull);
  EXPECT_EQ(uniform_double(0, 0), 0.0);
  EXPECT_EQ(uniform_double(0, 0x80000000), 0.5);
  EXPECT_EQ(uniform_double(0x800, 0), 0x1p-53);
  EXPECT_EQ(uniform_double(0x7ff, 0), 0.0);  // the low 11 bits are not used
  EXPECT_EQ(uniform_double(0xffffffff, 0xffffffff), 1.0 - 0x1p-53);
  EXPECT_LT(uniform_double(0xffffffff, 0xffffffff), 1.0);
}

// ---- uniforms on [from, to) -------------------------------------------------------------------

TEST(Distributions, NextBelowIsOneStepDown) {
  EXPECT_EQ(next_below(1.f), 1.f - 0x1p-24f);
  EXPECT_EQ(next_below(1.0), 1.0 - 0x1p-53);
  EXPECT_EQ(next_below(-1.f), -1.f - 0x1p-23f);
  EXPECT_EQ(next_below(0.f), -std::numeric_limits<float>::denorm_min());
  EXPECT_EQ(next_below(-0.0), -std::numeric_limits<double>::denorm_min());
  EXPECT_EQ(next_below(std::numeric_limits<float>::infinity()), std::numeric_limits<float>::max());
  EXPECT_EQ(static_cast<float>(next_below(Half(1.f))), 1.f - 0x1p-11f);
  EXPECT_EQ(static_cast<float>(next_below(BFloat16(1.f))), 1.f - 0x1p-8f);
  EXPECT_EQ(static_cast<float>(next_below(Half(0.f))), -0x1p-24f);  // Half's smallest subnormal
}

namespace {

// uniform_real's results for the smallest and largest u, and for the 4096 largest words, all
// in [from, to) of T.
template <typename T>
void check_from_to(double from_d, double to_d) {
  using acc_t = uniform_acc_t<T>;
  const T from = static_cast<T>(static_cast<acc_t>(from_d));
  const T to = static_cast<T>(static_cast<acc_t>(to_d));
  SCOPED_TRACE(std::to_string(sizeof(T)) + "-byte " +
               (std::is_floating_point_v<T> ? "float [" : "reduced float [") +
               std::to_string(from_d) + ", " + std::to_string(to_d) + ")");
  const auto u_of = [](uint32_t w) -> acc_t {
    if constexpr (std::is_same_v<acc_t, double>) {
      return uniform_double(w, w);
    } else {
      return uniform_float(w);
    }
  };
  EXPECT_EQ(static_cast<double>(uniform_real<T>(u_of(0), from, to)), static_cast<double>(from));
  for (uint32_t w = 0xffffffff; w >= 0xfffff000; --w) {
    const double x = static_cast<double>(uniform_real<T>(u_of(w), from, to));
    ASSERT_GE(x, static_cast<double>(from)) << w;
    if (static_cast<double>(from) == static_cast<double>(to)) {  // 1001 is 1000 in BFloat16
      ASSERT_EQ(x, static_cast<double>(from)) << w;
    } else {
      ASSERT_LT(x, static_cast<double>(to)) << w;
    }
  }
}

}  // namespace

TEST(Distributions, UniformFromToStaysInFromToAtTheExtremes) {
  for (auto [from, to] : {std::pair{0.0, 1.0},
                          {1.0, 2.0},
                          {-1.0, 1.0},
                          {-3.0, -2.0},
                          {1e6, 1e6 + 1},
                          {-1e30, 1e30},
                          {0.0, 1e-30},
                          {1000.0, 1001.0}}) {
    check_from_to<float>(from, to);
    check_from_to<double>(from, to);
  }
  for (auto [from, to] : {std::pair{0.0, 1.0},
                          {1.0, 2.0},
                          {-1.0, 1.0},
                          {1000.0, 1001.0},
                          {-65504.0, 65504.0},
                          {0.0, 0x1p-24}}) {
    check_from_to<Half>(from, to);
    check_from_to<BFloat16>(from, to);
  }
  // Where from + u * (to - from) rounds to `to`, the result is the largest value below it.
  EXPECT_EQ(uniform_real<float>(uniform_float(0xffffffff), 1.f, 2.f), 2.f - 0x1p-23f);
  EXPECT_EQ(static_cast<float>(uniform_real<Half>(uniform_float(0xffffffff), Half(0.f), Half(1.f))),
            1.f - 0x1p-11f);
  EXPECT_EQ(uniform_real<float>(0.5f, 3.f, 3.f), 3.f);  // from == to
}

// ---- integers in [0, range) -------------------------------------------------------------------

TEST(Distributions, UniformIntStaysInRange) {
  const uint64_t ranges[] = {1, 2, 3, 1000, (uint64_t{1} << 32) + 1, uint64_t{1} << 63, UINT64_MAX};
  const uint64_t draws[] = {
      0, 1, 0x8000000000000000ull, 0xfffffffffffffffeull, UINT64_MAX, 0x0123456789abcdefull};
  for (uint64_t range : ranges)
    for (uint64_t d : draws) {
      const uint64_t x = uniform_int(d, range);
      EXPECT_LT(x, range) << "range " << range << " draw " << d;
    }
  for (uint64_t d : draws) EXPECT_EQ(uniform_int(d, 1), 0u);
  for (uint64_t range : ranges) {
    EXPECT_EQ(uniform_int(0, range), 0u);
    EXPECT_EQ(uniform_int(UINT64_MAX, range), range - 1);
  }
  // The top bits decide: draws below 2^63 give 0 for range 2, the others 1.
  EXPECT_EQ(uniform_int(0x7fffffffffffffffull, 2), 0u);
  EXPECT_EQ(uniform_int(0x8000000000000000ull, 2), 1u);
  EXPECT_EQ(uniform_int(0x8000000000000000ull, uint64_t{1} << 63), uint64_t{1} << 62);
}

// ---- normals ----------------------------------------------------------------------------------

TEST(Distributions, BoxMullerIsFiniteAtTheEnds) {
  const NormalPair<float> zero = box_muller(0.f, 0.25f);
  EXPECT_EQ(zero.first, 0.f);
  EXPECT_EQ(zero.second, 0.f);
  const NormalPair<float> far = box_muller(uniform_float(0xffffffff), 0.f);
  EXPECT_NEAR(far.first, std::sqrt(48 * std::log(2.0)), 1e-5);  // -2 log(2^-24)
  EXPECT_EQ(far.second, 0.f);
  const NormalPair<double> far_d = box_muller(uniform_double(0xffffffff, 0xffffffff), 0.5);
  EXPECT_NEAR(far_d.first, -std::sqrt(106 * std::log(2.0)), 1e-12);  // -2 log(2^-53)
  EXPECT_TRUE(std::isfinite(far_d.second));
}

// ---- statistics -------------------------------------------------------------------------------
// One fixed key, so each test always sees the same sample: the thresholds are what a correct
// transform of independent uniform words would fail with probability about 1e-6 (5 standard
// errors for a mean; the Dvoretzky-Kiefer-Wolfowitz bound for Kolmogorov-Smirnov).

namespace {

constexpr int64_t kSamples = int64_t{1} << 20;
constexpr double kAlpha = 1e-6;

// The first n words of the stream under key (PhiloxStream.h), n a multiple of 4.
std::vector<uint32_t> words(int64_t n, uint64_t key) {
  std::vector<uint32_t> w;
  w.reserve(static_cast<size_t>(n));
  for (uint64_t b = 0; b < static_cast<uint64_t>(n) / 4; ++b) {
    const PhiloxBlock block = philox_block({key, 0}, b);
    w.insert(w.end(), block.begin(), block.end());
  }
  return w;
}

// P(sup |F_n - F| > eps) <= 2 exp(-2 n eps^2) for every n (Massart's constant), so this eps is
// exceeded with probability at most alpha.
double ks_critical_value(int64_t n, double alpha) {
  return std::sqrt(std::log(2 / alpha) / (2 * static_cast<double>(n)));
}

// sup |F_n - F| over the real line for the sorted sample x, given cdf(v) = P(X <= v) and
// cdf_below(v) = P(X < v) (the same for a continuous distribution). F_n is a step function, so
// the supremum is at a jump: just before it and at it.
double ks_statistic(const std::vector<double>& x, const std::function<double(double)>& cdf,
                    const std::function<double(double)>& cdf_below) {
  const auto n = static_cast<double>(x.size());
  double d = 0;
  for (size_t i = 0; i < x.size();) {
    size_t j = i;
    while (j < x.size() && x[j] == x[i]) ++j;
    d = std::max({d, std::abs(static_cast<double>(j) / n - cdf(x[i])),
                  std::abs(static_cast<double>(i) / n - cdf_below(x[i]))});
    i = j;
  }
  return d;
}

double mean_of(const std::vector<double>& x) {
  double s = 0;
  for (double v : x) s += v;
  return s / static_cast<double>(x.size());
}
double variance_of(const std::vector<double>& x) {
  const double m = mean_of(x);
  double s = 0;
  for (double v : x) s += (v - m) * (v - m);
  return s / static_cast<double>(x.size() - 1);
}

double normal_cdf(double v) { return 0.5 * std::erfc(-v / std::sqrt(2.0)); }

void check_uniform(std::vector<double> x, double step) {
  const auto n = static_cast<int64_t>(x.size());
  // Multiples of `step` below 1, equally likely: mean (1 - step) / 2, variance (1 - step^2) / 12.
  const double sd = std::sqrt((1 - step * step) / 12);
  EXPECT_LT(std::abs(mean_of(x) - (1 - step) / 2), 5 * sd / std::sqrt(static_cast<double>(n)));
  std::sort(x.begin(), x.end());
  EXPECT_GE(x.front(), 0.0);
  EXPECT_LT(x.back(), 1.0);
  const double d = ks_statistic(
      x, [step](double v) { return v + step; }, [](double v) { return v; });
  EXPECT_LT(d, ks_critical_value(n, kAlpha)) << "n = " << n;
}

void check_normal(std::vector<double> x) {
  const auto n = static_cast<double>(x.size());
  EXPECT_LT(std::abs(mean_of(x)), 5 / std::sqrt(n));
  EXPECT_LT(std::abs(variance_of(x) - 1), 5 * std::sqrt(2 / (n - 1)));  // var(s^2) = 2 / (n - 1)
  std::sort(x.begin(), x.end());
  const double d = ks_statistic(x, normal_cdf, normal_cdf);
  EXPECT_LT(d, ks_critical_value(static_cast<int64_t>(x.size()), kAlpha)) << "n = " << n;
}

}  // namespace

TEST(DistributionsStatistics, UniformFloatMeanAndKolmogorovSmirnov) {
  const std::vector<uint32_t> w = words(kSamples, 0x5eed);
  std::vector<double> x(kSamples);
  for (int64_t i = 0; i < kSamples; ++i) x[i] = uniform_float(w[i]);
  check_uniform(std::move(x), 0x1p-24);
}

TEST(DistributionsStatistics, UniformDoubleMeanAndKolmogorovSmirnov) {
  const std::vector<uint32_t> w = words(2 * kSamples, 0x5eed + 1);
  std::vector<double> x(kSamples);
  for (int64_t i = 0; i < kSamples; ++i) x[i] = uniform_double(w[2 * i], w[2 * i + 1]);
  check_uniform(std::move(x), 0x1p-53);
}

TEST(DistributionsStatistics, NormalFloatMeanVarianceAndKolmogorovSmirnov) {
  const std::vector<uint32_t> w = words(kSamples, 0x5eed + 2);
  std::vector<double> x(kSamples);
  for (int64_t p = 0; p < kSamples / 2; ++p) {
    const NormalPair<float> z = box_muller(uniform_float(w[2 * p]), uniform_float(w[2 * p + 1]));
    x[2 * p] = z.first;
    x[2 * p + 1] = z.second;
  }
  check_normal(std::move(x));
}

TEST(DistributionsStatistics, NormalDoubleMeanVarianceAndKolmogorovSmirnov) {
  const std::vector<uint32_t> w = words(2 * kSamples, 0x5eed + 3);
  std::vector<double> x(kSamples);
  for (int64_t p = 0; p < kSamples / 2; ++p) {
    const NormalPair<double> z = box_muller(uniform_double(w[4 * p], w[4 * p + 1]),
                                            uniform_double(w[4 * p + 2], w[4 * p + 3]));
    x[2 * p] = z.first;
    x[2 * p + 1] = z.second;
  }
  check_normal(std::move(x));
}

// The checks can fail: a sample that is not uniform (all words' top bits cleared, so every
// value is below 1/2) fails both the mean and the Kolmogorov-Smirnov bound.
TEST(DistributionsStatistics, ChecksRejectABiasedSample) {
  const std::vector<uint32_t> w = words(kSamples, 0x5eed + 4);
  std::vector<double> x(kSamples);
  for (int64_t i = 0; i < kSamples; ++i) x[i] = uniform_float(w[i] & 0x7fffffffu);
  const double sd = std::sqrt(1.0 / 12);
  EXPECT_GT(std::abs(mean_of(x) - 0.5), 5 * sd / std::sqrt(static_cast<double>(kSamples)));
  std::sort(x.begin(), x.end());
  const double d = ks_statistic(
      x, [](double v) { return v + 0x1p-24; }, [](double v) { return v; });
  EXPECT_GT(d, ks_critical_value(kSamples, kAlpha));
}
