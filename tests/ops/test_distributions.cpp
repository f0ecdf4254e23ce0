// The sampling ops (aten/native/Distributions.cpp): uniform_, normal_, exponential_, geometric_,
// log_normal_, cauchy_, bernoulli_, random_, the factories rand, randn, rand_like, randn_like,
// randint, randint_like, randperm and the functional bernoulli (and its out= form), and dropout,
// dropout_, feature_dropout. Reproducibility (bit-identical at any thread count and for any
// strides, get_state/set_state, generators with equal and different seeds), distributions (mean,
// variance, Kolmogorov-Smirnov against the exact CDF, chi-squared, each with fixed seeds and
// thresholds computed from the sample size), argument errors that change nothing, and Meta runs.
#include <aten/Factories.h>
#include <aten/core/Distributions.h>
#include <aten/core/Generator.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/Parallel.h>
#include <aten/native/PhiloxFill.h>
#include <aten/ops/bernoulli.h>
#include <aten/ops/cauchy.h>
#include <aten/ops/dropout.h>
#include <aten/ops/empty.h>
#include <aten/ops/exponential.h>
#include <aten/ops/feature_dropout.h>
#include <aten/ops/full.h>
#include <aten/ops/geometric.h>
#include <aten/ops/log_normal.h>
#include <aten/ops/normal.h>
#include <aten/ops/rand.h>
#include <aten/ops/rand_like.h>
#include <aten/ops/randint.h>
#include <aten/ops/randint_like.h>
#include <aten/ops/randn.h>
#include <aten/ops/randn_like.h>
#include <aten/ops/random.h>
#include <aten/ops/randperm.h>
#include <aten/ops/uniform.h>
#include <aten/ops/view_as_real.h>
#include <aten/ops/zeros.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

#include "Reference.h"
#include "SamplingTestHelpers.h"

using namespace aten;
using namespace aten::sampling_test;
using aten::ref::expect_error;

namespace {

using Call = std::function<void(Tensor&, const std::optional<Generator>&)>;

struct Sampler {
  const char* name;
  std::vector<ScalarType> dtypes;
  Call call;
};

const std::vector<ScalarType> kFloating = {kFloat, kDouble, kHalf, kBFloat16};

std::vector<Sampler> samplers() {
  std::vector<ScalarType> with_complex = kFloating;
  with_complex.push_back(kComplexFloat);
  with_complex.push_back(kComplexDouble);
  std::vector<ScalarType> geometric = kFloating, bernoulli = kFloating;
  for (ScalarType t : {kByte, kInt, kLong}) geometric.push_back(t);
  for (ScalarType t : {kBool, kChar, kLong}) bernoulli.push_back(t);
  std::vector<ScalarType> random = bernoulli;
  random.push_back(kByte);
  return {
      {"uniform_", with_complex, [](Tensor& t, const auto& g) { aten::uniform_(t, -2, 3, g); }},
      {"normal_", with_complex, [](Tensor& t, const auto& g) { aten::normal_(t, 1, 2, g); }},
      {"exponential_", kFloating, [](Tensor& t, const auto& g) { aten::exponential_(t, 1.5, g); }},
      {"geometric_", geometric, [](Tensor& t, const auto& g) { aten::geometric_(t, 0.3, g); }},
      {"log_normal_", kFloating, [](Tensor& t, const auto& g) { aten::log_normal_(t, 0, 0.5, g); }},
      {"cauchy_", kFloating, [](Tensor& t, const auto& g) { aten::cauchy_(t, 0, 1, g); }},
      {"bernoulli_", bernoulli, [](Tensor& t, const auto& g) { aten::bernoulli_(t, 0.3, g); }},
      {"bernoulli_.Tensor", bernoulli,
       [](Tensor& t, const auto& g) { aten::bernoulli_(t, aten::full({}, 0.6, kDouble), g); }},
      {"random_", random, [](Tensor& t, const auto& g) { aten::random_(t, g); }},
  };
}

constexpr int64_t kSamples = 200000;

std::vector<double> sample(ScalarType t, uint64_t seed, const Call& call) {
  Tensor x = empty({kSamples}, t);
  call(x, make_generator(seed));
  return reals_of(x);
}

}  // namespace

// ---- reproducibility ----------------------------------------------------------------------------

// Every op, every dtype: the same seed gives the same bits at 1, 2, 3 and 7 threads, and a
// strided self gets, element by element in row-major order, what a contiguous one gets.
TEST(Distributions, BitIdenticalAtAnyThreadCountAndLayout) {
  ThreadCount restore;
  for (const Sampler& s : samplers()) {
    for (ScalarType t : s.dtypes) {
      SCOPED_TRACE(std::string(s.name) + " " + toString(t));
      // An odd count (a Box-Muller pair cut short), large enough to be split among threads.
      const int64_t rows = 389, cols = 419;
      std::vector<unsigned char> want;
      for (int threads : {1, 2, 3, 7}) {
        set_num_threads(threads);
        Tensor c = empty({rows, cols}, t);
        s.call(c, make_generator(1234));
        Tensor st = strided(rows, cols, t);
        s.call(st, make_generator(1234));
        if (want.empty()) want = bytes_of(c);
        EXPECT_EQ(bytes_of(c), want) << threads << " threads, contiguous";
        EXPECT_EQ(bytes_of(st), want) << threads << " threads, strided";
      }
    }
  }
}

TEST(Distributions, GeneratorStateSeedsAndDefaultGenerator) {
  for (const Sampler& s : samplers()) {
    SCOPED_TRACE(s.name);
    const ScalarType t = s.dtypes.front();
    Generator g = make_generator(7);
    Tensor a = empty({1001}, t), b = empty({1001}, t), c = empty({1001}, t);
    s.call(a, g);
    const Tensor state = g.get_state();
    s.call(b, g);
    EXPECT_NE(bytes_of(a), bytes_of(b)) << "a second call continues the stream";
    g.set_state(state);
    s.call(c, g);
    EXPECT_EQ(bytes_of(b), bytes_of(c)) << "set_state returns to get_state's point";
    // Two generators with one seed agree; different seeds differ.
    Tensor d = empty({1001}, t), e = empty({1001}, t);
    s.call(d, make_generator(7));
    s.call(e, make_generator(8));
    EXPECT_EQ(bytes_of(d), bytes_of(a));
    EXPECT_NE(bytes_of(e), bytes_of(a));
    // No generator: the default one, which aten::manual_seed seeds.
    aten::manual_seed(7);
    Tensor f = empty({1001}, t);
    s.call(f, std::nullopt);
    EXPECT_EQ(bytes_of(f), bytes_of(a));
  }
}

// ---- distributions ----------------------------------------------------------------------------

TEST(Distributions, UniformMomentsAndKolmogorovSmirnov) {
  for (ScalarType t : {kFloat, kDouble}) {
    SCOPED_TRACE(toString(t));
    const std::vector<double> x = sample(
        t, 11, [](Tensor& s, const auto& g) { aten::uniform_(s, -2, 3, g); });
    for (double v : x) ASSERT_TRUE(v >= -2 && v < 3) << v;
    expect_moments(x, 0.5, 25.0 / 12, 625.0 / 80, "uniform_");
    EXPECT_LT(ks_distance(x, [](double v) { return (v + 2) / 5; }), ks_bound(x.size()));
  }
  // Half and BFloat16: inside [from, to) (clamped below `to`), mean and variance.
  for (ScalarType t : {kHalf, kBFloat16}) {
    SCOPED_TRACE(toString(t));
    const std::vector<double> x = sample(
        t, 12, [](Tensor& s, const auto& g) { aten::uniform_(s, 0, 1, g); });
    for (double v : x) ASSERT_TRUE(v >= 0 && v < 1) << v;
    // Rounding to Half / BFloat16 moves the mean by at most half a step near 1 (2^-9 for
    // BFloat16): added to the bound.
    EXPECT_NEAR(moments(x).mean, 0.5, 6 * std::sqrt(1.0 / 12 / kSamples) + 0x1p-9);
  }
}

TEST(Distributions, UniformBoundsAreNeverReached) {
  // from = 1, to = 2 in Float: 1 + u rounds up to 2 for the largest u; clamped below it.
  Tensor x = empty({1 << 20});
  aten::uniform_(x, 1, 2, make_generator(3));
  for (double v : reals_of(x)) ASSERT_TRUE(v >= 1 && v < 2) << v;
  Tensor same = empty({5});
  aten::uniform_(same, 4, 4, make_generator(3));
  for (double v : reals_of(same)) EXPECT_EQ(v, 4);
}

TEST(Distributions, NormalMomentsAndKolmogorovSmirnov) {
  for (ScalarType t : {kFloat, kDouble}) {
    SCOPED_TRACE(toString(t));
    const std::vector<double> x = sample(
        t, 21, [](Tensor& s, const auto& g) { aten::normal_(s, 1, 2, g); });
    expect_moments(x, 1, 4, 3 * 16, "normal_");
    EXPECT_LT(ks_distance(x, [](double v) { return normal_cdf(v, 1, 2); }), ks_bound(x.size()));
  }
  for (ScalarType t : {kHalf, kBFloat16}) {
    SCOPED_TRACE(toString(t));
    const std::vector<double> x = sample(
        t, 22, [](Tensor& s, const auto& g) { aten::normal_(s, 0, 1, g); });
    EXPECT_NEAR(moments(x).mean, 0, 6 * std::sqrt(1.0 / kSamples));
    EXPECT_NEAR(moments(x).var, 1, 6 * std::sqrt(2.0 / kSamples) + 0.01);
  }
  // Complex: each part normal with std / sqrt(2), so |z - mean|^2 has mean std^2.
  Tensor z = empty({kSamples / 2}, kComplexDouble);
  aten::normal_(z, 0, 2, make_generator(23));
  expect_moments(reals_of(z), 0, 2, 3 * 4, "complex normal_ parts");
}

TEST(Distributions, ExponentialLogNormalCauchyKolmogorovSmirnov) {
  for (ScalarType t : {kFloat, kDouble}) {
    SCOPED_TRACE(toString(t));
    const std::vector<double> e = sample(
        t, 31, [](Tensor& s, const auto& g) { aten::exponential_(s, 1.5, g); });
    for (double v : e) ASSERT_TRUE(v >= 0 && std::isfinite(v)) << v;
    expect_moments(e, 1 / 1.5, 1 / 2.25, 9 / std::pow(1.5, 4), "exponential_");
    EXPECT_LT(ks_distance(e, [](double v) { return 1 - std::exp(-1.5 * v); }), ks_bound(e.size()));
    const std::vector<double> l = sample(
        t, 32, [](Tensor& s, const auto& g) { aten::log_normal_(s, 0.5, 0.75, g); });
    EXPECT_LT(ks_distance(l, [](double v) { return normal_cdf(std::log(v), 0.5, 0.75); }),
              ks_bound(l.size()));
    const std::vector<double> c = sample(
        t, 33, [](Tensor& s, const auto& g) { aten::cauchy_(s, -1, 3, g); });
    EXPECT_LT(
        ks_distance(c, [](double v) { return 0.5 + std::atan((v + 1) / 3) / std::numbers::pi; }),
        ks_bound(c.size()));
  }
}

TEST(Distributions, BernoulliAndGeometricChiSquared) {
  for (ScalarType t : {kBool, kFloat, kLong, kHalf}) {
    SCOPED_TRACE(toString(t));
    const std::vector<double> x = sample(
        t, 41, [](Tensor& s, const auto& g) { aten::bernoulli_(s, 0.3, g); });
    double ones = 0;
    for (double v : x) {
      ASSERT_TRUE(v == 0 || v == 1) << v;
      ones += v;
    }
    const double n = static_cast<double>(x.size());
    EXPECT_LT(chi2({n - ones, ones}, {0.7 * n, 0.3 * n}), chi2_bound(1));
  }
  // p = 0 and p = 1 are certain.
  Tensor never = empty({1000}), always = empty({1000});
  aten::bernoulli_(never, 0, make_generator(1));
  aten::bernoulli_(always, 1, make_generator(1));
  for (double v : reals_of(never)) ASSERT_EQ(v, 0);
  for (double v : reals_of(always)) ASSERT_EQ(v, 1);

  // Geometric with p = 0.3 on {1, ..., 12} and a tail bin.
  for (ScalarType t : {kLong, kFloat, kDouble}) {
    SCOPED_TRACE(toString(t));
    const std::vector<double> x = sample(
        t, 42, [](Tensor& s, const auto& g) { aten::geometric_(s, 0.3, g); });
    constexpr int kBins = 13;
    std::vector<double> observed(kBins, 0), expected(kBins, 0);
    for (double v : x) {
      ASSERT_TRUE(v >= 1 && v == std::floor(v)) << v;
      observed[static_cast<size_t>(std::min<double>(v, kBins) - 1)] += 1;
    }
    const double n = static_cast<double>(x.size());
    for (int k = 1; k < kBins; ++k) expected[k - 1] = n * std::pow(0.7, k - 1) * 0.3;
    expected[kBins - 1] = n * std::pow(0.7, kBins - 1);
    EXPECT_LT(chi2(observed, expected), chi2_bound(kBins - 1));
  }
}

// ---- errors and Meta --------------------------------------------------------------------------

namespace {

// A call on a zero-filled [4, 3] self of `dtype` that must be refused with an error holding
// every fragment, leaving self and the generator as they were.
struct BadCall {
  ScalarType dtype;
  std::function<void(Tensor&, const Generator&)> call;
  std::vector<std::string> fragments;
};

void expect_refused(const BadCall& b, Device device) {
  Generator g = make_generator(5);
  Tensor self = zeros({4, 3}, TensorOptions(b.dtype).device(device));
  try {
    b.call(self, g);
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    for (const std::string& f : b.fragments)
      EXPECT_NE(std::string(e.what()).find(f), std::string::npos)
          << "missing '" << f << "' in: " << e.what();
  }
  EXPECT_EQ(g.get_offset(), 0u) << "the generator advanced";
  if (device == Device(kCPU)) {
    for (double v : reals_of(self)) ASSERT_EQ(v, 0) << "self was written";
  }
}

}  // namespace

TEST(Distributions, BadArgumentsNameTheOpAndChangeNothing) {
  const std::vector<BadCall> bad = {
      {kFloat,
       [](Tensor& t, const Generator& g) { aten::uniform_(t, 2, 1, g); },
       {"uniform_", "[from, to) range, but found from=2 > to=1"}},
      {kFloat,
       [](Tensor& t, const Generator& g) { aten::uniform_(t, -3e38, 3e38, g); },
       {"uniform_", "to-from", "exceed the limit"}},
      {kHalf,
       [](Tensor& t, const Generator& g) { aten::uniform_(t, -7e4, 1, g); },
       {"uniform_", "from=-70000 is out of bounds for Half"}},
      {kFloat,
       [](Tensor& t, const Generator& g) { aten::uniform_(t, NAN, 1, g); },
       {"uniform_", "out of bounds"}},
      {kInt,
       [](Tensor& t, const Generator& g) { aten::uniform_(t, 0, 1, g); },
       {"uniform_", "\"uniform\" not implemented for 'Int'"}},
      {kFloat,
       [](Tensor& t, const Generator& g) { aten::normal_(t, 0, -1, g); },
       {"normal_", "normal expects std >= 0.0, but found std -1"}},
      {kFloat,
       [](Tensor& t, const Generator& g) { aten::normal_(t, 0, NAN, g); },
       {"normal_", "std >= 0.0"}},
      {kLong,
       [](Tensor& t, const Generator& g) { aten::normal_(t, 0, 1, g); },
       {"normal_", "not implemented for 'Long'"}},
      {kFloat,
       [](Tensor& t, const Generator& g) { aten::exponential_(t, -1, g); },
       {"exponential_", "lambda >= 0.0, but found lambda=-1"}},
      {kInt,
       [](Tensor& t, const Generator& g) { aten::exponential_(t, 1, g); },
       {"exponential_", "not implemented for 'Int'"}},
      {kFloat,
       [](Tensor& t, const Generator& g) { aten::geometric_(t, 0, g); },
       {"geometric_", "p to be in (0, 1), but got p=0"}},
      {kFloat,
       [](Tensor& t, const Generator& g) { aten::geometric_(t, 1, g); },
       {"geometric_", "p to be in (0, 1), but got p=1"}},
      {kBool,
       [](Tensor& t, const Generator& g) { aten::geometric_(t, 0.5, g); },
       {"geometric_", "not implemented for 'Bool'"}},
      {kFloat,
       [](Tensor& t, const Generator& g) { aten::log_normal_(t, 0, 0, g); },
       {"log_normal_", "std > 0.0, but found std=0"}},
      {kInt,
       [](Tensor& t, const Generator& g) { aten::cauchy_(t, 0, 1, g); },
       {"cauchy_", "not implemented for 'Int'"}},
      {kFloat,
       [](Tensor& t, const Generator& g) { aten::bernoulli_(t, 1.5, g); },
       {"bernoulli_", "p to be in [0, 1], but got p=1.5"}},
      {kComplexFloat,
       [](Tensor& t, const Generator& g) { aten::bernoulli_(t, 0.5, g); },
       {"bernoulli_", "not implemented for 'ComplexFloat'"}},
  };
  for (const BadCall& b : bad) {
    SCOPED_TRACE(b.fragments.front() + " " + toString(b.dtype));
    for (Device device : {Device(kCPU), Device(kMeta)}) expect_refused(b, device);
  }
  // An expanded self (elements sharing memory) is refused.
  Tensor expanded = zeros({1, 3}).expand({4, 3});
  expect_error([&] { aten::uniform_(expanded, 0, 1, std::nullopt); },
               {"uniform_", "more than one element of the written-to tensor"});
}

TEST(Distributions, MetaChecksAndDrawsNothing) {
  for (const Sampler& s : samplers()) {
    SCOPED_TRACE(s.name);
    Generator g = make_generator(5);
    Tensor m = empty({3, 4}, TensorOptions(s.dtypes.front()).device(kMeta));
    s.call(m, g);
    EXPECT_TRUE(m.is_meta());
    EXPECT_EQ(g.get_offset(), 0u);
  }
  // An empty self draws nothing either.
  Generator g = make_generator(5);
  Tensor e = empty({0, 3});
  aten::normal_(e, 0, 1, g);
  EXPECT_EQ(g.get_offset(), 0u);
}

// ---- factories --------------------------------------------------------------------------------

TEST(Distributions, RandAndRandnFactories) {
  Generator g = make_generator(9);
  Tensor a = aten::rand({2, 3}, g);
  EXPECT_EQ(a.sizes(), IntArrayRef({2, 3}));
  EXPECT_EQ(a.scalar_type(), kFloat);
  Tensor b = empty({2, 3});
  aten::uniform_(b, 0, 1, make_generator(9));
  EXPECT_EQ(bytes_of(a), bytes_of(b)) << "rand is uniform_ on [0, 1)";
  Tensor c = aten::randn({5}, g, TensorOptions(kDouble));
  EXPECT_EQ(c.scalar_type(), kDouble);
  Tensor d = empty({5}, kDouble);
  Generator h = make_generator(9);
  aten::uniform_(b, 0, 1, h);  // the same call sequence as on g
  aten::normal_(d, 0, 1, h);
  EXPECT_EQ(bytes_of(c), bytes_of(d)) << "randn is normal_(0, 1)";
  // Without a generator: the default one.
  aten::manual_seed(9);
  EXPECT_EQ(bytes_of(aten::rand({2, 3})), bytes_of(a));
  // out=: an empty out is resized; its dtype decides.
  Tensor out = empty({0}, kDouble);
  aten::rand_out(out, {4, 2}, make_generator(9));
  EXPECT_EQ(out.sizes(), IntArrayRef({4, 2}));
  EXPECT_EQ(out.scalar_type(), kDouble);
  Tensor out2 = empty({0}, kHalf);
  aten::randn_out(out2, {7});
  EXPECT_EQ(out2.sizes(), IntArrayRef({7}));
  // _like: self's shape, dtype and layout.
  Tensor t = empty({3, 5}, kBFloat16).t();
  Tensor r = aten::rand_like(t);
  EXPECT_EQ(r.sizes(), t.sizes());
  EXPECT_EQ(r.strides(), t.strides());
  EXPECT_EQ(r.scalar_type(), kBFloat16);
  for (double v : reals_of(r)) EXPECT_TRUE(v >= 0 && v < 1);
  Tensor n = aten::randn_like(t, TensorOptions(kComplexFloat));
  EXPECT_EQ(n.scalar_type(), kComplexFloat);
  // Meta: the geometry, no draw.
  Generator k = make_generator(1);
  Tensor m = aten::rand({2, 3}, k, TensorOptions().device(kMeta));
  EXPECT_TRUE(m.is_meta());
  EXPECT_EQ(m.sizes(), IntArrayRef({2, 3}));
  EXPECT_EQ(k.get_offset(), 0u);
  // Errors.
  expect_error([] { aten::rand({2}, TensorOptions(kInt)); }, {"rand", "not implemented for 'Int'"});
  expect_error([] { aten::randn({2}, TensorOptions(kBool)); },
               {"randn", "not implemented for 'Bool'"});
  expect_error([] { aten::rand_like(empty({2}, kLong)); }, {"rand_like", "'Long'"});
  Tensor bad_out = zeros({3}, kInt);
  expect_error([&] { aten::randn_out(bad_out, {3}); }, {"randn", "'Int'"});
  for (double v : reals_of(bad_out)) EXPECT_EQ(v, 0);
  Tensor wrong_shape = zeros({3});
  expect_error([&] { aten::rand_out(wrong_shape, {4}); }, {"rand"});
  for (double v : reals_of(wrong_shape)) EXPECT_EQ(v, 0);
}

// ---- random_, randint, bernoulli with tensor probabilities, dropout ----------------------------

TEST(Distributions, RandomRangesAndChiSquared) {
  for (ScalarType t : {kLong, kInt, kChar, kFloat, kDouble, kHalf, kBFloat16}) {
    SCOPED_TRACE(toString(t));
    const std::vector<double> x = sample(
        t, 51, [](Tensor& s, const auto& g) { aten::random_(s, -3, 5, g); });
    std::vector<double> observed(8, 0);
    for (double v : x) {
      ASSERT_TRUE(v >= -3 && v < 5 && v == std::floor(v)) << v;
      observed[static_cast<size_t>(v + 3)] += 1;
    }
    const std::vector<double> expected(8, static_cast<double>(x.size()) / 8);
    EXPECT_LT(chi2(observed, expected), chi2_bound(7));
  }
  // `to` alone, and neither: [0, to) and [0, the dtype's largest value or 2^digits].
  Tensor b = empty({1000}, kBool);
  aten::random_(b, make_generator(1));
  double ones = 0;
  for (double v : reals_of(b)) ones += v;
  EXPECT_GT(ones, 400);
  EXPECT_LT(ones, 600);
  Tensor h = empty({100000}, kHalf);
  aten::random_(h, make_generator(2));
  for (double v : reals_of(h)) ASSERT_TRUE(v >= 0 && v <= 2048 && v == std::floor(v)) << v;
  Tensor u = empty({100000}, kByte);
  aten::random_(u, 256, make_generator(3));
  double top = 0;
  for (double v : reals_of(u)) top = std::max(top, v);
  EXPECT_EQ(top, 255);
  // A Long over its whole range (2^64 values): both signs occur.
  Tensor l = empty({1000}, kLong);
  aten::random_(l, std::numeric_limits<int64_t>::min(), std::nullopt, make_generator(4));
  const int64_t* lp = l.data_ptr<int64_t>();
  EXPECT_TRUE(std::any_of(lp, lp + 1000, [](int64_t v) { return v < 0; }));
  EXPECT_TRUE(std::any_of(lp, lp + 1000, [](int64_t v) { return v > 0; }));
}

TEST(Distributions, RandomAndRandintErrors) {
  const std::vector<BadCall> bad = {
      {kFloat,
       [](Tensor& t, const Generator& g) { aten::random_(t, 5, 2, g); },
       {"random_", "'from' to be less than 'to', but got from=5 >= to=2"}},
      {kFloat,
       [](Tensor& t, const Generator& g) { aten::random_(t, 0, g); },
       {"random_", "from=0 >= to=0"}},
      {kByte,
       [](Tensor& t, const Generator& g) { aten::random_(t, 0, 300, g); },
       {"random_", "to - 1=299 is out of bounds for Byte"}},
      {kChar,
       [](Tensor& t, const Generator& g) { aten::random_(t, -200, 0, g); },
       {"random_", "from=-200 is out of bounds for Char"}},
      {kBool,
       [](Tensor& t, const Generator& g) { aten::random_(t, 0, 3, g); },
       {"random_", "out of bounds for Bool"}},
      {kFloat,
       [](Tensor& t, const Generator& g) { aten::random_(t, 1 << 25, std::nullopt, g); },
       {"random_", "to be at most 16777216"}},
      {kComplexFloat,
       [](Tensor& t, const Generator& g) { aten::random_(t, g); },
       {"random_", "not implemented for 'ComplexFloat'"}},
      {kFloat,
       [](Tensor& t, const Generator& g) {
         aten::bernoulli_(t, tensor({0.5, 1.5, 0.}), g);
       },
       {"bernoulli_", "every element of p to be in [0, 1], but got p=1.5"}},
      {kFloat,
       [](Tensor& t, const Generator& g) {
         aten::bernoulli_(t, tensor({1, 0, 1}), g);
       },
       {"bernoulli_", "p of a floating dtype"}},
      {kFloat,
       [](Tensor& t, const Generator& g) {
         aten::bernoulli_(t, tensor({0.5, 0.5}), g);
       },
       {"bernoulli_", "expand"}},
  };
  for (const BadCall& b : bad) {
    SCOPED_TRACE(b.fragments.back());
    expect_refused(b, kCPU);
  }
  expect_error([] { aten::randint(5, 5, {3}); }, {"randint", "from=5 >= to=5"});
  expect_error([] { aten::randint(3, {2}, TensorOptions(kComplexFloat)); },
               {"randint", "not implemented for 'ComplexFloat'"});
  Tensor out = zeros({3}, kByte);
  expect_error([&] { aten::randint_out(out, 0, 300, {3}); }, {"randint", "out of bounds for Byte"});
  for (double v : reals_of(out)) EXPECT_EQ(v, 0);
  Tensor empty_out = empty({0}, kByte);
  expect_error([&] { aten::randint_out(empty_out, 0, 300, {3}); }, {"randint"});
  EXPECT_EQ(empty_out.numel(), 0) << "out resized by a call that threw";
}

TEST(Distributions, RandintFactories) {
  Tensor a = aten::randint(10, {kSamples}, make_generator(61));
  EXPECT_EQ(a.scalar_type(), kLong);
  std::vector<double> observed(10, 0);
  for (double v : reals_of(a)) {
    ASSERT_TRUE(v >= 0 && v < 10) << v;
    observed[static_cast<size_t>(v)] += 1;
  }
  EXPECT_LT(chi2(observed, std::vector<double>(10, kSamples / 10.0)), chi2_bound(9));
  // randint is random_(low, high) on a fresh tensor.
  Tensor b = aten::randint(-4, 4, {5, 7}, make_generator(62), TensorOptions(kInt));
  Tensor c = empty({5, 7}, kInt);
  aten::random_(c, -4, 4, make_generator(62));
  EXPECT_EQ(b.scalar_type(), kInt);
  EXPECT_EQ(bytes_of(b), bytes_of(c));
  Tensor out = empty({0}, kDouble);
  aten::randint_out(out, 3, {4, 4}, make_generator(63));
  EXPECT_EQ(out.sizes(), IntArrayRef({4, 4}));
  for (double v : reals_of(out)) EXPECT_TRUE(v >= 0 && v < 3);
  Generator g = make_generator(1);
  Tensor m = aten::randint(3, {2, 2}, g, TensorOptions().device(kMeta));
  EXPECT_TRUE(m.is_meta());
  EXPECT_EQ(g.get_offset(), 0u);
}

// The functional forms return a contiguous result whatever self's layout, as libtorch 1.13
// (a transposed [3, 5] self gives strides [5, 1] there), on CPU and Meta.
TEST(Distributions, BernoulliResultIsContiguous) {
  for (Device device : {Device(kCPU), Device(kMeta)}) {
    Tensor p = zeros({5, 3}, TensorOptions().device(device)).t();
    EXPECT_EQ(aten::bernoulli(p, make_generator(1)).strides(), IntArrayRef({5, 1}));
    EXPECT_EQ(aten::bernoulli(p, 0.5, make_generator(1)).strides(), IntArrayRef({5, 1}));
  }
}

TEST(Distributions, BernoulliWithTensorProbabilities) {
  // p broadcast along dim 0: column 0 never, column 2 always, column 1 half the time.
  Tensor self = empty({kSamples / 4, 3});
  aten::bernoulli_(self, tensor({0., 0.5, 1.}), make_generator(71));
  const std::vector<double> x = reals_of(self);
  double ones = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    if (i % 3 == 0) {
      ASSERT_EQ(x[i], 0);
    } else if (i % 3 == 2) {
      ASSERT_EQ(x[i], 1);
    } else {
      ones += x[i];
    }
  }
  const double n = static_cast<double>(x.size() / 3);
  EXPECT_LT(chi2({n - ones, ones}, {n / 2, n / 2}), chi2_bound(1));
  // The same words and comparison as bernoulli_.float.
  Tensor a = empty({1001}, kInt), b = empty({1001}, kInt);
  aten::bernoulli_(a, 0.3, make_generator(72));
  aten::bernoulli_(b, aten::full({1001}, 0.3, kDouble), make_generator(72));
  EXPECT_EQ(bytes_of(a), bytes_of(b));
  // Functional forms: p from self, or given.
  Tensor p = aten::full({1001}, 0.3, kDouble);
  Tensor c = aten::bernoulli(p, make_generator(72));
  EXPECT_EQ(c.scalar_type(), kDouble);
  EXPECT_EQ(reals_of(c), reals_of(a));
  Tensor d = aten::bernoulli(empty({1001}, kInt), 0.3, make_generator(72));
  EXPECT_EQ(bytes_of(d), bytes_of(a));
}

TEST(Distributions, DropoutScalesKeptElementsAndZeroesTheRest) {
  Tensor x = aten::full({400, 500}, 3.0);
  EXPECT_TRUE(aten::dropout(x, 0.3, false).is_same(x)) << "not training: the input itself";
  EXPECT_TRUE(aten::dropout(x, 0, true).is_same(x));
  for (double v : reals_of(aten::dropout(x, 1, true))) ASSERT_EQ(v, 0);
  aten::manual_seed(81);
  const std::vector<double> y = reals_of(aten::dropout(x, 0.25, true));
  double zeros_seen = 0;
  for (double v : y) {
    ASSERT_TRUE(v == 0 || v == static_cast<double>(3.0f / 0.75f)) << v;
    zeros_seen += v == 0;
  }
  const double n = static_cast<double>(y.size());
  EXPECT_LT(chi2({zeros_seen, n - zeros_seen}, {0.25 * n, 0.75 * n}), chi2_bound(1));
  // dropout_ writes into self what dropout returns for the same seed.
  aten::manual_seed(81);
  Tensor z = x.clone();
  aten::dropout_(z, 0.25, true);
  EXPECT_EQ(reals_of(z), y);
  // feature_dropout: each (n, c) map kept or zeroed whole.
  Tensor f = aten::feature_dropout(aten::full({20, 30, 4, 5}, 1.0), 0.5, true);
  const std::vector<double> fv = reals_of(f);
  for (size_t map = 0; map < 600; ++map)
    for (size_t k = 1; k < 20; ++k) ASSERT_EQ(fv[map * 20 + k], fv[map * 20]) << map;
  expect_error([] { aten::dropout(aten::full({3}, 1.0), 1.5, true); },
               {"dropout", "probability has to be between 0 and 1, but got 1.5"});
  expect_error([] { aten::feature_dropout(aten::full({3}, 1.0), 0.5, true); },
               {"feature_dropout", "at least 2 dimensions"});
  expect_error([] { aten::dropout(aten::full({3}, 1, kInt), 0.5, true); },
               {"dropout", "not implemented for 'Int'"});
}

// p = 1 multiplies by a 0-dim zero and draws no mask: any dtype and any rank, as ATen.
TEST(Distributions, DropoutOfOneZeroesAnyDtype) {
  Tensor c = aten::full({2, 5}, std::complex<double>(1, 2), kComplexDouble).expand({3, 2, 5});
  Tensor fc = aten::feature_dropout(c, 1, true);
  EXPECT_EQ(fc.scalar_type(), kComplexDouble);
  EXPECT_EQ(fc.sizes(), IntArrayRef({3, 2, 5}));
  for (double v : reals_of(fc)) ASSERT_EQ(v, 0);
  Tensor i = aten::full({4}, 7, kInt);
  EXPECT_EQ(reals_of(aten::dropout(i, 1, true)), std::vector<double>(4, 0));
  EXPECT_EQ(reals_of(aten::feature_dropout(i, 1, true)), std::vector<double>(4, 0));
  aten::dropout_(i, 1, true);
  EXPECT_EQ(reals_of(i), std::vector<double>(4, 0));
  const Generator& g = aten::default_generator();
  const uint64_t offset = g.get_offset();
  aten::dropout(aten::full({8}, 1.0), 1, true);
  EXPECT_EQ(g.get_offset(), offset) << "p = 1 draws nothing";
  expect_error(
      [] { aten::feature_dropout(aten::full({3}, std::complex<double>(1, 0)), 0.5, true); },
      {"feature_dropout", "not implemented for 'ComplexFloat'"});
}

TEST(Distributions, RandpermIsAReproduciblePermutation) {
  for (ScalarType t : {kLong, kInt, kChar, kFloat, kHalf, kBFloat16}) {
    SCOPED_TRACE(toString(t));
    for (int64_t n : {0, 1, 2, 7, 100}) {
      Tensor p = aten::randperm(n, make_generator(91), TensorOptions(t));
      EXPECT_EQ(p.sizes(), IntArrayRef({n}));
      EXPECT_EQ(p.scalar_type(), t);
      std::vector<double> v = reals_of(p);
      std::sort(v.begin(), v.end());
      for (int64_t i = 0; i < n; ++i) ASSERT_EQ(v[i], static_cast<double>(i));
      EXPECT_EQ(bytes_of(aten::randperm(n, make_generator(91), TensorOptions(t))), bytes_of(p));
    }
  }
  // The six orders of 3 elements are equally likely.
  Generator g = make_generator(92);
  std::vector<double> observed(6, 0);
  constexpr int kDraws = 12000;
  for (int k = 0; k < kDraws; ++k) {
    const Tensor p = aten::randperm(3, g);
    const int64_t* q = p.data_ptr<int64_t>();
    observed[static_cast<size_t>(q[0] * 2 + (q[1] > q[2] ? 1 : 0))] += 1;
  }
  EXPECT_LT(chi2(observed, std::vector<double>(6, kDraws / 6.0)), chi2_bound(5));
  // out= (strided too), Meta, errors.
  Tensor base = empty({20}, kLong);
  Tensor strided_out = base.slice(0, 0, 20, 2);
  aten::randperm_out(strided_out, 10, make_generator(93));
  EXPECT_EQ(reals_of(strided_out), reals_of(aten::randperm(10, make_generator(93))));
  Generator m = make_generator(1);
  EXPECT_TRUE(aten::randperm(5, m, TensorOptions().device(kMeta)).is_meta());
  EXPECT_EQ(m.get_offset(), 0u);
  expect_error([] { aten::randperm(-1); }, {"randperm", "n must be non-negative, got -1"});
  expect_error([] { aten::randperm(2050, TensorOptions(kHalf)); },
               {"randperm", "n cannot be greater than 2049 for Half type."});
  expect_error([] { aten::randperm(129, TensorOptions(kChar)); }, {"randperm", "128"});
  expect_error([] { aten::randperm(3, TensorOptions(kBool)); },
               {"randperm", "not implemented for 'Bool'"});
}

// ---- normal_'s values, randint_like, bernoulli.out ----------------------------------------------

// normal_ of Float computes Box-Muller pair p from the uniform floats of words 2p and 2p + 1
// (with Sleef's vector log and sincospi where the build vectorizes it): every element within a
// few units in the last place of box_muller's, at 1 and 3 threads, an odd count included.
TEST(Distributions, NormalFloatFollowsTheStreamLayout) {
  ThreadCount restore;
  const int64_t n = 100001;
  std::vector<float> u(static_cast<size_t>(n + 1));
  PhiloxRange range{77, 0};
  native::philox_fill_uniform_float(range, 0, n + 1, u.data());
  for (int threads : {1, 3}) {
    set_num_threads(threads);
    Tensor x = empty({n});
    aten::normal_(x, 0, 1, make_generator(77));
    const float* p = x.data_ptr<float>();
    for (int64_t i = 0; i < n; ++i) {
      const int64_t pair = i / 2;
      const NormalPair<float> z = box_muller(u[2 * pair], u[2 * pair + 1]);
      const float want = i % 2 == 0 ? z.first : z.second;
      ASSERT_NEAR(p[i], want, 1e-5f * std::max(1.f, std::abs(want))) << i;
    }
  }
}

TEST(Distributions, RandintLikeRangesLayoutsAndChiSquared) {
  ThreadCount restore;
  // self's shape and strides, self's dtype unless one is given.
  Tensor self = empty({3, 5}, kDouble).t();
  Tensor r = aten::randint_like(self, 4);
  EXPECT_EQ(r.sizes(), self.sizes());
  EXPECT_EQ(r.strides(), self.strides());
  EXPECT_EQ(r.scalar_type(), kDouble);
  EXPECT_EQ(aten::randint_like(self, 1, 4, TensorOptions(kByte)).scalar_type(), kByte);
  for (ScalarType t : {kLong, kInt, kByte, kFloat, kHalf, kBFloat16}) {
    SCOPED_TRACE(toString(t));
    aten::manual_seed(61);
    const std::vector<double> x = reals_of(aten::randint_like(empty({kSamples}, t), 2, 9));
    std::vector<double> observed(7, 0);
    for (double v : x) {
      ASSERT_TRUE(v >= 2 && v < 9 && v == std::floor(v)) << v;
      observed[static_cast<size_t>(v - 2)] += 1;
    }
    EXPECT_LT(chi2(observed, std::vector<double>(7, kSamples / 7.0)), chi2_bound(6));
  }
  // randint_like(high) is randint_like(0, high); the default generator, at any thread count.
  std::vector<unsigned char> want;
  for (int threads : kThreadCounts) {
    set_num_threads(threads);
    aten::manual_seed(62);
    const Tensor a = aten::randint_like(empty({389, 419}, kLong), 1000);
    aten::manual_seed(62);
    const Tensor b = aten::randint_like(empty({419, 389}, kLong).t(), 0, 1000);
    if (want.empty()) want = bytes_of(a);
    EXPECT_EQ(bytes_of(a), want) << threads << " threads";
    EXPECT_EQ(bytes_of(b), want) << threads << " threads, strided";
  }
  // ATen's errors; Meta gives the geometry and draws nothing.
  expect_error([&] { aten::randint_like(self, 5, 2); }, {"from=5 >= to=2"});
  expect_error([&] { aten::randint_like(self, 300, TensorOptions(kByte)); }, {"out of bounds"});
  expect_error([&] { aten::randint_like(self, 3, TensorOptions(kComplexFloat)); },
               {"randint_like", "not implemented for 'ComplexFloat'"});
  const uint64_t offset = default_generator().get_offset();
  Tensor m = aten::randint_like(empty({2, 3}, TensorOptions(kInt).device(kMeta)), 7);
  EXPECT_TRUE(m.is_meta());
  EXPECT_EQ(m.sizes(), IntArrayRef({2, 3}));
  EXPECT_EQ(m.scalar_type(), kInt);
  EXPECT_EQ(default_generator().get_offset(), offset);
}

TEST(Distributions, BernoulliOutIsBernoulliIntoOut) {
  ThreadCount restore;
  Tensor p = ref::make<float>({389, 419}, [](int64_t i) { return (i % 11) / 10.0; });
  std::vector<unsigned char> want;
  for (int threads : kThreadCounts) {
    set_num_threads(threads);
    const Tensor functional = aten::bernoulli(p, make_generator(5));
    Tensor out = empty({0}, kLong);
    aten::bernoulli_out(out, p, make_generator(5));
    EXPECT_EQ(out.sizes(), p.sizes());
    Tensor strided_out = strided(389, 419, kFloat);
    aten::bernoulli_out(strided_out, p, make_generator(5));
    if (want.empty()) want = bytes_of(functional);
    EXPECT_EQ(bytes_of(functional), want) << threads << " threads";
    EXPECT_EQ(bytes_of(strided_out), want) << threads << " threads, strided out";
    EXPECT_EQ(reals_of(out), reals_of(functional));
  }
  // Errors change neither out nor the generator.
  Generator g = make_generator(5);
  Tensor out = zeros({4});
  expect_error([&] { aten::bernoulli_out(out, aten::full({4}, 1.5), g); }, {"[0, 1]"});
  expect_error([&] { aten::bernoulli_out(out, aten::full({4}, 1, kLong), g); },
               {"p of a floating dtype"});
  Tensor complex_out = zeros({4}, kComplexFloat);
  expect_error([&] { aten::bernoulli_out(complex_out, aten::full({4}, 0.5), g); },
               {"not implemented for 'ComplexFloat'"});
  Tensor wrong_shape = zeros({3});
  expect_error([&] { aten::bernoulli_out(wrong_shape, aten::full({4}, 0.5), g); }, {"shape"});
  for (double v : reals_of(out)) EXPECT_EQ(v, 0);
  for (double v : reals_of(wrong_shape)) EXPECT_EQ(v, 0);
  EXPECT_EQ(g.get_offset(), 0u);
  Tensor m = empty({0}, TensorOptions(kBool).device(kMeta));
  aten::bernoulli_out(m, empty({2, 5}, TensorOptions(kFloat).device(kMeta)), g);
  EXPECT_EQ(m.sizes(), IntArrayRef({2, 5}));
  EXPECT_EQ(g.get_offset(), 0u);
}
