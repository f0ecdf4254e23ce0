// The operators issue's acceptance cases, each at the shape the issue names, MiniATen against
// libtorch 1.13 in one binary (float32, 1 and 2 threads):
//   Softmax/<impl>/<threads>/<log>      softmax (0) or log_softmax (1) over dim 1 of [2048, 2048]
//   LayerNorm/<impl>/<threads>          layer_norm of [4096, 1024] over its last dim
//   BatchNorm/<impl>/<threads>          batch_norm in training (running statistics updated) of
//                                       [32, 64, 56, 56]
//   Conv3x3/<impl>/<threads>/<both>     conv2d 3x3 64 -> 64 (padding 1) of [8, 64, 56, 56],
//                                       forward (0) or forward and backward (1)
//   Conv5x5/<impl>/<threads>            conv2d 5x5 1 -> 6 of [64, 1, 28, 28] (LeNet-5's first)
//   MaxPool/<impl>/<threads>            max_pool2d 3x3, stride 2, of [32, 64, 56, 56] into a
//                                       preallocated out
//   Sort/<impl>/1                       sort of 1M floats, one thread
//   TopK/<impl>/<threads>               topk(x, 10) along the rows of [4096, 1024]
//   Mm/aten/1, FmaPeak/1                a 1024^3 mm and a register-only FMA loop on one core, for
//                                       the GFLOP/s counters (the machine's peak and mm's share)
// bench/README.md has the command and the table.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <aten/Factories.h>
#include <aten/TensorOperators.h>
#include <aten/autograd/Autograd.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/batch_norm.h>
#include <aten/ops/conv2d.h>
#include <aten/ops/empty.h>
#include <aten/ops/layer_norm.h>
#include <aten/ops/log_softmax.h>
#include <aten/ops/max_pool2d_with_indices.h>
#include <aten/ops/mm.h>
#include <aten/ops/ones.h>
#include <aten/ops/softmax.h>
#include <aten/ops/sort.h>
#include <aten/ops/sum.h>
#include <aten/ops/topk.h>
#include <aten/ops/zeros.h>
#include <benchmark/benchmark.h>
#include <immintrin.h>

#include <cmath>
#include <optional>
#include <vector>

namespace {

void threads(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  aten::set_num_threads(n);
  at::set_num_threads(n);
}

// The same values on both sides: 4 sin(i), with i the element's position.
template <typename T>
T filled(T t) {
  float* p = t.template data_ptr<float>();
  for (int64_t i = 0; i < t.numel(); ++i) p[i] = 4.f * std::sin(static_cast<float>(i));
  return t;
}
aten::Tensor mine(std::vector<int64_t> shape) { return filled(aten::empty(shape)); }
at::Tensor theirs(std::vector<int64_t> shape) { return filled(at::empty(shape)); }

void Softmax_aten(benchmark::State& state) {
  threads(state);
  const aten::Tensor x = mine({2048, 2048});
  for (auto _ : state) {
    benchmark::DoNotOptimize(state.range(1) == 1 ? aten::log_softmax(x, 1) : aten::softmax(x, 1));
  }
}
void Softmax_torch(benchmark::State& state) {
  threads(state);
  const at::Tensor x = theirs({2048, 2048});
  for (auto _ : state) {
    benchmark::DoNotOptimize(state.range(1) == 1 ? at::log_softmax(x, 1) : at::softmax(x, 1));
  }
}

void LayerNorm_aten(benchmark::State& state) {
  threads(state);
  const aten::Tensor x = mine({4096, 1024}), w = aten::ones({1024}), b = aten::zeros({1024});
  for (auto _ : state) benchmark::DoNotOptimize(aten::layer_norm(x, {1024}, w, b));
}
void LayerNorm_torch(benchmark::State& state) {
  threads(state);
  const at::Tensor x = theirs({4096, 1024}), w = at::ones({1024}), b = at::zeros({1024});
  for (auto _ : state) benchmark::DoNotOptimize(at::layer_norm(x, {1024}, w, b));
}

void BatchNorm_aten(benchmark::State& state) {
  threads(state);
  const aten::Tensor x = mine({32, 64, 56, 56}), w = aten::ones({64}), b = aten::zeros({64});
  aten::Tensor mean = aten::zeros({64}), var = aten::ones({64});
  for (auto _ : state) {
    benchmark::DoNotOptimize(aten::batch_norm(x, w, b, mean, var, true, 0.1, 1e-5, false));
  }
}
void BatchNorm_torch(benchmark::State& state) {
  threads(state);
  const at::Tensor x = theirs({32, 64, 56, 56}), w = at::ones({64}), b = at::zeros({64});
  at::Tensor mean = at::zeros({64}), var = at::ones({64});
  for (auto _ : state) {
    benchmark::DoNotOptimize(at::batch_norm(x, w, b, mean, var, true, 0.1, 1e-5, false));
  }
}

// Forward, or forward and backward of the output's sum (gradients of input, weight and bias).
void Conv3x3_aten(benchmark::State& state) {
  threads(state);
  const bool backward = state.range(1) == 1;
  aten::Tensor x = mine({8, 64, 56, 56}), w = mine({64, 64, 3, 3}), b = mine({64});
  if (backward) {
    x.requires_grad_();
    w.requires_grad_();
    b.requires_grad_();
  }
  for (auto _ : state) {
    aten::Tensor y = aten::conv2d(x, w, b, {1, 1}, std::vector<int64_t>{1, 1});
    if (backward) aten::sum(y).backward();
    benchmark::DoNotOptimize(y);
  }
}
void Conv3x3_torch(benchmark::State& state) {
  threads(state);
  const bool backward = state.range(1) == 1;
  at::Tensor x = theirs({8, 64, 56, 56}), w = theirs({64, 64, 3, 3}), b = theirs({64});
  if (backward) {
    x.requires_grad_();
    w.requires_grad_();
    b.requires_grad_();
  }
  for (auto _ : state) {
    at::Tensor y = at::conv2d(x, w, b, {1, 1}, {1, 1});
    if (backward) y.sum().backward();
    benchmark::DoNotOptimize(y);
  }
}

void Conv5x5_aten(benchmark::State& state) {
  threads(state);
  const aten::Tensor x = mine({64, 1, 28, 28}), w = mine({6, 1, 5, 5}), b = mine({6});
  for (auto _ : state) benchmark::DoNotOptimize(aten::conv2d(x, w, b));
}
void Conv5x5_torch(benchmark::State& state) {
  threads(state);
  const at::Tensor x = theirs({64, 1, 28, 28}), w = theirs({6, 1, 5, 5}), b = theirs({6});
  for (auto _ : state) benchmark::DoNotOptimize(at::conv2d(x, w, b));
}

void MaxPool_aten(benchmark::State& state) {
  threads(state);
  const aten::Tensor x = mine({32, 64, 56, 56});
  aten::Tensor out = aten::empty({32, 64, 27, 27});
  aten::Tensor indices = aten::empty({32, 64, 27, 27}, aten::TensorOptions(aten::ScalarType::Long));
  for (auto _ : state) {
    benchmark::DoNotOptimize(aten::max_pool2d_with_indices_out(out, indices, x, {3, 3}, {2, 2}));
  }
}
void MaxPool_torch(benchmark::State& state) {
  threads(state);
  const at::Tensor x = theirs({32, 64, 56, 56});
  at::Tensor out = at::empty({32, 64, 27, 27});
  at::Tensor indices = at::empty({32, 64, 27, 27}, at::kLong);
  for (auto _ : state) {
    benchmark::DoNotOptimize(at::max_pool2d_with_indices_out(out, indices, x, {3, 3}, {2, 2}));
  }
}

void Sort_aten(benchmark::State& state) {
  threads(state);
  const aten::Tensor x = mine({int64_t{1} << 20});
  for (auto _ : state) benchmark::DoNotOptimize(aten::sort(x));
}
void Sort_torch(benchmark::State& state) {
  threads(state);
  const at::Tensor x = theirs({int64_t{1} << 20});
  for (auto _ : state) benchmark::DoNotOptimize(at::sort(x));
}

void TopK_aten(benchmark::State& state) {
  threads(state);
  const aten::Tensor x = mine({4096, 1024});
  for (auto _ : state) benchmark::DoNotOptimize(aten::topk(x, 10));
}
void TopK_torch(benchmark::State& state) {
  threads(state);
  const at::Tensor x = theirs({4096, 1024});
  for (auto _ : state) benchmark::DoNotOptimize(at::topk(x, 10));
}

constexpr double kMmFlops = 2.0 * 1024 * 1024 * 1024;
void Mm_aten(benchmark::State& state) {
  threads(state);
  const aten::Tensor a = mine({1024, 1024}), b = mine({1024, 1024});
  for (auto _ : state) benchmark::DoNotOptimize(aten::mm(a, b));
  state.counters["GFLOP/s"] = benchmark::Counter(kMmFlops / 1e9,
                                                 benchmark::Counter::kIsIterationInvariantRate);
}

// Twelve independent chains of 16-lane FMAs, in registers: as many as two FMA units with a
// four-cycle latency keep busy. Each iteration is 12 * 16 * 2 flops per step.
__attribute__((target("avx512f"))) void FmaPeak(benchmark::State& state) {
  constexpr int kSteps = 1 << 16;
  for (auto _ : state) {
    __m512 acc[12];
    for (int i = 0; i < 12; ++i) acc[i] = _mm512_set1_ps(static_cast<float>(i));
    const __m512 a = _mm512_set1_ps(0.999f), b = _mm512_set1_ps(1e-3f);
    for (int s = 0; s < kSteps; ++s) {
      for (int i = 0; i < 12; ++i) acc[i] = _mm512_fmadd_ps(acc[i], a, b);
    }
    for (int i = 0; i < 12; ++i) benchmark::DoNotOptimize(acc[i]);
  }
  state.counters["GFLOP/s"] = benchmark::Counter(12.0 * 16 * 2 * kSteps / 1e9,
                                                 benchmark::Counter::kIsIterationInvariantRate);
}

void both_threads(benchmark::internal::Benchmark* b) {
  b->ArgNames({"threads"})->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
}
void both_threads_and(benchmark::internal::Benchmark* b) {
  b->ArgNames({"threads", "case"})
      ->Args({1, 0})
      ->Args({1, 1})
      ->Args({2, 0})
      ->Args({2, 1})
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
}
void one_thread(benchmark::internal::Benchmark* b) {
  b->ArgNames({"threads"})->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();
}

}  // namespace

#define ATEN_LAYER_BENCH(name, args)                        \
  BENCHMARK(name##_aten)->Name(#name "/aten")->Apply(args); \
  BENCHMARK(name##_torch)->Name(#name "/torch")->Apply(args)

ATEN_LAYER_BENCH(Softmax, both_threads_and);
ATEN_LAYER_BENCH(LayerNorm, both_threads);
ATEN_LAYER_BENCH(BatchNorm, both_threads);
ATEN_LAYER_BENCH(Conv3x3, both_threads_and);
ATEN_LAYER_BENCH(Conv5x5, both_threads);
ATEN_LAYER_BENCH(MaxPool, both_threads);
ATEN_LAYER_BENCH(Sort, one_thread);
ATEN_LAYER_BENCH(TopK, both_threads);
BENCHMARK(Mm_aten)->Name("Mm/aten")->Apply(one_thread);
BENCHMARK(FmaPeak)->Name("FmaPeak")->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
