// Gradients of the composite operators (no formula of their own: they record through the ops
// they are made of), which the manifest suite's gradcheck sweep does not reach: first and
// second derivatives against finite differences.
#include "autograd/AutogradTestHelpers.h"

#include <aten/autograd/Gradcheck.h>
#include <aten/ops/conv1d.h>
#include <aten/ops/conv2d.h>
#include <aten/ops/cross_entropy_loss.h>
#include <aten/ops/linear.h>
#include <aten/ops/log_softmax.h>
#include <aten/ops/nll_loss.h>
#include <aten/ops/randn.h>
#include <aten/ops/softmax.h>
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
