// The cases of aten/native/ScatterGather.cpp's ops: index_select, gather, take_along_dim,
// scatter, scatter_add and scatter_reduce. Their references move values between coordinates of
// RefTensors; index tensors are Long inputs with values that fit under every layout (see
// below_index).
#include "../OpCase.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/gather.h>
#include <aten/ops/index_select.h>
#include <aten/ops/scatter.h>
#include <aten/ops/scatter_add.h>
#include <aten/ops/scatter_reduce.h>
#include <aten/ops/take_along_dim.h>

#include <cmath>
#include <optional>
#include <string>
#include <tuple>

namespace aten::optest {

namespace {

// Index values in [0, n), scrambled, for a dim of size n under every layout: the layouts keep
// the indexed dim's size, or make it 0 (no index then either), or make every input 0-dim, where
// the one index is element 0 and must be 0.
Input below_index(Shape shape, int64_t n, ScalarType dtype = ScalarType::Long) {
  return Input{std::move(shape), Values::any, dtype,
               [n](int64_t i) { return static_cast<double>((i * 5 + i / 3) % n); }};
}

int64_t index_at(const RefTensor& index, const Shape& idx) {
  return static_cast<int64_t>(index.at(idx).real());
}

// ---- references -------------------------------------------------------------------------------

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

ATEN_OP_CASES(scatter_gather) {
  std::vector<OpCase> cases;

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

  // take_along_dim along dim 0 of self and a one-column index, broadcast across self's columns;
  // and with no dim, both flattened.
  OpCase along;
  along.overloads = {"take_along_dim", "take_along_dim.out"};
  along.inputs = {Input{kShape}, below_index({4, 1}, kShape[0])};
  along.call = [](const Tensors& in) { return Tensors{take_along_dim(in[0], in[1], 0)}; };
  along.call_out = [](const Tensors& in, Tensors& out) {
    take_along_dim_out(out[0], in[0], in[1], 0);
  };
  along.result_dtypes = first_dtype;
  along.reference = [](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor &x = in[0], &index = in[1];
    const Shape sizes = {index.sizes[0], x.sizes[1]};
    RefTensor out = filled(sizes, dtypes[0]);
    for_each_index(sizes, [&](const Shape& idx) {
      const auto row = static_cast<int64_t>(read_broadcast(index, idx).real());
      out.at(idx) = round_to(out.dtype, x.at({row, idx[1]}));
    });
    return {out};
  };
  along.skip_layouts = {Layout::zero_dim};  // no dim 0
  along.dtypes = {kBool,  kByte,   kChar, kShort,    kInt,          kLong,
                  kFloat, kDouble, kHalf, kBFloat16, kComplexFloat, kComplexDouble};
  along.undeclared_error = "\"gather\" not implemented for 'ComplexHalf'";
  cases.push_back(along);
  OpCase flat = along;
  flat.inputs = {Input{kShape}, below_index({7}, kShape[0] * kShape[1])};
  flat.call = [](const Tensors& in) { return Tensors{take_along_dim(in[0], in[1])}; };
  flat.call_out = [](const Tensors& in, Tensors& out) { take_along_dim_out(out[0], in[0], in[1]); };
  flat.reference = [](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    RefTensor out = filled({in[1].numel()}, dtypes[0]);  // 1-d, even of 0-dim inputs
    for (int64_t i = 0; i < in[1].numel(); ++i)
      out.values[i] = round_to(out.dtype,
                               in[0].values[static_cast<int64_t>(in[1].values[i].real())]);
    return {out};
  };
  // self is flattened by view, which these layouts do not allow (ATen's error too).
  flat.skip_layouts = {Layout::transposed, Layout::sliced, Layout::broadcast};
  cases.push_back(flat);

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

namespace {

// scatter_reduce.two's reference: in[0] self, in[1] index, in[2] src, along dim 0, in index's
// C order, rounding to the dtype at each step as the kernel does. Without include_self a
// position's first value starts it (sum, mean and prod from their identity, 0 or 1); mean
// divides by the count of values, self's included (floor division for integers).
auto scatter_reduce_reference(std::string reduce, bool include_self) {
  return [=](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor &x = in[0], &index = in[1], &src = in[2];
    RefTensor out = x;
    out.dtype = dtypes[0];
    std::vector<int64_t> count(x.values.size(), include_self ? 1 : 0);
    auto dst_of = [&](const Shape& idx) {
      Shape dst = idx;
      if (x.dim() > 0) dst[0] = index_at(index, idx);
      return dst;
    };
    auto flat = [&](const Shape& dst) {
      int64_t o = 0;
      for (size_t d = 0; d < dst.size(); ++d) o = o * x.sizes[d] + dst[d];
      return static_cast<size_t>(o);
    };
    if (!include_self)
      for_each_index(index.sizes,
                     [&](const Shape& idx) { out.at(dst_of(idx)) = reduce == "prod" ? 1.0 : 0.0; });
    for_each_index(index.sizes, [&](const Shape& idx) {
      const Shape dst = dst_of(idx);
      std::complex<double>& o = out.at(dst);
      const std::complex<double> v = src.at(idx);
      const size_t k = flat(dst);
      if (reduce == "sum" || reduce == "mean") {
        o = round_to(out.dtype, o + v);
      } else if (reduce == "prod") {
        o = round_to(out.dtype, o * v);
      } else {
        const bool first = !include_self && count[k] == 0;
        const bool nan = std::isnan(v.real()) || std::isnan(o.real());
        const bool better = reduce == "amax" ? v.real() > o.real() : v.real() < o.real();
        if (first || std::isnan(v.real()) || (!nan && better)) o = v;
      }
      ++count[k];
    });
    if (reduce == "mean") {
      for (size_t k = 0; k < out.values.size(); ++k) {
        // The count is kept in the dtype, as ATen's (it wraps for small integer types).
        double n = round_to(out.dtype, static_cast<double>(count[k])).real();
        if (n == 0) n = 1;
        const std::complex<double> v = out.values[k];
        out.values[k] = isIntegralType(out.dtype, false)
                            ? round_to(out.dtype, std::floor(v.real() / n))
                            : round_to(out.dtype, v / n);
      }
    }
    return {out};
  };
}

}  // namespace

ATEN_OP_CASES(scatter_add_reduce) {
  std::vector<OpCase> cases;
  // 9 index rows into self's 6 along dim 0: indices repeat.
  const std::vector<Input> inputs = {Input{kShape}, below_index({9, 35}, kShape[0]),
                                     Input{{9, 35}}};

  OpCase add;
  add.overloads = {"scatter_add", "scatter_add_", "scatter_add.out"};
  add.inputs = inputs;
  add.call = [](const Tensors& in) { return Tensors{scatter_add(in[0], 0, in[1], in[2])}; };
  add.call_out = [](const Tensors& in, Tensors& out) {
    scatter_add_out(out[0], in[0], 0, in[1], in[2]);
  };
  add.call_inplace = [](Tensors& in) { scatter_add_(in[0], 0, in[1], in[2]); };
  add.result_dtypes = first_dtype;
  add.reference = scatter_reference(0, std::nullopt, Reduce::add);
  add.tolerance_scale = 10;
  // scatter's dtype check, with scatter's name.
  add.undeclared_error = "not implemented for 'ComplexHalf'";
  cases.push_back(add);

  const std::vector<ScalarType> real_dtypes = {kBool, kByte,  kChar,   kShort, kInt,
                                               kLong, kFloat, kDouble, kHalf,  kBFloat16};
  for (const char* reduce : {"sum", "prod", "mean", "amax", "amin"}) {
    for (bool include_self : {true, false}) {
      const std::string r = reduce;
      OpCase c;
      c.overloads = {"scatter_reduce.two", "scatter_reduce_.two", "scatter_reduce.two_out"};
      c.inputs = inputs;
      c.call = [=](const Tensors& in) {
        return Tensors{scatter_reduce(in[0], 0, in[1], in[2], r, include_self)};
      };
      c.call_out = [=](const Tensors& in, Tensors& out) {
        scatter_reduce_out(out[0], in[0], 0, in[1], in[2], r, include_self);
      };
      c.call_inplace = [=](Tensors& in) {
        scatter_reduce_(in[0], 0, in[1], in[2], r, include_self);
      };
      c.result_dtypes = first_dtype;
      c.reference = scatter_reduce_reference(r, include_self);
      c.tolerance_scale = 10;
      if (r == "prod") c.inputs[0].values = c.inputs[2].values = Values::unit;
      c.undeclared_error = "not implemented for 'ComplexHalf'";
      if (r == "mean") {
        c.dtypes = {real_dtypes.begin() + 1, real_dtypes.end()};
        c.dtypes.push_back(kComplexFloat);
        c.dtypes.push_back(kComplexDouble);
        c = with_errors(c, {kBool}, "reduce \"mean\" is not implemented for 'Bool'");
      } else if (r == "amax" || r == "amin") {
        c.dtypes = real_dtypes;
        c = with_errors(c, {kComplexFloat, kComplexDouble, kComplexHalf}, "is not implemented for");
      }
      cases.push_back(c);
    }
  }
  return cases;
}

}  // namespace aten::optest
