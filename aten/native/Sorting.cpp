// sort (and argsort, msort over it): the values along dim in order with the indices they came
// from. Both results are laid out like self (its strides when dense, else dense strides in its
// dims' order), as ATen's. The selections along a dim: topk, kthvalue, median and nanmedian (of
// everything, or along a dim), mode.
#include <aten/core/IntegralOfNan.h>
#include <aten/core/MemoryOverlap.h>
#include <aten/native/Sorting.h>
#include <aten/ops/argsort_native.h>
#include <aten/ops/empty.h>
#include <aten/ops/full.h>
#include <aten/ops/kthvalue_dtypes.h>
#include <aten/ops/kthvalue_native.h>
#include <aten/ops/median.h>
#include <aten/ops/median_dtypes.h>
#include <aten/ops/median_native.h>
#include <aten/ops/mode_dtypes.h>
#include <aten/ops/mode_native.h>
#include <aten/ops/msort_native.h>
#include <aten/ops/nanmedian.h>
#include <aten/ops/nanmedian_dtypes.h>
#include <aten/ops/nanmedian_native.h>
#include <aten/ops/sort.h>
#include <aten/ops/sort_dtypes.h>
#include <aten/ops/sort_native.h>
#include <aten/ops/topk_dtypes.h>
#include <aten/ops/topk_native.h>

#include <algorithm>
#include <limits>
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

// ---- selections along a dim: topk, kthvalue, median, nanmedian, mode ----------------------------

namespace aten::native {

ATEN_DEFINE_DISPATCH(topk_stub);
ATEN_DEFINE_DISPATCH(kthvalue_stub);
ATEN_DEFINE_DISPATCH(median_stub);
ATEN_DEFINE_DISPATCH(mode_stub);

namespace {

// ATen's check of a reduction over dim of an empty self: that dim must have elements (a 0-dim
// self has none).
void check_nonempty_dim(const Tensor& self, int64_t dim, const char* op) {
  ATEN_CHECK_INDEX(self.dim() > 0 && self.sizes()[dim] != 0, op, ": Expected reduction dim ", dim,
                   " to have non-zero size.");
}

// A selection's values and indices given as out=: each written once per element, and not into
// self, which the kernel reads while it writes them.
void check_selection_outputs(impl::MetaBase& meta, const Tensor& self) {
  for (int i = 0; i < 2; ++i) {
    if (const Tensor& out = meta.maybe_get_output(i); out.defined()) {
      assert_no_internal_overlap(out);
      assert_no_overlap(out, self, "self");
    }
  }
}

// values and indices of a reduction over dim (kept as 1 or dropped) of a rank >= 0 self.
void set_reduced_outputs(impl::MetaBase& meta, const Tensor& self, int64_t dim, bool keepdim) {
  check_selection_outputs(meta, self);
  DimVector shape;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (d != dim) shape.push_back(self.sizes()[d]);
    else if (keepdim) shape.push_back(1);
  }
  meta.set_output_raw_strided(0, shape, {}, self.options());
  meta.set_output_raw_strided(1, shape, {}, self.options().dtype(ScalarType::Long));
}

// The results of a selection over dim viewed with self's rank (the dim kept), for the kernels.
std::pair<Tensor, Tensor> kept_dim(const Tensor& values, const Tensor& indices, int64_t dim,
                                   bool keepdim) {
  if (keepdim) return {values, indices};
  return {values.unsqueeze(dim), indices.unsqueeze(dim)};
}

// A 0-dim self is its own selection, at index 0, whatever its dtype (topk, kthvalue and mode
// return it before their dtype switch, as ATen's do).
bool select_trivially(const Tensor& self, const Tensor& values, const Tensor& indices) {
  if (self.dim() != 0) return false;
  values.copy_(self);
  indices.fill_(0);
  return true;
}

}  // namespace
}  // namespace aten::native

namespace aten::meta {

ATEN_META_FUNC(topk)
(const Tensor& self, int64_t k, int64_t dim, bool /*largest*/, bool /*sorted*/) {
  const int64_t d = maybe_wrap_dim(dim, std::max<int64_t>(self.dim(), 1));
  ATEN_CHECK(k >= 0 && k <= (self.dim() > 0 ? self.sizes()[d] : 1),
             "selected index k out of range");
  DimVector shape(self.sizes());
  if (!shape.empty()) shape[d] = k;
  native::check_selection_outputs(*this, self);
  set_output_raw_strided(0, shape, {}, self.options());
  set_output_raw_strided(1, shape, {}, self.options().dtype(ScalarType::Long));
}

ATEN_META_FUNC(kthvalue)(const Tensor& self, int64_t k, int64_t dim, bool keepdim) {
  const int64_t d = maybe_wrap_dim(dim, std::max<int64_t>(self.dim(), 1));
  if (self.numel() == 0) native::check_nonempty_dim(self, d, "kthvalue()");
  const int64_t slice = self.dim() == 0 ? 1 : self.sizes()[d];
  ATEN_CHECK(k >= 1 && k <= slice, "kthvalue(): selected number k out of range for dimension ", d);
  native::set_reduced_outputs(*this, self, d, keepdim);
}

ATEN_META_FUNC(median_dim)(const Tensor& self, int64_t dim, bool keepdim) {
  const int64_t d = maybe_wrap_dim(dim, std::max<int64_t>(self.dim(), 1));
  if (self.numel() == 0) native::check_nonempty_dim(self, d, "median()");
  native::set_reduced_outputs(*this, self, d, keepdim);
}

ATEN_META_FUNC(nanmedian_dim)(const Tensor& self, int64_t dim, bool keepdim) {
  const int64_t d = maybe_wrap_dim(dim, std::max<int64_t>(self.dim(), 1));
  if (self.numel() == 0) native::check_nonempty_dim(self, d, "nanmedian()");
  native::set_reduced_outputs(*this, self, d, keepdim);
}

ATEN_META_FUNC(mode)(const Tensor& self, int64_t dim, bool keepdim) {
  const int64_t d = maybe_wrap_dim(dim, std::max<int64_t>(self.dim(), 1));
  if (self.numel() == 0) native::check_nonempty_dim(self, d, "mode()");
  native::set_reduced_outputs(*this, self, d, keepdim);
}

}  // namespace aten::meta

namespace aten::native {

ATEN_IMPL_FUNC(topk_out_cpu)
(const Tensor& self, int64_t k, int64_t dim, bool largest, bool sorted, const Tensor& values,
 const Tensor& indices) {
  if (select_trivially(self, values, indices)) return;
  ATEN_DISPATCH_topk_TYPES(self.scalar_type(), [] {});
  if (values.numel() == 0) return;
  topk_stub(self.device(), values, indices, self, k, maybe_wrap_dim(dim, self.dim()), largest,
            sorted);
}

ATEN_IMPL_FUNC(kthvalue_out)
(const Tensor& self, int64_t k, int64_t dim, bool keepdim, const Tensor& values,
 const Tensor& indices) {
  if (select_trivially(self, values, indices)) return;
  ATEN_DISPATCH_kthvalue_TYPES(self.scalar_type(), [] {});
  if (values.numel() == 0) return;
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  auto [v, i] = kept_dim(values, indices, d, keepdim);
  kthvalue_stub(self.device(), v, i, self, k, d);
}

ATEN_IMPL_FUNC(median_out)
(const Tensor& self, int64_t dim, bool keepdim, const Tensor& values, const Tensor& indices) {
  ATEN_DISPATCH_median_TYPES(self.scalar_type(), [] {});
  if (select_trivially(self, values, indices) || values.numel() == 0) return;
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  auto [v, i] = kept_dim(values, indices, d, keepdim);
  median_stub(self.device(), v, i, self, d, false);
}

ATEN_IMPL_FUNC(nanmedian_out)
(const Tensor& self, int64_t dim, bool keepdim, const Tensor& values, const Tensor& indices) {
  ATEN_DISPATCH_nanmedian_TYPES(self.scalar_type(), [] {});
  if (select_trivially(self, values, indices) || values.numel() == 0) return;
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  auto [v, i] = kept_dim(values, indices, d, keepdim);
  median_stub(self.device(), v, i, self, d, true);
}

ATEN_IMPL_FUNC(mode_out)
(const Tensor& self, int64_t dim, bool keepdim, const Tensor& values, const Tensor& indices) {
  if (select_trivially(self, values, indices)) return;
  ATEN_DISPATCH_mode_TYPES(self.scalar_type(), [] {});
  if (values.numel() == 0) return;
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  auto [v, i] = kept_dim(values, indices, d, keepdim);
  mode_stub(self.device(), v, i, self, d);
}

namespace {

// The median of every element: the median along dim 0 of the flattened self; NaN when it is
// empty, as in ATen (for an integral dtype what NaN converts to there: integral_of_nan).
Tensor median_of_all(const Tensor& self, bool ignore_nan) {
  if (self.numel() == 0) {
    Tensor result = aten::empty({}, self.options());
    ATEN_DISPATCH_median_TYPES(self.scalar_type(), [&] {
      if constexpr (std::is_integral_v<scalar_t>) {
        result.fill_(integral_of_nan<scalar_t>());
      } else {
        result.fill_(std::numeric_limits<double>::quiet_NaN());
      }
    });
    return result;
  }
  const Tensor flat = self.reshape({-1});
  return std::get<0>(ignore_nan ? aten::nanmedian(flat, 0) : aten::median(flat, 0));
}

}  // namespace

// An empty self gives NaN before the dtype is looked at, as in ATen.
Tensor median(const Tensor& self) {
  if (self.numel() != 0) ATEN_DISPATCH_median_TYPES(self.scalar_type(), [] {});
  return median_of_all(self, false);
}

Tensor nanmedian(const Tensor& self) {
  if (self.numel() != 0) ATEN_DISPATCH_nanmedian_TYPES(self.scalar_type(), [] {});
  return median_of_all(self, true);
}

}  // namespace aten::native
