// Copy and layout ops, the parts the manifest suite cannot express: cat's skipping of legacy
// empty tensors and its errors, negative dims, roll over several dims, scatter_ with repeated
// indices, memory formats of clone / contiguous, to(other) aliasing, and the errors that name
// op, argument, index value and shapes.
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/cat.h>
#include <aten/ops/empty.h>
#include <aten/ops/flip.h>
#include <aten/ops/gather.h>
#include <aten/ops/index_select.h>
#include <aten/ops/masked_fill.h>
#include <aten/ops/roll.h>
#include <aten/ops/scatter.h>
#include <aten/ops/stack.h>
#include <aten/ops/t.h>
#include <aten/ops/zeros.h>
#include <gtest/gtest.h>

#include <vector>

#include "Reference.h"

using namespace aten;
using ref::expect_error;
using ref::make;
using ref::read_double;

namespace {

Tensor iota(IntArrayRef sizes, ScalarType t = ScalarType::Float) {
  Tensor x = empty(sizes, t);
  int64_t i = 0;
  ref::for_each_index(x.sizes(),
                      [&](const std::vector<int64_t>& idx) { ref::write_double(x, idx, i++); });
  return x;
}

Tensor longs(IntArrayRef sizes, std::vector<int64_t> values) {
  return make<int64_t>(sizes, [&](int64_t i) { return static_cast<double>(values.at(i)); });
}

// a and b have the same shape and values.
void expect_equal(const Tensor& a, const Tensor& b) {
  ASSERT_EQ(a.sizes(), b.sizes());
  ref::for_each_index(a.sizes(), [&](const std::vector<int64_t>& idx) {
    ASSERT_EQ(read_double(a, idx), read_double(b, idx)) << "at " << IntArrayRef(idx);
  });
}

std::vector<double> values_of(const Tensor& t) {
  std::vector<double> v;
  ref::for_each_index(t.sizes(),
                      [&](const std::vector<int64_t>& idx) { v.push_back(read_double(t, idx)); });
  return v;
}

Tensor meta(IntArrayRef sizes, ScalarType t = ScalarType::Float) {
  return empty(sizes, TensorOptions(t).device(kMeta));
}

}  // namespace

// ---- cat and stack --------------------------------------------------------------------------

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

// ---- flip, roll, repeat ---------------------------------------------------------------------

TEST(Flip, MatchesReferenceOnAnyLayout) {
  Tensor base = iota({4, 5, 6});
  for (const Tensor& x :
       {base, base.transpose(0, 2), base.slice(1, 1, 5, 2), base.select(0, 1).expand({3, 5, 6})}) {
    for (std::vector<int64_t> dims : {std::vector<int64_t>{0}, {-1}, {0, 2}, {1, -1, 0}, {}}) {
      Tensor f = flip(x, dims);
      ref::for_each_index(x.sizes(), [&](const std::vector<int64_t>& idx) {
        std::vector<int64_t> src = idx;
        for (int64_t d : dims) {
          const int64_t w = d < 0 ? d + x.dim() : d;
          src[w] = x.sizes()[w] - 1 - idx[w];
        }
        ASSERT_EQ(read_double(f, idx), read_double(x, src))
            << x.toString() << " at " << IntArrayRef(idx);
      });
    }
  }
  expect_error([&] { flip(base, {0, -3}); }, {"flip", "dim 0 appears multiple times"});
  // A 0-dim tensor has dim 0 (also called -1), once.
  EXPECT_EQ(read_double(flip(iota({}) + 3.0, {-1}), {}), 3.0);
  expect_error([&] { flip(iota({}), {0, -1}); }, {"dim 0 appears multiple times"});
}

TEST(Roll, SeveralDimsEqualRollingOneAtATime) {
  Tensor x = iota({3, 4, 5});
  Tensor once = roll(x, {1, -2, 7}, {0, -1, 1});
  Tensor seq = roll(roll(roll(x, 1, 0), -2, 2), 7, 1);
  expect_equal(once, seq);
  // roll(x, s, d)[i] == x[(i - s) mod n]
  ref::for_each_index(x.sizes(), [&](const std::vector<int64_t>& idx) {
    std::vector<int64_t> src = {(idx[0] - 1 + 3) % 3, ((idx[1] - 7) % 4 + 4) % 4, (idx[2] + 2) % 5};
    ASSERT_EQ(read_double(once, idx), read_double(x, src));
  });
  // A dim named twice rolls by the sum of its shifts.
  expect_equal(roll(x, {2, 3}, {1, 1}), roll(x, 5, 1));
  // No dims: rolled flattened, then shaped back.
  Tensor flat = roll(x.transpose(0, 2), 4);
  std::vector<double> v = values_of(x.transpose(0, 2)), w = values_of(flat);
  for (size_t i = 0; i < v.size(); ++i) EXPECT_EQ(w[(i + 4) % v.size()], v[i]);
  EXPECT_EQ(flat.sizes(), IntArrayRef({5, 4, 3}));
  expect_error(
      [&] {
        roll(x, {1, 2}, {0});
      },
      {"roll", "shifts and dimensions must align. shifts: 2, dims: 1"});
  expect_error([&] { roll(x, {1, 2}); }, {"shifts and dimensions must align"});
  expect_error([&] { roll(x, 1, 3); }, {"Dimension out of range"});
  EXPECT_EQ(roll(empty({0, 3}), 2, 1).sizes(), IntArrayRef({0, 3}));
  // 0-dim: rolled flattened it is itself; along a dim it is ATen's error.
  EXPECT_EQ(read_double(roll(iota({}) + 2.0, 5), {}), 2.0);
  expect_error([&] { roll(iota({}), 1, 0); }, {"roll", "no dimensions"});
  ref::expect_same_geometry(roll(ref::to_meta(x), {1, 2}, {0, 1}), once);
}

TEST(Repeat, TilesAndPadsLeadingDims) {
  Tensor x = iota({2, 3}).t();  // [3, 2], transposed
  Tensor r = x.repeat({2, 1, 3});
  EXPECT_EQ(r.sizes(), IntArrayRef({2, 3, 6}));
  ref::for_each_index(r.sizes(), [&](const std::vector<int64_t>& idx) {
    ASSERT_EQ(read_double(r, idx), read_double(x, {idx[1] % 3, idx[2] % 2}));
  });
  EXPECT_EQ(x.repeat({0, 2}).sizes(), IntArrayRef({0, 4}));
  EXPECT_EQ(iota({}).repeat({}).dim(), 0);
  expect_error([&] { x.repeat({2}); },
               {"repeat", "can not be smaller than number of dimensions", "[3, 2]"});
  expect_error([&] { x.repeat({2, -1}); }, {"repeats must be non-negative", "[2, -1]"});
}

// ---- gather, index_select, scatter ----------------------------------------------------------

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

// ---- masked_fill ----------------------------------------------------------------------------

TEST(MaskedFill, ErrorsLeaveSelfUnchanged) {
  Tensor self = iota({2, 3}, ScalarType::Char);
  Tensor mask = make<bool>({3}, [](int64_t i) { return i != 1; });
  expect_error([&] { self.masked_fill_(mask.to(ScalarType::Byte), 1); },
               {"masked_fill_", "Bool mask", "Byte"});
  expect_error([&] { self.masked_fill_(mask, 300); }, {"masked_fill_"});
  expect_error([&] { self.masked_fill_(mask, iota({1}, ScalarType::Char)); },
               {"0-dimensional value tensor", "1 dimension"});
  expect_error(
      [&] {
        self.masked_fill_(make<bool>({2, 2, 3}, [](int64_t) { return 1; }), 1);
      },
      {"mask of shape [2, 2, 3] cannot be broadcast to self of shape [2, 3]"});
  expect_equal(self, iota({2, 3}, ScalarType::Char));
  self.masked_fill_(mask, make<int64_t>({}, [](int64_t) { return -4; }));
  EXPECT_EQ(values_of(self), (std::vector<double>{-4, 1, -4, -4, 4, -4}));
  // The functional form broadcasts self and mask against each other.
  Tensor r = masked_fill(iota({3}), make<bool>({2, 1}, [](int64_t i) { return i == 1; }), 9.5);
  EXPECT_EQ(values_of(r), (std::vector<double>{0, 1, 2, 9.5, 9.5, 9.5}));
  ref::expect_same_geometry(masked_fill(meta({3}), meta({2, 1}, ScalarType::Bool), 9.5), r);
}

// ---- clone, contiguous, to ------------------------------------------------------------------

TEST(MemoryFormat, CloneAndContiguousHonourTheFormat) {
  Tensor nchw = iota({2, 3, 4, 5});
  Tensor nhwc = nchw.contiguous(MemoryFormat::ChannelsLast);
  EXPECT_EQ(nhwc.strides(), IntArrayRef({60, 1, 15, 3}));
  expect_equal(nhwc, nchw);
  // preserve keeps a dense layout's strides; other formats lay out anew.
  EXPECT_EQ(nhwc.clone().strides(), nhwc.strides());
  EXPECT_EQ(nhwc.clone(MemoryFormat::Preserve).strides(), nhwc.strides());
  EXPECT_TRUE(nhwc.clone(MemoryFormat::Contiguous).is_contiguous());
  EXPECT_EQ(nchw.clone(MemoryFormat::ChannelsLast).strides(), nhwc.strides());
  Tensor t = iota({3, 4}).t();
  EXPECT_EQ(t.clone().strides(), t.strides());
  // Not dense: preserve gives dense strides in the tensor's dim order.
  EXPECT_TRUE(iota({3, 8}).slice(1, 0, 8, 2).clone().is_contiguous());
  EXPECT_EQ(iota({3, 8}).slice(1, 0, 8, 2).t().clone().strides(), IntArrayRef({1, 4}));
  EXPECT_TRUE(nhwc.contiguous(MemoryFormat::ChannelsLast).is_same(nhwc));
  EXPECT_FALSE(nhwc.contiguous().is_same(nhwc));
  expect_error([&] { nchw.contiguous(MemoryFormat::Preserve); },
               {"preserve memory format is unsupported"});
  expect_error([&] { iota({3, 4}).clone(MemoryFormat::ChannelsLast); }, {"rank 4"});
  ref::expect_same_geometry(ref::to_meta(nchw).clone(MemoryFormat::ChannelsLast), nhwc);
}

TEST(To, OtherAliasesWhenNothingChanges) {
  Tensor x = iota({2, 3});
  Tensor d = iota({1}, ScalarType::Double);
  EXPECT_TRUE(x.to(iota({5})).is_same(x));  // same dtype and device: x itself
  EXPECT_TRUE(x.type_as(iota({5})).is_same(x));
  Tensor copied = x.to(iota({5}), false, true);  // copy=true: new memory
  EXPECT_FALSE(copied.is_same(x));
  EXPECT_NE(copied.data_ptr(), x.data_ptr());
  expect_equal(copied, x);
  Tensor converted = x.t().to(d);
  EXPECT_EQ(converted.scalar_type(), ScalarType::Double);
  EXPECT_EQ(converted.strides(), x.t().strides());  // preserve: x.t()'s layout
  expect_equal(converted, x.t());
  EXPECT_EQ(x.type_as(d).scalar_type(), ScalarType::Double);
  // other's device too: to a Meta tensor gives a Meta tensor; out of Meta is an error.
  Tensor m = x.to(meta({1}, ScalarType::Half));
  EXPECT_TRUE(m.is_meta());
  EXPECT_EQ(m.scalar_type(), ScalarType::Half);
  expect_error([&] { m.to(x); }, {"Cannot copy out of meta tensor"});
}
