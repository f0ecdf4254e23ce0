// The cases of aten/native/Indexing.cpp's ops: nonzero, argwhere, masked_select, masked_scatter,
// take, index, index_put, index_add, index_copy and index_fill. Index tensors are Long inputs with
// values that fit under every layout (see below_index); masks are Bool inputs.
#include "../OpCase.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/argwhere.h>
#include <aten/ops/index.h>
#include <aten/ops/index_add.h>
#include <aten/ops/index_copy.h>
#include <aten/ops/index_fill.h>
#include <aten/ops/index_put.h>
#include <aten/ops/masked_scatter.h>
#include <aten/ops/masked_select.h>
#include <aten/ops/nonzero.h>
#include <aten/ops/take.h>

#include <optional>
#include <vector>

namespace aten::optest {

namespace {

// Index values in [0, n), scrambled and repeating, for a dim of size n under every layout run.
Input below_index(Shape shape, int64_t n) {
  return Input{std::move(shape), Values::any, ScalarType::Long,
               [n](int64_t i) { return static_cast<double>((i * 5 + i / 3) % n); }};
}

std::vector<ScalarType> long_result(std::span<const ScalarType>) { return {ScalarType::Long}; }

bool nonzero_value(std::complex<double> v) { return v != std::complex<double>(0); }

// in[0]'s nonzero coordinates, [n, dim] Long.
Refs nonzero_reference(const Refs& in, std::span<const ScalarType>) {
  const RefTensor& x = in[0];
  std::vector<Shape> found;
  for_each_index(x.sizes, [&](const Shape& idx) {
    if (nonzero_value(x.at(idx))) found.push_back(idx);
  });
  RefTensor out = filled({static_cast<int64_t>(found.size()), x.dim()}, ScalarType::Long);
  for (size_t r = 0; r < found.size(); ++r)
    for (int64_t d = 0; d < x.dim(); ++d)
      out.values[r * static_cast<size_t>(x.dim()) + static_cast<size_t>(d)] = found[r][d];
  return {out};
}

// in[0] self, in[1] mask, broadcast together (a 0-dim pair as one element).
Refs masked_select_reference(const Refs& in, std::span<const ScalarType> dtypes) {
  Shape shape = broadcast_shapes({in[0].sizes, in[1].sizes});
  std::vector<std::complex<double>> picked;
  for_each_index(shape, [&](const Shape& idx) {
    if (nonzero_value(read_broadcast(in[1], idx))) picked.push_back(read_broadcast(in[0], idx));
  });
  RefTensor out = filled({static_cast<int64_t>(picked.size())}, dtypes[0]);
  out.values = picked;
  return {out};
}

// self indexed along `dims` by in[1], in[2], ... (1-d Long, all of one length): adjacent dims
// keep their place, separated ones go first.
auto index_reference(std::vector<int64_t> dims) {
  return [dims](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor& x = in[0];
    const int64_t n = in[1].numel();
    const bool adjacent = dims.back() - dims.front() + 1 == static_cast<int64_t>(dims.size());
    const int64_t at = adjacent ? dims.front() : 0;
    Shape kept;
    for (int64_t d = 0; d < x.dim(); ++d)
      if (std::find(dims.begin(), dims.end(), d) == dims.end()) kept.push_back(d);
    Shape sizes;
    for (int64_t k = 0; k < at; ++k) sizes.push_back(x.sizes[kept[k]]);
    sizes.push_back(n);
    for (size_t k = static_cast<size_t>(at); k < kept.size(); ++k)
      sizes.push_back(x.sizes[kept[k]]);
    return {moved(x, sizes, dtypes[0], [&](const Shape& idx) {
      Shape src(static_cast<size_t>(x.dim()));
      for (int64_t k = 0; k < at; ++k) src[kept[k]] = idx[k];
      for (size_t k = static_cast<size_t>(at); k < kept.size(); ++k) src[kept[k]] = idx[k + 1];
      for (size_t j = 0; j < dims.size(); ++j)
        src[dims[j]] = static_cast<int64_t>(in[1 + j].values[idx[at]].real());
      return src;
    })};
  };
}

// self[index] = values (or +=) along dim 0, writes in index order.
auto index_put_reference(bool accumulate) {
  return [accumulate](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    RefTensor out = in[0];
    out.dtype = dtypes[0];
    const RefTensor &index = in[1], &values = in[2];
    for_each_index(values.sizes, [&](const Shape& idx) {
      Shape dst = idx;
      dst[0] = static_cast<int64_t>(index.values[idx[0]].real());
      std::complex<double>& o = out.at(dst);
      o = accumulate ? round_to(out.dtype, o + values.at(idx)) : values.at(idx);
    });
    return {out};
  };
}

// out = self; out[index[i]] += alpha * source[i] along dim 0 (rounded to the dtype at each step,
// alpha taken in it), in index order. A 0-dim self is one element.
auto index_add_reference(double alpha) {
  return [alpha](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    RefTensor out = in[0];
    out.dtype = dtypes[0];
    const RefTensor &index = in[1], &source = in[2];
    const std::complex<double> a = round_to(out.dtype, alpha);
    for_each_index(source.sizes, [&](const Shape& idx) {
      Shape dst = idx;
      if (!dst.empty()) dst[0] = static_cast<int64_t>(index.values[idx[0]].real());
      std::complex<double>& o = out.at(dst);
      o = round_to(out.dtype, o + round_to(out.dtype, a * source.at(idx)));
    });
    return {out};
  };
}

// out = self with the rows of index (along dim 0) set to value (in[2] when it is a tensor).
auto index_fill_reference(std::optional<double> value) {
  return [value](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    RefTensor out = in[0];
    out.dtype = dtypes[0];
    const std::complex<double> v = round_to(out.dtype,
                                            value ? std::complex<double>(*value) : in[2].values[0]);
    const RefTensor& index = in[1];
    for_each_index(out.sizes, [&](const Shape& idx) {
      for (const auto& k : index.values)
        if (idx.empty() || idx[0] == static_cast<int64_t>(k.real())) out.at(idx) = v;
    });
    return {out};
  };
}

}  // namespace

ATEN_OP_CASES(indexing) {
  std::vector<OpCase> cases;

  OpCase nz;
  nz.overloads = {"nonzero", "nonzero.out"};
  nz.inputs = {Input{kShape}};
  nz.call = [](const Tensors& in) { return Tensors{nonzero(in[0])}; };
  nz.call_out = [](const Tensors& in, Tensors& out) { nonzero_out(out[0], in[0]); };
  nz.result_dtypes = long_result;
  nz.reference = nonzero_reference;
  nz.no_meta_reason = "the result's shape depends on the values (no Meta kernel, as in ATen)";
  cases.push_back(nz);
  OpCase where = nz;
  where.overloads = {"argwhere"};
  where.call = [](const Tensors& in) { return Tensors{argwhere(in[0])}; };
  where.call_out = nullptr;
  cases.push_back(where);

  OpCase ms;
  ms.overloads = {"masked_select", "masked_select.out"};
  ms.inputs = {Input{kShape}, Input{kShape, Values::any, ScalarType::Bool}};
  ms.call = [](const Tensors& in) { return Tensors{masked_select(in[0], in[1])}; };
  ms.call_out = [](const Tensors& in, Tensors& out) { masked_select_out(out[0], in[0], in[1]); };
  ms.result_dtypes = first_dtype;
  ms.reference = masked_select_reference;
  ms.pointwise = true;  // self and mask broadcast together
  ms.no_meta_reason = "the result's shape depends on the mask (no Meta kernel, as in ATen)";
  cases.push_back(ms);

  // index by one Long index along dim 0 (repeats), along the last dim, and by two separated
  // indices of a 3-d self (the indexed dim goes first). A 0-dim self has no dim to index.
  OpCase rows;
  rows.overloads = {"index.Tensor", "index.Tensor_out"};
  rows.inputs = {Input{kShape}, below_index({9}, kShape[0])};
  rows.call = [](const Tensors& in) { return Tensors{index(in[0], {in[1]})}; };
  rows.call_out = [](const Tensors& in, Tensors& out) { index_out(out[0], in[0], {in[1]}); };
  rows.result_dtypes = first_dtype;
  rows.reference = index_reference({0});
  rows.skip_layouts = {Layout::zero_dim};
  cases.push_back(rows);
  OpCase cols = rows;
  cols.overloads = {"index.Tensor"};
  cols.inputs = {Input{kShape}, below_index({4}, kShape[1])};
  cols.call = [](const Tensors& in) { return Tensors{in[0].index({std::nullopt, in[1]})}; };
  cols.call_out = nullptr;
  cols.reference = index_reference({1});
  cols.skip_layouts = {Layout::zero_dim, Layout::large};  // large grows the index, not self's dim 1
  cases.push_back(cols);
  OpCase apart = rows;
  apart.inputs = {Input{{4, 5, 6}}, below_index({3}, 4), below_index({3}, 6)};
  apart.call = [](const Tensors& in) {
    return Tensors{index(in[0], {in[1], std::nullopt, in[2]})};
  };
  apart.call_out = [](const Tensors& in, Tensors& out) {
    index_out(out[0], in[0], {in[1], std::nullopt, in[2]});
  };
  apart.reference = index_reference({0, 2});
  apart.skip_layouts = {Layout::zero_dim, Layout::large};
  cases.push_back(apart);

  // index_put along dim 0 with 9 indices into 6 rows: repeated, the last write wins.
  for (bool accumulate : {false, true}) {
    OpCase put;
    put.overloads = {"index_put", "index_put_"};
    put.inputs = {Input{kShape}, below_index({9}, kShape[0]), Input{{9, kShape[1]}}};
    put.call = [accumulate](const Tensors& in) {
      return Tensors{index_put(in[0], {in[1]}, in[2], accumulate)};
    };
    put.call_inplace = [accumulate](Tensors& in) { in[0].index_put_({in[1]}, in[2], accumulate); };
    put.result_dtypes = first_dtype;
    put.reference = index_put_reference(accumulate);
    put.skip_layouts = {Layout::zero_dim, Layout::large};
    put.tolerance_scale = accumulate ? 4 : 1;
    // With repeated indices and accumulate=False only the last write reaches the result, while
    // ATen's formula for values (grad.index(indices)) gives every write the gradient, as here:
    // the sweep keeps values constant, and test_composite_gradients checks it on unique indices.
    if (!accumulate) put.not_differentiable_inputs = {2};
    cases.push_back(put);
  }

  // index_add along dim 0 with 9 source rows into 6: repeated indices sum in order.
  OpCase add;
  add.overloads = {"index_add", "index_add_", "index_add.out"};
  add.inputs = {Input{kShape}, below_index({9}, kShape[0]), Input{{9, kShape[1]}}};
  add.call = [](const Tensors& in) { return Tensors{index_add(in[0], 0, in[1], in[2], 2)}; };
  add.call_out = [](const Tensors& in, Tensors& out) {
    index_add_out(out[0], in[0], 0, in[1], in[2], 2);
  };
  add.call_inplace = [](Tensors& in) { in[0].index_add_(0, in[1], in[2], 2); };
  add.result_dtypes = first_dtype;
  add.reference = index_add_reference(2);
  // The large layout grows the index and source's rows differently.
  add.skip_layouts = {Layout::large};
  add.tolerance_scale = 4;
  cases.push_back(add);

  OpCase fill;
  fill.overloads = {"index_fill.int_Scalar", "index_fill_.int_Scalar"};
  fill.inputs = {Input{kShape}, below_index({3}, kShape[0])};
  fill.call = [](const Tensors& in) { return Tensors{index_fill(in[0], 0, in[1], 1)}; };
  fill.call_inplace = [](Tensors& in) { in[0].index_fill_(0, in[1], 1); };
  fill.result_dtypes = first_dtype;
  fill.reference = index_fill_reference(1.0);
  // Every write to a location is the same value, but an expanded self is refused all the same
  // (index_put_'s check), so no overlap allowance.
  cases.push_back(fill);
  OpCase fill_tensor = fill;
  fill_tensor.overloads = {"index_fill.int_Tensor", "index_fill_.int_Tensor"};
  fill_tensor.inputs.push_back(Input{{}});
  fill_tensor.call = [](const Tensors& in) { return Tensors{index_fill(in[0], 0, in[1], in[2])}; };
  fill_tensor.call_inplace = [](Tensors& in) { in[0].index_fill_(0, in[1], in[2]); };
  fill_tensor.reference = index_fill_reference(std::nullopt);
  cases.push_back(fill_tensor);
  return cases;
}

namespace {

// A permutation of [0, 6) (5 is prime to 6): index_copy's rows, written once each, so that its
// gradient for source is exact. Element 0 is 0, the one index of the zero-dim layout.
Input permuted_rows() {
  return Input{{kShape[0]}, Values::any, ScalarType::Long, [](int64_t i) {
                 return static_cast<double>(i * 5 % kShape[0]);
               }};
}

// out = self; out[index[i]] = source[i] along dim 0, in index order. A 0-dim self is one element.
Refs index_copy_reference(const Refs& in, std::span<const ScalarType> dtypes) {
  RefTensor out = in[0];
  out.dtype = dtypes[0];
  const RefTensor &index = in[1], &source = in[2];
  for_each_index(source.sizes, [&](const Shape& idx) {
    Shape dst = idx;
    if (!dst.empty()) dst[0] = static_cast<int64_t>(index.values[idx[0]].real());
    out.at(dst) = source.at(idx);
  });
  return {out};
}

// Indices into self's 210 elements, every other one negative; element 0 is 0 (a 0-dim self has
// one element).
Input take_index(Shape shape) {
  return Input{std::move(shape), Values::any, ScalarType::Long, [](int64_t i) {
                 const int64_t v = i * 37 % 210;
                 return static_cast<double>(i % 2 == 1 ? v - 210 : v);
               }};
}

Refs take_reference(const Refs& in, std::span<const ScalarType> dtypes) {
  const RefTensor &x = in[0], &index = in[1];
  RefTensor out = filled(index.sizes, dtypes[0]);
  for (size_t i = 0; i < index.values.size(); ++i) {
    auto k = static_cast<int64_t>(index.values[i].real());
    if (k < 0) k += x.numel();
    out.values[i] = x.values[static_cast<size_t>(k)];
  }
  return {out};
}

// self and mask broadcast together; the k-th true position (C order) takes source's element k.
Refs masked_scatter_reference(const Refs& in, std::span<const ScalarType> dtypes) {
  const Shape shape = broadcast_shapes({in[0].sizes, in[1].sizes});
  RefTensor out = filled(shape, dtypes[0]);
  size_t k = 0;
  for_each_index(shape, [&](const Shape& idx) {
    // (Past source's end the op refuses the call: no value to expect.)
    const bool from_source = nonzero_value(read_broadcast(in[1], idx)) && k < in[2].values.size();
    out.at(idx) = from_source ? in[2].values[k++] : read_broadcast(in[0], idx);
  });
  return {out};
}

}  // namespace

ATEN_OP_CASES(indexing_copy_take_scatter) {
  std::vector<OpCase> cases;

  OpCase copy;
  copy.overloads = {"index_copy", "index_copy_", "index_copy.out"};
  copy.inputs = {Input{kShape}, permuted_rows(), Input{kShape}};
  copy.call = [](const Tensors& in) { return Tensors{index_copy(in[0], 0, in[1], in[2])}; };
  copy.call_out = [](const Tensors& in, Tensors& out) {
    index_copy_out(out[0], in[0], 0, in[1], in[2]);
  };
  copy.call_inplace = [](Tensors& in) { index_copy_(in[0], 0, in[1], in[2]); };
  copy.result_dtypes = first_dtype;
  copy.reference = index_copy_reference;
  // The large layout grows the index and source's rows differently.
  copy.skip_layouts = {Layout::large};
  cases.push_back(copy);

  OpCase take_case;
  take_case.overloads = {"take", "take.out"};
  take_case.inputs = {Input{kShape}, take_index({4, 5})};
  take_case.call = [](const Tensors& in) { return Tensors{take(in[0], in[1])}; };
  take_case.call_out = [](const Tensors& in, Tensors& out) { take_out(out[0], in[0], in[1]); };
  take_case.result_dtypes = first_dtype;
  take_case.reference = take_reference;
  // Zero-size: self has no elements, nor the index.
  cases.push_back(take_case);

  OpCase scatter;
  scatter.overloads = {"masked_scatter", "masked_scatter_"};
  // The mask's values are fixed (every third element true), so that the fuzzer keeps the case's
  // shapes: source must hold an element per true, which shapes of its own would not.
  scatter.inputs = {Input{kShape},
                    Input{kShape, Values::any, ScalarType::Bool,
                          [](int64_t i) { return i % 3 == 0 ? 1.0 : 0.0; }},
                    Input{kShape}};
  scatter.call = [](const Tensors& in) { return Tensors{masked_scatter(in[0], in[1], in[2])}; };
  scatter.call_inplace = [](Tensors& in) { masked_scatter_(in[0], in[1], in[2]); };
  scatter.result_dtypes = first_dtype;
  scatter.reference = masked_scatter_reference;
  cases.push_back(scatter);
  return cases;
}

}  // namespace aten::optest
