// normal with tensor parameters and normal of a size (aten/native/Normal.cpp): normal.Tensor_float,
// normal.float_Tensor, normal.Tensor_Tensor, normal.float_float and their out= forms.
// Reproducibility at any thread count and into strided outputs, the composition the values are
// defined by (normal_, then * std, then + mean), Kolmogorov-Smirnov of the standardized results,
// ATen's errors (which change neither out= nor the generator), and Meta runs.
#include <aten/Factories.h>
#include <aten/core/Generator.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/add.h>
#include <aten/ops/empty.h>
#include <aten/ops/full.h>
#include <aten/ops/mul.h>
#include <aten/ops/normal.h>
#include <aten/ops/zeros.h>
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "Reference.h"
#include "SamplingTestHelpers.h"

using namespace aten;
using namespace aten::sampling_test;
using aten::ref::expect_error;

namespace {

// mean[i] = i % 5 - 2 and std[i] = 0.5 + i % 3 over a shape, of dtype t (std real: of a complex
// t's parts' dtype).
Tensor means(IntArrayRef shape, ScalarType t) {
  return ref::make<double>(shape, [](int64_t i) { return i % 5 - 2.0; }).to(t);
}
Tensor stds(IntArrayRef shape, ScalarType t) {
  return ref::make<double>(shape, [](int64_t i) { return 0.5 + i % 3; }).to(toRealValueType(t));
}

// Each overload as a call on a given generator, into a new tensor or into out.
struct Overload {
  const char* name;
  std::function<Tensor(const Generator&)> call;
  std::function<void(Tensor&, const Generator&)> call_out;
};

std::vector<Overload> overloads(IntArrayRef shape_ref, ScalarType t) {
  // The calls outlive the caller's list: they keep their own copy of the shape.
  const std::vector<int64_t> shape = shape_ref.vec();
  const Tensor mean = means(shape, t), std = stds(shape, t);
  return {
      {"Tensor_float", [=](const Generator& g) { return aten::normal(mean, 2, g); },
       [=](Tensor& out, const Generator& g) { aten::normal_out(out, mean, 2, g); }},
      {"float_Tensor", [=](const Generator& g) { return aten::normal(1, std, g); },
       [=](Tensor& out, const Generator& g) { aten::normal_out(out, 1, std, g); }},
      {"Tensor_Tensor", [=](const Generator& g) { return aten::normal(mean, std, g); },
       [=](Tensor& out, const Generator& g) { aten::normal_out(out, mean, std, g); }},
      {"float_float",
       [=](const Generator& g) { return aten::normal(1, 2, shape, g, TensorOptions(t)); },
       [=](Tensor& out, const Generator& g) { aten::normal_out(out, 1, 2, shape, g); }},
  };
}

const std::vector<ScalarType> kDtypes = {kFloat, kDouble, kHalf, kBFloat16, kComplexFloat};

}  // namespace

// Every overload and dtype: one seed, the same bits at 1, 2, 3 and 7 threads, functional, into
// an empty out= and into a strided out=.
TEST(NormalTensors, BitIdenticalAtAnyThreadCountAndLayout) {
  ThreadCount restore;
  const int64_t rows = 389, cols = 419;  // odd: a Box-Muller pair cut short
  for (ScalarType t : kDtypes) {
    for (const Overload& o : overloads({rows, cols}, t)) {
      SCOPED_TRACE(std::string(o.name) + " " + toString(t));
      std::vector<unsigned char> want;
      for (int threads : kThreadCounts) {
        set_num_threads(threads);
        const Tensor r = o.call(make_generator(99));
        EXPECT_EQ(r.sizes(), IntArrayRef({rows, cols}));
        // float_Tensor has std's dtype, real for a complex t.
        const ScalarType rt = std::string(o.name) == "float_Tensor" ? toRealValueType(t) : t;
        EXPECT_EQ(r.scalar_type(), rt);
        EXPECT_TRUE(r.is_contiguous());
        Tensor out = empty({0}, rt);
        o.call_out(out, make_generator(99));
        Tensor st = strided(rows, cols, rt);
        o.call_out(st, make_generator(99));
        if (want.empty()) want = bytes_of(r);
        EXPECT_EQ(bytes_of(r), want) << threads << " threads";
        EXPECT_EQ(bytes_of(out), want) << threads << " threads, out=";
        EXPECT_EQ(bytes_of(st), want) << threads << " threads, strided out=";
      }
    }
  }
}

// The values are defined by a composition: standard normals as normal_ draws them, times std,
// plus mean (broadcast); with a number std, normal_ with that std, plus mean.
TEST(NormalTensors, ValuesAreNormalScaledAndShifted) {
  for (ScalarType t : {kFloat, kDouble, kHalf}) {
    SCOPED_TRACE(toString(t));
    const Tensor mean = means({4, 1}, t), std = stds({1, 7}, t);
    Tensor z = empty({4, 7}, t);
    aten::normal_(z, 0, 1, make_generator(3));
    EXPECT_EQ(bytes_of(aten::normal(mean, std, make_generator(3))), bytes_of(z.mul(std).add(mean)));
    Tensor zs = empty({4, 1}, t);
    aten::normal_(zs, 0, 2.5, make_generator(3));
    EXPECT_EQ(bytes_of(aten::normal(mean, 2.5, make_generator(3))), bytes_of(zs.add(mean)));
    Tensor zf = empty({1, 7}, t);
    aten::normal_(zf, 0, 1, make_generator(3));
    EXPECT_EQ(bytes_of(aten::normal(-1.5, std, make_generator(3))),
              bytes_of(zf.mul(std).add(-1.5)));
    Tensor zz = empty({3, 2}, t);
    aten::normal_(zz, 4, 0.5, make_generator(3));
    EXPECT_EQ(bytes_of(aten::normal(4, 0.5, {3, 2}, make_generator(3), TensorOptions(t))),
              bytes_of(zz));
  }
  // No dtype: Float. The default generator when none is given.
  aten::manual_seed(8);
  const Tensor a = aten::normal(0, 1, {5});
  EXPECT_EQ(a.scalar_type(), kFloat);
  EXPECT_EQ(bytes_of(a), bytes_of(aten::normal(0, 1, {5}, make_generator(8))));
}

// (x - mean) / std of every overload is standard normal: Kolmogorov-Smirnov against its CDF,
// mean and variance; Half and BFloat16 by mean and variance, with their rounding in the bound.
TEST(NormalTensors, StandardizedResultsAreStandardNormal) {
  const int64_t n = 200000;
  for (ScalarType t : {kFloat, kDouble, kHalf, kBFloat16}) {
    uint64_t seed = 500;
    for (const Overload& o : overloads({n}, t)) {
      SCOPED_TRACE(std::string(o.name) + " " + toString(t));
      const std::vector<double> x = reals_of(o.call(make_generator(++seed)));
      const std::vector<double> mean = reals_of(means({n}, kDouble));
      const std::vector<double> std = reals_of(stds({n}, kDouble));
      const bool mean_tensor = std::string(o.name).starts_with("Tensor");
      const bool std_tensor = std::string(o.name).ends_with("Tensor");
      std::vector<double> z(x.size());
      for (size_t i = 0; i < x.size(); ++i)
        z[i] = (x[i] - (mean_tensor ? mean[i] : 1)) / (std_tensor ? std[i] : 2);
      if (t == kFloat || t == kDouble) {
        expect_moments(z, 0, 1, 3, o.name);
        EXPECT_LT(ks_distance(z, [](double v) { return normal_cdf(v, 0, 1); }), ks_bound(n));
      } else {
        // Rounding to 8 (BFloat16) bits moves each value by at most 2^-8 of itself.
        EXPECT_NEAR(moments(z).mean, 0, 6 * std::sqrt(1.0 / n) + 0.01);
        EXPECT_NEAR(moments(z).var, 1, 6 * std::sqrt(2.0 / n) + 0.02);
      }
    }
  }
}

TEST(NormalTensors, ErrorsChangeNothing) {
  const Tensor mean = zeros({3}), std = full({3}, 1.0);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  struct Bad {
    std::function<void(Tensor&, const Generator&)> call;
    std::string fragment;
  };
  const std::vector<Bad> bad = {
      {[&](Tensor& o, const Generator& g) { aten::normal_out(o, mean, -1, g); },
       {"normal expects std >= 0.0, but found std -1"}},
      {[&](Tensor& o, const Generator& g) { aten::normal_out(o, mean, nan, g); },
       {"normal expects std >= 0.0, but found std nan"}},
      {[&](Tensor& o, const Generator& g) { aten::normal_out(o, 0, full({3}, -1.0), g); },
       {"normal expects all elements of std >= 0.0"}},
      {[&](Tensor& o, const Generator& g) { aten::normal_out(o, mean, full({3}, nan), g); },
       {"normal expects all elements of std >= 0.0"}},
      {[&](Tensor& o, const Generator& g) {
         aten::normal_out(o, mean, full({3}, 1.0, kComplexFloat), g);
       },
       {"normal expects standard deviation to be non-complex"}},
      {[&](Tensor& o, const Generator& g) { aten::normal_out(o, mean, full({2}, 1.0), g); },
       {"size"}},
      {[&](Tensor& o, const Generator& g) {
         aten::normal_out(o, zeros({3}, kComplexFloat), std, g);
       },
       {"result type ComplexFloat can't be cast to the desired output type Float"}},
      {[&](Tensor& o, const Generator& g) { aten::normal_out(o, 0, -2, {3}, g); },
       {"normal expects std >= 0.0, but found std -2"}},
      {[&](Tensor& o, const Generator& g) { aten::normal_out(o, zeros({4}), 1, g); },
       {"only an empty out tensor is resized"}},
  };
  for (const Bad& b : bad) {
    SCOPED_TRACE(b.fragment);
    Generator g = make_generator(5);
    Tensor out = full({3}, 7.0);
    expect_error([&] { b.call(out, g); }, {b.fragment});
    for (double v : reals_of(out)) EXPECT_EQ(v, 7);
    EXPECT_EQ(g.get_offset(), 0u);
  }
  // An out= of a dtype normal does not draw.
  Generator g = make_generator(5);
  Tensor long_out = zeros({3}, kLong);
  expect_error([&] { aten::normal_out(long_out, mean, std, g); }, {"not implemented for 'Long'"});
  for (double v : reals_of(long_out)) EXPECT_EQ(v, 0);
  expect_error([&] { aten::normal(zeros({3}, kLong), 1.0, g); }, {"not implemented for 'Long'"});
  expect_error([&] { aten::normal(0, 1, {3}, g, TensorOptions(kInt)); },
               {"not implemented for 'Int'"});
  expect_error([&] { aten::normal(zeros({2}), std, g); }, {"size"});
  EXPECT_EQ(g.get_offset(), 0u);
}

// Meta: the shape and dtype of the result, no draw; the std values are not read.
TEST(NormalTensors, MetaGivesTheGeometryAndDrawsNothing) {
  const TensorOptions meta = TensorOptions(kDouble).device(kMeta);
  Generator g = make_generator(5);
  const Tensor r = aten::normal(empty({4, 1}, meta), empty({5}, meta), g);
  EXPECT_TRUE(r.is_meta());
  EXPECT_EQ(r.sizes(), IntArrayRef({4, 5}));
  EXPECT_EQ(r.scalar_type(), kDouble);
  EXPECT_EQ(aten::normal(empty({2}, meta), 1, g).sizes(), IntArrayRef({2}));
  EXPECT_EQ(aten::normal(1, empty({3}, meta.dtype(kHalf)), g).scalar_type(), kHalf);
  EXPECT_TRUE(aten::normal(0, 1, {2, 2}, g, meta).is_meta());
  Tensor out = empty({0}, meta.dtype(kFloat));
  aten::normal_out(out, empty({6}, meta), empty({6}, meta), g);
  EXPECT_EQ(out.sizes(), IntArrayRef({6}));
  EXPECT_EQ(g.get_offset(), 0u);
  expect_error([&] { aten::normal(empty({2}, meta), -1, g); }, {"std >= 0.0"});
  expect_error([&] { aten::normal(empty({2}, meta), zeros({2}), g); }, {"same device"});
}
