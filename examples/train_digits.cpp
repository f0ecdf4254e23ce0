// Trains two classifiers on scikit-learn's handwritten digits (1,797 8 x 8 images of 0-9, from
// Debian's python3-sklearn): an MLP on the 64 pixels, and a small CNN on the images as
// [N, 1, 8, 8]. Prints one line per epoch (mean training loss, train and test accuracy, time)
// and the CNN's confusion matrix on the test set. Everything is seeded: a run prints the same
// losses and accuracies every time at a given thread count.
//
//   build/examples/train_digits [path/to/digits.csv.gz]
//
// About 4 s on 2 cores. On a machine busy with other work, run it with OMP_WAIT_POLICY=passive
// (./run demo does) or OMP_NUM_THREADS=1: OpenMP workers that spin while waiting for each
// other then take turns with the other processes, and the run took ten times as long here.
#include <aten/autograd/GradMode.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/argmax.h>
#include <aten/ops/cross_entropy_loss.h>
#include <aten/ops/empty.h>
#include <aten/ops/eq.h>
#include <aten/ops/index_select.h>
#include <aten/ops/randperm.h>
#include <aten/ops/sum.h>
#include <nn/nn.h>
#include <zlib.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace aten;

namespace {

constexpr const char* kDigitsPath =
    "/usr/lib/python3/dist-packages/sklearn/datasets/data/digits.csv.gz";
constexpr int64_t kPixels = 64, kClasses = 10;

struct Dataset {
  Tensor images;  // [N, 64] Float in [0, 1]
  Tensor labels;  // [N] Long
  int64_t size() const { return images.size(0); }
  Dataset subset(const Tensor& index) const {
    return {aten::index_select(images, 0, index), aten::index_select(labels, 0, index)};
  }
};

[[noreturn]] void fail(const std::string& message) {
  std::cerr << "train_digits: " << message << "\n";
  std::exit(1);
}

// digits.csv.gz: one image a line, 64 integers 0-16 then the label, comma-separated, no header.
Dataset load_digits(const std::string& path) {
  gzFile file = gzopen(path.c_str(), "rb");
  if (file == nullptr) {
    fail("cannot open " + path +
         "; it comes with Debian's scikit-learn: apt-get install python3-sklearn");
  }
  std::vector<float> pixels;
  std::vector<int64_t> labels;
  char line[1024];
  int64_t row = 0;
  while (gzgets(file, line, sizeof(line)) != nullptr) {
    ++row;
    std::stringstream in(line);
    std::string field;
    std::vector<int> values;
    while (std::getline(in, field, ',')) values.push_back(std::atoi(field.c_str()));
    if (values.size() != kPixels + 1 || values.back() < 0 || values.back() >= kClasses) {
      gzclose(file);
      fail(path + ":" + std::to_string(row) + ": expected 64 pixels and a label 0-9");
    }
    for (int64_t i = 0; i < kPixels; ++i) pixels.push_back(static_cast<float>(values[i]) / 16.f);
    labels.push_back(values.back());
  }
  gzclose(file);
  const int64_t n = static_cast<int64_t>(labels.size());
  if (n == 0) fail(path + " holds no images");
  Tensor images = aten::empty({n, kPixels});
  Tensor targets = aten::empty({n}, kLong);
  std::copy(pixels.begin(), pixels.end(), images.data_ptr<float>());
  std::copy(labels.begin(), labels.end(), targets.data_ptr<int64_t>());
  return {images, targets};
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The share of `data` that `model` classifies correctly, in eval mode.
template <typename Reshape>
double accuracy(nn::Sequential& model, const Dataset& data, const Reshape& reshape) {
  NoGradGuard no_grad;
  model->eval();
  const Tensor predicted = aten::argmax(model(reshape(data.images)), 1);
  model->train();
  return aten::sum(aten::eq(predicted, data.labels)).item<double>() /
         static_cast<double>(data.size());
}

template <typename Reshape>
void train(const std::string& name, nn::Sequential& model, optim::Optimizer& optimizer,
           const Dataset& train_set, const Dataset& test_set, int epochs, int64_t batch,
           const Generator& gen, const Reshape& reshape) {
  for (int epoch = 1; epoch <= epochs; ++epoch) {
    const auto start = std::chrono::steady_clock::now();
    const Tensor order = aten::randperm(train_set.size(), gen);
    double total = 0;
    int64_t batches = 0;
    for (int64_t b = 0; b < train_set.size(); b += batch) {
      const Dataset mini = train_set.subset(
          order.narrow(0, b, std::min(batch, train_set.size() - b)));
      optimizer.zero_grad();
      Tensor loss = aten::cross_entropy_loss(model(reshape(mini.images)), mini.labels);
      loss.backward();
      optimizer.step();
      total += loss.item<double>();
      ++batches;
    }
    const double train_acc = accuracy(model, train_set, reshape);
    const double test_acc = accuracy(model, test_set, reshape);
    std::printf("%s epoch %2d  loss %.4f  train %6.2f%%  test %6.2f%%  %.2f s\n", name.c_str(),
                epoch, total / static_cast<double>(batches), 100 * train_acc, 100 * test_acc,
                seconds_since(start));
  }
}

template <typename Reshape>
void print_confusion(nn::Sequential& model, const Dataset& data, const Reshape& reshape) {
  NoGradGuard no_grad;
  model->eval();
  const Tensor predicted = aten::argmax(model(reshape(data.images)), 1);
  std::vector<std::vector<int>> counts(kClasses, std::vector<int>(kClasses, 0));
  for (int64_t i = 0; i < data.size(); ++i) {
    ++counts[data.labels.data_ptr<int64_t>()[i]][predicted.data_ptr<int64_t>()[i]];
  }
  std::printf("confusion matrix (rows: true digit, columns: predicted)\n     ");
  for (int c = 0; c < kClasses; ++c) std::printf("%4d", c);
  std::printf("\n");
  for (int r = 0; r < kClasses; ++r) {
    std::printf("  %d: ", r);
    for (int c = 0; c < kClasses; ++c) std::printf("%4d", counts[r][c]);
    std::printf("\n");
  }
}

}  // namespace

int main(int argc, char** argv) {
  const auto start = std::chrono::steady_clock::now();
  const Dataset all = load_digits(argc > 1 ? argv[1] : kDigitsPath);

  // 80/20, the same split in every run.
  Generator gen = make_generator(2024);
  const Tensor order = aten::randperm(all.size(), gen);
  const int64_t n_test = all.size() / 5;
  const Dataset test_set = all.subset(order.narrow(0, 0, n_test));
  const Dataset train_set = all.subset(order.narrow(0, n_test, all.size() - n_test));
  std::printf("digits: %lld training and %lld test images, %d threads\n",
              static_cast<long long>(train_set.size()), static_cast<long long>(test_set.size()),
              get_num_threads());

  auto flat = [](const Tensor& x) { return x; };
  nn::Sequential mlp(nn::Linear(nn::LinearOptions(kPixels, 128).generator(gen)), nn::ReLU(),
                     nn::Linear(nn::LinearOptions(128, kClasses).generator(gen)));
  optim::SGD sgd(mlp->parameters(), optim::SGDOptions(0.05).momentum(0.9));
  train("mlp", mlp, sgd, train_set, test_set, /*epochs=*/10, /*batch=*/32, gen, flat);

  auto image = [](const Tensor& x) { return x.reshape({-1, 1, 8, 8}); };
  nn::Sequential cnn(nn::Conv2d(nn::Conv2dOptions(1, 16, 3).padding(1).generator(gen)),
                     nn::BatchNorm2d(16), nn::ReLU(), nn::MaxPool2d(2),  // 16 x 4 x 4
                     nn::Conv2d(nn::Conv2dOptions(16, 32, 3).padding(1).generator(gen)),
                     nn::BatchNorm2d(32), nn::ReLU(), nn::MaxPool2d(2),  // 32 x 2 x 2
                     nn::Flatten(), nn::Dropout(nn::DropoutOptions(0.2).generator(gen)),
                     nn::Linear(nn::LinearOptions(32 * 2 * 2, kClasses).generator(gen)));
  optim::AdamW adam(cnn->parameters(), optim::AdamWOptions(3e-3));
  train("cnn", cnn, adam, train_set, test_set, /*epochs=*/15, /*batch=*/32, gen, image);

  print_confusion(cnn, test_set, image);
  std::printf("cnn test accuracy %.2f%%, total %.1f s\n", 100 * accuracy(cnn, test_set, image),
              seconds_since(start));
  return 0;
}
