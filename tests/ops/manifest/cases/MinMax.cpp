// The cases of aten/native/MinMax.cpp's ops: amax, amin, max and min (whole, and along a dim
// with indices), argmax, argmin, over the reduction dim lists (ReductionCases.h).
#include "../ReductionCases.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/amax.h>
#include <aten/ops/amin.h>
#include <aten/ops/argmax.h>
#include <aten/ops/argmin.h>
#include <aten/ops/max.h>
#include <aten/ops/min.h>

namespace aten::optest {

namespace {

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

std::vector<ScalarType> index_dtype(std::span<const ScalarType>) { return {ScalarType::Long}; }
std::vector<ScalarType> values_and_indices(std::span<const ScalarType> t) {
  return {t[0], ScalarType::Long};
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

}  // namespace

ATEN_OP_CASES(min_max) {
  std::vector<OpCase> cases;
  extreme_cases(cases);
  return cases;
}

}  // namespace aten::optest
