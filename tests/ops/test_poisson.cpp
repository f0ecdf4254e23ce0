// poisson (aten/native/Poisson.cpp): reproducibility at any thread count and for strided rates,
// the counts' distribution (chi-squared against the Poisson probabilities on both sides of the
// inversion / rejection threshold, mean and variance at a large rate), the edge rates, ATen's
// errors (which draw nothing), and Meta runs.
#include <aten/Factories.h>
#include <aten/core/Generator.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/empty.h>
#include <aten/ops/full.h>
#include <aten/ops/poisson.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "Reference.h"
#include "SamplingTestHelpers.h"

using namespace aten;
using namespace aten::sampling_test;
using aten::ref::expect_error;

TEST(Poisson, BitIdenticalAtAnyThreadCountAndLayout) {
  ThreadCount restore;
  for (ScalarType t : {kFloat, kDouble, kBFloat16}) {
    SCOPED_TRACE(toString(t));
    // Rates on both sides of the threshold between inversion and rejection (10).
    const Tensor rates = ref::make<double>({389, 419}, [](int64_t i) {
                           return i % 40 * 0.5;
                         }).to(t);
    const Tensor strided_rates = rates.t().contiguous().t();
    std::vector<unsigned char> want;
    for (int threads : kThreadCounts) {
      set_num_threads(threads);
      const Tensor a = aten::poisson(rates, make_generator(3));
      const Tensor b = aten::poisson(strided_rates, make_generator(3));
      EXPECT_EQ(a.scalar_type(), t);
      EXPECT_TRUE(b.is_contiguous());
      if (want.empty()) want = bytes_of(a);
      EXPECT_EQ(bytes_of(a), want) << threads << " threads";
      EXPECT_EQ(bytes_of(b), want) << threads << " threads, strided rates";
    }
  }
}

// Counts 0 .. K - 1 and a tail bin against the Poisson probabilities, for rates below and above
// the threshold; at a large rate, mean and variance (both the rate; the fourth central moment
// rate (1 + 3 rate)).
TEST(Poisson, CountsFollowThePoissonLaw) {
  const int64_t n = 200000;
  for (ScalarType t : {kFloat, kDouble, kBFloat16}) {
    for (double rate : {0.7, 4.0, 9.5, 10.0, 30.0}) {
      SCOPED_TRACE(std::string(toString(t)) + " rate " + std::to_string(rate));
      const std::vector<double> x = reals_of(
          aten::poisson(full({n}, rate, t), make_generator(40 + static_cast<int>(rate))));
      const int bins = static_cast<int>(rate + 6 * std::sqrt(rate) + 4);
      std::vector<double> observed(static_cast<size_t>(bins) + 1, 0), expected = observed;
      for (double v : x) {
        ASSERT_TRUE(v >= 0 && v == std::floor(v)) << v;
        observed[static_cast<size_t>(std::min<double>(v, bins))] += 1;
      }
      double p = std::exp(-rate), below = 0;
      for (int k = 0; k < bins; ++k) {
        expected[static_cast<size_t>(k)] = n * p;
        below += p;
        p *= rate / (k + 1);
      }
      expected[static_cast<size_t>(bins)] = n * std::max(1 - below, 1e-12);
      // Bins expected to hold fewer than 5 counts are merged into the tail, as chi-squared needs.
      std::vector<double> o, e;
      double tail_o = 0, tail_e = 0;
      for (size_t k = 0; k < observed.size(); ++k) {
        if (expected[k] >= 5) {
          o.push_back(observed[k]);
          e.push_back(expected[k]);
        } else {
          tail_o += observed[k];
          tail_e += expected[k];
        }
      }
      if (tail_e > 0) {
        o.push_back(tail_o);
        e.push_back(tail_e);
      }
      EXPECT_LT(chi2(o, e), chi2_bound(static_cast<int>(o.size()) - 1));
    }
  }
  const double rate = 1000;
  expect_moments(reals_of(aten::poisson(full({n}, rate, kDouble), make_generator(9))), rate, rate,
                 rate * (1 + 3 * rate), "rate 1000");
}

TEST(Poisson, EdgeRatesErrorsAndMeta) {
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (double v : reals_of(aten::poisson(full({100}, 0.0), make_generator(1)))) EXPECT_EQ(v, 0);
  EXPECT_EQ(reals_of(aten::poisson(full({1}, inf, kDouble), make_generator(1)))[0], inf);
  Generator g = make_generator(5);
  expect_error([&] { aten::poisson(full({3}, -1.0), g); },
               {"invalid Poisson rate, expected rate to be non-negative"});
  expect_error([&] { aten::poisson(full({3}, nan), g); }, {"invalid Poisson rate"});
  expect_error([&] { aten::poisson(full({3}, 1.0, kHalf), g); }, {"not implemented for 'Half'"});
  expect_error([&] { aten::poisson(full({3}, 1, kLong), g); }, {"not implemented for 'Long'"});
  const Tensor m = aten::poisson(empty({2, 3}, TensorOptions(kDouble).device(kMeta)), g);
  EXPECT_TRUE(m.is_meta());
  EXPECT_EQ(m.sizes(), IntArrayRef({2, 3}));
  EXPECT_EQ(m.scalar_type(), kDouble);
  EXPECT_EQ(g.get_offset(), 0u);
}
