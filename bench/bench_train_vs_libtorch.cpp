// One training step (zero_grad, forward, loss, backward, optimizer step) with MiniATen's module
// layer (nn/) next to libtorch's C++ frontend, the same model, data and thread count, in one
// binary. Each case is registered twice, /aten and /torch (bench/ratios.py pairs them):
//   TrainMLP/<impl>/<threads>: a 64-256-256-10 MLP with ReLUs, batch 64, cross-entropy, SGD
//     with momentum 0.9 (lr 0.01);
//   TrainLeNet/<impl>/<threads>: LeNet-5 on [64, 1, 28, 28] (conv 5x5 1->6, ReLU, max pool 2,
//     conv 5x5 6->16, ReLU, max pool 2, 256-120-84-10 with ReLUs), cross-entropy, Adam
//     (lr 1e-3).
// Both sides drop the gradients between steps (zero_grad(set_to_none) here; libtorch 1.13's
// zero_grad() zeroes them in place, its only option).
#include <aten/cpu/Parallel.h>
#include <aten/ops/cross_entropy_loss.h>
#include <aten/ops/randint.h>
#include <aten/ops/randn.h>
#include <benchmark/benchmark.h>
#include <nn/nn.h>
#include <torch/nn.h>
#include <torch/optim.h>

namespace {

constexpr int64_t kBatch = 64;

void threads(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  aten::set_num_threads(n);
  at::set_num_threads(n);
}

// ---- MLP ----------------------------------------------------------------------------------------
void TrainMLP_aten(benchmark::State& state) {
  threads(state);
  aten::Generator g = aten::make_generator(1);
  aten::nn::Sequential model(
      aten::nn::Linear(aten::nn::LinearOptions(64, 256).generator(g)), aten::nn::ReLU(),
      aten::nn::Linear(aten::nn::LinearOptions(256, 256).generator(g)), aten::nn::ReLU(),
      aten::nn::Linear(aten::nn::LinearOptions(256, 10).generator(g)));
  aten::optim::SGD opt(model->parameters(), aten::optim::SGDOptions(0.01).momentum(0.9));
  const aten::Tensor x = aten::randn({kBatch, 64}, g);
  const aten::Tensor y = aten::randint(10, {kBatch}, g, aten::kLong);
  for (auto _ : state) {
    opt.zero_grad();
    aten::Tensor loss = aten::cross_entropy_loss(model(x), y);
    loss.backward();
    opt.step();
  }
}

void TrainMLP_torch(benchmark::State& state) {
  threads(state);
  torch::manual_seed(1);
  torch::nn::Sequential model(torch::nn::Linear(64, 256), torch::nn::ReLU(),
                              torch::nn::Linear(256, 256), torch::nn::ReLU(),
                              torch::nn::Linear(256, 10));
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.01).momentum(0.9));
  const torch::Tensor x = torch::randn({kBatch, 64});
  const torch::Tensor y = torch::randint(10, {kBatch}, torch::kLong);
  for (auto _ : state) {
    opt.zero_grad();
    torch::Tensor loss = torch::nn::functional::cross_entropy(model->forward(x), y);
    loss.backward();
    opt.step();
  }
}

// ---- LeNet-5 ------------------------------------------------------------------------------------
aten::nn::Sequential aten_lenet(const aten::Generator& g) {
  namespace nn = aten::nn;
  return nn::Sequential(nn::Conv2d(nn::Conv2dOptions(1, 6, 5).generator(g)), nn::ReLU(),
                        nn::MaxPool2d(2), nn::Conv2d(nn::Conv2dOptions(6, 16, 5).generator(g)),
                        nn::ReLU(), nn::MaxPool2d(2), nn::Flatten(),
                        nn::Linear(nn::LinearOptions(256, 120).generator(g)), nn::ReLU(),
                        nn::Linear(nn::LinearOptions(120, 84).generator(g)), nn::ReLU(),
                        nn::Linear(nn::LinearOptions(84, 10).generator(g)));
}

torch::nn::Sequential torch_lenet() {
  namespace nn = torch::nn;
  return nn::Sequential(nn::Conv2d(nn::Conv2dOptions(1, 6, 5)), nn::ReLU(),
                        nn::MaxPool2d(nn::MaxPool2dOptions(2)),
                        nn::Conv2d(nn::Conv2dOptions(6, 16, 5)), nn::ReLU(),
                        nn::MaxPool2d(nn::MaxPool2dOptions(2)), nn::Flatten(), nn::Linear(256, 120),
                        nn::ReLU(), nn::Linear(120, 84), nn::ReLU(), nn::Linear(84, 10));
}

void TrainLeNet_aten(benchmark::State& state) {
  threads(state);
  aten::Generator g = aten::make_generator(1);
  aten::nn::Sequential model = aten_lenet(g);
  aten::optim::Adam opt(model->parameters(), aten::optim::AdamOptions(1e-3));
  const aten::Tensor x = aten::randn({kBatch, 1, 28, 28}, g);
  const aten::Tensor y = aten::randint(10, {kBatch}, g, aten::kLong);
  for (auto _ : state) {
    opt.zero_grad();
    aten::Tensor loss = aten::cross_entropy_loss(model(x), y);
    loss.backward();
    opt.step();
  }
}

void TrainLeNet_torch(benchmark::State& state) {
  threads(state);
  torch::manual_seed(1);
  torch::nn::Sequential model = torch_lenet();
  torch::optim::Adam opt(model->parameters(), torch::optim::AdamOptions(1e-3));
  const torch::Tensor x = torch::randn({kBatch, 1, 28, 28});
  const torch::Tensor y = torch::randint(10, {kBatch}, torch::kLong);
  for (auto _ : state) {
    opt.zero_grad();
    torch::Tensor loss = torch::nn::functional::cross_entropy(model->forward(x), y);
    loss.backward();
    opt.step();
  }
}

}  // namespace

#define ATEN_TRAIN_BENCH(name)         \
  BENCHMARK(name##_aten)               \
      ->Name(#name "/aten")            \
      ->Arg(1)                         \
      ->Arg(2)                         \
      ->UseRealTime()                  \
      ->Unit(benchmark::kMicrosecond); \
  BENCHMARK(name##_torch)              \
      ->Name(#name "/torch")           \
      ->Arg(1)                         \
      ->Arg(2)                         \
      ->UseRealTime()                  \
      ->Unit(benchmark::kMicrosecond)

ATEN_TRAIN_BENCH(TrainMLP);
ATEN_TRAIN_BENCH(TrainLeNet);

BENCHMARK_MAIN();
