// sort (and argsort, msort over it): the values along dim in order with the indices they came
// from. Both results are laid out like self (its strides when dense, else dense strides in its
// dims' order), as ATen's.
#include <aten/core/MemoryOverlap.h>
#include <aten/native/Sorting.h>
#include <aten/ops/argsort_native.h>
#include <aten/ops/empty.h>
#include <aten/ops/msort_native.h>
#include <aten/ops/sort.h>
#include <aten/ops/sort_dtypes.h>
#include <aten/ops/sort_native.h>

#include <algorithm>
#include <numeric>
#include <tuple>
#include <vector>

namespace aten::native {

ATEN_DEFINE_DISPATCH(sort_stub);

namespace {

// Dense strides ordered as t's dims are in memory (ATen's infer_dense_strides): the smallest
// stride's dim fastest, ties kept in order from the last dim.
DimVector dense_strides_like(const Tensor& t) {
  const int64_t n = t.dim();
  std::vector<int64_t> perm(static_cast<size_t>(n));
  std::iota(perm.begin(), perm.end(), 0);
  // perm[0] is the fastest dim.
  std::reverse(perm.begin(), perm.end());
  std::stable_sort(perm.begin(), perm.end(), [&](int64_t a, int64_t b) {
    const int64_t sa = t.sizes()[a] == 1 ? 0 : t.strides()[a];
    const int64_t sb = t.sizes()[b] == 1 ? 0 : t.strides()[b];
    if (sa == 0 || sb == 0) return false;
    return sa < sb;
  });
  DimVector strides(static_cast<size_t>(n));
  int64_t s = 1;
  for (int64_t d : perm) {
    strides[d] = s;
    s *= std::max<int64_t>(t.sizes()[d], 1);
  }
  return strides;
}

}  // namespace
}  // namespace aten::native

namespace aten::meta {

ATEN_META_FUNC(sort_stable)
(const Tensor& self, std::optional<bool> stable, int64_t dim, bool /*descending*/) {
  // The schema allows None, ATen's kernel does not (it asserts): an error here too.
  ATEN_CHECK(stable.has_value(), "sort(): stable has to have a value (True or False)");
  maybe_wrap_dim(dim, std::max<int64_t>(self.dim(), 1));
  const DimVector strides = self.is_non_overlapping_and_dense() ? DimVector(self.strides())
                                                                : native::dense_strides_like(self);
  if (const Tensor& values = maybe_get_output(0); values.defined()) {
    assert_no_internal_overlap(values);
    assert_no_overlap(values, self, "self");
  }
  if (const Tensor& indices = maybe_get_output(1); indices.defined()) {
    assert_no_internal_overlap(indices);
    assert_no_overlap(indices, self, "self");
  }
  set_output_raw_strided(0, self.sizes(), strides, self.options());
  set_output_raw_strided(1, self.sizes(), strides, self.options().dtype(ScalarType::Long));
}

}  // namespace aten::meta

namespace aten::native {

ATEN_IMPL_FUNC(sort_stable_out)
(const Tensor& self, std::optional<bool> stable, int64_t dim, bool descending, const Tensor& values,
 const Tensor& indices) {
  // A 0-dim self is its own sort whatever its dtype, as in ATen; the dtype is checked here
  // rather than in meta(), so a Meta call of any dtype gives the geometry, as ATen's.
  if (self.dim() == 0) {
    if (!values.is_same(self)) values.copy_(self);
    indices.fill_(0);
    return;
  }
  ATEN_DISPATCH_sort_TYPES(self.scalar_type(), [] {});
  if (!values.is_same(self)) values.copy_(self);
  if (self.numel() == 0) return;
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  TensorIteratorConfig config;
  config.add_output(values, "values").add_output(indices, "indices");
  config.check_all_same_dtype(false)
      .set_check_mem_overlap(false)
      .resize_outputs(false)
      .declare_static_shape(self.sizes(), {d});
  TensorIterator iter(config);
  const SortLine line{self.sizes()[d], values.strides()[d] * values.element_size(),
                      indices.strides()[d] * indices.element_size()};
  sort_stub(iter.device(), iter, line, stable.value_or(false), descending);
}

std::tuple<Tensor, Tensor> sort(const Tensor& self, int64_t dim, bool descending) {
  return aten::sort(self, std::optional<bool>(false), dim, descending);
}

std::tuple<Tensor&, Tensor&> sort(const Tensor& self, int64_t dim, bool descending, Tensor& values,
                                  Tensor& indices) {
  return aten::sort_outf(self, std::optional<bool>(false), dim, descending, values, indices);
}

Tensor argsort(const Tensor& self, int64_t dim, bool descending) {
  return std::get<1>(aten::sort(self, std::optional<bool>(false), dim, descending));
}

Tensor argsort(const Tensor& self, bool stable, int64_t dim, bool descending) {
  return std::get<1>(aten::sort(self, std::optional<bool>(stable), dim, descending));
}

Tensor msort(const Tensor& self) { return std::get<0>(aten::sort(self, 0, false)); }

Tensor& msort(const Tensor& self, Tensor& out) {
  Tensor indices = aten::empty({0}, self.options().dtype(ScalarType::Long));
  aten::sort_outf(self, std::optional<bool>(false), 0, false, out, indices);
  return out;
}

}  // namespace aten::native
