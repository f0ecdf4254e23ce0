#include <aten/core/Alias.h>
#include <aten/native/ReduceOps.h>
#include <aten/ops/sum.h>
#include <aten/ops/sum_native.h>
#include <aten/ops/to.h>

namespace aten::native {

ATEN_DEFINE_DISPATCH(sum_stub);

DimMask make_dim_mask(std::optional<IntArrayRef> dims, int64_t ndim) {
  ATEN_CHECK(ndim <= 64, "reductions support tensors of at most 64 dims, got ", ndim);
  DimMask mask;
  if (!dims.has_value() || dims->empty()) {
    for (int64_t d = 0; d < ndim; ++d) mask.set(d);
    return mask;
  }
  for (int64_t d : *dims) {
    const int64_t w = maybe_wrap_dim(d, ndim);
    ATEN_CHECK(!mask[w], "dim ", w, " appears multiple times in the list of dims ", *dims);
    mask.set(w);
  }
  return mask;
}

DimVector reduction_shape(const Tensor& self, const DimMask& mask, bool keepdim) {
  DimVector shape;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (!mask[d]) shape.push_back(self.sizes()[d]);
    else if (keepdim) shape.push_back(1);
  }
  return shape;
}

void resize_reduction(impl::MetaBase& meta, const Tensor& self, std::optional<IntArrayRef> dims,
                      bool keepdim, ScalarType out_dtype) {
  DimMask mask = make_dim_mask(dims, self.dim());
  meta.set_output_raw_strided(0, reduction_shape(self, mask, keepdim), {},
                              self.options().dtype(out_dtype));
}

TensorIterator make_reduction(const Tensor& result, const Tensor& self, const DimMask& mask,
                              bool keepdim) {
  // The iterator cannot check the result for internal overlap (the view below has stride 0
  // along the reduced dims by design), so an out= that is an expand is refused here.
  for (int64_t d = 0; d < result.dim(); ++d)
    ATEN_CHECK(result.strides()[d] != 0 || result.sizes()[d] <= 1,
               "unsupported operation: more than one element of the written-to tensor refers to a "
               "single memory location (", result.toString(), "). Please clone() the tensor before "
               "performing the operation.");
  // View result with self's rank: size 1 (stride 0) along every reduced dim.
  DimVector sizes(self.sizes()), strides(static_cast<size_t>(self.dim()), 0);
  int64_t j = 0;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (mask[d]) {
      sizes[d] = 1;
      if (keepdim) ++j;
    } else {
      strides[d] = result.strides()[j++];
    }
  }
  Tensor viewed = detail::alias_with_sizes_and_strides(result, sizes, strides);
  return TensorIterator::reduce_op(viewed, self);
}

// ---- sum ------------------------------------------------------------------------------------

namespace {
// ATen's rule: integral (and bool) inputs sum into Long, others into their own dtype; an
// explicit dtype, or the out= tensor's, wins.
ScalarType sum_dtype(const Tensor& self, const Tensor& out, std::optional<ScalarType> dtype) {
  if (dtype) return *dtype;
  if (out.defined()) return out.scalar_type();
  return isIntegralType(self.scalar_type(), true) ? ScalarType::Long : self.scalar_type();
}
}  // namespace

}  // namespace aten::native

namespace aten::meta {

ATEN_META_FUNC(sum_dim_IntList)(const Tensor& self, std::optional<IntArrayRef> dim, bool keepdim,
                                std::optional<ScalarType> dtype) {
  native::resize_reduction(*this, self, dim, keepdim, native::sum_dtype(self, maybe_get_output(), dtype));
}

}  // namespace aten::meta

namespace aten::native {

ATEN_IMPL_FUNC(sum_out)(const Tensor& self, std::optional<IntArrayRef> dim, bool keepdim,
                        std::optional<ScalarType> /*dtype*/, const Tensor& out) {
  // The kernel reads self's dtype and writes out's when out is self's or (for integers) Long;
  // any other pair goes through a conversion of self first.
  const ScalarType in = self.scalar_type(), res = out.scalar_type();
  const bool direct = res == in || (isIntegralType(in, true) && res == ScalarType::Long);
  const Tensor src = direct ? self : self.to(res);
  auto iter = make_reduction(out, src, make_dim_mask(dim, self.dim()), keepdim);
  sum_stub(iter.device(), iter);
}

Tensor sum(const Tensor& self, std::optional<ScalarType> dtype) {
  return aten::sum(self, std::nullopt, false, dtype);
}

}  // namespace aten::native
