// The neural-network operators next to libtorch's, same data, same thread count, one run. Each
// case is registered twice, /aten and /torch (bench/ratios.py pairs them):
//   <Case>/<impl>/<threads>/<shape>, shape 0: [4096, 4096] along the last dim, 1: the same along
//   dim 0, 2: [64, 10] along the last dim (a classifier's logits: per-call overhead).
// Pooling cases: <Case>/<impl>/<threads>/<shape>, LeNet's 2 x 2 max pooling of stride 2 (and an
// average pooling of the same windows), shape 0: [64, 6, 24, 24], 1: [64, 16, 8, 8] (its two
// pooling layers), 2: [64, 16, 28, 28]; 3: shape 2 channels-last.
// Normalisation cases: <Case>/<impl>/<threads>/<shape>: batch_norm in training (running
// statistics updated), forward and backward, shape 0: [64, 64, 28, 28], 1: [256, 1024] (a
// linear layer's); layer_norm over the last dim, forward and backward, shape 0: [64 * 128, 768]
// (a transformer's tokens), 1: [64, 64, 28, 28] over [28, 28]. Float, the native ops.
// Indexing cases: <Case>/<impl>/<threads>/<shape>. Embedding (lookup) and EmbeddingBackward
// (embedding_dense_backward, the dense gradient of weight): a [32768, 128] float table, [32, 256]
// Long indices (8192 lookups, rows repeating). IndexLong: t[long_index], shape 0: 8192 rows of a
// [4096, 256] float tensor; 1: t[:, idx], 128 columns of it (one element per index).
// Per-op headers on both sides, as in bench_vs_libtorch.cpp.
#include <ATen/Parallel.h>
#include <ATen/core/Tensor.h>
#include <ATen/ops/_log_softmax.h>
#include <ATen/ops/_log_softmax_backward_data.h>
#include <ATen/ops/_softmax.h>
#include <ATen/ops/_softmax_backward_data.h>
#include <ATen/ops/avg_pool2d.h>
#include <ATen/ops/avg_pool2d_backward.h>
#include <ATen/ops/conv2d.h>
#include <ATen/ops/embedding.h>
#include <ATen/ops/embedding_dense_backward.h>
#include <ATen/ops/empty.h>
#include <ATen/ops/index.h>
#include <ATen/ops/log_softmax.h>
#include <ATen/ops/max_pool2d_with_indices.h>
#include <ATen/ops/max_pool2d_with_indices_backward.h>
#include <ATen/ops/native_batch_norm.h>
#include <ATen/ops/native_batch_norm_backward.h>
#include <ATen/ops/native_layer_norm.h>
#include <ATen/ops/native_layer_norm_backward.h>
#include <ATen/ops/ones.h>
#include <ATen/ops/randn.h>
#include <ATen/ops/softmax.h>
#include <ATen/ops/sort.h>
#include <ATen/ops/topk.h>
#include <ATen/ops/zeros.h>
#include <aten/Factories.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/_log_softmax.h>
#include <aten/ops/_log_softmax_backward_data.h>
#include <aten/ops/_softmax.h>
#include <aten/ops/_softmax_backward_data.h>
#include <aten/ops/avg_pool2d.h>
#include <aten/ops/avg_pool2d_backward.h>
#include <aten/ops/conv2d.h>
#include <aten/ops/embedding.h>
#include <aten/ops/embedding_dense_backward.h>
#include <aten/ops/index.h>
#include <aten/ops/max_pool2d_with_indices.h>
#include <aten/ops/max_pool2d_with_indices_backward.h>
#include <aten/ops/native_batch_norm.h>
#include <aten/ops/native_batch_norm_backward.h>
#include <aten/ops/native_layer_norm.h>
#include <aten/ops/native_layer_norm_backward.h>
#include <aten/ops/ones.h>
#include <aten/ops/randn.h>
#include <aten/ops/sort.h>
#include <aten/ops/topk.h>
#include <aten/ops/zeros.h>
#include <benchmark/benchmark.h>

#include <cmath>
#include <optional>
#include <vector>

namespace {

struct Shape {
  int64_t rows, cols, dim;
};
Shape shape_of(const benchmark::State& state) {
  switch (state.range(1)) {
    case 0:
      return {4096, 4096, 1};
    case 1:
      return {4096, 4096, 0};
    default:
      return {64, 10, 1};
  }
}

void threads(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  aten::set_num_threads(n);
  at::set_num_threads(n);
}

float value(int64_t i) { return std::sin(static_cast<float>(i)) * 4.f; }

template <typename T>
void fill(T& t) {
  float* p = t.template data_ptr<float>();
  for (int64_t i = 0; i < t.numel(); ++i) p[i] = value(i);
}

aten::Tensor aten_input(const Shape& s) {
  aten::Tensor t = aten::empty({s.rows, s.cols});
  fill(t);
  return t;
}
at::Tensor torch_input(const Shape& s) {
  at::Tensor t = at::empty({s.rows, s.cols});
  fill(t);
  return t;
}

// ---- forward into a preallocated out -----------------------------------------------------------
template <bool log>
void softmax_out_aten(benchmark::State& state) {
  threads(state);
  const Shape s = shape_of(state);
  auto x = aten_input(s), out = aten::empty({s.rows, s.cols});
  for (auto _ : state) {
    if (log) aten::_log_softmax_out(out, x, s.dim, false);
    else aten::_softmax_out(out, x, s.dim, false);
  }
}
template <bool log>
void softmax_out_torch(benchmark::State& state) {
  threads(state);
  const Shape s = shape_of(state);
  auto x = torch_input(s), out = at::empty({s.rows, s.cols});
  for (auto _ : state) {
    if (log) at::_log_softmax_out(out, x, s.dim, false);
    else at::_softmax_out(out, x, s.dim, false);
  }
}

// ---- backward into a preallocated grad_input ---------------------------------------------------
template <bool log>
void softmax_backward_out_aten(benchmark::State& state) {
  threads(state);
  const Shape s = shape_of(state);
  auto g = aten_input(s), y = aten::_softmax(g, s.dim, false), out = aten::empty({s.rows, s.cols});
  for (auto _ : state) {
    if (log) aten::_log_softmax_backward_data_out(out, g, y, s.dim, aten::kFloat);
    else aten::_softmax_backward_data_out(out, g, y, s.dim, aten::kFloat);
  }
}
template <bool log>
void softmax_backward_out_torch(benchmark::State& state) {
  threads(state);
  const Shape s = shape_of(state);
  auto g = torch_input(s), y = at::_softmax(g, s.dim, false), out = at::empty({s.rows, s.cols});
  for (auto _ : state) {
    if (log) at::_log_softmax_backward_data_out(out, g, y, s.dim, at::kFloat);
    else at::_softmax_backward_data_out(out, g, y, s.dim, at::kFloat);
  }
}

// ---- conv2d, LeNet-5's two layers on a batch of 64
// ------------------------------------------------ Conv2d/<impl>/<threads>/<layer>: 0: [64, 1, 28,
// 28] * [6, 1, 5, 5], 1: [64, 6, 12, 12] * [16, 6, 5, 5]; with a bias, stride 1, no padding.
struct ConvShape {
  int64_t in, out, size;
};
ConvShape conv_shape(const benchmark::State& state) {
  return state.range(1) == 0 ? ConvShape{1, 6, 28} : ConvShape{6, 16, 12};
}
void Conv2d_aten(benchmark::State& state) {
  threads(state);
  const ConvShape c = conv_shape(state);
  auto x = aten::randn({64, c.in, c.size, c.size}), w = aten::randn({c.out, c.in, 5, 5}),
       b = aten::randn({c.out});
  for (auto _ : state) benchmark::DoNotOptimize(aten::conv2d(x, w, b));
}
void Conv2d_torch(benchmark::State& state) {
  threads(state);
  const ConvShape c = conv_shape(state);
  auto x = at::randn({64, c.in, c.size, c.size}), w = at::randn({c.out, c.in, 5, 5}),
       b = at::randn({c.out});
  for (auto _ : state) benchmark::DoNotOptimize(at::conv2d(x, w, b));
}

void SoftmaxOut_aten(benchmark::State& s) { softmax_out_aten<false>(s); }
void SoftmaxOut_torch(benchmark::State& s) { softmax_out_torch<false>(s); }
void LogSoftmaxOut_aten(benchmark::State& s) { softmax_out_aten<true>(s); }
void LogSoftmaxOut_torch(benchmark::State& s) { softmax_out_torch<true>(s); }
void SoftmaxBackwardOut_aten(benchmark::State& s) { softmax_backward_out_aten<false>(s); }
void SoftmaxBackwardOut_torch(benchmark::State& s) { softmax_backward_out_torch<false>(s); }
void LogSoftmaxBackwardOut_aten(benchmark::State& s) { softmax_backward_out_aten<true>(s); }
void LogSoftmaxBackwardOut_torch(benchmark::State& s) { softmax_backward_out_torch<true>(s); }

// ---- pooling: 2 x 2 windows of stride 2
// ----------------------------------------------------------
std::vector<int64_t> pool_shape(const benchmark::State& state) {
  switch (state.range(1)) {
    case 0:
      return {64, 6, 24, 24};
    case 1:
      return {64, 16, 8, 8};
    default:
      return {64, 16, 28, 28};
  }
}
bool pool_channels_last(const benchmark::State& state) { return state.range(1) == 3; }

aten::Tensor aten_pool_input(const benchmark::State& state) {
  aten::Tensor t = aten::empty(pool_shape(state));
  fill(t);
  return pool_channels_last(state) ? t.contiguous(aten::MemoryFormat::ChannelsLast) : t;
}
at::Tensor torch_pool_input(const benchmark::State& state) {
  at::Tensor t = at::empty(pool_shape(state));
  fill(t);
  return pool_channels_last(state) ? t.contiguous(at::MemoryFormat::ChannelsLast) : t;
}

void MaxPool2d_aten(benchmark::State& state) {
  threads(state);
  auto x = aten_pool_input(state);
  for (auto _ : state) benchmark::DoNotOptimize(aten::max_pool2d_with_indices(x, {2, 2}, {2, 2}));
}
void MaxPool2d_torch(benchmark::State& state) {
  threads(state);
  auto x = torch_pool_input(state);
  for (auto _ : state) benchmark::DoNotOptimize(at::max_pool2d_with_indices(x, {2, 2}, {2, 2}));
}
void MaxPool2dBackward_aten(benchmark::State& state) {
  threads(state);
  auto x = aten_pool_input(state);
  auto [y, ind] = aten::max_pool2d_with_indices(x, {2, 2}, {2, 2});
  for (auto _ : state)
    benchmark::DoNotOptimize(
        aten::max_pool2d_with_indices_backward(y, x, {2, 2}, {2, 2}, {0, 0}, {1, 1}, false, ind));
}
void MaxPool2dBackward_torch(benchmark::State& state) {
  threads(state);
  auto x = torch_pool_input(state);
  auto [y, ind] = at::max_pool2d_with_indices(x, {2, 2}, {2, 2});
  for (auto _ : state)
    benchmark::DoNotOptimize(
        at::max_pool2d_with_indices_backward(y, x, {2, 2}, {2, 2}, {0, 0}, {1, 1}, false, ind));
}
void AvgPool2d_aten(benchmark::State& state) {
  threads(state);
  auto x = aten_pool_input(state);
  for (auto _ : state) benchmark::DoNotOptimize(aten::avg_pool2d(x, {2, 2}, {2, 2}));
}
void AvgPool2d_torch(benchmark::State& state) {
  threads(state);
  auto x = torch_pool_input(state);
  for (auto _ : state) benchmark::DoNotOptimize(at::avg_pool2d(x, {2, 2}, {2, 2}));
}
void AvgPool2dBackward_aten(benchmark::State& state) {
  threads(state);
  auto x = aten_pool_input(state);
  auto y = aten::avg_pool2d(x, {2, 2}, {2, 2});
  for (auto _ : state)
    benchmark::DoNotOptimize(
        aten::avg_pool2d_backward(y, x, {2, 2}, {2, 2}, {0, 0}, false, true, std::nullopt));
}
void AvgPool2dBackward_torch(benchmark::State& state) {
  threads(state);
  auto x = torch_pool_input(state);
  auto y = at::avg_pool2d(x, {2, 2}, {2, 2});
  for (auto _ : state)
    benchmark::DoNotOptimize(
        at::avg_pool2d_backward(y, x, {2, 2}, {2, 2}, {0, 0}, false, true, c10::nullopt));
}

// ---- normalisation ----------------------------------------------------------------------------
std::vector<int64_t> batch_norm_shape(const benchmark::State& state) {
  return state.range(1) == 0 ? std::vector<int64_t>{64, 64, 28, 28}
                             : std::vector<int64_t>{256, 1024};
}
// The input and the normalized_shape of a layer_norm case.
std::pair<std::vector<int64_t>, std::vector<int64_t>> layer_norm_shape(
    const benchmark::State& state) {
  if (state.range(1) == 0) return {{64 * 128, 768}, {768}};
  return {{64, 64, 28, 28}, {28, 28}};
}
template <typename T>
T filled(T t) {
  fill(t);
  return t;
}

void BatchNorm_aten(benchmark::State& state) {
  threads(state);
  const auto shape = batch_norm_shape(state);
  const int64_t C = shape[1];
  auto x = filled(aten::empty(shape)), w = aten::ones({C}), b = aten::zeros({C});
  auto rm = aten::zeros({C}), rv = aten::ones({C});
  for (auto _ : state)
    benchmark::DoNotOptimize(aten::native_batch_norm(x, w, b, rm, rv, true, 0.1, 1e-5));
}
void BatchNorm_torch(benchmark::State& state) {
  threads(state);
  const auto shape = batch_norm_shape(state);
  const int64_t C = shape[1];
  auto x = filled(at::empty(shape)), w = at::ones({C}), b = at::zeros({C});
  auto rm = at::zeros({C}), rv = at::ones({C});
  for (auto _ : state)
    benchmark::DoNotOptimize(at::native_batch_norm(x, w, b, rm, rv, true, 0.1, 1e-5));
}
void BatchNormBackward_aten(benchmark::State& state) {
  threads(state);
  const auto shape = batch_norm_shape(state);
  const int64_t C = shape[1];
  auto x = filled(aten::empty(shape)), w = aten::ones({C}), b = aten::zeros({C});
  auto [y, mean, invstd] = aten::native_batch_norm(x, w, b, std::nullopt, std::nullopt, true, 0.1,
                                                   1e-5);
  auto g = filled(aten::empty(shape));
  for (auto _ : state)
    benchmark::DoNotOptimize(aten::native_batch_norm_backward(
        g, x, w, std::nullopt, std::nullopt, mean, invstd, true, 1e-5, {true, true, true}));
}
void BatchNormBackward_torch(benchmark::State& state) {
  threads(state);
  const auto shape = batch_norm_shape(state);
  const int64_t C = shape[1];
  auto x = filled(at::empty(shape)), w = at::ones({C}), b = at::zeros({C});
  auto [y, mean, invstd] = at::native_batch_norm(x, w, b, {}, {}, true, 0.1, 1e-5);
  auto g = filled(at::empty(shape));
  for (auto _ : state)
    benchmark::DoNotOptimize(at::native_batch_norm_backward(g, x, w, {}, {}, mean, invstd, true,
                                                            1e-5, {true, true, true}));
}
void LayerNorm_aten(benchmark::State& state) {
  threads(state);
  const auto [shape, normalized] = layer_norm_shape(state);
  auto x = filled(aten::empty(shape)), w = aten::ones(normalized), b = aten::zeros(normalized);
  for (auto _ : state) benchmark::DoNotOptimize(aten::native_layer_norm(x, normalized, w, b, 1e-5));
}
void LayerNorm_torch(benchmark::State& state) {
  threads(state);
  const auto [shape, normalized] = layer_norm_shape(state);
  auto x = filled(at::empty(shape)), w = at::ones(normalized), b = at::zeros(normalized);
  for (auto _ : state) benchmark::DoNotOptimize(at::native_layer_norm(x, normalized, w, b, 1e-5));
}
void LayerNormBackward_aten(benchmark::State& state) {
  threads(state);
  const auto [shape, normalized] = layer_norm_shape(state);
  auto x = filled(aten::empty(shape)), w = aten::ones(normalized), b = aten::zeros(normalized);
  auto [y, mean, rstd] = aten::native_layer_norm(x, normalized, w, b, 1e-5);
  auto g = filled(aten::empty(shape));
  for (auto _ : state)
    benchmark::DoNotOptimize(
        aten::native_layer_norm_backward(g, x, normalized, mean, rstd, w, b, {true, true, true}));
}
void LayerNormBackward_torch(benchmark::State& state) {
  threads(state);
  const auto [shape, normalized] = layer_norm_shape(state);
  auto x = filled(at::empty(shape)), w = at::ones(normalized), b = at::zeros(normalized);
  auto [y, mean, rstd] = at::native_layer_norm(x, normalized, w, b, 1e-5);
  auto g = filled(at::empty(shape));
  for (auto _ : state)
    benchmark::DoNotOptimize(
        at::native_layer_norm_backward(g, x, normalized, mean, rstd, w, b, {true, true, true}));
}

// ---- indexing ----------------------------------------------------------------------------------

constexpr int64_t kVocab = 32768, kWidth = 128, kBatch = 32, kSeq = 256;

// Index i of n into [0, bound): scrambled, repeating.
int64_t scrambled(int64_t i, int64_t bound) { return (i * 7919 + (i >> 3) * 104729) % bound; }

template <typename T>
void fill_indices(T& t, int64_t bound) {
  int64_t* p = t.template data_ptr<int64_t>();
  for (int64_t i = 0; i < t.numel(); ++i) p[i] = scrambled(i, bound);
}

void Embedding_aten(benchmark::State& state) {
  threads(state);
  aten::Tensor w = aten::empty({kVocab, kWidth});
  fill(w);
  aten::Tensor idx = aten::empty({kBatch, kSeq}, aten::ScalarType::Long);
  fill_indices(idx, kVocab);
  for (auto _ : state) benchmark::DoNotOptimize(aten::embedding(w, idx));
}
void Embedding_torch(benchmark::State& state) {
  threads(state);
  at::Tensor w = at::empty({kVocab, kWidth});
  fill(w);
  at::Tensor idx = at::empty({kBatch, kSeq}, at::kLong);
  fill_indices(idx, kVocab);
  for (auto _ : state) benchmark::DoNotOptimize(at::embedding(w, idx));
}
void EmbeddingBackward_aten(benchmark::State& state) {
  threads(state);
  aten::Tensor g = aten::empty({kBatch, kSeq, kWidth});
  fill(g);
  aten::Tensor idx = aten::empty({kBatch, kSeq}, aten::ScalarType::Long);
  fill_indices(idx, kVocab);
  for (auto _ : state)
    benchmark::DoNotOptimize(aten::embedding_dense_backward(g, idx, kVocab, -1, false));
}
void EmbeddingBackward_torch(benchmark::State& state) {
  threads(state);
  at::Tensor g = at::empty({kBatch, kSeq, kWidth});
  fill(g);
  at::Tensor idx = at::empty({kBatch, kSeq}, at::kLong);
  fill_indices(idx, kVocab);
  for (auto _ : state)
    benchmark::DoNotOptimize(at::embedding_dense_backward(g, idx, kVocab, -1, false));
}
void IndexLong_aten(benchmark::State& state) {
  threads(state);
  aten::Tensor x = aten::empty({4096, 256});
  fill(x);
  const bool rows = state.range(1) == 0;
  aten::Tensor idx = aten::empty({rows ? 8192 : 128}, aten::ScalarType::Long);
  fill_indices(idx, rows ? 4096 : 256);
  std::vector<std::optional<aten::Tensor>> indices = {idx};
  if (!rows) indices.insert(indices.begin(), std::nullopt);
  for (auto _ : state) benchmark::DoNotOptimize(aten::index(x, indices));
}
void IndexLong_torch(benchmark::State& state) {
  threads(state);
  at::Tensor x = at::empty({4096, 256});
  fill(x);
  const bool rows = state.range(1) == 0;
  at::Tensor idx = at::empty({rows ? 8192 : 128}, at::kLong);
  fill_indices(idx, rows ? 4096 : 256);
  c10::List<c10::optional<at::Tensor>> indices;
  if (!rows) indices.push_back(c10::nullopt);
  indices.push_back(idx);
  for (auto _ : state) benchmark::DoNotOptimize(at::index(x, indices));
}

// ---- sorting -----------------------------------------------------------------------------------
constexpr int64_t kTopkRows = 4096, kTopkCols = 1024, kTopk = 10, kSortSize = int64_t{1} << 20;

void TopK_aten(benchmark::State& state) {
  threads(state);
  aten::Tensor x = aten::empty({kTopkRows, kTopkCols});
  fill(x);
  for (auto _ : state) benchmark::DoNotOptimize(aten::topk(x, kTopk));
}
void TopK_torch(benchmark::State& state) {
  threads(state);
  at::Tensor x = at::empty({kTopkRows, kTopkCols});
  fill(x);
  for (auto _ : state) benchmark::DoNotOptimize(at::topk(x, kTopk));
}
void Sort_aten(benchmark::State& state) {
  threads(state);
  aten::Tensor x = aten::empty({kSortSize});
  fill(x);
  const bool stable = state.range(1) == 1;
  for (auto _ : state) benchmark::DoNotOptimize(aten::sort(x, std::optional<bool>(stable)));
}
void Sort_torch(benchmark::State& state) {
  threads(state);
  at::Tensor x = at::empty({kSortSize});
  fill(x);
  const bool stable = state.range(1) == 1;
  for (auto _ : state) benchmark::DoNotOptimize(at::sort(x, c10::optional<bool>(stable)));
}

}  // namespace

#define ATEN_INDEX_BENCH(name, ...)          \
  BENCHMARK(name##_aten)                     \
      ->Name(#name "/aten")                  \
      ->ArgsProduct({{1, 2}, {__VA_ARGS__}}) \
      ->UseRealTime()                        \
      ->Unit(benchmark::kMicrosecond);       \
  BENCHMARK(name##_torch)                    \
      ->Name(#name "/torch")                 \
      ->ArgsProduct({{1, 2}, {__VA_ARGS__}}) \
      ->UseRealTime()                        \
      ->Unit(benchmark::kMicrosecond)

#define ATEN_POOL_BENCH(name)               \
  BENCHMARK(name##_aten)                    \
      ->Name(#name "/aten")                 \
      ->ArgsProduct({{1, 2}, {0, 1, 2, 3}}) \
      ->UseRealTime()                       \
      ->Unit(benchmark::kMicrosecond);      \
  BENCHMARK(name##_torch)                   \
      ->Name(#name "/torch")                \
      ->ArgsProduct({{1, 2}, {0, 1, 2, 3}}) \
      ->UseRealTime()                       \
      ->Unit(benchmark::kMicrosecond)

#define ATEN_NN_BENCH(name)              \
  BENCHMARK(name##_aten)                 \
      ->Name(#name "/aten")              \
      ->ArgsProduct({{1, 2}, {0, 1, 2}}) \
      ->UseRealTime()                    \
      ->Unit(benchmark::kMicrosecond);   \
  BENCHMARK(name##_torch)                \
      ->Name(#name "/torch")             \
      ->ArgsProduct({{1, 2}, {0, 1, 2}}) \
      ->UseRealTime()                    \
      ->Unit(benchmark::kMicrosecond)

ATEN_NN_BENCH(SoftmaxOut);
ATEN_NN_BENCH(LogSoftmaxOut);
ATEN_NN_BENCH(SoftmaxBackwardOut);
ATEN_NN_BENCH(LogSoftmaxBackwardOut);
BENCHMARK(Conv2d_aten)
    ->Name("Conv2d/aten")
    ->ArgsProduct({{1, 2}, {0, 1}})
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(Conv2d_torch)
    ->Name("Conv2d/torch")
    ->ArgsProduct({{1, 2}, {0, 1}})
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);
ATEN_POOL_BENCH(MaxPool2d);
ATEN_POOL_BENCH(MaxPool2dBackward);
ATEN_POOL_BENCH(AvgPool2d);
ATEN_POOL_BENCH(AvgPool2dBackward);
ATEN_INDEX_BENCH(Embedding, 0);
ATEN_INDEX_BENCH(EmbeddingBackward, 0);
ATEN_INDEX_BENCH(IndexLong, 0, 1);
ATEN_INDEX_BENCH(TopK, 0);
BENCHMARK(Sort_aten)
    ->Name("Sort/aten")
    ->ArgsProduct({{1}, {0, 1}})
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(Sort_torch)
    ->Name("Sort/torch")
    ->ArgsProduct({{1}, {0, 1}})
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);

#define ATEN_NORM_BENCH(name)          \
  BENCHMARK(name##_aten)               \
      ->Name(#name "/aten")            \
      ->ArgsProduct({{1, 2}, {0, 1}})  \
      ->UseRealTime()                  \
      ->Unit(benchmark::kMicrosecond); \
  BENCHMARK(name##_torch)              \
      ->Name(#name "/torch")           \
      ->ArgsProduct({{1, 2}, {0, 1}})  \
      ->UseRealTime()                  \
      ->Unit(benchmark::kMicrosecond)

ATEN_NORM_BENCH(BatchNorm);
ATEN_NORM_BENCH(BatchNormBackward);
ATEN_NORM_BENCH(LayerNorm);
ATEN_NORM_BENCH(LayerNormBackward);

BENCHMARK_MAIN();
