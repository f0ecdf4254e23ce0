// Reductions and scans: every overload over several dim lists, with and without keepdim, and
// with dtype= / correction / p where the op has them. One reference reducer serves them all:
// it hands each output's elements (C order of the reduced dims) to a function of the op.
#include "../OpCase.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/all.h>
#include <aten/ops/amax.h>
#include <aten/ops/amin.h>
#include <aten/ops/any.h>
#include <aten/ops/argmax.h>
#include <aten/ops/argmin.h>
#include <aten/ops/cumprod.h>
#include <aten/ops/cumsum.h>
#include <aten/ops/logsumexp.h>
#include <aten/ops/max.h>
#include <aten/ops/mean.h>
#include <aten/ops/min.h>
#include <aten/ops/nansum.h>
#include <aten/ops/norm.h>
#include <aten/ops/prod.h>
#include <aten/ops/std.h>
#include <aten/ops/std_mean.h>
#include <aten/ops/sum.h>
#include <aten/ops/t.h>
#include <aten/ops/var.h>
#include <aten/ops/var_mean.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace aten::optest {

namespace {

using Values1d = std::vector<std::complex<double>>;
// One output position's elements -> its results (one per result tensor).
using Reducer = std::function<Values1d(const Values1d&)>;
using Dims = std::optional<std::vector<int64_t>>;  // None: every dim

// Which dims of a rank-`rank` tensor dims names (None or [] -> all; a 0-dim tensor has none).
std::vector<bool> reduced_dims(const Dims& dims, int64_t rank) {
  std::vector<bool> reduced(static_cast<size_t>(rank), !dims || dims->empty());
  if (dims)
    for (int64_t d : *dims) {
      if (rank == 0) continue;
      reduced[static_cast<size_t>(d < 0 ? d + rank : d)] = true;
    }
  return reduced;
}

// The generic reference: in[0] reduced over dims, keepdim or not; f gets every output
// position's elements and returns its results, rounded to result_dtypes.
auto reduce_reference(Dims dims, bool keepdim, Reducer f) {
  return [dims, keepdim, f](const Refs& in, std::span<const ScalarType> result_dtypes) -> Refs {
    const RefTensor& x = in[0];
    const std::vector<bool> reduced = reduced_dims(dims, x.dim());
    Shape kept, out_shape;
    for (size_t d = 0; d < x.sizes.size(); ++d) {
      if (!reduced[d]) kept.push_back(x.sizes[d]);
      if (!reduced[d]) out_shape.push_back(x.sizes[d]);
      else if (keepdim) out_shape.push_back(1);
    }
    std::vector<Values1d> groups(static_cast<size_t>(numel_of(kept)));
    for_each_index(x.sizes, [&](const Shape& idx) {
      int64_t o = 0;
      for (size_t d = 0; d < idx.size(); ++d)
        if (!reduced[d]) o = o * x.sizes[d] + idx[d];
      groups[static_cast<size_t>(o)].push_back(x.at(idx));
    });
    Refs outs;
    for (ScalarType t : result_dtypes) outs.push_back(filled(out_shape, t));
    for (size_t o = 0; o < groups.size(); ++o) {
      const Values1d r = f(groups[o]);
      for (size_t k = 0; k < outs.size(); ++k) outs[k].values[o] = round_to(outs[k].dtype, r[k]);
    }
    return outs;
  };
}

// ---- the reducers ----

std::complex<double> total(const Values1d& v) {
  std::complex<double> s = 0;
  for (auto x : v) s += x;
  return s;
}
std::complex<double> average(const Values1d& v) {
  // 0 / 0: NaN, in both parts of a complex mean (round_to keeps the real part for real dtypes).
  return v.empty() ? std::complex<double>(std::nan(""), std::nan(""))
                   : total(v) / static_cast<double>(v.size());
}
// nansum: NaN counts as zero.
std::complex<double> nan_total(const Values1d& v) {
  std::complex<double> s = 0;
  for (auto x : v)
    if (!std::isnan(x.real()) && !std::isnan(x.imag())) s += x;
  return s;
}
// The mean var_mean and std_mean return: Welford's running mean, as ATen's. Once an infinity
// meets another value, the running mean is inf - inf = NaN in most orders (libtorch 1.13.1:
// [inf, 1] gives NaN, [1, inf] gives inf: the answer depends on the reduction's order, which
// the reference does not model); the reference takes NaN, the answer of the kernel's order.
std::complex<double> welford_mean(const Values1d& v) {
  const bool has_inf = std::any_of(
      v.begin(), v.end(), [](auto x) { return std::isinf(x.real()) || std::isinf(x.imag()); });
  if (has_inf && v.size() > 1) return {std::nan(""), 0};
  return average(v);
}
// ... and where the reference says NaN for that reason, the op's infinity is accepted too (the
// mean is result 1).
Refs accept_infinite_means(const Tensors& results, Refs expected) {
  if (results.size() < 2 || expected.size() < 2) return expected;
  const RefTensor got = to_ref(results[1]);
  for (size_t i = 0; i < got.values.size() && i < expected[1].values.size(); ++i)
    if (std::isnan(expected[1].values[i].real()) && std::isinf(got.values[i].real()))
      expected[1].values[i] = got.values[i];
  return expected;
}
std::complex<double> product(const Values1d& v) {
  std::complex<double> p = 1;
  for (auto x : v) p *= x;
  return p;
}
// The first index of the largest (smallest) real part, or of the first NaN.
int64_t arg_extreme(const Values1d& v, bool is_max) {
  int64_t best = 0;
  for (size_t i = 0; i < v.size(); ++i) {
    const double x = v[i].real(), b = v[best].real();
    if (std::isnan(b)) break;
    if (std::isnan(x) || (is_max ? x > b : x < b)) best = static_cast<int64_t>(i);
  }
  return best;
}
// Sum of squared deviations over max(0, n - correction); two passes in double.
double variance(const Values1d& v, int64_t correction) {
  const std::complex<double> m = average(v);
  double m2 = 0;
  for (auto x : v) m2 += std::norm(x - m);
  return m2 /
         static_cast<double>(std::max<int64_t>(0, static_cast<int64_t>(v.size()) - correction));
}
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

Reducer one(std::complex<double> (*f)(const Values1d&)) {
  return [f](const Values1d& v) { return Values1d{f(v)}; };
}

// ---- result dtypes ----

std::vector<ScalarType> same(std::span<const ScalarType> t) { return {t[0]}; }
// sum, nansum, prod, cumsum: integral and Bool into Long.
std::vector<ScalarType> long_if_integral(std::span<const ScalarType> t) {
  return {isIntegralType(t[0], true) ? ScalarType::Long : t[0]};
}
std::vector<ScalarType> real_of(std::span<const ScalarType> t) { return {toRealValueType(t[0])}; }
std::vector<ScalarType> index_dtype(std::span<const ScalarType>) { return {ScalarType::Long}; }
std::vector<ScalarType> values_and_indices(std::span<const ScalarType> t) {
  return {t[0], ScalarType::Long};
}
std::vector<ScalarType> real_and_same(std::span<const ScalarType> t) {
  return {real_of(t)[0], t[0]};
}
// all, any: Bool, but Byte for Byte.
std::vector<ScalarType> logical(std::span<const ScalarType> t) {
  return {t[0] == ScalarType::Byte ? ScalarType::Byte : ScalarType::Bool};
}
std::vector<ScalarType> float_if_integral(std::span<const ScalarType> t) {
  return {isIntegralType(t[0], true) ? ScalarType::Float : t[0]};
}

// ---- case shapes ----

// A 3-d input, so that dim lists can skip a dim; its dim 0 is the one zero_size empties.
const Shape kShape3 = {5, 6, 7};

struct DimCase {
  Dims dims;
  bool keepdim;
};
// The dim lists every dim-list reduction runs: all (None), all ([]), one inner dim, the
// leading dim (the outer path), two dims around a kept one, negative dims.
const DimCase kDimLists[] = {{std::nullopt, false},
                             {std::vector<int64_t>{}, true},
                             {std::vector<int64_t>{1}, false},
                             {std::vector<int64_t>{0}, true},
                             {std::vector<int64_t>{0, 2}, false},
                             {std::vector<int64_t>{-1, -2}, true}};
// Single dims, for ops that take one.
const DimCase kSingleDims[] = {{std::vector<int64_t>{0}, false},
                               {std::vector<int64_t>{1}, true},
                               {std::vector<int64_t>{-1}, false}};

bool reduces_dim0(const Dims& dims) {
  if (!dims || dims->empty()) return true;
  return std::any_of(dims->begin(), dims->end(), [](int64_t d) { return d == 0 || d == -3; });
}
// A 0-dim tensor has only dim 0 (alias -1), so only None, [], [0] and [-1] apply to it.
bool fits_zero_dim(const Dims& dims) {
  return !dims || dims->size() == 0 || (dims->size() == 1 && ((*dims)[0] == 0 || (*dims)[0] == -1));
}

// A reduction case over kShape3 with the layouts its dims allow; ops without an identity skip
// zero_size when they reduce the emptied dim (an error, tested in test_reductions.cpp).
OpCase reduction_case(std::vector<std::string> overloads, const DimCase& dc, bool has_identity,
                      std::function<std::vector<ScalarType>(std::span<const ScalarType>)> result,
                      Reducer f) {
  OpCase c;
  c.overloads = std::move(overloads);
  c.inputs = {Input{kShape3}};
  c.result_dtypes = std::move(result);
  c.reference = reduce_reference(dc.dims, dc.keepdim, std::move(f));
  c.tolerance_scale = 10;  // up to thousands of terms
  if (!fits_zero_dim(dc.dims)) c.skip_layouts.push_back(Layout::zero_dim);
  if (!has_identity && reduces_dim0(dc.dims)) c.skip_layouts.push_back(Layout::zero_size);
  return c;
}

std::optional<IntArrayRef> opt_dims(const Dims& d) {
  return d ? std::optional<IntArrayRef>(IntArrayRef(*d)) : std::nullopt;
}
IntArrayRef dims_or_all(const Dims& d) { return d ? IntArrayRef(*d) : IntArrayRef(); }

// Every dtype but ComplexFloat and ComplexDouble (which every op here declares): for cases whose
// dtype= makes any input valid (a ComplexHalf input converted to it, as in ATen).
const std::vector<ScalarType> kEveryDtype = {
    ScalarType::Bool,  ScalarType::Byte,   ScalarType::Char,       ScalarType::Short,
    ScalarType::Int,   ScalarType::Long,   ScalarType::Half,       ScalarType::BFloat16,
    ScalarType::Float, ScalarType::Double, ScalarType::ComplexHalf};

// Products stay finite and exact in every dtype, Byte included: mostly 1, among the first
// elements some 2.
double product_values(int64_t i) { return i % 11 == 5 && i < 400 ? 2.0 : 1.0; }

// ---- the cases, op by op ----

void sum_cases(std::vector<OpCase>& cases) {
  OpCase all = reduction_case({"sum", "sum.out"}, {std::nullopt, false}, true, long_if_integral,
                              one(total));
  all.call = [](const Tensors& in) { return Tensors{sum(in[0])}; };
  all.call_out = [](const Tensors& in, Tensors& out) { sum_out(out[0], in[0]); };
  cases.push_back(all);
  for (const DimCase& dc : kDimLists) {
    OpCase c = reduction_case({"sum.dim_IntList", "sum.IntList_out"}, dc, true, long_if_integral,
                              one(total));
    c.call = [dc](const Tensors& in) { return Tensors{sum(in[0], opt_dims(dc.dims), dc.keepdim)}; };
    c.call_out = [dc](const Tensors& in, Tensors& out) {
      sum_out(out[0], in[0], opt_dims(dc.dims), dc.keepdim);
    };
    cases.push_back(c);
  }
  // dtype=: any input sums in Double.
  OpCase d = reduction_case(
      {"sum.dim_IntList", "sum.IntList_out"}, {std::vector<int64_t>{1}, true}, true,
      [](std::span<const ScalarType>) { return std::vector<ScalarType>{ScalarType::Double}; },
      one(total));
  d.call = [](const Tensors& in) {
    return Tensors{sum(in[0], IntArrayRef{1}, true, ScalarType::Double)};
  };
  d.call_out = [](const Tensors& in, Tensors& out) {
    sum_out(out[0], in[0], IntArrayRef{1}, true, ScalarType::Double);
  };
  d.skip_layouts = {Layout::zero_dim};
  d.promoted_dtypes = {ScalarType::ComplexHalf};  // sum declares the others
  cases.push_back(d);
}

void nansum_cases(std::vector<OpCase>& cases) {
  for (const DimCase& dc : kDimLists) {
    OpCase c = reduction_case({"nansum", "nansum.out"}, dc, true, long_if_integral, one(nan_total));
    c.call = [dc](const Tensors& in) {
      return Tensors{nansum(in[0], opt_dims(dc.dims), dc.keepdim)};
    };
    c.call_out = [dc](const Tensors& in, Tensors& out) {
      nansum_out(out[0], in[0], opt_dims(dc.dims), dc.keepdim);
    };
    cases.push_back(c);
  }
}

void mean_cases(std::vector<OpCase>& cases) {
  OpCase all = reduction_case({"mean"}, {std::nullopt, false}, true, same, one(average));
  all.call = [](const Tensors& in) { return Tensors{mean(in[0])}; };
  cases.push_back(all);
  for (const DimCase& dc : kDimLists) {
    OpCase c = reduction_case({"mean.dim", "mean.out"}, dc, true, same, one(average));
    c.call = [dc](const Tensors& in) {
      return Tensors{mean(in[0], opt_dims(dc.dims), dc.keepdim)};
    };
    c.call_out = [dc](const Tensors& in, Tensors& out) {
      mean_out(out[0], in[0], opt_dims(dc.dims), dc.keepdim);
    };
    cases.push_back(c);
  }
  // dtype=: integer inputs too.
  OpCase d = reduction_case(
      {"mean.dim", "mean.out"}, {std::vector<int64_t>{0, 1}, false}, true,
      [](std::span<const ScalarType>) { return std::vector<ScalarType>{ScalarType::Double}; },
      one(average));
  d.call = [](const Tensors& in) {
    return Tensors{mean(in[0], IntArrayRef{0, 1}, false, ScalarType::Double)};
  };
  d.call_out = [](const Tensors& in, Tensors& out) {
    mean_out(out[0], in[0], IntArrayRef{0, 1}, false, ScalarType::Double);
  };
  d.skip_layouts = {Layout::zero_dim};
  d.promoted_dtypes = kEveryDtype;
  cases.push_back(d);
}

void prod_cases(std::vector<OpCase>& cases) {
  OpCase all = reduction_case({"prod", "prod.out"}, {std::nullopt, false}, true, long_if_integral,
                              one(product));
  all.inputs[0].custom = product_values;
  all.call = [](const Tensors& in) { return Tensors{prod(in[0])}; };
  all.call_out = [](const Tensors& in, Tensors& out) { prod_out(out[0], in[0]); };
  cases.push_back(all);
  for (const DimCase& dc : kSingleDims) {
    const int64_t dim = (*dc.dims)[0];
    OpCase c = reduction_case({"prod.dim_int", "prod.int_out"}, dc, true, long_if_integral,
                              one(product));
    c.inputs[0].custom = product_values;
    c.call = [dim, dc](const Tensors& in) { return Tensors{prod(in[0], dim, dc.keepdim)}; };
    c.call_out = [dim, dc](const Tensors& in, Tensors& out) {
      prod_out(out[0], in[0], dim, dc.keepdim);
    };
    cases.push_back(c);
  }
}

void extreme_cases(std::vector<OpCase>& cases) {
  auto max_of = [](const Values1d& v) { return Values1d{v[arg_extreme(v, true)]}; };
  auto min_of = [](const Values1d& v) { return Values1d{v[arg_extreme(v, false)]}; };
  for (const DimCase& dc : kDimLists) {
    const bool with_none = !dc.dims.has_value();
    if (with_none) continue;  // amax takes a list, [] for all
    OpCase a = reduction_case({"amax", "amax.out"}, dc, false, same, max_of);
    a.call = [dc](const Tensors& in) {
      return Tensors{amax(in[0], dims_or_all(dc.dims), dc.keepdim)};
    };
    a.call_out = [dc](const Tensors& in, Tensors& out) {
      amax_out(out[0], in[0], dims_or_all(dc.dims), dc.keepdim);
    };
    cases.push_back(a);
    OpCase b = reduction_case({"amin", "amin.out"}, dc, false, same, min_of);
    b.call = [dc](const Tensors& in) {
      return Tensors{amin(in[0], dims_or_all(dc.dims), dc.keepdim)};
    };
    b.call_out = [dc](const Tensors& in, Tensors& out) {
      amin_out(out[0], in[0], dims_or_all(dc.dims), dc.keepdim);
    };
    cases.push_back(b);
  }
  OpCase mx = reduction_case({"max"}, {std::nullopt, false}, false, same, max_of);
  mx.call = [](const Tensors& in) { return Tensors{max(in[0])}; };
  cases.push_back(mx);
  OpCase mn = reduction_case({"min"}, {std::nullopt, false}, false, same, min_of);
  mn.call = [](const Tensors& in) { return Tensors{min(in[0])}; };
  cases.push_back(mn);

  for (const DimCase& dc : kSingleDims) {
    const int64_t dim = (*dc.dims)[0];
    auto with_index = [](bool is_max) {
      return [is_max](const Values1d& v) {
        const int64_t i = arg_extreme(v, is_max);
        return Values1d{v[i], static_cast<double>(i)};
      };
    };
    OpCase a = reduction_case({"max.dim", "max.dim_max"}, dc, false, values_and_indices,
                              with_index(true));
    a.call = [dim, dc](const Tensors& in) {
      auto [v, i] = max(in[0], dim, dc.keepdim);
      return Tensors{v, i};
    };
    a.call_out = [dim, dc](const Tensors& in, Tensors& out) {
      max_out(out[0], out[1], in[0], dim, dc.keepdim);
    };
    cases.push_back(a);
    OpCase b = reduction_case({"min.dim", "min.dim_min"}, dc, false, values_and_indices,
                              with_index(false));
    b.call = [dim, dc](const Tensors& in) {
      auto [v, i] = min(in[0], dim, dc.keepdim);
      return Tensors{v, i};
    };
    b.call_out = [dim, dc](const Tensors& in, Tensors& out) {
      min_out(out[0], out[1], in[0], dim, dc.keepdim);
    };
    cases.push_back(b);
  }

  // argmax/argmin: one dim, or none (the flattened index), keepdim or not.
  const DimCase arg_dims[] = {
      {std::nullopt, false}, {std::nullopt, true}, kSingleDims[0], kSingleDims[1], kSingleDims[2]};
  for (const DimCase& dc : arg_dims) {
    const std::optional<int64_t> dim = dc.dims ? std::optional<int64_t>((*dc.dims)[0])
                                               : std::nullopt;
    for (bool is_max : {true, false}) {
      OpCase c = reduction_case(
          {is_max ? "argmax" : "argmin", is_max ? "argmax.out" : "argmin.out"}, dc, false,
          index_dtype, [is_max](const Values1d& v) {
            return Values1d{static_cast<double>(arg_extreme(v, is_max))};
          });
      c.call = [dim, dc, is_max](const Tensors& in) {
        return Tensors{is_max ? argmax(in[0], dim, dc.keepdim) : argmin(in[0], dim, dc.keepdim)};
      };
      c.call_out = [dim, dc, is_max](const Tensors& in, Tensors& out) {
        if (is_max) argmax_out(out[0], in[0], dim, dc.keepdim);
        else argmin_out(out[0], in[0], dim, dc.keepdim);
      };
      cases.push_back(c);
    }
  }
}

void logical_cases(std::vector<OpCase>& cases) {
  for (bool is_all : {true, false}) {
    Reducer f = [is_all](const Values1d& v) {
      bool r = is_all;
      for (auto x : v) r = is_all ? (r && x != 0.0) : (r || x != 0.0);
      return Values1d{r ? 1.0 : 0.0};
    };
    OpCase whole = reduction_case({is_all ? "all" : "any", is_all ? "all.all_out" : "any.all_out"},
                                  {std::nullopt, false}, true, logical, f);
    whole.call = [is_all](const Tensors& in) { return Tensors{is_all ? all(in[0]) : any(in[0])}; };
    whole.call_out = [is_all](const Tensors& in, Tensors& out) {
      if (is_all) all_out(out[0], in[0]);
      else any_out(out[0], in[0]);
    };
    // Mostly non-zero, so that all is not always false and any not always true.
    whole.inputs[0].values = Values::nonzero;
    cases.push_back(whole);
    for (const DimCase& dc : kSingleDims) {
      const int64_t dim = (*dc.dims)[0];
      OpCase c = reduction_case({is_all ? "all.dim" : "any.dim", is_all ? "all.out" : "any.out"},
                                dc, true, logical, f);
      c.call = [is_all, dim, dc](const Tensors& in) {
        return Tensors{is_all ? all(in[0], dim, dc.keepdim) : any(in[0], dim, dc.keepdim)};
      };
      c.call_out = [is_all, dim, dc](const Tensors& in, Tensors& out) {
        if (is_all) all_out(out[0], in[0], dim, dc.keepdim);
        else any_out(out[0], in[0], dim, dc.keepdim);
      };
      c.inputs[0].values = dim == 1 ? Values::any : Values::unit;
      cases.push_back(c);
    }
  }
}

void moment_cases(std::vector<OpCase>& cases) {
  for (bool take_sqrt : {false, true}) {
    auto spread = [take_sqrt](int64_t correction) -> Reducer {
      return [take_sqrt, correction](const Values1d& v) {
        const double var = variance(v, correction);
        return Values1d{take_sqrt ? std::sqrt(var) : var};
      };
    };
    const std::string op = take_sqrt ? "std" : "var";
    OpCase whole = reduction_case({op, op + ".out"}, {std::nullopt, false}, true, real_of,
                                  spread(1));
    whole.call = [take_sqrt](const Tensors& in) {
      return Tensors{take_sqrt ? std(in[0]) : var(in[0])};
    };
    whole.call_out = [take_sqrt](const Tensors& in, Tensors& out) {
      // var.out with unbiased=True over every dim
      if (take_sqrt) std_out(out[0], in[0], std::nullopt);
      else var_out(out[0], in[0], std::nullopt);
    };
    cases.push_back(whole);
    OpCase biased = reduction_case({op + ".dim", op + ".out"}, {std::vector<int64_t>{0, 2}, true},
                                   true, real_of, spread(0));
    biased.call = [take_sqrt](const Tensors& in) {
      return Tensors{take_sqrt ? std(in[0], IntArrayRef{0, 2}, false, true)
                               : var(in[0], IntArrayRef{0, 2}, false, true)};
    };
    biased.call_out = [take_sqrt](const Tensors& in, Tensors& out) {
      if (take_sqrt) std_out(out[0], in[0], IntArrayRef{0, 2}, false, true);
      else var_out(out[0], in[0], IntArrayRef{0, 2}, false, true);
    };
    cases.push_back(biased);
    // correction: None (1), 0, 2, over the dim lists.
    const std::optional<int64_t> corrections[] = {std::nullopt, 0, 2};
    int k = 0;
    for (const DimCase& dc : kDimLists) {
      const std::optional<int64_t> corr = corrections[k++ % 3];
      OpCase c = reduction_case({op + ".correction", op + ".correction_out"}, dc, true, real_of,
                                spread(corr.value_or(1)));
      c.call = [take_sqrt, dc, corr](const Tensors& in) {
        return Tensors{take_sqrt ? std(in[0], opt_dims(dc.dims), corr, dc.keepdim)
                                 : var(in[0], opt_dims(dc.dims), corr, dc.keepdim)};
      };
      c.call_out = [take_sqrt, dc, corr](const Tensors& in, Tensors& out) {
        if (take_sqrt) std_out(out[0], in[0], opt_dims(dc.dims), corr, dc.keepdim);
        else var_out(out[0], in[0], opt_dims(dc.dims), corr, dc.keepdim);
      };
      cases.push_back(c);
    }

    // var_mean / std_mean
    const std::string opm = op + "_mean";
    auto spread_mean = [take_sqrt](int64_t correction) -> Reducer {
      return [take_sqrt, correction](const Values1d& v) {
        const double var = variance(v, correction);
        return Values1d{take_sqrt ? std::sqrt(var) : var, welford_mean(v)};
      };
    };
    OpCase wm = reduction_case({opm}, {std::nullopt, false}, true, real_and_same, spread_mean(1));
    wm.call = [take_sqrt](const Tensors& in) {
      auto [a, b] = take_sqrt ? std_mean(in[0]) : var_mean(in[0]);
      return Tensors{a, b};
    };
    wm.accept_order_dependent = accept_infinite_means;
    cases.push_back(wm);
    OpCase dm = reduction_case({opm + ".dim"}, {std::vector<int64_t>{1}, false}, true,
                               real_and_same, spread_mean(0));
    dm.call = [take_sqrt](const Tensors& in) {
      auto [a, b] = take_sqrt ? std_mean(in[0], IntArrayRef{1}, false)
                              : var_mean(in[0], IntArrayRef{1}, false);
      return Tensors{a, b};
    };
    dm.accept_order_dependent = accept_infinite_means;
    cases.push_back(dm);
    k = 0;
    for (const DimCase& dc : kDimLists) {
      const std::optional<int64_t> corr = corrections[k++ % 3];
      OpCase c = reduction_case({opm + ".correction", opm + ".correction_out"}, dc, true,
                                real_and_same, spread_mean(corr.value_or(1)));
      c.call = [take_sqrt, dc, corr](const Tensors& in) {
        auto [a, b] = take_sqrt ? std_mean(in[0], opt_dims(dc.dims), corr, dc.keepdim)
                                : var_mean(in[0], opt_dims(dc.dims), corr, dc.keepdim);
        return Tensors{a, b};
      };
      c.call_out = [take_sqrt, dc, corr](const Tensors& in, Tensors& out) {
        if (take_sqrt) std_mean_out(out[0], out[1], in[0], opt_dims(dc.dims), corr, dc.keepdim);
        else var_mean_out(out[0], out[1], in[0], opt_dims(dc.dims), corr, dc.keepdim);
      };
      c.accept_order_dependent = accept_infinite_means;
      cases.push_back(c);
    }
  }
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

// ---- scans ----

// in[0] scanned along dim (every element the fold of those before it, itself included).
auto scan_reference(int64_t dim, bool is_prod) {
  return [dim, is_prod](const Refs& in, std::span<const ScalarType> result_dtypes) -> Refs {
    const RefTensor& x = in[0];
    RefTensor out = filled(x.sizes, result_dtypes[0]);
    if (x.dim() == 0) {
      out.values = {round_to(out.dtype, x.values.at(0))};
      return {out};
    }
    const int64_t d = dim < 0 ? dim + x.dim() : dim;
    for_each_index(x.sizes, [&](const Shape& idx) {
      if (idx[d] != 0) return;
      std::complex<double> acc = is_prod ? 1.0 : 0.0;
      Shape j = idx;
      for (int64_t k = 0; k < x.sizes[d]; ++k) {
        j[d] = k;
        acc = is_prod ? acc * x.at(j) : acc + x.at(j);
        out.at(j) = round_to(out.dtype, acc);
      }
    });
    return {out};
  };
}

void scan_cases(std::vector<OpCase>& cases) {
  for (bool is_prod : {false, true}) {
    const std::string op = is_prod ? "cumprod" : "cumsum";
    for (int64_t dim : {0, 1, -1}) {
      OpCase c;
      c.overloads = {op, op + ".out"};
      c.inputs = {Input{kShape3}};
      if (is_prod) c.inputs[0].custom = product_values;
      c.result_dtypes = long_if_integral;
      c.reference = scan_reference(dim, is_prod);
      c.tolerance_scale = 10;
      if (dim == 1) c.skip_layouts = {Layout::zero_dim};
      c.call = [is_prod, dim](const Tensors& in) {
        return Tensors{is_prod ? cumprod(in[0], dim) : cumsum(in[0], dim)};
      };
      c.call_out = [is_prod, dim](const Tensors& in, Tensors& out) {
        if (is_prod) cumprod_out(out[0], in[0], dim);
        else cumsum_out(out[0], in[0], dim);
      };
      cases.push_back(c);
    }
    // dtype=
    OpCase d;
    d.overloads = {op, op + ".out"};
    d.inputs = {Input{kShape3}};
    if (is_prod) d.inputs[0].custom = product_values;
    d.result_dtypes = [](std::span<const ScalarType>) {
      return std::vector<ScalarType>{ScalarType::Double};
    };
    d.reference = scan_reference(0, is_prod);
    d.call = [is_prod](const Tensors& in) {
      return Tensors{is_prod ? cumprod(in[0], 0, ScalarType::Double)
                             : cumsum(in[0], 0, ScalarType::Double)};
    };
    d.call_out = [is_prod](const Tensors& in, Tensors& out) {
      if (is_prod) cumprod_out(out[0], in[0], 0, ScalarType::Double);
      else cumsum_out(out[0], in[0], 0, ScalarType::Double);
    };
    d.promoted_dtypes = kEveryDtype;
    cases.push_back(d);
    // In place: the scan keeps self's dtype (an Int self scans in Int); ATen has no Bool
    // kernel, so a Bool self is an error.
    OpCase ip;
    ip.overloads = {op + "_"};
    ip.inputs = {Input{kShape3}};
    if (is_prod) ip.inputs[0].custom = product_values;
    ip.result_dtypes = same;
    ip.reference = scan_reference(-1, is_prod);
    ip.call = [is_prod](const Tensors& in) {
      Tensor t = in[0].clone();
      if (is_prod) t.cumprod_(-1);
      else t.cumsum_(-1);
      return Tensors{t};
    };
    ip.call_inplace = [is_prod](Tensors& in) {
      if (is_prod) in[0].cumprod_(-1);
      else in[0].cumsum_(-1);
    };
    ip.dtypes = {ScalarType::Byte,         ScalarType::Char,     ScalarType::Short,
                 ScalarType::Int,          ScalarType::Long,     ScalarType::Float,
                 ScalarType::Double,       ScalarType::BFloat16, ScalarType::ComplexFloat,
                 ScalarType::ComplexDouble};
    cases.push_back(ip);
  }
}

}  // namespace

ATEN_OP_CASES(reductions) {
  std::vector<OpCase> cases;
  sum_cases(cases);
  nansum_cases(cases);
  mean_cases(cases);
  prod_cases(cases);
  extreme_cases(cases);
  logical_cases(cases);
  moment_cases(cases);
  norm_cases(cases);
  logsumexp_cases(cases);
  scan_cases(cases);
  return cases;
}

}  // namespace aten::optest
