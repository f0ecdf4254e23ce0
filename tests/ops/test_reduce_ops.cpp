// Reductions and scans, what the manifest suite cannot express: NaN propagation, empty
// reductions, ATen's correction rule, first-occurrence indices (also across the chunks and
// lanes the kernels split work into), bit-identical results at 1 and 2 threads, accuracy, and
// the errors.
#include <aten/Factories.h>
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/all.h>
#include <aten/ops/amax.h>
#include <aten/ops/amin.h>
#include <aten/ops/any.h>
#include <aten/ops/argmax.h>
#include <aten/ops/argmin.h>
#include <aten/ops/cumprod.h>
#include <aten/ops/cumsum.h>
#include <aten/ops/empty.h>
#include <aten/ops/logsumexp.h>
#include <aten/ops/max.h>
#include <aten/ops/mean.h>
#include <aten/ops/min.h>
#include <aten/ops/mv.h>
#include <aten/ops/nansum.h>
#include <aten/ops/norm.h>
#include <aten/ops/ones.h>
#include <aten/ops/prod.h>
#include <aten/ops/scalar_tensor.h>
#include <aten/ops/std.h>
#include <aten/ops/std_mean.h>
#include <aten/ops/sum.h>
#include <aten/ops/t.h>
#include <aten/ops/var.h>
#include <aten/ops/var_mean.h>
#include <aten/ops/view_as_real.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "Reference.h"

using namespace aten;
using aten::ref::expect_error;
using aten::ref::make;

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

double at(const Tensor& t, std::vector<int64_t> idx = {}) { return ref::read_double(t, idx); }

// Restores the thread count a test changed.
struct ThreadCount {
  int saved = get_num_threads();
  ~ThreadCount() { set_num_threads(saved); }
};

}  // namespace

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

TEST(ReductionNaN, SumMeanVarPropagateNansumSkips) {
  Tensor x = make<float>({6}, [](int64_t i) { return i == 2 ? kNaN : double(i); });
  EXPECT_TRUE(std::isnan(at(sum(x))));
  EXPECT_TRUE(std::isnan(at(mean(x))));
  EXPECT_TRUE(std::isnan(at(var(x))));
  EXPECT_TRUE(std::isnan(at(prod(x))));
  EXPECT_TRUE(std::isnan(at(norm(x, kInf))));
  EXPECT_EQ(at(norm(x, 0)), 5);  // NaN is not zero
  EXPECT_TRUE(std::isnan(at(logsumexp(x, IntArrayRef{0}))));
  EXPECT_EQ(at(nansum(x)), 0 + 1 + 3 + 4 + 5);
  for (ScalarType t : {ScalarType::Half, ScalarType::BFloat16, ScalarType::Double}) {
    Tensor xt = x.to(t);
    EXPECT_EQ(at(nansum(xt)), 13) << t;
    EXPECT_EQ(nansum(xt).scalar_type(), t);
  }
  Tensor big = make<double>({70000}, [](int64_t i) { return i % 3 == 0 ? kNaN : 1.0; });
  EXPECT_EQ(at(nansum(big)), 70000 - 23334);
  Tensor cs = cumsum(x, 0);
  EXPECT_EQ(at(cs, {1}), 1);
  EXPECT_TRUE(std::isnan(at(cs, {2})));
  EXPECT_TRUE(std::isnan(at(cs, {5})));
}

TEST(ReductionNaN, AllAnyCountNaNAsTrue) {
  Tensor x = make<float>({3}, [](int64_t i) { return i == 0 ? kNaN : 1.0; });
  EXPECT_TRUE(all(x).item<bool>());
  EXPECT_TRUE(any(make<float>({2}, [](int64_t i) { return i ? 0.0 : kNaN; })).item<bool>());
}

TEST(ReductionNaN, LogSumExpInfinities) {
  EXPECT_EQ(at(logsumexp(make<double>({3}, [](int64_t i) { return i == 1 ? kInf : 1.0; }),
                         IntArrayRef{0})),
            kInf);
  EXPECT_EQ(
      at(logsumexp(make<double>({2}, [](int64_t i) { return i ? kInf : -kInf; }), IntArrayRef{0})),
      kInf);
  EXPECT_EQ(at(logsumexp(make<double>({2}, [](int64_t) { return -kInf; }), IntArrayRef{0})), -kInf);
  EXPECT_EQ(at(logsumexp(make<double>({2}, [](int64_t) { return kInf; }), IntArrayRef{0})), kInf);
  // Large values do not overflow: log(2 e^1000) = 1000 + log 2.
  EXPECT_DOUBLE_EQ(at(logsumexp(make<double>({2}, [](int64_t) { return 1000.0; }), IntArrayRef{0})),
                   1000 + std::log(2.0));
}

// ---- empty --------------------------------------------------------------------------------------

TEST(ReductionEmpty, IdentitiesAndNaN) {
  Tensor e = empty({0, 3});
  EXPECT_EQ(at(sum(e)), 0);
  EXPECT_EQ(at(nansum(e)), 0);
  EXPECT_EQ(at(prod(e)), 1);
  EXPECT_EQ(prod(empty({2, 0}, ScalarType::Int), 1).sizes(), IntArrayRef({2}));
  EXPECT_EQ(at(prod(empty({2, 0}, ScalarType::Int), 1), {1}), 1);
  EXPECT_TRUE(std::isnan(at(mean(e))));
  Tensor m0 = mean(e, IntArrayRef{0});
  EXPECT_EQ(m0.sizes(), IntArrayRef({3}));
  EXPECT_TRUE(std::isnan(at(m0, {2})));
  EXPECT_TRUE(all(e).item<bool>());
  EXPECT_FALSE(any(e).item<bool>());
  EXPECT_EQ(all(e, 0).sizes(), IntArrayRef({3}));
  EXPECT_TRUE(std::isnan(at(var(e, IntArrayRef{0}, std::optional<int64_t>(0)), {0})));
  EXPECT_TRUE(
      std::isnan(at(std::get<1>(var_mean(e, IntArrayRef{0}, std::optional<int64_t>(1))), {0})));
  for (double p : {0.0, 1.0, 2.0, 3.0, kInf, -kInf, -1.0})
    EXPECT_EQ(at(norm(e, p, IntArrayRef{0}), {1}), 0) << p;
  EXPECT_EQ(at(logsumexp(e, IntArrayRef{0}), {0}), -kInf);
  EXPECT_EQ(cumsum(e, 0).sizes(), e.sizes());
  // Reductions over a non-empty dim of an empty tensor are empty, not errors.
  EXPECT_EQ(amax(e, IntArrayRef{1}).sizes(), IntArrayRef({0}));
  EXPECT_EQ(std::get<1>(max(e, 1)).sizes(), IntArrayRef({0}));
  EXPECT_EQ(argmin(e, 1).sizes(), IntArrayRef({0}));
}

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

// ---- var / std correction -----------------------------------------------------------------------

TEST(ReductionMoments, CorrectionAtOrBeyondNGivesInfOrNaN) {
  Tensor x = make<float>({2}, [](int64_t i) { return i + 1.0; });  // var 0.5 (unbiased)
  auto var_c = [&](std::optional<int64_t> c) { return at(var(x, IntArrayRef{0}, c)); };
  EXPECT_FLOAT_EQ(var_c(std::nullopt), 0.5f);
  EXPECT_FLOAT_EQ(var_c(1), 0.5f);
  EXPECT_FLOAT_EQ(var_c(0), 0.25f);
  EXPECT_FLOAT_EQ(var_c(-1), 0.5f / 3);
  EXPECT_EQ(var_c(2), kInf);
  EXPECT_EQ(var_c(3), kInf);
  EXPECT_EQ(at(aten::std(x, IntArrayRef{0}, std::optional<int64_t>(5))), kInf);
  Tensor constant = make<float>({3}, [](int64_t) { return 7.0; });
  EXPECT_TRUE(std::isnan(at(var(constant, IntArrayRef{0}, std::optional<int64_t>(3)))));
  EXPECT_TRUE(
      std::isnan(at(var(make<float>({1}, [](int64_t) { return 1.0; })))));  // N = 1, unbiased
  EXPECT_EQ(at(var(x, false)), 0.25);
  auto [v, m] = var_mean(x, IntArrayRef{0}, std::optional<int64_t>(2));
  EXPECT_EQ(at(v), kInf);
  EXPECT_EQ(at(m), 1.5);
}

TEST(ReductionMoments, WelfordIsStableFarFromZero) {
  // 1e9 + small: a sum-of-squares formula in double loses every digit here. The reference
  // takes the deviations from 1e9 exactly (x - 1e9 is exact this close) and does two passes.
  Tensor x = make<double>({100000}, [](int64_t i) { return 1e9 + (i % 10) * 0.1; });
  auto two_pass = [&](int64_t begin, int64_t end, int64_t step) {
    double mean = 0, m2 = 0;
    int64_t n = 0;
    for (int64_t i = begin; i < end; i += step, ++n) mean += x.data_ptr<double>()[i] - 1e9;
    mean /= static_cast<double>(n);
    for (int64_t i = begin; i < end; i += step) {
      const double d = x.data_ptr<double>()[i] - 1e9 - mean;
      m2 += d * d;
    }
    return m2 / static_cast<double>(n - 1);
  };
  const double expected = two_pass(0, 100000, 1);
  EXPECT_NEAR(at(var(x)), expected, 1e-6 * expected);
  Tensor rows = x.reshape({1000, 100});
  Tensor v0 = var(rows, IntArrayRef{0});  // the outer path: each column is constant
  EXPECT_EQ(at(v0, {3}), 0);
  Tensor v1 = var(rows, IntArrayRef{1});  // contiguous lanes
  EXPECT_NEAR(at(v1, {5}), two_pass(500, 600, 1), 1e-6 * expected);
  // Float inputs accumulate in double: no worse than the double computation of the same values.
  Tensor xf = make<double>({100000}, [](int64_t i) { return 1e4 + (i % 10) * 0.125; });
  EXPECT_NEAR(at(var(xf.to(ScalarType::Float))), at(var(xf)), 1e-6 * at(var(xf)));
}

TEST(ReductionMoments, ComplexGivesRealVarianceAndComplexMean) {
  Tensor z = make<double>({4}, [](int64_t i) { return double(i); }).to(ScalarType::ComplexDouble);
  Tensor zi = view_as_real(z);
  zi.select(1, 1).fill_(2.0);  // imaginary parts 2: no spread
  auto [v, m] = var_mean(z, IntArrayRef{0}, std::nullopt);
  EXPECT_EQ(v.scalar_type(), ScalarType::Double);
  EXPECT_EQ(m.scalar_type(), ScalarType::ComplexDouble);
  EXPECT_DOUBLE_EQ(at(v), 5.0 / 3);
  EXPECT_DOUBLE_EQ(ref::get<std::complex<double>>(m, {}).imag(), 2.0);
  EXPECT_DOUBLE_EQ(at(aten::std(z)), std::sqrt(5.0 / 3));
}

// ComplexHalf: var and var_mean, as libtorch 1.13 has them (a Half variance, a ComplexHalf mean);
// the other reductions but all / any are not implemented for it.
TEST(ReductionMoments, ComplexHalfVarianceAndMean) {
  const Tensor z = ref::complex_half({{1, 2}, {0.5f, -1}, {-3, 0.25f}, {0.1f, 0.7f}});
  Tensor v = var(z);
  ASSERT_EQ(v.scalar_type(), ScalarType::Half);
  EXPECT_EQ(static_cast<float>(ref::get<Half>(v, {})), 4.7890625f);
  auto [v2, m] = var_mean(z, IntArrayRef{0}, std::nullopt);
  EXPECT_EQ(static_cast<float>(ref::get<Half>(v2, {})), 4.7890625f);
  ref::expect_complex_half(m.reshape({1}), {{-0.35009765625f, 0.487548828125f}});
  EXPECT_TRUE(all(z).item<bool>());
  EXPECT_FALSE(any(ref::complex_half({{0, 0}, {0, -0.f}})).item<bool>());
  expect_error([&] { sum(z); }, {"\"sum\" not implemented for 'ComplexHalf'"});
  expect_error([&] { aten::std(z); }, {"\"std\" not implemented for 'ComplexHalf'"});
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

// ---- threads ------------------------------------------------------------------------------------

namespace {

// Every reduction (and scan) of x over a few dim choices: what must not depend on threads.
std::vector<Tensor> every_reduction(const Tensor& x) {
  std::vector<Tensor> r;
  const bool floating = isFloatingType(x.scalar_type());
  for (std::optional<std::vector<int64_t>> dims :
       {std::optional<std::vector<int64_t>>(),
        std::optional<std::vector<int64_t>>(std::vector<int64_t>{0}),
        std::optional<std::vector<int64_t>>(std::vector<int64_t>{x.dim() - 1})}) {
    std::optional<IntArrayRef> d = dims ? std::optional<IntArrayRef>(IntArrayRef(*dims))
                                        : std::nullopt;
    IntArrayRef dl = dims ? IntArrayRef(*dims) : IntArrayRef();
    r.push_back(sum(x, d));
    r.push_back(nansum(x, d));
    r.push_back(amax(x, dl));
    r.push_back(amin(x, dl));
    r.push_back(all(x));
    r.push_back(any(x));
    r.push_back(logsumexp(x, dl));
    if (floating) {
      r.push_back(mean(x, d));
      r.push_back(var(x, d, std::nullopt));
      r.push_back(aten::std(x, d, std::optional<int64_t>(0)));
      auto [v, m] = var_mean(x, d, std::nullopt);
      r.push_back(v);
      r.push_back(m);
      auto [sd, sm] = std_mean(x, d, std::nullopt);
      r.push_back(sd);
      r.push_back(sm);
      for (double p : {0.0, 1.0, 2.0, 3.0, kInf, -kInf}) r.push_back(norm(x, p, dl));
    }
  }
  for (int64_t dim : {int64_t{0}, x.dim() - 1}) {
    r.push_back(prod(x, dim));
    auto [mv, mi] = max(x, dim);
    r.push_back(mv);
    r.push_back(mi);
    auto [nv, ni] = min(x, dim);
    r.push_back(nv);
    r.push_back(ni);
    r.push_back(argmax(x, dim));
    r.push_back(argmin(x, dim));
    r.push_back(all(x, dim));
    r.push_back(any(x, dim));
    r.push_back(cumsum(x, dim));
    r.push_back(cumprod(x, dim));
  }
  r.push_back(argmax(x));
  r.push_back(argmin(x));
  r.push_back(max(x));
  r.push_back(min(x));
  r.push_back(prod(x));
  return r;
}

}  // namespace

TEST(ReductionThreads, BitIdenticalAtOneAndTwoThreads) {
  ThreadCount restore;
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-1, 1);
  // Shapes for each split: one long reduction (chunks), many outputs over a leading dim (the
  // outer path, blocks of outputs), many outputs over a contiguous dim, and a transposed view.
  Tensor flat = make<double>({300001}, [&](int64_t) { return u(rng); });
  Tensor wide = make<double>({1500, 260},
                             [&](int64_t) { return std::round(u(rng) * 8) / 8; });  // ties
  Tensor tall = make<double>({260, 1500}, [&](int64_t) { return u(rng); });
  const Tensor inputs[] = {flat, wide, tall, tall.t()};
  for (ScalarType t : {ScalarType::Float, ScalarType::Double, ScalarType::Int}) {
    for (size_t k = 0; k < std::size(inputs); ++k) {
      SCOPED_TRACE(::testing::Message() << toString(t) << " input " << k);
      Tensor x = inputs[k].to(t);
      if (t == ScalarType::Int)
        x = make<double>(inputs[k].sizes(), [&](int64_t) { return std::round(u(rng) * 50); }).to(t);
      if (k == 3) x = x.t().contiguous().t();  // transposed in memory
      set_num_threads(1);
      const std::vector<Tensor> one = every_reduction(x);
      set_num_threads(2);
      const std::vector<Tensor> two = every_reduction(x);
      ASSERT_EQ(one.size(), two.size());
      for (size_t i = 0; i < one.size(); ++i) {
        ASSERT_EQ(one[i].sizes(), two[i].sizes()) << "result " << i;
        ASSERT_TRUE(one[i].is_contiguous() && two[i].is_contiguous());
        EXPECT_EQ(std::memcmp(one[i].data_ptr(), two[i].data_ptr(), one[i].nbytes()), 0)
            << "result " << i << " differs between 1 and 2 threads";
      }
    }
  }
}

// ---- accuracy -----------------------------------------------------------------------------------

TEST(ReductionAccuracy, HalfAndBFloat16AccumulateInFloat) {
  // In Half itself, 1 + 1 + ... stalls at 2048; accumulated in float the sum is exact.
  Tensor ones = make<float>({4096}, [](int64_t) { return 1.0; });
  EXPECT_EQ(at(sum(ones.to(ScalarType::Half))), 4096);
  EXPECT_EQ(at(sum(ones.to(ScalarType::BFloat16))), 4096);
  EXPECT_EQ(at(mean(ones.to(ScalarType::Half))), 1);
  EXPECT_EQ(sum(ones.to(ScalarType::Half)).scalar_type(), ScalarType::Half);
  EXPECT_EQ(at(norm(ones.to(ScalarType::BFloat16))), 64);
}

TEST(ReductionAccuracy, FloatSumsAndMeansAreAccurate) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> u(0.f, 1.f);
  Tensor x = empty({1 << 22});
  double reference = 0;
  for (int64_t i = 0; i < x.numel(); ++i) {
    x.data_ptr<float>()[i] = u(rng);
    reference += x.data_ptr<float>()[i];
  }
  EXPECT_LT(std::fabs(at(sum(x)) - reference) / reference, 1e-6);
  EXPECT_LT(std::fabs(at(mean(x)) - reference / x.numel()) / (reference / x.numel()), 1e-6);
  EXPECT_LT(std::fabs(at(nansum(x)) - reference) / reference, 1e-6);
  Tensor cs = cumsum(x, 0);  // accumulated in double, rounded once per element
  EXPECT_LT(std::fabs(at(cs, {x.numel() - 1}) - reference) / reference, 1e-6);
  // Column sums (the tiled outer path) and row sums of 65536 elements each, to the same bound.
  const Tensor columns = sum(x.view({1 << 16, 64}), 0), rows = sum(x.view({64, 1 << 16}), 1);
  for (int64_t j = 0; j < 64; ++j) {
    double column = 0, row = 0;
    for (int64_t i = 0; i < (1 << 16); ++i) {
      column += x.data_ptr<float>()[i * 64 + j];
      row += x.data_ptr<float>()[j * (1 << 16) + i];
    }
    EXPECT_LT(std::fabs(at(columns, {j}) - column) / column, 1e-6) << "column " << j;
    EXPECT_LT(std::fabs(at(rows, {j}) - row) / row, 1e-6) << "row " << j;
  }
}

TEST(ReductionAccuracy, ComplexSumMeanProdNorm) {
  Tensor z = make<double>({3}, [](int64_t i) { return i + 1.0; }).to(ScalarType::ComplexFloat);
  view_as_real(z).select(1, 1).fill_(1.0);  // 1+i, 2+i, 3+i
  EXPECT_EQ(ref::get<std::complex<float>>(sum(z), {}), std::complex<float>(6, 3));
  EXPECT_EQ(ref::get<std::complex<float>>(mean(z), {}), std::complex<float>(2, 1));
  const std::complex<float> p = ref::get<std::complex<float>>(prod(z), {});
  EXPECT_NEAR(p.real(), 0, 1e-6);  // (1+i)(2+i)(3+i) = 10i
  EXPECT_NEAR(p.imag(), 10, 1e-5);
  EXPECT_EQ(norm(z).scalar_type(), ScalarType::Float);
  EXPECT_NEAR(at(norm(z)), std::sqrt(2.0 + 5 + 10), 1e-6);
  EXPECT_NEAR(at(norm(z, kInf)), std::sqrt(10.0), 1e-6);
  EXPECT_EQ(at(norm(z, 0)), 3);
}

// ATen's mean is sum(self, dtype=out's dtype) then a division by the count in that dtype:
// a Float input into a Double out is summed in double; Half and BFloat16 sums are rounded to
// the dtype before they are divided (and the quotient rounded again); complex sums are divided
// by count + 0i with ATen's complex division, so an infinite part makes the other NaN. Values
// from torch 1.13.
TEST(ReductionMean, ComputedAsATenSumThenDivide) {
  // Float into Double: (1e8 + 4) / 5, where the float sum would be 1e8.
  const Tensor x = tensor({1e8f, 1.f, 1.f, 1.f, 1.f});
  Tensor d = empty({0}, ScalarType::Double);
  mean_out(d, x, IntArrayRef{0});
  EXPECT_EQ(d.item<double>(), 20000000.8);
  EXPECT_EQ(mean(x).item<float>(), 2e7f);
  Tensor d2 = empty({0}, ScalarType::Double);
  mean_out(d2, x.reshape({5, 1}).expand({5, 2}), IntArrayRef{0});
  EXPECT_EQ(at(d2, {0}), 20000000.8);
  EXPECT_EQ(at(d2, {1}), 20000000.8);
  Tensor zd = empty({0}, ScalarType::ComplexDouble);
  mean_out(zd, x, IntArrayRef{0});
  EXPECT_EQ(ref::get<std::complex<double>>(zd, {}), std::complex<double>(20000000.8, 0));
  // The sum rounded to the dtype, then divided: 716 / 3 is 238.67 (238 in BFloat16), but the
  // BFloat16 sum of these is 716 and the mean 239.
  struct Reduced {
    ScalarType dtype;
    std::vector<double> vs;
    double want;
  };
  for (const Reduced& c : {Reduced{ScalarType::BFloat16, {212, 209, 294}, 239},
                           Reduced{ScalarType::BFloat16, {233, 460, 288}, 326},
                           Reduced{ScalarType::Half, {198.875, 423, 180.25}, 267.25},
                           Reduced{ScalarType::Half, {254, 626, 276.5}, 385.25}}) {
    const Tensor h = make<double>({3}, [&](int64_t i) { return c.vs[i]; }).to(c.dtype);
    EXPECT_EQ(at(mean(h)), c.want) << c.dtype;
  }
  // An out of an integral dtype cannot hold the quotient.
  Tensor l = empty({0}, ScalarType::Long);
  expect_error([&] { mean_out(l, x, IntArrayRef{0}); },
               {"result type Float can't be cast to the desired output type Long"});
  // Complex at infinities and NaN.
  using C = std::complex<double>;
  struct Complex {
    std::vector<C> vs;
    C want;
  };
  for (ScalarType dtype : {ScalarType::ComplexFloat, ScalarType::ComplexDouble}) {
    for (const Complex& c :
         {Complex{{{kInf, 0}}, {kInf, kNaN}}, Complex{{{kInf, 0}, {1, 0}}, {kInf, kNaN}},
          Complex{{{0, kInf}, {1, 0}}, {kNaN, kInf}}, Complex{{{kNaN, 0}, {1, 0}}, {kNaN, kNaN}},
          Complex{{{kInf, kInf}}, {kNaN, kNaN}}, Complex{{{-kInf, 1}}, {-kInf, kNaN}},
          Complex{{{1, 2}, {3, 4}, {5, 6}}, {3, 4}}}) {
      Tensor z = empty({static_cast<int64_t>(c.vs.size())}, ScalarType::ComplexDouble);
      for (size_t i = 0; i < c.vs.size(); ++i) z.data_ptr<C>()[i] = c.vs[i];
      const C got = ref::get<C>(mean(z.to(dtype)).to(ScalarType::ComplexDouble), {});
      for (auto [g, w] : {std::pair<double, double>{got.real(), c.want.real()},
                          std::pair<double, double>{got.imag(), c.want.imag()}}) {
        if (std::isnan(w)) {
          EXPECT_TRUE(std::isnan(g)) << dtype << ": mean of " << c.vs.size() << " gave " << got;
        } else {
          EXPECT_EQ(g, w) << dtype << ": mean of " << c.vs.size() << " gave " << got;
        }
      }
    }
  }
}

// prod.out without a dim is, as sum.out, ATen's generated out= form of prod(self, dtype): the
// result converted into an out of any dtype. Values from libtorch 1.13.1.
TEST(ReductionDtypes, ProdAllOutOfAnyDtypeGetsTheResultConverted) {
  const Tensor x = tensor({1.5f, 2.f, 3.5f});
  struct Case {
    ScalarType out, dtype;
    double want;
  };
  for (const Case& c : {Case{ScalarType::Double, ScalarType::Float, 10.5},
                        Case{ScalarType::Long, ScalarType::Float, 10},
                        Case{ScalarType::Double, ScalarType::Int, 6},  // x as Int: 1 * 2 * 3
                        Case{ScalarType::Bool, ScalarType::Float, 1}}) {
    Tensor o = empty({0}, c.out);
    prod_out(o, x, c.dtype);
    EXPECT_EQ(o.dtype(), c.out);
    EXPECT_EQ(o.dim(), 0);
    EXPECT_EQ(at(o), c.want) << "dtype " << c.dtype << ", out " << c.out;
  }
}

// ---- dtypes and errors --------------------------------------------------------------------------

TEST(ReductionDtypes, ResultDtypesAsATen) {
  Tensor b = ones({2, 3}, ScalarType::Byte), f = ones({2, 3}), l = ones({2, 3}, ScalarType::Long);
  EXPECT_EQ(all(b).scalar_type(), ScalarType::Byte);  // ATen 1.13 keeps Byte for Byte
  EXPECT_EQ(any(b, 1).scalar_type(), ScalarType::Byte);
  EXPECT_EQ(all(f).scalar_type(), ScalarType::Bool);
  EXPECT_EQ(any(l, 0).scalar_type(), ScalarType::Bool);
  Tensor byte_out = empty({0}, ScalarType::Byte);
  EXPECT_EQ(all_out(byte_out, f).scalar_type(), ScalarType::Byte);
  EXPECT_EQ(prod(ones({2}, ScalarType::Bool)).scalar_type(), ScalarType::Long);
  EXPECT_EQ(cumsum(ones({2}, ScalarType::Bool), 0).scalar_type(), ScalarType::Long);
  EXPECT_EQ(cumsum(ones({2}, ScalarType::Int), 0, ScalarType::Float).scalar_type(),
            ScalarType::Float);
  Tensor ic = ones({3}, ScalarType::Int);
  ic.cumsum_(0);  // in place keeps Int
  EXPECT_EQ(at(ic, {2}), 3);
  EXPECT_EQ(logsumexp(l, IntArrayRef{1}).scalar_type(), ScalarType::Float);
  EXPECT_EQ(mean(l, std::nullopt, false, ScalarType::Double).scalar_type(), ScalarType::Double);
  Tensor dout = empty({0}, ScalarType::Double);
  var_out(dout, f, IntArrayRef{0},
          std::optional<int64_t>(1));  // computed in Float, stored in Double
  EXPECT_EQ(dout.scalar_type(), ScalarType::Double);
  EXPECT_EQ(at(dout, {0}), 0);
  // Integer overflow wraps, as in ATen (and without undefined behaviour: UBSan runs this).
  Tensor big = empty({2}, ScalarType::Long);
  big.data_ptr<int64_t>()[0] = std::numeric_limits<int64_t>::max();
  big.data_ptr<int64_t>()[1] = 1;
  EXPECT_EQ(sum(big).item<int64_t>(), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(cumsum(big, 0).data_ptr<int64_t>()[1], std::numeric_limits<int64_t>::min());
  big.data_ptr<int64_t>()[1] = 2;
  EXPECT_EQ(prod(big).item<int64_t>(), -2);
  // With dims, an Int out= converts the input first, as ATen does: 1.5 + 2.5 sums as 1 + 2.
  // Without (sum.out), the Float sum is converted into the out: 4 (libtorch 1.13.1 agrees).
  const Tensor halves = make<float>({2}, [](int64_t i) { return i + 1.5; });
  Tensor iout = empty({0}, ScalarType::Int);
  EXPECT_EQ(at(sum_out(iout, halves, IntArrayRef{0})), 3);
  Tensor iout_all = empty({0}, ScalarType::Int);
  EXPECT_EQ(at(sum_out(iout_all, halves)), 4);
}

TEST(ReductionErrors, ClearMessagesNamingOpArgumentAndDtypes) {
  Tensor f = ones({2, 3}), l = ones({2, 3}, ScalarType::Long);
  expect_error([&] { sum(f, IntArrayRef{2}); }, {"sum.dim_IntList:", "Dimension out of range"});
  expect_error([&] { amax(f, IntArrayRef{0, -2}); }, {"amax:", "dim 0 appears multiple times"});
  expect_error([&] { max(f, 2); }, {"max.dim:", "Dimension out of range"});
  expect_error([&] { cumsum(f, -3); }, {"cumsum:", "Dimension out of range"});
  expect_error([&] { mean(l); },
               {"\"mean\" not implemented for 'Long'", "could not infer output dtype"});
  expect_error([&] { mean(f, std::nullopt, false, ScalarType::Int); },
               {"\"mean\" not implemented for 'Int'"});
  expect_error([&] { var(l); }, {"\"var\" not implemented for 'Long'"});
  expect_error([&] { std_mean(l); }, {"\"std_mean\" not implemented for 'Long'"});
  expect_error([&] { norm(l); }, {"\"norm\" not implemented for 'Long'"});
  expect_error([&] { argmax(ones({2}, ScalarType::Bool)); },
               {"\"argmax\" not implemented for 'Bool'"});
  expect_error([&] { max(ones({2}, ScalarType::ComplexFloat)); },
               {"\"max\" not implemented for 'ComplexFloat'"});
  expect_error([&] { logsumexp(ones({2}, ScalarType::ComplexFloat), IntArrayRef{0}); },
               {"\"logsumexp\" not implemented for 'ComplexFloat'"});
  Tensor fout = empty({0});
  expect_error([&] { all_out(fout, f); }, {"all only supports bool tensor for result, got: Float"});
  expect_error([&] { amax_out(fout, l, IntArrayRef{1}); },
               {"Expected the dtype for input and out to match, but got Long for input's dtype and "
                "Float for out's dtype."});
  expect_error([&] { argmax_out(fout, f, 1); }, {"argmax.out:", "Long"});
  Tensor lout = empty({0}, ScalarType::Long);
  expect_error([&] { mean_out(lout, f, IntArrayRef{1}); },
               {"mean.out: result type Float can't be cast to the desired output type Long"});
  expect_error([&] { logsumexp_out(lout, f, IntArrayRef{1}); },
               {"logsumexp(): Expected floating point type for result tensor, but got: Long"});
  Tensor b = ones({3}, ScalarType::Bool);
  expect_error([&] { b.cumsum_(0); }, {"\"cumsum\" not implemented for 'Bool'"});
  EXPECT_TRUE(b.all().item<bool>());  // unchanged
  Tensor lc = ones({3}, ScalarType::Long);
  expect_error([&] { lc.cumsum_(0, ScalarType::Float); }, {"Bad in-place call"});
  Tensor expanded = ones({1, 3}).expand({4, 3});
  expect_error([&] { expanded.cumprod_(1); }, {"more than one element of the written-to tensor"});
}

// Regression (reliability suite, special values): the manifest references ignored a NaN in the
// inf norms and summed it in nansum. Values printed by libtorch 1.13.1 (Float and Double).
TEST(Reductions, SpecialValuesAsATen) {
  for (ScalarType dt : {ScalarType::Float, ScalarType::Double}) {
    const Tensor t = ref::make<double>({4}, [](int64_t i) {
                       return std::vector<double>{1, kNaN, kInf, -0.0}[i];
                     }).to(dt);
    EXPECT_EQ(at(norm(t, 0, IntArrayRef{0}, false)), 3);  // NaN is not zero
    for (double p : {1.0, 2.0, 3.0, kInf, -kInf})
      EXPECT_TRUE(std::isnan(at(norm(t, p, IntArrayRef{0}, false)))) << p;
    EXPECT_EQ(at(nansum(t.slice(0, 0, 3))), kInf);  // 1 + (NaN as 0) + inf
  }
}

TEST(Scans, ZeroDimIsACopyAsATen) {
  // ATen copies a 0-dim self, so the cumsum of -0 is -0; along a dim the sum starts from 0, and
  // 0 + -0 is +0 there.
  Tensor z = scalar_tensor(-0.0, ScalarType::Float);
  EXPECT_TRUE(std::signbit(cumsum(z, 0).item<float>()));
  Tensor zi = z.clone();
  zi.cumsum_(0);
  EXPECT_TRUE(std::signbit(zi.item<float>()));
  EXPECT_FALSE(std::signbit(at(cumsum(z.reshape({1}), 0), {0})));
  EXPECT_EQ(cumprod(scalar_tensor(3, ScalarType::Int), -1).item<int64_t>(), 3);
  EXPECT_EQ(cumprod(scalar_tensor(3, ScalarType::Int), -1).scalar_type(), ScalarType::Long);
  expect_error([] { cumsum(scalar_tensor(1.0, ScalarType::Half), 0); },
               {"\"cumsum\" not implemented for 'Half'"});
}
