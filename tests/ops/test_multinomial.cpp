// multinomial (aten/native/Multinomial.cpp): reproducibility at any thread count and into a
// strided out=, the distributions of samples with replacement (chi-squared against p) and
// without (the first and second draws against their exact laws, no repeats, zero-probability
// categories last), ATen's errors (which change neither out= nor the generator), and Meta runs.
#include <aten/Factories.h>
#include <aten/core/Generator.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/empty.h>
#include <aten/ops/full.h>
#include <aten/ops/multinomial.h>
#include <aten/ops/ones.h>
#include <aten/ops/zeros.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "Reference.h"
#include "SamplingTestHelpers.h"

using namespace aten;
using namespace aten::sampling_test;
using aten::ref::expect_error;

namespace {

const std::vector<double> kP = {0.1, 0.2, 0.0, 0.3, 0.4};  // one category never drawn

// `rows` copies of kP (scaled by row: multinomial normalizes), of dtype t.
Tensor probabilities(int64_t rows, ScalarType t) {
  const auto c = static_cast<int64_t>(kP.size());
  return ref::make<double>({rows, c}, [&](int64_t i) { return kP[i % c] * (1 + i / c % 3); }).to(t);
}

std::vector<int64_t> indices(const Tensor& t) {
  std::vector<int64_t> v;
  for (double x : reals_of(t)) v.push_back(static_cast<int64_t>(x));
  return v;
}

}  // namespace

TEST(Multinomial, BitIdenticalAtAnyThreadCountAndLayout) {
  ThreadCount restore;
  for (bool replacement : {false, true}) {
    for (ScalarType t : {kFloat, kDouble, kBFloat16}) {
      SCOPED_TRACE(std::string(replacement ? "with" : "without") + " replacement, " + toString(t));
      // Many rows (split among threads), and one long row.
      for (int64_t rows : {int64_t{20011}, int64_t{0}}) {
        const Tensor p = rows > 0 ? probabilities(rows, t)
                                  : ref::make<double>({70001}, [](int64_t i) {
                                      return 1 + i % 7;
                                    }).to(t);
        const int64_t n = rows > 0 ? 4 : 3001;
        std::vector<unsigned char> want;
        for (int threads : kThreadCounts) {
          set_num_threads(threads);
          const Tensor r = aten::multinomial(p, n, replacement, make_generator(17));
          Tensor st = rows > 0 ? empty({n, rows}, kLong).t()
                               : empty({2 * n}, kLong).slice(0, 0, 2 * n, 2);
          aten::multinomial_out(st, p, n, replacement, make_generator(17));
          if (want.empty()) want = bytes_of(r);
          EXPECT_EQ(bytes_of(r), want) << threads << " threads";
          EXPECT_EQ(bytes_of(st), want) << threads << " threads, strided out=";
        }
      }
    }
  }
}

TEST(Multinomial, WithReplacementChiSquared) {
  const int64_t n = 200000;
  for (ScalarType t : {kFloat, kDouble, kBFloat16}) {
    SCOPED_TRACE(toString(t));
    const Tensor p = probabilities(1, t).view({5});
    const Tensor r = aten::multinomial(p, n, true, make_generator(23));
    EXPECT_EQ(r.sizes(), IntArrayRef({n}));
    EXPECT_EQ(r.scalar_type(), kLong);
    std::vector<double> observed(5, 0);
    for (int64_t k : indices(r)) {
      ASSERT_TRUE(k >= 0 && k < 5 && k != 2) << k;  // category 2 has probability 0
      observed[static_cast<size_t>(k)] += 1;
    }
    observed.erase(observed.begin() + 2);
    EXPECT_LT(chi2(observed, {0.1 * n, 0.2 * n, 0.3 * n, 0.4 * n}), chi2_bound(3));
  }
}

// Without replacement: over many rows, the first draw follows p and the second
// P(j) = sum over i != j of p_i p_j / (1 - p_i); no row repeats a category; drawing every
// category puts the zero-probability one last.
TEST(Multinomial, WithoutReplacementFirstAndSecondDraws) {
  const int64_t rows = 100000;
  const Tensor p = probabilities(rows, kDouble);
  const std::vector<int64_t> r = indices(aten::multinomial(p, 2, false, make_generator(29)));
  std::vector<double> first(5, 0), second(5, 0);
  for (int64_t i = 0; i < rows; ++i) {
    ASSERT_NE(r[2 * i], r[2 * i + 1]);
    first[static_cast<size_t>(r[2 * i])] += 1;
    second[static_cast<size_t>(r[2 * i + 1])] += 1;
  }
  EXPECT_EQ(first[2], 0);
  EXPECT_EQ(second[2], 0);
  std::vector<double> want_first, want_second, got_first, got_second;
  for (size_t j = 0; j < 5; ++j) {
    if (kP[j] == 0) continue;
    double s = 0;
    for (size_t i = 0; i < 5; ++i)
      if (i != j) s += kP[i] * kP[j] / (1 - kP[i]);
    want_first.push_back(kP[j] * rows);
    want_second.push_back(s * rows);
    got_first.push_back(first[j]);
    got_second.push_back(second[j]);
  }
  EXPECT_LT(chi2(got_first, want_first), chi2_bound(3));
  EXPECT_LT(chi2(got_second, want_second), chi2_bound(3));
  const std::vector<int64_t> all = indices(aten::multinomial(p, 5, false, make_generator(31)));
  for (int64_t i = 0; i < rows; i += 997) {
    const std::set<int64_t> row(all.begin() + 5 * i, all.begin() + 5 * i + 5);
    EXPECT_EQ(row.size(), 5u);
    EXPECT_EQ(all[5 * i + 4], 2) << "the zero-probability category comes last";
  }
}

TEST(Multinomial, ErrorsChangeNothing) {
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  struct Bad {
    Tensor p;
    int64_t n;
    bool replacement;
    std::string fragment;
  };
  const std::vector<Bad> bad = {
      {full({}, 1.0), 1, false, {"prob_dist must be 1 or 2 dim"}},
      {ones({2, 2, 2}), 1, true, {"prob_dist must be 1 or 2 dim"}},
      {ones({3}, kLong),
       1,
       false,
       {"multinomial only supports floating-point dtypes for input, got: Long"}},
      {ones({3}, kHalf), 1, false, {"not implemented for 'Half'"}},
      {ones({3}), 0, true, {"cannot sample n_sample <= 0 samples"}},
      {ones({3}),
       4,
       false,
       {"cannot sample n_sample > prob_dist.size(-1) samples without replacement"}},
      {ref::make<double>({3}, [](int64_t i) { return 1.0 - i; }),
       2,
       false,
       {"probability tensor contains either `inf`, `nan` or element < 0"}},
      {ref::make<double>({3}, [&](int64_t i) { return i == 1 ? inf : 1.0; }),
       1,
       false,
       {"probability tensor contains either `inf`, `nan` or element < 0"}},
      {zeros({2, 3}), 1, false, {"invalid multinomial distribution (sum of probabilities <= 0)"}},
      {ref::make<double>({3}, [](int64_t i) { return 1.0 - i; }),
       2,
       true,
       {"invalid multinomial distribution (encountering probability entry < 0)"}},
      {ref::make<double>({3}, [&](int64_t i) { return i == 1 ? nan : 1.0; }),
       2,
       true,
       {"invalid multinomial distribution (encountering probability entry < 0)"}},
      {ref::make<double>({3}, [&](int64_t i) { return i == 1 ? inf : 1.0; }),
       2,
       true,
       {"invalid multinomial distribution (encountering probability entry = infinity or NaN)"}},
      {zeros({3}), 2, true, {"invalid multinomial distribution (sum of probabilities <= 0)"}},
      // Rows without categories: an error decided by the shape (Meta refuses it too, below).
      {zeros({5, 0}), 2, true, {"invalid multinomial distribution (sum of probabilities <= 0)"}},
      {zeros({0}), 1, true, {"invalid multinomial distribution (sum of probabilities <= 0)"}},
  };
  for (const Bad& b : bad) {
    SCOPED_TRACE(b.fragment);
    Generator g = make_generator(5);
    Tensor out = empty({0}, kLong);
    expect_error([&] { aten::multinomial_out(out, b.p, b.n, b.replacement, g); }, {b.fragment});
    EXPECT_EQ(out.numel(), 0) << "out was resized";
    EXPECT_EQ(g.get_offset(), 0u);
  }
  Tensor int_out = zeros({2}, kInt);
  expect_error([&] { aten::multinomial_out(int_out, ones({3}), 2); },
               {"multinomial expects Long tensor out, got: Int"});
  for (double v : reals_of(int_out)) EXPECT_EQ(v, 0);
  // Nothing to sample: no check of the values, no draw.
  Generator g = make_generator(5);
  EXPECT_EQ(aten::multinomial(empty({0, 3}), 2, false, g).sizes(), IntArrayRef({0, 2}));
  EXPECT_EQ(g.get_offset(), 0u);
}

TEST(Multinomial, MetaGivesTheGeometryAndDrawsNothing) {
  Generator g = make_generator(5);
  const TensorOptions meta = TensorOptions(kFloat).device(kMeta);
  const Tensor r = aten::multinomial(empty({4, 6}, meta), 3, false, g);
  EXPECT_TRUE(r.is_meta());
  EXPECT_EQ(r.sizes(), IntArrayRef({4, 3}));
  EXPECT_EQ(r.scalar_type(), kLong);
  EXPECT_EQ(aten::multinomial(empty({6}, meta), 9, true, g).sizes(), IntArrayRef({9}));
  EXPECT_EQ(g.get_offset(), 0u);
  expect_error([&] { aten::multinomial(empty({6}, meta), 9, false, g); }, {"without replacement"});
  // Rows without categories can hold no distribution, whatever the values; no rows is fine.
  expect_error(
      [&] {
        aten::multinomial(empty({5, 0}, meta), 2, true, g);
      },
      {"sum of probabilities <= 0"});
  EXPECT_EQ(aten::multinomial(empty({0, 3}, meta), 2, true, g).sizes(), IntArrayRef({0, 2}));
}
