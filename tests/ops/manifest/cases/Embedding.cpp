// The cases of aten/native/Embedding.cpp's ops: embedding, its backward, one_hot.
#include "../OpCase.h"

#include <aten/core/Tensor.h>
#include <aten/ops/embedding.h>
#include <aten/ops/embedding_backward.h>
#include <aten/ops/embedding_dense_backward.h>
#include <aten/ops/one_hot.h>

#include <vector>

namespace aten::optest {

namespace {

Input below(Shape shape, int64_t n) {
  return Input{std::move(shape), Values::any, ScalarType::Long,
               [n](int64_t i) { return static_cast<double>((i * 5 + i / 3) % n); }};
}

constexpr int64_t kWeights = 6;

// in[0] weight [W, D], in[1] indices: weight's rows, in indices' shape + [D].
Refs embedding_reference(const Refs& in, std::span<const ScalarType> dtypes) {
  const RefTensor &w = in[0], &index = in[1];
  Shape sizes = index.sizes;
  sizes.push_back(w.sizes[1]);
  return {moved(w, sizes, dtypes[0], [&](const Shape& idx) {
    const Shape at(idx.begin(), idx.end() - 1);
    return Shape{static_cast<int64_t>(index.at(at).real()), idx.back()};
  })};
}

// in[0] grad [n, D], in[1] indices [n]: rows summed per index into [kWeights, D], row
// `padding` left at zero, each divided by its index's count when `scale`.
auto dense_backward_reference(int64_t padding, bool scale) {
  return [=](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor &g = in[0], &index = in[1];
    const int64_t d = g.sizes[1];
    RefTensor out = filled({kWeights, d}, dtypes[0]);
    std::vector<int64_t> counts(kWeights, 0);
    for (const auto& v : index.values) ++counts[static_cast<size_t>(v.real())];
    for (int64_t r = 0; r < index.numel(); ++r) {
      const auto k = static_cast<int64_t>(index.values[r].real());
      if (k == padding) continue;
      for (int64_t c = 0; c < d; ++c) {
        std::complex<double> v = g.at({r, c});
        // Scaled as ATen's kernel scales: by 1 / count in the dtype (0 for integers).
        if (scale) {
          const double inv = 1.0 / static_cast<double>(counts[static_cast<size_t>(k)]);
          v = round_to(out.dtype, v * round_to(out.dtype, inv));
        }
        out.at({k, c}) = round_to(out.dtype, out.at({k, c}) + round_to(out.dtype, v));
      }
    }
    return {out};
  };
}

}  // namespace

ATEN_OP_CASES(embedding) {
  std::vector<OpCase> cases;

  OpCase e;
  e.overloads = {"embedding"};
  e.inputs = {Input{kShape}, below({2, 3}, kShape[0])};
  e.call = [](const Tensors& in) { return Tensors{embedding(in[0], in[1])}; };
  e.result_dtypes = first_dtype;
  e.reference = embedding_reference;
  // weight must be 2-d; the large layout grows indices to 65537 x 3 lookups of 1873 x 35.
  e.skip_layouts = {Layout::zero_dim, Layout::large};
  cases.push_back(e);

  for (auto [padding, scale] : {std::pair<int64_t, bool>{-1, false}, {2, false}, {-1, true}}) {
    OpCase b;
    const int64_t p = padding;
    const bool s = scale;
    b.overloads = {"embedding_dense_backward"};
    b.inputs = {Input{{10, 35}}, below({10}, kWeights)};
    b.call = [p, s](const Tensors& in) {
      return Tensors{embedding_dense_backward(in[0], in[1], kWeights, p, s)};
    };
    b.result_dtypes = first_dtype;
    b.reference = dense_backward_reference(p, s);
    // grad and indices must agree in length: the large layout grows them differently.
    b.skip_layouts = {Layout::zero_dim, Layout::large};
    b.tolerance_scale = 4;
    cases.push_back(b);
  }
  OpCase composite = cases.back();
  composite.overloads = {"embedding_backward"};
  composite.call = [](const Tensors& in) {
    return Tensors{embedding_backward(in[0], in[1], kWeights, -1, true, false)};
  };
  // The dtype check is embedding_dense_backward's, which names itself.
  composite.undeclared_error = "\"embedding_dense_backward\" not implemented for 'ComplexHalf'";
  cases.push_back(composite);

  OpCase oh;
  oh.overloads = {"one_hot"};
  oh.inputs = {below(kShape, 7)};
  oh.inputs[0].dtype = std::nullopt;  // the dtype under test: one_hot refuses all but Long
  oh.call = [](const Tensors& in) { return Tensors{one_hot(in[0], 7)}; };
  oh.result_dtypes = [](std::span<const ScalarType>) {
    return std::vector<ScalarType>{ScalarType::Long};
  };
  oh.reference = [](const Refs& in, std::span<const ScalarType>) -> Refs {
    Shape sizes = in[0].sizes;
    sizes.push_back(7);
    RefTensor out = filled(sizes, ScalarType::Long);
    for (int64_t i = 0; i < in[0].numel(); ++i)
      out.values[static_cast<size_t>(i * 7 + static_cast<int64_t>(in[0].values[i].real()))] = 1;
    return {out};
  };
  oh.undeclared_error = "one_hot is only applicable to index tensor.";
  cases.push_back(oh);
  return cases;
}

}  // namespace aten::optest
