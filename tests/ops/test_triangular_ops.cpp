// The ops of aten/native/TriangularOps.cpp: tril, triu, diag_embed, diag and trace, the parts the
// manifest suite does not cover: batches on any layout, every diagonal including those past the
// matrix, in-place on a view, the gradients, and the errors.
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/diag.h>
#include <aten/ops/diag_embed.h>
#include <aten/ops/empty.h>
#include <aten/ops/sum.h>
#include <aten/ops/trace.h>
#include <aten/ops/tril.h>
#include <aten/ops/triu.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using ref::expect_error;
using ref::iota;
using ref::read_double;
using Index = std::vector<int64_t>;

TEST(Triangle, MatchesReferenceOnAnyLayoutAndDiagonal) {
  Tensor base = iota({2, 3, 4, 5}) + 1.0;
  for (const Tensor& x : {base, base.transpose(1, 3), base.slice(3, 1, 5, 2),
                          base.select(0, 1).expand({3, 3, 4, 5})}) {
    for (int64_t k : {-7, -2, -1, 0, 1, 3, 9}) {
      const Tensor lo = tril(x, k), up = x.triu(k);
      ASSERT_EQ(lo.sizes(), x.sizes());
      ref::for_each_index(x.sizes(), [&](const Index& idx) {
        const int64_t n = x.dim(), d = idx[n - 1] - idx[n - 2];
        const double v = read_double(x, idx);
        ASSERT_EQ(read_double(lo, idx), d <= k ? v : 0.0) << x.toString() << " k " << k;
        ASSERT_EQ(read_double(up, idx), d >= k ? v : 0.0) << x.toString() << " k " << k;
      });
    }
  }
}

TEST(Triangle, InPlaceOnATransposedViewWritesThroughTheBase) {
  Tensor base = iota({4, 4}) + 1.0;
  Tensor view = base.t();
  view.tril_(-1);  // strictly below the diagonal of the transpose: above it in base
  for (int64_t i = 0; i < 4; ++i)
    for (int64_t j = 0; j < 4; ++j)
      EXPECT_EQ(read_double(base, {i, j}), j - i >= 1 ? 4.0 * i + j + 1 : 0.0);
  Tensor b = ref::make<bool>({3, 3}, [](int64_t) { return 1.0; });
  EXPECT_EQ(ref::values_of(b.triu(1)), std::vector<double>({0, 1, 1, 0, 0, 1, 0, 0, 0}));
  Tensor h = (iota({2, 2}) + 1.0).to(kHalf);
  EXPECT_EQ(ref::values_of(tril(h)), std::vector<double>({1, 0, 3, 4}));
}

TEST(Triangle, Errors) {
  expect_error([] { tril(iota({4})); }, {"tril: input tensor must have at least 2 dimensions"});
  expect_error([] { iota({}).triu(); }, {"triu: input tensor must have at least 2 dimensions"});
  expect_error([] { iota({1, 3}).expand({3, 3}).tril_(); }, {"more than one element"});
  ref::expect_same_geometry(tril(ref::to_meta(iota({2, 3}).t()), 1), tril(iota({2, 3}).t(), 1));
}

TEST(Triangle, GradientIsTheSameTriangleOfGrad) {
  Tensor x = iota({3, 4}, kDouble).requires_grad_(true);
  Tensor w = iota({3, 4}, kDouble) + 10.0;
  aten::sum(tril(x, 1) * w).backward();
  ref::for_each_index(x.sizes(), [&](const Index& idx) {
    ASSERT_EQ(read_double(x.grad(), idx), idx[1] - idx[0] <= 1 ? read_double(w, idx) : 0.0);
  });
}

TEST(DiagEmbed, PutsTheLastDimOnADiagonalOfNewDims) {
  Tensor x = iota({2, 3}) + 1.0;
  Tensor e = diag_embed(x, -1, 0, 2);  // new dims 0 and 2 of [4, 2, 4]
  ASSERT_EQ(e.sizes(), IntArrayRef({4, 2, 4}));
  ref::for_each_index(e.sizes(), [&](const Index& idx) {
    const double want = idx[2] - idx[0] == -1 ? read_double(x, {idx[1], idx[2]}) : 0.0;
    ASSERT_EQ(read_double(e, idx), want) << IntArrayRef(idx);
  });
  EXPECT_EQ(x.diag_embed().sizes(), IntArrayRef({2, 3, 3}));
  expect_error([&] { diag_embed(x, 0, 1, -2); }, {"diagonal dimensions cannot be identical 1, -2"});
  expect_error([&] { diag_embed(x, 0, 0, 3); }, {"Dimension out of range"});
}

TEST(Diag, VectorToMatrixAndBack) {
  Tensor v = iota({3}) + 1.0;
  Tensor m = diag(v, 1);
  ASSERT_EQ(m.sizes(), IntArrayRef({4, 4}));
  for (int64_t i = 0; i < 4; ++i)
    for (int64_t j = 0; j < 4; ++j) EXPECT_EQ(read_double(m, {i, j}), j == i + 1 ? i + 1.0 : 0.0);
  // A matrix's diagonal, copied: writing to it leaves the matrix alone.
  Tensor a = iota({3, 5});
  for (int64_t k : {-3, -1, 0, 2, 5, 7}) {
    Tensor d = a.diag(k);
    const int64_t len = std::max<int64_t>(0, k >= 0 ? std::min<int64_t>(3, 5 - k) : 3 + k);
    ASSERT_EQ(d.sizes(), IntArrayRef({len})) << k;
    for (int64_t i = 0; i < len; ++i)
      EXPECT_EQ(read_double(d, {i}),
                k >= 0 ? read_double(a, {i, i + k}) : read_double(a, {i - k, i}));
  }
  Tensor d = diag(a);
  d.fill_(-1.0);
  EXPECT_EQ(read_double(a, {1, 1}), 6.0);
  Tensor out = empty({0});
  diag_out(out, v, -1);
  ref::expect_equal(out, diag(v, -1));
  expect_error([] { diag(iota({2, 2, 2})); }, {"diag(): Supports 1D or 2D tensors. Got 3D"});
  expect_error([] { diag(iota({})); }, {"Supports 1D or 2D tensors. Got 0D"});
  expect_error([&] { diag_out(out, a); }, {"only an empty out tensor is resized"});
}

TEST(Trace, SumsTheMainDiagonalAndItsGradientIsTheIdentity) {
  Tensor x = (iota({3, 5}, kDouble) + 1.0).requires_grad_(true);
  Tensor t = trace(x);
  EXPECT_EQ(t.dim(), 0);
  EXPECT_EQ(read_double(t, {}), 1.0 + 7.0 + 13.0);
  (t * 2.0).backward();
  ref::for_each_index(x.sizes(), [&](const Index& idx) {
    ASSERT_EQ(read_double(x.grad(), idx), idx[0] == idx[1] ? 2.0 : 0.0);
  });
  EXPECT_EQ(iota({4, 2}, kInt).trace().scalar_type(), kLong);  // integers sum into Long
  EXPECT_EQ(read_double(trace(empty({0, 3})), {}), 0.0);
  expect_error([] { trace(iota({3})); }, {"trace: expected a matrix, but got tensor with dim 1"});
  expect_error([] { trace(iota({2, 2}, kHalf)); }, {"\"trace\" not implemented for 'Half'"});
}
