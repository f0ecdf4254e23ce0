// The ops of aten/native/Unique.cpp, the parts the manifest suite cannot express. _unique2: the
// unsorted order, NaN and signed zeros (values, inverse and counts as libtorch 1.13 gives them),
// Bool, and the dtypes refused. unique_dim, unique_dim_consecutive and unique_consecutive: the
// results' shapes and strides with and without return_inverse / return_counts, the order slices
// are compared in, NaN and signed zeros, size-0 and 0-dim inputs, and the errors, each as
// libtorch 1.13 gives them.
#include <aten/core/Tensor.h>
#include <aten/ops/_unique2.h>
#include <aten/ops/unique_consecutive.h>
#include <aten/ops/unique_dim.h>
#include <aten/ops/unique_dim_consecutive.h>
#include <gtest/gtest.h>

#include <tuple>
#include <vector>

#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using ref::expect_error, ref::of, ref::values_of;

TEST(Unique, UnsortedInTheHashSetsOrder) {
  auto [v, i, c] = _unique2(of(ScalarType::Long, {3, 1, 2, 3, 5, 1}), false, false, true);
  EXPECT_EQ(values_of(v), (std::vector<double>{5, 2, 1, 3}));
  EXPECT_EQ(values_of(i), (std::vector<double>{3, 2, 1, 3, 0, 2}));  // computed for the counts
  EXPECT_EQ(values_of(c), (std::vector<double>{1, 1, 2, 2}));
  EXPECT_EQ(values_of(std::get<0>(_unique2(of(ScalarType::Float, {0.5, 1.5, 0.5, 2.5}), false))),
            (std::vector<double>{1.5, 2.5, 0.5}));
  auto [s, si, sc] = _unique2(of(ScalarType::Long, {3, 1, 2, 3}).view({2, 2}), true, true);
  EXPECT_EQ(values_of(s), (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(si.sizes(), IntArrayRef({2, 2}));
  EXPECT_EQ(values_of(si), (std::vector<double>{2, 0, 1, 2}));
  EXPECT_EQ(sc.numel(), 0);
}

TEST(Unique, NanSignedZerosAndBool) {
  auto [v, i, c] = _unique2(of(ScalarType::Float, {3, ref::kNaN, 1, ref::kNaN, -0.0, 0}), true,
                            true, true);
  ref::expect_same_doubles(values_of(v), {-0.0, 1, ref::kNaN, ref::kNaN, 3});
  EXPECT_EQ(values_of(i), (std::vector<double>{4, 0, 1, 0, 0, 0}));
  EXPECT_EQ(values_of(c), (std::vector<double>{2, 1, 0, 0, 1}));
  auto [b, bi, bc] = _unique2(of(ScalarType::Bool, {1, 0, 1}), false, true, true);
  EXPECT_EQ(values_of(b), (std::vector<double>{0, 1}));
  EXPECT_EQ(values_of(bi), (std::vector<double>{1, 0, 1}));
  EXPECT_EQ(values_of(bc), (std::vector<double>{1, 2}));
  // false first whatever the order met (libtorch 1.13: unique(tensor([True, False]),
  // sorted=False) is [False, True]).
  for (const Tensor& met : {of(ScalarType::Bool, {1, 0}), of(ScalarType::Bool, {0, 1, 1}),
                            of(ScalarType::Bool, {1, 1, 0, 0})})
    EXPECT_EQ(values_of(std::get<0>(_unique2(met, false))), (std::vector<double>{0, 1}));
  expect_error([] { _unique2(of(ScalarType::Half, {1})); },
               {"\"_unique2\" not implemented for 'Half'"});
}

namespace {

// The values, inverse and counts of a unique op, each in C order.
void expect_unique(const std::tuple<Tensor, Tensor, Tensor>& got, const std::vector<double>& values,
                   const std::vector<double>& inverse, const std::vector<double>& counts) {
  EXPECT_EQ(values_of(std::get<0>(got)), values);
  EXPECT_EQ(values_of(std::get<1>(got)), inverse);
  EXPECT_EQ(values_of(std::get<2>(got)), counts);
  EXPECT_EQ(std::get<1>(got).scalar_type(), ScalarType::Long);
  EXPECT_EQ(std::get<2>(got).scalar_type(), ScalarType::Long);
}

// [[1, 2], [1, 2], [0, 5], [1, 2]]
Tensor rows() { return of(ScalarType::Long, {1, 2, 1, 2, 0, 5, 1, 2}).view({4, 2}); }

}  // namespace

TEST(UniqueDim, SortsTheSlicesWhateverTheFlagsSay) {
  // sorted=False sorts too, and the inverse and counts come whether asked for or not.
  for (bool flag : {true, false}) {
    auto r = unique_dim(rows(), 0, flag, flag, flag);
    EXPECT_EQ(std::get<0>(r).sizes(), IntArrayRef({2, 2}));
    expect_unique(r, {0, 5, 1, 2}, {1, 1, 0, 1}, {1, 3});
  }
  // Along dim 1 the result is the contiguous [distinct, 4] one transposed back, as libtorch's.
  auto [v, i, c] = unique_dim(rows(), -1);
  EXPECT_EQ(v.sizes(), IntArrayRef({4, 2}));
  EXPECT_EQ(v.strides(), IntArrayRef({1, 4}));
  expect_unique({v, i, c}, {1, 2, 1, 2, 0, 5, 1, 2}, {0, 1}, {1, 1});
}

TEST(UniqueDim, ComparesSlicesInTheOrderOfTheTranspose) {
  // x[0][1][0] = 1 and x[1][0][1] = 1: read as x.transpose(0, 2) reads them, slice 0 is
  // (0, 0, 1, 0) and slice 1 is (0, 1, 0, 0), so slice 0 sorts first (moved to the front with
  // movedim, slice 1 would).
  const Tensor x = of(ScalarType::Long, {0, 0, 1, 0, 0, 1, 0, 0}).view({2, 2, 2});
  for (const auto& r : {unique_dim(x, 2), unique_dim_consecutive(x, -1)}) {
    EXPECT_EQ(std::get<0>(r).strides(), IntArrayRef({1, 2, 4}));
    expect_unique(r, {0, 0, 1, 0, 0, 1, 0, 0}, {0, 1}, {1, 1});  // x itself
  }
}

TEST(UniqueDim, ConsecutiveMergesRunsOnly) {
  expect_unique(unique_dim_consecutive(rows(), 0), {1, 2, 0, 5, 1, 2}, {0, 0, 1, 2}, {2, 1, 1});
  expect_unique(unique_dim_consecutive(rows(), 0, false, false), {1, 2, 0, 5, 1, 2}, {0, 0, 1, 2},
                {2, 1, 1});
  // unique_consecutive with a dim is unique_dim_consecutive, whatever its flags say.
  expect_unique(unique_consecutive(rows(), false, false, 0), {1, 2, 0, 5, 1, 2}, {0, 0, 1, 2},
                {2, 1, 1});
  // ... except dim 0 of a 1-d self, which libtorch runs as without dim (dim -1 it does not).
  const Tensor x = of(ScalarType::Long, {1, 1, 2, 3, 3});
  expect_unique(unique_consecutive(x, false, true, 0), {1, 2, 3}, {}, {2, 1, 2});
  expect_unique(unique_consecutive(x, true, false, 0), {1, 2, 3}, {0, 0, 1, 2, 2}, {});
  expect_unique(unique_consecutive(x, false, false, -1), {1, 2, 3}, {0, 0, 1, 2, 2}, {2, 1, 2});
}

TEST(UniqueDim, NanSignedZerosBoolAndBFloat16) {
  // A NaN is neither less nor greater than anything, yet never equal: libtorch's std::sort then
  // leaves 0 apart from -0, and merges no NaN.
  const Tensor x = of(ScalarType::Float,
                      {3, ref::kNaN, 1, ref::kNaN, ref::kNaN, -0.0, 0, 0, -0.0, 1});
  auto [v, i, c] = unique_dim(x, 0);
  ref::expect_same_doubles(values_of(v), {-0.0, 1, 3, ref::kNaN, ref::kNaN, ref::kNaN, 0, 1});
  EXPECT_EQ(values_of(i), (std::vector<double>{2, 3, 1, 4, 5, 0, 6, 6, 6, 7}));
  EXPECT_EQ(values_of(c), (std::vector<double>{1, 1, 1, 1, 1, 1, 3, 1}));
  const Tensor y = of(ScalarType::Float, {1, ref::kNaN, 1, ref::kNaN, 0, 2, -0.0, 2}).view({4, 2});
  auto [yv, yi, yc] = unique_dim(y, 0);
  ref::expect_same_doubles(values_of(yv), {0, 2, 1, ref::kNaN, 1, ref::kNaN});
  EXPECT_EQ(values_of(yi), (std::vector<double>{1, 2, 0, 0}));
  EXPECT_EQ(values_of(yc), (std::vector<double>{2, 1, 1}));
  auto b = unique_dim(of(ScalarType::Bool, {1, 0, 1}), 0);
  EXPECT_EQ(std::get<0>(b).scalar_type(), ScalarType::Bool);
  expect_unique(b, {0, 1}, {1, 0, 1}, {1, 2});
  expect_unique(unique_dim(of(ScalarType::BFloat16, {1, 2, 1, 3}), 0), {1, 2, 3}, {0, 1, 0, 2},
                {2, 1, 1});
}

TEST(UniqueDim, SizeZeroDims) {
  // A size-0 dim selected: self's shape, and empty inverse and counts.
  auto [v, i, c] = unique_dim(empty({2, 0, 3}), 1, true, true, true);
  EXPECT_EQ(v.sizes(), IntArrayRef({2, 0, 3}));
  EXPECT_EQ(v.strides(), IntArrayRef({3, 3, 1}));
  EXPECT_EQ(i.sizes(), IntArrayRef({0}));
  EXPECT_EQ(c.sizes(), IntArrayRef({0}));
  EXPECT_EQ(std::get<0>(unique_dim_consecutive(empty({0, 3}), 0)).sizes(), IntArrayRef({0, 3}));
  // Any other size-0 dim is an error.
  expect_error(
      [] {
        unique_dim(empty({3, 0}), 0);
      },
      {"unique_dim: self of shape [3, 0] has dimensions of size 0 other than dim 0"});
  expect_error(
      [] {
        unique_dim_consecutive(empty({0, 0}), 1);
      },
      {"unique_dim_consecutive: self of shape [0, 0] has more than one dimension of "
       "size 0, so unique cannot be applied along dim 1"});
  expect_error(
      [] {
        unique_consecutive(empty({2, 0}), false, false, 0);
      },
      {"unique_consecutive: self of shape [2, 0] has dimensions of size 0 other than "
       "dim 0"});
}

TEST(UniqueDim, Errors) {
  expect_error([] { unique_dim(rows(), 2); },
               {"unique_dim: dim out of range (expected to be in range of [-2, 1], but got 2)"});
  expect_error([] { unique_dim_consecutive(rows(), -3); },
               {"unique_dim_consecutive: dim out of range", "but got -3"});
  expect_error([] { unique_consecutive(rows(), false, false, 5); },
               {"unique_consecutive: dim out of range", "but got 5"});
  expect_error([] { unique_dim(of(ScalarType::Float, {3}).view({}), 0); },
               {"unique_dim: dim specified as 0 but self has no dimensions"});
  expect_error([] { unique_consecutive(of(ScalarType::Float, {3}).view({}), false, false, -1); },
               {"unique_consecutive: dim specified as -1 but self has no dimensions"});
  expect_error([] { unique_dim(of(ScalarType::Half, {1}), 0); },
               {"\"unique_dim\" not implemented for 'Half'"});
  expect_error([] { unique_dim_consecutive(of(ScalarType::ComplexFloat, {1}), 0); },
               {"\"unique_dim_consecutive\" not implemented for 'ComplexFloat'"});
  expect_error([] { unique_consecutive(of(ScalarType::Half, {1})); },
               {"\"unique_consecutive\" not implemented for 'Half'"});
}

TEST(UniqueConsecutive, InverseAndCountsOnlyWhenAskedFor) {
  const Tensor x = of(ScalarType::Long, {1, 1, 2, 2, 3, 1, 1, 2}).view({2, 4});
  for (bool with_inverse : {false, true}) {
    for (bool with_counts : {false, true}) {
      auto [v, i, c] = unique_consecutive(x, with_inverse, with_counts);
      EXPECT_EQ(values_of(v), (std::vector<double>{1, 2, 3, 1, 2}));
      const std::vector<double> inverse = {0, 0, 1, 1, 2, 3, 3, 4}, counts = {2, 2, 1, 2, 1};
      EXPECT_EQ(i.sizes(), with_inverse ? IntArrayRef({2, 4}) : IntArrayRef({0}));
      EXPECT_EQ(values_of(i), with_inverse ? inverse : std::vector<double>());
      EXPECT_EQ(values_of(c), with_counts ? counts : std::vector<double>());
    }
  }
}

TEST(UniqueConsecutive, NanSignedZerosSizeZeroAndZeroDim) {
  // Each NaN is a run of its own; a run of zeros is its first one.
  auto [v, i, c] = unique_consecutive(
      of(ScalarType::Float, {3, ref::kNaN, 1, ref::kNaN, ref::kNaN, -0.0, 0, 0, -0.0, 1}), true,
      true);
  ref::expect_same_doubles(values_of(v), {3, ref::kNaN, 1, ref::kNaN, ref::kNaN, -0.0, 1});
  EXPECT_EQ(values_of(i), (std::vector<double>{0, 1, 2, 3, 4, 5, 5, 5, 5, 6}));
  EXPECT_EQ(values_of(c), (std::vector<double>{1, 1, 1, 1, 1, 4, 1}));
  expect_unique(unique_consecutive(of(ScalarType::BFloat16, {1, 1, 2, 1}), true, true), {1, 2, 1},
                {0, 0, 1, 2}, {2, 1, 1});
  // The inverse has self's shape, even empty or 0-dim.
  auto [zv, zi, zc] = unique_consecutive(empty({0, 3}), true, true);
  EXPECT_EQ(zv.sizes(), IntArrayRef({0}));
  EXPECT_EQ(zi.sizes(), IntArrayRef({0, 3}));
  EXPECT_EQ(zc.sizes(), IntArrayRef({0}));
  auto [sv, si, sc] = unique_consecutive(of(ScalarType::Float, {3}).view({}), true, true);
  EXPECT_EQ(sv.sizes(), IntArrayRef({1}));
  EXPECT_EQ(si.sizes(), IntArrayRef({}));
  expect_unique({sv, si, sc}, {3}, {0}, {1});
}
