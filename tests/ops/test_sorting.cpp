// The ops of aten/native/Sorting.cpp: sort, argsort, msort, the parts the manifest suite cannot
// express: NaN and signed zeros, long lines (introsort proper) where stable=True keeps equal
// elements in order, the results' layout, out=, Meta and the errors.
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/argsort.h>
#include <aten/ops/empty.h>
#include <aten/ops/msort.h>
#include <aten/ops/sort.h>
#include <gtest/gtest.h>

#include <optional>
#include <tuple>
#include <vector>

#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using ref::expect_error, ref::iota, ref::make, ref::meta, ref::of, ref::values_of;

TEST(Sort, NanAboveEveryNumberBothWays) {
  Tensor x = of(ScalarType::Float, {1, ref::kNaN, -0.0, 0, 2, ref::kNaN});
  auto [v, i] = sort(x, std::optional<bool>(true));
  ref::expect_same_doubles(values_of(v), {-0.0, 0, 1, 2, ref::kNaN, ref::kNaN});
  EXPECT_EQ(values_of(i), (std::vector<double>{2, 3, 0, 4, 1, 5}));
  auto [vd, id] = sort(x, std::optional<bool>(true), 0, true);
  ref::expect_same_doubles(values_of(vd), {ref::kNaN, ref::kNaN, 2, 1, -0.0, 0});
  EXPECT_EQ(values_of(id), (std::vector<double>{1, 5, 4, 0, 2, 3}));
}

TEST(Sort, StableKeepsTiesInOrderOnLongLines) {
  const int64_t n = 1000;
  Tensor x = make<int64_t>({n}, [](int64_t i) { return static_cast<double>((i * 7) % 3); });
  auto [v, i] = x.sort(std::optional<bool>(true));
  const std::vector<double> idx = values_of(i), val = values_of(v);
  for (int64_t k = 1; k < n; ++k) {
    const double a = val[k - 1], b = val[k];
    ASSERT_LE(a, b);
    if (a == b) {
      ASSERT_LT(idx[k - 1], idx[k]) << k;
    }
  }
  // Unstable: the same values, indices a permutation whose values match.
  auto [u, j] = x.sort();
  EXPECT_EQ(values_of(u), values_of(v));
  EXPECT_EQ(values_of(x.index_select(0, j)), values_of(u));
}

TEST(Sort, AlongEveryDimWithSelfsLayout) {
  Tensor x = iota({3, 4}).t() * -1;  // [4, 3], strides [1, 4]
  auto [v, i] = sort(x, 0);
  EXPECT_EQ(v.strides(), x.strides());
  EXPECT_EQ(i.strides(), x.strides());
  EXPECT_EQ(values_of(i), (std::vector<double>{3, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0, 0}));
  EXPECT_EQ(values_of(argsort(x, int64_t{1}, true)),
            (std::vector<double>{0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2}));
  EXPECT_EQ(values_of(msort(x)), values_of(v));
  // An expanded self gets dense results.
  auto [e, ei] = sort(iota({3}).expand({2, 3}), -1, true);
  EXPECT_TRUE(e.is_contiguous());
  EXPECT_EQ(values_of(ei), (std::vector<double>{2, 1, 0, 2, 1, 0}));
  // 0-dim and empty.
  auto [z, zi] = sort(of(ScalarType::Int, {5}).view({}));
  EXPECT_EQ(values_of(z), (std::vector<double>{5}));
  EXPECT_EQ(values_of(zi), (std::vector<double>{0}));
  EXPECT_EQ(std::get<0>(sort(empty({0, 3}))).sizes(), IntArrayRef({0, 3}));
}

TEST(Sort, OutMetaAndErrors) {
  Tensor v = empty({0}), i = empty({0}, ScalarType::Long);
  sort_outf(of(ScalarType::Float, {3, 1, 2}), 0, false, v, i);
  EXPECT_EQ(values_of(v), (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(values_of(i), (std::vector<double>{1, 2, 0}));
  Tensor m = empty({0});
  msort_out(m, of(ScalarType::Float, {3, 1, 2}));
  EXPECT_EQ(values_of(m), (std::vector<double>{1, 2, 3}));
  auto [mv, mi] = sort(meta({2, 5}), -1);
  EXPECT_EQ(mv.sizes(), IntArrayRef({2, 5}));
  EXPECT_EQ(mi.scalar_type(), ScalarType::Long);
  expect_error([&] { sort(iota({2}).to(ScalarType::ComplexFloat)); },
               {"\"sort\" not implemented for 'ComplexFloat'"});
  expect_error([&] { sort(iota({2}), 1); }, {"sort", "Dimension out of range"});
  Tensor fresh = empty({0}), wrong = empty({0}, ScalarType::Int);
  expect_error([&] { sort_outf(iota({2}), 0, false, fresh, wrong); }, {"sort", "Long"});
}
