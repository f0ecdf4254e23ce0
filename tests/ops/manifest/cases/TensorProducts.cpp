// The cases of aten/native/TensorProducts.cpp's ops: addmv, baddbmm, addbmm (functional, out=,
// in-place, default and given beta / alpha), outer, kron, tensordot. The references are the
// sums written out (ProductSum: complex<double>, or wrapping int64 for integral dtypes), rounded
// once.
#include "../OpCase.h"
#include "../ReductionCases.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/addbmm.h>
#include <aten/ops/addmv.h>
#include <aten/ops/baddbmm.h>
#include <aten/ops/kron.h>
#include <aten/ops/outer.h>
#include <aten/ops/tensordot.h>

#include <algorithm>

namespace aten::optest {

namespace {

using Value = std::complex<double>;

// The element of t at idx, t broadcast to idx's rank (size-1 dims pinned).
Value broadcast_at(const RefTensor& t, const Shape& idx) { return read_broadcast(t, idx); }

RefTensor rounded(RefTensor r) {
  for (auto& v : r.values) v = round_to(r.dtype, v);
  return r;
}

// beta * self + alpha * product in dtype's arithmetic, where beta == 0 leaves self out.
Value combine(ScalarType dtype, int64_t beta, int64_t alpha, Value self, Value product) {
  ProductSum s(dtype);
  if (beta != 0) s.add(static_cast<double>(beta), self);
  s.add(static_cast<double>(alpha), product);
  return s.value();
}

const std::vector<Layout> kSkips = {Layout::zero_size, Layout::zero_dim, Layout::large};

OpCase product_case(std::vector<std::string> overloads, std::vector<Shape> shapes) {
  OpCase c;
  c.overloads = std::move(overloads);
  for (Shape& s : shapes) c.inputs.push_back(Input{std::move(s)});
  c.result_dtypes = same_as_promoted;
  c.skip_layouts = kSkips;
  c.tolerance_scale = 20;  // sums of up to 12 products of values up to 9
  // Composites: an undeclared dtype is refused by the product they reach, with its name.
  c.undeclared_error = "not implemented for";
  return c;
}

OpCase addmv_case(const Shape& self, int64_t beta, int64_t alpha) {
  OpCase c = product_case({"addmv", "addmv.out", "addmv_"}, {self, {5, 7}, {7}});
  const bool defaults = beta == 1 && alpha == 1;
  c.call = [=](const Tensors& in) {
    return Tensors{defaults ? addmv(in[0], in[1], in[2]) : addmv(in[0], in[1], in[2], beta, alpha)};
  };
  c.call_out = [=](const Tensors& in, Tensors& out) {
    if (defaults) addmv_out(out[0], in[0], in[1], in[2]);
    else addmv_out(out[0], in[0], in[1], in[2], beta, alpha);
  };
  c.call_inplace = [=](Tensors& in) {
    if (defaults) addmv_(in[0], in[1], in[2]);
    else addmv_(in[0], in[1], in[2], beta, alpha);
  };
  // In place, self must have the result's shape.
  if (self != Shape{5}) c.call_inplace = nullptr;
  c.reference = [beta, alpha](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const int64_t n = in[1].sizes[0], k = in[1].sizes[1];
    RefTensor r = filled({n}, dtypes[0]);
    for (int64_t i = 0; i < n; ++i) {
      ProductSum s(dtypes[0]);
      for (int64_t j = 0; j < k; ++j) s.add(in[1].at({i, j}), in[2].at({j}));
      r.at({i}) = combine(dtypes[0], beta, alpha, broadcast_at(in[0], {i}), s.value());
    }
    return {rounded(r)};
  };
  return c;
}

// baddbmm (per batch) or addbmm (summed over the batch).
OpCase batched_case(bool summed, const Shape& self, int64_t beta, int64_t alpha) {
  const std::string name = summed ? "addbmm" : "baddbmm";
  OpCase c = product_case({name, name + ".out", name + "_"}, {self, {3, 4, 5}, {3, 5, 6}});
  const bool defaults = beta == 1 && alpha == 1;
  c.call = [=](const Tensors& in) {
    if (summed) {
      return Tensors{defaults ? addbmm(in[0], in[1], in[2])
                              : addbmm(in[0], in[1], in[2], beta, alpha)};
    }
    return Tensors{defaults ? baddbmm(in[0], in[1], in[2])
                            : baddbmm(in[0], in[1], in[2], beta, alpha)};
  };
  c.call_out = [=](const Tensors& in, Tensors& out) {
    if (summed) addbmm_out(out[0], in[0], in[1], in[2], beta, alpha);
    else baddbmm_out(out[0], in[0], in[1], in[2], beta, alpha);
  };
  c.call_inplace = [=](Tensors& in) {
    if (summed) addbmm_(in[0], in[1], in[2], beta, alpha);
    else baddbmm_(in[0], in[1], in[2], beta, alpha);
  };
  if (self != (summed ? Shape{4, 6} : Shape{3, 4, 6})) c.call_inplace = nullptr;
  c.reference = [=](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const int64_t b = in[1].sizes[0], n = in[1].sizes[1], k = in[1].sizes[2], p = in[2].sizes[2];
    RefTensor r = filled(summed ? Shape{n, p} : Shape{b, n, p}, dtypes[0]);
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < p; ++j) {
        ProductSum total(dtypes[0]);
        for (int64_t bb = 0; bb < b; ++bb) {
          ProductSum s(dtypes[0]);
          for (int64_t kk = 0; kk < k; ++kk) s.add(in[1].at({bb, i, kk}), in[2].at({bb, kk, j}));
          if (summed) {
            total.add(s.value(), 1.0);
          } else {
            r.at({bb, i, j}) = combine(dtypes[0], beta, alpha, broadcast_at(in[0], {bb, i, j}),
                                       s.value());
          }
        }
        if (summed)
          r.at({i, j}) = combine(dtypes[0], beta, alpha, broadcast_at(in[0], {i, j}),
                                 total.value());
      }
    return {rounded(r)};
  };
  return c;
}

OpCase outer_case() {
  OpCase c = product_case({"outer", "outer.out"}, {{5}, {7}});
  c.call = [](const Tensors& in) { return Tensors{outer(in[0], in[1])}; };
  c.call_out = [](const Tensors& in, Tensors& out) { outer_out(out[0], in[0], in[1]); };
  c.reference = [](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    RefTensor r = filled({in[0].sizes[0], in[1].sizes[0]}, dtypes[0]);
    for (int64_t i = 0; i < in[0].sizes[0]; ++i)
      for (int64_t j = 0; j < in[1].sizes[0]; ++j) r.at({i, j}) = in[0].at({i}) * in[1].at({j});
    return {rounded(r)};
  };
  c.skip_layouts = {Layout::zero_dim, Layout::large};  // large: two 2^16 vectors, 2^32 products
  return c;
}

// kron of a [2, 3] and a [3, 1, 2] (ranks differ: the first gets a leading 1).
OpCase kron_case() {
  OpCase c = product_case({"kron", "kron.out"}, {{2, 3}, {3, 1, 2}});
  c.call = [](const Tensors& in) { return Tensors{kron(in[0], in[1])}; };
  c.call_out = [](const Tensors& in, Tensors& out) { kron_out(out[0], in[0], in[1]); };
  c.reference = [](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const size_t dims = std::max(in[0].sizes.size(), in[1].sizes.size());
    auto padded = [dims](const Shape& s) {
      Shape p(dims - s.size(), 1);
      p.insert(p.end(), s.begin(), s.end());
      return p;
    };
    const Shape a = padded(in[0].sizes), b = padded(in[1].sizes);
    Shape sizes(dims);
    for (size_t d = 0; d < dims; ++d) sizes[d] = a[d] * b[d];
    RefTensor r = filled(sizes, dtypes[0]);
    for_each_index(sizes, [&](const Shape& idx) {
      Shape ia(dims), ib(dims);
      for (size_t d = 0; d < dims; ++d) {
        ia[d] = idx[d] / b[d];
        ib[d] = idx[d] % b[d];
      }
      Shape ra(ia.end() - static_cast<std::ptrdiff_t>(in[0].sizes.size()), ia.end());
      Shape rb(ib.end() - static_cast<std::ptrdiff_t>(in[1].sizes.size()), ib.end());
      r.at(idx) = in[0].at(ra) * in[1].at(rb);
    });
    return {rounded(r)};
  };
  c.skip_layouts = {Layout::zero_dim, Layout::large};
  return c;
}

// t summed over dim, kept as a dim of size 1, rounded to t's dtype: the reductions' reference.
RefTensor summed_over(const RefTensor& t, int64_t dim) {
  const Reducer sum = [](const Values1d& v) { return Values1d{total(v)}; };
  const ScalarType dtype[] = {t.dtype};
  return reduce_reference(std::vector<int64_t>{dim}, true, sum)({t}, dtype)[0];
}

// self [3, 4, 5] with other [5, 2, 3]: self's dims 2 and 0 with other's 0 and 2.
OpCase tensordot_case() {
  OpCase c = product_case({"tensordot", "tensordot.out"}, {{3, 4, 5}, {5, 2, 3}});
  c.call = [](const Tensors& in) { return Tensors{tensordot(in[0], in[1], {2, 0}, {0, -1})}; };
  c.call_out = [](const Tensors& in, Tensors& out) {
    tensordot_out(out[0], in[0], in[1], {2, 0}, {0, -1});
  };
  c.reference = [](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    // A contracted dim of size 1 on one side broadcasts against the other's: the op sums the
    // other side over it first (rounded to the dtype; an empty dim sums to zeros, which still
    // multiply: NaN times 0), as ATen's, which at infinities is not the sum of the products.
    // Sizes 0 against 0 sum nothing.
    RefTensor p = in[0], q = in[1];
    if (p.sizes[0] == 1 && q.sizes[2] != 1) q = summed_over(q, 2);
    else if (q.sizes[2] == 1 && p.sizes[0] != 1) p = summed_over(p, 0);
    if (p.sizes[2] == 1 && q.sizes[0] != 1) q = summed_over(q, 0);
    else if (q.sizes[0] == 1 && p.sizes[2] != 1) p = summed_over(p, 2);
    const bool empty = p.sizes[0] == 0 || q.sizes[2] == 0 || p.sizes[2] == 0 || q.sizes[0] == 0;
    const int64_t i3 = empty ? 0 : std::max(p.sizes[0], q.sizes[2]), i4 = p.sizes[1],
                  i5 = empty ? 0 : std::max(p.sizes[2], q.sizes[0]), j2 = q.sizes[1];
    RefTensor r = filled({i4, j2}, dtypes[0]);
    for (int64_t a = 0; a < i4; ++a)
      for (int64_t b = 0; b < j2; ++b) {
        ProductSum s(dtypes[0]);
        for (int64_t x = 0; x < i5; ++x)
          for (int64_t y = 0; y < i3; ++y)
            s.add(broadcast_at(p, {y, a, x}), broadcast_at(q, {x, b, y}));
        r.at({a, b}) = s.value();
      }
    return {rounded(r)};
  };
  return c;
}

}  // namespace

ATEN_OP_CASES(tensor_products) {
  return {addmv_case({5}, 1, 1),
          addmv_case({1}, 2, -3),
          addmv_case({5}, 0, 2),
          batched_case(false, {3, 4, 6}, 1, 1),
          batched_case(false, {4, 1}, 3, 2),
          batched_case(true, {4, 6}, 1, 1),
          batched_case(true, {6}, 0, -2),
          outer_case(),
          kron_case(),
          tensordot_case()};
}

}  // namespace aten::optest
