// The cost autograd adds per op, next to libtorch's, in one run (registered as /aten and /torch
// like bench_vs_libtorch.cpp, so bench/ratios.py reads the output): on 1-element tensors the
// time is the recording and the engine, not arithmetic.
//   AddRequiresGrad      the forward of a + b where both require grad (a node is recorded)
//   MulAddSumBackward    forward and backward of (a * b + a).sum()
//   AddNoGrad            a + b where nothing requires grad (the Autograd key's cost when unused)
#include <ATen/TensorOperators.h>
#include <ATen/core/Tensor.h>
#include <ATen/ops/add.h>
#include <ATen/ops/ones.h>
#include <ATen/ops/sum.h>
#include <aten/TensorOperators.h>
#include <aten/autograd/Autograd.h>
#include <aten/ops/add.h>
#include <aten/ops/ones.h>
#include <aten/ops/sum.h>
#include <benchmark/benchmark.h>

namespace {

aten::Tensor aten_leaf(bool requires_grad) {
  aten::Tensor t = aten::ones({1});
  t.requires_grad_(requires_grad);
  return t;
}
at::Tensor torch_leaf(bool requires_grad) { return at::ones({1}).requires_grad_(requires_grad); }

void AddRequiresGrad_aten(benchmark::State& state) {
  auto a = aten_leaf(true), b = aten_leaf(true);
  for (auto _ : state) benchmark::DoNotOptimize(aten::add(a, b));
}
void AddRequiresGrad_torch(benchmark::State& state) {
  auto a = torch_leaf(true), b = torch_leaf(true);
  for (auto _ : state) benchmark::DoNotOptimize(at::add(a, b));
}

void MulAddSumBackward_aten(benchmark::State& state) {
  auto a = aten_leaf(true), b = aten_leaf(true);
  for (auto _ : state) (a * b + a).sum().backward();
}
void MulAddSumBackward_torch(benchmark::State& state) {
  auto a = torch_leaf(true), b = torch_leaf(true);
  for (auto _ : state) (a * b + a).sum().backward();
}

void AddNoGrad_aten(benchmark::State& state) {
  auto a = aten_leaf(false), b = aten_leaf(false);
  for (auto _ : state) benchmark::DoNotOptimize(aten::add(a, b));
}
void AddNoGrad_torch(benchmark::State& state) {
  auto a = torch_leaf(false), b = torch_leaf(false);
  for (auto _ : state) benchmark::DoNotOptimize(at::add(a, b));
}

}  // namespace

#define ATEN_BENCH_PAIR(name)                                                                 \
  BENCHMARK(name##_aten)->Name(#name "/aten/1")->UseRealTime()->Unit(benchmark::kNanosecond); \
  BENCHMARK(name##_torch)->Name(#name "/torch/1")->UseRealTime()->Unit(benchmark::kNanosecond)
ATEN_BENCH_PAIR(AddRequiresGrad);
ATEN_BENCH_PAIR(MulAddSumBackward);
ATEN_BENCH_PAIR(AddNoGrad);

BENCHMARK_MAIN();
