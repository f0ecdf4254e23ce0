// The cases of aten/native/LossNLL.cpp's ops: nll_loss_forward and nll_loss_backward (each
// reduction, with and without class weights, an ignored class, a [C] input), the nll_loss
// composites on 2-d and 4-d inputs, and cross_entropy_loss with class indices, probabilities
// and label smoothing. Targets are Long inputs in [0, C).
#include "../ReductionCases.h"

#include <aten/TensorOperators.h>
#include <aten/core/Reduction.h>
#include <aten/core/Tensor.h>
#include <aten/ops/cross_entropy_loss.h>
#include <aten/ops/nll_loss.h>
#include <aten/ops/nll_loss_backward.h>
#include <aten/ops/nll_loss_forward.h>
#include <aten/ops/nll_loss_nd.h>

#include <cmath>
#include <limits>

namespace aten::optest {

namespace {

constexpr int64_t kRows = 6, kClasses = 5, kIgnored = 1;

// Classes 1, 4, 2, 0, 3, 1, ...: two of the first six rows ignored (kIgnored is 1); a 0-dim
// target is class 3.
Input targets(Shape shape) {
  const bool one = shape.empty();
  return Input{std::move(shape), Values::any, ScalarType::Long, [one](int64_t i) {
                 return one ? 3.0 : static_cast<double>((i * 3 + 1) % kClasses);
               }};
}

// Class weights 0.5, 0.75, 1, 1.25, 1.5; the first six rows' total weight is then 4.25 (4
// unweighted), which nll_loss_backward's total_weight input takes: its gradient for
// grad_output is the forward's, which divides by the total weight it finds.
Input nll_class_weights() {
  return Input{{kClasses}, Values::positive, std::nullopt, [](int64_t c) {
                 return 0.5 + 0.25 * static_cast<double>(c);
               }};
}

std::optional<Tensor> weight_of(const Tensors& in, bool weighted, size_t k) {
  return weighted ? std::optional<Tensor>(in[k]) : std::nullopt;
}

double real(const RefTensor& t, int64_t i) { return t.values[static_cast<size_t>(i)].real(); }

// The loss of rows of `classes` log-probabilities (x in C order) against targets t, weights w
// (null for none): per row, or reduced, and the total weight.
struct NllResult {
  std::vector<double> per_row;
  double loss = 0, total_weight = 0;
};
NllResult nll(const RefTensor& x, const RefTensor& t, const RefTensor* w, int64_t classes,
              int64_t reduction, int64_t ignore_index) {
  NllResult r;
  const int64_t rows = t.numel();
  for (int64_t i = 0; i < rows; ++i) {
    const auto c = static_cast<int64_t>(real(t, i));
    if (c == ignore_index) {
      r.per_row.push_back(0);
      continue;
    }
    const double wc = w ? real(*w, c) : 1.0;
    r.per_row.push_back(-real(x, i * classes + c) * wc);
    r.loss += r.per_row.back();
    r.total_weight += wc;
  }
  if (reduction == Reduction::Mean) r.loss /= r.total_weight;
  return r;
}

RefTensor scalar(double v, ScalarType dtype) {
  RefTensor out = filled({}, dtype);
  out.values[0] = round_to(dtype, v);
  return out;
}

// ---- nll_loss_forward / nll_loss_backward ------------------------------------------------------

OpCase forward_case(int64_t reduction, bool weighted, bool batched) {
  OpCase c;
  c.overloads = {"nll_loss_forward", "nll_loss_forward.output"};
  c.inputs = {Input{batched ? Shape{kRows, kClasses} : Shape{kClasses}},
              targets(batched ? Shape{kRows} : Shape{})};
  if (weighted) c.inputs.push_back(nll_class_weights());
  c.not_differentiable_inputs = {2};  // the weights
  c.result_dtypes = [](std::span<const ScalarType> t) { return std::vector{t[0], t[0]}; };
  c.reference = [=](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const NllResult r = nll(in[0], in[1], weighted ? &in[2] : nullptr, kClasses, reduction,
                            kIgnored);
    if (reduction == Reduction::None && batched) {
      RefTensor out = filled({in[1].numel()}, dtypes[0]);
      for (size_t i = 0; i < r.per_row.size(); ++i)
        out.values[i] = round_to(dtypes[0], r.per_row[i]);
      return {out, scalar(0, dtypes[1])};
    }
    const double loss = in[1].numel() == 0 && reduction == Reduction::Mean
                            ? std::numeric_limits<double>::quiet_NaN()
                            : r.loss;
    return {scalar(loss, dtypes[0]), scalar(r.total_weight, dtypes[1])};
  };
  c.call = [=](const Tensors& in) {
    auto [out, total] = nll_loss_forward(in[0], in[1], weight_of(in, weighted, 2), reduction,
                                         kIgnored);
    return Tensors{out, total};
  };
  c.call_out = [=](const Tensors& in, Tensors& out) {
    nll_loss_forward_out(out[0], out[1], in[0], in[1], weight_of(in, weighted, 2), reduction,
                         kIgnored);
  };
  // The inputs' dims are tied (rows, classes), which the large layout does not keep; a [0]
  // weight is no weight for 5 classes; a 0-dim input has no class dim.
  c.skip_layouts = {Layout::large, Layout::zero_dim};
  if (weighted || !batched) c.skip_layouts.push_back(Layout::zero_size);
  c.tolerance_scale = 4;
  // A weighted mean divides by the weights' sum: see cross_entropy_case.
  c.reference_ordinary_values_only = weighted && reduction == Reduction::Mean;
  return c;
}

OpCase backward_case(int64_t reduction, bool weighted) {
  const bool per_row = reduction == Reduction::None;
  OpCase c;
  c.overloads = {"nll_loss_backward", "nll_loss_backward.grad_input"};
  const double total_weight = weighted ? 4.25 : 4.0;
  c.inputs = {Input{per_row ? Shape{kRows} : Shape{}}, Input{{kRows, kClasses}}, targets({kRows}),
              Input{{}, Values::positive, std::nullopt, [=](int64_t) { return total_weight; }}};
  if (weighted) c.inputs.push_back(nll_class_weights());
  c.not_differentiable_inputs = {3, 4};  // total_weight, the weights
  c.result_dtypes = same;
  c.reference = [=](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor &g = in[0], &x = in[1], &t = in[2], &total = in[3];
    RefTensor out = filled(x.sizes, dtypes[0]);
    for (int64_t i = 0; i < t.numel(); ++i) {
      const auto cls = static_cast<int64_t>(real(t, i));
      if (cls == kIgnored) continue;
      double gi = per_row ? real(g, i) : real(g, 0);
      if (reduction == Reduction::Mean) gi /= real(total, 0);
      const double wc = weighted ? real(in[4], cls) : 1.0;
      out.values[static_cast<size_t>(i * kClasses + cls)] = round_to(dtypes[0], -wc * gi);
    }
    return {out};
  };
  c.call = [=](const Tensors& in) {
    return Tensors{nll_loss_backward(in[0], in[1], in[2], weight_of(in, weighted, 4), reduction,
                                     kIgnored, in[3])};
  };
  c.call_out = [=](const Tensors& in, Tensors& out) {
    nll_loss_backward_out(out[0], in[0], in[1], in[2], weight_of(in, weighted, 4), reduction,
                          kIgnored, in[3]);
  };
  c.skip_layouts = {Layout::large, Layout::zero_dim, Layout::zero_size};
  return c;
}

// ---- the composites ----------------------------------------------------------------------------

// x [N, C, d...] as rows of C log-probabilities, in the order of the target's elements.
RefTensor class_rows(const RefTensor& x) {
  if (x.dim() <= 2) return x;
  const int64_t n = x.sizes[0], classes = x.sizes[1];
  const int64_t spatial = x.numel() / (n * classes);
  RefTensor rows = filled({n * spatial, classes}, x.dtype);
  for (int64_t b = 0; b < n; ++b)
    for (int64_t c = 0; c < classes; ++c)
      for (int64_t s = 0; s < spatial; ++s)
        rows.values[static_cast<size_t>((b * spatial + s) * classes + c)] =
            x.values[static_cast<size_t>((b * classes + c) * spatial + s)];
  return rows;
}

Refs reduced(const NllResult& r, int64_t reduction, const Shape& target_shape, ScalarType dtype) {
  if (reduction != Reduction::None) return {scalar(r.loss, dtype)};
  RefTensor out = filled(target_shape, dtype);
  for (size_t i = 0; i < r.per_row.size(); ++i) out.values[i] = round_to(dtype, r.per_row[i]);
  return {out};
}

OpCase nll_loss_case(int64_t reduction, Shape self_shape, Shape target_shape) {
  OpCase c;
  c.overloads = {"nll_loss", "nll_loss_nd"};
  c.inputs = {Input{self_shape}, targets(target_shape)};
  c.result_dtypes = same;
  c.reference = [=](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor rows = class_rows(in[0]);
    return reduced(nll(rows, in[1], nullptr, self_shape[1], reduction, -100), reduction,
                   in[1].sizes, dtypes[0]);
  };
  c.call = [=](const Tensors& in) {
    return Tensors{nll_loss(in[0], in[1], std::nullopt, reduction)};
  };
  c.undeclared_error = "\"nll_loss_forward\" not implemented for";
  c.skip_layouts = {Layout::large, Layout::zero_dim, Layout::zero_size};
  c.tolerance_scale = 4;
  return c;
}

// log_softmax of each row of C values.
RefTensor log_softmax_rows(const RefTensor& rows, int64_t classes) {
  RefTensor out = rows;
  const int64_t n = classes == 0 ? 0 : rows.numel() / classes;
  for (int64_t i = 0; i < n; ++i) {
    double m = -std::numeric_limits<double>::infinity(), sum = 0;
    for (int64_t c = 0; c < classes; ++c) m = std::max(m, real(rows, i * classes + c));
    for (int64_t c = 0; c < classes; ++c) sum += std::exp(real(rows, i * classes + c) - m);
    for (int64_t c = 0; c < classes; ++c)
      out.values[static_cast<size_t>(i * classes + c)] = real(rows, i * classes + c) - m -
                                                         std::log(sum);
  }
  return out;
}

enum class Target { indices, probabilities, smoothed };

OpCase cross_entropy_case(Target kind, int64_t reduction) {
  constexpr double kSmoothing = 0.25;
  OpCase c;
  c.overloads = {"cross_entropy_loss"};
  c.inputs = {
      Input{{kRows, kClasses}},
      kind == Target::probabilities ? Input{{kRows, kClasses}, Values::positive} : targets({kRows}),
      Input{{kClasses}, Values::positive}};
  c.not_differentiable_inputs = {2};  // the weights
  c.result_dtypes = same;
  c.reference = [=](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    // Probability targets take any [rows, classes] (the fuzzer's shapes), indices the case's.
    const int64_t rows = in[0].sizes[0], classes = in[0].sizes[1];
    const RefTensor log_p = log_softmax_rows(in[0], classes);
    const RefTensor& w = in[2];
    if (kind == Target::probabilities) {
      NllResult r;
      for (int64_t i = 0; i < rows; ++i) {
        double l = 0;
        for (int64_t k = 0; k < classes; ++k)
          l -= real(log_p, i * classes + k) * real(in[1], i * classes + k) * real(w, k);
        r.per_row.push_back(l);
        r.loss += l;
      }
      // The mean over rows; of an empty input (no rows or no classes) NaN, as ATen's.
      if (reduction == Reduction::Mean)
        r.loss = rows * classes == 0 ? std::numeric_limits<double>::quiet_NaN() : r.loss / rows;
      return reduced(r, reduction, {rows}, dtypes[0]);
    }
    NllResult r = nll(log_p, in[1], &w, classes, reduction, kIgnored);
    if (kind == Target::smoothed) {
      // (1 - s) nll + s / C * (the weighted loss against every class), ignored rows out.
      double smooth_total = 0;
      for (int64_t i = 0; i < rows; ++i) {
        if (static_cast<int64_t>(real(in[1], i)) == kIgnored) continue;
        double s = 0;
        for (int64_t k = 0; k < classes; ++k) s -= real(log_p, i * classes + k) * real(w, k);
        r.per_row[static_cast<size_t>(i)] = (1 - kSmoothing) * r.per_row[static_cast<size_t>(i)] +
                                            kSmoothing / classes * s;
        smooth_total += s;
      }
      const double smooth = reduction == Reduction::Mean ? smooth_total / r.total_weight
                                                         : smooth_total;
      r.loss = (1 - kSmoothing) * r.loss + kSmoothing / classes * smooth;
    }
    return reduced(r, reduction, {rows}, dtypes[0]);
  };
  c.call = [=](const Tensors& in) {
    const double smoothing = kind == Target::smoothed ? kSmoothing : 0.0;
    const int64_t ignore = kind == Target::probabilities ? -100 : kIgnored;
    return Tensors{cross_entropy_loss(in[0], in[1], in[2], reduction, ignore, smoothing)};
  };
  c.undeclared_error = "\"_log_softmax\" not implemented for";
  c.skip_layouts = {Layout::large, Layout::zero_dim, Layout::zero_size};
  c.tolerance_scale = 8;
  // The mean divides by the sum of the class weights: subnormal weights (a special value) leave
  // the float products a few significant bits, in ATen as here, which the reference does not model.
  c.reference_ordinary_values_only = reduction == Reduction::Mean;
  return c;
}

}  // namespace

ATEN_OP_CASES(loss_nll) {
  std::vector<OpCase> cases;
  for (int64_t reduction : {Reduction::None, Reduction::Mean, Reduction::Sum}) {
    for (bool weighted : {false, true}) {
      cases.push_back(forward_case(reduction, weighted, true));
      cases.push_back(backward_case(reduction, weighted));
    }
    cases.push_back(forward_case(reduction, true, false));
    cases.push_back(nll_loss_case(reduction, {kRows, kClasses}, {kRows}));
    cases.push_back(nll_loss_case(reduction, {2, kClasses, 3, 2}, {2, 3, 2}));
    for (Target kind : {Target::indices, Target::probabilities, Target::smoothed})
      cases.push_back(cross_entropy_case(kind, reduction));
  }
  return cases;
}

}  // namespace aten::optest
