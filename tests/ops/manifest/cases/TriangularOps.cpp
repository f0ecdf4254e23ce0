// The cases of aten/native/TriangularOps.cpp's ops: tril, triu, diag_embed, diag and trace. Their
// references index RefTensors by coordinates.
#include "../OpCase.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/diag.h>
#include <aten/ops/diag_embed.h>
#include <aten/ops/trace.h>
#include <aten/ops/tril.h>
#include <aten/ops/triu.h>

#include <algorithm>
#include <cstdlib>
#include <string>

namespace aten::optest {

namespace {

// x where keep(col - row) of the last two dims, else 0.
template <typename Keep>
auto triangle_reference(Keep keep) {
  return [keep](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor& x = in[0];
    RefTensor out = filled(x.sizes, dtypes[0]);
    const int64_t n = x.dim();
    for_each_index(x.sizes, [&](const Shape& idx) {
      if (keep(idx[n - 1] - idx[n - 2])) out.at(idx) = round_to(out.dtype, x.at(idx));
    });
    return {out};
  };
}

// diag_embed(x, offset, dim1, dim2) with dims already wrapped to the result's rank.
RefTensor embed(const RefTensor& x, int64_t offset, int64_t a, int64_t b, ScalarType dtype) {
  const int64_t len = std::abs(offset) + x.sizes.back();
  Shape sizes(x.sizes.begin(), x.sizes.end() - 1);
  sizes.insert(sizes.begin() + std::min(a, b), len);
  sizes.insert(sizes.begin() + std::max(a, b), len);
  RefTensor out = filled(sizes, dtype);
  for_each_index(sizes, [&](const Shape& idx) {
    if (idx[b] - idx[a] != offset) return;
    Shape src;
    for (int64_t d = 0; d < static_cast<int64_t>(sizes.size()); ++d)
      if (d != a && d != b) src.push_back(idx[d]);
    src.push_back(offset >= 0 ? idx[a] : idx[b]);
    out.at(idx) = round_to(dtype, x.at(src));
  });
  return out;
}

ScalarType trace_dtype(ScalarType t) { return isIntegralType(t, true) ? kLong : t; }

}  // namespace

ATEN_OP_CASES(triangular_ops) {
  std::vector<OpCase> cases;

  for (int64_t k : {0, -2, 3}) {
    for (bool lower : {true, false}) {
      OpCase c;
      c.overloads = lower ? std::vector<std::string>{"tril", "tril.out", "tril_"}
                          : std::vector<std::string>{"triu", "triu.out", "triu_"};
      c.inputs = {Input{k == 0 ? Shape{3, 6, 7} : Shape{6, 35}}};
      c.call = [k, lower](const Tensors& in) {
        return Tensors{lower ? tril(in[0], k) : in[0].triu(k)};
      };
      c.call_out = [k, lower](const Tensors& in, Tensors& out) {
        lower ? tril_out(out[0], in[0], k) : triu_out(out[0], in[0], k);
      };
      c.call_inplace = [k, lower](Tensors& in) { lower ? in[0].tril_(k) : in[0].triu_(k); };
      c.result_dtypes = first_dtype;
      if (lower) c.reference = triangle_reference([k](int64_t d) { return d <= k; });
      else c.reference = triangle_reference([k](int64_t d) { return d >= k; });
      c.skip_layouts = {Layout::zero_dim};  // a matrix at least
      cases.push_back(c);
    }
  }

  for (int64_t offset : {0, 2, -1}) {
    OpCase c;
    c.overloads = {"diag_embed"};
    c.inputs = {Input{{3, 5}}};
    const int64_t dim1 = offset == 2 ? 0 : -2, dim2 = offset == 2 ? 2 : -1;
    c.call = [=](const Tensors& in) { return Tensors{diag_embed(in[0], offset, dim1, dim2)}; };
    c.result_dtypes = first_dtype;
    c.reference = [=](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
      const int64_t rank = in[0].dim() + 1;
      return {embed(in[0], offset, wrap(dim1, rank), wrap(dim2, rank), dtypes[0])};
    };
    c.skip_layouts = {Layout::zero_dim};  // the last dim is the diagonal
    cases.push_back(c);
  }

  // diag of a vector (diag_embed) and of a matrix (a copy of its diagonal).
  for (int64_t rank : {1, 2}) {
    OpCase c;
    c.overloads = {"diag", "diag.out"};
    c.inputs = {Input{rank == 1 ? Shape{7} : Shape{6, 35}}};
    const int64_t k = rank == 1 ? -2 : 3;
    c.call = [k](const Tensors& in) { return Tensors{diag(in[0], k)}; };
    c.call_out = [k](const Tensors& in, Tensors& out) { diag_out(out[0], in[0], k); };
    c.result_dtypes = first_dtype;
    c.reference = [k](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
      const RefTensor& x = in[0];
      if (x.dim() == 1) return {embed(x, k, 0, 1, dtypes[0])};
      const int64_t rows = x.sizes[0], cols = x.sizes[1];
      const int64_t len = std::max<int64_t>(
          0, k >= 0 ? std::min(rows, cols - k) : std::min(rows + k, cols));
      RefTensor out = filled({len}, dtypes[0]);
      for (int64_t i = 0; i < len; ++i)
        out.values[i] = round_to(out.dtype, k >= 0 ? x.at({i, i + k}) : x.at({i - k, i}));
      return {out};
    };
    c.skip_layouts = {Layout::zero_dim};
    if (rank == 1) c.skip_layouts.push_back(Layout::large);  // a 65537 x 65537 result
    // diag_embed's dtypes; a matrix's diagonal is a copy, which takes ComplexHalf too.
    c.dtypes = {kBool,  kByte,   kChar, kShort,    kInt,          kLong,
                kFloat, kDouble, kHalf, kBFloat16, kComplexFloat, kComplexDouble};
    if (rank == 2) c.dtypes.push_back(kComplexHalf);
    c.undeclared_error = "\"diag_embed\" not implemented for 'ComplexHalf'";
    cases.push_back(c);
  }

  OpCase tr;
  tr.overloads = {"trace"};
  tr.inputs = {Input{kShape}};
  tr.call = [](const Tensors& in) { return Tensors{trace(in[0])}; };
  tr.result_dtypes = [](std::span<const ScalarType> t) { return std::vector{trace_dtype(t[0])}; };
  tr.reference = [](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor& x = in[0];
    RefTensor out = filled({}, dtypes[0]);
    std::complex<double> sum = 0;
    double magnitude = 0;
    for (int64_t i = 0; i < std::min(x.sizes[0], x.sizes[1]); ++i) {
      sum += x.at({i, i});
      magnitude += std::abs(x.at({i, i}));
    }
    out.values[0] = round_to(out.dtype, sum);
    out.magnitudes = {magnitude};
    return {out};
  };
  tr.skip_layouts = {Layout::zero_dim};
  cases.push_back(tr);
  return cases;
}

}  // namespace aten::optest
