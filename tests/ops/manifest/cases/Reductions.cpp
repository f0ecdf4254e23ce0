// Reductions: sum over everything and over dim lists, with keepdim and dtype.
#include "../OpCase.h"

#include <aten/ATen.h>

#include <algorithm>

namespace aten::optest {

namespace {

// Integral and Bool inputs sum into Long, as in ATen.
std::vector<ScalarType> sum_dtype(std::span<const ScalarType> dtypes) {
  return {isIntegralType(dtypes[0], /*include_bool=*/true) ? ScalarType::Long : dtypes[0]};
}

// The sum of in[0] over dims (every dim when empty), in int64 or complex<double>.
auto sum_reference(std::vector<int64_t> dims, bool keepdim) {
  return [dims, keepdim](const Refs& in, std::span<const ScalarType> result_dtypes) -> Refs {
    const RefTensor& x = in[0];
    std::vector<bool> reduced(x.sizes.size(), dims.empty());
    for (int64_t d : dims) reduced[d < 0 ? d + x.dim() : d] = true;
    Shape kept;
    for (size_t d = 0; d < x.sizes.size(); ++d) {
      if (!reduced[d]) kept.push_back(x.sizes[d]);
      else if (keepdim) kept.push_back(1);
    }
    RefTensor out = filled(kept, result_dtypes[0]);
    for_each_index(x.sizes, [&](const Shape& idx) {
      Shape o;
      for (size_t d = 0; d < idx.size(); ++d) {
        if (!reduced[d]) o.push_back(idx[d]);
        else if (keepdim) o.push_back(0);
      }
      out.at(o) += x.at(idx);
    });
    for (auto& v : out.values) v = round_to(out.dtype, v);
    return {out};
  };
}

}  // namespace

ATEN_OP_CASES(reductions) {
  std::vector<OpCase> cases;
  OpCase all;
  all.overloads = {"sum"};
  all.inputs = {Input{kShape}};
  all.call = [](const Tensors& in) { return Tensors{sum(in[0])}; };
  all.result_dtypes = sum_dtype;
  all.reference = sum_reference({}, false);
  all.tolerance_scale = 10;  // hundreds of terms
  cases.push_back(all);

  for (bool keepdim : {false, true}) {
    for (std::vector<int64_t> dims : {std::vector<int64_t>{1}, std::vector<int64_t>{0}, std::vector<int64_t>{-1, 0}}) {
      OpCase c = all;
      c.overloads = {"sum.dim_IntList", "sum.IntList_out"};
      c.call = [dims, keepdim](const Tensors& in) { return Tensors{sum(in[0], dims, keepdim)}; };
      c.call_out = [dims, keepdim](const Tensors& in, Tensors& out) { sum_out(out[0], in[0], dims, keepdim); };
      c.reference = sum_reference(dims, keepdim);
      // A 0-dim tensor has no dim 1; its dims 0 and -1 are the same dim, named twice.
      c.skip_layouts = {Layout::zero_dim};
      cases.push_back(c);
    }
  }
  return cases;
}

}  // namespace aten::optest
