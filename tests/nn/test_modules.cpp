// The module layer: naming and registration, train/eval, initialisation from a generator, and
// each layer's forward and backward against the functional op it wraps, called on copies of the
// same parameters (the gradients must agree bit for bit: the layer adds no arithmetic).
#include "Reference.h"
#include "nn/NnTestHelpers.h"

#include <aten/Factories.h>
#include <aten/TensorOperators.h>
#include <aten/autograd/GradMode.h>
#include <aten/ops/batch_norm.h>
#include <aten/ops/conv2d.h>
#include <aten/ops/dropout.h>
#include <aten/ops/embedding.h>
#include <aten/ops/empty.h>
#include <aten/ops/empty_like.h>
#include <aten/ops/layer_norm.h>
#include <aten/ops/linear.h>
#include <aten/ops/max_pool2d.h>
#include <aten/ops/ones.h>
#include <aten/ops/randn.h>
#include <aten/ops/relu.h>
#include <aten/ops/sum.h>
#include <aten/ops/zeros.h>
#include <gtest/gtest.h>
#include <nn/nn.h>

#include <cmath>

using namespace aten;
using aten::nn::test::bitwise_equal;
using aten::nn::test::leaf_copy;
using aten::ref::expect_error;

namespace {

Tensor input(IntArrayRef sizes, uint64_t seed = 7) {
  return aten::randn(sizes, make_generator(seed));
}

// A weighted sum, so that every output element gets its own gradient.
Tensor weighted_sum(const Tensor& y) {
  Tensor w = aten::randn(y.sizes(), make_generator(99));
  return aten::sum(y * w);
}

struct Block : nn::Module {
  Block() {
    fc = register_module("fc", nn::Linear(3, 2));
    scale = register_parameter("scale", aten::ones({2}));
    count = register_buffer("count", aten::zeros({1}));
  }
  nn::Linear fc{nullptr};
  Tensor scale, count;
};

struct Net : nn::Module {
  Net() {
    layer1 = register_module("layer1", std::make_shared<Block>());
    head = register_module("head", nn::Linear(2, 1));
  }
  std::shared_ptr<Block> layer1;
  nn::Linear head{nullptr};
};

}  // namespace

TEST(NnModule, NamesNestWithDotsInRegistrationOrder) {
  Net net;
  std::vector<std::string> names;
  for (const auto& [name, p] : net.named_parameters()) {
    names.push_back(name);
    EXPECT_TRUE(p.requires_grad()) << name;
  }
  EXPECT_EQ(names, (std::vector<std::string>{"layer1.scale", "layer1.fc.weight", "layer1.fc.bias",
                                             "head.weight", "head.bias"}));
  ASSERT_EQ(net.named_buffers().size(), 1u);
  EXPECT_EQ(net.named_buffers()[0].first, "layer1.count");
  EXPECT_FALSE(net.named_buffers()[0].second.requires_grad());
  EXPECT_EQ(net.parameters(/*recurse=*/false).size(), 0u);
  EXPECT_EQ(net.state_dict().size(), 6u);
  // The handles are the registered tensors.
  EXPECT_TRUE(net.named_parameters()[3].second.is_same(net.head->weight));
}

TEST(NnModule, RejectsBadAndDuplicateNames) {
  nn::Module m;
  m.register_parameter("w", aten::zeros({1}));
  expect_error([&] { m.register_parameter("w", aten::zeros({1})); },
               {"\"w\" is already registered"});
  expect_error([&] { m.register_buffer("a.b", aten::zeros({1})); }, {"contain no '.'"});
  expect_error([&] { m.register_module("w", nn::ReLU()); }, {"already registered"});
}

TEST(NnModule, TrainAndEvalReachEverySubmodule) {
  nn::Sequential seq(nn::Linear(2, 2), nn::Sequential(nn::Dropout(0.5), nn::ReLU()));
  EXPECT_TRUE(seq->is_training());
  seq->eval();
  EXPECT_FALSE(seq->is_training());
  EXPECT_FALSE(seq[1]->is_training());
  EXPECT_FALSE(seq[1]->named_children()[0].second->is_training());
  seq->train();
  EXPECT_TRUE(seq[1]->named_children()[0].second->is_training());
}

TEST(NnModule, SequentialNamesAndComposes) {
  nn::Sequential seq(nn::Linear(4, 3), nn::ReLU(), nn::Linear(3, 2));
  std::vector<std::string> names;
  for (const auto& [name, p] : seq->named_parameters()) names.push_back(name);
  EXPECT_EQ(names, (std::vector<std::string>{"0.weight", "0.bias", "2.weight", "2.bias"}));
  Tensor x = input({5, 4});
  auto l0 = std::dynamic_pointer_cast<nn::LinearImpl>(seq[0]);
  auto l2 = std::dynamic_pointer_cast<nn::LinearImpl>(seq[2]);
  ASSERT_TRUE(l0 && l2);
  Tensor expected = aten::linear(aten::relu(aten::linear(x, l0->weight, l0->bias)), l2->weight,
                                 l2->bias);
  EXPECT_TRUE(bitwise_equal(seq(x), expected));
}

TEST(NnInit, LinearDrawsKaimingUniformThenBiasFromTheGenerator) {
  Generator g = make_generator(123);
  nn::Linear fc(nn::LinearOptions(20, 7).generator(g));
  // The same draws, by hand: U(-1/sqrt(fan_in), 1/sqrt(fan_in)) for both, weight first.
  Generator h = make_generator(123);
  const double bound = 1 / std::sqrt(20.0);
  Tensor w = aten::empty({7, 20}).uniform_(-bound, bound, h);
  Tensor b = aten::empty({7}).uniform_(-bound, bound, h);
  EXPECT_TRUE(bitwise_equal(fc->weight.detach(), w));
  EXPECT_TRUE(bitwise_equal(fc->bias.detach(), b));
  for (double v : nn::test::doubles(fc->weight)) EXPECT_LE(std::abs(v), bound);
  // The default generator when none is given: reproducible after manual_seed.
  manual_seed(5);
  nn::Linear a(20, 7);
  manual_seed(5);
  nn::Linear c(20, 7);
  EXPECT_TRUE(bitwise_equal(a->weight.detach(), c->weight.detach()));
  EXPECT_FALSE(bitwise_equal(a->weight.detach(), fc->weight.detach()));
}

TEST(NnInit, Conv2dFanInIsChannelsTimesKernel) {
  Generator g = make_generator(1);
  nn::Conv2d conv(nn::Conv2dOptions(3, 4, {2, 5}).generator(g));
  EXPECT_EQ(conv->weight.sizes(), IntArrayRef({4, 3, 2, 5}));
  Generator h = make_generator(1);
  const double bound = 1 / std::sqrt(30.0);
  EXPECT_TRUE(
      bitwise_equal(conv->weight.detach(), aten::empty({4, 3, 2, 5}).uniform_(-bound, bound, h)));
  EXPECT_TRUE(bitwise_equal(conv->bias.detach(), aten::empty({4}).uniform_(-bound, bound, h)));
}

TEST(NnLayers, LinearForwardAndBackwardMatchTheOp) {
  nn::Linear fc(nn::LinearOptions(6, 4).generator(make_generator(3)));
  Tensor x = leaf_copy(input({5, 6})), x2 = leaf_copy(x);
  Tensor w = leaf_copy(fc->weight), b = leaf_copy(fc->bias);
  Tensor y = fc(x), y2 = aten::linear(x2, w, b);
  EXPECT_TRUE(bitwise_equal(y, y2));
  weighted_sum(y).backward();
  weighted_sum(y2).backward();
  EXPECT_TRUE(bitwise_equal(fc->weight.grad(), w.grad()));
  EXPECT_TRUE(bitwise_equal(fc->bias.grad(), b.grad()));
  EXPECT_TRUE(bitwise_equal(x.grad(), x2.grad()));
  // Without bias.
  nn::Linear nb(nn::LinearOptions(6, 4).bias(false));
  EXPECT_FALSE(nb->bias.defined());
  EXPECT_EQ(nb->parameters().size(), 1u);
  EXPECT_TRUE(bitwise_equal(nb(x2), aten::linear(x2, nb->weight)));
}

TEST(NnLayers, Conv2dForwardAndBackwardMatchTheOp) {
  nn::Conv2d conv(nn::Conv2dOptions(2, 4, 3).stride(2).padding(1).generator(make_generator(4)));
  Tensor x = leaf_copy(input({3, 2, 9, 8})), x2 = leaf_copy(x);
  Tensor w = leaf_copy(conv->weight), b = leaf_copy(conv->bias);
  Tensor y = conv(x), y2 = aten::conv2d(x2, w, b, {2, 2}, {1, 1});
  EXPECT_EQ(y.sizes(), IntArrayRef({3, 4, 5, 4}));
  EXPECT_TRUE(bitwise_equal(y, y2));
  weighted_sum(y).backward();
  weighted_sum(y2).backward();
  EXPECT_TRUE(bitwise_equal(conv->weight.grad(), w.grad()));
  EXPECT_TRUE(bitwise_equal(conv->bias.grad(), b.grad()));
  EXPECT_TRUE(bitwise_equal(x.grad(), x2.grad()));
}

TEST(NnLayers, MaxPool2dMatchesTheOpAndDefaultsStrideToKernel) {
  nn::MaxPool2d pool(2);
  Tensor x = leaf_copy(input({2, 3, 6, 5})), x2 = leaf_copy(x);
  Tensor y = pool(x), y2 = aten::max_pool2d(x2, {2, 2}, {2, 2});
  EXPECT_EQ(y.sizes(), IntArrayRef({2, 3, 3, 2}));
  EXPECT_TRUE(bitwise_equal(y, y2));
  weighted_sum(y).backward();
  weighted_sum(y2).backward();
  EXPECT_TRUE(bitwise_equal(x.grad(), x2.grad()));
  nn::MaxPool2d strided(nn::MaxPool2dOptions(3).stride(1).padding(1));
  EXPECT_TRUE(bitwise_equal(strided(x2), aten::max_pool2d(x2, {3, 3}, {1, 1}, {1, 1})));
}

TEST(NnLayers, BatchNorm2dTrainsWithBatchStatsAndEvaluatesWithRunningStats) {
  nn::BatchNorm2d bn(nn::BatchNorm2dOptions(3).momentum(0.2));
  {
    NoGradGuard no_grad;
    bn->weight.copy_(aten::randn({3}, make_generator(1)));
    bn->bias.copy_(aten::randn({3}, make_generator(2)));
  }
  Tensor x = leaf_copy(input({4, 3, 5, 5})), x2 = leaf_copy(x);
  Tensor w = leaf_copy(bn->weight), b = leaf_copy(bn->bias);
  Tensor rm = aten::zeros({3}), rv = aten::ones({3});
  Tensor y = bn(x), y2 = aten::batch_norm(x2, w, b, rm, rv, true, 0.2, 1e-5, false);
  EXPECT_TRUE(bitwise_equal(y, y2));
  EXPECT_TRUE(bitwise_equal(bn->running_mean, rm));
  EXPECT_TRUE(bitwise_equal(bn->running_var, rv));
  EXPECT_FALSE(bitwise_equal(rm, aten::zeros({3})));  // the running stats moved
  EXPECT_EQ(bn->num_batches_tracked.item<int64_t>(), 1);
  weighted_sum(y).backward();
  weighted_sum(y2).backward();
  EXPECT_TRUE(bitwise_equal(bn->weight.grad(), w.grad()));
  EXPECT_TRUE(bitwise_equal(bn->bias.grad(), b.grad()));
  EXPECT_TRUE(bitwise_equal(x.grad(), x2.grad()));
  // eval: the running statistics, which stay where they are.
  bn->eval();
  Tensor z = bn(x2.detach());
  EXPECT_TRUE(bitwise_equal(
      z, aten::batch_norm(x2.detach(), w.detach(), b.detach(), rm, rv, false, 0.2, 1e-5, false)));
  EXPECT_TRUE(bitwise_equal(bn->running_mean, rm));
  EXPECT_EQ(bn->num_batches_tracked.item<int64_t>(), 1);
  EXPECT_EQ(bn->named_buffers().size(), 3u);
  expect_error([&] { bn(aten::zeros({2, 3})); }, {"4-D input"});
}

TEST(NnLayers, LayerNormMatchesTheOp) {
  nn::LayerNorm ln(nn::LayerNormOptions({4, 5}).eps(1e-3));
  {
    NoGradGuard no_grad;
    ln->weight.copy_(aten::randn({4, 5}, make_generator(1)));
    ln->bias.copy_(aten::randn({4, 5}, make_generator(2)));
  }
  Tensor x = leaf_copy(input({3, 4, 5})), x2 = leaf_copy(x);
  Tensor w = leaf_copy(ln->weight), b = leaf_copy(ln->bias);
  Tensor y = ln(x), y2 = aten::layer_norm(x2, {4, 5}, w, b, 1e-3);
  EXPECT_TRUE(bitwise_equal(y, y2));
  weighted_sum(y).backward();
  weighted_sum(y2).backward();
  EXPECT_TRUE(bitwise_equal(ln->weight.grad(), w.grad()));
  EXPECT_TRUE(bitwise_equal(ln->bias.grad(), b.grad()));
  EXPECT_TRUE(bitwise_equal(x.grad(), x2.grad()));
}

TEST(NnLayers, DropoutDrawsAsTheOpAndFromItsGenerator) {
  Tensor x = leaf_copy(input({64, 33})), x2 = leaf_copy(x);
  nn::Dropout drop(0.3);
  manual_seed(11);
  Tensor y = drop(x);
  manual_seed(11);
  Tensor y2 = aten::dropout(x2, 0.3, true);
  EXPECT_TRUE(bitwise_equal(y, y2));
  weighted_sum(y).backward();
  weighted_sum(y2).backward();
  EXPECT_TRUE(bitwise_equal(x.grad(), x2.grad()));
  // About 30% zeros, the rest scaled by 1 / 0.7.
  int64_t zeros = 0;
  const std::vector<double> in = nn::test::doubles(x), out = nn::test::doubles(y);
  for (size_t i = 0; i < in.size(); ++i) {
    if (out[i] == 0) {
      ++zeros;
    } else {
      EXPECT_FLOAT_EQ(static_cast<float>(out[i]), static_cast<float>(in[i] / 0.7));
    }
  }
  EXPECT_NEAR(static_cast<double>(zeros) / static_cast<double>(in.size()), 0.3, 0.05);
  // An explicit generator: the same masks from the same seed, whatever the default does.
  nn::Dropout a(nn::DropoutOptions(0.5).generator(make_generator(3)));
  nn::Dropout b(nn::DropoutOptions(0.5).generator(make_generator(3)));
  Tensor ya = a(x2.detach());
  manual_seed(12345);
  EXPECT_TRUE(bitwise_equal(ya, b(x2.detach())));
  EXPECT_FALSE(bitwise_equal(a(x2.detach()), ya));  // the stream moves on
  // eval: the input itself.
  a->eval();
  EXPECT_TRUE(a(x2).is_same(x2));
  expect_error([] { nn::Dropout(1.5); }, {"between 0 and 1"});
}

TEST(NnLayers, EmbeddingMatchesTheOpAndZeroesThePaddingRow) {
  nn::Embedding emb(nn::EmbeddingOptions(10, 4).padding_idx(-1).generator(make_generator(8)));
  EXPECT_EQ(*emb->options.padding_idx(), 9);
  EXPECT_TRUE(bitwise_equal(emb->weight.detach()[9], aten::zeros({4})));
  Tensor w = leaf_copy(emb->weight);
  Tensor idx = aten::tensor({1, 9, 3, 1, 0, 9}, {2, 3}, TensorOptions(kLong));
  Tensor y = emb(idx), y2 = aten::embedding(w, idx, 9);
  EXPECT_EQ(y.sizes(), IntArrayRef({2, 3, 4}));
  EXPECT_TRUE(bitwise_equal(y, y2));
  weighted_sum(y).backward();
  weighted_sum(y2).backward();
  EXPECT_TRUE(bitwise_equal(emb->weight.grad(), w.grad()));
  EXPECT_TRUE(bitwise_equal(emb->weight.grad()[9], aten::zeros({4})));
}

TEST(NnLayers, FlattenAndReLU) {
  Tensor x = input({2, 3, 4});
  nn::Flatten flat;
  EXPECT_EQ(flat(x).sizes(), IntArrayRef({2, 12}));
  nn::Flatten all(nn::FlattenOptions().start_dim(0));
  EXPECT_EQ(all(x).sizes(), IntArrayRef({24}));
  nn::ReLU relu;
  EXPECT_TRUE(bitwise_equal(relu(x), aten::relu(x)));
}

TEST(NnModule, ZeroGradDropsOrZeroesGradients) {
  nn::Linear fc(3, 2);
  aten::sum(fc(aten::ones({1, 3}))).backward();
  ASSERT_TRUE(fc->weight.grad().defined());
  fc->zero_grad(/*set_to_none=*/false);
  EXPECT_TRUE(bitwise_equal(fc->weight.grad(), aten::zeros({2, 3})));
  fc->zero_grad();
  EXPECT_FALSE(fc->weight.grad().defined());
}
