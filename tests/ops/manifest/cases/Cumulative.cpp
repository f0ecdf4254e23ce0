// The cases of aten/native/Cumulative.cpp's ops: cumsum and cumprod, along each dim, with
// dtype=, and in place.
#include "../ReductionCases.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/cumprod.h>
#include <aten/ops/cumsum.h>

namespace aten::optest {

namespace {

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
    d.promoted_dtypes = kEveryDtypeButComplex;
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

ATEN_OP_CASES(cumulative) {
  std::vector<OpCase> cases;
  scan_cases(cases);
  return cases;
}

}  // namespace aten::optest
