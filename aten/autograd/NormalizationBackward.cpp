// The normalisation helpers of FunctionsManual.h. The double backward works on a grouped view
// of each op: the input reshaped so that the statistics reduce over `stat_dims` and the weight
// broadcasts along the rest. With D = (x - mean) * rstd, E the mean over stat_dims and
// u = weight * grad_out, the backward is
//   grad_input = rstd * (u - E[u] - D * E[u * D]), grad_weight = sum(grad_out * D),
//   grad_bias = sum(grad_out),
// and its derivatives below follow from dD/dx = rstd * (1 - 1/M - D D^T / M) and
// d rstd / dx = -rstd^2 D / M (M the count each statistic is over).
#include <aten/autograd/FunctionsManual.h>

#include <aten/TensorOperators.h>
#include <aten/core/OptionalTensor.h>
#include <aten/ops/mean.h>
#include <aten/ops/native_batch_norm_backward.h>
#include <aten/ops/native_group_norm_backward.h>
#include <aten/ops/native_layer_norm_backward.h>
#include <aten/ops/reshape.h>
#include <aten/ops/rsqrt.h>
#include <aten/ops/sum.h>
#include <aten/ops/zeros_like.h>

#include <algorithm>
#include <array>
#include <tuple>
#include <vector>

namespace aten::autograd {

namespace {

std::array<bool, 3> only(int64_t which) { return {which == 0, which == 1, which == 2}; }

Tensor pick(const std::tuple<Tensor, Tensor, Tensor>& t, int64_t which) {
  return which == 0 ? std::get<0>(t) : which == 1 ? std::get<1>(t) : std::get<2>(t);
}

// One op in its grouped view: x and g of the view's shape, w / mean / rstd broadcasting to it
// (w undefined: 1), P the gradient of grad_input (same shape), Q and R those of grad_weight and
// grad_bias in w's broadcast shape (each may be undefined).
struct Grouped {
  Tensor x, g, w, mean, rstd, P, Q, R;
  std::vector<int64_t> stat_dims, weight_dims;
  bool stats_of_x;
};

Tensor grouped_double_backward(int64_t which, const Grouped& v) {
  auto E = [&](const Tensor& t) { return aten::mean(t, v.stat_dims, true); };
  const Tensor D = (v.x - v.mean) * v.rstd;
  const Tensor& r = v.rstd;
  // The part of grad_input that is linear in u, applied to P: its adjoint.
  auto projected = [&](const Tensor& t) { return v.stats_of_x ? t - E(t) - D * E(t * D) : t; };
  if (which == 0) {  // grad_out
    Tensor res = zeros_like(v.x);
    if (v.P.defined()) {
      const Tensor t = projected(v.P) * r;
      res = res + (v.w.defined() ? t * v.w : t);
    }
    if (v.Q.defined()) res = res + v.Q * D;
    if (v.R.defined()) res = res + v.R;
    return res;
  }
  if (which == 2) {  // weight
    if (!v.P.defined()) return Tensor();
    return aten::sum(v.g * projected(v.P) * r, v.weight_dims, true);
  }
  Tensor res = zeros_like(v.x);  // input
  if (v.Q.defined()) {
    const Tensor q = v.Q * v.g;
    res = res + projected(q) * r;
  }
  if (v.P.defined() && v.stats_of_x) {
    const Tensor u = v.w.defined() ? v.g * v.w : v.g;
    const Tensor ub = u - E(u);
    const Tensor eud = E(ub * D), epd = E(v.P * D);
    res = res - r * r * (E(v.P * ub) * D + eud * (v.P - E(v.P)) - 3 * eud * epd * D + epd * ub);
  }
  return res;
}

// The result of grouped_double_backward in the shape of the input (which 0, 1) or weight (2).
Tensor ungrouped(int64_t which, const Tensor& t, const Tensor& input, const Tensor& weight) {
  if (!t.defined()) return t;
  if (which == 2) return t.reshape(weight.sizes());
  return t.reshape(input.sizes());
}

Tensor maybe_view(const Tensor& t, IntArrayRef shape) { return t.defined() ? t.reshape(shape) : t; }

// The gradient of the input through its statistics, given theirs (grouped views): mean = E[x],
// rstd = (E[(x - mean)^2] + eps)^(-1/2), so d rstd / dx = -rstd^3 (x - mean) / M.
Tensor stats_backward(const Tensor& grad_mean, const Tensor& grad_rstd, const Tensor& x,
                      const Tensor& mean, const Tensor& rstd, IntArrayRef stat_dims) {
  if (!grad_mean.defined() && !grad_rstd.defined()) return Tensor();
  int64_t M = 1;
  for (int64_t d : stat_dims) M *= x.size(d);
  const double inv_m = 1 / static_cast<double>(std::max<int64_t>(M, 1));
  Tensor res = zeros_like(x);
  if (grad_mean.defined()) res = res + grad_mean * inv_m;
  if (grad_rstd.defined()) res = res - grad_rstd * rstd * rstd * rstd * (x - mean) * inv_m;
  return res;
}

// a + b, either undefined.
Tensor plus(const Tensor& a, const Tensor& b) {
  if (!a.defined()) return b;
  if (!b.defined()) return a;
  return a + b;
}

}  // namespace

Tensor batch_norm_backward_part(int64_t which, const Tensor& grad, const Tensor& grad_mean,
                                const Tensor& grad_rstd, const Tensor& input,
                                const std::optional<Tensor>& weight,
                                const std::optional<Tensor>& running_mean,
                                const std::optional<Tensor>& running_var, const Tensor& save_mean,
                                const Tensor& save_invstd, bool train, double eps) {
  Tensor res;
  if (grad.defined())
    res = pick(aten::native_batch_norm_backward(grad, input, weight, running_mean, running_var,
                                                save_mean, save_invstd, train, eps, only(which)),
               which);
  if (which != 0 || !train) return res;
  const int64_t N = input.size(0), C = input.size(1);
  const int64_t S = input.numel() / std::max<int64_t>(1, N * C);
  const std::vector<int64_t> shape = {N, C, S}, per_channel = {1, C, 1};
  const Tensor s = stats_backward(
      maybe_view(grad_mean, per_channel), maybe_view(grad_rstd, per_channel), input.reshape(shape),
      save_mean.reshape(per_channel), save_invstd.reshape(per_channel), std::vector<int64_t>{0, 2});
  return plus(res, s.defined() ? s.reshape(input.sizes()) : s);
}

Tensor layer_norm_backward_part(int64_t which, const Tensor& grad, const Tensor& grad_mean,
                                const Tensor& grad_rstd, const Tensor& input,
                                IntArrayRef normalized_shape, const Tensor& mean,
                                const Tensor& rstd, const std::optional<Tensor>& weight,
                                const std::optional<Tensor>& bias) {
  Tensor res;
  if (grad.defined())
    res = pick(aten::native_layer_norm_backward(grad, input, normalized_shape, mean, rstd, weight,
                                                bias, only(which)),
               which);
  if (which != 0) return res;
  const int64_t M = mean.numel(), K = M == 0 ? 0 : input.numel() / M;
  const std::vector<int64_t> shape = {M, K}, per_row = {M, 1};
  const Tensor s = stats_backward(maybe_view(grad_mean, per_row), maybe_view(grad_rstd, per_row),
                                  input.reshape(shape), mean.reshape(per_row),
                                  rstd.reshape(per_row), std::vector<int64_t>{1});
  return plus(res, s.defined() ? s.reshape(input.sizes()) : s);
}

Tensor group_norm_backward_part(int64_t which, const Tensor& grad, const Tensor& grad_mean,
                                const Tensor& grad_rstd, const Tensor& input, const Tensor& mean,
                                const Tensor& rstd, const std::optional<Tensor>& weight, int64_t N,
                                int64_t C, int64_t HxW, int64_t group) {
  Tensor res;
  if (grad.defined())
    res = pick(aten::native_group_norm_backward(grad, input, mean, rstd, weight, N, C, HxW, group,
                                                only(which)),
               which);
  if (which != 0) return res;
  const std::vector<int64_t> shape = {N, group, (C / group) * HxW}, per_group = {N, group, 1};
  const Tensor s = stats_backward(
      maybe_view(grad_mean, per_group), maybe_view(grad_rstd, per_group), input.reshape(shape),
      mean.reshape(per_group), rstd.reshape(per_group), std::vector<int64_t>{2});
  return plus(res, s.defined() ? s.reshape(input.sizes()) : s);
}

Tensor batch_norm_double_backward(int64_t which, const Tensor& ggI, const Tensor& ggW,
                                  const Tensor& ggB, const Tensor& grad_out, const Tensor& input,
                                  const std::optional<Tensor>& weight,
                                  const std::optional<Tensor>& running_mean,
                                  const std::optional<Tensor>& running_var,
                                  const std::optional<Tensor>& save_mean,
                                  const std::optional<Tensor>& save_invstd, bool train,
                                  double eps) {
  const int64_t N = input.size(0), C = input.size(1),
                S = input.numel() / std::max<int64_t>(1, N * C);
  const std::vector<int64_t> shape = {N, C, S}, per_channel = {1, C, 1};
  const Tensor w = value_of(weight);
  Grouped v;
  v.x = input.reshape(shape);
  v.g = grad_out.reshape(shape);
  v.w = maybe_view(w, per_channel);
  if (train) {
    v.mean = value_of(save_mean).reshape(per_channel);
    v.rstd = value_of(save_invstd).reshape(per_channel);
  } else {
    v.mean = value_of(running_mean).reshape(per_channel);
    v.rstd = (value_of(running_var).reshape(per_channel) + eps).rsqrt();
  }
  v.P = maybe_view(ggI, shape);
  v.Q = maybe_view(ggW, per_channel);
  v.R = maybe_view(ggB, per_channel);
  v.stat_dims = {0, 2};
  v.weight_dims = {0, 2};
  v.stats_of_x = train;
  return ungrouped(which, grouped_double_backward(which, v), input, w);
}

Tensor layer_norm_double_backward(int64_t which, const Tensor& ggI, const Tensor& ggW,
                                  const Tensor& ggB, const Tensor& grad_out, const Tensor& input,
                                  IntArrayRef normalized_shape, const Tensor& mean,
                                  const Tensor& rstd, const std::optional<Tensor>& weight) {
  int64_t K = 1;
  for (int64_t s : normalized_shape) K *= s;
  const int64_t M = K == 0 ? mean.numel() : input.numel() / K;
  const std::vector<int64_t> shape = {M, K}, per_column = {1, K}, per_row = {M, 1};
  const Tensor w = value_of(weight);
  Grouped v;
  v.x = input.reshape(shape);
  v.g = grad_out.reshape(shape);
  v.w = maybe_view(w, per_column);
  v.mean = mean.reshape(per_row);
  v.rstd = rstd.reshape(per_row);
  v.P = maybe_view(ggI, shape);
  v.Q = maybe_view(ggW, per_column);
  v.R = maybe_view(ggB, per_column);
  v.stat_dims = {1};
  v.weight_dims = {0};
  v.stats_of_x = true;
  return ungrouped(which, grouped_double_backward(which, v), input, w);
}

Tensor group_norm_double_backward(int64_t which, const Tensor& ggI, const Tensor& ggW,
                                  const Tensor& ggB, const Tensor& grad_out, const Tensor& input,
                                  const Tensor& mean, const Tensor& rstd,
                                  const std::optional<Tensor>& weight, int64_t N, int64_t C,
                                  int64_t HxW, int64_t group) {
  const int64_t D = C / group;
  const std::vector<int64_t> shape = {N, group, D, HxW}, per_channel = {1, group, D, 1};
  const Tensor w = value_of(weight);
  Grouped v;
  v.x = input.reshape(shape);
  v.g = grad_out.reshape(shape);
  v.w = maybe_view(w, per_channel);
  v.mean = mean.reshape({N, group, 1, 1});
  v.rstd = rstd.reshape({N, group, 1, 1});
  v.P = maybe_view(ggI, shape);
  v.Q = maybe_view(ggW, per_channel);
  v.R = maybe_view(ggB, per_channel);
  v.stat_dims = {2, 3};
  v.weight_dims = {0, 3};
  v.stats_of_x = true;
  return ungrouped(which, grouped_double_backward(which, v), input, w);
}

}  // namespace aten::autograd
