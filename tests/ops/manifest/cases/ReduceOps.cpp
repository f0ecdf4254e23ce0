// The cases of aten/native/ReduceOps.cpp's ops: sum, nansum, mean, prod, all, any, over the
// reduction dim lists (ReductionCases.h), with dtype= where the op has it.
#include "../ReductionCases.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/all.h>
#include <aten/ops/any.h>
#include <aten/ops/mean.h>
#include <aten/ops/nansum.h>
#include <aten/ops/prod.h>
#include <aten/ops/sum.h>

namespace aten::optest {

namespace {

// nansum: NaN counts as zero.
std::complex<double> nan_total(const Values1d& v) {
  std::complex<double> s = 0;
  for (auto x : v)
    if (!std::isnan(x.real()) && !std::isnan(x.imag())) s += x;
  return s;
}
std::complex<double> product(const Values1d& v) {
  std::complex<double> p = 1;
  for (auto x : v) p *= x;
  return p;
}

Reducer one(std::complex<double> (*f)(const Values1d&)) {
  return [f](const Values1d& v) { return Values1d{f(v)}; };
}

// all, any: Bool, but Byte for Byte.
std::vector<ScalarType> logical(std::span<const ScalarType> t) {
  return {t[0] == ScalarType::Byte ? ScalarType::Byte : ScalarType::Bool};
}

void sum_cases(std::vector<OpCase>& cases) {
  OpCase all = reduction_case({"sum", "sum.out"}, {std::nullopt, false}, true, long_if_integral,
                              one(total));
  all.reference = reduce_reference(std::nullopt, false, one(total), total_magnitude);
  all.call = [](const Tensors& in) { return Tensors{sum(in[0])}; };
  all.call_out = [](const Tensors& in, Tensors& out) { sum_out(out[0], in[0]); };
  cases.push_back(all);
  for (const DimCase& dc : kDimLists) {
    OpCase c = reduction_case({"sum.dim_IntList", "sum.IntList_out"}, dc, true, long_if_integral,
                              one(total));
    c.reference = reduce_reference(dc.dims, dc.keepdim, one(total), total_magnitude);
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
  d.reference = reduce_reference(std::vector<int64_t>{1}, true, one(total), total_magnitude);
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
    c.reference = reduce_reference(dc.dims, dc.keepdim, one(nan_total), total_magnitude);
    c.call = [dc](const Tensors& in) {
      return Tensors{nansum(in[0], opt_dims(dc.dims), dc.keepdim)};
    };
    c.call_out = [dc](const Tensors& in, Tensors& out) {
      nansum_out(out[0], in[0], opt_dims(dc.dims), dc.keepdim);
    };
    cases.push_back(c);
  }
}

// A mean's rounding error grows with the mean of the terms' magnitudes.
double mean_magnitude(const Values1d& v) {
  return v.empty() ? 0.0 : total_magnitude(v) / static_cast<double>(v.size());
}

void mean_cases(std::vector<OpCase>& cases) {
  OpCase all = reduction_case({"mean"}, {std::nullopt, false}, true, same, one(average));
  all.reference = reduce_reference(std::nullopt, false, one(average), mean_magnitude);
  all.call = [](const Tensors& in) { return Tensors{mean(in[0])}; };
  cases.push_back(all);
  for (const DimCase& dc : kDimLists) {
    OpCase c = reduction_case({"mean.dim", "mean.out"}, dc, true, same, one(average));
    c.reference = reduce_reference(dc.dims, dc.keepdim, one(average), mean_magnitude);
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
  d.promoted_dtypes = kEveryDtypeButComplex;
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

}  // namespace

ATEN_OP_CASES(reductions) {
  std::vector<OpCase> cases;
  sum_cases(cases);
  nansum_cases(cases);
  mean_cases(cases);
  prod_cases(cases);
  logical_cases(cases);
  return cases;
}

}  // namespace aten::optest
