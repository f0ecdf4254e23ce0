// Gradients of the composite operators (no formula of their own: they record through the ops
// they are made of), which the manifest suite's gradcheck sweep does not reach: first and
// second derivatives against finite differences.
#include "autograd/AutogradTestHelpers.h"

#include <aten/autograd/Gradcheck.h>
#include <aten/ops/batch_norm.h>
#include <aten/ops/conv1d.h>
#include <aten/ops/conv2d.h>
#include <aten/ops/cross_entropy_loss.h>
#include <aten/ops/group_norm.h>
#include <aten/ops/instance_norm.h>
#include <aten/ops/layer_norm.h>
#include <aten/ops/leaky_relu.h>
#include <aten/ops/linear.h>
#include <aten/ops/log_softmax.h>
#include <aten/ops/nll_loss.h>
#include <aten/ops/ones.h>
#include <aten/ops/randn.h>
#include <aten/ops/softmax.h>
#include <aten/ops/softplus.h>
#include <gtest/gtest.h>

using namespace aten;

namespace {

Tensor doubles(IntArrayRef sizes, uint64_t seed) {
  Generator g = make_generator(seed);
  return randn(sizes, g, TensorOptions(ScalarType::Double)).requires_grad_(true);
}

void check(const autograd::TensorFunction& fn, const std::vector<Tensor>& inputs) {
  EXPECT_TRUE(autograd::gradcheck(fn, inputs));
  EXPECT_TRUE(autograd::gradgradcheck(fn, inputs));
}

}  // namespace

TEST(CompositeGradients, Conv2dWithStridePaddingDilationGroupsAndBias) {
  check(
      [](const std::vector<Tensor>& in) {
        return std::vector<Tensor>{conv2d(in[0], in[1], in[2], {2, 1}, {1, 0}, {1, 2}, 2)};
      },
      {doubles({1, 4, 4, 5}, 1), doubles({4, 2, 2, 3}, 2), doubles({4}, 3)});
}

TEST(CompositeGradients, Conv2dUnbatchedAndConv1d) {
  check([](const std::vector<Tensor>& in) { return std::vector<Tensor>{conv2d(in[0], in[1])}; },
        {doubles({2, 4, 4}, 4), doubles({3, 2, 3, 3}, 5)});
  check(
      [](const std::vector<Tensor>& in) {
        return std::vector<Tensor>{conv1d(in[0], in[1], in[2], {2}, {1})};
      },
      {doubles({2, 3, 7}, 6), doubles({4, 3, 3}, 7), doubles({4}, 8)});
}

TEST(CompositeGradients, LinearSoftmaxAndLosses) {
  check(
      [](const std::vector<Tensor>& in) {
        return std::vector<Tensor>{linear(in[0], in[1], in[2])};
      },
      {doubles({3, 4}, 9), doubles({5, 4}, 10), doubles({5}, 11)});
  check(
      [](const std::vector<Tensor>& in) {
        return std::vector<Tensor>{softmax(in[0], 1), log_softmax(in[0], 0)};
      },
      {doubles({3, 4}, 12)});
  const Tensor target = tensor({2, 0, 4}, TensorOptions(ScalarType::Long));
  check(
      [&](const std::vector<Tensor>& in) {
        return std::vector<Tensor>{
            cross_entropy_loss(in[0], target),
            cross_entropy_loss(in[0], target, std::nullopt, Reduction::Sum, -100, 0.2),
            nll_loss(log_softmax(in[0], 1), target, std::nullopt, Reduction::None)};
      },
      {doubles({3, 5}, 13)});
  check(
      [](const std::vector<Tensor>& in) {
        return std::vector<Tensor>{cross_entropy_loss(in[0], softmax(in[1], 1))};
      },
      {doubles({3, 5}, 14), doubles({3, 5}, 15)});
}

// The normalisation ops: the first derivatives are native_*_backward, the second ones
// (gradgradcheck) the double backward formulas of aten/autograd/NormalizationBackward.cpp.
TEST(CompositeGradients, BatchNormTrainingAndEvaluation) {
  check(
      [](const std::vector<Tensor>& in) {
        return std::vector<Tensor>{
            batch_norm(in[0], in[1], in[2], Tensor(), Tensor(), true, 0.1, 1e-5, false)};
      },
      {doubles({3, 2, 4}, 16), doubles({2}, 17), doubles({2}, 18)});
  check(
      [](const std::vector<Tensor>& in) {
        return std::vector<Tensor>{
            batch_norm(in[0], in[1], std::nullopt, Tensor(), Tensor(), true, 0.1, 1e-5, false)};
      },
      {doubles({5, 3}, 19), doubles({3}, 20)});
  const Tensor rm = doubles({2}, 21).detach(), rv = ones({2}, ScalarType::Double) * 1.5;
  check(
      [&](const std::vector<Tensor>& in) {
        return std::vector<Tensor>{
            batch_norm(in[0], in[1], in[2], rm, rv, false, 0.1, 1e-5, false)};
      },
      {doubles({3, 2, 2, 2}, 22), doubles({2}, 23), doubles({2}, 24)});
}

TEST(CompositeGradients, LayerNormGroupNormInstanceNorm) {
  check(
      [](const std::vector<Tensor>& in) {
        return std::vector<Tensor>{layer_norm(in[0], {2, 3}, in[1], in[2], 1e-5, true)};
      },
      {doubles({4, 2, 3}, 25), doubles({2, 3}, 26), doubles({2, 3}, 27)});
  check(
      [](const std::vector<Tensor>& in) {
        return std::vector<Tensor>{layer_norm(in[0], {5}, std::nullopt, std::nullopt, 1e-5, true)};
      },
      {doubles({3, 5}, 28)});
  check(
      [](const std::vector<Tensor>& in) {
        return std::vector<Tensor>{group_norm(in[0], 2, in[1], in[2], 1e-5, true)};
      },
      {doubles({2, 4, 3}, 29), doubles({4}, 30), doubles({4}, 31)});
  check(
      [](const std::vector<Tensor>& in) {
        return std::vector<Tensor>{
            instance_norm(in[0], in[1], in[2], Tensor(), Tensor(), true, 0.1, 1e-5, false)};
      },
      {doubles({2, 3, 4}, 32), doubles({3}, 33), doubles({3}, 34)});
}

// leaky_relu and softplus: their backward ops' own formulas (softplus_double_backward), through
// the second derivative, with inputs on both sides of softplus's threshold (beta 2, threshold 1).
TEST(CompositeGradients, LeakyReluAndSoftplusSecondDerivatives) {
  check(
      [](const std::vector<Tensor>& in) {
        return std::vector<Tensor>{leaky_relu(in[0], -0.3), leaky_relu(in[0] * in[0], 0.2),
                                   softplus(in[0]), softplus(in[0] * in[0], 2, 1)};
      },
      {doubles({3, 5}, 35)});
}
