// The GEMM kernel on its own (no libtorch, so it builds in seconds while tuning): mm of square
// float32 / float64 matrices, transposed operands, many small matrices (bmm), and the
// matrix-vector path. GFLOPS counts 2 m n k per call.
#include <aten/Factories.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/bmm.h>
#include <aten/ops/mm.h>
#include <aten/ops/mv.h>
#include <aten/ops/transpose.h>
#include <benchmark/benchmark.h>

using namespace aten;

namespace {

template <typename T>
Tensor filled(IntArrayRef sizes) {
  Tensor t = empty(sizes, scalar_type_of<T>);
  T* p = t.data_ptr<T>();
  for (int64_t i = 0; i < t.numel(); ++i) p[i] = static_cast<T>(i % 7) * T(0.25);
  return t;
}

void flops(benchmark::State& state, double m, double n, double k, double batch = 1) {
  state.counters["GFLOPS"] = benchmark::Counter(2.0 * m * n * k * batch * 1e-9,
                                                benchmark::Counter::kIsIterationInvariantRate);
}

// args: threads, n
template <typename T>
void BM_Mm(benchmark::State& state) {
  set_num_threads(static_cast<int>(state.range(0)));
  const int64_t n = state.range(1);
  Tensor a = filled<T>({n, n}), b = filled<T>({n, n}), out = filled<T>({n, n});
  for (auto _ : state) mm_out(out, a, b);
  flops(state, n, n, n);
}

// a.t() @ b.t(): both operands read across their strides by the packing step.
void BM_MmTransposed(benchmark::State& state) {
  set_num_threads(static_cast<int>(state.range(0)));
  const int64_t n = state.range(1);
  Tensor a = filled<float>({n, n}), b = filled<float>({n, n}), out = filled<float>({n, n});
  for (auto _ : state) mm_out(out, transpose(a, 0, 1), transpose(b, 0, 1));
  flops(state, n, n, n);
}

void BM_BmmSmall(benchmark::State& state) {
  set_num_threads(static_cast<int>(state.range(0)));
  Tensor a = filled<float>({4096, 16, 16}), b = filled<float>({4096, 16, 16}),
         out = filled<float>({4096, 16, 16});
  for (auto _ : state) bmm_out(out, a, b);
  flops(state, 16, 16, 16, 4096);
}

void BM_Mv(benchmark::State& state) {
  set_num_threads(static_cast<int>(state.range(0)));
  const int64_t n = state.range(1);
  Tensor a = filled<float>({n, n}), x = filled<float>({n}), out = filled<float>({n});
  for (auto _ : state) mv_out(out, a, x);
  flops(state, n, 1, n);
}

}  // namespace

BENCHMARK(BM_Mm<float>)
    ->ArgsProduct({{1, 2}, {256, 1024}})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Mm<double>)
    ->ArgsProduct({{1, 2}, {1024}})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MmTransposed)
    ->ArgsProduct({{1, 2}, {1024}})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BmmSmall)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Mv)->ArgsProduct({{1, 2}, {4096}})->UseRealTime()->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
