// The ops of aten/native/Activation.cpp: relu, gelu, silu. (Their special values are checked
// with the unary ops', in test_unary_ops.cpp; relu, clamp_min(x, 0), with clamp in
// test_clamp.cpp.)
//
// Accuracy of exact gelu in float over its whole busy range, through aten::gelu on contiguous
// tensors (the vector loop, which for float is GeluMath.h's own formula) and under whichever CPU
// capability the run selects (ctest runs test_ops under each). The error is in ULPs of the
// float result, against 0.5 x erfc(-x / sqrt(2)) in double; below the normal range the ULP is
// the subnormal spacing (absolute).
#include <aten/Factories.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/Capability.h>
#include <aten/ops/empty.h>
#include <aten/ops/full.h>
#include <aten/ops/gelu.h>
#include <aten/ops/leaky_relu.h>
#include <aten/ops/leaky_relu_backward.h>
#include <aten/ops/silu.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <vector>

#include "Reference.h"

using namespace aten;
using ref::expect_error;

namespace {

// The bound: R = N / D in float is within 2.4 ULP (tools/fit/gelu_erfc.py), the inlined exp
// within ~0.9, and the lo correction and the products add a rounding each; they never all reach
// their worst at once. Measured: max 3.807 ULP (x = -8.4751749), the same under the default,
// AVX2 and AVX-512 capabilities, over the sweep below (23.8 million inputs).
constexpr double kMaxUlp = 4.0;

float from_bits(uint32_t b) {
  float f;
  std::memcpy(&f, &b, sizeof f);
  return f;
}
uint32_t to_bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}

double reference(float x) {
  const double d = x;
  return 0.5 * d * std::erfc(-d / std::sqrt(2.0));
}

// |got - want| in units of the float spacing at want; below the normal range that is the
// subnormal spacing, so a result that underflows to 0 where want is a fraction of that spacing
// is fine, as long as its sign is want's.
double ulp_error(float got, double want) {
  if (std::isnan(want) || std::isnan(got)) return std::isnan(want) && std::isnan(got) ? 0 : 1e9;
  if (std::isinf(want) || std::isinf(got)) return got == want ? 0 : 1e9;
  if (got == 0 && std::signbit(got) != std::signbit(want)) return 1e9;
  const double a = std::fabs(want);
  const int e = a < std::numeric_limits<float>::min() ? -126 : std::ilogb(a);
  return std::fabs(static_cast<double>(got) - want) / std::ldexp(1.0, e - 23);
}

// The float bit patterns first, first + step, ... up to last (inclusive), sign applied.
void add_patterns(std::vector<float>& xs, float first, float last, uint32_t step, bool negative) {
  for (uint64_t b = to_bits(first); b <= to_bits(last); b += step)
    xs.push_back(negative ? -from_bits(static_cast<uint32_t>(b))
                          : from_bits(static_cast<uint32_t>(b)));
}

}  // namespace

TEST(GeluAccuracy, FloatSweepWithinUlpBound) {
#if defined(__SANITIZE_ADDRESS__)
  constexpr uint32_t kStep = 9973;  // the sanitizer build checks memory, not accuracy
#else
  constexpr uint32_t kStep = 97;
#endif
  std::vector<float> xs;
  // Every kStep-th float of [-14.5, 10]: below -14.1 the result underflows to -0, above ~5.4 it
  // is x. Bit patterns are dense around 0 (subnormals included).
  add_patterns(xs, 0.f, 14.5f, kStep, true);
  add_patterns(xs, 0.f, 10.f, kStep, false);
  // Every float where exp(-x^2 / 2) and then the result go subnormal.
  add_patterns(xs, 13.0f, 14.2f, 1, true);
  const int64_t n = static_cast<int64_t>(xs.size());
  Tensor x = empty({n}, ScalarType::Float);
  std::memcpy(x.data_ptr<float>(), xs.data(), xs.size() * sizeof(float));
  const Tensor g = aten::gelu(x);
  ASSERT_TRUE(g.is_contiguous());
  const float* got = g.data_ptr<float>();
  double worst = 0;
  float worst_x = 0;
  for (int64_t i = 0; i < n; ++i) {
    const double err = ulp_error(got[i], reference(xs[i]));
    if (err > worst) {
      worst = err;
      worst_x = xs[i];
    }
  }
  std::printf("gelu float, %s: max %.3f ULP at x = %.9g over %lld inputs\n",
              toString(get_cpu_capability()), worst, static_cast<double>(worst_x),
              static_cast<long long>(n));
  EXPECT_LE(worst, kMaxUlp) << "at x = " << worst_x;
}

// The edges, in the vector loop (a whole tensor of each value) and the scalar one (1 element).
TEST(GeluAccuracy, FloatEdges) {
  constexpr float kInf = std::numeric_limits<float>::infinity();
  constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
  const float max = std::numeric_limits<float>::max();
  const float tiny = std::numeric_limits<float>::denorm_min();
  struct Case {
    float x, want;
  };
  // -inf: -inf * Phi(-inf) = -inf * 0, NaN as in ATen 1.13 (0.5 x (1 + erf(x / sqrt(2)))).
  // Subnormal x: x / 2, rounded to even (Phi(0) = 0.5 and exp(-x^2 / 2) = 1).
  const std::vector<Case> cases = {
      {0.f, 0.f},     {-0.f, -0.f},   {kInf, kInf},   {-kInf, kNaN},        {kNaN, kNaN},
      {max, max},     {1e30f, 1e30f}, {6.f, 6.f},     {-max, -0.f},         {-1e30f, -0.f},
      {-100.f, -0.f}, {-16.f, -0.f},  {-14.5f, -0.f}, {tiny * 3, tiny * 2}, {-tiny * 3, -tiny * 2},
      {tiny, 0.f},    {-tiny, -0.f},
  };
  for (const Case& c : cases) {
    for (int64_t len : {1, 67}) {
      Tensor x = full({len}, c.x, ScalarType::Float);
      const Tensor g = aten::gelu(x);
      for (int64_t i = 0; i < len; ++i) {
        const float r = g.data_ptr<float>()[i];
        if (std::isnan(c.want)) {
          EXPECT_TRUE(std::isnan(r)) << "gelu(" << c.x << ") = " << r;
        } else {
          EXPECT_EQ(r, c.want) << "gelu(" << c.x << ")";
          EXPECT_EQ(std::signbit(r), std::signbit(c.want)) << "gelu(" << c.x << ") = " << r;
        }
      }
    }
  }
}

// ---- gelu's approximate argument and negative inputs; gelu's and silu's dtypes --------------

TEST(UnaryGelu, ApproximateAndAccuracy) {
  expect_error([] { aten::gelu(tensor({1.f}), "foo"); },
               {"approximate argument must be either none or tanh"});
  // Negative inputs keep their relative accuracy (no 1 + erf cancellation).
  Tensor x = tensor({-5.f, -10.f, 3.f});
  Tensor g = aten::gelu(x);
  for (int64_t i = 0; i < 3; ++i) {
    const double v = ref::read_double(x, {i});
    const double want = 0.5 * v * std::erfc(-v / std::sqrt(2.0));
    EXPECT_NEAR(g.data_ptr<float>()[i], want, 1e-5 * std::fabs(want)) << v;
  }
  expect_error([] { aten::gelu(tensor({1})); }, {"\"gelu\" not implemented for 'Int'"});
  expect_error([] { aten::silu(tensor({1})); }, {"\"silu\" not implemented for 'Int'"});
}

// leaky_relu keeps NaN and -0 (they fall to the product, as in ATen), multiplies a BFloat16 by
// the float slope in float and rounds once (-1.8125 * 0.01 is -0.01806640625 as ATen gives, not
// -0.0181884765625 with the slope rounded to BFloat16 first), and its backward refuses a negative
// slope with a result for self (an in-place forward's), as ATen's does.
TEST(LeakyRelu, SpecialValuesSlopeRoundingAndInPlaceBackward) {
  const Tensor y = leaky_relu(tensor({-1.f, std::numeric_limits<float>::quiet_NaN(), -0.f, 2.f}),
                              0.5);
  const float* p = y.data_ptr<float>();
  EXPECT_EQ(p[0], -0.5f);
  EXPECT_TRUE(std::isnan(p[1]));
  EXPECT_EQ(p[2], 0.f);
  EXPECT_TRUE(std::signbit(p[2]));
  EXPECT_EQ(p[3], 2.f);
  const Tensor b =
      leaky_relu(tensor({-1.8125f}).to(ScalarType::BFloat16), 0.01).to(ScalarType::Float);
  EXPECT_EQ(b.data_ptr<float>()[0], -0.01806640625f);
  expect_error([] { leaky_relu_backward(tensor({1.f}), tensor({1.f}), -0.1, true); },
               {"In-place leakyReLu backward calculation is triggered with a negative slope"});
  EXPECT_EQ(leaky_relu_backward(tensor({3.f}), tensor({-1.f}), -0.5, false).data_ptr<float>()[0],
            -1.5f);
}
