// Gradients of the composite operators (no formula of their own: they record through the ops
// they are made of), which the manifest suite's gradcheck sweep does not reach: first and
// second derivatives against finite differences. The indexing ops (last) have formulas of their
// own, checked here on the index layouts the manifest sweep does not draw.
#include "autograd/AutogradTestHelpers.h"

#include <aten/autograd/Gradcheck.h>
#include <aten/ops/allclose.h>
#include <aten/ops/arange.h>
#include <aten/ops/batch_norm.h>
#include <aten/ops/conv1d.h>
#include <aten/ops/conv2d.h>
#include <aten/ops/cross_entropy_loss.h>
#include <aten/ops/embedding.h>
#include <aten/ops/embedding_dense_backward.h>
#include <aten/ops/group_norm.h>
#include <aten/ops/index.h>
#include <aten/ops/index_add.h>
#include <aten/ops/index_fill.h>
#include <aten/ops/index_put.h>
#include <aten/ops/instance_norm.h>
#include <aten/ops/layer_norm.h>
#include <aten/ops/leaky_relu.h>
#include <aten/ops/linear.h>
#include <aten/ops/log_softmax.h>
#include <aten/ops/masked_select.h>
#include <aten/ops/nll_loss.h>
#include <aten/ops/ones.h>
#include <aten/ops/randn.h>
#include <aten/ops/softmax.h>
#include <aten/ops/softplus.h>
#include <aten/ops/zeros.h>
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

// ---- indexing (aten/native/Indexing.cpp, Embedding.cpp): their formulas, through ops ----------

TEST(IndexingGradients, IndexWithLongIndicesAndMasks) {
  const Tensor rows = tensor({2, 0, 2, -1}, TensorOptions(ScalarType::Long));
  const Tensor cols = tensor({1, 3}, TensorOptions(ScalarType::Long)).reshape({2, 1});
  const Tensor mask = tensor({1, 0, 1}, TensorOptions(ScalarType::Bool));
  check(
      [&](const std::vector<Tensor>& in) {
        return std::vector<Tensor>{
            index(in[0], {rows}),                // repeated rows sum
            index(in[0], {std::nullopt, cols}),  // a None entry
            index(in[0], {rows.narrow(0, 0, 2), std::nullopt, cols.reshape({2})}),  // separated
            index(in[0], {mask}),                                                   // a mask
            masked_select(in[0], mask.reshape({3, 1, 1}))};  // broadcast mask
      },
      {doubles({3, 4, 5}, 21)});
}

TEST(IndexingGradients, IndexPutSelfAndValues) {
  const Tensor idx = tensor({1, 3, 0}, TensorOptions(ScalarType::Long));
  const Tensor dup = tensor({1, 1, 0}, TensorOptions(ScalarType::Long));
  const Tensor cols = tensor({2, 0}, TensorOptions(ScalarType::Long));
  check(
      [&](const std::vector<Tensor>& in) {
        return std::vector<Tensor>{index_put(in[0], {idx}, in[1]),
                                   index_put(in[0], {dup}, in[1], true),
                                   index_put(in[0], {std::nullopt, cols}, in[2])};
      },
      {doubles({4, 3}, 22), doubles({3, 3}, 23), doubles({2}, 24)});
  // In place, on a copy of a leaf.
  check(
      [&](const std::vector<Tensor>& in) {
        Tensor x = in[0].clone();
        x.index_put_({idx}, in[1], true);
        return std::vector<Tensor>{x};
      },
      {doubles({4, 3}, 25), doubles({3}, 26)});
}

TEST(IndexingGradients, EmbeddingPaddingAndFrequency) {
  const Tensor idx = tensor({1, 3, 1, 0, 4, 1}, TensorOptions(ScalarType::Long)).reshape({2, 3});
  check([&](const std::vector<Tensor>& in) { return std::vector<Tensor>{embedding(in[0], idx)}; },
        {doubles({5, 3}, 27)});
  // padding_idx and scale_grad_by_freq change the gradient on purpose (ATen's): row 1, three
  // times in idx, gets nothing, or a third of its sum.
  for (auto [padding, scale] : {std::pair<int64_t, bool>{1, false}, {-1, true}}) {
    Tensor w = doubles({5, 3}, 28);
    embedding(w, idx, padding, scale).sum().backward();
    const Tensor g = w.grad().to(ScalarType::Float);
    EXPECT_EQ(autograd::test::values(g.select(0, 1)), std::vector<float>(3, padding == 1 ? 0 : 1));
    EXPECT_EQ(autograd::test::values(g.select(0, 3)), std::vector<float>(3, 1));
  }
  // The backward's own gradient with respect to grad_output, padding and frequency included.
  check(
      [&](const std::vector<Tensor>& in) {
        return std::vector<Tensor>{embedding_dense_backward(in[0], idx, 5, 1, false),
                                   embedding_dense_backward(in[0], idx, 5, -1, true)};
      },
      {doubles({2, 3, 4}, 29)});
  EXPECT_THROW(embedding(doubles({5, 3}, 30), idx, -1, false, true).sum().backward(), Error);
}

TEST(IndexingGradients, MaskedSelectOfATransposedSelf) {
  // The gradient goes back where the mask selected, whatever self's layout.
  Tensor x = doubles({4, 3}, 31).detach().t().requires_grad_(true);  // [3, 4], strides [1, 3]
  const Tensor mask =
      tensor({1, 0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 0}, TensorOptions(ScalarType::Bool)).reshape({3, 4});
  Tensor y = masked_select(x, mask);
  // A strided gradient, as a sliced one.
  y.backward(
      tensor({0.0, 9.0, 1.0, 9.0, 2.0, 9.0, 3.0, 9.0, 4.0, 9.0}, TensorOptions(ScalarType::Double))
          .slice(0, 0, 10, 2));
  const Tensor g = x.grad().to(ScalarType::Float).contiguous();
  EXPECT_EQ(autograd::test::values(g.reshape({12})),
            (std::vector<float>{0, 0, 0, 1, 0, 2, 0, 3, 4, 0, 0, 0}));
  EXPECT_EQ(x.grad().strides(), x.strides());
}

TEST(IndexingGradients, MaskedSelectOfAPermutedSelfAndABroadcastMask) {
  for (ScalarType t : {ScalarType::Double, ScalarType::BFloat16, ScalarType::ComplexFloat}) {
    Tensor x = doubles({3, 4, 3}, 32).detach().to(t).permute({2, 1, 0}).requires_grad_(true);
    const Tensor mask = tensor({1, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0},
                               TensorOptions(ScalarType::Bool))
                            .reshape({1, 4, 3});
    Tensor y = masked_select(x, mask);
    const Tensor g = arange(12, TensorOptions(ScalarType::Double)).to(t);
    y.backward(g);
    // autograd::grad returns the same, uncaptured by AccumulateGrad.
    const Tensor captured = autograd::grad({masked_select(x, mask)}, {x}, {g})[0];
    const Tensor want = zeros({3, 4, 3}, TensorOptions(t)).index_put({mask.expand({3, 4, 3})}, g);
    EXPECT_TRUE(allclose(x.grad(), want)) << t;
    EXPECT_TRUE(allclose(captured, want)) << t;
  }
}

TEST(IndexingGradients, IndexAddAndIndexFill) {
  const Tensor idx = tensor({2, 0, 2}, TensorOptions(ScalarType::Long));
  check(
      [&](const std::vector<Tensor>& in) {
        return std::vector<Tensor>{index_add(in[0], 0, idx, in[1], 1.5),
                                   index_add(in[0], 1, idx.narrow(0, 0, 2), in[2])};
      },
      {doubles({3, 4}, 33), doubles({3, 4}, 34), doubles({3, 2}, 35)});
  // A repeated index fills once: value's gradient counts each filled element once.
  check(
      [&](const std::vector<Tensor>& in) {
        return std::vector<Tensor>{index_fill(in[0], 1, idx, in[1]),
                                   index_fill(in[0], 0, idx, 2.0)};
      },
      {doubles({3, 4}, 36), doubles({}, 37)});
}
