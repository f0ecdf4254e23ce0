// End to end: three epochs of mini-batch training on a synthetic data set (three Gaussian
// blobs in 12 dimensions, also shown as 1 x 4 x 3 images to a small CNN). The loss must fall,
// and the run must be bit-identical for a fixed seed at a given thread count.
#include "nn/NnTestHelpers.h"

#include <aten/Factories.h>
#include <aten/TensorOperators.h>
#include <aten/autograd/GradMode.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/argmax.h>
#include <aten/ops/cross_entropy_loss.h>
#include <aten/ops/empty_like.h>
#include <aten/ops/eq.h>
#include <aten/ops/index_select.h>
#include <aten/ops/randn.h>
#include <aten/ops/randperm.h>
#include <aten/ops/remainder.h>
#include <aten/ops/sum.h>
#include <gtest/gtest.h>
#include <nn/nn.h>

#include <memory>

using namespace aten;
using aten::nn::test::bitwise_equal;

namespace {

constexpr int64_t kPoints = 480, kFeatures = 12, kClasses = 3, kBatch = 32;

struct Data {
  Tensor x, y;
};

Data blobs(uint64_t seed) {
  Generator g = make_generator(seed);
  Tensor centers = aten::randn({kClasses, kFeatures}, g) * 1.5;
  Tensor y = aten::remainder(aten::randperm(kPoints, g), kClasses);
  Tensor x = aten::index_select(centers, 0, y) + aten::randn({kPoints, kFeatures}, g);
  return {x, y};
}

struct TrainingRun {
  std::vector<double> epoch_losses;
  double accuracy;
  nn::NamedTensors state;
};

TrainingRun train(bool cnn, uint64_t seed) {
  const Data data = blobs(3);
  Generator g = make_generator(seed);
  nn::Sequential model;
  if (cnn) {
    model = nn::Sequential(nn::Conv2d(nn::Conv2dOptions(1, 6, 3).padding(1).generator(g)),
                           nn::BatchNorm2d(6), nn::ReLU(), nn::MaxPool2d(2), nn::Flatten(),
                           nn::Linear(nn::LinearOptions(6 * 2 * 1, kClasses).generator(g)));
  } else {
    model = nn::Sequential(nn::Linear(nn::LinearOptions(kFeatures, 32).generator(g)),
                           nn::LayerNorm(nn::LayerNormOptions({32})), nn::ReLU(),
                           nn::Dropout(nn::DropoutOptions(0.1).generator(g)),
                           nn::Linear(nn::LinearOptions(32, kClasses).generator(g)));
  }
  std::unique_ptr<optim::Optimizer> opt;
  if (cnn) opt = std::make_unique<optim::Adam>(model->parameters(), optim::AdamOptions(0.01));
  else
    opt = std::make_unique<optim::SGD>(model->parameters(), optim::SGDOptions(0.05).momentum(0.9));
  auto shaped = [&](const Tensor& x) { return cnn ? x.reshape({-1, 1, 4, 3}) : x; };

  TrainingRun run;
  for (int epoch = 0; epoch < 3; ++epoch) {
    model->train();
    const Tensor order = aten::randperm(kPoints, g);
    double total = 0;
    for (int64_t b = 0; b < kPoints; b += kBatch) {
      const Tensor idx = order.narrow(0, b, kBatch);
      opt->zero_grad();
      Tensor loss = aten::cross_entropy_loss(model(shaped(aten::index_select(data.x, 0, idx))),
                                             aten::index_select(data.y, 0, idx));
      loss.backward();
      opt->step();
      total += loss.item<double>();
    }
    run.epoch_losses.push_back(total / (kPoints / kBatch));
  }
  model->eval();
  NoGradGuard no_grad;
  const Tensor predicted = aten::argmax(model(shaped(data.x)), 1);
  run.accuracy = aten::sum(aten::eq(predicted, data.y)).item<double>() / kPoints;
  run.state = model->state_dict();
  return run;
}

void expect_learns_reproducibly(bool cnn) {
  const TrainingRun a = train(cnn, 42);
  EXPECT_LT(a.epoch_losses[2], 0.6 * a.epoch_losses[0])
      << a.epoch_losses[0] << " " << a.epoch_losses[1] << " " << a.epoch_losses[2];
  EXPECT_GT(a.accuracy, 0.9);
  const TrainingRun b = train(cnn, 42);
  EXPECT_EQ(a.epoch_losses, b.epoch_losses);  // exactly
  ASSERT_EQ(a.state.size(), b.state.size());
  for (size_t i = 0; i < a.state.size(); ++i) {
    EXPECT_TRUE(bitwise_equal(a.state[i].second, b.state[i].second)) << a.state[i].first;
  }
  const TrainingRun c = train(cnn, 43);
  EXPECT_NE(a.epoch_losses, c.epoch_losses);  // the seed matters
}

}  // namespace

TEST(NnTraining, MLPLossFallsAndRunsAreBitIdentical) { expect_learns_reproducibly(false); }

TEST(NnTraining, CNNLossFallsAndRunsAreBitIdentical) { expect_learns_reproducibly(true); }

TEST(NnTraining, BitIdenticalAtTwoThreadsToo) {
  const int threads = get_num_threads();
  set_num_threads(2);
  const TrainingRun a = train(false, 7), b = train(false, 7);
  set_num_threads(threads);
  EXPECT_EQ(a.epoch_losses, b.epoch_losses);
  for (size_t i = 0; i < a.state.size(); ++i) {
    EXPECT_TRUE(bitwise_equal(a.state[i].second, b.state[i].second)) << a.state[i].first;
  }
}
