// The cases of aten/native/SoftMax.cpp's ops: softmax and log_softmax (with dtype=, through
// _softmax / _log_softmax and their out= forms) along each dim, and their backward ops.
#include "../ReductionCases.h"

#include <aten/core/Tensor.h>
#include <aten/ops/_log_softmax.h>
#include <aten/ops/_log_softmax_backward_data.h>
#include <aten/ops/_softmax.h>
#include <aten/ops/_softmax_backward_data.h>
#include <aten/ops/log_softmax.h>
#include <aten/ops/softmax.h>

#include <cmath>
#include <limits>

namespace aten::optest {

namespace {

// Calls f(index of the row's first element, element k's index) for every row along dim.
template <typename F>
void for_each_row(const RefTensor& x, int64_t dim, F f) {
  if (x.dim() == 0) {
    f(
        Shape{}, [](int64_t) { return Shape{}; }, int64_t{1});
    return;
  }
  const int64_t d = dim < 0 ? dim + x.dim() : dim;
  for_each_index(x.sizes, [&](const Shape& idx) {
    if (idx[d] != 0) return;
    auto at = [idx, d](int64_t k) {
      Shape j = idx;
      j[d] = k;
      return j;
    };
    f(idx, at, x.sizes[d]);
  });
}

auto softmax_reference(int64_t dim, bool log) {
  return [dim, log](const Refs& in, std::span<const ScalarType> result_dtypes) -> Refs {
    const RefTensor& x = in[0];
    RefTensor out = filled(x.sizes, result_dtypes[0]);
    for_each_row(x, dim, [&](const Shape&, auto at, int64_t n) {
      double m = -std::numeric_limits<double>::infinity();
      for (int64_t k = 0; k < n; ++k) m = std::max(m, x.at(at(k)).real());
      double sum = 0;
      for (int64_t k = 0; k < n; ++k) sum += std::exp(x.at(at(k)).real() - m);
      for (int64_t k = 0; k < n; ++k) {
        const double v = x.at(at(k)).real() - m;
        out.at(at(k)) = round_to(out.dtype, log ? v - std::log(sum) : std::exp(v) / sum);
      }
    });
    return {out};
  };
}

// softmax: gi = y * (g - sum(g * y)); log_softmax: gi = g - exp(y) * sum(g).
auto backward_reference(int64_t dim, bool log) {
  return [dim, log](const Refs& in, std::span<const ScalarType> result_dtypes) -> Refs {
    const RefTensor &g = in[0], &y = in[1];
    RefTensor out = filled(g.sizes, result_dtypes[0]);
    for_each_row(g, dim, [&](const Shape&, auto at, int64_t n) {
      double sum = 0;
      for (int64_t k = 0; k < n; ++k)
        sum += log ? g.at(at(k)).real() : g.at(at(k)).real() * y.at(at(k)).real();
      for (int64_t k = 0; k < n; ++k) {
        const double gk = g.at(at(k)).real(), yk = y.at(at(k)).real();
        out.at(at(k)) = round_to(out.dtype, log ? gk - std::exp(yk) * sum : yk * (gk - sum));
      }
    });
    return {out};
  };
}

void forward_cases(std::vector<OpCase>& cases, bool log) {
  const std::string op = log ? "log_softmax" : "softmax";
  for (int64_t dim : {0, 1, -1}) {
    // The composite, and the op it calls with its out= form.
    OpCase c;
    c.overloads = {op + ".int", "_" + op, "_" + op + ".out"};
    c.inputs = {Input{kShape3}};
    c.result_dtypes = same;
    c.reference = softmax_reference(dim, log);
    c.undeclared_error = log ? "\"_log_softmax\" not implemented for"
                             : "\"_softmax\" not implemented for";
    if (dim == 1) c.skip_layouts = {Layout::zero_dim};
    c.call = [log, dim](const Tensors& in) {
      return Tensors{log ? log_softmax(in[0], dim) : softmax(in[0], dim)};
    };
    c.call_out = [log, dim](const Tensors& in, Tensors& out) {
      if (log) _log_softmax_out(out[0], in[0], dim, false);
      else _softmax_out(out[0], in[0], dim, false);
    };
    cases.push_back(c);
  }
  // dtype=: self cast first, so any dtype goes in.
  OpCase d;
  d.overloads = {op + ".int"};
  d.inputs = {Input{kShape3}};
  d.result_dtypes = [](std::span<const ScalarType>) {
    return std::vector<ScalarType>{ScalarType::Double};
  };
  d.reference = softmax_reference(-1, log);
  d.call = [log](const Tensors& in) {
    return Tensors{log ? log_softmax(in[0], -1, ScalarType::Double)
                       : softmax(in[0], -1, ScalarType::Double)};
  };
  d.promoted_dtypes = kEveryDtypeButComplex;
  // A complex self cast to Double keeps its real part, as in ATen.
  d.promoted_dtypes.push_back(ScalarType::ComplexFloat);
  d.promoted_dtypes.push_back(ScalarType::ComplexDouble);
  cases.push_back(d);
}

void backward_cases(std::vector<OpCase>& cases, bool log) {
  const std::string op = std::string(log ? "_log_softmax" : "_softmax") + "_backward_data";
  for (int64_t dim : {0, -1}) {
    OpCase c;
    c.overloads = {op, op + ".out"};
    c.inputs = {Input{kShape3}, Input{kShape3, log ? Values::small : Values::unit}};
    c.result_dtypes = same;
    c.reference = backward_reference(dim, log);
    c.call = [log, dim](const Tensors& in) {
      return Tensors{log ? _log_softmax_backward_data(in[0], in[1], dim, in[0].scalar_type())
                         : _softmax_backward_data(in[0], in[1], dim, in[0].scalar_type())};
    };
    c.call_out = [log, dim](const Tensors& in, Tensors& out) {
      if (log) _log_softmax_backward_data_out(out[0], in[0], in[1], dim, in[0].scalar_type());
      else _softmax_backward_data_out(out[0], in[0], in[1], dim, in[0].scalar_type());
    };
    // A sum over the row (up to 1,561 terms in the large layout), then a difference.
    c.tolerance_scale = 32;
    cases.push_back(c);
  }
}

}  // namespace

ATEN_OP_CASES(softmax) {
  std::vector<OpCase> cases;
  for (bool log : {false, true}) {
    forward_cases(cases, log);
    backward_cases(cases, log);
  }
  return cases;
}

}  // namespace aten::optest
