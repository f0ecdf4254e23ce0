// The cases of aten/native/Normalization.cpp's ops: batch_norm (training and evaluation, the
// out= form, the backward op in both modes), instance_norm, layer_norm and group_norm with
// their native and backward ops. Cases with a weight and bias tie their sizes to the input's
// channels, which the zero-size and large layouts do not keep; the cases without them run on
// every layout but 0-dim (these ops need a channel dim).
#include "../ReductionCases.h"

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

#include <cmath>
#include <functional>

namespace aten::optest {

namespace {

constexpr double kEps = 1e-5;

double real(const RefTensor& t, int64_t i) { return t.values[static_cast<size_t>(i)].real(); }

// Elements grouped for their statistics by group_of(i) (i in C order), scaled and shifted by
// weight / bias element param_of(i). Statistics given (mean, rstd non-null) are used as they
// are, as the backward ops do; else computed from x.
struct Grouping {
  int64_t groups;
  std::function<int64_t(int64_t)> group_of, param_of;
};

struct Stats {
  std::vector<double> count, mean, rstd;
};

Stats stats_of(const RefTensor& x, const Grouping& g) {
  Stats s{std::vector<double>(g.groups), std::vector<double>(g.groups),
          std::vector<double>(g.groups)};
  std::vector<double> sum(g.groups), sq(g.groups);
  for (int64_t i = 0; i < x.numel(); ++i) {
    s.count[g.group_of(i)] += 1;
    sum[g.group_of(i)] += real(x, i);
  }
  for (int64_t k = 0; k < g.groups; ++k) s.mean[k] = sum[k] / s.count[k];
  for (int64_t i = 0; i < x.numel(); ++i)
    sq[g.group_of(i)] += std::pow(real(x, i) - s.mean[g.group_of(i)], 2);
  for (int64_t k = 0; k < g.groups; ++k) s.rstd[k] = 1 / std::sqrt(sq[k] / s.count[k] + kEps);
  return s;
}

RefTensor rounded(const Shape& shape, ScalarType dtype, const std::vector<double>& v) {
  RefTensor t = filled(shape, dtype);
  for (size_t i = 0; i < v.size(); ++i) t.values[i] = round_to(dtype, v[i]);
  return t;
}

// out = (x - mean) * rstd * w + b.
std::vector<double> forward(const RefTensor& x, const RefTensor* w, const RefTensor* b,
                            const Grouping& g, const Stats& s) {
  std::vector<double> out;
  for (int64_t i = 0; i < x.numel(); ++i) {
    const int64_t k = g.group_of(i), p = g.param_of(i);
    out.push_back((real(x, i) - s.mean[k]) * s.rstd[k] * (w ? real(*w, p) : 1.0) +
                  (b ? real(*b, p) : 0.0));
  }
  return out;
}

// grad_input = rstd * (u - E[u] - D E[u D]) (u = w * dy, D = (x - mean) * rstd, E per group;
// with constant statistics rstd * u), grad_weight = sum(dy * D), grad_bias = sum(dy).
struct Backward {
  std::vector<double> gx, gw, gb;
};
Backward backward(const RefTensor& dy, const RefTensor& x, const RefTensor* w, int64_t params,
                  const Grouping& g, const Stats& s, bool stats_of_x) {
  Backward r{{}, std::vector<double>(params), std::vector<double>(params)};
  auto u = [&](int64_t i) { return real(dy, i) * (w ? real(*w, g.param_of(i)) : 1.0); };
  auto D = [&](int64_t i) { return (real(x, i) - s.mean[g.group_of(i)]) * s.rstd[g.group_of(i)]; };
  std::vector<double> count(g.groups), eu(g.groups), eud(g.groups);
  for (int64_t i = 0; i < x.numel(); ++i) count[g.group_of(i)] += 1;
  for (int64_t i = 0; i < x.numel(); ++i) {
    eu[g.group_of(i)] += u(i) / count[g.group_of(i)];
    eud[g.group_of(i)] += u(i) * D(i) / count[g.group_of(i)];
  }
  for (int64_t i = 0; i < x.numel(); ++i) {
    const int64_t k = g.group_of(i);
    r.gx.push_back(stats_of_x ? s.rstd[k] * (u(i) - eu[k] - D(i) * eud[k]) : s.rstd[k] * u(i));
    r.gw[g.param_of(i)] += real(dy, i) * D(i);
    r.gb[g.param_of(i)] += real(dy, i);
  }
  return r;
}

// ---- batch norm: [N, C, S...] -----------------------------------------------------------------

Grouping per_channel(const Shape& shape) {
  const int64_t C = shape[1];
  int64_t S = 1;
  for (size_t d = 2; d < shape.size(); ++d) S *= shape[d];
  auto channel = [C, S](int64_t i) { return (i / S) % C; };
  return {C, channel, channel};
}

const RefTensor* maybe(const Refs& in, size_t k) { return k < in.size() ? &in[k] : nullptr; }

OpCase batch_norm_case(const Shape& shape, bool affine, bool composite, bool out_form) {
  OpCase c;
  c.overloads = composite  ? std::vector<std::string>{"batch_norm"}
                : out_form ? std::vector<std::string>{"native_batch_norm", "native_batch_norm.out"}
                           : std::vector<std::string>{"native_batch_norm"};
  c.inputs = {Input{shape}};
  if (affine) c.inputs.insert(c.inputs.end(), {Input{{shape[1]}}, Input{{shape[1]}}});
  c.result_dtypes = [composite](std::span<const ScalarType> t) {
    return composite ? std::vector{t[0]} : std::vector{t[0], t[0], t[0]};
  };
  c.reference = [composite](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor& x = in[0];
    const Grouping g = per_channel(x.sizes);
    const Stats s = stats_of(x, g);
    const RefTensor out = rounded(x.sizes, dtypes[0], forward(x, maybe(in, 1), maybe(in, 2), g, s));
    if (composite) return {out};
    return {out, rounded({g.groups}, dtypes[1], s.mean), rounded({g.groups}, dtypes[2], s.rstd)};
  };
  auto param = [](const Tensors& in, size_t k) {
    return k < in.size() ? std::optional<Tensor>(in[k]) : std::nullopt;
  };
  c.call = [=](const Tensors& in) {
    if (composite)
      return Tensors{batch_norm(in[0], param(in, 1), param(in, 2), std::nullopt, std::nullopt, true,
                                0.1, kEps, false)};
    auto [out, m, s] = native_batch_norm(in[0], param(in, 1), param(in, 2), std::nullopt,
                                         std::nullopt, true, 0.1, kEps);
    return Tensors{out, m, s};
  };
  if (out_form)
    c.call_out = [=](const Tensors& in, Tensors& o) {
      native_batch_norm_out(o[0], o[1], o[2], in[0], param(in, 1), param(in, 2), std::nullopt,
                            std::nullopt, true, 0.1, kEps);
    };
  c.undeclared_error = "\"batch_norm\" not implemented for";
  c.skip_layouts = {Layout::zero_dim};
  // An empty batch has no statistics (NaN), which ATen's composite never computes.
  if (affine || !composite) c.skip_layouts.push_back(Layout::zero_size);
  if (affine) c.skip_layouts.push_back(Layout::large);
  // A broadcast [N, C] input has channels of equal values. ATen's fused x * alpha + (b - mean *
  // alpha) leaves there the rounding of mean * alpha (rstd = 1 / sqrt(eps) makes it 1e-4), and
  // how much of it depends on the capability's FMA; the reference's (x - mean) * rstd gives 0.
  if (shape.size() == 2) c.skip_layouts.push_back(Layout::broadcast);
  c.tolerance_scale = 4;
  return c;
}

// Evaluation: the running statistics normalise; the batch's are not computed (empty results).
OpCase batch_norm_eval_case() {
  const Shape shape = {3, 4, 5};
  OpCase c;
  c.overloads = {"native_batch_norm"};
  c.inputs = {Input{shape}, Input{{4}}, Input{{4}}, Input{{4}}, Input{{4}, Values::positive}};
  // Evaluation normalises as ATen does, x * (weight * rstd) + (bias - mean * weight * rstd): with
  // an infinite weight and a zero mean the shift is NaN where the reference's
  // (x - mean) * rstd * weight + bias is an infinity.
  c.reference_ordinary_values_only = true;
  c.not_differentiable_inputs = {3, 4};
  c.result_dtypes = [](std::span<const ScalarType> t) { return std::vector{t[0], t[0], t[0]}; };
  c.reference = [](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    // The channels from the statistics (the fuzzer draws other sizes than the case's).
    const Grouping g = per_channel(in[0].sizes);
    Stats s{{}, {}, {}};
    for (int64_t k = 0; k < in[3].numel(); ++k) {
      s.mean.push_back(real(in[3], k));
      s.rstd.push_back(1 / std::sqrt(real(in[4], k) + kEps));
    }
    return {rounded(in[0].sizes, dtypes[0], forward(in[0], &in[1], &in[2], g, s)),
            filled({0}, dtypes[1]), filled({0}, dtypes[2])};
  };
  c.call = [](const Tensors& in) {
    auto [out, m, s] = native_batch_norm(in[0], in[1], in[2], in[3], in[4], false, 0.1, kEps);
    return Tensors{out, m, s};
  };
  c.undeclared_error = "\"batch_norm\" not implemented for";
  c.skip_layouts = {Layout::zero_dim, Layout::zero_size, Layout::large};
  c.tolerance_scale = 4;
  return c;
}

// The backward with given statistics (save_mean / save_invstd in training, the running ones in
// evaluation). In training the gradient of input assumes the statistics are input's, which a
// finite difference with them held fixed does not see: input is not differentiated there.
OpCase batch_norm_backward_case(bool train) {
  const Shape shape = {3, 4, 5};
  OpCase c;
  c.overloads = {"native_batch_norm_backward"};
  c.inputs = {Input{shape}, Input{shape}, Input{{4}}, Input{{4}}, Input{{4}, Values::positive}};
  c.not_differentiable_inputs = train ? std::vector<size_t>{1, 3, 4} : std::vector<size_t>{3, 4};
  c.result_dtypes = [](std::span<const ScalarType> t) { return std::vector{t[0], t[0], t[0]}; };
  c.reference = [train](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    // The channels from the statistics (the fuzzer draws other sizes than the case's).
    const Grouping g = per_channel(in[1].sizes);
    const int64_t C = in[3].numel();
    Stats s{{}, {}, {}};
    for (int64_t k = 0; k < C; ++k) {
      s.mean.push_back(real(in[3], k));
      s.rstd.push_back(train ? real(in[4], k) : 1 / std::sqrt(real(in[4], k) + kEps));
    }
    const Backward r = backward(in[0], in[1], &in[2], C, g, s, train);
    return {rounded(in[1].sizes, dtypes[0], r.gx), rounded({C}, dtypes[1], r.gw),
            rounded({C}, dtypes[2], r.gb)};
  };
  c.call = [train](const Tensors& in) {
    auto [gx, gw,
          gb] = train ? native_batch_norm_backward(in[0], in[1], in[2], std::nullopt, std::nullopt,
                                                   in[3], in[4], true, kEps, {true, true, true})
                      : native_batch_norm_backward(in[0], in[1], in[2], in[3], in[4], std::nullopt,
                                                   std::nullopt, false, kEps, {true, true, true});
    return Tensors{gx, gw, gb};
  };
  c.undeclared_error = "\"batch_norm_backward\" not implemented for";
  c.skip_layouts = {Layout::zero_dim, Layout::zero_size, Layout::large};
  c.tolerance_scale = 8;
  return c;
}

OpCase instance_norm_case() {
  const Shape shape = {2, 3, 4, 2};
  OpCase c;
  c.overloads = {"instance_norm"};
  c.inputs = {Input{shape}, Input{{3}}, Input{{3}}};
  c.result_dtypes = same;
  c.reference = [](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    // One group per (n, c) plane, from the input's sizes (the fuzzer draws other sizes).
    const Shape& x = in[0].sizes;
    const int64_t N = x[0], C = x[1], HxW = N * C == 0 ? 1 : numel_of(x) / (N * C);
    const Grouping g{N * C, [HxW](int64_t i) { return i / HxW; },
                     [C, HxW](int64_t i) { return (i / HxW) % C; }};
    return {rounded(in[0].sizes, dtypes[0], forward(in[0], &in[1], &in[2], g, stats_of(in[0], g)))};
  };
  c.call = [](const Tensors& in) {
    return Tensors{
        instance_norm(in[0], in[1], in[2], std::nullopt, std::nullopt, true, 0.1, kEps, false)};
  };
  c.undeclared_error = "\"batch_norm\" not implemented for";
  c.skip_layouts = {Layout::zero_dim, Layout::zero_size, Layout::large};
  c.tolerance_scale = 4;
  return c;
}

// ---- layer norm: rows of the trailing K elements ----------------------------------------------

Grouping rows_of(int64_t K) {
  return {0, [K](int64_t i) { return i / K; }, [K](int64_t i) { return i % K; }};
}

OpCase layer_norm_case(const Shape& shape, const Shape& normalized, bool affine, bool composite) {
  const int64_t K = numel_of(normalized);
  OpCase c;
  c.overloads = composite ? std::vector<std::string>{"layer_norm"}
                          : std::vector<std::string>{"native_layer_norm"};
  c.inputs = {Input{shape}};
  if (affine) c.inputs.insert(c.inputs.end(), {Input{normalized}, Input{normalized}});
  c.result_dtypes = [composite](std::span<const ScalarType> t) {
    return composite ? std::vector{t[0]} : std::vector{t[0], t[0], t[0]};
  };
  c.reference = [=](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor& x = in[0];
    Grouping g = rows_of(K);
    g.groups = x.numel() / K;
    const Stats s = stats_of(x, g);
    const RefTensor out = rounded(x.sizes, dtypes[0], forward(x, maybe(in, 1), maybe(in, 2), g, s));
    if (composite) return {out};
    Shape stat = x.sizes;
    for (size_t d = stat.size() - normalized.size(); d < stat.size(); ++d) stat[d] = 1;
    return {out, rounded(stat, dtypes[1], s.mean), rounded(stat, dtypes[2], s.rstd)};
  };
  c.call = [=](const Tensors& in) {
    const std::optional<Tensor> w = affine ? std::optional<Tensor>(in[1]) : std::nullopt;
    const std::optional<Tensor> b = affine ? std::optional<Tensor>(in[2]) : std::nullopt;
    if (composite) return Tensors{layer_norm(in[0], normalized, w, b, kEps, true)};
    auto [out, m, r] = native_layer_norm(in[0], normalized, w, b, kEps);
    return Tensors{out, m, r};
  };
  c.undeclared_error = "\"LayerNormKernelImpl\" not implemented for";
  c.skip_layouts = {Layout::zero_dim};
  if (affine) c.skip_layouts.insert(c.skip_layouts.end(), {Layout::zero_size, Layout::large});
  c.tolerance_scale = 4;
  return c;
}

OpCase layer_norm_backward_case() {
  const Shape shape = {3, 4, 5}, normalized = {4, 5}, stat = {3, 1, 1};
  OpCase c;
  c.overloads = {"native_layer_norm_backward"};
  c.inputs = {Input{shape},      Input{shape},     Input{stat}, Input{stat, Values::positive},
              Input{normalized}, Input{normalized}};
  c.not_differentiable_inputs = {1, 2, 3};
  c.result_dtypes = [](std::span<const ScalarType> t) { return std::vector{t[0], t[0], t[0]}; };
  c.reference = [=](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    Grouping g = rows_of(20);
    g.groups = 3;
    Stats s{{}, {}, {}};
    for (int64_t k = 0; k < 3; ++k) {
      s.mean.push_back(real(in[2], k));
      s.rstd.push_back(real(in[3], k));
    }
    const Backward r = backward(in[0], in[1], &in[4], 20, g, s, true);
    return {rounded(shape, dtypes[0], r.gx), rounded(normalized, dtypes[1], r.gw),
            rounded(normalized, dtypes[2], r.gb)};
  };
  c.call = [=](const Tensors& in) {
    auto [gx, gw, gb] = native_layer_norm_backward(in[0], in[1], normalized, in[2], in[3], in[4],
                                                   in[5], {true, true, true});
    return Tensors{gx, gw, gb};
  };
  c.undeclared_error = "\"LayerNormBackwardKernelImpl\" not implemented for";
  c.skip_layouts = {Layout::zero_dim, Layout::zero_size, Layout::large};
  c.tolerance_scale = 8;
  return c;
}

// ---- group norm: [N, C, HxW] in G groups --------------------------------------------------------

Grouping groups_of(int64_t C, int64_t HxW, int64_t G) {
  return {0, [=](int64_t i) { return (i / (C * HxW)) * G + ((i / HxW) % C) / (C / G); },
          [=](int64_t i) { return (i / HxW) % C; }};
}

OpCase group_norm_case(const Shape& shape, int64_t G, bool affine, bool composite) {
  const int64_t C = shape[1], HxW = numel_of(shape) / (shape[0] * shape[1]);
  OpCase c;
  c.overloads = composite ? std::vector<std::string>{"group_norm"}
                          : std::vector<std::string>{"native_group_norm"};
  c.inputs = {Input{shape}};
  if (affine) c.inputs.insert(c.inputs.end(), {Input{{C}}, Input{{C}}});
  c.result_dtypes = [composite](std::span<const ScalarType> t) {
    return composite ? std::vector{t[0]} : std::vector{t[0], t[0], t[0]};
  };
  c.reference = [=](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    // Channels and plane: the composite's from the input's sizes (the fuzzer draws other sizes
    // than the case's); native_group_norm takes N, C and HxW as arguments (the case's) and reads
    // any input of that many elements with them.
    const RefTensor& x = in[0];
    const int64_t N = composite ? x.sizes[0] : shape[0];
    const int64_t C = composite ? x.sizes[1] : shape[1];
    const int64_t HxW = N * C == 0 ? 1 : numel_of(x.sizes) / (N * C);
    Grouping g = groups_of(C, HxW, G);
    g.groups = N * G;
    const Stats s = stats_of(x, g);
    const RefTensor out = rounded(x.sizes, dtypes[0], forward(x, maybe(in, 1), maybe(in, 2), g, s));
    if (composite) return {out};
    return {out, rounded({N, G}, dtypes[1], s.mean), rounded({N, G}, dtypes[2], s.rstd)};
  };
  c.call = [=](const Tensors& in) {
    const std::optional<Tensor> w = affine ? std::optional<Tensor>(in[1]) : std::nullopt;
    const std::optional<Tensor> b = affine ? std::optional<Tensor>(in[2]) : std::nullopt;
    if (composite) return Tensors{group_norm(in[0], G, w, b, kEps, true)};
    auto [out, m, r] = native_group_norm(in[0], w, b, shape[0], C, HxW, G, kEps);
    return Tensors{out, m, r};
  };
  c.undeclared_error = "\"GroupNormKernelImpl\" not implemented for";
  c.skip_layouts = {Layout::zero_dim};
  // native_group_norm takes an input contiguous in its memory format, as ATen's.
  if (!composite)
    c.skip_layouts.insert(c.skip_layouts.end(),
                          {Layout::transposed, Layout::sliced, Layout::broadcast});
  // native_group_norm takes N as an argument: it is the shape's.
  if (affine || !composite)
    c.skip_layouts.insert(c.skip_layouts.end(), {Layout::zero_size, Layout::large});
  c.tolerance_scale = 4;
  return c;
}

OpCase group_norm_backward_case() {
  const Shape shape = {2, 6, 5};
  const int64_t N = 2, C = 6, HxW = 5, G = 3;
  OpCase c;
  c.overloads = {"native_group_norm_backward"};
  c.inputs = {Input{shape}, Input{shape}, Input{{N, G}}, Input{{N, G}, Values::positive},
              Input{{C}}};
  c.not_differentiable_inputs = {1, 2, 3};
  c.result_dtypes = [](std::span<const ScalarType> t) { return std::vector{t[0], t[0], t[0]}; };
  c.reference = [=](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    Grouping g = groups_of(C, HxW, G);
    g.groups = N * G;
    Stats s{{}, {}, {}};
    for (int64_t k = 0; k < N * G; ++k) {
      s.mean.push_back(real(in[2], k));
      s.rstd.push_back(real(in[3], k));
    }
    const Backward r = backward(in[0], in[1], &in[4], C, g, s, true);
    return {rounded(shape, dtypes[0], r.gx), rounded({C}, dtypes[1], r.gw),
            rounded({C}, dtypes[2], r.gb)};
  };
  c.call = [=](const Tensors& in) {
    auto [gx, gw, gb] = native_group_norm_backward(in[0], in[1], in[2], in[3], in[4], N, C, HxW, G,
                                                   {true, true, true});
    return Tensors{gx, gw, gb};
  };
  c.undeclared_error = "\"GroupNormBackwardKernelImpl\" not implemented for";
  c.skip_layouts = {Layout::zero_dim, Layout::zero_size, Layout::large};
  c.tolerance_scale = 8;
  return c;
}

// Where the answer depends on the order a kernel combines its terms in, the kernel's is taken
// (ATen's kernels combine them as MiniATen's do):
// - a non-finite input, weight or bias in a group: the reference's infinity may be NaN, or its
//   NaN an infinity, in a kernel that folds weight and statistics into one scale and shift
//   (batch_norm's x * alpha + beta, beta = bias - mean * alpha, is inf - inf where the
//   reference's (x - mean) * rstd * weight is an infinity);
// - a group of equal values (an expanded input): the reference's x - mean is exactly 0, the
//   kernel's is its rounding of the mean (a float sum), times rstd = 1/sqrt(eps) (about 316),
//   times the weight: up to about 2e-4 for values within the cases' domains, five times the
//   Float tolerance. So an absolute difference below 1e-3 is accepted (the outputs are O(1)).
Refs accept_kernel_order(const Tensors& results, Refs expected) {
  for (size_t r = 0; r < results.size() && r < expected.size(); ++r) {
    const RefTensor got = to_ref(results[r]);
    if (got.values.size() != expected[r].values.size()) continue;
    for (size_t i = 0; i < got.values.size(); ++i) {
      const double want = expected[r].values[i].real(), have = got.values[i].real();
      if ((!std::isfinite(want) && !std::isfinite(have)) || std::abs(have - want) < 1e-3)
        expected[r].values[i] = got.values[i];
    }
  }
  return expected;
}

}  // namespace

ATEN_OP_CASES(normalization) {
  std::vector<OpCase> cases = {
      batch_norm_case({3, 4, 5}, true, false, true),
      batch_norm_case({5, 3}, false, false, false),
      batch_norm_case({2, 3, 2, 3}, true, true, false),
      batch_norm_case({4, 3, 5}, false, true, false),
      batch_norm_eval_case(),
      batch_norm_backward_case(true),
      batch_norm_backward_case(false),
      instance_norm_case(),
      layer_norm_case({3, 4, 5}, {4, 5}, true, false),
      layer_norm_case({6, 7}, {7}, false, false),
      layer_norm_case({3, 4, 5}, {5}, true, true),
      layer_norm_case({4, 3, 2}, {3, 2}, false, true),
      layer_norm_backward_case(),
      group_norm_case({2, 6, 5}, 3, true, false),
      group_norm_case({3, 4, 2, 3}, 2, false, false),
      group_norm_case({2, 6, 2, 2}, 2, true, true),
      group_norm_case({4, 4, 3}, 4, false, true),
      group_norm_backward_case(),
  };
  for (OpCase& c : cases) c.accept_order_dependent = accept_kernel_order;
  return cases;
}

}  // namespace aten::optest
