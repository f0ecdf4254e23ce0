// The ops of aten/native/Sorting.cpp: sort, argsort, msort, topk, kthvalue, median, nanmedian,
// mode, the parts the manifest suite cannot express: NaN and signed zeros, long lines (the radix
// sort) where equal elements keep their order, topk's heap path on long lines and
// unsorted results, the results' layout, out=, Meta, gradients and the errors.
#include <aten/TensorOperators.h>
#include <aten/autograd/Autograd.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/argsort.h>
#include <aten/ops/empty.h>
#include <aten/ops/kthvalue.h>
#include <aten/ops/median.h>
#include <aten/ops/mode.h>
#include <aten/ops/msort.h>
#include <aten/ops/nanmedian.h>
#include <aten/ops/sort.h>
#include <aten/ops/sum.h>
#include <aten/ops/topk.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>
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

// ---- topk ----

// Rows of n distinct pseudo-random values (a bijection of i mod a prime above n).
Tensor distinct_rows(int64_t rows, int64_t n) {
  return make<float>({rows, n}, [n](int64_t i) {
    return static_cast<double>((i % n) * 7919 % 10007) * 0.5 - 2000.0 * static_cast<double>(i / n);
  });
}

// The naive answer: each row's values and indices by value, largest (or smallest) first.
void expect_topk_matches_sort(const Tensor& x, int64_t k, bool largest) {
  auto [v, i] = topk(x, k, -1, largest);
  const std::vector<double> all = values_of(x), got_v = values_of(v), got_i = values_of(i);
  const int64_t rows = x.size(0), n = x.size(1);
  for (int64_t r = 0; r < rows; ++r) {
    std::vector<int64_t> order(static_cast<size_t>(n));
    for (int64_t j = 0; j < n; ++j) order[static_cast<size_t>(j)] = j;
    std::sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
      const double p = all[static_cast<size_t>(r * n + a)], q = all[static_cast<size_t>(r * n + b)];
      return largest ? p > q : p < q;
    });
    for (int64_t j = 0; j < k; ++j) {
      ASSERT_EQ(got_i[static_cast<size_t>(r * k + j)], order[static_cast<size_t>(j)])
          << r << " " << j;
      ASSERT_EQ(got_v[static_cast<size_t>(r * k + j)],
                all[static_cast<size_t>(r * n + order[static_cast<size_t>(j)])]);
    }
  }
}

TEST(Topk, HeapAndSelectionPathsMatchSorting) {
  const Tensor x = distinct_rows(7, 1000);
  for (int64_t k : {1, 10, 15, 16, 17, 200, 1000}) {  // k * 64 <= 1000 up to 15: the heap
    expect_topk_matches_sort(x, k, true);
    expect_topk_matches_sort(x, k, false);
  }
  // A strided line (the heap path's element by element scan) and dim 0.
  const Tensor xt = x.t().contiguous().t();
  auto [v, i] = topk(xt, 5);
  auto [v0, i0] = topk(x, 5);
  EXPECT_EQ(values_of(v), values_of(v0));
  EXPECT_EQ(values_of(i), values_of(i0));
  auto [c, ci] = topk(x.t(), 3, 0);
  EXPECT_EQ(values_of(c.t().contiguous()), values_of(std::get<0>(topk(x, 3, 1))));
}

TEST(Topk, NanFirstWhenLargestLastWhenSmallest) {
  std::vector<double> row(300);
  for (size_t j = 0; j < row.size(); ++j) row[j] = std::sin(static_cast<double>(j));
  row[7] = ref::kNaN;
  row[250] = ref::kNaN;
  const Tensor x = make<double>({300}, [&](int64_t j) { return row[static_cast<size_t>(j)]; });
  auto [v, i] = topk(x, 3);  // heap path
  EXPECT_TRUE(std::isnan(values_of(v)[0]) && std::isnan(values_of(v)[1]));
  EXPECT_EQ(std::set<double>({values_of(i)[0], values_of(i)[1]}), std::set<double>({7, 250}));
  auto [s, si] = topk(x, 298, 0, false);  // nth_element path: every number before the NaNs
  for (double d : values_of(s)) EXPECT_FALSE(std::isnan(d));
  auto [u, ui] = topk(x, 100, 0, true, false);  // unsorted: the same set
  auto [w, wi] = topk(x, 100, 0, true, true);
  std::vector<double> a = values_of(ui), b = values_of(wi);
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  EXPECT_EQ(a, b);
}

TEST(Topk, BackwardScattersIntoZeros) {
  Tensor x = distinct_rows(2, 100).to(ScalarType::Double).requires_grad_(true);
  auto [v, i] = topk(x, 4);
  aten::sum(v * v).backward();
  const std::vector<double> g = values_of(x.grad()), xs = values_of(x), idx = values_of(i);
  std::vector<double> want(200, 0.0);
  for (int64_t r = 0; r < 2; ++r)
    for (int64_t j = 0; j < 4; ++j) {
      const auto at = static_cast<size_t>(
          r * 100 + static_cast<int64_t>(idx[static_cast<size_t>(r * 4 + j)]));
      want[at] = 2 * xs[at];
    }
  EXPECT_EQ(g, want);
}

TEST(Topk, ZeroDimEmptyMetaAndErrors) {
  auto [z, zi] = topk(of(ScalarType::Int, {5}).view({}), 1);
  EXPECT_EQ(values_of(z), (std::vector<double>{5}));
  EXPECT_EQ(zi.dim(), 0);
  EXPECT_EQ(std::get<0>(topk(empty({3, 4}), 0)).sizes(), IntArrayRef({3, 0}));
  auto [mv, mi] = topk(meta({4, 9}), 2, 0);
  EXPECT_EQ(mv.sizes(), IntArrayRef({2, 9}));
  EXPECT_EQ(mi.scalar_type(), ScalarType::Long);
  Tensor v = empty({0}), i = empty({0}, ScalarType::Long);
  topk_out(v, i, of(ScalarType::Float, {3, 1, 2}), 2);
  EXPECT_EQ(values_of(v), (std::vector<double>{3, 2}));
  EXPECT_EQ(values_of(i), (std::vector<double>{0, 2}));
  expect_error([] { topk(iota({3}), 4); }, {"selected index k out of range"});
  expect_error([] { topk(iota({3}), -1); }, {"selected index k out of range"});
  expect_error([] { topk(iota({3}), 1, 1); }, {"Dimension out of range"});
  expect_error(
      [] {
        topk(of(ScalarType::Bool, {1, 0}), 1);
      },
      {"\"topk\" not implemented for 'Bool'"});
}

// ---- kthvalue, median, nanmedian, mode ----

TEST(Kthvalue, EveryRankOfALongLine) {
  const Tensor x = distinct_rows(1, 500).view({500});
  std::vector<double> sorted = values_of(x);
  std::sort(sorted.begin(), sorted.end());
  for (int64_t k : {1, 2, 250, 499, 500}) {
    auto [v, i] = kthvalue(x, k);
    EXPECT_EQ(values_of(v)[0], sorted[static_cast<size_t>(k - 1)]);
    EXPECT_EQ(values_of(x)[static_cast<size_t>(values_of(i)[0])], values_of(v)[0]);
  }
  auto [n, ni] = kthvalue(of(ScalarType::Float, {ref::kNaN, 1, 3}), 3);
  EXPECT_TRUE(std::isnan(values_of(n)[0]));
  EXPECT_EQ(values_of(ni), (std::vector<double>{0}));
  auto [kv, ki] = kthvalue(iota({2, 3}), 2, 1, true);
  EXPECT_EQ(kv.sizes(), IntArrayRef({2, 1}));
  EXPECT_EQ(values_of(kv), (std::vector<double>{1, 4}));
  expect_error([] { kthvalue(iota({3}), 4); },
               {"kthvalue(): selected number k out of range for dimension 0"});
  expect_error([] { kthvalue(iota({3}), 0); }, {"selected number k out of range"});
  expect_error(
      [] {
        kthvalue(empty({0, 2}), 1, 0);
      },
      {"kthvalue(): Expected reduction dim 0 to have non-zero size."});
}

TEST(Median, LowerMedianNanAndIndices) {
  EXPECT_EQ(values_of(median(of(ScalarType::Float, {4, 1, 3, 2}))), (std::vector<double>{2}));
  EXPECT_TRUE(std::isnan(values_of(median(of(ScalarType::Float, {1, ref::kNaN, 3})))[0]));
  EXPECT_EQ(values_of(nanmedian(of(ScalarType::Float, {1, ref::kNaN, 3, 2}))),
            (std::vector<double>{2}));
  EXPECT_TRUE(std::isnan(values_of(nanmedian(of(ScalarType::Float, {ref::kNaN})))[0]));
  EXPECT_TRUE(std::isnan(values_of(median(empty({0})))[0]));
  // Along a dim: equal values give the first index in (value, index) order; a NaN, the first.
  auto [v, i] = median(of(ScalarType::Int, {2, 5, 2, 2, 7, 1}).view({1, 6}), 1);
  EXPECT_EQ(values_of(v), (std::vector<double>{2}));
  EXPECT_EQ(values_of(i), (std::vector<double>{2}));
  auto [nv, ni] = median(of(ScalarType::Double, {1, ref::kNaN, 2, ref::kNaN}), 0);
  EXPECT_TRUE(std::isnan(values_of(nv)[0]));
  EXPECT_EQ(values_of(ni), (std::vector<double>{1}));
  auto [mv, mi] = nanmedian(of(ScalarType::Double, {5, ref::kNaN, 2, ref::kNaN, 9}), 0);
  EXPECT_EQ(values_of(mv), (std::vector<double>{5}));
  EXPECT_EQ(values_of(mi), (std::vector<double>{0}));
  EXPECT_EQ(median(meta({3, 4})).dim(), 0);
  EXPECT_EQ(std::get<1>(median(meta({3, 4}), 0, true)).sizes(), IntArrayRef({1, 4}));
  expect_error(
      [] {
        median(empty({2, 0}), 1);
      },
      {"median(): Expected reduction dim 1 to have non-zero size."});
  expect_error([] { median(of(ScalarType::Bool, {1})); },
               {"\"median\" not implemented for 'Bool'"});
}

TEST(Median, GradientOfTheWholeIsSharedByTies) {
  Tensor x = of(ScalarType::Double, {3, 1, 3, 5, 0}).requires_grad_(true);
  median(x).backward();
  EXPECT_EQ(values_of(x.grad()), (std::vector<double>{0.5, 0, 0.5, 0, 0}));
  Tensor y = of(ScalarType::Double, {3, 1, 2}).view({1, 3}).requires_grad_(true);
  std::get<0>(median(y, 1)).sum().backward();
  EXPECT_EQ(values_of(y.grad()), (std::vector<double>{0, 0, 1}));
}

TEST(Mode, MostFrequentSmallestFirst) {
  auto [v, i] = mode(of(ScalarType::Long, {3, 1, 3, 1, 2}));
  EXPECT_EQ(values_of(v), (std::vector<double>{1}));
  EXPECT_EQ(values_of(i), (std::vector<double>{3}));
  auto [b, bi] = of(ScalarType::Bool, {1, 0, 1}).mode();
  EXPECT_EQ(values_of(b), (std::vector<double>{1}));
  EXPECT_EQ(values_of(bi), (std::vector<double>{2}));
  auto [r, ri] = mode(iota({2, 3}), 0, true);
  EXPECT_EQ(r.sizes(), IntArrayRef({1, 3}));
  EXPECT_EQ(values_of(r), (std::vector<double>{0, 1, 2}));
  auto [z, zi] = mode(of(ScalarType::Float, {4}).view({}));
  EXPECT_EQ(values_of(z), (std::vector<double>{4}));
  EXPECT_EQ(std::get<0>(mode(empty({0, 3}), 1)).sizes(), IntArrayRef({0}));
  expect_error(
      [] {
        mode(empty({0, 3}), 0);
      },
      {"mode(): Expected reduction dim 0 to have non-zero size."});
  Tensor wrong = empty({0}, ScalarType::Int), values = empty({0});
  expect_error([&] { mode_outf(iota({3}), 0, false, values, wrong); }, {"mode", "Long"});
}

TEST(Sort, RadixSortedLongLinesMatchAStableSort) {
  // Lines of 4000 (radix sorted) with ties, NaN, and both zeros, in every radix-sorted dtype.
  const int64_t n = 4000;
  auto value = [](int64_t i) {
    if (i % 997 == 3) return ref::kNaN;
    if (i % 501 == 7) return -0.0;
    return static_cast<double>((i * 7919) % 613) - 300.0;
  };
  for (ScalarType t : {ScalarType::Float, ScalarType::Half, ScalarType::BFloat16, ScalarType::Int,
                       ScalarType::Short, ScalarType::Char, ScalarType::Byte, ScalarType::Bool}) {
    const bool floating = isFloatingType(t);
    const Tensor x = make<double>({n}, [&](int64_t i) {
                       return floating ? value(i) : static_cast<double>(i % 613 % 100);
                     }).to(t);
    const std::vector<double> xs = values_of(x);
    for (bool descending : {false, true}) {
      std::vector<int64_t> order(static_cast<size_t>(n));
      for (int64_t i = 0; i < n; ++i) order[static_cast<size_t>(i)] = i;
      std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
        const double p = xs[static_cast<size_t>(a)], q = xs[static_cast<size_t>(b)];
        if (descending) return (std::isnan(p) && !std::isnan(q)) || p > q;
        return (!std::isnan(p) && std::isnan(q)) || p < q;
      });
      auto [v, i] = sort(x, std::optional<bool>(true), 0, descending);
      const std::vector<double> idx = values_of(i);
      for (int64_t k = 0; k < n; ++k)
        ASSERT_EQ(idx[static_cast<size_t>(k)], order[static_cast<size_t>(k)]) << t << " " << k;
      // stable=False: the same sort, so the same order (libtorch's introsort would leave equal
      // keys, -0 and 0 among them, in an order of its own).
      auto [u, j] = sort(x, 0, descending);
      EXPECT_EQ(values_of(j), idx) << t;
      ref::expect_same_doubles(values_of(x.index_select(0, j)), values_of(u));
    }
  }
  // Distinct keys: one order, whichever the algorithm.
  const Tensor d = make<float>({n},
                               [](int64_t i) { return static_cast<double>((i * 7919) % 4001); });
  EXPECT_EQ(values_of(std::get<1>(sort(d))),
            values_of(std::get<1>(sort(d, std::optional<bool>(true)))));
}
