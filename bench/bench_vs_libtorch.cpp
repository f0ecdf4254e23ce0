// MiniATen next to libtorch on the same machine, same data, same thread count, in one run.
// Each case is registered twice, /aten and /torch; bench/ratios.py turns the JSON output into
// the table in bench/README.md.
// Per-op headers on both sides, not the aggregates (<aten/ATen.h>, <torch/torch.h>): with those
// this file took a minute to compile, and ours would recompile it whenever an operator is added.
#include <ATen/Parallel.h>
#include <ATen/TensorOperators.h>
#include <ATen/core/Tensor.h>
#include <ATen/ops/add.h>
#include <ATen/ops/amax.h>
#include <ATen/ops/empty.h>
#include <ATen/ops/exp.h>
#include <ATen/ops/gelu.h>
#include <ATen/ops/mm.h>
#include <ATen/ops/rand.h>
#include <ATen/ops/sigmoid.h>
#include <ATen/ops/tanh.h>
#include <aten/Factories.h>
#include <aten/TensorOperators.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/add.h>
#include <aten/ops/amax.h>
#include <aten/ops/empty_strided.h>
#include <aten/ops/exp.h>
#include <aten/ops/gelu.h>
#include <aten/ops/mean.h>
#include <aten/ops/mm.h>
#include <aten/ops/sigmoid.h>
#include <aten/ops/sum.h>
#include <aten/ops/tanh.h>
#include <benchmark/benchmark.h>

namespace {

constexpr int64_t kN = 4096;

aten::Tensor aten_filled(aten::IntArrayRef sizes, float v) {
  aten::Tensor t = aten::empty(sizes);
  float* p = t.data_ptr<float>();
  for (int64_t i = 0; i < t.numel(); ++i) p[i] = v + static_cast<float>(i % 7);
  return t;
}

void threads(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  aten::set_num_threads(n);
  at::set_num_threads(n);
}

void bytes(benchmark::State& state, int64_t numel, int tensors) {
  state.SetBytesProcessed(state.iterations() * numel * tensors *
                          static_cast<int64_t>(sizeof(float)));
}

// ---- add into a preallocated out --------------------------------------------------------------
void AddOut_aten(benchmark::State& state) {
  threads(state);
  auto a = aten_filled({kN, kN}, 1), b = aten_filled({kN, kN}, 2), out = aten_filled({kN, kN}, 0);
  for (auto _ : state) aten::add_out(out, a, b);
  bytes(state, a.numel(), 3);
}
void AddOut_torch(benchmark::State& state) {
  threads(state);
  auto a = at::rand({kN, kN}), b = at::rand({kN, kN}), out = at::empty({kN, kN});
  for (auto _ : state) at::add_out(out, a, b);
  bytes(state, a.numel(), 3);
}

// ---- functional add ---------------------------------------------------------------------------
void Add_aten(benchmark::State& state) {
  threads(state);
  auto a = aten_filled({kN, kN}, 1), b = aten_filled({kN, kN}, 2);
  for (auto _ : state) benchmark::DoNotOptimize(aten::add(a, b));
  bytes(state, a.numel(), 3);
}
void Add_torch(benchmark::State& state) {
  threads(state);
  auto a = at::rand({kN, kN}), b = at::rand({kN, kN});
  for (auto _ : state) benchmark::DoNotOptimize(at::add(a, b));
  bytes(state, a.numel(), 3);
}

// ---- per-call overhead: add of 1-element tensors ----------------------------------------------
void AddOneElement_aten(benchmark::State& state) {
  threads(state);
  auto a = aten_filled({1}, 1), b = aten_filled({1}, 2);
  for (auto _ : state) benchmark::DoNotOptimize(aten::add(a, b));
}
void AddOneElement_torch(benchmark::State& state) {
  threads(state);
  auto a = at::rand({1}), b = at::rand({1});
  for (auto _ : state) benchmark::DoNotOptimize(at::add(a, b));
}

// ---- a.t() * b: a transposed input against a contiguous one ----------------------------------
void TransposedMul_aten(benchmark::State& state) {
  threads(state);
  auto a = aten_filled({kN, kN}, 1), b = aten_filled({kN, kN}, 2);
  auto at = aten::empty_strided({kN, kN}, {1, kN});
  at.copy_(a);  // a transposed view's layout, built without the view ops
  for (auto _ : state) benchmark::DoNotOptimize(aten::mul(at, b));
  bytes(state, a.numel(), 3);
}
void TransposedMul_torch(benchmark::State& state) {
  threads(state);
  auto a = at::rand({kN, kN}), b = at::rand({kN, kN});
  for (auto _ : state) benchmark::DoNotOptimize(a.t() * b);
  bytes(state, a.numel(), 3);
}

// ---- a.t().contiguous() ---------------------------------------------------------------------
void TransposeContiguous_aten(benchmark::State& state) {
  threads(state);
  auto a = aten_filled({kN, kN}, 1);
  auto at = aten::empty_strided({kN, kN}, {1, kN});
  at.copy_(a);
  for (auto _ : state) benchmark::DoNotOptimize(at.contiguous());
  bytes(state, a.numel(), 2);
}
void TransposeContiguous_torch(benchmark::State& state) {
  threads(state);
  auto a = at::rand({kN, kN});
  for (auto _ : state) benchmark::DoNotOptimize(a.t().contiguous());
  bytes(state, a.numel(), 2);
}

// ---- NCHW -> NHWC of [64, 64, 56, 56] ---------------------------------------------------------
void ToChannelsLast_aten(benchmark::State& state) {
  threads(state);
  auto x = aten_filled({64, 64, 56, 56}, 1);
  for (auto _ : state) benchmark::DoNotOptimize(x.contiguous(aten::MemoryFormat::ChannelsLast));
  bytes(state, x.numel(), 2);
}
void ToChannelsLast_torch(benchmark::State& state) {
  threads(state);
  auto x = at::rand({64, 64, 56, 56});
  for (auto _ : state) benchmark::DoNotOptimize(x.contiguous(at::MemoryFormat::ChannelsLast));
  bytes(state, x.numel(), 2);
}

// ---- sum, mean, amax over dim 0, dim 1, all --------------------------------------------------
// <Op>/<impl>/<threads>/<0: dim 0, 1: dim 1, 2: all>
template <typename F>
void reduce_aten(benchmark::State& state, F op) {
  threads(state);
  auto a = aten_filled({kN, kN}, 1);
  const int64_t which = state.range(1);
  for (auto _ : state) benchmark::DoNotOptimize(op(a, which));
  bytes(state, a.numel(), 1);
}
template <typename F>
void reduce_torch(benchmark::State& state, F op) {
  threads(state);
  auto a = at::rand({kN, kN});
  const int64_t which = state.range(1);
  for (auto _ : state) benchmark::DoNotOptimize(op(a, which));
  bytes(state, a.numel(), 1);
}

void Sum_aten(benchmark::State& s) {
  reduce_aten(s, [](const aten::Tensor& a, int64_t d) {
    return d == 2 ? aten::sum(a) : aten::sum(a, aten::IntArrayRef{d});
  });
}
void Sum_torch(benchmark::State& s) {
  reduce_torch(s, [](const at::Tensor& a, int64_t d) { return d == 2 ? a.sum() : a.sum(d); });
}
void Mean_aten(benchmark::State& s) {
  reduce_aten(s, [](const aten::Tensor& a, int64_t d) {
    return d == 2 ? aten::mean(a) : aten::mean(a, aten::IntArrayRef{d});
  });
}
void Mean_torch(benchmark::State& s) {
  reduce_torch(s, [](const at::Tensor& a, int64_t d) { return d == 2 ? a.mean() : a.mean(d); });
}
void Amax_aten(benchmark::State& s) {
  reduce_aten(s, [](const aten::Tensor& a, int64_t d) {
    return d == 2 ? aten::amax(a) : aten::amax(a, aten::IntArrayRef{d});
  });
}
void Amax_torch(benchmark::State& s) {
  reduce_torch(
      s, [](const at::Tensor& a, int64_t d) { return d == 2 ? at::amax(a) : at::amax(a, d); });
}

// ---- unary math into a preallocated out of 16M floats -------------------------------------------
// Both libraries get the same values, spread over [-8, 8) so that no function saturates
// everywhere (exp stays finite, tanh and sigmoid are not all +-1, gelu's both sides matter).
float unary_input(int64_t i) { return static_cast<float>(i % 4099) * (16.f / 4099) - 8.f; }

template <typename F>
void unary_out_aten(benchmark::State& state, F op) {
  threads(state);
  auto x = aten::empty({kN, kN}), out = aten::empty({kN, kN});
  float* p = x.data_ptr<float>();
  for (int64_t i = 0; i < x.numel(); ++i) p[i] = unary_input(i);
  op(out, x);  // first touch of out's pages, outside the timing
  for (auto _ : state) op(out, x);
  bytes(state, x.numel(), 2);
}
template <typename F>
void unary_out_torch(benchmark::State& state, F op) {
  threads(state);
  auto x = at::empty({kN, kN}), out = at::empty({kN, kN});
  float* p = x.data_ptr<float>();
  for (int64_t i = 0; i < x.numel(); ++i) p[i] = unary_input(i);
  op(out, x);
  for (auto _ : state) op(out, x);
  bytes(state, x.numel(), 2);
}

void ExpOut_aten(benchmark::State& s) {
  unary_out_aten(s, [](auto& o, auto& x) { aten::exp_out(o, x); });
}
void ExpOut_torch(benchmark::State& s) {
  unary_out_torch(s, [](auto& o, auto& x) { at::exp_out(o, x); });
}
void TanhOut_aten(benchmark::State& s) {
  unary_out_aten(s, [](auto& o, auto& x) { aten::tanh_out(o, x); });
}
void TanhOut_torch(benchmark::State& s) {
  unary_out_torch(s, [](auto& o, auto& x) { at::tanh_out(o, x); });
}
void SigmoidOut_aten(benchmark::State& s) {
  unary_out_aten(s, [](auto& o, auto& x) { aten::sigmoid_out(o, x); });
}
void SigmoidOut_torch(benchmark::State& s) {
  unary_out_torch(s, [](auto& o, auto& x) { at::sigmoid_out(o, x); });
}
void GeluOut_aten(benchmark::State& s) {
  unary_out_aten(s, [](auto& o, auto& x) { aten::gelu_out(o, x); });
}
void GeluOut_torch(benchmark::State& s) {
  unary_out_torch(s, [](auto& o, auto& x) { at::gelu_out(o, x); });
}

// ---- copy_ of 16M floats into a preallocated tensor of another dtype --------------------------
// CastOut/<impl>/<threads>/<0: bfloat16, 1: float64>. The values have fractional parts, so
// bfloat16 rounds.
void CastOut_aten(benchmark::State& state) {
  threads(state);
  auto x = aten::empty({kN, kN});
  float* p = x.data_ptr<float>();
  for (int64_t i = 0; i < x.numel(); ++i) p[i] = unary_input(i);
  auto out = aten::empty(
      {kN, kN}, aten::TensorOptions(state.range(1) == 0 ? aten::kBFloat16 : aten::kDouble));
  out.copy_(x);  // first touch of out's pages, outside the timing
  for (auto _ : state) out.copy_(x);
  bytes(state, x.numel(), 1);
}
void CastOut_torch(benchmark::State& state) {
  threads(state);
  auto x = at::empty({kN, kN});
  float* p = x.data_ptr<float>();
  for (int64_t i = 0; i < x.numel(); ++i) p[i] = unary_input(i);
  auto out = at::empty({kN, kN}, state.range(1) == 0 ? at::kBFloat16 : at::kDouble);
  out.copy_(x);
  for (auto _ : state) out.copy_(x);
  bytes(state, x.numel(), 1);
}

// ---- mm of two 1024 x 1024 float32 matrices into a preallocated out (libtorch calls its BLAS)
// ----
constexpr int64_t kMm = 1024;
void Mm_aten(benchmark::State& state) {
  threads(state);
  auto a = aten_filled({kMm, kMm}, 1), b = aten_filled({kMm, kMm}, 2),
       out = aten_filled({kMm, kMm}, 0);
  for (auto _ : state) aten::mm_out(out, a, b);
  state.counters["GFLOPS"] = benchmark::Counter(2.0 * kMm * kMm * kMm,
                                                benchmark::Counter::kIsIterationInvariantRate);
}
void Mm_torch(benchmark::State& state) {
  threads(state);
  auto a = at::rand({kMm, kMm}), b = at::rand({kMm, kMm}), out = at::empty({kMm, kMm});
  for (auto _ : state) at::mm_out(out, a, b);
  state.counters["GFLOPS"] = benchmark::Counter(2.0 * kMm * kMm * kMm,
                                                benchmark::Counter::kIsIterationInvariantRate);
}

}  // namespace

#define ATEN_BENCH_PAIR(name, unit)                                                       \
  BENCHMARK(name##_aten)->Name(#name "/aten")->Arg(1)->Arg(2)->UseRealTime()->Unit(unit); \
  BENCHMARK(name##_torch)->Name(#name "/torch")->Arg(1)->Arg(2)->UseRealTime()->Unit(unit)

ATEN_BENCH_PAIR(AddOut, benchmark::kMillisecond);
ATEN_BENCH_PAIR(Add, benchmark::kMillisecond);
ATEN_BENCH_PAIR(AddOneElement, benchmark::kNanosecond);
ATEN_BENCH_PAIR(TransposedMul, benchmark::kMillisecond);
ATEN_BENCH_PAIR(TransposeContiguous, benchmark::kMillisecond);
ATEN_BENCH_PAIR(ToChannelsLast, benchmark::kMillisecond);
ATEN_BENCH_PAIR(ExpOut, benchmark::kMillisecond);
ATEN_BENCH_PAIR(TanhOut, benchmark::kMillisecond);
ATEN_BENCH_PAIR(SigmoidOut, benchmark::kMillisecond);
ATEN_BENCH_PAIR(GeluOut, benchmark::kMillisecond);
ATEN_BENCH_PAIR(Mm, benchmark::kMillisecond);
// Cases with a second argument: <Case>/<impl>/<threads>/<arg>.
#define ATEN_BENCH_PAIR_ARG(name, ...)       \
  BENCHMARK(name##_aten)                     \
      ->Name(#name "/aten")                  \
      ->ArgsProduct({{1, 2}, {__VA_ARGS__}}) \
      ->UseRealTime()                        \
      ->Unit(benchmark::kMillisecond);       \
  BENCHMARK(name##_torch)                    \
      ->Name(#name "/torch")                 \
      ->ArgsProduct({{1, 2}, {__VA_ARGS__}}) \
      ->UseRealTime()                        \
      ->Unit(benchmark::kMillisecond)

ATEN_BENCH_PAIR_ARG(Sum, 0, 1, 2);
ATEN_BENCH_PAIR_ARG(Mean, 0, 1, 2);
ATEN_BENCH_PAIR_ARG(Amax, 0, 1, 2);
ATEN_BENCH_PAIR_ARG(CastOut, 0, 1);

BENCHMARK_MAIN();
