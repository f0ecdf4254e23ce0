// Ops that read or write through an index: index_select, gather, scatter_, scatter_add and
// scatter_reduce. gather and
// index_select run one kernel: self is restrided so that it does not move along the indexed dim,
// and each element adds index * stride to its address (ATen's trick). scatter walks the indexed dim
// in the kernel, in order, which fixes the result of repeated indices. Indices are checked before
// anything is written, so a bad one changes nothing.
#include <aten/core/Alias.h>
#include <aten/core/MemoryOverlap.h>
#include <aten/iterator/Broadcast.h>
#include <aten/native/ScatterGather.h>
#include <aten/ops/copy.h>
#include <aten/ops/div.h>
#include <aten/ops/eq.h>
#include <aten/ops/gather.h>
#include <aten/ops/gather_dtypes.h>
#include <aten/ops/gather_native.h>
#include <aten/ops/index_select_dtypes.h>
#include <aten/ops/index_select_native.h>
#include <aten/ops/masked_fill.h>
#include <aten/ops/ones_like.h>
#include <aten/ops/scatter_add.h>
#include <aten/ops/scatter_add_native.h>
#include <aten/ops/scatter_dtypes.h>
#include <aten/ops/scatter_native.h>
#include <aten/ops/scatter_reduce_native.h>
#include <aten/ops/take_along_dim_native.h>
#include <aten/ops/zeros_like.h>

#include <atomic>
#include <limits>
#include <optional>
#include <string_view>
#include <tuple>

namespace aten::native {

ATEN_DEFINE_DISPATCH(gather_stub);
ATEN_DEFINE_DISPATCH(scatter_stub);
ATEN_DEFINE_DISPATCH(scatter_fill_stub);

namespace {

// ATen treats a 0-dim tensor as 1-d of size 1 in these ops.
int64_t nonempty_dim(const Tensor& t) { return t.dim() == 0 ? 1 : t.dim(); }
int64_t nonempty_size(const Tensor& t, int64_t d) { return t.dim() == 0 ? 1 : t.sizes()[d]; }
Tensor as_nonempty(const Tensor& t) {
  if (t.dim() > 0) return t;
  const int64_t one = 1;
  return detail::alias_with_sizes_and_strides(t, one, one);
}

void check_same_device(const Tensor& self, const Tensor& other, const char* name) {
  ATEN_CHECK(self.device() == other.device(), "Expected ", name, " to be on the device of self (",
             self.device(), "), but it is on ", other.device());
}

// Every index in [0, size). A parallel scan finds whether one is not; the error then names the
// first such one in C order, found again serially (and on this thread, which names the op).
template <typename I>
void check_index_range(const Tensor& index, int64_t dim, int64_t size) {
  TensorIteratorConfig config;
  config.add_input(index, "index").check_all_same_dtype(false);
  TensorIterator iter(config);
  std::atomic<bool> bad{false};
  iter.for_each([&](char** data, const int64_t* strides, int64_t n0, int64_t n1) {
    bool any = false;
    for (int64_t j = 0; j < n1; ++j) {
      const char* p = data[0] + j * strides[1];
      // Negative indices are out of range too: as unsigned they are huge.
      for (int64_t i = 0; i < n0; ++i)
        any |= static_cast<uint64_t>(*reinterpret_cast<const I*>(p + i * strides[0])) >=
               static_cast<uint64_t>(size);
    }
    if (any) bad.store(true, std::memory_order_relaxed);
  });
  if (!bad.load()) return;
  const Tensor c = index.contiguous();
  const I* v = c.data_ptr<I>();
  for (int64_t i = 0; i < c.numel(); ++i)
    ATEN_CHECK(v[i] >= 0 && v[i] < size, "index ", static_cast<int64_t>(v[i]),
               " is out of bounds for dimension ", dim, " with size ", size);
}

void check_index_range(const Tensor& index, int64_t dim, int64_t size) {
  if (index.numel() == 0) return;
  if (index.scalar_type() == ScalarType::Int) check_index_range<int32_t>(index, dim, size);
  else check_index_range<int64_t>(index, dim, size);
}

void check_long_index(const Tensor& index) {
  ATEN_CHECK(index.scalar_type() == ScalarType::Long,
             "Expected dtype int64 for index, but got index of dtype ", index.dtype());
}

// out = self gathered along dim by index, which already has out's shape (gather) or has been
// restrided to it (index_select); all three at least 1-d.
void run_gather(const Tensor& out, const Tensor& self, int64_t dim, const Tensor& index) {
  DimVector strides(self.strides());
  strides[dim] = 0;
  Tensor self_r = detail::alias_with_sizes_and_strides(self, out.sizes(), strides);
  TensorIteratorConfig config;
  config.add_output(out, "out").add_input(self_r, "self").add_input(index, "index");
  // The restrided self overlaps itself by design; the real operands were checked by meta().
  config.check_all_same_dtype(false).set_check_mem_overlap(false).resize_outputs(false);
  TensorIterator iter(config);
  gather_stub(iter.device(), iter, self.strides()[dim] * self.element_size());
}

}  // namespace
}  // namespace aten::native

// ---- gather and index_select: meta -----------------------------------------------------------

namespace aten::meta {

ATEN_META_FUNC(gather)(const Tensor& self, int64_t dim, const Tensor& index, bool /*sparse_grad*/) {
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  ATEN_DISPATCH_gather_TYPES(self.scalar_type(), [] {});
  native::check_long_index(index);
  native::check_same_device(self, index, "index");
  ATEN_CHECK(native::nonempty_dim(self) == native::nonempty_dim(index),
             "Index tensor must have the same number of dimensions as self tensor (index ",
             index.sizes(), ", self ", self.sizes(), ")");
  for (int64_t i = 0; i < native::nonempty_dim(self); ++i)
    ATEN_CHECK(i == d || native::nonempty_size(index, i) <= native::nonempty_size(self, i),
               "Size does not match at dimension ", i, " expected index ", index.sizes(),
               " to be smaller than self ", self.sizes(), " apart from dimension ", d);
  if (const Tensor& out = maybe_get_output(); out.defined()) {
    assert_no_internal_overlap(out);
    assert_no_overlap(out, self, "self");
    assert_no_overlap(out, index, "index");
  }
  set_output_raw_strided(0, index.sizes(), {}, self.options());
}

ATEN_META_FUNC(index_select)(const Tensor& self, int64_t dim, const Tensor& index) {
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  ATEN_DISPATCH_index_select_TYPES(self.scalar_type(), [] {});
  ATEN_CHECK(index.scalar_type() == ScalarType::Long || index.scalar_type() == ScalarType::Int,
             "Expected dtype int32 or int64 for index, but got index of dtype ", index.dtype());
  ATEN_CHECK(index.dim() <= 1, "index is supposed to be a vector, but got index of shape ",
             index.sizes());
  native::check_same_device(self, index, "index");
  ATEN_CHECK(self.dim() > 0 || index.numel() == 1,
             "index to a 0-dim self can have only 1 value, got ", index.numel(), " value(s)");
  // Checked before any index is read: with another dim of size 0 the result is empty and no
  // index would be looked at.
  ATEN_CHECK(self.dim() == 0 || self.size(d) > 0 || index.numel() == 0,
             "index_select(): self indexing axis dim should be positive (dim ", d, " of ",
             self.sizes(), " is empty, and the index has ", index.numel(), " value(s))");
  if (const Tensor& out = maybe_get_output(); out.defined()) {
    assert_no_internal_overlap(out);
    assert_no_overlap(out, self, "self");
    assert_no_overlap(out, index, "index");
  }
  DimVector sizes(self.sizes());
  if (self.dim() > 0) sizes[d] = index.numel();
  set_output_raw_strided(0, sizes, {}, self.options());
}

}  // namespace aten::meta

namespace aten::native {

ATEN_IMPL_FUNC(gather_out)
(const Tensor& self, int64_t dim, const Tensor& index, bool /*sparse_grad*/, const Tensor& out) {
  if (index.numel() == 0) return;
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  check_index_range(index, d, nonempty_size(self, d));
  run_gather(as_nonempty(out), as_nonempty(self), d, as_nonempty(index));
}

ATEN_IMPL_FUNC(index_select_out)
(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& out) {
  // The indices are checked even when another dim of self is 0 and nothing is read, as ATen.
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  check_index_range(index, d, nonempty_size(self, d));
  if (out.numel() == 0) return;
  const Tensor out1 = as_nonempty(out);
  // index, restrided to out's shape: it moves along dim only.
  DimVector strides(static_cast<size_t>(out1.dim()), 0);
  strides[d] = index.dim() == 1 ? index.strides()[0] : 0;
  run_gather(out1, as_nonempty(self), d,
             detail::alias_with_sizes_and_strides(index, out1.sizes(), strides));
}

}  // namespace aten::native

// ---- take_along_dim ---------------------------------------------------------------------------

namespace aten::native {
namespace {

// self and indices broadcast against each other except along dim, where each keeps its size;
// dim wrapped.
std::tuple<Tensor, Tensor, int64_t> take_along_dim_operands(const Tensor& self,
                                                            const Tensor& indices, int64_t dim) {
  ATEN_CHECK(self.dim() == indices.dim(),
             "torch.take_along_dim(): input and indices should have the same number of "
             "dimensions, but got ",
             self.dim(), " dimensions for input, and ", indices.dim(), " dimensions for indices");
  ATEN_CHECK(indices.scalar_type() == ScalarType::Long,
             "torch.take_along_dim(): dtype of indices should be Long but got ",
             indices.scalar_type());
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  ATEN_CHECK(self.dim() > 0, "torch.take_along_dim(): dimension specified as ", dim,
             " but tensor has no dimensions");
  DimVector self_sizes(self.sizes()), indices_sizes(indices.sizes());
  self_sizes[d] = indices.sizes()[d];
  indices_sizes[d] = self.sizes()[d];
  return {self.expand(infer_size(indices_sizes, self.sizes())),
          indices.expand(infer_size(self_sizes, indices.sizes())), d};
}

}  // namespace

Tensor take_along_dim(const Tensor& self, const Tensor& indices, std::optional<int64_t> dim) {
  if (!dim.has_value()) return aten::gather(self.reshape({-1}), 0, indices.reshape({-1}));
  const auto [s, i, d] = take_along_dim_operands(self, indices, *dim);
  return aten::gather(s, d, i);
}

Tensor& take_along_dim(const Tensor& self, const Tensor& indices, std::optional<int64_t> dim,
                       Tensor& out) {
  if (!dim.has_value()) return aten::gather_out(out, self.reshape({-1}), 0, indices.reshape({-1}));
  const auto [s, i, d] = take_along_dim_operands(self, indices, *dim);
  return aten::gather_out(out, s, d, i);
}

}  // namespace aten::native

// ---- scatter --------------------------------------------------------------------------------

namespace aten::native {
namespace {

ScatterReduce reduce_of(std::optional<std::string_view> reduce) {
  if (!reduce) return ScatterReduce::none;
  if (*reduce == "add") return ScatterReduce::add;
  if (*reduce == "multiply") return ScatterReduce::multiply;
  ATEN_ERROR("reduce argument must be either add or multiply, but got \"", *reduce, "\"");
}

void scatter_meta(impl::MetaBase& meta, const Tensor& self, int64_t dim, const Tensor& index,
                  const Tensor* src, const Scalar* value, std::optional<std::string_view> reduce) {
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  check_long_index(index);
  check_same_device(self, index, "index");
  if (src != nullptr) {
    ATEN_CHECK(src->scalar_type() == self.scalar_type(),
               "Expected self.dtype to be equal to src.dtype (self ", self.dtype(), ", src ",
               src->dtype(), ")");
    check_same_device(self, *src, "src");
  }
  if (index.numel() > 0) {
    ATEN_CHECK(nonempty_dim(self) == nonempty_dim(index),
               "Index tensor must have the same number of dimensions as self tensor (index ",
               index.sizes(), ", self ", self.sizes(), ")");
    if (src != nullptr)
      ATEN_CHECK(nonempty_dim(*src) == nonempty_dim(index),
                 "Index tensor must have the same number of dimensions as src tensor (index ",
                 index.sizes(), ", src ", src->sizes(), ")");
    bool fits = true;
    for (int64_t i = 0; i < nonempty_dim(self); ++i) {
      const int64_t n = nonempty_size(index, i);
      if (i != d && n > nonempty_size(self, i)) fits = false;
      if (src != nullptr && n > nonempty_size(*src, i)) fits = false;
    }
    if (src != nullptr)
      ATEN_CHECK(fits, "Expected index ", index.sizes(), " to be smaller than self ", self.sizes(),
                 " apart from dimension ", d, " and to be smaller size than src ", src->sizes());
    else
      ATEN_CHECK(fits, "Expected index ", index.sizes(), " to be smaller than self ", self.sizes(),
                 " apart from dimension ", d);
  }
  if (const Tensor& out = meta.maybe_get_output(0); out.defined()) {
    assert_no_internal_overlap(out);
    assert_no_overlap(out, index, "index");
    if (src != nullptr) assert_no_overlap(out, *src, "src");
  }
  (void)reduce_of(reduce);
  ATEN_DISPATCH_scatter_TYPES(self.scalar_type(), [&] {
    if (value != nullptr) (void)value->to<scalar_t>();
  });
  meta.set_output_raw_strided(0, self.sizes(), {}, self.options());
}

// out = self, then the scatter into out.
void scatter_impl(const Tensor& self, int64_t dim, const Tensor& index, const Tensor* src,
                  const Scalar* value, ScatterReduce reduce, const Tensor& out) {
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  check_index_range(index, d, nonempty_size(self, d));
  if (!out.is_same(self)) out.copy_(self);
  if (index.numel() == 0) return;

  const Tensor out1 = as_nonempty(out), index1 = as_nonempty(index);
  // Everything is walked over index's extent; the kernel walks dim itself.
  const Tensor out_r = detail::alias_with_sizes_and_strides(out1, index1.sizes(), out1.strides());
  Tensor src1, src_r;
  TensorIteratorConfig config;
  config.add_output(out_r, "self");
  if (src != nullptr) {
    src1 = as_nonempty(*src);
    src_r = detail::alias_with_sizes_and_strides(src1, index1.sizes(), src1.strides());
    config.add_input(src_r, "src");
  }
  config.add_input(index1, "index");
  config.check_all_same_dtype(false)
      .set_check_mem_overlap(false)
      .resize_outputs(false)
      .declare_static_shape(index1.sizes(), {d});
  TensorIterator iter(config);
  const ScatterDim sd{index1.sizes()[d], out1.strides()[d] * out1.element_size(),
                      index1.strides()[d] * index1.element_size(),
                      src != nullptr ? src1.strides()[d] * src1.element_size() : 0};
  if (src != nullptr) scatter_stub(iter.device(), iter, sd, reduce);
  else scatter_fill_stub(iter.device(), iter, sd, *value, reduce);
}

}  // namespace

enum class TwoReduce { sum, prod, mean, amax, amin };

TwoReduce two_reduce_of(std::string_view reduce) {
  if (reduce == "sum") return TwoReduce::sum;
  if (reduce == "prod") return TwoReduce::prod;
  if (reduce == "mean") return TwoReduce::mean;
  if (reduce == "amax") return TwoReduce::amax;
  if (reduce == "amin") return TwoReduce::amin;
  ATEN_ERROR("reduce argument must be either sum, prod, mean, amax or amin, got ", reduce);
}

}  // namespace aten::native

namespace aten::meta {

ATEN_META_FUNC(scatter_src)
(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  native::scatter_meta(*this, self, dim, index, &src, nullptr, std::nullopt);
}

ATEN_META_FUNC(scatter_value)
(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value) {
  native::scatter_meta(*this, self, dim, index, nullptr, &value, std::nullopt);
}

ATEN_META_FUNC(scatter_reduce)
(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src, std::string_view reduce) {
  native::scatter_meta(*this, self, dim, index, &src, nullptr, reduce);
}

ATEN_META_FUNC(scatter_value_reduce)
(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value,
 std::string_view reduce) {
  native::scatter_meta(*this, self, dim, index, nullptr, &value, reduce);
}

ATEN_META_FUNC(scatter_add)
(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  native::scatter_meta(*this, self, dim, index, &src, nullptr, std::nullopt);
}

ATEN_META_FUNC(scatter_reduce_two)
(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src, std::string_view reduce,
 bool /*include_self*/) {
  const native::TwoReduce op = native::two_reduce_of(reduce);
  const ScalarType t = self.scalar_type();
  ATEN_CHECK(!isComplexType(t) || (op != native::TwoReduce::amax && op != native::TwoReduce::amin),
             "scatter_reduce(): reduce \"", reduce, "\" is not implemented for '", t, "'");
  ATEN_CHECK(t != ScalarType::Bool || op != native::TwoReduce::mean,
             "scatter_reduce(): reduce \"mean\" is not implemented for 'Bool'");
  native::scatter_meta(*this, self, dim, index, &src, nullptr, std::nullopt);
}

}  // namespace aten::meta

namespace aten::native {

ATEN_IMPL_FUNC(scatter_src_out)
(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src, const Tensor& out) {
  scatter_impl(self, dim, index, &src, nullptr, ScatterReduce::none, out);
}

ATEN_IMPL_FUNC(scatter_value_out)
(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value, const Tensor& out) {
  scatter_impl(self, dim, index, nullptr, &value, ScatterReduce::none, out);
}

ATEN_IMPL_FUNC(scatter_reduce_out)
(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src, std::string_view reduce,
 const Tensor& out) {
  scatter_impl(self, dim, index, &src, nullptr, reduce_of(reduce), out);
}

ATEN_IMPL_FUNC(scatter_value_reduce_out)
(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value, std::string_view reduce,
 const Tensor& out) {
  scatter_impl(self, dim, index, nullptr, &value, reduce_of(reduce), out);
}

ATEN_IMPL_FUNC(scatter_add_out)
(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src, const Tensor& out) {
  scatter_impl(self, dim, index, &src, nullptr, ScatterReduce::add, out);
}

namespace {

template <typename T>
Scalar extreme(bool lowest) {
  return Scalar(static_cast<int64_t>(lowest ? std::numeric_limits<T>::lowest()
                                            : std::numeric_limits<T>::max()));
}

// The value a reduction starts from where self is left out: it changes nothing.
Scalar identity_of(TwoReduce op, ScalarType dtype) {
  if (op == TwoReduce::sum || op == TwoReduce::mean) return Scalar(0);
  if (op == TwoReduce::prod) return Scalar(1);
  if (dtype == ScalarType::Bool) return Scalar(op == TwoReduce::amin);
  if (isFloatingType(dtype)) {
    const double inf = std::numeric_limits<double>::infinity();
    return Scalar(op == TwoReduce::amax ? -inf : inf);
  }
  const bool lowest = op == TwoReduce::amax;
  switch (dtype) {
    case ScalarType::Byte:
      return extreme<uint8_t>(lowest);
    case ScalarType::Char:
      return extreme<int8_t>(lowest);
    case ScalarType::Short:
      return extreme<int16_t>(lowest);
    case ScalarType::Int:
      return extreme<int32_t>(lowest);
    default:
      return extreme<int64_t>(lowest);
  }
}

}  // namespace

// ATen's: self's values left out by first writing the identity where anything is scattered;
// mean is a sum divided by the count of values at each position (self's included).
ATEN_IMPL_FUNC(scatter_reduce_two_out)
(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src, std::string_view reduce,
 bool include_self, const Tensor& out) {
  const TwoReduce op = two_reduce_of(reduce);
  const ScatterReduce kernel_op = op == TwoReduce::prod   ? ScatterReduce::multiply
                                  : op == TwoReduce::amax ? ScatterReduce::amax
                                  : op == TwoReduce::amin ? ScatterReduce::amin
                                                          : ScatterReduce::add;
  if (!include_self) {
    const Scalar identity = identity_of(op, self.scalar_type());
    scatter_impl(self, dim, index, nullptr, &identity, ScatterReduce::none, out);
    scatter_impl(out, dim, index, &src, nullptr, kernel_op, out);
  } else {
    scatter_impl(self, dim, index, &src, nullptr, kernel_op, out);
  }
  if (op != TwoReduce::mean) return;
  Tensor count = include_self ? aten::ones_like(out) : aten::zeros_like(out);
  count = aten::scatter_add(count, dim, index, aten::ones_like(src));
  count = aten::masked_fill(count, aten::eq(count, 0), 1);
  Tensor& result = const_cast<Tensor&>(out);
  if (isFloatingType(out.scalar_type()) || isComplexType(out.scalar_type())) {
    result.div_(count);
  } else {
    result.div_(count, "floor");
  }
}

}  // namespace aten::native
