// The ops of aten/native/Normalization.cpp: batch_norm, layer_norm, group_norm (their native
// forward and backward ops and composites) and instance_norm, against a reference computed in
// double from the inputs' values, for Float, Double and BFloat16 inputs that are contiguous,
// channels-last or transposed; the running statistics; ATen's errors; Meta results.
#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/batch_norm.h>
#include <aten/ops/group_norm.h>
#include <aten/ops/instance_norm.h>
#include <aten/ops/layer_norm.h>
#include <aten/ops/native_batch_norm.h>
#include <aten/ops/native_batch_norm_backward.h>
#include <aten/ops/native_group_norm.h>
#include <aten/ops/native_group_norm_backward.h>
#include <aten/ops/native_layer_norm.h>
#include <aten/ops/native_layer_norm_backward.h>
#include <aten/ops/ones.h>
#include <aten/ops/zeros.h>
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <vector>

#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using aten::ref::expect_equal;
using aten::ref::values_of;

namespace {

constexpr double kEps = 1e-5;

// Input values: mixed signs and a common offset (a mean far from 0 tests the centring).
Tensor norm_values(IntArrayRef sizes, ScalarType dtype, int64_t seed, double offset = 0.5) {
  return ref::make<double>(sizes,
                           [seed, offset](int64_t i) {
                             return offset + 2 * std::sin(0.37 * static_cast<double>(i) +
                                                          static_cast<double>(seed));
                           })
      .to(dtype);
}

// The layouts an input is given in: contiguous, channels-last (4-d) or transposed (its last
// two dims swapped in memory, the same logical values).
enum class Arrangement { contiguous, channels_last, transposed };
Tensor arranged(const Tensor& t, Arrangement a) {
  if (a == Arrangement::channels_last && t.dim() == 4)
    return t.contiguous(MemoryFormat::ChannelsLast);
  if (a == Arrangement::transposed && t.dim() >= 3)
    return t.transpose(-1, -2).contiguous().transpose(-1, -2);
  return t;
}

// The normalisation of elements grouped by group_of(i) (i in C order), each scaled by
// w[weight_of(i)] and shifted by b[...]: the forward results and, for a gradient dy, the
// backward ones.
struct Reference {
  std::vector<double> out, mean, rstd, gx, gw, gb;
};
Reference normalize(const std::vector<double>& x, const std::vector<double>& dy,
                    const std::vector<double>& w, const std::vector<double>& b, int64_t groups,
                    int64_t weights, const std::function<int64_t(int64_t)>& group_of,
                    const std::function<int64_t(int64_t)>& weight_of, double eps = kEps,
                    const std::vector<double>& backward_mean = {},
                    const std::vector<double>& backward_rstd = {}) {
  const auto n = static_cast<int64_t>(x.size());
  Reference r;
  std::vector<double> count(groups), sum(groups), sq(groups);
  for (int64_t i = 0; i < n; ++i) {
    count[group_of(i)] += 1;
    sum[group_of(i)] += x[i];
  }
  r.mean.resize(groups);
  for (int64_t g = 0; g < groups; ++g) r.mean[g] = sum[g] / count[g];
  for (int64_t i = 0; i < n; ++i) sq[group_of(i)] += std::pow(x[i] - r.mean[group_of(i)], 2);
  r.rstd.resize(groups);
  for (int64_t g = 0; g < groups; ++g) r.rstd[g] = 1 / std::sqrt(sq[g] / count[g] + eps);
  auto W = [&](int64_t i) { return w.empty() ? 1.0 : w[weight_of(i)]; };
  auto xhat = [&](int64_t i) { return (x[i] - r.mean[group_of(i)]) * r.rstd[group_of(i)]; };
  for (int64_t i = 0; i < n; ++i)
    r.out.push_back(xhat(i) * W(i) + (b.empty() ? 0 : b[weight_of(i)]));
  if (dy.empty()) return r;
  // The backward ops take the statistics as given (a BFloat16 forward rounds them).
  Reference stats = r;
  if (!backward_mean.empty()) {
    stats.mean = backward_mean;
    stats.rstd = backward_rstd;
  }
  auto bhat = [&](int64_t i) { return (x[i] - stats.mean[group_of(i)]) * stats.rstd[group_of(i)]; };
  std::vector<double> eu(groups), eud(groups);
  for (int64_t i = 0; i < n; ++i) {
    eu[group_of(i)] += W(i) * dy[i] / count[group_of(i)];
    eud[group_of(i)] += W(i) * dy[i] * bhat(i) / count[group_of(i)];
  }
  r.gw.assign(weights, 0);
  r.gb.assign(weights, 0);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t g = group_of(i);
    r.gx.push_back(stats.rstd[g] * (W(i) * dy[i] - eu[g] - bhat(i) * eud[g]));
    r.gw[weight_of(i)] += dy[i] * bhat(i);
    r.gb[weight_of(i)] += dy[i];
  }
  return r;
}

double tolerance(ScalarType dtype) {
  return dtype == ScalarType::Double ? 1e-10 : dtype == ScalarType::Float ? 2e-5 : 3e-2;
}

void expect_close(const Tensor& got, const std::vector<double>& want, ScalarType dtype,
                  const char* what) {
  const std::vector<double> g = values_of(got.contiguous());
  ASSERT_EQ(g.size(), want.size()) << what;
  const double tol = tolerance(dtype);
  for (size_t i = 0; i < g.size(); ++i)
    ASSERT_NEAR(g[i], want[i], tol * (1 + std::abs(want[i]))) << what << " at " << i;
}

const ScalarType kDtypes[] = {ScalarType::Float, ScalarType::Double, ScalarType::BFloat16};
const Arrangement kArrangements[] = {Arrangement::contiguous, Arrangement::channels_last,
                                     Arrangement::transposed};

}  // namespace

TEST(BatchNorm, TrainingForwardBackwardAndRunningStatistics) {
  for (const auto& shape : {std::vector<int64_t>{4, 3, 5, 7}, std::vector<int64_t>{37, 19},
                            std::vector<int64_t>{2, 5, 3}, std::vector<int64_t>{3, 4, 2, 3, 2}})
    for (ScalarType dt : kDtypes)
      for (Arrangement a : kArrangements) {
        SCOPED_TRACE(::testing::Message()
                     << IntArrayRef(shape) << " " << dt << " " << static_cast<int>(a));
        const int64_t C = shape[1];
        int64_t S = 1;
        for (size_t d = 2; d < shape.size(); ++d) S *= shape[d];
        const Tensor x = arranged(norm_values(shape, dt, 1), a),
                     dy = arranged(norm_values(shape, dt, 2, 0), a);
        // A BFloat16 input takes Float parameters (ATen's mixed type).
        const ScalarType pt = dt == ScalarType::BFloat16 ? ScalarType::Float : dt;
        const Tensor w = norm_values({C}, pt, 3), b = norm_values({C}, pt, 4);
        const Tensor rm = zeros({C}, pt), rv = ones({C}, pt);
        auto [out, save_mean, save_invstd] = native_batch_norm(x, w, b, rm, rv, true, 0.1, kEps);
        const Reference r = normalize(
            values_of(x), values_of(dy), values_of(w), values_of(b), C, C,
            [&](int64_t i) { return (i / S) % C; }, [&](int64_t i) { return (i / S) % C; });
        expect_close(out, r.out, dt, "out");
        expect_close(save_mean, r.mean, pt, "save_mean");
        expect_close(save_invstd, r.rstd, pt, "save_invstd");
        EXPECT_EQ(save_mean.scalar_type(), pt);
        EXPECT_EQ(out.scalar_type(), dt);
        if (a == Arrangement::channels_last && x.dim() == 4) {
          EXPECT_TRUE(out.is_contiguous(MemoryFormat::ChannelsLast));
        }
        // running = 0.9 * running + 0.1 * (mean, unbiased variance)
        const double n = static_cast<double>(shape[0] * S);
        std::vector<double> want_rm, want_rv;
        for (int64_t c = 0; c < C; ++c) {
          want_rm.push_back(0.1 * r.mean[c]);
          const double var = 1 / (r.rstd[c] * r.rstd[c]) - kEps;
          want_rv.push_back(0.9 + 0.1 * var * n / (n - 1));
        }
        expect_close(rm, want_rm, pt, "running_mean");
        expect_close(rv, want_rv, pt, "running_var");
        auto [gx, gw, gb] = native_batch_norm_backward(dy, x, w, rm, rv, save_mean, save_invstd,
                                                       true, kEps, {true, true, true});
        expect_close(gx, r.gx, dt, "grad_input");
        expect_close(gw, r.gw, pt, "grad_weight");
        expect_close(gb, r.gb, pt, "grad_bias");
        // The composite gives native_batch_norm's first result.
        expect_close(batch_norm(x, w, b, Tensor(), Tensor(), true, 0.1, kEps, false), r.out, dt,
                     "batch_norm");
      }
}

TEST(BatchNorm, EvaluationUsesRunningStatistics) {
  for (ScalarType dt : {ScalarType::Float, ScalarType::Double}) {
    const Tensor x = norm_values({3, 4, 5}, dt, 1), dy = norm_values({3, 4, 5}, dt, 2);
    const Tensor rm = norm_values({4}, dt, 5), rv = norm_values({4}, dt, 6, 3.0),
                 w = norm_values({4}, dt, 7);
    auto [out, sm, si] = native_batch_norm(x, w, Tensor(), rm, rv, false, 0.1, kEps);
    EXPECT_EQ(sm.sizes(), IntArrayRef({0}));  // as ATen: no batch statistics in evaluation
    EXPECT_EQ(si.sizes(), IntArrayRef({0}));
    const std::vector<double> xv = values_of(x), m = values_of(rm), v = values_of(rv),
                              wv = values_of(w), g = values_of(dy);
    std::vector<double> want, want_gx, want_gw(4), want_gb(4);
    for (size_t i = 0; i < xv.size(); ++i) {
      const size_t c = (i / 5) % 4;
      const double inv = 1 / std::sqrt(v[c] + kEps);
      want.push_back((xv[i] - m[c]) * inv * wv[c]);
      want_gx.push_back(g[i] * inv * wv[c]);
      want_gw[c] += g[i] * (xv[i] - m[c]) * inv;
      want_gb[c] += g[i];
    }
    expect_close(out, want, dt, "out");
    expect_close(rm, values_of(norm_values({4}, dt, 5)), dt, "running_mean unchanged");
    auto [gx, gw, gb] = native_batch_norm_backward(dy, x, w, rm, rv, sm, si, false, kEps,
                                                   {true, true, true});
    expect_close(gx, want_gx, dt, "grad_input");
    expect_close(gw, want_gw, dt, "grad_weight");
    expect_close(gb, want_gb, dt, "grad_bias");
    auto [only_gx, no_gw, no_gb] = native_batch_norm_backward(dy, x, w, rm, rv, sm, si, false, kEps,
                                                              {true, false, false});
    EXPECT_TRUE(only_gx.defined());
    EXPECT_FALSE(no_gw.defined());
    EXPECT_FALSE(no_gb.defined());
  }
}

// Regressions found by the conformance suite: ATen's layouts and checks.
TEST(BatchNorm, LayoutsStatisticsShapesAndInfiniteInputsInEvaluation) {
  // One channel (or 1 x 1 planes) in channels-last strides is also contiguous: ATen's result is
  // contiguous then.
  const Tensor one =
      norm_values({2, 1, 7, 4}, ScalarType::Float, 1).contiguous(MemoryFormat::ChannelsLast);
  EXPECT_EQ(
      std::get<0>(native_batch_norm(one, Tensor(), Tensor(), Tensor(), Tensor(), true, 0.1, kEps))
          .strides(),
      IntArrayRef({28, 28, 4, 1}));
  // Running statistics are vectors.
  const Tensor x = norm_values({4, 3, 5}, ScalarType::Float, 1);
  ref::expect_error(
      [&] {
        native_batch_norm(x, Tensor(), Tensor(), zeros({3, 1}), ones({3}), false, 0.1, kEps);
      },
      {"expected running_mean to be 1-d, got sizes [3, 1]"});
  // In evaluation grad_input is grad_out * weight * invstd: an infinite input has no part in it.
  Tensor xi = x.clone();
  xi.fill_(std::numeric_limits<double>::infinity());
  const Tensor dy = norm_values({4, 3, 5}, ScalarType::Float, 2);
  const Tensor gx = std::get<0>(native_batch_norm_backward(dy, xi, Tensor(), zeros({3}), ones({3}),
                                                           Tensor(), Tensor(), false, kEps,
                                                           {true, false, false}));
  const std::vector<double> g = values_of(gx), d = values_of(dy);
  for (size_t i = 0; i < g.size(); ++i) EXPECT_NEAR(g[i], d[i] / std::sqrt(1 + kEps), 1e-6) << i;
}

TEST(BatchNorm, OutOverload) {
  const Tensor x = norm_values({2, 3, 4}, ScalarType::Float, 1);
  Tensor out = empty({0}), sm = empty({0}), si = empty({0});
  native_batch_norm_out(out, sm, si, x, Tensor(), Tensor(), Tensor(), Tensor(), true, 0.1, kEps);
  auto [want, want_m, want_s] = native_batch_norm(x, Tensor(), Tensor(), Tensor(), Tensor(), true,
                                                  0.1, kEps);
  expect_equal(out, want);
  expect_equal(sm, want_m);
  expect_equal(si, want_s);
  Tensor wrong = empty({0}, ScalarType::Double);
  ref::expect_error(
      [&] {
        native_batch_norm_out(wrong, sm, si, x, Tensor(), Tensor(), Tensor(), Tensor(), true, 0.1,
                              kEps);
      },
      {"Double", "Float"});
}

TEST(BatchNorm, Errors) {
  const Tensor x = norm_values({4, 3, 5}, ScalarType::Float, 1);
  ref::expect_error(
      [&] { native_batch_norm(x, ones({2}), Tensor(), Tensor(), Tensor(), true, 0.1, kEps); },
      {"weight should contain 3 elements not 2"});
  ref::expect_error(
      [&] { batch_norm(x, Tensor(), ones({4}), Tensor(), Tensor(), true, 0.1, kEps, false); },
      {"bias should contain 3 elements not 4"});
  ref::expect_error(
      [&] { batch_norm(x, Tensor(), Tensor(), Tensor(), Tensor(), false, 0.1, kEps, false); },
      {"running_mean must be defined in evaluation mode"});
  ref::expect_error(
      [&] { native_batch_norm(x, Tensor(), Tensor(), ones({3}), Tensor(), false, 0.1, kEps); },
      {"running_var must be defined in evaluation mode"});
  ref::expect_error(
      [&] {
        native_batch_norm(norm_values({3}, ScalarType::Float, 1), Tensor(), Tensor(), Tensor(),
                          Tensor(), true, 0.1, kEps);
      },
      {"at least 2 dims", "[3]"});
  ref::expect_error(
      [&] {
        native_batch_norm(x.to(ScalarType::Half), Tensor(), Tensor(), Tensor(), Tensor(), true, 0.1,
                          kEps);
      },
      {"\"batch_norm\" not implemented for 'Half'"});
  ref::expect_error(
      [&] {
        native_batch_norm(x.to(ScalarType::Double), ones({3}), Tensor(), Tensor(), Tensor(), true,
                          0.1, kEps);
      },
      {"mixed dtype (CPU): expect input to have scalar type of BFloat16"});
  ref::expect_error(
      [&] {
        native_batch_norm_backward(x, x, Tensor(), Tensor(), Tensor(), Tensor(), Tensor(), true,
                                   kEps, {true, true, true});
      },
      {"save_mean and save_invstd must be defined in training mode"});
  ref::expect_error(
      [&] {
        native_batch_norm_backward(x.slice(2, 0, 2), x, Tensor(), Tensor(), Tensor(), ones({3}),
                                   ones({3}), true, kEps, {true, true, true});
      },
      {"grad_out of size [4, 3, 5]", "[4, 3, 2]"});
}

TEST(BatchNorm, EmptyInputsAndMeta) {
  // The composite returns a copy of an empty input (ATen's); the native op empty results.
  const Tensor e = empty({0, 3, 4});
  EXPECT_EQ(batch_norm(e, ones({3}), ones({3}), Tensor(), Tensor(), true, 0.1, kEps, false).sizes(),
            IntArrayRef({0, 3, 4}));
  // Empty before any check, as ATen's: even with fewer than 2 dims.
  EXPECT_EQ(batch_norm(empty({0}), Tensor(), ones({1}), Tensor(), Tensor(), false, 0.1, kEps, false)
                .sizes(),
            IntArrayRef({0}));
  for (Arrangement a : kArrangements) {
    const Tensor x = arranged(norm_values({2, 3, 4, 5}, ScalarType::Float, 1), a);
    auto cpu = native_batch_norm(x, ones({3}), Tensor(), zeros({3}), ones({3}), true, 0.1, kEps);
    auto meta = native_batch_norm(ref::to_meta(x), ref::to_meta(ones({3})), Tensor(),
                                  ref::to_meta(zeros({3})), ref::to_meta(ones({3})), true, 0.1,
                                  kEps);
    ref::expect_same_geometry(std::get<0>(meta), std::get<0>(cpu));
    ref::expect_same_geometry(std::get<1>(meta), std::get<1>(cpu));
    auto gcpu = native_batch_norm_backward(x, x, ones({3}), Tensor(), Tensor(), std::get<1>(cpu),
                                           std::get<2>(cpu), true, kEps, {true, true, false});
    auto gmeta = native_batch_norm_backward(
        ref::to_meta(x), ref::to_meta(x), ref::to_meta(ones({3})), Tensor(), Tensor(),
        std::get<1>(meta), std::get<2>(meta), true, kEps, {true, true, false});
    ref::expect_same_geometry(std::get<0>(gmeta), std::get<0>(gcpu));
    ref::expect_same_geometry(std::get<1>(gmeta), std::get<1>(gcpu));
    EXPECT_FALSE(std::get<2>(gmeta).defined());
  }
}

TEST(InstanceNorm, NormalizesEachSampleAndChannelAndAveragesRunningStatistics) {
  const Tensor x = norm_values({2, 3, 4, 5}, ScalarType::Double, 1);
  const Tensor w = norm_values({3}, ScalarType::Double, 2),
               b = norm_values({3}, ScalarType::Double, 3);
  const Tensor rm = zeros({3}, ScalarType::Double), rv = ones({3}, ScalarType::Double);
  const Tensor out = instance_norm(x, w, b, rm, rv, true, 0.1, kEps, false);
  const Reference r = normalize(
      values_of(x), {}, values_of(w), values_of(b), 6, 3, [](int64_t i) { return i / 20; },
      [](int64_t i) { return (i / 20) % 3; });
  expect_close(out, r.out, ScalarType::Double, "out");
  std::vector<double> want_rm;
  for (int64_t c = 0; c < 3; ++c) want_rm.push_back(0.1 * (r.mean[c] + r.mean[3 + c]) / 2);
  expect_close(rm, want_rm, ScalarType::Double, "running_mean");
  ref::expect_error(
      [&] { instance_norm(x, w, b, Tensor(), Tensor(), false, 0.1, kEps, false); },
      {"Expected running_mean and running_var to be defined when use_input_stats is false"});
}

TEST(LayerNorm, ForwardBackwardAgainstReference) {
  for (const auto& [shape, normalized] :
       {std::pair{std::vector<int64_t>{4, 3, 5, 7}, std::vector<int64_t>{5, 7}},
        std::pair{std::vector<int64_t>{6, 37}, std::vector<int64_t>{37}},
        std::pair{std::vector<int64_t>{2, 3, 4, 5}, std::vector<int64_t>{2, 3, 4, 5}},
        std::pair{std::vector<int64_t>{3, 1000}, std::vector<int64_t>{1000}}})
    for (ScalarType dt : kDtypes)
      for (Arrangement a : kArrangements)
        for (bool affine : {true, false}) {
          SCOPED_TRACE(::testing::Message() << IntArrayRef(shape) << " " << dt << " "
                                            << static_cast<int>(a) << " " << affine);
          int64_t K = 1;
          for (int64_t s : normalized) K *= s;
          const Tensor x = arranged(norm_values(shape, dt, 1), a),
                       dy = arranged(norm_values(shape, dt, 2, 0), a);
          const Tensor w = affine ? norm_values(normalized, dt, 3) : Tensor();
          const Tensor b = affine ? norm_values(normalized, dt, 4) : Tensor();
          auto [out, mean, rstd] = native_layer_norm(x, normalized, w, b, kEps);
          const Reference r = normalize(
              values_of(x), values_of(dy), affine ? values_of(w) : std::vector<double>{},
              affine ? values_of(b) : std::vector<double>{}, x.numel() / K, K,
              [K](int64_t i) { return i / K; }, [K](int64_t i) { return i % K; }, kEps,
              values_of(mean), values_of(rstd));
          expect_close(out, r.out, dt, "out");
          expect_close(mean, r.mean, dt, "mean");
          expect_close(rstd, r.rstd, dt, "rstd");
          std::vector<int64_t> stat_shape = shape;
          for (size_t d = shape.size() - normalized.size(); d < shape.size(); ++d)
            stat_shape[d] = 1;
          EXPECT_EQ(mean.sizes(), IntArrayRef(stat_shape));
          EXPECT_TRUE(out.is_contiguous());
          auto [gx, gw, gb] = native_layer_norm_backward(dy, x, normalized, mean, rstd, w, b,
                                                         {true, true, true});
          expect_close(gx, r.gx, dt, "grad_input");
          expect_close(gw, r.gw, dt, "grad_weight");
          expect_close(gb, r.gb, dt, "grad_bias");
          expect_close(layer_norm(x, normalized, w, b, kEps), r.out, dt, "layer_norm");
        }
}

TEST(LayerNorm, ErrorsAndMeta) {
  const Tensor x = norm_values({4, 3, 5, 6}, ScalarType::Float, 1);
  ref::expect_error(
      [&] {
        native_layer_norm(x, {6, 5}, Tensor(), Tensor(), kEps);
      },
      {"Given normalized_shape=[6, 5], expected input with shape [*, 6, 5], but got "
       "input of size[4, 3, 5, 6]"});
  ref::expect_error([&] { layer_norm(x, {}, Tensor(), Tensor(), kEps, true); },
                    {"Expected normalized_shape to be at least 1-dimensional"});
  ref::expect_error(
      [&] {
        native_layer_norm(x, {5, 6}, ones({30}), Tensor(), kEps);
      },
      {"Expected weight to be of same shape as normalized_shape, but got weight of "
       "shape [30] and normalized_shape = [5, 6]"});
  ref::expect_error(
      [&] {
        native_layer_norm(x, {5, 6}, Tensor(), ones({6, 5}), kEps);
      },
      {"Expected bias to be of same shape as normalized_shape"});
  ref::expect_error(
      [&] { native_layer_norm(x, {6}, ones({6}, ScalarType::Double), Tensor(), kEps); },
      {"expected scalar type Float but found Double"});
  ref::expect_error(
      [&] { native_layer_norm(x.to(ScalarType::Half), {6}, Tensor(), Tensor(), kEps); },
      {"\"LayerNormKernelImpl\" not implemented for 'Half'"});
  auto cpu = native_layer_norm(x, {5, 6}, ones({5, 6}), Tensor(), kEps);
  auto meta = native_layer_norm(ref::to_meta(x), {5, 6}, ref::to_meta(ones({5, 6})), Tensor(),
                                kEps);
  ref::expect_same_geometry(std::get<0>(meta), std::get<0>(cpu));
  ref::expect_same_geometry(std::get<2>(meta), std::get<2>(cpu));
  auto g = native_layer_norm_backward(ref::to_meta(x), ref::to_meta(x), {5, 6}, std::get<1>(meta),
                                      std::get<2>(meta), ref::to_meta(ones({5, 6})), Tensor(),
                                      {true, true, true});
  EXPECT_EQ(std::get<1>(g).sizes(), IntArrayRef({5, 6}));
  // Zero rows: empty results.
  auto [e, em, er] = native_layer_norm(empty({0, 3}), {3}, Tensor(), Tensor(), kEps);
  EXPECT_EQ(em.sizes(), IntArrayRef({0, 1}));
}

TEST(GroupNorm, ForwardBackwardAgainstReference) {
  for (const auto& [shape, groups] : {std::pair{std::vector<int64_t>{4, 6, 5, 7}, int64_t{3}},
                                      std::pair{std::vector<int64_t>{3, 4, 9}, int64_t{4}},
                                      std::pair{std::vector<int64_t>{2, 8}, int64_t{2}},
                                      std::pair{std::vector<int64_t>{2, 4, 3, 2, 2}, int64_t{1}}})
    for (ScalarType dt : kDtypes)
      for (Arrangement a : kArrangements) {
        SCOPED_TRACE(::testing::Message()
                     << IntArrayRef(shape) << " " << dt << " " << static_cast<int>(a));
        // A plain variable: clang 14 cannot capture a structured binding in the lambdas below.
        const int64_t G = groups, N = shape[0], C = shape[1], D = C / G;
        int64_t HxW = 1;
        for (size_t d = 2; d < shape.size(); ++d) HxW *= shape[d];
        const Tensor x = arranged(norm_values(shape, dt, 1), a),
                     dy = arranged(norm_values(shape, dt, 2, 0), a);
        const Tensor w = norm_values({C}, dt, 3), b = norm_values({C}, dt, 4);
        // ATen's native op takes an input contiguous in its memory format (the composite
        // makes it so); any other layout is an error.
        const MemoryFormat format = x.dim() >= 2 ? x.suggest_memory_format()
                                                 : MemoryFormat::Contiguous;
        if (!x.is_contiguous(format)) {
          ref::expect_error([&] { native_group_norm(x, w, b, N, C, HxW, G, kEps); },
                            {"contiguous in its memory format"});
        }
        auto [out, mean, rstd] = native_group_norm(x.contiguous(format), w, b, N, C, HxW, G, kEps);
        const Reference r = normalize(
            values_of(x), values_of(dy), values_of(w), values_of(b), N * G, C,
            [&](int64_t i) { return (i / (C * HxW)) * G + ((i / HxW) % C) / D; },
            [&](int64_t i) { return (i / HxW) % C; }, kEps, values_of(mean), values_of(rstd));
        expect_close(out, r.out, dt, "out");
        expect_close(mean, r.mean, dt, "mean");
        expect_close(rstd, r.rstd, dt, "rstd");
        EXPECT_EQ(mean.sizes(), IntArrayRef({N, G}));
        if (a == Arrangement::channels_last && x.dim() == 4) {
          EXPECT_TRUE(out.is_contiguous(MemoryFormat::ChannelsLast));
        }
        auto [gx, gw, gb] = native_group_norm_backward(dy, x, mean, rstd, w, N, C, HxW, G,
                                                       {true, true, true});
        expect_close(gx, r.gx, dt, "grad_input");
        expect_close(gw, r.gw, dt, "grad_weight");
        expect_close(gb, r.gb, dt, "grad_bias");
        expect_close(group_norm(x, G, w, b, kEps, true), r.out, dt, "group_norm");
      }
}

// As ATen's kernels: rstd is computed in the dtype with eps rounded to it (1 / sqrt(1e-5f) is
// 316.22778 in Float, the double's 316.22775 rounded is not), and without weight or bias the
// output is (x - mean) * rstd, so a group of one element normalizes to 0 exactly.
TEST(GroupNorm, GroupsOfOneElementAndEpsInTheDtype) {
  const Tensor x = norm_values({2, 3}, ScalarType::Float, 1);
  auto [out, mean, rstd] = native_group_norm(x, Tensor(), Tensor(), 2, 3, 1, 3, 1e-5);
  ref::expect_all(out, 0.0);
  EXPECT_EQ(ref::read_double(rstd, {0, 0}), static_cast<double>(1.0f / std::sqrt(1e-5f)));
  auto [lout, lmean, lrstd] = native_layer_norm(x.reshape({6, 1}), {1}, Tensor(), Tensor(), 1e-5);
  EXPECT_EQ(ref::read_double(lrstd, {0, 0}), static_cast<double>(1.0f / std::sqrt(1e-5f)));
}

TEST(GroupNorm, ErrorsAndMeta) {
  const Tensor x = norm_values({4, 3, 5, 6}, ScalarType::Float, 1);
  ref::expect_error([&] { group_norm(x, 2, Tensor(), Tensor(), kEps, true); },
                    {"Expected number of channels in input to be divisible by num_groups, but got "
                     "input of shape [4, 3, 5, 6] and num_groups=2"});
  ref::expect_error([&] { group_norm(x, 3, ones({2}), Tensor(), kEps, true); },
                    {"Expected weight to be a vector of size equal to the number of channels in "
                     "input, but got weight of shape [2] and input of shape [4, 3, 5, 6]"});
  ref::expect_error([&] { native_group_norm(x, Tensor(), Tensor(), 4, 3, 29, 3, kEps); },
                    {"N * C * HxW", "[4, 3, 5, 6]"});
  // native_group_norm repeats the composite's vector check (libtorch 1.13's CPU kernel does);
  // its backward takes C elements of any shape, as ATen's.
  ref::expect_error(
      [&] {
        native_group_norm(x, Tensor(), ones({1, 3}), 4, 3, 30, 3, kEps);
      },
      {"Expected bias to be a vector of size equal to the number of channels in "
       "input, but got bias of shape [1, 3] and input of shape [4, 3, 5, 6]"});
  {
    auto [out, mean, rstd] = native_group_norm(x, Tensor(), Tensor(), 4, 3, 30, 3, kEps);
    auto [gx, gw, gb] = native_group_norm_backward(out, x, mean, rstd, ones({1, 3}), 4, 3, 30, 3,
                                                   {true, true, true});
    EXPECT_EQ(gw.sizes(), IntArrayRef({1, 3}));
  }
  ref::expect_error(
      [&] {
        native_batch_norm(x, ones({3}, ScalarType::Double), Tensor(), Tensor(), Tensor(), true, 0.1,
                          kEps);
      },
      {"mixed dtype (CPU): expect parameter to have scalar type of Float"});
  auto [e0, em0, er0] = native_layer_norm(empty({3, 0}), {0}, Tensor(), Tensor(), kEps);
  EXPECT_EQ(values_of(em0), (std::vector<double>{0, 0, 0}));  // ATen's: 0 and 0 / 0
  EXPECT_TRUE(std::isnan(values_of(er0)[0]));
  ref::expect_error([&] { group_norm(x, 0, Tensor(), Tensor(), kEps, true); },
                    {"Expected num groups to be greater than 0, got 0"});
  ref::expect_error([&] { group_norm(x.to(ScalarType::Half), 3, Tensor(), Tensor(), kEps, true); },
                    {"\"GroupNormKernelImpl\" not implemented for 'Half'"});
  ref::expect_error(
      [&] { group_norm(x.to(ScalarType::BFloat16), 3, ones({3}), Tensor(), kEps, true); },
      {"expected scalar type BFloat16 but found Float"});
  const Tensor cl = x.contiguous(MemoryFormat::ChannelsLast);
  auto cpu = native_group_norm(cl, ones({3}), Tensor(), 4, 3, 30, 3, kEps);
  auto meta = native_group_norm(ref::to_meta(cl), ref::to_meta(ones({3})), Tensor(), 4, 3, 30, 3,
                                kEps);
  ref::expect_same_geometry(std::get<0>(meta), std::get<0>(cpu));
  ref::expect_same_geometry(std::get<1>(meta), std::get<1>(cpu));
  auto gcpu = native_group_norm_backward(cl, cl, std::get<1>(cpu), std::get<2>(cpu), ones({3}), 4,
                                         3, 30, 3, {true, false, true});
  auto gmeta = native_group_norm_backward(ref::to_meta(cl), ref::to_meta(cl), std::get<1>(meta),
                                          std::get<2>(meta), ref::to_meta(ones({3})), 4, 3, 30, 3,
                                          {true, false, true});
  ref::expect_same_geometry(std::get<0>(gmeta), std::get<0>(gcpu));
  EXPECT_FALSE(std::get<1>(gmeta).defined());
  ref::expect_same_geometry(std::get<2>(gmeta), std::get<2>(gcpu));
}
