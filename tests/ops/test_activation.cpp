// The ops of aten/native/Activation.cpp: relu, gelu, silu, leaky_relu, elu (selu, celu),
// hardtanh (relu6), hardsigmoid, hardswish, threshold, mish, softshrink, hardshrink, log_sigmoid,
// glu and prelu. (gelu's and silu's special values are checked with the unary ops', in
// test_unary_ops.cpp; relu, clamp_min(x, 0), with clamp in test_clamp.cpp.)
//
// Accuracy of exact gelu in float over its whole busy range, through aten::gelu on contiguous
// tensors (the vector loop, which for float is GeluMath.h's own formula) and under whichever CPU
// capability the run selects (ctest runs test_ops under each). The error is in ULPs of the
// float result, against 0.5 x erfc(-x / sqrt(2)) in double; below the normal range the ULP is
// the subnormal spacing (absolute).
#include <aten/Factories.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/Capability.h>
#include <aten/ops/celu.h>
#include <aten/ops/clone.h>
#include <aten/ops/elu.h>
#include <aten/ops/elu_backward.h>
#include <aten/ops/empty.h>
#include <aten/ops/full.h>
#include <aten/ops/gelu.h>
#include <aten/ops/glu.h>
#include <aten/ops/glu_backward.h>
#include <aten/ops/hardshrink.h>
#include <aten/ops/hardshrink_backward.h>
#include <aten/ops/hardsigmoid.h>
#include <aten/ops/hardsigmoid_backward.h>
#include <aten/ops/hardswish.h>
#include <aten/ops/hardswish_backward.h>
#include <aten/ops/hardtanh.h>
#include <aten/ops/hardtanh_backward.h>
#include <aten/ops/leaky_relu.h>
#include <aten/ops/leaky_relu_backward.h>
#include <aten/ops/log_sigmoid.h>
#include <aten/ops/log_sigmoid_backward.h>
#include <aten/ops/log_sigmoid_forward.h>
#include <aten/ops/mish.h>
#include <aten/ops/mish_backward.h>
#include <aten/ops/prelu.h>
#include <aten/ops/relu6.h>
#include <aten/ops/selu.h>
#include <aten/ops/silu.h>
#include <aten/ops/softshrink.h>
#include <aten/ops/softshrink_backward.h>
#include <aten/ops/squeeze.h>
#include <aten/ops/sum.h>
#include <aten/ops/t.h>
#include <aten/ops/threshold.h>
#include <aten/ops/threshold_backward.h>
#include <aten/ops/to.h>
#include <gtest/gtest.h>

#include <algorithm>
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

// ---- elu, selu, celu -------------------------------------------------------------------------

namespace {
// The elements of a Float tensor.
std::vector<float> floats_of(const Tensor& t) {
  const Tensor c = t.contiguous();
  return {c.data_ptr<float>(), c.data_ptr<float>() + c.numel()};
}
}  // namespace

// elu against the formula, in the vector loop (67 elements) and the scalar one; selu's and
// celu's coefficients; the arguments elu's family refuses.
TEST(Elu, MatchesReferenceWithSeluAndCeluCoefficients) {
  const std::vector<float> xs = {-3.f, -1.f, -0.25f, 0.f, 0.5f, 2.f};
  for (int64_t repeat : {1, 12}) {
    std::vector<float> data;
    for (int64_t r = 0; r < repeat; ++r) data.insert(data.end(), xs.begin(), xs.end());
    Tensor x = empty({static_cast<int64_t>(data.size())}, ScalarType::Float);
    std::memcpy(x.data_ptr<float>(), data.data(), data.size() * sizeof(float));
    const std::vector<float> e = floats_of(elu(x, 0.5, 2, 1.5));
    const std::vector<float> s = floats_of(selu(x));
    const std::vector<float> c = floats_of(celu(x, 2));
    for (size_t i = 0; i < data.size(); ++i) {
      const double v = data[i];
      EXPECT_NEAR(e[i], v > 0 ? 2 * v : std::expm1(1.5 * v) * 0.5 * 2, 1e-6) << v;
      const double selu_want = 1.0507009873554805 *
                               (v > 0 ? v : 1.6732632423543772 * std::expm1(v));
      EXPECT_NEAR(s[i], selu_want, 1e-6) << v;
      EXPECT_NEAR(c[i], v > 0 ? v : 2 * std::expm1(v / 2), 1e-6) << v;
    }
  }
  expect_error([] { celu(tensor({1.f}), 0); }, {"ZeroDivisionError: alpha cannot be 0 for CELU"});
  expect_error([] { elu_backward(tensor({1.f}), -1, 1, 1, true, tensor({-0.5f})); },
               {"In-place elu backward calculation is triggered with a negative slope"});
  expect_error([] { elu(tensor({1})); }, {"\"elu\" not implemented for 'Int'"});
  // From the result: grad * input_scale * (r + alpha * scale) below 0.
  EXPECT_FLOAT_EQ(
      elu_backward(tensor({2.f}), 0.5, 2, 1.5, true, tensor({-0.5f})).data_ptr<float>()[0],
      2.f * 1.5f * (-0.5f + 1.f));
}

// ---- hardtanh, relu6 ---------------------------------------------------------------------------

// hardtanh clamps, keeping an integral dtype (its bounds truncated) and -0; relu6 is
// hardtanh(0, 6); Bool and Byte with a negative bound are refused, as in ATen.
TEST(Hardtanh, BoundsDtypesAndErrors) {
  const std::vector<float> h = floats_of(
      hardtanh(tensor({-2.f, -0.f, 0.5f, 3.f, std::numeric_limits<float>::quiet_NaN()})));
  EXPECT_EQ(h[0], -1.f);
  EXPECT_TRUE(h[1] == 0.f && std::signbit(h[1]));
  EXPECT_EQ(h[2], 0.5f);
  EXPECT_EQ(h[3], 1.f);
  EXPECT_TRUE(std::isnan(h[4]));
  const Tensor i = hardtanh(tensor({-5, 0, 1, 2, 5}), -1.7, 2.9);  // bounds -1 and 2
  EXPECT_EQ(i.scalar_type(), ScalarType::Int);
  const std::vector<int> want = {-1, 0, 1, 2, 2};
  for (int64_t k = 0; k < 5; ++k) EXPECT_EQ(i.data_ptr<int>()[k], want[k]);
  const Tensor r = relu6(tensor({-1.f, 3.f, 7.f}));
  EXPECT_EQ(floats_of(r), (std::vector<float>{0.f, 3.f, 6.f}));
  expect_error([] { hardtanh(tensor({true})); }, {"Bool inputs not supported for hardtanh"});
  expect_error([] { hardtanh(tensor({1}).to(ScalarType::Byte)); },
               {"cannot do hardtanh on an unsigned type with negative limits"});
  EXPECT_EQ(relu6(tensor({9}).to(ScalarType::Byte)).data_ptr<uint8_t>()[0], 6);
  // The gradient passes strictly inside the bounds.
  const std::vector<float> g = floats_of(
      hardtanh_backward(tensor({1.f, 1.f, 1.f, 1.f}), tensor({-1.f, -0.5f, 1.f, 2.f}), -1, 1));
  EXPECT_EQ(g, (std::vector<float>{0.f, 1.f, 0.f, 0.f}));
}

// ---- hardsigmoid, hardswish ------------------------------------------------------------------

TEST(HardSigmoidSwish, PiecesAndEdges) {
  const Tensor x = tensor({-4.f, -3.f, -1.5f, 0.f, 1.5f, 3.f, 4.f});
  const std::vector<float> s = floats_of(hardsigmoid(x));
  const std::vector<float> w = floats_of(hardswish(x));
  const std::vector<float> xs = floats_of(x);
  for (size_t i = 0; i < xs.size(); ++i) {
    const double v = xs[i];
    const double hs = std::min(std::max(v + 3, 0.0), 6.0) / 6;
    EXPECT_FLOAT_EQ(s[i], hs) << v;
    EXPECT_FLOAT_EQ(w[i], v * hs) << v;
  }
  EXPECT_TRUE(std::isnan(hardsigmoid(tensor({std::nanf("")})).data_ptr<float>()[0]));
  const Tensor ones = tensor({1.f, 1.f, 1.f, 1.f, 1.f, 1.f, 1.f});
  // hardsigmoid's gradient: 1/6 strictly inside (-3, 3); hardswish's: x / 3 + 0.5 on [-3, 3).
  EXPECT_EQ(floats_of(hardsigmoid_backward(ones, x)),
            (std::vector<float>{0.f, 0.f, 1.f / 6, 1.f / 6, 1.f / 6, 0.f, 0.f}));
  EXPECT_EQ(floats_of(hardswish_backward(ones, x)),
            (std::vector<float>{0.f, -0.5f, 0.f, 0.5f, 1.f, 1.f, 1.f}));
}

// ---- threshold -------------------------------------------------------------------------------

// value where x <= threshold, NaN kept; integral dtypes take the Scalars truncated; an in-place
// self that overlaps itself is fine (each location gets one value), as in ATen.
TEST(Threshold, ValuesDtypesAndOverlap) {
  const std::vector<float> t = floats_of(
      threshold(tensor({-1.f, 0.5f, 0.6f, std::nanf("")}), 0.5, -7));
  EXPECT_EQ(t[0], -7.f);
  EXPECT_EQ(t[1], -7.f);
  EXPECT_EQ(t[2], 0.6f);
  EXPECT_TRUE(std::isnan(t[3]));
  const Tensor i = threshold(tensor({0, 1, 2, 3}), 1.9, 9.5);  // 1 and 9
  const std::vector<int> want = {9, 9, 2, 3};
  for (int64_t k = 0; k < 4; ++k) EXPECT_EQ(i.data_ptr<int>()[k], want[k]);
  Tensor e = tensor({-1.f}).expand({4});
  threshold_(e, 0, 5);
  EXPECT_EQ(e.data_ptr<float>()[0], 5.f);
  EXPECT_EQ(floats_of(threshold_backward(tensor({2.f, 2.f}), tensor({0.f, 1.f}), 0)),
            (std::vector<float>{0.f, 2.f}));
}

// ---- mish ------------------------------------------------------------------------------------

TEST(Mish, MatchesReferenceAndBackwardFormula) {
  const Tensor x = tensor({-20.f, -2.f, -0.5f, 0.f, 0.5f, 3.f, 30.f});
  const std::vector<float> m = floats_of(mish(x));
  const std::vector<float> g = floats_of(
      mish_backward(tensor({1.f, 1.f, 1.f, 1.f, 1.f, 1.f, 1.f}), x));
  const std::vector<float> xs = floats_of(x);
  for (size_t i = 0; i < xs.size(); ++i) {
    const double v = xs[i];
    const double t = std::tanh(std::log1p(std::exp(v)));
    EXPECT_NEAR(m[i], v * t, 1e-6 * std::max(1.0, std::fabs(v))) << v;
    const double s = 1 / (1 + std::exp(-v));
    EXPECT_NEAR(g[i], t + v * s * (1 - t * t), 1e-6) << v;
  }
}

// ---- softshrink, hardshrink ------------------------------------------------------------------

TEST(Shrink, PiecesBoundariesAndLambdaCheck) {
  const Tensor x = tensor({-2.f, -0.5f, -0.25f, 0.f, 0.5f, 0.75f});
  EXPECT_EQ(floats_of(softshrink(x)), (std::vector<float>{-1.5f, 0.f, 0.f, 0.f, 0.f, 0.25f}));
  EXPECT_EQ(floats_of(hardshrink(x)), (std::vector<float>{-2.f, 0.f, 0.f, 0.f, 0.f, 0.75f}));
  const Tensor ones = tensor({1.f, 1.f, 1.f, 1.f, 1.f, 1.f});
  const std::vector<float> pass = {1.f, 0.f, 0.f, 0.f, 0.f, 1.f};
  EXPECT_EQ(floats_of(softshrink_backward(ones, x, 0.5)), pass);
  EXPECT_EQ(floats_of(hardshrink_backward(ones, x, 0.5)), pass);
  expect_error([] { softshrink(tensor({1.f}), -0.5); },
               {"lambda must be greater or equal to 0, but found to be -0.5"});
}

// ---- log_sigmoid, glu --------------------------------------------------------------------------

// log_sigmoid keeps its accuracy at both ends (no overflow of exp, no log of 1 - tiny), and its
// buffer is exp(-|x|); the results are contiguous whatever self's layout, as ATen's.
TEST(LogSigmoid, ValuesBufferAndLayout) {
  const Tensor x = tensor({-100.f, -2.f, 0.f, 3.f, 40.f});
  const auto [output, buffer] = log_sigmoid_forward(x);
  const std::vector<float> y = floats_of(output), z = floats_of(buffer), xs = floats_of(x);
  for (size_t i = 0; i < xs.size(); ++i) {
    const double v = xs[i];
    const double want = v < 0 ? v - std::log1p(std::exp(v)) : -std::log1p(std::exp(-v));
    EXPECT_NEAR(y[i], want, 1e-6 * std::max(1.0, std::fabs(want))) << v;
    EXPECT_FLOAT_EQ(z[i], std::exp(-std::fabs(v))) << v;
  }
  EXPECT_EQ(floats_of(log_sigmoid(x)), y);
  const Tensor t = log_sigmoid(empty({3, 4}, ScalarType::Float).t());
  EXPECT_TRUE(t.is_contiguous());
  // The gradient, sigmoid(-x), from the buffer.
  const std::vector<float> g = floats_of(log_sigmoid_backward(full({5}, 1.f), x, buffer));
  for (size_t i = 0; i < xs.size(); ++i)
    EXPECT_NEAR(g[i], 1 / (1 + std::exp(static_cast<double>(xs[i]))), 1e-6) << xs[i];
  expect_error([] { log_sigmoid(tensor({1})); }, {"\"log_sigmoid_forward\" not implemented"});
}

// glu halves dim (negative dims wrap) and refuses odd sizes and 0-dim tensors; its backward
// gives both halves their gradients, against the formula.
TEST(Glu, HalvesBackwardAndErrors) {
  const Tensor x = tensor({1.f, -2.f, 0.5f, 3.f, -1.f, 2.f}, {2, 3}).t();  // [3, 2]
  const std::vector<float> y = floats_of(glu(x));                          // halves of dim 1
  const std::vector<float> xs = floats_of(x);
  for (int64_t r = 0; r < 3; ++r) {
    const double a = xs[2 * r], b = xs[2 * r + 1];
    EXPECT_NEAR(y[r], a / (1 + std::exp(-b)), 1e-6);
  }
  const Tensor g = glu_backward(full({3, 1}, 2.f), x, -1);
  const std::vector<float> gs = floats_of(g);
  for (int64_t r = 0; r < 3; ++r) {
    const double a = xs[2 * r], b = xs[2 * r + 1], s = 1 / (1 + std::exp(-b));
    EXPECT_NEAR(gs[2 * r], 2 * s, 1e-6);
    EXPECT_NEAR(gs[2 * r + 1], 2 * (1 - s) * s * a, 1e-6);
  }
  // The gradient is contiguous whatever self's layout (ATen resizes it so).
  const Tensor channels_last = full({1, 2, 2, 4}, 0.5f).permute({0, 3, 1, 2});  // [1, 4, 2, 2]
  EXPECT_TRUE(glu_backward(full({1, 2, 2, 2}, 2.f), channels_last, 1).is_contiguous());
  expect_error(
      [] {
        glu(empty({3, 5}, ScalarType::Float));
      },
      {"Halving dimension must be even, but dimension 1 is size 5"});
  expect_error([] { glu(tensor({1.f}).squeeze()); },
               {"glu does not support 0-dimensional tensors"});
  expect_error(
      [] {
        glu_backward(full({1}, 1.f), tensor({1, 2}), 0);
      },
      {"\"glu_backward\" not implemented for 'Int'"});
}

// ---- prelu -------------------------------------------------------------------------------------

// A weight per channel (dim 1) or shared; ATen's checks of the weight; both gradients.
TEST(Prelu, ChannelsGradientsAndErrors) {
  const Tensor x = tensor({-1.f, 2.f, -3.f, 4.f}, {2, 2});
  EXPECT_EQ(floats_of(prelu(x, tensor({0.5f, 0.25f}))),
            (std::vector<float>{-0.5f, 2.f, -1.5f, 4.f}));
  EXPECT_EQ(floats_of(prelu(x, tensor({0.5f}))), (std::vector<float>{-0.5f, 2.f, -1.5f, 4.f}));
  Tensor xs = x.clone().requires_grad_(true);
  Tensor w = tensor({0.5f, 0.25f}).requires_grad_(true);
  prelu(xs, w).sum().backward();
  EXPECT_EQ(floats_of(xs.grad()), (std::vector<float>{0.5f, 1.f, 0.5f, 1.f}));
  EXPECT_EQ(floats_of(w.grad()), (std::vector<float>{-4.f, 0.f}));  // the negative inputs, summed
  expect_error(
      [] {
        prelu(empty({2, 3}, ScalarType::Float), tensor({1.f, 2.f}));
      },
      {"Mismatch of parameter numbers and input channel size. Found parameter numbers "
       "= 2 and channel size = 3."});
  expect_error(
      [] {
        prelu(tensor({1.f}), empty({1, 1}, ScalarType::Float));
      },
      {"Expected `weight` to be a scalar or 1D tensor, but got ndim = 2"});
  expect_error([] { prelu(tensor({1}), tensor({1})); }, {"\"prelu\" not implemented for 'Int'"});
}

// As libtorch 1.13's: a weight of another dtype is converted to self's, the result's; the result
// and self's gradient are contiguous whatever self's layout.
TEST(Prelu, WeightOfAnotherDtypeAndContiguousResults) {
  const Tensor x = tensor({-1.f, 2.f, -3.f, 4.f, -5.f, 6.f}, {2, 3}).t();
  const Tensor y = prelu(x.to(ScalarType::BFloat16), tensor({0.25f}));
  EXPECT_EQ(y.scalar_type(), ScalarType::BFloat16);
  EXPECT_EQ(floats_of(y.to(ScalarType::Float)),
            (std::vector<float>{-0.25f, 4.f, 2.f, -1.25f, -0.75f, 6.f}));
  Tensor xs = x.clone().t().contiguous().t().requires_grad_(true);  // column-major
  const Tensor out = prelu(xs, tensor({0.5f}));
  EXPECT_TRUE(out.is_contiguous());
  out.sum().backward();
  EXPECT_TRUE(xs.grad().is_contiguous());
  EXPECT_EQ(floats_of(xs.grad()), (std::vector<float>{0.5f, 1.f, 1.f, 0.5f, 0.5f, 1.f}));
  // An infinite weight reaches only the negative elements' gradients (libtorch 1.13: 1, inf).
  Tensor pos = tensor({2.f, -1.f}).requires_grad_(true);
  prelu(pos, tensor({std::numeric_limits<float>::infinity()})).sum().backward();
  EXPECT_EQ(floats_of(pos.grad()),
            (std::vector<float>{1.f, std::numeric_limits<float>::infinity()}));
}
