// Copy and layout ops: masked_fill, cat, stack, flip, roll, repeat, index_select, gather and
// scatter. Their references move values between coordinates of RefTensors; index tensors are
// Long inputs with values that fit under every layout (see below_index).
#include "../OpCase.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/core/TypePromotion.h>
#include <aten/ops/add.h>
#include <aten/ops/cat.h>
#include <aten/ops/fill.h>
#include <aten/ops/flip.h>
#include <aten/ops/gather.h>
#include <aten/ops/index_select.h>
#include <aten/ops/masked_fill.h>
#include <aten/ops/roll.h>
#include <aten/ops/scatter.h>
#include <aten/ops/stack.h>
#include <aten/ops/t.h>

#include <optional>
#include <string>
#include <tuple>

namespace aten::optest {

namespace {

std::vector<ScalarType> first_dtype(std::span<const ScalarType> dtypes) { return {dtypes[0]}; }

int64_t wrap(int64_t d, int64_t rank) { return d < 0 ? d + std::max<int64_t>(rank, 1) : d; }

// Index values in [0, n), scrambled, for a dim of size n under every layout: the layouts keep
// the indexed dim's size, or make it 0 (no index then either), or make every input 0-dim, where
// the one index is element 0 and must be 0.
Input below_index(Shape shape, int64_t n, ScalarType dtype = ScalarType::Long) {
  return Input{std::move(shape), Values::any, dtype,
               [n](int64_t i) { return static_cast<double>((i * 5 + i / 3) % n); }};
}

// A result of sizes and dtype whose element at idx is x at source(idx), converted.
RefTensor moved(const RefTensor& x, const Shape& sizes, ScalarType dtype,
                const std::function<Shape(const Shape&)>& source) {
  RefTensor out = filled(sizes, dtype);
  for_each_index(sizes,
                 [&](const Shape& idx) { out.at(idx) = round_to(dtype, x.at(source(idx))); });
  return out;
}

int64_t index_at(const RefTensor& index, const Shape& idx) {
  return static_cast<int64_t>(index.at(idx).real());
}

// ---- references -------------------------------------------------------------------------------

auto cat_reference(int64_t dim) {
  return [dim](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const int64_t d = wrap(dim, in[0].dim());
    Shape sizes = in[0].sizes;
    sizes[d] = 0;
    for (const RefTensor& t : in) sizes[d] += t.sizes[d];
    RefTensor out = filled(sizes, dtypes[0]);
    int64_t offset = 0;
    for (const RefTensor& t : in) {
      for_each_index(t.sizes, [&](const Shape& idx) {
        Shape o = idx;
        o[d] += offset;
        out.at(o) = round_to(out.dtype, t.at(idx));
      });
      offset += t.sizes[d];
    }
    return {out};
  };
}

auto stack_reference(int64_t dim) {
  return [dim](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const int64_t d = dim < 0 ? dim + in[0].dim() + 1 : dim;
    Shape sizes = in[0].sizes;
    sizes.insert(sizes.begin() + d, static_cast<int64_t>(in.size()));
    RefTensor out = filled(sizes, dtypes[0]);
    for_each_index(sizes, [&](const Shape& idx) {
      Shape src = idx;
      src.erase(src.begin() + d);
      out.at(idx) = round_to(out.dtype, in[idx[d]].at(src));
    });
    return {out};
  };
}

auto flip_reference(std::vector<int64_t> dims) {
  return [dims](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor& x = in[0];
    return {moved(x, x.sizes, dtypes[0], [&](const Shape& idx) {
      Shape src = idx;
      if (x.dim() > 0)
        for (int64_t d : dims)
          src[wrap(d, x.dim())] = x.sizes[wrap(d, x.dim())] - 1 - idx[wrap(d, x.dim())];
      return src;
    })};
  };
}

// roll(x, shifts, dims)[idx] = x[idx - shift along each dim, modulo its size]; no dims: the
// same on the flattened tensor.
auto roll_reference(std::vector<int64_t> shifts, std::vector<int64_t> dims) {
  return [shifts, dims](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor& x = in[0];
    RefTensor out = filled(x.sizes, dtypes[0]);
    if (dims.empty()) {
      const int64_t n = x.numel();
      for (int64_t i = 0; i < n; ++i)
        out.values[((i + shifts[0]) % n + n) % n] = round_to(out.dtype, x.values[i]);
      return {out};
    }
    for_each_index(x.sizes, [&](const Shape& idx) {
      Shape src = idx;
      for (size_t k = 0; k < dims.size(); ++k) {
        const int64_t d = wrap(dims[k], x.dim()), n = x.sizes[d];
        src[d] = ((src[d] - shifts[k]) % n + n) % n;
      }
      out.at(idx) = round_to(out.dtype, x.at(src));
    });
    return {out};
  };
}

auto repeat_reference(std::vector<int64_t> repeats) {
  return [repeats](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor& x = in[0];
    const int64_t pad = static_cast<int64_t>(repeats.size()) - x.dim();
    Shape sizes;
    for (size_t i = 0; i < repeats.size(); ++i)
      sizes.push_back(repeats[i] * (static_cast<int64_t>(i) < pad ? 1 : x.sizes[i - pad]));
    return {moved(x, sizes, dtypes[0], [&](const Shape& idx) {
      Shape src;
      for (int64_t d = 0; d < x.dim(); ++d) src.push_back(idx[d + pad] % x.sizes[d]);
      return src;
    })};
  };
}

// in[0] self, in[1] index (1-d or 0-d).
auto index_select_reference(int64_t dim) {
  return [dim](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor &x = in[0], &index = in[1];
    if (x.dim() == 0) return {moved(x, {}, dtypes[0], [](const Shape&) { return Shape{}; })};
    const int64_t d = wrap(dim, x.dim());
    Shape sizes = x.sizes;
    sizes[d] = index.numel();
    return {moved(x, sizes, dtypes[0], [&](const Shape& idx) {
      Shape src = idx;
      src[d] = static_cast<int64_t>(index.values[idx[d]].real());
      return src;
    })};
  };
}

// in[0] self, in[1] index of the result's shape.
auto gather_reference(int64_t dim) {
  return [dim](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor &x = in[0], &index = in[1];
    return {moved(x, index.sizes, dtypes[0], [&](const Shape& idx) {
      Shape src = idx;
      if (x.dim() > 0) src[wrap(dim, x.dim())] = index_at(index, idx);
      return src;
    })};
  };
}

enum class Reduce { none, add, multiply };

// in[0] self, in[1] index, in[2] src (unless value is set). Writes land in index's C order,
// which along dim is the order the kernel promises; reductions round to the dtype at each step,
// as the kernel does.
auto scatter_reference(int64_t dim, std::optional<double> value, Reduce reduce) {
  return [=](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor &x = in[0], &index = in[1];
    RefTensor out = x;
    out.dtype = dtypes[0];
    for_each_index(index.sizes, [&](const Shape& idx) {
      Shape dst = idx;
      if (x.dim() > 0) dst[wrap(dim, x.dim())] = index_at(index, idx);
      const std::complex<double> v = value ? std::complex<double>(*value) : in[2].at(idx);
      std::complex<double>& o = out.at(dst);
      switch (reduce) {
        case Reduce::none:
          o = v;
          break;
        case Reduce::add:
          o = round_to(out.dtype, o + v);
          break;
        case Reduce::multiply:
          o = round_to(out.dtype, o * v);
          break;
      }
    });
    return {out};
  };
}

const char* reduce_name(Reduce r) { return r == Reduce::add ? "add" : "multiply"; }

}  // namespace

ATEN_OP_CASES(layout) {
  std::vector<OpCase> cases;

  // masked_fill: self where the mask is false, the value where it is true. Pointwise, so the
  // broadcast layout gives the mask a size-1 dim to broadcast.
  OpCase fill;
  fill.overloads = {"masked_fill.Scalar", "masked_fill_.Scalar"};
  fill.inputs = {Input{kShape}, Input{kShape, Values::any, ScalarType::Bool}};
  fill.call = [](const Tensors& in) { return Tensors{masked_fill(in[0], in[1], 1)}; };
  fill.call_inplace = [](Tensors& in) { in[0].masked_fill_(in[1], 1); };
  fill.result_dtypes = first_dtype;
  fill.reference = pointwise(
      [](auto x, auto mask) { return mask != decltype(mask)(0) ? decltype(x)(1) : x; });
  fill.pointwise = true;
  cases.push_back(fill);
  OpCase fill_tensor = fill;
  fill_tensor.overloads = {"masked_fill.Tensor", "masked_fill_.Tensor"};
  fill_tensor.inputs.push_back(Input{{}});
  fill_tensor.call = [](const Tensors& in) { return Tensors{masked_fill(in[0], in[1], in[2])}; };
  fill_tensor.call_inplace = [](Tensors& in) { in[0].masked_fill_(in[1], in[2]); };
  fill_tensor.reference = pointwise(
      [](auto x, auto mask, auto v) { return mask != decltype(mask)(0) ? v : x; });
  cases.push_back(fill_tensor);

  // cat along dim 0, whose size is all the layouts change; 0-dim tensors cannot be concatenated.
  OpCase cat3;
  cat3.overloads = {"cat", "cat.out"};
  cat3.inputs = {Input{kShape}, Input{{2, 35}}, Input{{4, 35}}};
  cat3.call = [](const Tensors& in) { return Tensors{cat({in[0], in[1], in[2]})}; };
  cat3.call_out = [](const Tensors& in, Tensors& out) { cat_out(out[0], {in[0], in[1], in[2]}); };
  cat3.result_dtypes = same_as_promoted;
  cat3.reference = cat_reference(0);
  cat3.skip_layouts = {Layout::zero_dim};
  cases.push_back(cat3);
  // With a Float input: the inputs' promoted dtype.
  OpCase cat_mixed = cat3;
  cat_mixed.inputs[1].dtype = ScalarType::Float;
  cat_mixed.call = [](const Tensors& in) { return Tensors{cat({in[0], in[1], in[2]}, -2)}; };
  cat_mixed.result_dtypes = [](std::span<const ScalarType> t) {
    return std::vector{promote_types(t[0], ScalarType::Float)};
  };
  cases.push_back(cat_mixed);

  for (int64_t dim : {0, -1}) {
    OpCase s;
    s.overloads = {"stack", "stack.out"};
    s.inputs = {Input{kShape}, Input{kShape}, Input{kShape}};
    s.call = [dim](const Tensors& in) { return Tensors{stack({in[0], in[1], in[2]}, dim)}; };
    s.call_out = [dim](const Tensors& in, Tensors& out) {
      stack_out(out[0], {in[0], in[1], in[2]}, dim);
    };
    s.result_dtypes = first_dtype;
    s.reference = stack_reference(dim);
    cases.push_back(s);
  }

  // flip, roll, repeat: one input, reordered.
  auto reorder = [](std::string overload, std::function<Tensor(const Tensor&)> f,
                    std::function<Refs(const Refs&, std::span<const ScalarType>)> reference) {
    OpCase c;
    c.overloads = {std::move(overload)};
    c.inputs = {Input{kShape}};
    c.call = [f](const Tensors& in) { return Tensors{f(in[0])}; };
    c.result_dtypes = first_dtype;
    c.reference = std::move(reference);
    return c;
  };
  cases.push_back(reorder(
      "flip", [](const Tensor& x) { return flip(x, {-1}); }, flip_reference({-1})));
  OpCase flip2 = reorder(
      "flip",
      [](const Tensor& x) {
        return x.flip({0, 1});
      },
      flip_reference({0, 1}));
  flip2.skip_layouts = {Layout::zero_dim};  // a 0-dim tensor has dim 0 only
  cases.push_back(flip2);
  OpCase roll2 = reorder(
      "roll",
      [](const Tensor& x) {
        return roll(x, {2, -40}, {0, -1});
      },
      roll_reference({2, -40}, {0, -1}));
  roll2.skip_layouts = {Layout::zero_dim};  // as in ATen, a 0-dim tensor has no dim to roll
  cases.push_back(roll2);
  cases.push_back(reorder(
      "roll", [](const Tensor& x) { return x.roll(7); }, roll_reference({7}, {})));
  cases.push_back(reorder(
      "repeat",
      [](const Tensor& x) {
        return x.repeat({2, 1, 3});
      },
      repeat_reference({2, 1, 3})));

  // index_select along dim 0 (Long and Int indices) and along the last dim.
  for (ScalarType index_dtype : {ScalarType::Long, ScalarType::Int}) {
    OpCase c;
    c.overloads = {"index_select", "index_select.out"};
    c.inputs = {Input{kShape}, below_index({5}, kShape[0], index_dtype)};
    c.call = [](const Tensors& in) { return Tensors{index_select(in[0], 0, in[1])}; };
    c.call_out = [](const Tensors& in, Tensors& out) { index_select_out(out[0], in[0], 0, in[1]); };
    c.result_dtypes = first_dtype;
    c.reference = index_select_reference(0);
    // The large layout grows the index to 65537 entries; once (Long) is enough.
    if (index_dtype == ScalarType::Int) c.skip_layouts = {Layout::large};
    cases.push_back(c);
  }
  OpCase select_last;
  select_last.overloads = {"index_select"};
  select_last.inputs = {Input{kShape}, below_index({4}, kShape[1])};
  select_last.call = [](const Tensors& in) { return Tensors{in[0].index_select(-1, in[1])}; };
  select_last.result_dtypes = first_dtype;
  select_last.reference = index_select_reference(-1);
  // The large layout grows the 1-d index itself to 65537 entries: 1873 x 65537 results.
  select_last.skip_layouts = {Layout::large};
  cases.push_back(select_last);

  // gather along dim 0 (more index rows than self has) and along the last dim (a wider index).
  for (auto [gather_dim, index_shape, n] : {std::tuple{int64_t{0}, Shape{9, 35}, kShape[0]},
                                            std::tuple{int64_t{-1}, Shape{6, 40}, kShape[1]}}) {
    const int64_t dim = gather_dim;  // captured below: clang 14 cannot capture a binding
    OpCase c;
    c.overloads = {"gather", "gather.out"};
    c.inputs = {Input{kShape}, below_index(index_shape, n)};
    c.call = [dim](const Tensors& in) { return Tensors{gather(in[0], dim, in[1])}; };
    c.call_out = [dim](const Tensors& in, Tensors& out) { gather_out(out[0], in[0], dim, in[1]); };
    c.result_dtypes = first_dtype;
    c.reference = gather_reference(dim);
    cases.push_back(c);
  }

  // scatter along dim 0: 9 index rows into self's 6, so indices repeat and the last write wins.
  OpCase src;
  src.overloads = {"scatter.src", "scatter_.src", "scatter.src_out"};
  src.inputs = {Input{kShape}, below_index({9, 35}, kShape[0]), Input{{9, 35}}};
  src.call = [](const Tensors& in) { return Tensors{scatter(in[0], 0, in[1], in[2])}; };
  src.call_out = [](const Tensors& in, Tensors& out) {
    scatter_out(out[0], in[0], 0, in[1], in[2]);
  };
  src.call_inplace = [](Tensors& in) { in[0].scatter_(0, in[1], in[2]); };
  src.result_dtypes = first_dtype;
  src.reference = scatter_reference(0, std::nullopt, Reduce::none);
  cases.push_back(src);
  OpCase value = src;
  value.overloads = {"scatter.value", "scatter_.value", "scatter.value_out"};
  value.inputs.pop_back();
  value.call = [](const Tensors& in) { return Tensors{in[0].scatter(0, in[1], 1)}; };
  value.call_out = [](const Tensors& in, Tensors& out) { scatter_out(out[0], in[0], 0, in[1], 1); };
  value.call_inplace = [](Tensors& in) { in[0].scatter_(0, in[1], 1); };
  value.reference = scatter_reference(0, 1.0, Reduce::none);
  cases.push_back(value);
  for (Reduce reduce : {Reduce::add, Reduce::multiply}) {
    const std::string r = reduce_name(reduce);
    OpCase c = src;
    c.overloads = {"scatter.reduce", "scatter_.reduce", "scatter.reduce_out"};
    c.call = [r](const Tensors& in) { return Tensors{scatter(in[0], 0, in[1], in[2], r)}; };
    c.call_out = [r](const Tensors& in, Tensors& out) {
      scatter_out(out[0], in[0], 0, in[1], in[2], r);
    };
    c.call_inplace = [r](Tensors& in) { in[0].scatter_(0, in[1], in[2], r); };
    c.reference = scatter_reference(0, std::nullopt, reduce);
    // Hundreds of repeated indices (the large layout) accumulate in the dtype, one rounding each.
    c.tolerance_scale = 10;
    // Products of hundreds of repeated indices (the large layout) stay in range for |x| <= 1.
    if (reduce == Reduce::multiply) c.inputs[0].values = c.inputs[2].values = Values::unit;
    cases.push_back(c);
    // Adding 1 or doubling; doubling hundreds of times (the large layout) overflows.
    const double x = reduce == Reduce::add ? 1 : 2;
    OpCase v = value;
    v.overloads = {"scatter.value_reduce", "scatter_.value_reduce", "scatter.value_reduce_out"};
    v.call = [r, x](const Tensors& in) { return Tensors{scatter(in[0], 0, in[1], x, r)}; };
    v.call_out = [r, x](const Tensors& in, Tensors& out) {
      scatter_out(out[0], in[0], 0, in[1], x, r);
    };
    v.call_inplace = [r, x](Tensors& in) { in[0].scatter_(0, in[1], x, r); };
    v.reference = scatter_reference(0, x, reduce);
    if (reduce == Reduce::multiply) v.skip_layouts = {Layout::large};
    cases.push_back(v);
  }
  return cases;
}

}  // namespace aten::optest
