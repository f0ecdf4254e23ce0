// The cases of aten/native/Norms.cpp's ops: norm (p None, 0, 1, 2, 3, +-inf) and logsumexp,
// over the reduction dim lists (ReductionCases.h).
#include "../ReductionCases.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/logsumexp.h>
#include <aten/ops/norm.h>

#include <limits>

namespace aten::optest {

namespace {

double vector_norm(const Values1d& v, double p) {
  if (v.empty()) return 0;  // every p, as ATen 1.13
  if (std::isinf(p)) {
    // NaN-propagating, as ATen's (checked against libtorch 1.13.1).
    double r = std::abs(v[0]);
    for (auto x : v)
      r = std::isnan(r)             ? r
          : std::isnan(std::abs(x)) ? std::abs(x)
          : p > 0                   ? std::max(r, std::abs(x))
                                    : std::min(r, std::abs(x));
    return r;
  }
  double s = 0;
  for (auto x : v) s += p == 0 ? (x != 0.0 ? 1.0 : 0.0) : std::pow(std::abs(x), p);
  return p == 0 ? s : std::pow(s, 1 / p);
}
double log_sum_exp(const Values1d& v) {
  double m = -std::numeric_limits<double>::infinity();
  for (auto x : v) m = std::max(m, x.real());
  if (!std::isfinite(m)) m = 0;
  double s = 0;
  for (auto x : v) s += std::exp(x.real() - m);
  return std::log(s) + m;
}

std::vector<ScalarType> float_if_integral(std::span<const ScalarType> t) {
  return {isIntegralType(t[0], true) ? ScalarType::Float : t[0]};
}

void norm_cases(std::vector<OpCase>& cases) {
  const double inf = std::numeric_limits<double>::infinity();
  OpCase two = reduction_case({"norm.Scalar"}, {std::nullopt, false}, true, real_of,
                              [](const Values1d& v) { return Values1d{vector_norm(v, 2)}; });
  two.call = [](const Tensors& in) { return Tensors{norm(in[0])}; };
  cases.push_back(two);
  OpCase one_norm = reduction_case({"norm.Scalar"}, {std::nullopt, false}, true, real_of,
                                   [](const Values1d& v) { return Values1d{vector_norm(v, 1)}; });
  one_norm.call = [](const Tensors& in) { return Tensors{norm(in[0], 1)}; };
  cases.push_back(one_norm);
  // p = None (2), 0, 1, 2, inf, -inf, 3 over the dim lists ([] for all: the dim list is not
  // optional).
  const std::optional<double> ps[] = {std::nullopt, 0.0, 1.0, 2.0, inf, -inf, 3.0};
  int k = 0;
  for (std::optional<double> p : ps) {
    for (int j = 0; j < 2; ++j) {
      const DimCase& dc = kDimLists[1 + (k++ % 5)];
      const double pv = p.value_or(2.0);
      OpCase c = reduction_case({"norm.ScalarOpt_dim", "norm.out"}, dc, true, real_of,
                                [pv](const Values1d& v) { return Values1d{vector_norm(v, pv)}; });
      const std::optional<Scalar> ps_ = p ? std::optional<Scalar>(Scalar(*p)) : std::nullopt;
      c.call = [ps_, dc](const Tensors& in) {
        return Tensors{norm(in[0], ps_, dims_or_all(dc.dims), dc.keepdim)};
      };
      c.call_out = [ps_, dc](const Tensors& in, Tensors& out) {
        norm_out(out[0], in[0], ps_, dims_or_all(dc.dims), dc.keepdim);
      };
      cases.push_back(c);
    }
  }
}

void logsumexp_cases(std::vector<OpCase>& cases) {
  for (const DimCase& dc : kDimLists) {
    if (!dc.dims) continue;  // the dim list is not optional
    OpCase c = reduction_case({"logsumexp", "logsumexp.out"}, dc, true, float_if_integral,
                              [](const Values1d& v) { return Values1d{log_sum_exp(v)}; });
    c.call = [dc](const Tensors& in) {
      return Tensors{logsumexp(in[0], dims_or_all(dc.dims), dc.keepdim)};
    };
    c.call_out = [dc](const Tensors& in, Tensors& out) {
      logsumexp_out(out[0], in[0], dims_or_all(dc.dims), dc.keepdim);
    };
    cases.push_back(c);
  }
}

}  // namespace

ATEN_OP_CASES(norms) {
  std::vector<OpCase> cases;
  norm_cases(cases);
  logsumexp_cases(cases);
  return cases;
}

}  // namespace aten::optest
