// Matrix products: mm, bmm, addmm (functional / out= / in-place), dot, mv, matmul. One
// reference, NumPy's matmul in complex<double> (exact for the small integers drawn), serves all.
// Layouts that change one input's dim 0 alone (zero_size, large) would make the shapes
// incompatible for most of them, and 0-dim inputs are an error: those are skipped per case
// (tests/ops/test_linear_algebra.cpp covers zero sizes, errors and large sizes directly).
#include "../OpCase.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/addmm.h>
#include <aten/ops/bmm.h>
#include <aten/ops/dot.h>
#include <aten/ops/matmul.h>
#include <aten/ops/mm.h>
#include <aten/ops/mv.h>
#include <aten/ops/t.h>

namespace aten::optest {

namespace {

// t's element at batch coordinates (broadcast: trailing dims aligned, size-1 dims pinned) followed
// by the matrix coordinates `tail`.
std::complex<double> at_batch(const RefTensor& t, const Shape& batch, Shape tail) {
  const size_t own = t.sizes.size() - tail.size();
  Shape idx(own);
  for (size_t d = 0; d < own; ++d) idx[d] = t.sizes[d] == 1 ? 0 : batch[batch.size() - own + d];
  idx.insert(idx.end(), tail.begin(), tail.end());
  return t.at(idx);
}

// a @ b with NumPy's rules: a 1-d a is a row, a 1-d b a column, and their dims are dropped
// from the result; batch dims broadcast. Integral dtypes accumulate in int64, wrapping, and
// wrap to the dtype while exact (a sum of products can pass 2^53).
RefTensor matmul_ref(const RefTensor& a, const RefTensor& b, ScalarType dtype) {
  const bool av = a.dim() == 1, bv = b.dim() == 1;
  const int64_t m = av ? 1 : a.sizes[a.dim() - 2], k = a.sizes.back();
  const int64_t n = bv ? 1 : b.sizes.back();
  const Shape ba(a.sizes.begin(), a.sizes.end() - (av ? 1 : 2));
  const Shape bb(b.sizes.begin(), b.sizes.end() - (bv ? 1 : 2));
  const Shape batch = broadcast_shapes({ba, bb});
  Shape shape = batch;
  if (!av) shape.push_back(m);
  if (!bv) shape.push_back(n);
  RefTensor out = filled(shape, dtype);
  const bool integral = isIntegralType(dtype, /*includeBool=*/true);
  for_each_index(batch, [&](const Shape& bi) {
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        std::complex<double> s = 0;
        uint64_t si = 0;
        for (int64_t kk = 0; kk < k; ++kk) {
          const std::complex<double> x = at_batch(a, bi, av ? Shape{kk} : Shape{i, kk});
          const std::complex<double> y = at_batch(b, bi, bv ? Shape{kk} : Shape{kk, j});
          s += x * y;
          if (integral)
            si += static_cast<uint64_t>(static_cast<int64_t>(x.real())) *
                  static_cast<uint64_t>(static_cast<int64_t>(y.real()));
        }
        Shape idx = bi;
        if (!av) idx.push_back(i);
        if (!bv) idx.push_back(j);
        out.at(idx) = integral ? wrap_integer(dtype, static_cast<int64_t>(si)) : s;
      }
  });
  return out;
}

Refs product(const Refs& in, std::span<const ScalarType> dtypes) {
  RefTensor r = matmul_ref(in[0], in[1], dtypes[0]);
  for (auto& v : r.values) v = round_to(r.dtype, v);
  return {r};
}

// beta * self + alpha * mat1 @ mat2, self broadcast.
auto addmm_reference(double beta, double alpha) {
  return [beta, alpha](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    RefTensor r = matmul_ref(in[1], in[2], dtypes[0]);
    for_each_index(r.sizes, [&](const Shape& idx) {
      r.at(idx) = round_to(r.dtype, beta * read_broadcast(in[0], idx) + alpha * r.at(idx));
    });
    return {r};
  };
}

OpCase product_case(std::vector<std::string> overloads, std::vector<Shape> shapes,
                    std::function<Tensors(const Tensors&)> call,
                    std::function<void(const Tensors&, Tensors&)> call_out,
                    std::vector<Layout> skip) {
  OpCase c;
  c.overloads = std::move(overloads);
  for (Shape& s : shapes) c.inputs.push_back(Input{std::move(s)});
  c.call = std::move(call);
  c.call_out = std::move(call_out);
  c.result_dtypes = same_as_promoted;
  c.reference = product;
  c.skip_layouts = std::move(skip);
  c.tolerance_scale = 20;  // sums of up to 13 products of values up to 9
  return c;
}

const std::vector<Layout> kMatrixSkips = {Layout::zero_size, Layout::zero_dim, Layout::large};

}  // namespace

ATEN_OP_CASES(linalg) {
  std::vector<OpCase> cases;
  // 6 x 13 @ 13 x 35: tile edges in every direction of the kernel.
  cases.push_back(product_case(
      {"mm", "mm.out"}, {{6, 13}, {13, 35}},
      [](const Tensors& in) { return Tensors{mm(in[0], in[1])}; },
      [](const Tensors& in, Tensors& out) { mm_out(out[0], in[0], in[1]); }, kMatrixSkips));
  // m == n, so that `large` (dim 0 grown by the same factor on both) keeps the batches equal.
  cases.push_back(product_case(
      {"bmm", "bmm.out"}, {{3, 6, 13}, {3, 13, 6}},
      [](const Tensors& in) { return Tensors{bmm(in[0], in[1])}; },
      [](const Tensors& in, Tensors& out) { bmm_out(out[0], in[0], in[1]); }, {Layout::zero_dim}));
  cases.push_back(product_case(
      {"dot", "dot.out"}, {{35}, {35}},
      [](const Tensors& in) { return Tensors{dot(in[0], in[1])}; },
      [](const Tensors& in, Tensors& out) { dot_out(out[0], in[0], in[1]); }, {Layout::zero_dim}));
  cases.push_back(product_case(
      {"mv", "mv.out"}, {{6, 35}, {35}},
      [](const Tensors& in) { return Tensors{mv(in[0], in[1])}; },
      [](const Tensors& in, Tensors& out) { mv_out(out[0], in[0], in[1]); }, kMatrixSkips));

  auto matmul_call = [](const Tensors& in) { return Tensors{matmul(in[0], in[1])}; };
  auto matmul_out_call = [](const Tensors& in, Tensors& out) { matmul_out(out[0], in[0], in[1]); };
  cases.push_back(product_case({"matmul", "matmul.out"}, {{3, 6, 13}, {3, 13, 6}}, matmul_call,
                               matmul_out_call, {Layout::zero_dim}));
  for (std::vector<Shape> shapes : {std::vector<Shape>{{13}, {13, 6}},
                                    {{6, 13}, {13}},
                                    {{13}, {13}},
                                    {{2, 6, 13}, {13, 5}},
                                    {{2, 1, 6, 13}, {3, 13, 5}}}) {
    cases.push_back(
        product_case({"matmul", "matmul.out"}, shapes, matmul_call, matmul_out_call, kMatrixSkips));
  }

  for (Shape self : {Shape{6, 35}, Shape{35}}) {
    for (bool defaults : {true, false}) {
      OpCase c = product_case(
          {"addmm", "addmm.out", "addmm_"}, {self, {6, 13}, {13, 35}},
          [defaults](const Tensors& in) {
            return Tensors{defaults ? addmm(in[0], in[1], in[2])
                                    : addmm(in[0], in[1], in[2], 2, 3)};
          },
          [defaults](const Tensors& in, Tensors& out) {
            if (defaults) addmm_out(out[0], in[0], in[1], in[2]);
            else addmm_out(out[0], in[0], in[1], in[2], 2, 3);
          },
          kMatrixSkips);
      c.call_inplace = [defaults](Tensors& in) {
        if (defaults) in[0].addmm_(in[1], in[2]);
        else in[0].addmm_(in[1], in[2], 2, 3);
      };
      c.reference = defaults ? addmm_reference(1, 1) : addmm_reference(2, 3);
      cases.push_back(c);
    }
  }
  return cases;
}

}  // namespace aten::optest
