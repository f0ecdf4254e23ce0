// add on float32 [4096, 4096]: into a preallocated out, functional, and a plain C++ loop over
// the same memory as the bound to compare with; plus the per-call overhead on one element.
#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/add.h>
#include <aten/ops/empty.h>
#include <benchmark/benchmark.h>

using namespace aten;

namespace {

constexpr int64_t kN = 4096;

Tensor filled(IntArrayRef sizes, float v) {
  Tensor t = empty(sizes);
  float* p = t.data_ptr<float>();
  for (int64_t i = 0; i < t.numel(); ++i) p[i] = v;
  return t;
}

void set_bytes(benchmark::State& state, int64_t numel) {
  state.SetBytesProcessed(state.iterations() * numel * 3 * static_cast<int64_t>(sizeof(float)));
}

void BM_PlainLoop(benchmark::State& state) {
  set_num_threads(static_cast<int>(state.range(0)));
  Tensor a = filled({kN, kN}, 1), b = filled({kN, kN}, 2), out = filled({kN, kN}, 0);
  const float* pa = a.data_ptr<float>();
  const float* pb = b.data_ptr<float>();
  float* po = out.data_ptr<float>();
  const int64_t n = a.numel();
  for (auto _ : state) {
    parallel_for(0, n, GRAIN_SIZE, [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i) po[i] = pa[i] + pb[i];
    });
    benchmark::ClobberMemory();
  }
  set_bytes(state, n);
}

void BM_AddOut(benchmark::State& state) {
  set_num_threads(static_cast<int>(state.range(0)));
  Tensor a = filled({kN, kN}, 1), b = filled({kN, kN}, 2), out = filled({kN, kN}, 0);
  for (auto _ : state) {
    add_out(out, a, b);
    benchmark::ClobberMemory();
  }
  set_bytes(state, a.numel());
}

void BM_AddFunctional(benchmark::State& state) {
  set_num_threads(static_cast<int>(state.range(0)));
  Tensor a = filled({kN, kN}, 1), b = filled({kN, kN}, 2);
  for (auto _ : state) benchmark::DoNotOptimize(add(a, b));
  set_bytes(state, a.numel());
}

void BM_AddOneElement(benchmark::State& state) {
  Tensor a = filled({1}, 1), b = filled({1}, 2);
  for (auto _ : state) benchmark::DoNotOptimize(add(a, b));
}

}  // namespace

BENCHMARK(BM_PlainLoop)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AddOut)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AddFunctional)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AddOneElement);
BENCHMARK_MAIN();
