// The ops of aten/native/Cat.cpp: cat and stack, the parts the manifest suite cannot express:
// cat's skipping of legacy empty tensors, promotion and out= casts, the memcpy and copy_ paths
// agreeing (channels-last kept), negative dims, and the errors that name the tensor and shapes.
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/cat.h>
#include <aten/ops/empty.h>
#include <aten/ops/stack.h>
#include <gtest/gtest.h>

#include <vector>

#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using ref::expect_equal, ref::iota, ref::values_of;
using ref::expect_error;
using ref::make;
using ref::read_double;

TEST(Cat, SkipsLegacyEmptyTensorsWhateverTheirDtypeAndDim) {
  Tensor a = iota({2, 3}), b = iota({2, 2}) + 100.0;
  // [0]-shaped tensors are skipped for shapes and dim wrapping, but take part in promotion.
  Tensor c = cat({empty({0}, ScalarType::Double), a, empty({0}), b}, -1);
  EXPECT_EQ(c.sizes(), IntArrayRef({2, 5}));
  EXPECT_EQ(c.scalar_type(), ScalarType::Double);
  EXPECT_EQ(values_of(c), (std::vector<double>{0, 1, 2, 100, 101, 3, 4, 5, 102, 103}));
  // Only empties: a 1-d empty result.
  Tensor e = cat({empty({0}, ScalarType::Int), empty({0}, ScalarType::Int)}, 0);
  EXPECT_EQ(e.sizes(), IntArrayRef({0}));
  EXPECT_EQ(e.scalar_type(), ScalarType::Int);
  // A [2, 0] tensor is not legacy-empty: its other dims must match.
  expect_error(
      [&] {
        cat({a, empty({3, 0})}, 1);
      },
      {"Sizes of tensors must match except in dimension 1", "tensor number 1", "[2, 3]", "[3, 0]"});
  EXPECT_EQ(cat({a, empty({2, 0})}, 1).sizes(), IntArrayRef({2, 3}));
}

TEST(Cat, PromotesAcrossInputsAndCastsIntoOut) {
  Tensor i = make<int32_t>({2}, [](int64_t k) { return k + 1; });
  Tensor f = make<float>({1}, [](int64_t) { return 0.5; });
  Tensor bits = make<bool>({1}, [](int64_t) { return 1; });
  Tensor c = cat({i, f, bits});
  EXPECT_EQ(c.scalar_type(), ScalarType::Float);
  EXPECT_EQ(values_of(c), (std::vector<double>{1, 2, 0.5, 1}));
  EXPECT_EQ(cat({i, bits}).scalar_type(), ScalarType::Int);
  Tensor out = empty({0}, ScalarType::Double);
  cat_out(out, {i, f});
  EXPECT_EQ(values_of(out), (std::vector<double>{1, 2, 0.5}));
  Tensor int_out = empty({0}, ScalarType::Int);
  expect_error(
      [&] {
        cat_out(int_out, {i, f});
      },
      {"cat.out", "can't be cast to the desired output type Int"});
  EXPECT_EQ(int_out.sizes(), IntArrayRef({0}));
}

TEST(Cat, ErrorsNameTheTensorAndShapes) {
  Tensor a = iota({2, 3});
  expect_error(
      [&] {
        cat({a, a, iota({3, 3})}, 1);
      },
      {"cat", "Sizes of tensors must match except in dimension 1", "Expected size 2 but got size 3",
       "tensor number 2", "[2, 3]", "[3, 3]"});
  expect_error(
      [&] {
        cat({a, iota({2, 3, 1})});
      },
      {"Tensors must have same number of dimensions: got 2 and 3", "tensor number 1", "[2, 3, 1]"});
  expect_error(
      [&] {
        cat({a, iota({})});
      },
      {"zero-dimensional tensor (at position 1) cannot be concatenated"});
  // No tensor to take a dispatch key from: the dispatcher's error, naming the op.
  expect_error([&] { cat(std::vector<Tensor>{}); }, {"cat", "no tensor argument"});
  expect_error([&] { cat({a, a}, 2); }, {"Dimension out of range", "[-2, 1]", "got 2"});
  // out= may not overlap an input, and nothing is written.
  Tensor big = iota({4, 3});
  Tensor top = big.narrow(0, 0, 2);
  expect_error(
      [&] {
        cat_out(top, {big.narrow(0, 1, 1), big.narrow(0, 3, 1)});
      },
      {"tensors[0]", "refer to a single memory location"});
  expect_equal(big, iota({4, 3}));
}

TEST(Cat, EveryPathAgreesAndKeepsChannelsLast) {
  // Contiguous inputs take the row-memcpy path, others copy_ into narrowed views.
  const int saved = get_num_threads();
  for (int threads : {1, 2}) {
    set_num_threads(threads);
    Tensor a = iota({300, 40, 3}), b = iota({300, 7, 3}) * 2.0;
    Tensor fast = cat({a, b}, 1);
    Tensor slow = cat({a.transpose(0, 2).contiguous().transpose(0, 2), b}, 1);
    expect_equal(fast, slow);
    EXPECT_EQ(read_double(fast, {299, 45, 2}), read_double(b, {299, 5, 2}));
    EXPECT_EQ(read_double(fast, {7, 39, 1}), read_double(a, {7, 39, 1}));
  }
  set_num_threads(saved);
  Tensor n = iota({2, 3, 4, 5}).contiguous(MemoryFormat::ChannelsLast);
  Tensor c = cat({n, n}, 1);
  EXPECT_TRUE(c.is_contiguous(MemoryFormat::ChannelsLast));
  EXPECT_EQ(read_double(c, {1, 4, 3, 2}), read_double(n, {1, 1, 3, 2}));
  EXPECT_TRUE(cat({n, iota({2, 3, 4, 5})}, 1).is_contiguous());  // mixed formats: contiguous
  ref::expect_same_geometry(cat({ref::to_meta(n), ref::to_meta(n)}, 1), c);
}

TEST(Stack, NegativeDimsAndErrors) {
  Tensor a = iota({2, 3}), b = iota({2, 3}) + 10.0;
  Tensor s = stack({a, b}, -1);
  EXPECT_EQ(s.sizes(), IntArrayRef({2, 3, 2}));
  EXPECT_EQ(read_double(s, {1, 2, 1}), 15.0);
  EXPECT_EQ(stack({a, b}, 0).sizes(), IntArrayRef({2, 2, 3}));
  // [0]-shaped inputs are stacked, not skipped: unsqueezed, they are 2-d.
  EXPECT_EQ(stack({empty({0}), empty({0})}).sizes(), IntArrayRef({2, 0}));
  expect_error(
      [&] {
        stack({a, iota({3, 2})});
      },
      {"stack expects each tensor to be equal size", "[2, 3] at entry 0", "[3, 2] at entry 1"});
  expect_error([&] { stack({a, b}, 3); }, {"Dimension out of range"});
  Tensor out = empty({0});
  stack_out(out, {a, b}, 1);
  expect_equal(out, stack({a, b}, 1));
}
