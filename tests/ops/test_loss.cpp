// The ops of aten/native/Loss.cpp against naive loops: the pointwise losses with a broadcast
// target and each reduction, binary_cross_entropy's clamp and range check,
// binary_cross_entropy_with_logits at large logits, kl_div's zero targets, and the argument
// errors. (Every dtype and layout, out= and gradients: the manifest cases, cases/Loss.cpp.)
#include <aten/Factories.h>
#include <aten/core/Reduction.h>
#include <aten/core/Tensor.h>
#include <aten/ops/binary_cross_entropy.h>
#include <aten/ops/binary_cross_entropy_backward.h>
#include <aten/ops/binary_cross_entropy_with_logits.h>
#include <aten/ops/empty.h>
#include <aten/ops/huber_loss.h>
#include <aten/ops/huber_loss_backward.h>
#include <aten/ops/kl_div.h>
#include <aten/ops/l1_loss.h>
#include <aten/ops/mse_loss.h>
#include <aten/ops/mse_loss_backward.h>
#include <aten/ops/ones_like.h>
#include <aten/ops/smooth_l1_loss.h>
#include <aten/ops/smooth_l1_loss_backward.h>
#include <aten/ops/zeros_like.h>
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <vector>

#include "Reference.h"

using namespace aten;
using ref::expect_error;

namespace {

constexpr int64_t kRows = 3, kCols = 7;

double x_at(int64_t i) { return 0.3 * static_cast<double>(i) - 2.9; }
double t_at(int64_t c) { return 0.8 - 0.45 * static_cast<double>(c); }

// The loss of x [kRows, kCols] against t [kCols] broadcast along the rows, by f, reduced.
std::vector<double> expected(const std::function<double(double, double)>& f, int64_t reduction) {
  std::vector<double> per;
  double sum = 0;
  for (int64_t i = 0; i < kRows * kCols; ++i) {
    per.push_back(f(x_at(i), t_at(i % kCols)));
    sum += per.back();
  }
  if (reduction == Reduction::None) return per;
  return {reduction == Reduction::Mean ? sum / (kRows * kCols) : sum};
}

void expect_values(const Tensor& got, const std::vector<double>& want) {
  ASSERT_EQ(got.numel(), static_cast<int64_t>(want.size()));
  const Tensor c = got.contiguous();
  for (size_t i = 0; i < want.size(); ++i)
    EXPECT_NEAR(c.data_ptr<double>()[i], want[i], 1e-12 * (1 + std::abs(want[i]))) << "at " << i;
}

TEST(Loss, PointwiseLossesMatchReference) {
  const Tensor x = ref::make<double>({kRows, kCols}, x_at);
  const Tensor t = ref::make<double>({kCols}, t_at);
  for (int64_t r : {Reduction::None, Reduction::Mean, Reduction::Sum}) {
    SCOPED_TRACE(r);
    expect_values(mse_loss(x, t, r),
                  expected([](double a, double b) { return (a - b) * (a - b); }, r));
    expect_values(l1_loss(x, t, r),
                  expected([](double a, double b) { return std::abs(a - b); }, r));
    expect_values(smooth_l1_loss(x, t, r, 0.75), expected(
                                                     [](double a, double b) {
                                                       const double z = std::abs(a - b);
                                                       return z < 0.75 ? 0.5 * z * z / 0.75
                                                                       : z - 0.375;
                                                     },
                                                     r));
    expect_values(huber_loss(x, t, r, 1.5), expected(
                                                [](double a, double b) {
                                                  const double z = std::abs(a - b);
                                                  return z < 1.5 ? 0.5 * z * z : 1.5 * (z - 0.75);
                                                },
                                                r));
  }
  // Unreduced, the result has the broadcast shape; reduced, no dims.
  EXPECT_EQ(mse_loss(x, t, Reduction::None).sizes(), x.sizes());
  EXPECT_EQ(mse_loss(x, t).dim(), 0);
  // beta 0 is l1.
  expect_values(smooth_l1_loss(x, t, Reduction::Sum, 0.0),
                expected([](double a, double b) { return std::abs(a - b); }, Reduction::Sum));
}

TEST(Loss, MseBackwardScalesTheMeanBySelfsElements) {
  const Tensor x = ref::make<double>({kRows, kCols}, x_at);
  const Tensor t = ref::make<double>({kCols}, t_at);
  const Tensor g = ref::make<double>({}, [](int64_t) { return 0.5; });
  std::vector<double> want;
  for (int64_t i = 0; i < kRows * kCols; ++i)
    want.push_back(2.0 * (x_at(i) - t_at(i % kCols)) * 0.5 / (kRows * kCols));
  expect_values(mse_loss_backward(g, x, t, Reduction::Mean), want);
}

TEST(Loss, BinaryCrossEntropyClampsItsLogsAndWeighs) {
  const Tensor x = tensor({0.0, 1.0, 0.25, 0.5}, {4});
  const Tensor t = tensor({1.0, 0.0, 0.0, 0.75}, {4});
  const Tensor w = tensor({1.0, 2.0, 3.0, 4.0}, {4});
  const double l2 = -3.0 * std::log(0.75);
  const double l3 = -4.0 * (0.75 * std::log(0.5) + 0.25 * std::log(0.5));
  expect_values(binary_cross_entropy(x, t, w, Reduction::None), {100.0, 200.0, l2, l3});
  expect_values(binary_cross_entropy(x, t, w, Reduction::Sum), {300.0 + l2 + l3});
  // Its backward at 0 and 1 divides by 1e-12 rather than 0: ATen's bound, a float.
  const Tensor g = binary_cross_entropy_backward(ref::make<double>({}, [](int64_t) { return 1.0; }),
                                                 x, t, std::nullopt, Reduction::Sum);
  EXPECT_EQ(g.data_ptr<double>()[0], -1.0 / static_cast<double>(1e-12f));
  EXPECT_NEAR(g.data_ptr<double>()[2], 0.25 / (0.75 * 0.25), 1e-12);
}

TEST(Loss, BinaryCrossEntropyRefusesInputsOutsideTheUnitInterval) {
  const Tensor t = tensor({0.5f, 0.5f});
  for (float bad : {1.5f, -0.25f, NAN}) {
    Tensor out = tensor({7.f, 7.f});
    expect_error(
        [&] {
          binary_cross_entropy_out(out, tensor({0.5f, bad}), t, std::nullopt, 0);
        },
        {"all elements of input should be between 0 and 1"});
    EXPECT_EQ(out.data_ptr<float>()[0], 7.f);  // out is written only once the loss is known
  }
}

TEST(Loss, BinaryCrossEntropyWithLogitsIsStableAtLargeLogits) {
  const Tensor x = tensor({-200.0, -1.0, 0.0, 3.0, 200.0}, {5});
  const Tensor t = tensor({0.0, 1.0, 0.5, 0.25, 1.0}, {5});
  const Tensor pw = tensor({2.0}, {1});
  const Tensor got = binary_cross_entropy_with_logits(x, t, std::nullopt, pw, Reduction::None);
  std::vector<double> want;
  for (int64_t i = 0; i < 5; ++i) {
    const double xi = ref::get<double>(x, {i}), ti = ref::get<double>(t, {i});
    // -(p t log(sigmoid(x)) + (1 - t) log(1 - sigmoid(x))), p = 2, the logs written stably.
    const double log_sig = -(std::max(-xi, 0.0) + std::log1p(std::exp(-std::abs(xi))));
    const double log_one_minus = log_sig - xi;
    want.push_back(-(2.0 * ti * log_sig + (1 - ti) * log_one_minus));
  }
  expect_values(got, want);
  // ATen's steps run in place into 1 - target: target's dtype and layout, and a target of
  // another shape than the input's is an error.
  const Tensor tf = t.to(ScalarType::Float);
  EXPECT_EQ(binary_cross_entropy_with_logits(x, tf, std::nullopt, std::nullopt, Reduction::None)
                .scalar_type(),
            ScalarType::Float);
  const Tensor xt = tensor({1.0, 2.0, 3.0, 4.0, 5.0, 6.0}, {2, 3});
  const Tensor tt = tensor({0.0, 1.0, 0.5, 0.25, 1.0, 0.0}, {3, 2}).t();
  EXPECT_EQ(binary_cross_entropy_with_logits(xt, tt, std::nullopt, std::nullopt, Reduction::None)
                .strides(),
            tt.strides());
  ref::expect_error(
      [&] {
        binary_cross_entropy_with_logits(xt, t.narrow(0, 0, 3), std::nullopt, std::nullopt,
                                         Reduction::None);
      },
      {"binary_cross_entropy_with_logits: mul_.Tensor: Bad in-place call"});
}

TEST(Loss, KlDivTakesZeroTargetsAsZero) {
  const Tensor x = tensor({-1.0, -2.0, -0.5}, {3});
  const Tensor t = tensor({0.0, 0.5, 0.25}, {3});
  expect_values(kl_div(x, t, Reduction::None),
                {0.0, 0.5 * (std::log(0.5) + 2.0), 0.25 * (std::log(0.25) + 0.5)});
  // With log_target the target is a log: its exp weighs each term.
  const Tensor log_t = tensor({-1.0, std::log(0.5), std::log(0.25)}, {3});
  expect_values(kl_div(x, log_t, Reduction::Sum, true),
                {std::exp(-1.0) * (-1.0 + 1.0) + 0.5 * (std::log(0.5) + 2.0) +
                 0.25 * (std::log(0.25) + 0.5)});
}

TEST(Loss, ArgumentErrors) {
  const Tensor x = tensor({0.5f, 0.25f}), t = tensor({0.f, 1.f});
  expect_error([&] { smooth_l1_loss(x, t, 1, -1.0); },
               {"smooth_l1_loss does not support negative values for beta."});
  expect_error([&] { huber_loss(x, t, 1, 0.0); },
               {"huber_loss does not support non-positive values for delta."});
  expect_error([&] { mse_loss(x, t, 3); }, {"mse_loss: reduction must be 0 (none), 1 (mean) or 2"});
  expect_error(
      [&] {
        mse_loss(tensor({1, 2}), tensor({1, 2}));
      },
      {"\"mse_loss\" not implemented for 'Int'"});
  expect_error([&] { mse_loss(x, tensor({1.f, 2.f, 3.f})); }, {"size of tensor"});
  expect_error(
      [&] {
        binary_cross_entropy(x, tensor({0.f, 1.f}).to(kDouble));
      },
      {"Found dtype Double but expected Float"});
  expect_error(
      [&] {
        binary_cross_entropy(x, tensor({0.5f, 0.5f, 0.5f, 0.5f}, {2, 2}));
      },
      {"binary_cross_entropy: target of shape [2, 2] does not broadcast to self's shape [2]"});
  expect_error(
      [&] {
        kl_div(tensor({1, 2}), tensor({1, 2}));
      },
      {"kl_div: Integral inputs not supported."});
}

TEST(Loss, MetaGivesTheShapes) {
  const Tensor x = empty({4, 5}, TensorOptions().device(kMeta));
  const Tensor t = empty({5}, TensorOptions().device(kMeta));
  EXPECT_EQ(huber_loss(x, t, Reduction::None).sizes(), x.sizes());
  EXPECT_EQ(smooth_l1_loss(x, t).dim(), 0);
  EXPECT_EQ(binary_cross_entropy(x, t, std::nullopt, Reduction::None).sizes(), x.sizes());
  EXPECT_EQ(binary_cross_entropy_backward(empty({}, TensorOptions().device(kMeta)), x, t).sizes(),
            x.sizes());
}

}  // namespace

// beta and delta are taken in the dtype, as ATen's kernels take them: a beta past Half's range is
// infinite there, so an infinite difference gives inf - inf.
TEST(Loss, BetaAndDeltaAreRoundedToTheDtype) {
  const Tensor x = ref::make<Half>({2}, [](int64_t i) { return i == 0 ? 3.0 : -70000.0; });
  const Tensor out = smooth_l1_loss(x, zeros_like(x), Reduction::None, 3e38);
  EXPECT_EQ(ref::read_double(out, {0}), 0);
  EXPECT_TRUE(std::isnan(ref::read_double(out, {1})));
}

TEST(Loss, HuberBackwardRefusesANonPositiveDeltaAsTheForwardDoes) {
  const Tensor x = ref::make<float>({3}, [](int64_t i) { return static_cast<double>(i); });
  expect_error([&] { huber_loss_backward(ones_like(x), x, zeros_like(x), Reduction::None, -2.0); },
               {"huber_loss_backward does not support non-positive values for delta"});
}

TEST(Loss, SmoothL1BackwardRefusesANegativeBetaAsTheForwardDoes) {
  const Tensor x = ref::make<float>({3}, [](int64_t i) { return static_cast<double>(i); });
  expect_error(
      [&] { smooth_l1_loss_backward(ones_like(x), x, zeros_like(x), Reduction::None, -1.0); },
      {"smooth_l1_loss_backward does not support negative values for beta"});
}

// Inside beta the gradient is norm * (d / beta) * grad: with beta 1e30, d * grad alone would
// overflow Float.
TEST(Loss, SmoothL1BackwardDividesByBetaBeforeTheGradient) {
  const Tensor x = ref::make<float>({3}, [](int64_t) { return 3e18; });
  const Tensor g = ref::make<float>({3}, [](int64_t) { return 3e20; });
  const Tensor grad = smooth_l1_loss_backward(g, x, zeros_like(x), Reduction::None, 1e30);
  EXPECT_NEAR(ref::read_double(grad, {2}), 9e8, 1e3);
}

// ATen's huber_loss is not structured: the loss is empty_like(self), so it has self's dtype and
// layout, and the inputs' common dtype must cast to self's.
TEST(Loss, HuberLossHasSelfsDtypeAndLayout) {
  const Tensor self = ref::restride(empty({4, 3}, ScalarType::Half), {3, 4}, {1, 3});
  const Tensor out = huber_loss(self.fill_(1.5), zeros_like(self).to(kFloat), Reduction::None);
  EXPECT_EQ(out.scalar_type(), ScalarType::Half);
  EXPECT_EQ(out.strides(), IntArrayRef({1, 3}));
  EXPECT_EQ(ref::read_double(out, {2, 1}), 1.0);  // 1.5 - 0.5: past delta 1
  expect_error(
      [&] {
        huber_loss(tensor({1, 2}).to(kByte), tensor({0.f, 1.f}));
      },
      {"result type Float can't be cast to the desired output type Byte"});
  // Any reduction other than mean and sum leaves the loss as it is, as ATen's does.
  EXPECT_EQ(huber_loss(tensor({0.5f, 3.f}), tensor({0.f, 0.f}), 5).sizes(), IntArrayRef({2}));
}

// The backward ops' result is contiguous when the inputs have self's shape (ATen's zeros_like of
// self), and laid out by the iterator when they broadcast to another (which ATen's iterator then
// resizes): here self [2, 7, 1] transposed against grad_output [2, 7, 4] gives libtorch 1.13's
// strides [4, 8, 1].
TEST(Loss, BackwardLayoutsAreATens) {
  const Tensor self = ref::restride(empty({1, 7, 2}), {2, 7, 1}, {1, 2, 14}).fill_(1);
  const Tensor target = tensor({0.f, 1.f, 2.f, 3.f});
  const Tensor g = ones_like(empty({2, 7, 4}));
  EXPECT_EQ(mse_loss_backward(g, self, target, Reduction::Mean).strides(), IntArrayRef({4, 8, 1}));
  const Tensor same = ref::restride(empty({4, 3}), {3, 4}, {1, 3}).fill_(1);
  EXPECT_EQ(mse_loss_backward(ones_like(same), same, zeros_like(same), Reduction::Sum).strides(),
            IntArrayRef({4, 1}));
}
