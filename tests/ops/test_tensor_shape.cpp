// The view operators (and movedim, broadcast_to, broadcast_tensors, unbind and meshgrid,
// composites of them): geometry (sizes, strides, storage offset) checked element by element
// against where each element must live in the base, shared storage and writes through the
// base, Meta runs against CPU runs, contiguity flags, and the errors.
#include <aten/Factories.h>
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/as_strided.h>
#include <aten/ops/broadcast_tensors.h>
#include <aten/ops/broadcast_to.h>
#include <aten/ops/chunk.h>
#include <aten/ops/diagonal.h>
#include <aten/ops/empty.h>
#include <aten/ops/empty_strided.h>
#include <aten/ops/flatten.h>
#include <aten/ops/meshgrid.h>
#include <aten/ops/movedim.h>
#include <aten/ops/narrow.h>
#include <aten/ops/reshape.h>
#include <aten/ops/select.h>
#include <aten/ops/slice.h>
#include <aten/ops/split.h>
#include <aten/ops/squeeze.h>
#include <aten/ops/t.h>
#include <aten/ops/transpose.h>
#include <aten/ops/unbind.h>
#include <aten/ops/view_as_complex.h>
#include <aten/ops/view_as_real.h>
#include <gtest/gtest.h>

#include <complex>
#include <functional>
#include <string>
#include <vector>

#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using aten::ref::expect_error;
using aten::ref::expect_same_geometry;
using aten::ref::iota;
using Index = std::vector<int64_t>;

namespace {

const StorageImpl* storage_of(const Tensor& t) { return t.unsafeGetTensorImpl()->storage().get(); }

// view has the given sizes, shares base's storage, and its element idx is base's element
// where(idx): the same address, so reads and writes go through.
void expect_view(const Tensor& view, const Tensor& base, IntArrayRef sizes,
                 const std::function<Index(const Index&)>& where) {
  ASSERT_EQ(view.sizes(), sizes) << view.toString();
  EXPECT_EQ(storage_of(view), storage_of(base));
  EXPECT_EQ(view.dtype(), base.dtype());
  ref::for_each_index(view.sizes(), [&](const Index& idx) {
    ASSERT_EQ(ref::element_ptr(view, idx), ref::element_ptr(base, where(idx)))
        << view.toString() << " at " << IntArrayRef(idx);
  });
}

// op on a Meta twin of base gives the geometry it gives on CPU, as a Meta tensor.
void expect_meta_like_cpu(const Tensor& base, const std::function<Tensor(const Tensor&)>& op) {
  Tensor cpu = op(base);
  Tensor meta = op(ref::to_meta(base));
  expect_same_geometry(meta, cpu);
}

}  // namespace

TEST(AsStrided, GeometryOffsetAndErrors) {
  Tensor base = iota({12});
  Tensor v = base.as_strided({3, 3}, {1, 3}, 1);
  expect_view(v, base, {3, 3}, [](const Index& i) { return Index{1 + i[0] + 3 * i[1]}; });
  EXPECT_EQ(v.storage_offset(), 1);
  // The offset defaults to self's, not 0.
  Tensor shifted = base.slice(0, 2);
  EXPECT_EQ(aten::as_strided(shifted, {2}, {1}).storage_offset(), 2);
  Tensor bcast = base.as_strided({4, 2}, {0, 1});
  expect_view(bcast, base, {4, 2}, [](const Index& i) { return Index{i[1]}; });
  EXPECT_EQ(base.as_strided({0, 5}, {100, 1}, 1000).numel(), 0);  // reaches no memory
  expect_meta_like_cpu(base, [](const Tensor& t) { return t.as_strided({3, 3}, {1, 3}, 1); });

  expect_error(
      [&] {
        base.as_strided({2, 2}, {1});
      },
      {"as_strided: ", "mismatch in length of strides and shape"});
  expect_error([&] { base.as_strided({2}, {-1}); },
               {"Negative strides are not supported at the moment, got strides: [-1]"});
  expect_error([&] { base.as_strided({2}, {1}, -1); }, {"invalid storage offset -1"});
  expect_error(
      [&] {
        base.as_strided({4, 4}, {4, 1});
      },
      {"setStorage: sizes [4, 4], strides [4, 1], storage offset 0, and itemsize 4 requiring a "
       "storage size of 64 are out of bounds for storage of size 48"});
  expect_error([&] { ref::to_meta(base).as_strided({13}, {1}); },
               {"out of bounds for storage of size 48"});
  expect_error([&] { base.as_strided({-2}, {1}); }, {"negative dimension -2"});
}

TEST(View, ComputeStrideRule) {
  Tensor base = iota({2, 6});
  expect_view(base.view({3, 4}), base, {3, 4}, [](const Index& i) {
    return Index{(i[0] * 4 + i[1]) / 6, (i[0] * 4 + i[1]) % 6};
  });
  EXPECT_EQ(base.view({-1, 4}).sizes(), IntArrayRef({3, 4}));
  EXPECT_EQ(base.view({12}).strides(), IntArrayRef({1}));
  EXPECT_EQ(base.view({2, 1, 6, 1}).strides(), IntArrayRef({6, 6, 1, 1}));
  // Transposed: splitting a dim works, merging the two dims does not.
  Tensor tr = iota({4, 6}).t();  // 6 x 4, strides [1, 6]
  Tensor split = tr.view({6, 2, 2});
  EXPECT_EQ(split.strides(), IntArrayRef({1, 12, 6}));
  expect_view(split, tr, {6, 2, 2}, [](const Index& i) { return Index{i[0], i[1] * 2 + i[2]}; });
  expect_error(
      [&] { tr.view({24}); },
      {"view: view size is not compatible with input tensor's size and stride (at least one "
       "dimension spans across two contiguous subspaces). Use .reshape(...) instead."});
  // A slice with gaps can still merge dims that are evenly spaced, and no others.
  Tensor every_other = iota({4, 6}).slice(1, 0, 6, 2);  // strides [6, 2]: evenly spaced
  EXPECT_EQ(every_other.view({12}).strides(), IntArrayRef({2}));
  Tensor left = iota({4, 6}).slice(1, 0, 4);  // strides [6, 1]: a gap after each row
  expect_error([&] { left.view({16}); }, {"Use .reshape(...) instead"});
  EXPECT_EQ(left.view({4, 2, 2}).strides(), IntArrayRef({6, 2, 1}));
  Tensor rows = iota({4, 6}).slice(0, 0, 4, 2);  // 2 x 6, strides [12, 1]
  EXPECT_EQ(rows.view({2, 2, 3}).strides(), IntArrayRef({12, 3, 1}));
  // Zero-size and zero-dim.
  EXPECT_EQ(empty({0, 3}).view({3, 0}).strides(), IntArrayRef({1, 1}));
  EXPECT_EQ(empty({2, 0}).view({0, 1, 2}).sizes(), IntArrayRef({0, 1, 2}));
  Tensor one = iota({});
  EXPECT_EQ(one.view({1, 1}).sizes(), IntArrayRef({1, 1}));
  EXPECT_EQ(iota({1, 1}).view({}).dim(), 0);
  expect_meta_like_cpu(tr, [](const Tensor& t) { return t.view({6, 2, 2}); });
  expect_error([&] { ref::to_meta(tr).view({24}); }, {"Use .reshape(...) instead"});

  expect_error([&] { base.view({-1, -1}); }, {"only one dimension can be inferred"});
  expect_error([&] { base.view({5}); }, {"shape '[5]' is invalid for input of size 12"});
  expect_error([&] { base.view({-2, 6}); }, {"invalid shape dimension -2"});
  expect_error(
      [&] {
        empty({0, 3}).view({-1, 0});
      },
      {"cannot reshape tensor of 0 elements into shape [-1, 0] because the unspecified "
       "dimension size -1 can be any value and is ambiguous"});
  expect_error([&] { empty({2, 0}).view({0, -1, 2}); }, {"is ambiguous"});
  expect_error([&] { base.view({0, -1}); }, {"shape '[0, -1]' is invalid for input of size 12"});
}

TEST(Reshape, ViewWhenPossibleCopyOtherwise) {
  Tensor base = iota({2, 6});
  Tensor v = base.reshape({3, -1});
  EXPECT_EQ(storage_of(v), storage_of(base));
  EXPECT_EQ(v.sizes(), IntArrayRef({3, 4}));
  Tensor tr = iota({4, 6}).t();
  Tensor c = aten::reshape(tr, {24});
  EXPECT_NE(storage_of(c), storage_of(tr));
  EXPECT_TRUE(c.is_contiguous());
  for (int64_t i = 0; i < 24; ++i)
    ASSERT_EQ(ref::read_double(c, {i}), ref::read_double(tr, {i / 4, i % 4}));
  expect_meta_like_cpu(tr, [](const Tensor& t) { return t.reshape({2, 12}); });
  expect_meta_like_cpu(base, [](const Tensor& t) { return t.reshape({12}); });
  expect_error([&] { base.reshape({7}); },
               {"reshape: shape '[7]' is invalid for input of size 12"});
}

TEST(Flatten, RangesOfDims) {
  Tensor base = iota({2, 3, 4});
  EXPECT_EQ(base.flatten().sizes(), IntArrayRef({24}));
  EXPECT_EQ(base.flatten(1).sizes(), IntArrayRef({2, 12}));
  EXPECT_EQ(base.flatten(0, 1).sizes(), IntArrayRef({6, 4}));
  EXPECT_EQ(base.flatten(-2, -1).strides(), IntArrayRef({12, 1}));
  EXPECT_EQ(storage_of(base.flatten(1, 1)), storage_of(base));
  // One dim to flatten: self itself, with its strides (those of size-1 dims included), as ATen.
  Tensor odd = empty_strided({1, 7}, {1, 1});
  EXPECT_TRUE(odd.flatten(-1, -1).is_same(odd));
  EXPECT_EQ(iota({}).flatten().sizes(), IntArrayRef({1}));
  Tensor copied = base.transpose(0, 2).flatten();  // not viewable: a copy
  EXPECT_NE(storage_of(copied), storage_of(base));
  EXPECT_EQ(ref::read_double(copied, {1}), 12);  // element [0][0][1] of the transpose
  expect_meta_like_cpu(base, [](const Tensor& t) { return t.flatten(1); });
  expect_error([&] { base.flatten(2, 1); }, {"flatten.using_ints: flatten() has invalid args: "
                                             "start_dim (2) cannot come after end_dim (1)"});
  expect_error([&] { base.flatten(0, 3); },
               {"Dimension out of range (expected to be in range of [-3, 2], but got 3)"});
}

TEST(Permute, TransposeAndT) {
  Tensor base = iota({2, 3, 4});
  Tensor p = base.permute({2, 0, -2});
  EXPECT_EQ(p.strides(), IntArrayRef({1, 12, 4}));
  expect_view(p, base, {4, 2, 3}, [](const Index& i) { return Index{i[1], i[2], i[0]}; });
  expect_meta_like_cpu(base, [](const Tensor& t) { return t.permute({1, 2, 0}); });
  expect_error(
      [&] {
        base.permute({0, 1});
      },
      {"permute: ", "input.dim() = 3 is not equal to len(dims) = 2"});
  expect_error([&] { base.permute({0, 1, -3}); }, {"duplicate dims are not allowed"});
  expect_error([&] { base.permute({0, 1, 3}); }, {"Dimension out of range"});

  Tensor tr = base.transpose(-1, 0);
  expect_view(tr, base, {4, 3, 2}, [](const Index& i) { return Index{i[2], i[1], i[0]}; });
  EXPECT_EQ(aten::transpose(base, 1, 1).strides(), base.strides());
  EXPECT_EQ(iota({}).transpose(0, -1).dim(), 0);
  expect_meta_like_cpu(base, [](const Tensor& t) { return t.transpose(0, 2); });
  expect_error([&] { base.transpose(0, 3); }, {"transpose.int: Dimension out of range"});

  Tensor m = iota({2, 3});
  expect_view(m.t(), m, {3, 2}, [](const Index& i) { return Index{i[1], i[0]}; });
  EXPECT_EQ(iota({5}).t().sizes(), IntArrayRef({5}));
  EXPECT_EQ(aten::t(iota({})).dim(), 0);
  expect_meta_like_cpu(m, [](const Tensor& t) { return t.t(); });
  expect_error([&] { base.t(); }, {"t() expects a tensor with <= 2 dimensions, but self is 3D"});
}

TEST(Expand, SingletonsStretchWithStrideZero) {
  Tensor base = iota({3, 1});
  Tensor e = base.expand({2, 3, 4});
  EXPECT_EQ(e.strides(), IntArrayRef({0, 1, 0}));
  expect_view(e, base, {2, 3, 4}, [](const Index& i) { return Index{i[1], 0}; });
  EXPECT_EQ(base.expand({-1, 5}).sizes(), IntArrayRef({3, 5}));
  EXPECT_EQ(base.expand({3, 1}).strides(), base.strides());
  EXPECT_EQ(base.expand({3, 0}).numel(), 0);
  EXPECT_EQ(iota({}).expand({2, 2}).strides(), IntArrayRef({0, 0}));
  EXPECT_EQ(iota({}).expand({1, 1}).strides(), IntArrayRef({0, 0}));  // as ATen: 0-dim repeats
  EXPECT_EQ(iota({3}).expand({1, 1, 3}).strides(), IntArrayRef({3, 3, 1}));
  ref::write_double(base, {2, 0}, 42);  // writes to the base show through every copy
  EXPECT_EQ(ref::read_double(e, {1, 2, 3}), 42);
  Tensor other = empty({5, 3, 7});
  EXPECT_EQ(base.expand_as(other).sizes(), IntArrayRef({5, 3, 7}));
  EXPECT_FALSE(e.is_contiguous());
  EXPECT_FALSE(e.is_non_overlapping_and_dense());
  expect_meta_like_cpu(base, [](const Tensor& t) { return t.expand({2, 3, 4}); });
  expect_meta_like_cpu(base, [&](const Tensor& t) { return t.expand_as(other); });

  expect_error(
      [&] {
        base.expand({2, 4});
      },
      {"expand: The expanded size of the tensor (2) must match the existing size (3) at "
       "non-singleton dimension 0.  Target sizes: [2, 4].  Tensor sizes: [3, 1]"});
  expect_error(
      [&] {
        base.expand({-1, 3, 1});
      },
      {"The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension "
       "0"});
  expect_error([&] { base.expand({4}); }, {"the number of sizes provided (1) must be greater or "
                                           "equal to the number of dimensions in the tensor (2)"});
  expect_error([&] { base.expand({3, -2}); }, {"only -1 may be negative"});
  expect_error(
      [&] {
        base.expand_as(empty({2, 2}));
      },
      {"expand: The expanded size of the tensor (2) must match"});
}

TEST(Squeeze, AndUnsqueezeWithNegativeDims) {
  Tensor base = iota({1, 3, 1, 2});
  Tensor all = base.squeeze();
  expect_view(all, base, {3, 2}, [](const Index& i) { return Index{0, i[0], 0, i[1]}; });
  EXPECT_EQ(base.squeeze(-2).sizes(), IntArrayRef({1, 3, 2}));
  EXPECT_EQ(aten::squeeze(base, 1).sizes(), base.sizes());  // not size 1: unchanged
  EXPECT_EQ(iota({}).squeeze().dim(), 0);
  EXPECT_EQ(iota({}).squeeze(0).dim(), 0);
  EXPECT_EQ(iota({1, 1}).squeeze().dim(), 0);
  expect_meta_like_cpu(base, [](const Tensor& t) { return t.squeeze(); });
  expect_meta_like_cpu(base, [](const Tensor& t) { return t.squeeze(2); });
  expect_error([&] { base.squeeze(4); }, {"squeeze.dim: Dimension out of range"});

  Tensor m = iota({2, 3});
  EXPECT_EQ(m.unsqueeze(0).strides(), IntArrayRef({6, 3, 1}));
  EXPECT_EQ(m.unsqueeze(1).strides(), IntArrayRef({3, 3, 1}));
  EXPECT_EQ(m.unsqueeze(2).strides(), IntArrayRef({3, 1, 1}));
  EXPECT_EQ(m.unsqueeze(-1).sizes(), IntArrayRef({2, 3, 1}));
  EXPECT_EQ(m.unsqueeze(-3).sizes(), IntArrayRef({1, 2, 3}));
  EXPECT_TRUE(m.unsqueeze(1).is_contiguous());
  expect_view(m.unsqueeze(1), m, {2, 1, 3}, [](const Index& i) { return Index{i[0], i[2]}; });
  EXPECT_EQ(iota({}).unsqueeze(0).sizes(), IntArrayRef({1}));
  expect_meta_like_cpu(m.t(), [](const Tensor& t) { return t.unsqueeze(1); });
  expect_error(
      [&] { m.unsqueeze(3); },
      {"unsqueeze: Dimension out of range (expected to be in range of [-3, 2], but got 3)"});
}

TEST(Select, NegativeIndexAndErrors) {
  Tensor base = iota({3, 4});
  Tensor row = base.select(0, -1);
  expect_view(row, base, {4}, [](const Index& i) { return Index{2, i[0]}; });
  EXPECT_EQ(row.storage_offset(), 8);
  Tensor col = aten::select(base, 1, 2);
  expect_view(col, base, {3}, [](const Index& i) { return Index{i[0], 2}; });
  Tensor elem = col.select(0, 1);
  EXPECT_EQ(elem.dim(), 0);
  EXPECT_EQ(elem.item<float>(), 6);
  expect_meta_like_cpu(base, [](const Tensor& t) { return t.select(1, -2); });
  expect_error(
      [&] { base.select(0, 3); },
      {"select.int: select(): index 3 out of range for tensor of size [3, 4] at dimension 0"});
  expect_error([&] { base.select(1, -5); }, {"index -5 out of range"});
  expect_error([&] { iota({}).select(0, 0); }, {"select() cannot be applied to a 0-dim tensor."});
}

// t[i] is ATen's t.select(0, i): the same view, the same errors.
TEST(Select, IndexOperatorSelectsAlongDimZero) {
  Tensor base = iota({3, 4});
  Tensor row = base[1];
  expect_view(row, base, {4}, [](const Index& i) { return Index{1, i[0]}; });
  EXPECT_EQ(base[-1][2].item<float>(), 10);
  row[0].fill_(-1);  // a view: writes show through
  EXPECT_EQ(base.select(0, 1).select(0, 0).item<float>(), -1);
  expect_meta_like_cpu(base, [](const Tensor& t) { return t[2]; });
  expect_error([&] { base[3]; }, {"select.int: ", "index 3 out of range"});
  expect_error([] { iota({})[0]; }, {"select() cannot be applied to a 0-dim tensor."});
}

TEST(Slice, StepAndPythonClamping) {
  Tensor base = iota({10});
  auto elements = [](const Tensor& t) {
    std::vector<double> v;
    for (int64_t i = 0; i < t.numel(); ++i) v.push_back(ref::read_double(t, {i}));
    return v;
  };
  EXPECT_EQ(elements(base.slice(0, 2, 8, 3)), (std::vector<double>{2, 5}));
  EXPECT_EQ(elements(base.slice(0, -3)), (std::vector<double>{7, 8, 9}));
  EXPECT_EQ(elements(base.slice(0, std::nullopt, -7)), (std::vector<double>{0, 1, 2}));
  EXPECT_EQ(base.slice(0, -100, 100).numel(), 10);
  EXPECT_EQ(base.slice(0, 8, 3).numel(), 0);
  EXPECT_EQ(base.slice(0, 20, 30).numel(), 0);
  EXPECT_EQ(base.slice(0, 20, 30).storage_offset(), 10);
  EXPECT_EQ(base.slice(0, 0, 10, 4).sizes(), IntArrayRef({3}));
  Tensor m = iota({4, 6});
  Tensor s = aten::slice(m, -1, 1, 6, 2);
  EXPECT_EQ(s.strides(), IntArrayRef({6, 2}));
  expect_view(s, m, {4, 3}, [](const Index& i) { return Index{i[0], 1 + 2 * i[1]}; });
  ref::write_double(s, {3, 2}, -1);
  EXPECT_EQ(ref::read_double(m, {3, 5}), -1);
  expect_meta_like_cpu(m, [](const Tensor& t) { return t.slice(1, 1, 6, 2); });
  expect_error([&] { base.slice(0, 0, 5, 0); },
               {"slice.Tensor: slice step must be positive, got 0"});
  expect_error([&] { base.slice(0, 0, 5, -1); }, {"slice step must be positive"});
  expect_error([&] { iota({}).slice(); }, {"slice() cannot be applied to a 0-dim tensor."});
  expect_error([&] { m.slice(2); }, {"Dimension out of range"});
}

TEST(Narrow, StartLengthAndErrors) {
  Tensor m = iota({4, 6});
  expect_view(m.narrow(1, -4, 3), m, {4, 3}, [](const Index& i) { return Index{i[0], 2 + i[1]}; });
  EXPECT_EQ(aten::narrow(m, 0, 4, 0).numel(), 0);
  expect_meta_like_cpu(m, [](const Tensor& t) { return t.narrow(0, 1, 2); });
  expect_error([&] { m.narrow(0, 2, 3); },
               {"narrow: start (2) + length (3) exceeds dimension size (4)."});
  expect_error([&] { m.narrow(0, -5, 1); },
               {"start out of range (expected to be in range of [-4, 4], but got -5)"});
  expect_error([&] { m.narrow(0, 0, -1); }, {"narrow(): length must be non-negative"});
  // A size-0 dim wraps a start of -1 to 0, as a dim index of a size-0 dim wraps (libtorch 1.13:
  // zeros(3, 0).narrow(-1, -1, 0) is [3, 0]; -2 and 1 are out of range).
  Tensor e = iota({3, 0});
  EXPECT_EQ(e.narrow(-1, -1, 0).sizes(), IntArrayRef({3, 0}));
  expect_error([&] { e.narrow(1, -2, 0); },
               {"start out of range (expected to be in range of [-1, 0], but got -2)"});
  expect_error([&] { e.narrow(1, 1, 0); }, {"start out of range"});
  expect_error([&] { iota({}).narrow(0, 0, 1); },
               {"narrow() cannot be applied to a 0-dim tensor."});
}

TEST(Unfold, WindowsAsANewLastDim) {
  Tensor v = iota({7});
  Tensor w = v.unfold(0, 3, 2);
  EXPECT_EQ(w.strides(), IntArrayRef({2, 1}));
  expect_view(w, v, {3, 3}, [](const Index& i) { return Index{2 * i[0] + i[1]}; });
  Tensor m = iota({3, 5});
  Tensor wm = m.unfold(-1, 2, 3);
  EXPECT_EQ(wm.strides(), IntArrayRef({5, 3, 1}));
  expect_view(wm, m, {3, 2, 2}, [](const Index& i) { return Index{i[0], 3 * i[1] + i[2]}; });
  Tensor wr = m.unfold(0, 3, 1);  // along dim 0: windows of rows
  expect_view(wr, m, {1, 5, 3}, [](const Index& i) { return Index{i[2], i[1]}; });
  EXPECT_EQ(iota({}).unfold(0, 1, 1).sizes(), IntArrayRef({1}));
  EXPECT_EQ(v.unfold(0, 0, 1).sizes(), IntArrayRef({8, 0}));
  expect_meta_like_cpu(m, [](const Tensor& t) { return t.unfold(1, 2, 2); });
  expect_error([&] { v.unfold(0, 8, 1); },
               {"unfold: maximum size for tensor at dimension 0 is 7 but size is 8"});
  expect_error([&] { v.unfold(0, 2, 0); }, {"step is 0 but must be > 0"});
  expect_error([&] { v.unfold(0, -1, 1); }, {"size is -1 but must be >= 0"});
}

TEST(Diagonal, OffsetsAndDims) {
  Tensor m = iota({3, 4});
  expect_view(m.diagonal(), m, {3}, [](const Index& i) { return Index{i[0], i[0]}; });
  expect_view(m.diagonal(1), m, {3}, [](const Index& i) { return Index{i[0], i[0] + 1}; });
  expect_view(m.diagonal(2), m, {2}, [](const Index& i) { return Index{i[0], i[0] + 2}; });
  expect_view(m.diagonal(-1), m, {2}, [](const Index& i) { return Index{i[0] + 1, i[0]}; });
  expect_view(m.diagonal(0, 1, 0), m, {3}, [](const Index& i) { return Index{i[0], i[0]}; });
  EXPECT_EQ(m.diagonal(4).numel(), 0);
  EXPECT_EQ(m.diagonal(-3).numel(), 0);
  EXPECT_EQ(m.diagonal(-3).storage_offset(), 0);
  Tensor c = iota({2, 3, 4});
  Tensor d = aten::diagonal(c, -1, 2, 0);
  expect_view(d, c, {3, 2}, [](const Index& i) { return Index{i[1], i[0], i[1] + 1}; });
  expect_meta_like_cpu(c, [](const Tensor& t) { return t.diagonal(1, -1, 1); });
  expect_error([&] { m.diagonal(0, 1, -1); },
               {"diagonal: diagonal dimensions cannot be identical 1, -1"});
  expect_error([&] { iota({3}).diagonal(); }, {"Dimension out of range"});
}

TEST(Split, SplitWithSizesAndChunk) {
  Tensor m = iota({5, 2});
  std::vector<Tensor> parts = m.split(2);
  ASSERT_EQ(parts.size(), 3u);
  EXPECT_EQ(parts[2].sizes(), IntArrayRef({1, 2}));
  for (int64_t p = 0; p < 3; ++p)
    expect_view(parts[p], m, parts[p].sizes(), [p](const Index& i) {
      return Index{2 * p + i[0], i[1]};
    });
  EXPECT_EQ(aten::split(m, 1, 1).size(), 2u);
  EXPECT_EQ(m.split(10).size(), 1u);
  ASSERT_EQ(empty({0, 2}).split(0).size(), 1u);
  std::vector<Tensor> sized = m.split_with_sizes({1, 0, 4});
  ASSERT_EQ(sized.size(), 3u);
  EXPECT_EQ(sized[1].numel(), 0);
  expect_view(sized[2], m, {4, 2}, [](const Index& i) { return Index{1 + i[0], i[1]}; });

  std::vector<Tensor> chunks = m.chunk(4);  // ceil(5 / 4) = 2 rows each: only 3 pieces
  ASSERT_EQ(chunks.size(), 3u);
  EXPECT_EQ(chunks[2].sizes(), IntArrayRef({1, 2}));
  EXPECT_EQ(aten::chunk(m, 2, -1).size(), 2u);
  EXPECT_EQ(empty({0, 2}).chunk(3).size(), 3u);
  EXPECT_EQ(iota({6}).chunk(3).size(), 3u);

  Tensor meta = ref::to_meta(m);
  std::vector<Tensor> meta_parts = meta.split(2), meta_chunks = meta.chunk(4);
  ASSERT_EQ(meta_parts.size(), parts.size());
  for (size_t i = 0; i < parts.size(); ++i) expect_same_geometry(meta_parts[i], parts[i]);
  for (size_t i = 0; i < chunks.size(); ++i) expect_same_geometry(meta_chunks[i], chunks[i]);

  expect_error([&] { m.split(-1); },
               {"split.Tensor: split expects split_size be non-negative, but got split_size=-1"});
  expect_error([&] { m.split(0); },
               {"split_size can only be 0 if dimension size is 0, but got dimension size of 5"});
  expect_error([&] { iota({}).split(1); }, {"split expects at least a 1-dimensional tensor"});
  expect_error(
      [&] {
        m.split_with_sizes({2, 2});
      },
      {"split_with_sizes: split_with_sizes expects split_sizes to sum exactly to 5 (input tensor's "
       "size at "
       "dimension 0), but got split_sizes=[2, 2]"});
  expect_error([&] { m.split_with_sizes({6, -1}); }, {"only non-negative entries"});
  expect_error([&] { m.chunk(0); }, {"chunk: chunk expects `chunks` to be greater than 0, got: 0"});
  expect_error([&] { iota({}).chunk(1); }, {"chunk expects at least a 1-dimensional tensor"});
}

TEST(ViewAsReal, AndViewAsComplex) {
  Tensor z = tensor({complex<float>(1, 2), complex<float>(3, 4), complex<float>(5, 6)});
  Tensor r = view_as_real(z);
  EXPECT_EQ(r.dtype(), ScalarType::Float);
  EXPECT_EQ(r.sizes(), IntArrayRef({3, 2}));
  EXPECT_EQ(r.strides(), IntArrayRef({2, 1}));
  EXPECT_EQ(storage_of(r), storage_of(z));
  EXPECT_EQ(r.data_ptr<float>()[3], 4.f);
  r.data_ptr<float>()[5] = -6.f;  // writes show in the complex tensor
  EXPECT_EQ(z.data_ptr<complex<float>>()[2], complex<float>(5, -6));
  Tensor back = view_as_complex(r);
  EXPECT_EQ(back.dtype(), ScalarType::ComplexFloat);
  EXPECT_EQ(back.sizes(), IntArrayRef({3}));
  EXPECT_EQ(back.data_ptr<complex<float>>(), z.data_ptr<complex<float>>());
  // Offsets and strides scale by two; double precision maps to ComplexDouble.
  Tensor zd = tensor({complex<double>(1, 2), complex<double>(3, 4)});
  Tensor second = view_as_real(zd.slice(0, 1));
  EXPECT_EQ(second.storage_offset(), 2);
  EXPECT_EQ(second.data_ptr<double>()[1], 4.0);
  EXPECT_EQ(view_as_real(tensor({complex<double>(1, 2)}, {})).sizes(), IntArrayRef({2}));
  Tensor pairs = iota({4, 3, 2}, ScalarType::Double).slice(0, 0, 4, 2);
  Tensor cd = view_as_complex(pairs);
  EXPECT_EQ(cd.dtype(), ScalarType::ComplexDouble);
  EXPECT_EQ(cd.strides(), IntArrayRef({6, 1}));
  EXPECT_EQ(cd.data_ptr<complex<double>>()[6 + 1], complex<double>(14, 15));  // element [1][1]
  expect_meta_like_cpu(z, [](const Tensor& t) { return view_as_real(t); });
  expect_meta_like_cpu(pairs, [](const Tensor& t) { return view_as_complex(t); });

  expect_error([] { view_as_real(iota({2})); },
               {"view_as_real: view_as_real is only supported for complex tensors"});
  expect_error(
      [] { view_as_complex(iota({2}, ScalarType::Int)); },
      {"view_as_complex: view_as_complex is only supported for half, float and double tensors, but "
       "got a tensor of scalar type: Int"});
  expect_error([] { view_as_complex(iota({2}, ScalarType::BFloat16)); },
               {"got a tensor of scalar type: BFloat16"});
  expect_error([] { view_as_complex(iota({}, ScalarType::Float)); },
               {"Input tensor must have one or more dimensions"});
  expect_error(
      [] {
        view_as_complex(iota({2, 3}));
      },
      {"Tensor must have a last dimension of size 2"});
  expect_error(
      [] {
        view_as_complex(iota({2, 2}).t());
      },
      {"Tensor must have a last dimension with stride 1"});
  expect_error(
      [] {
        view_as_complex(iota({3, 3}).slice(1, 0, 2));
      },
      {"stride divisible by 2 for all but last dimension"});
  expect_error([] { view_as_complex(iota({5}).slice(0, 1, 3)); },
               {"storage_offset divisible by 2"});
}

// ComplexHalf's parts are Half, as in ATen: view_as_real gives Half, view_as_complex of Half
// gives ComplexHalf, over the same storage.
TEST(ViewAsReal, AndViewAsComplexOfComplexHalf) {
  Tensor z = tensor({complex<Half>(1.f, 2.f), complex<Half>(3.f, -4.f)});
  Tensor r = view_as_real(z);
  EXPECT_EQ(r.dtype(), ScalarType::Half);
  EXPECT_EQ(r.sizes(), IntArrayRef({2, 2}));
  EXPECT_EQ(r.strides(), IntArrayRef({2, 1}));
  EXPECT_EQ(storage_of(r), storage_of(z));
  EXPECT_EQ(r.data_ptr<Half>()[3], Half(-4.f));
  Tensor back = view_as_complex(r);
  EXPECT_EQ(back.dtype(), ScalarType::ComplexHalf);
  EXPECT_EQ(back.data_ptr<complex<Half>>(), z.data_ptr<complex<Half>>());
  Tensor h = view_as_complex(iota({3, 2}, ScalarType::Half).slice(0, 1));
  EXPECT_EQ(h.dtype(), ScalarType::ComplexHalf);
  EXPECT_EQ(h.storage_offset(), 1);
  EXPECT_EQ(h.data_ptr<complex<Half>>()[0], complex<Half>(2.f, 3.f));
  expect_meta_like_cpu(z, [](const Tensor& t) { return view_as_real(t); });
}

TEST(Movedim, MovesSourceDimsAndKeepsTheOthersInOrder) {
  Tensor base = iota({2, 3, 4, 5});
  // Dims 0 and 3 go to 2 and 0; dims 1 and 2 fill places 1 and 3.
  Tensor m = movedim(base, {0, -1}, {2, 0});
  expect_view(m, base, {5, 3, 2, 4}, [](const Index& i) { return Index{i[2], i[1], i[3], i[0]}; });
  expect_view(base.movedim(1, -1), base, {2, 4, 5, 3}, [](const Index& i) {
    return Index{i[0], i[3], i[1], i[2]};
  });
  EXPECT_EQ(movedim(iota({}), 0, -1).dim(), 0);
  expect_meta_like_cpu(base, [](const Tensor& t) { return movedim(t, {3, 1}, {0, 1}); });
  expect_error(
      [&] {
        movedim(base, {0, 1}, {2});
      },
      {"movedim: Invalid source or destination dims: source ([0, 1] dims) should contain "
       "the same number of dims as destination ([2] dims)"});
  expect_error([&] { movedim(base, {0, -4}, {1, 2}); }, {"movedim: repeated dim in `source`"});
  expect_error(
      [&] {
        movedim(base, {0, 1}, {3, -1});
      },
      {"movedim: repeated dim in `destination` ([3, -1])"});
  expect_error([&] { movedim(base, 4, 0); }, {"Dimension out of range"});
}

TEST(BroadcastTo, AndBroadcastTensorsAreExpands) {
  Tensor base = iota({3, 1});
  expect_view(broadcast_to(base, {2, 3, 4}), base, {2, 3, 4}, [](const Index& i) {
    return Index{i[1], 0};
  });
  EXPECT_EQ(base.broadcast_to({-1, 2}).sizes(), IntArrayRef({3, 2}));
  expect_error(
      [&] {
        broadcast_to(base, {2, 4});
      },
      {"The expanded size of the tensor (2) must match the existing size (3)"});
  Tensor row = iota({4}), scalar = iota({}) + 7.0;
  std::vector<Tensor> b = broadcast_tensors({base, row, scalar});
  ASSERT_EQ(b.size(), 3u);
  expect_view(b[0], base, {3, 4}, [](const Index& i) { return Index{i[0], 0}; });
  expect_view(b[1], row, {3, 4}, [](const Index& i) { return Index{i[1]}; });
  expect_view(b[2], scalar, {3, 4}, [](const Index&) { return Index{}; });
  // ATen returns no tensors; MiniATen's dispatcher has no key to choose a kernel by.
  expect_error([] { broadcast_tensors({}); }, {"no tensor argument"});
  expect_error(
      [&] {
        broadcast_tensors({base, iota({2, 2})});
      },
      {"The size of tensor a (3) must match the size of tensor b (2)"});
}

TEST(Unbind, GivesOneSelectPerIndex) {
  Tensor base = iota({2, 3, 4}).transpose(0, 2);  // [4, 3, 2]
  for (int64_t dim : {0, 1, -1}) {
    std::vector<Tensor> parts = unbind(base, dim);
    const int64_t d = dim < 0 ? dim + 3 : dim;
    ASSERT_EQ(static_cast<int64_t>(parts.size()), base.size(d));
    for (int64_t k = 0; k < base.size(d); ++k) {
      Index sizes(base.sizes().begin(), base.sizes().end());
      sizes.erase(sizes.begin() + d);
      expect_view(parts[k], base, sizes, [&](const Index& i) {
        Index src = i;
        src.insert(src.begin() + d, k);
        return src;
      });
    }
  }
  EXPECT_TRUE(iota({0, 3}).unbind().empty());
  EXPECT_EQ(ref::to_meta(base).unbind(1)[2].sizes(), IntArrayRef({4, 2}));
  expect_error([&] { unbind(base, 3); }, {"Dimension out of range"});
  expect_error([] { unbind(iota({})); }, {"dimension specified as 0 but tensor has no dimensions"});
}

TEST(Meshgrid, IjAndXyIndexing) {
  Tensor x = iota({2}), y = iota({3}) + 10.0, z = iota({}) + 20.0;
  for (const char* indexing : {"ij", "default"}) {
    std::vector<Tensor> g = std::string(indexing) == "ij" ? meshgrid({x, y, z}, "ij")
                                                          : meshgrid({x, y, z});
    ASSERT_EQ(g.size(), 3u);
    expect_view(g[0], x, {2, 3, 1}, [](const Index& i) { return Index{i[0]}; });
    expect_view(g[1], y, {2, 3, 1}, [](const Index& i) { return Index{i[1]}; });
    expect_view(g[2], z, {2, 3, 1}, [](const Index&) { return Index{}; });
  }
  // "xy": the first two dims swapped, as in numpy's meshgrid.
  std::vector<Tensor> g = meshgrid({x, y, z}, "xy");
  expect_view(g[0], x, {3, 2, 1}, [](const Index& i) { return Index{i[1]}; });
  expect_view(g[1], y, {3, 2, 1}, [](const Index& i) { return Index{i[0]}; });
  EXPECT_EQ(meshgrid({x}, "xy")[0].sizes(), IntArrayRef({2}));
  expect_error([] { meshgrid({}); }, {"meshgrid", "no tensor argument"});
  expect_error(
      [&] {
        meshgrid({x, iota({2}, kDouble)});
      },
      {"meshgrid expects all tensors to have the same dtype"});
  expect_error(
      [&] {
        meshgrid({x, iota({2, 2})});
      },
      {"torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: "});
  expect_error(
      [&] {
        meshgrid({x, y}, "yx");
      },
      {"torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: yx"});
}

TEST(Views, KeepTheirBaseAliveAndFlagsFollowTheGeometry) {
  Tensor v;
  {
    Tensor base = iota({4, 4});
    v = base.t().slice(0, 1, 3);
  }
  EXPECT_EQ(ref::read_double(v, {1, 3}), 14);  // base[3][2], still readable (ASan checks)

  Tensor nchw = empty({2, 4, 5, 3}).permute({0, 3, 1, 2});  // N,C,H,W = 2,3,4,5, channels-last
  EXPECT_TRUE(nchw.is_contiguous(MemoryFormat::ChannelsLast));
  EXPECT_FALSE(nchw.is_contiguous());
  EXPECT_EQ(nchw.suggest_memory_format(), MemoryFormat::ChannelsLast);
  Tensor back = nchw.permute({0, 2, 3, 1});
  EXPECT_TRUE(back.is_contiguous());
  Tensor m = iota({4, 6});
  EXPECT_FALSE(m.t().is_contiguous());
  EXPECT_TRUE(m.t().is_non_overlapping_and_dense());
  EXPECT_FALSE(m.slice(1, 0, 6, 2).is_non_overlapping_and_dense());
  EXPECT_TRUE(m.slice(0, 1, 3).is_contiguous());
  EXPECT_TRUE(m.select(0, 2).is_contiguous());
  EXPECT_FALSE(m.select(1, 2).is_contiguous());
  EXPECT_TRUE(m.t().t().is_contiguous());
  EXPECT_TRUE(m.unsqueeze(0).squeeze(0).is_contiguous());
  // ATen's example: N,C,H,W = 2,2048,1,1 with strides [2048,1,1,1] is both.
  Tensor both = empty({2, 2048}).view({2, 2048, 1, 1});
  EXPECT_TRUE(both.is_contiguous());
  EXPECT_TRUE(both.is_contiguous(MemoryFormat::ChannelsLast));
}
