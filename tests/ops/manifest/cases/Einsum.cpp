// The cases of aten/native/Einsum.cpp's einsum: matrix, batched and chained products, outer
// products, diagonals and traces, full and partial sums, implicit outputs, and "..." with
// broadcasting. The reference visits every assignment of values to the equation's labels.
#include "../OpCase.h"

#include <aten/core/Tensor.h>
#include <aten/ops/einsum.h>

#include <map>
#include <string>

namespace aten::optest {

namespace {

// The equation with "..." spelled out as upper-case letters (right-aligned across operands),
// and the implicit output made explicit. Enough for the cases below.
struct Spelled {
  std::vector<std::string> inputs;
  std::string output;
};

Spelled spell(const std::string& equation, const Refs& in) {
  const size_t arrow = equation.find("->");
  const std::string lhs = equation.substr(0, arrow);
  std::vector<std::string> terms;
  for (size_t start = 0;;) {
    const size_t comma = lhs.find(',', start);
    terms.push_back(lhs.substr(start, comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  size_t ellipsis = 0;
  for (size_t i = 0; i < terms.size(); ++i)
    if (terms[i].find("...") != std::string::npos)
      ellipsis = std::max(ellipsis, in[i].sizes.size() - (terms[i].size() - 3));
  const std::string all_dims = std::string("ABCDEFGH").substr(0, ellipsis);
  Spelled s;
  for (size_t i = 0; i < terms.size(); ++i) {
    std::string t = terms[i];
    const size_t at = t.find("...");
    if (at != std::string::npos) {
      const size_t covered = in[i].sizes.size() - (t.size() - 3);
      t.replace(at, 3, all_dims.substr(ellipsis - covered));
    }
    s.inputs.push_back(t);
  }
  if (arrow != std::string::npos) {
    s.output = equation.substr(arrow + 2);
    const size_t at = s.output.find("...");
    if (at != std::string::npos) s.output.replace(at, 3, all_dims);
  } else {
    std::map<char, int> uses;
    for (const std::string& t : s.inputs)
      for (char c : t) ++uses[c];
    s.output = all_dims;
    for (auto [c, n] : uses)
      if (n == 1 && !(c >= 'A' && c <= 'H')) s.output.push_back(c);
  }
  return s;
}

Refs einsum_reference(const std::string& equation, const Refs& in, ScalarType dtype) {
  const Spelled s = spell(equation, in);
  // A label's extent, its operands' sizes broadcast (a 1 gives way to any other, 0 included).
  std::map<char, int64_t> size;
  for (size_t i = 0; i < s.inputs.size(); ++i)
    for (size_t d = 0; d < s.inputs[i].size(); ++d) {
      const auto [it, fresh] = size.emplace(s.inputs[i][d], in[i].sizes[d]);
      if (!fresh && it->second == 1) it->second = in[i].sizes[d];
    }
  std::vector<char> labels;
  Shape extents;
  for (auto [c, n] : size) {
    labels.push_back(c);
    extents.push_back(n);
  }
  Shape out_sizes;
  for (char c : s.output) out_sizes.push_back(size[c]);
  RefTensor out = filled(out_sizes, dtype);
  std::map<char, int64_t> value;
  for_each_index(extents, [&](const Shape& idx) {
    for (size_t k = 0; k < labels.size(); ++k) value[labels[k]] = idx[k];
    std::complex<double> p = 1;
    for (size_t i = 0; i < s.inputs.size(); ++i) {
      Shape at;
      for (size_t d = 0; d < s.inputs[i].size(); ++d)
        at.push_back(in[i].sizes[d] == 1 ? 0 : value[s.inputs[i][d]]);
      p *= in[i].at(at);
    }
    Shape o;
    for (char c : s.output) o.push_back(value[c]);
    out.at(o) += p;
  });
  for (auto& v : out.values) v = round_to(dtype, v);
  return {out};
}

// `sums`: one operand with labels summed away, which einsum does as sum does (integral inputs,
// Bool included, give Long, as in ATen).
OpCase einsum_case(std::string equation, std::vector<Shape> shapes, bool sums = false) {
  OpCase c;
  c.overloads = {"einsum"};
  for (Shape& s : shapes) c.inputs.push_back(Input{std::move(s)});
  c.call = [equation](const Tensors& in) { return Tensors{einsum(equation, in)}; };
  c.result_dtypes = first_dtype;
  if (sums) {
    c.result_dtypes = [](std::span<const ScalarType> t) {
      return std::vector{isIntegralType(t[0], true) ? ScalarType::Long : t[0]};
    };
  }
  c.reference = [equation](const Refs& in, std::span<const ScalarType> dtypes) {
    return einsum_reference(equation, in, dtypes[0]);
  };
  // The labels tie the operands' sizes together.
  c.skip_layouts = {Layout::zero_size, Layout::zero_dim, Layout::large, Layout::broadcast};
  c.tolerance_scale = 20;
  // Sums of products: with infinities among them, whether a sum is NaN or an infinity depends on
  // its order (a label of size 1 in one operand is summed out of the other first), which the
  // reference does not model.
  c.reference_ordinary_values_only = true;
  // A composite: an undeclared dtype is refused by the product or sum it reaches, with that
  // op's name; one operand alone needs no product, and takes Bool and ComplexHalf where sum and
  // diagonal do.
  c.undeclared_error = "not implemented for";
  if (c.inputs.size() == 1) c.promoted_dtypes = {ScalarType::Bool};
  if (c.inputs.size() == 1 && !sums) c.promoted_dtypes.push_back(ScalarType::ComplexHalf);
  return c;
}

// "b...,b...->b" on the case's shapes. Its inputs' values are fixed so that the fuzzer keeps
// those shapes: with a size-1 dim in one operand, einsum sums the other's first, and an integral
// sum is Long (ATen's result too), which result_dtypes, blind to shapes, cannot say.
OpCase ellipsis_sum_case() {
  OpCase c = einsum_case("b...,b...->b", {{3, 2, 2}, {3, 2, 2}});
  for (Input& input : c.inputs)
    input.custom = [](int64_t i) { return static_cast<double>(i % 7 - 3); };
  return c;
}

}  // namespace

ATEN_OP_CASES(einsum) {
  return {einsum_case("ij,jk->ik", {{3, 4}, {4, 5}}),
          einsum_case("bij,bjk->bik", {{2, 3, 4}, {2, 4, 5}}),
          einsum_case("ij,jk,kl->il", {{2, 3}, {3, 4}, {4, 2}}),
          einsum_case("i,j->ij", {{3}, {4}}),
          einsum_case("ii->i", {{4, 4}}),
          einsum_case("ii", {{4, 4}}, true),
          einsum_case("ijk->", {{2, 3, 4}}, true),
          einsum_case("ij,ij->ij", {{3, 4}, {3, 4}}),
          einsum_case("ik,jkl", {{3, 4}, {2, 4, 5}}),
          einsum_case("iij,kj->ik", {{3, 3, 2}, {4, 2}}),
          einsum_case("...ij,...jk->...ik", {{2, 1, 3, 4}, {3, 4, 2}}),
          ellipsis_sum_case()};
}

}  // namespace aten::optest
