// The ops of aten/native/ScatterGather.cpp: gather, index_select, scatter, scatter_add and
// scatter_reduce, the parts the
// manifest suite cannot express: negative dims, Int or Long indices, scatter_ with repeated
// indices (the last write wins, in order, at any thread count), the reductions, and the errors
// that name op, argument, index value and shapes, with nothing written.
#include <aten/TensorOperators.h>
#include <aten/autograd/Autograd.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/empty.h>
#include <aten/ops/gather.h>
#include <aten/ops/index_select.h>
#include <aten/ops/ones_like.h>
#include <aten/ops/scatter.h>
#include <aten/ops/scatter_add.h>
#include <aten/ops/scatter_reduce.h>
#include <aten/ops/t.h>
#include <aten/ops/take_along_dim.h>
#include <aten/ops/zeros.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using ref::expect_equal, ref::iota, ref::longs, ref::values_of;
using ref::expect_error;
using ref::make;
using ref::read_double;

TEST(Gather, NegativeDimAndOutOfRangeIndices) {
  Tensor x = iota({3, 4});
  Tensor g = gather(x, -1, longs({3, 2}, {3, 0, 1, 1, 2, 0}));
  EXPECT_EQ(values_of(g), (std::vector<double>{3, 0, 5, 5, 10, 8}));
  expect_error(
      [&] {
        gather(x, 1, longs({1, 1}, {4}));
      },
      {"gather", "index 4 is out of bounds for dimension 1 with size 4"});
  expect_error(
      [&] {
        gather(x, 0, longs({1, 2}, {0, -1}));
      },
      {"index -1 is out of bounds for dimension 0 with size 3"});
  expect_error(
      [&] {
        gather(x, 0, longs({1, 2}, {0, 1}).to(ScalarType::Int));
      },
      {"gather", "index", "int64", "Int"});
  expect_error(
      [&] {
        gather(x, 0, longs({1, 5}, {0, 0, 0, 0, 0}));
      },
      {"Size does not match at dimension 1", "[1, 5]", "[3, 4]"});
  Tensor out = zeros({1, 1});
  expect_error([&] { gather_out(out, x, 1, longs({1, 1}, {9})); }, {"gather.out", "index 9"});
  EXPECT_EQ(read_double(out, {0, 0}), 0.0);
}

TEST(IndexSelect, IntOrLongIndexAndErrors) {
  Tensor x = iota({4, 3}).t();  // [3, 4]
  Tensor idx = longs({3}, {3, 0, 3});
  Tensor a = index_select(x, -1, idx), b = x.index_select(1, idx.to(ScalarType::Int));
  expect_equal(a, b);
  ref::for_each_index(a.sizes(), [&](const std::vector<int64_t>& i) {
    ASSERT_EQ(read_double(a, i), read_double(x, {i[0], std::vector<int64_t>{3, 0, 3}[i[1]]}));
  });
  expect_error(
      [&] {
        index_select(x, 0, longs({2}, {1, 3}));
      },
      {"index_select", "index 3 is out of bounds for dimension 0 with size 3"});
  expect_error([&] { index_select(x, 0, longs({1, 1}, {0})); }, {"index", "vector", "[1, 1]"});
  expect_error([&] { index_select(x, 0, idx.to(ScalarType::Float)); },
               {"index", "int32 or int64", "Float"});
  Tensor scalar = iota({});
  EXPECT_EQ(index_select(scalar, 0, longs({1}, {0})).dim(), 0);
  expect_error([&] { index_select(scalar, 0, longs({2}, {0, 0})); }, {"only 1 value"});
  // Indices into a size-0 dim are refused even when another size-0 dim makes the result empty
  // (libtorch 1.13 likewise); an empty index is fine.
  expect_error(
      [&] {
        index_select(empty({0, 0, 4}), 0, longs({1}, {0}));
      },
      {"index_select(): self indexing axis dim should be positive"});
  expect_error(
      [&] {
        index_select(empty({2, 0}), 1, longs({1}, {1}));
      },
      {"self indexing axis dim should be positive"});
  EXPECT_EQ(index_select(empty({0, 2}), 0, longs({0}, {})).sizes(), IntArrayRef({0, 2}));
  // With the indexed dim non-empty but another dim 0, the result is empty and nothing is read,
  // yet the indices are still checked, as ATen.
  expect_error(
      [&] {
        index_select(empty({5, 0, 1}, ScalarType::Byte), 2, longs({2}, {4, 0}));
      },
      {"index_select", "index 4 is out of bounds for dimension 2 with size 1"});
  EXPECT_EQ(index_select(empty({5, 0, 1}), 2, longs({2}, {0, 0})).sizes(), IntArrayRef({5, 0, 2}));
}

TEST(Scatter, RepeatedIndicesLastWriteWinsInOrder) {
  // Many rows (several threads' worth), each writing 5 values into 2 slots along dim 1.
  const int saved = get_num_threads();
  for (int threads : {1, 2}) {
    set_num_threads(threads);
    const int64_t rows = 20000;
    Tensor self = zeros({rows, 2});
    Tensor index = make<int64_t>({rows, 5},
                                 [](int64_t i) { return static_cast<double>(i % 5 % 2); });
    Tensor src = make<float>({rows, 5}, [](int64_t i) { return static_cast<double>(i); });
    self.scatter_(1, index, src);
    for (int64_t r : {int64_t{0}, rows / 2, rows - 1}) {
      EXPECT_EQ(read_double(self, {r, 0}), 5.0 * r + 4)
          << "row " << r;  // columns 0, 2, 4: the last is 4
      EXPECT_EQ(read_double(self, {r, 1}), 5.0 * r + 3) << "row " << r;  // columns 1, 3
    }
  }
  set_num_threads(saved);
  // Along dim 0 as well, with the value form.
  Tensor t = zeros({3, 2});
  t.scatter_(0, longs({4, 2}, {1, 1, 1, 2, 1, 1, 0, 1}), 7.0);
  EXPECT_EQ(values_of(t), (std::vector<double>{7, 0, 7, 7, 0, 7}));
}

TEST(Scatter, ReduceErrorsAndNothingWrittenOnError) {
  Tensor self = iota({2, 3});
  Tensor index = longs({2, 2}, {0, 0, 2, 1});
  Tensor src = make<float>({2, 2}, [](int64_t i) { return i + 1.0; });
  EXPECT_EQ(values_of(scatter(self, -1, index, src, "add")),
            (std::vector<double>{3, 1, 2, 3, 8, 8}));
  EXPECT_EQ(values_of(scatter(self, 1, index, 2.0, "multiply")),
            (std::vector<double>{0, 1, 2, 3, 8, 10}));
  expect_error([&] { scatter(self, 1, index, src, "max"); },
               {"scatter.reduce", "add or multiply", "max"});
  expect_error(
      [&] {
        self.scatter_(1, longs({2, 2}, {0, 0, 3, 1}), src);
      },
      {"scatter_.src", "index 3 is out of bounds for dimension 1 with size 3"});
  expect_error([&] { self.scatter_(1, index, src.to(ScalarType::Double)); },
               {"self.dtype to be equal to src.dtype", "Float", "Double"});
  expect_error([&] { self.scatter_(1, index.to(ScalarType::Int), src); }, {"index", "int64"});
  expect_error(
      [&] {
        self.scatter_(1, longs({3, 1}, {0, 0, 0}), iota({3, 1}));
      },
      {"Expected index [3, 1] to be smaller than self [2, 3] apart from dimension 1"});
  expect_error(
      [&] {
        self.scatter_(1, longs({1, 3}, {0, 0, 0}), iota({1, 2}));
      },
      {"smaller size than src [1, 2]"});
  expect_error([&] { self.scatter_(1, index, 1e300); }, {"scatter_.value"});
  expect_equal(self, iota({2, 3}));
  Tensor expanded = iota({1, 3}).expand({2, 3});
  expect_error([&] { expanded.scatter_(1, index, src); },
               {"more than one element of the written-to tensor"});
  // Empty index: a copy of self.
  expect_equal(scatter(self, 0, empty({0}, ScalarType::Long), 1.0), self);
  ref::expect_same_geometry(scatter(ref::to_meta(self), 1, ref::to_meta(index), ref::to_meta(src)),
                            scatter(self, 1, index, src));
}

TEST(TakeAlongDim, BroadcastsSelfAndIndicesExceptAlongDim) {
  Tensor x = iota({3, 4});
  Tensor idx = longs({2, 1}, {2, 0});  // rows 2 and 0, for every column
  Tensor r = take_along_dim(x, idx, 0);
  ASSERT_EQ(r.sizes(), IntArrayRef({2, 4}));
  for (int64_t j = 0; j < 4; ++j) {
    EXPECT_EQ(read_double(r, {0, j}), read_double(x, {2, j}));
    EXPECT_EQ(read_double(r, {1, j}), read_double(x, {0, j}));
  }
  // self broadcasts too: a one-row self against three rows of indices along dim 1.
  Tensor row = iota({1, 4});
  EXPECT_EQ(take_along_dim(row, longs({3, 2}, {0, 1, 2, 3, 3, 0}), -1).sizes(),
            IntArrayRef({3, 2}));
  // No dim: both flattened.
  EXPECT_EQ(values_of(take_along_dim(x, longs({3}, {11, 0, 5}))), std::vector<double>({11, 0, 5}));
  Tensor out = empty({0});
  take_along_dim_out(out, x, idx, 0);
  expect_equal(out, r);
  expect_error(
      [&] {
        take_along_dim(x, longs({2}, {0, 1}), 0);
      },
      {"input and indices should have the same number of dimensions"});
  expect_error([&] { take_along_dim(x, idx.to(kInt), 0); },
               {"dtype of indices should be Long but got Int"});

  expect_error([&] { take_along_dim(x, longs({2, 1}, {0, 3}), 0); }, {"out of bounds"});
}

TEST(ScatterAdd, RepeatedIndicesAddUpAndErrorsNameTheOp) {
  const Tensor self = iota({2, 3});
  const Tensor index = longs({2, 2}, {0, 0, 2, 2});
  const Tensor src = make<float>({2, 2}, [](int64_t i) { return 10.0 * (i + 1); });
  EXPECT_EQ(values_of(scatter_add(self, 1, index, src)), (std::vector<double>{30, 1, 2, 3, 4, 75}));
  Tensor inplace = self.clone();
  scatter_add_(inplace, 1, index, src);
  expect_equal(inplace, scatter_add(self, 1, index, src));
  expect_error(
      [&] {
        scatter_add(self, 1, longs({2, 2}, {0, 3, 1, 1}), src);
      },
      {"scatter_add", "index 3 is out of bounds for dimension 1 with size 3"});
  expect_error([&] { scatter_add(self, 1, index, src.to(ScalarType::Double)); },
               {"self.dtype to be equal to src.dtype"});
}

// ATen's results (torch.scatter_reduce of the same tensors, libtorch 1.13).
TEST(ScatterReduce, EachReductionWithAndWithoutSelf) {
  const Tensor self = iota({2, 3});
  const Tensor index = longs({2, 2}, {0, 0, 2, 2});
  const Tensor src = make<float>({2, 2}, [](int64_t i) {
    const double v[] = {5, -1, 7, std::numeric_limits<double>::quiet_NaN()};
    return v[i];
  });
  auto values = [&](const char* reduce, bool include_self) {
    return values_of(scatter_reduce(self, 1, index, src, reduce, include_self));
  };
  const double nan = std::numeric_limits<double>::quiet_NaN();
  auto expect_values = [](const std::vector<double>& got, const std::vector<double>& want) {
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < want.size(); ++i) {
      if (std::isnan(want[i])) EXPECT_TRUE(std::isnan(got[i])) << "at " << i;
      else EXPECT_FLOAT_EQ(got[i], want[i]) << "at " << i;
    }
  };
  expect_values(values("sum", true), {4, 1, 2, 3, 4, nan});
  expect_values(values("prod", false), {-5, 1, 2, 3, 4, nan});
  expect_values(values("mean", true), {4.0 / 3, 1, 2, 3, 4, nan});
  expect_values(values("amax", true), {5, 1, 2, 3, 4, nan});
  expect_values(values("amin", false), {-1, 1, 2, 3, 4, nan});
  // Integers: mean is a floor division.
  const Tensor ints = iota({1, 3}, ScalarType::Long);
  const Tensor mean = scatter_reduce(ints, 1, longs({1, 3}, {0, 0, 2}), ints, "mean", false);
  EXPECT_EQ(values_of(mean), (std::vector<double>{0, 1, 2}));
  expect_error([&] { scatter_reduce(self, 1, index, src, "max"); },
               {"reduce argument must be either sum, prod, mean, amax or amin"});
  expect_error(
      [&] {
        scatter_reduce(self.to(ScalarType::Bool), 1, index, src.to(ScalarType::Bool), "mean");
      },
      {"reduce \"mean\" is not implemented for 'Bool'"});
}

// scatter_reduce's backward with a 0-dim src (one element at index's rank) and with an empty
// index (nothing scattered: self's gradient passes, src's is zeros of its shape).
TEST(ScatterReduce, BackwardOfAZeroDimSrcAndOfAnEmptyIndex) {
  Tensor self = make<double>({1}, [](int64_t) { return 1.0; }).requires_grad_();
  Tensor src = make<double>({}, [](int64_t) { return 2.0; }).requires_grad_();
  scatter_reduce(self, 0, longs({1}, {0}), src, "amax").sum().backward();
  EXPECT_EQ(src.grad().dim(), 0);
  EXPECT_EQ(ref::read_double(src.grad(), {}), 1.0);
  EXPECT_EQ(ref::read_double(self.grad(), {0}), 0.0);

  Tensor self2 = iota({2, 3}, ScalarType::Double).requires_grad_();
  Tensor src2 = make<double>({1, 1}, [](int64_t) { return 5.0; }).requires_grad_();
  scatter_reduce(self2, 1, longs({2, 0}, {}), src2, "mean", false).sum().backward();
  ref::expect_all(self2.grad(), 1.0);
  EXPECT_EQ(src2.grad().sizes(), IntArrayRef({1, 1}));
  ref::expect_all(src2.grad(), 0.0);

  // amax's self gradient keeps its formula for an empty index: laid out like a transposed self,
  // NaN where self is NaN (0 of a count of 0), as ATen's.
  Tensor self3 = iota({3, 2}, ScalarType::Double).t().detach();
  self3.select(0, 1).fill_(std::nan(""));
  self3.requires_grad_();
  const Tensor out = scatter_reduce(self3, 1, longs({2, 0}, {}), zeros({2, 1}, ScalarType::Double),
                                    "amax");
  const Tensor g = autograd::grad({out}, {self3}, {ones_like(out)})[0];
  EXPECT_EQ(g.strides(), self3.strides());
  EXPECT_EQ(ref::read_double(g, {0, 2}), 1.0);
  EXPECT_TRUE(std::isnan(ref::read_double(g, {1, 0})));
  // prod's self gradient keeps its formula too: grad * self / self, which loses bits where
  // grad * self is subnormal (torch gives 0.3449426021715069 for a gradient of
  // 0.34494260217149098 at a self of 1e-310) and is 0 / 0 nowhere (a 0 of self is taken as 1).
  Tensor self5 = make<double>({2}, [](int64_t i) { return i == 0 ? 1e-310 : 0.0; });
  self5.requires_grad_();
  const Tensor out5 = scatter_reduce(self5, 0, longs({0}, {}), zeros({}, ScalarType::Double),
                                     "prod", false);
  const Tensor g5 = autograd::grad(
      {out5}, {self5}, {make<double>({2}, [](int64_t) { return 0.34494260217149098; })})[0];
  EXPECT_EQ(ref::read_double(g5, {0}), 0.3449426021715069);
  EXPECT_EQ(ref::read_double(g5, {1}), 0.34494260217149098);
  // With a 0-dim src, which an empty index never reads, whatever its shape.
  Tensor self4 = iota({0, 2}, ScalarType::Double).requires_grad_();
  const Tensor out4 = scatter_reduce(self4, 0, longs({0, 2}, {}), zeros({}, ScalarType::Double),
                                     "amax", false);
  EXPECT_EQ(autograd::grad({out4}, {self4}, {ones_like(out4)})[0].sizes(), IntArrayRef({0, 2}));
}

// Without dim, self and indices are read flattened in C order, whatever their layout.
TEST(TakeAlongDim, WithoutDimAStridedSelfIsFlattened) {
  const Tensor self = iota({3, 4}).t();  // [4, 3], strides [1, 4]
  const Tensor picked = take_along_dim(self, longs({3}, {0, 5, 11}));
  EXPECT_EQ(values_of(picked),
            values_of(self.reshape({-1}).index_select(0, longs({3}, {0, 5, 11}))));
}
