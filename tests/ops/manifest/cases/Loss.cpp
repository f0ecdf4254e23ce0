// The cases of aten/native/Loss.cpp's ops, each reduction of each: mse_loss, smooth_l1_loss
// (several betas, 0 among them), huber_loss and their backward ops; l1_loss; binary_cross_entropy
// and its backward, with and without weights; binary_cross_entropy_with_logits with weight and
// pos_weight; kl_div with and without log_target. The reference computes each element's loss in
// double and reduces in double.
#include "../OpCase.h"

#include <aten/core/Reduction.h>
#include <aten/core/Tensor.h>
#include <aten/ops/binary_cross_entropy.h>
#include <aten/ops/binary_cross_entropy_backward.h>
#include <aten/ops/binary_cross_entropy_with_logits.h>
#include <aten/ops/huber_loss.h>
#include <aten/ops/huber_loss_backward.h>
#include <aten/ops/kl_div.h>
#include <aten/ops/l1_loss.h>
#include <aten/ops/mse_loss.h>
#include <aten/ops/mse_loss_backward.h>
#include <aten/ops/smooth_l1_loss.h>
#include <aten/ops/smooth_l1_loss_backward.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <optional>
#include <string>
#include <utility>

namespace aten::optest {

namespace {

using C = std::complex<double>;
using Args = std::vector<C>;
using ElementLoss = std::function<C(const Args&)>;

constexpr int64_t kReductions[] = {Reduction::None, Reduction::Mean, Reduction::Sum};

// f of each element of the broadcast inputs, then the reduction (a mean of nothing is NaN).
Refs reduced_reference(const Refs& in, ScalarType dtype, int64_t reduction, const ElementLoss& f) {
  std::vector<Shape> shapes;
  for (const RefTensor& t : in) shapes.push_back(t.sizes);
  const Shape shape = broadcast_shapes(shapes);
  RefTensor loss = filled(shape, dtype);
  Args args(in.size());
  C total = 0;
  double magnitude = 0;
  for_each_index(shape, [&](const Shape& idx) {
    for (size_t k = 0; k < in.size(); ++k) args[k] = read_broadcast(in[k], idx);
    const C v = f(args);
    loss.at(idx) = round_to(dtype, v);
    total += v;
    magnitude += std::abs(v);
  });
  if (reduction == Reduction::None) return {loss};
  const auto n = static_cast<double>(numel_of(shape));
  RefTensor out = filled({}, dtype);
  if (reduction == Reduction::Mean) {
    total = n == 0 ? C(std::numeric_limits<double>::quiet_NaN()) : total / n;
    magnitude = n == 0 ? 0 : magnitude / n;
  }
  out.values[0] = round_to(dtype, total);
  out.magnitudes = {magnitude};
  return {out};
}

double re(const C& z) { return z.real(); }

// Self strictly inside (0, 1), the logs finite; targets in [0, 1].
Input probabilities(Shape shape) {
  return Input{std::move(shape), Values::any, std::nullopt, [](int64_t i) {
                 return 0.05 + 0.9 * std::fmod(0.6180339887 * static_cast<double>(i + 1), 1.0);
               }};
}
Input targets01(Shape shape) {
  return Input{std::move(shape), Values::any, std::nullopt,
               [](int64_t i) { return std::fmod(0.37 * static_cast<double>(i), 1.0); }};
}
// Weights per class (the last dim), positive.
Input class_weights() {
  return Input{{kShape.back()}, Values::positive, std::nullopt, [](int64_t c) {
                 return 0.5 + 0.125 * static_cast<double>(c % 9);
               }};
}

std::optional<Tensor> maybe(const Tensors& in, bool present, size_t k) {
  return present ? std::optional<Tensor>(in[k]) : std::nullopt;
}

// ---- mse, smooth_l1, huber ---------------------------------------------------------------------

enum class Kind { mse, smooth_l1, huber };

const char* name_of(Kind k) {
  return k == Kind::mse ? "mse_loss" : k == Kind::smooth_l1 ? "smooth_l1_loss" : "huber_loss";
}

// The loss of a difference d, and its derivative (ATen's branches at the edges).
double loss_of(Kind k, double d, double p) {
  const double z = std::abs(d);
  switch (k) {
    case Kind::mse:
      return d * d;
    case Kind::smooth_l1:
      return z < p ? 0.5 * z * z / p : z - 0.5 * p;
    case Kind::huber:
      return z < p ? 0.5 * z * z : p * (z - 0.5 * p);
  }
  return 0;
}
double slope_of(Kind k, double d, double p) {
  switch (k) {
    case Kind::mse:
      return 2 * d;
    case Kind::smooth_l1:
      return d <= -p ? -1 : d >= p ? 1 : d / p;
    case Kind::huber:
      return d <= -p ? -p : d >= p ? p : d;
  }
  return 0;
}

Tensor call_forward(Kind k, const Tensor& x, const Tensor& t, int64_t reduction, double p) {
  if (k == Kind::mse) return mse_loss(x, t, reduction);
  if (k == Kind::smooth_l1) return smooth_l1_loss(x, t, reduction, p);
  return huber_loss(x, t, reduction, p);
}
void call_forward_out(Kind k, Tensor& out, const Tensor& x, const Tensor& t, int64_t reduction,
                      double p) {
  if (k == Kind::mse) mse_loss_out(out, x, t, reduction);
  else if (k == Kind::smooth_l1) smooth_l1_loss_out(out, x, t, reduction, p);
  else huber_loss_out(out, x, t, reduction, p);
}
Tensor call_backward(Kind k, const Tensor& g, const Tensor& x, const Tensor& t, int64_t reduction,
                     double p) {
  if (k == Kind::mse) return mse_loss_backward(g, x, t, reduction);
  if (k == Kind::smooth_l1) return smooth_l1_loss_backward(g, x, t, reduction, p);
  return huber_loss_backward(g, x, t, reduction, p);
}
void call_backward_out(Kind k, Tensor& out, const Tensor& g, const Tensor& x, const Tensor& t,
                       int64_t reduction, double p) {
  if (k == Kind::mse) mse_loss_backward_out(out, g, x, t, reduction);
  else if (k == Kind::smooth_l1) smooth_l1_loss_backward_out(out, g, x, t, reduction, p);
  else huber_loss_backward_out(out, g, x, t, reduction, p);
}

OpCase pointwise_loss_case(Kind k, int64_t reduction, double p) {
  const std::string name = name_of(k);
  OpCase c;
  c.overloads = {name, name + ".out"};
  c.inputs = {Input{kShape}, Input{kShape}};
  c.result_dtypes = same_as_promoted;
  c.reference = [=](const Refs& in, std::span<const ScalarType> dtypes) {
    return reduced_reference(in, dtypes[0], reduction,
                             [=](const Args& a) { return C(loss_of(k, re(a[0]) - re(a[1]), p)); });
  };
  c.call = [=](const Tensors& in) { return Tensors{call_forward(k, in[0], in[1], reduction, p)}; };
  c.call_out = [=](const Tensors& in, Tensors& out) {
    call_forward_out(k, out[0], in[0], in[1], reduction, p);
  };
  // Unreduced, a binary op: its inputs broadcast against each other.
  c.pointwise = reduction == Reduction::None;
  c.tolerance_scale = 2;
  return c;
}

// Inputs (grad_output, self, target); the mean's scale is self's element count, as ATen's.
OpCase pointwise_loss_backward_case(Kind k, int64_t reduction, double p) {
  const std::string name = std::string(name_of(k)) + "_backward";
  OpCase c;
  c.overloads = {name, name + (k == Kind::huber ? ".out" : ".grad_input")};
  c.inputs = {Input{reduction == Reduction::None ? kShape : Shape{}}, Input{kShape}, Input{kShape}};
  c.result_dtypes = same_as_promoted;
  c.reference = [=](const Refs& in, std::span<const ScalarType> dtypes) {
    const double norm = reduction == Reduction::Mean ? 1.0 / static_cast<double>(in[1].numel())
                                                     : 1.0;
    const ScalarType t = dtypes[0];
    return reduced_reference(in, t, Reduction::None, [=](const Args& a) {
      // Rounded to the dtype step by step, as the kernels multiply: norm * slope may underflow
      // to 0 before meeting an infinite grad_output (NaN, as in ATen).
      const auto r = [t](double v) { return round_to(t, v).real(); };
      return C(r(norm * slope_of(k, r(re(a[1]) - re(a[2])), p)) * re(a[0]));
    });
  };
  c.call = [=](const Tensors& in) {
    return Tensors{call_backward(k, in[0], in[1], in[2], reduction, p)};
  };
  c.call_out = [=](const Tensors& in, Tensors& out) {
    call_backward_out(k, out[0], in[0], in[1], in[2], reduction, p);
  };
  // Pointwise in self and target; a reduction's grad_output is 0-dim, and not broadcast with
  // them.
  c.pointwise = reduction == Reduction::None;
  return c;
}

// ---- l1_loss -----------------------------------------------------------------------------------

OpCase l1_loss_case(int64_t reduction) {
  OpCase c;
  c.overloads = {"l1_loss"};
  c.inputs = {Input{kShape}, Input{kShape}};
  // abs of a complex is real; sum of integers is Long.
  c.result_dtypes = [=](std::span<const ScalarType> t) {
    const ScalarType r = toRealValueType(same_as_promoted(t)[0]);
    return std::vector{reduction == Reduction::Sum && isIntegralType(r, true) ? kLong : r};
  };
  c.reference = [=](const Refs& in, std::span<const ScalarType> dtypes) {
    // The difference and its abs in the inputs' dtype: integers wrap, as sub's and abs's do
    // (abs of Char's -128 is -128).
    const ScalarType common = promote_types(in[0].dtype, in[1].dtype);
    return reduced_reference(in, dtypes[0], reduction, [=](const Args& a) {
      const C abs = std::abs(round_to(common, a[0] - a[1]));
      return isComplexType(common) ? abs : round_to(common, abs);
    });
  };
  c.call = [=](const Tensors& in) { return Tensors{l1_loss(in[0], in[1], reduction)}; };
  c.pointwise = reduction == Reduction::None;
  // A composite: what sub, abs and the reduction take. Integers have no mean.
  c.dtypes = {kFloat, kDouble, kHalf, kBFloat16, kComplexFloat, kComplexDouble, kComplexHalf};
  if (reduction != Reduction::Mean) {
    for (ScalarType t : {kByte, kChar, kShort, kInt, kLong}) c.dtypes.push_back(t);
  } else {
    c = with_errors(c, {kByte, kChar, kShort, kInt, kLong}, "mean(): could not infer output dtype");
  }
  c = with_errors(c, {kBool}, "Subtraction, the `-` operator, with two bool tensors");
  c.tolerance_scale = 2;
  return c;
}

// ---- binary_cross_entropy ----------------------------------------------------------------------

double bce_of(double x, double t) {
  return (t - 1) * std::max(std::log1p(-x), -100.0) - t * std::max(std::log(x), -100.0);
}

OpCase bce_case(int64_t reduction, bool weighted) {
  OpCase c;
  c.overloads = {"binary_cross_entropy", "binary_cross_entropy.out"};
  c.inputs = {probabilities(kShape), targets01(kShape)};
  if (weighted) c.inputs.push_back(class_weights());
  c.not_differentiable_inputs = {2};  // the weights, as in ATen
  c.result_dtypes = same_as_promoted;
  c.reference = [=](const Refs& in, std::span<const ScalarType> dtypes) {
    return reduced_reference(in, dtypes[0], reduction, [=](const Args& a) {
      return C(bce_of(re(a[0]), re(a[1])) * (weighted ? re(a[2]) : 1.0));
    });
  };
  c.call = [=](const Tensors& in) {
    return Tensors{binary_cross_entropy(in[0], in[1], maybe(in, weighted, 2), reduction)};
  };
  c.call_out = [=](const Tensors& in, Tensors& out) {
    binary_cross_entropy_out(out[0], in[0], in[1], maybe(in, weighted, 2), reduction);
  };
  // The weight's dim is self's last: the large and zero-size layouts change one and not the
  // other.
  c.skip_layouts = {Layout::large};
  if (weighted) c.skip_layouts.push_back(Layout::zero_size);
  c.tolerance_scale = 2;
  // A NaN input is out of [0, 1], an error as in ATen; the reference covers the range only.
  c.reference_ordinary_values_only = true;
  return c;
}

OpCase bce_backward_case(int64_t reduction, bool weighted) {
  OpCase c;
  c.overloads = {"binary_cross_entropy_backward", "binary_cross_entropy_backward.grad_input"};
  c.inputs = {Input{reduction == Reduction::None ? kShape : Shape{}}, probabilities(kShape),
              targets01(kShape)};
  if (weighted) c.inputs.push_back(class_weights());
  c.not_differentiable_inputs = {3};
  c.result_dtypes = same_as_promoted;
  c.reference = [=](const Refs& in, std::span<const ScalarType> dtypes) {
    const double norm = reduction == Reduction::Mean ? 1.0 / static_cast<double>(in[1].numel())
                                                     : 1.0;
    Refs operands = in;
    // The result has self's shape, whatever grad_output's.
    RefTensor shape_of_self = filled(in[1].sizes, dtypes[0], 1.0);
    operands.push_back(shape_of_self);
    return reduced_reference(operands, dtypes[0], Reduction::None, [=](const Args& a) {
      const double x = re(a[1]), t = re(a[2]);
      const double w = weighted ? re(a[3]) : 1.0;
      return C(norm * w * re(a[0]) * (x - t) / std::max((1 - x) * x, 1e-12));
    });
  };
  c.call = [=](const Tensors& in) {
    return Tensors{
        binary_cross_entropy_backward(in[0], in[1], in[2], maybe(in, weighted, 3), reduction)};
  };
  c.call_out = [=](const Tensors& in, Tensors& out) {
    binary_cross_entropy_backward_out(out[0], in[0], in[1], in[2], maybe(in, weighted, 3),
                                      reduction);
  };
  c.skip_layouts = {Layout::large};
  if (weighted) c.skip_layouts.push_back(Layout::zero_size);
  // A NaN input is out of [0, 1], an error as in ATen; the reference covers the range only.
  c.reference_ordinary_values_only = true;
  return c;
}

// (1 - t) x + p log(1 + e^-x), p = 1 + (pos_weight - 1) t, times weight.
OpCase bce_with_logits_case(int64_t reduction, bool weighted, bool pos_weighted) {
  OpCase c;
  c.overloads = {"binary_cross_entropy_with_logits"};
  c.inputs = {Input{kShape}, targets01(kShape), class_weights(), class_weights()};
  // ATen computes in place into 1 - target: target's dtype.
  c.result_dtypes = [](std::span<const ScalarType> t) { return std::vector<ScalarType>{t[1]}; };
  c.not_differentiable_inputs = {2, 3};  // weight and pos_weight, as in ATen
  c.reference = [=](const Refs& in, std::span<const ScalarType> dtypes) {
    return reduced_reference(in, dtypes[0], reduction, [=](const Args& a) {
      const double x = re(a[0]), t = re(a[1]);
      const double p = pos_weighted ? 1 + (re(a[3]) - 1) * t : 1.0;
      const double softplus_neg = std::max(-x, 0.0) + std::log1p(std::exp(-std::abs(x)));
      return C(((1 - t) * x + p * softplus_neg) * (weighted ? re(a[2]) : 1.0));
    });
  };
  c.call = [=](const Tensors& in) {
    return Tensors{binary_cross_entropy_with_logits(in[0], in[1], maybe(in, weighted, 2),
                                                    maybe(in, pos_weighted, 3), reduction)};
  };
  c.skip_layouts = {Layout::large, Layout::zero_size};
  c.tolerance_scale = 4;
  return c;
}

// ---- kl_div ------------------------------------------------------------------------------------

OpCase kl_div_case(int64_t reduction, bool log_target) {
  OpCase c;
  c.overloads = {"kl_div"};
  c.inputs = {Input{kShape}, Input{kShape, log_target ? Values::any : Values::positive}};
  c.result_dtypes = same_as_promoted;
  c.reference = [=](const Refs& in, std::span<const ScalarType> dtypes) {
    return reduced_reference(in, dtypes[0], reduction, [=](const Args& a) {
      const double x = re(a[0]), t = re(a[1]);
      if (log_target) return C(std::exp(t) * (t - x));
      return C((t == 0 ? 0.0 : t * std::log(t)) - t * x);
    });
  };
  c.call = [=](const Tensors& in) { return Tensors{kl_div(in[0], in[1], reduction, log_target)}; };
  c.pointwise = reduction == Reduction::None;
  c = with_errors(c, {kBool, kByte, kChar, kShort, kInt, kLong},
                  "kl_div: Integral inputs not supported.");
  c = with_errors(c, kComplex, "kl_div: Complex inputs not supported.");
  c = with_errors(c, {kHalf}, "not implemented for 'Half'");  // exp's and log's
  c.tolerance_scale = 4;
  return c;
}

}  // namespace

ATEN_OP_CASES(loss) {
  std::vector<OpCase> cases;
  for (int64_t reduction : kReductions) {
    const std::pair<Kind, double> kinds[] = {{Kind::mse, 0.0},       {Kind::smooth_l1, 1.0},
                                             {Kind::smooth_l1, 0.5}, {Kind::smooth_l1, 0.0},
                                             {Kind::huber, 1.0},     {Kind::huber, 2.5}};
    for (const auto& [kind, param] : kinds) {
      cases.push_back(pointwise_loss_case(kind, reduction, param));
      cases.push_back(pointwise_loss_backward_case(kind, reduction, param));
    }
    cases.push_back(l1_loss_case(reduction));
    for (bool weighted : {false, true}) {
      cases.push_back(bce_case(reduction, weighted));
      cases.push_back(bce_backward_case(reduction, weighted));
      for (bool pos_weighted : {false, true})
        cases.push_back(bce_with_logits_case(reduction, weighted, pos_weighted));
    }
    for (bool log_target : {false, true}) cases.push_back(kl_div_case(reduction, log_target));
  }
  return cases;
}

}  // namespace aten::optest
