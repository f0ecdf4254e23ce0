// The ops of aten/native/MinMax.cpp: max, min (whole and along a dim), amax, amin, argmax,
// argmin, what the manifest suite cannot express: NaN propagation (the first NaN's index),
// reductions of nothing, which have no identity, and first-occurrence indices, also across the
// chunks and lanes the kernels split work into.
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/amax.h>
#include <aten/ops/amin.h>
#include <aten/ops/argmax.h>
#include <aten/ops/argmin.h>
#include <aten/ops/empty.h>
#include <aten/ops/max.h>
#include <aten/ops/min.h>
#include <aten/ops/t.h>
#include <gtest/gtest.h>

#include <cmath>
#include <tuple>

#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using aten::ref::expect_error;
using aten::ref::make;
using ref::at, ref::kNaN, ref::ThreadCount;

// ---- NaN ----------------------------------------------------------------------------------------

TEST(ReductionNaN, MaxMinAmaxAminPropagateAndReportTheFirstNaN) {
  for (ScalarType t :
       {ScalarType::Float, ScalarType::Double, ScalarType::Half, ScalarType::BFloat16}) {
    SCOPED_TRACE(toString(t));
    Tensor x = make<double>({2, 5}, [](int64_t i) {
                 const double v[] = {1, kNaN, 3, kNaN, -2, 4, 5, 6, 7, 8};
                 return v[i];
               }).to(t);
    auto [mx, imx] = max(x, 1);
    EXPECT_TRUE(std::isnan(at(mx, {0})));
    EXPECT_EQ(at(imx, {0}), 1);  // the first NaN, not the second
    EXPECT_EQ(at(mx, {1}), 8);
    EXPECT_EQ(at(imx, {1}), 4);
    auto [mn, imn] = min(x, 1);
    EXPECT_TRUE(std::isnan(at(mn, {0})));
    EXPECT_EQ(at(imn, {0}), 1);
    EXPECT_TRUE(std::isnan(at(amax(x))));
    EXPECT_TRUE(std::isnan(at(amin(x, IntArrayRef{1}), {0})));
    EXPECT_EQ(at(amin(x, IntArrayRef{1}), {1}), 4);
    EXPECT_TRUE(std::isnan(at(max(x))));
    EXPECT_TRUE(std::isnan(at(min(x))));
    EXPECT_EQ(at(argmax(x)), 1);
    EXPECT_EQ(at(argmin(x)), 1);
    EXPECT_EQ(at(argmax(x, 1), {1}), 4);
  }
}

TEST(ReductionNaN, NaNAfterALongRunIsFoundInEveryPath) {
  // Contiguous vector path (a NaN deep in a long run), the chunked path (a NaN in the last
  // chunk), and the outer path (a NaN in one column).
  Tensor v = make<float>({100003},
                         [](int64_t i) { return i == 99999 ? kNaN : std::sin(double(i)); });
  EXPECT_TRUE(std::isnan(at(amax(v))));
  EXPECT_TRUE(std::isnan(at(amin(v))));
  EXPECT_EQ(at(argmax(v)), 99999);
  EXPECT_EQ(at(std::get<1>(min(v, 0))), 99999);
  Tensor m = make<double>({3000, 40},
                          [](int64_t i) { return i == 2999 * 40 + 7 ? kNaN : double(i % 13); });
  Tensor cols = amax(m, IntArrayRef{0});
  for (int64_t j = 0; j < 40; ++j) EXPECT_EQ(std::isnan(at(cols, {j})), j == 7) << j;
  EXPECT_EQ(at(argmax(m, 0), {7}), 2999);
}

TEST(ReductionNaN, OuterExtremesMatchAColumnByColumnFold) {
  // The outer path's vector lanes, four rows at a time: a row count that leaves a remainder, a
  // width that leaves scalar lanes, NaNs in the first, a middle and the last row.
  const int64_t rows = 39, cols = 70;
  auto value = [&](int64_t i) {
    const int64_t r = i / cols, c = i % cols;
    if ((c == 3 && r == 0) || (c == 20 && r == 17) || (c == 69 && r == rows - 1)) return kNaN;
    return std::sin(double(i) * 0.7) * 100;
  };
  for (ScalarType t : {ScalarType::Float, ScalarType::Double}) {
    SCOPED_TRACE(toString(t));
    Tensor m = make<double>({rows, cols}, value).to(t);
    Tensor hi = amax(m, IntArrayRef{0}), lo = amin(m, IntArrayRef{0});
    for (int64_t c = 0; c < cols; ++c) {
      double want_hi = -INFINITY, want_lo = INFINITY;
      for (int64_t r = 0; r < rows; ++r) {
        const double x = at(m, {r, c});
        want_hi = std::isnan(want_hi) || std::isnan(x) ? kNaN : std::max(want_hi, x);
        want_lo = std::isnan(want_lo) || std::isnan(x) ? kNaN : std::min(want_lo, x);
      }
      if (std::isnan(want_hi)) {
        EXPECT_TRUE(std::isnan(at(hi, {c}))) << c;
        EXPECT_TRUE(std::isnan(at(lo, {c}))) << c;
      } else {
        EXPECT_EQ(at(hi, {c}), want_hi) << c;
        EXPECT_EQ(at(lo, {c}), want_lo) << c;
      }
    }
  }
}

// ---- empty --------------------------------------------------------------------------------------

TEST(ReductionEmpty, NoIdentityIsAnErrorNamingTheOpAndDim) {
  Tensor e = empty({2, 0});
  expect_error([&] { max(e, 1); }, {"max(): Expected reduction dim 1 to have non-zero size."});
  expect_error([&] { min(e, -1); }, {"min(): Expected reduction dim 1 to have non-zero size."});
  expect_error([&] { amax(e, IntArrayRef{1}); },
               {"amax(): Expected reduction dim 1 to have non-zero size."});
  expect_error(
      [&] {
        amin(e, IntArrayRef{0, 1});
      },
      {"amin(): Expected reduction dim 1 to have non-zero size."});
  expect_error([&] { argmax(e, 1); },
               {"argmax(): Expected reduction dim 1 to have non-zero size."});
  expect_error([&] { argmin(e, 1); },
               {"argmin(): Expected reduction dim 1 to have non-zero size."});
  expect_error([&] { max(e); },
               {"max(): Expected reduction dim to be specified for input.numel() == 0."});
  expect_error([&] { min(e); },
               {"min(): Expected reduction dim to be specified for input.numel() == 0."});
  expect_error([&] { amax(e); },
               {"amax(): Expected reduction dim to be specified for input.numel() == 0."});
  expect_error([&] { argmax(e); },
               {"argmax(): Expected reduction dim to be specified for input.numel() == 0."});
  Tensor out = empty({0});
  expect_error([&] { amax_out(out, e, IntArrayRef{1}); }, {"amax(): Expected reduction dim 1"});
  // And on Meta tensors too: the check is in meta().
  Tensor m = empty({2, 0}, TensorOptions().device(kMeta));
  expect_error([&] { max(m, 1); }, {"max(): Expected reduction dim 1 to have non-zero size."});
}

// ---- indices ------------------------------------------------------------------------------------

TEST(ReductionIndices, TiesGiveTheFirstOccurrence) {
  Tensor x = make<int32_t>({2, 6}, [](int64_t i) {
    const int v[] = {3, 7, 7, 1, 1, 7, 5, 5, 5, 5, 5, 5};
    return v[i];
  });
  auto [mx, imx] = max(x, 1);
  EXPECT_EQ(at(imx, {0}), 1);
  EXPECT_EQ(at(imx, {1}), 0);
  auto [mn, imn] = min(x, 1);
  EXPECT_EQ(at(imn, {0}), 3);
  EXPECT_EQ(at(imn, {1}), 0);
  EXPECT_EQ(at(argmax(x)), 1);
  EXPECT_EQ(at(argmin(x)), 3);
  EXPECT_EQ(at(argmax(x, 0), {0}), 1);  // 5 > 3
  EXPECT_EQ(at(argmin(x, 0), {5}), 1);
  // A transposed input: the index counts along the reduced dim, not through memory.
  Tensor xt = x.t().contiguous().t();
  EXPECT_EQ(at(std::get<1>(max(xt, 1)), {0}), 1);
  EXPECT_EQ(at(argmax(xt)), 1);  // of the flattened (C order) tensor
}

TEST(ReductionIndices, TiesAcrossChunksAndLanesGiveTheFirstOccurrence) {
  ThreadCount restore;
  for (int threads : {1, 2}) {
    set_num_threads(threads);
    // 200000 equal maxima: every chunk of the split reduction finds one; the first wins.
    Tensor flat = make<float>({200000}, [](int64_t i) { return i < 5 ? 0.0 : 1.0; });
    EXPECT_EQ(at(argmax(flat)), 5);
    EXPECT_EQ(at(std::get<1>(max(flat, 0))), 5);
    EXPECT_EQ(at(argmin(flat)), 0);
    // Columns (the outer path, 64 outputs side by side): the maximum repeats down each column.
    Tensor cols = make<double>({5000, 70},
                               [](int64_t i) { return (i / 70) >= 100 + (i % 70) ? 2.0 : 1.0; });
    Tensor idx = argmax(cols, 0);
    for (int64_t j = 0; j < 70; ++j) ASSERT_EQ(at(idx, {j}), 100 + j) << "column " << j;
    Tensor last = std::get<1>(min(cols, 0));
    for (int64_t j = 0; j < 70; ++j) ASSERT_EQ(at(last, {j}), 0) << "column " << j;
  }
}

TEST(ReductionIndices, ArgmaxWithoutDimAndKeepdim) {
  Tensor x = make<double>({2, 3, 4}, [](int64_t i) { return i == 17 ? 100.0 : double(i % 5); });
  Tensor r = argmax(x, std::nullopt, true);
  EXPECT_EQ(r.sizes(), IntArrayRef({1, 1, 1}));
  EXPECT_EQ(at(r, {0, 0, 0}), 17);
  EXPECT_EQ(argmax(x).dim(), 0);
  Tensor s = make<float>({}, [](int64_t) { return 3.0; });
  EXPECT_EQ(at(argmax(s, 0, true)), 0);
  auto [v, i] = max(s, 0);
  EXPECT_EQ(at(v), 3);
  EXPECT_EQ(at(i), 0);
}
