// Loops.h driven directly, as a kernel file would (this test is compiled as the DEFAULT
// capability), so each path — vectorized, broadcast-scalar, element-wise — is checked by name.
#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/Loops.h>
#include <aten/ops/empty.h>
#include <gtest/gtest.h>

#include "Reference.h"

using namespace aten;
using aten::native::cpu_kernel;
using aten::native::cpu_kernel_vec;
using aten::ref::make;
using aten::ref::restride;
using Vec = aten::vec::Vectorized<float>;

namespace {

struct Counts {
  int64_t scalar = 0, vector = 0;
};

// a*2 + b, counting which lambda ran.
Tensor run(const Tensor& out, const Tensor& a, const Tensor& b, Counts& counts) {
  auto iter = TensorIterator::binary_op(out, a, b);
  cpu_kernel_vec(
      iter,
      [&](float x, float y) -> float {
        ++counts.scalar;
        return x * 2 + y;
      },
      [&](Vec x, Vec y) {
        ++counts.vector;
        return x * Vec(2) + y;
      });
  return iter.output();
}

void expect_values(const Tensor& r, const Tensor& a, const Tensor& b) {
  ref::for_each_index(r.sizes(), [&](const std::vector<int64_t>& idx) {
    auto pick = [&](const Tensor& t) {  // broadcast read
      std::vector<int64_t> j(idx.end() - t.dim(), idx.end());
      for (int64_t d = 0; d < t.dim(); ++d)
        if (t.sizes()[d] == 1) j[d] = 0;
      return ref::get<float>(t, j);
    };
    ASSERT_EQ(ref::get<float>(r, idx), pick(a) * 2 + pick(b));
  });
}

}  // namespace

TEST(Loops, ContiguousUsesTheVectorPathWithAScalarTail) {
  const int64_t n = 4 * Vec::size() + 3;
  Tensor a = make<float>({n}, [](int64_t i) { return i; });
  Tensor b = make<float>({n}, [](int64_t i) { return 100 - i; });
  Counts c;
  Tensor r = run(Tensor(), a, b, c);
  expect_values(r, a, b);
  EXPECT_EQ(c.vector, 4);
  EXPECT_EQ(c.scalar, 3);
}

TEST(Loops, BroadcastScalarArgumentStaysVectorized) {
  const int64_t n = 4 * Vec::size();
  Tensor a = make<float>({n}, [](int64_t i) { return i; });
  Tensor s = make<float>({1}, [](int64_t) { return 7; });
  Counts c1, c2;
  expect_values(run(Tensor(), a, s, c1), a, s);
  expect_values(run(Tensor(), s, a, c2), s, a);
  EXPECT_EQ(c1.scalar, 0);
  EXPECT_EQ(c1.vector, 4);
  EXPECT_EQ(c2.scalar, 0);
}

TEST(Loops, StridedInputsFallBackToTheBasicLoop) {
  Tensor base = make<float>({64}, [](int64_t i) { return i; });
  Tensor every_other = restride(base, {32}, {2});
  Tensor b = make<float>({32}, [](int64_t i) { return -i; });
  Counts c;
  expect_values(run(Tensor(), every_other, b, c), every_other, b);
  EXPECT_EQ(c.vector, 0);
  EXPECT_EQ(c.scalar, 32);
}

TEST(Loops, TwoDimensionalStepsAreWalkedRowByRow) {
  Tensor a = make<float>({5, 3 * Vec::size()}, [](int64_t i) { return i; });
  Tensor col = make<float>({5, 1}, [](int64_t i) { return 10 * i; });
  Counts c;
  expect_values(run(Tensor(), a, col, c), a, col);  // col is a per-row scalar
  EXPECT_EQ(c.scalar, 5 * (3 * Vec::size() % (2 * Vec::size())));
}

TEST(Loops, CpuKernelScalarOnly) {
  Tensor a = make<float>({3, 4}, [](int64_t i) { return i; });
  Tensor b = make<float>({4}, [](int64_t i) { return i * i; });
  auto iter = TensorIterator::binary_op(Tensor(), a, b);
  cpu_kernel(iter, [](float x, float y) -> float { return x * 2 + y; });
  expect_values(iter.output(), a, b);
}

TEST(Loops, SerialKernelRunsInOrderOnOneThread) {
  Tensor out = empty({5, 7});
  Tensor in = make<float>({5, 7}, [](int64_t) { return 0; });
  TensorIteratorConfig config;
  config.add_output(out).add_input(in);
  TensorIterator iter(config);
  float counter = 0;
  aten::native::cpu_serial_kernel(iter, [&](float x) -> float { return x + counter++; });
  ref::for_each_index(out.sizes(), [&](const std::vector<int64_t>& idx) {
    EXPECT_EQ(ref::get<float>(out, idx), float(idx[0] * 7 + idx[1]));
  });
}

TEST(Loops, MultipleOutputs) {
  Tensor a = make<float>({3, 50}, [](int64_t i) { return i; });
  Tensor b = make<float>({50}, [](int64_t i) { return 2 * i + 1; });
  Tensor sum = empty({3, 50}), diff = empty({3, 50});
  TensorIteratorConfig config;
  config.add_output(sum).add_output(diff).add_input(a).add_input(b);
  TensorIterator iter(config);
  aten::native::cpu_kernel_multiple_outputs(
      iter, [](float x, float y) { return std::tuple<float, float>(x + y, x - y); });
  ref::for_each_index(sum.sizes(), [&](const std::vector<int64_t>& idx) {
    float x = ref::get<float>(a, idx), y = ref::get<float>(b, {idx[1]});
    ASSERT_EQ(ref::get<float>(sum, idx), x + y);
    ASSERT_EQ(ref::get<float>(diff, idx), x - y);
  });
}
