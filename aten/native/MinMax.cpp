// Reductions without an identity: amax, amin, max/min (values and indices, and of everything),
// argmax, argmin. Reducing an empty dim is an error naming the op, as in ATen.
#include <aten/native/ReduceOps.h>
#include <aten/ops/amax.h>
#include <aten/ops/amax_native.h>
#include <aten/ops/amin.h>
#include <aten/ops/amin_native.h>
#include <aten/ops/argmax_native.h>
#include <aten/ops/argmin_native.h>
#include <aten/ops/max_dtypes.h>
#include <aten/ops/max_native.h>
#include <aten/ops/min_dtypes.h>
#include <aten/ops/min_native.h>
#include <aten/ops/reshape.h>

namespace aten::native {

ATEN_DEFINE_DISPATCH(amax_stub);
ATEN_DEFINE_DISPATCH(amin_stub);
ATEN_DEFINE_DISPATCH(max_stub);
ATEN_DEFINE_DISPATCH(min_stub);
ATEN_DEFINE_DISPATCH(argmax_stub);
ATEN_DEFINE_DISPATCH(argmin_stub);

namespace {

void meta_extreme(impl::MetaBase& meta, const char* op, const Tensor& self, IntArrayRef dim,
                  bool keepdim) {
  const Tensor& out = meta.maybe_get_output();
  ATEN_CHECK(!out.defined() || out.scalar_type() == self.scalar_type(),
             "Expected the dtype for input and out to match, but got ", self.scalar_type(),
             " for input's dtype and ", out.scalar_type(), " for out's dtype.");
  check_nonempty_reduction(self, make_dim_mask(dim, self.dim()), dim.empty(), op);
  resize_reduction(meta, self, dim, keepdim, self.scalar_type());
}

void meta_extreme_with_index(impl::MetaBase& meta, const char* op, const Tensor& self, int64_t dim,
                             bool keepdim) {
  const int64_t dims[] = {dim};
  check_nonempty_reduction(self, make_dim_mask(IntArrayRef(dims, 1), self.dim()), false, op);
  resize_reduction(meta, self, IntArrayRef(dims, 1), keepdim, self.scalar_type(), ScalarType::Long);
}

void meta_arg_extreme(impl::MetaBase& meta, const char* op, const Tensor& self,
                      std::optional<int64_t> dim, bool keepdim) {
  DimVector shape;
  if (dim) {
    const int64_t dims[] = {*dim};
    const DimMask mask = make_dim_mask(IntArrayRef(dims, 1), self.dim());
    check_nonempty_reduction(self, mask, false, op);
    shape = reduction_shape(self, mask, keepdim);
  } else {
    // Of the flattened tensor: a 0-dim result, or all ones with keepdim.
    ATEN_CHECK(self.numel() != 0, op,
               ": Expected reduction dim to be specified for input.numel() == 0.");
    if (keepdim) shape.assign(static_cast<size_t>(self.dim()), 1);
  }
  meta.set_output_raw_strided(0, shape, {}, self.options().dtype(ScalarType::Long));
}

// The index an arg-reduction reports counts elements along dim, or of the flattened tensor.
template <typename stub_t>
void run_arg_extreme(stub_t& stub, const Tensor& self, std::optional<int64_t> dim, bool keepdim,
                     const Tensor& out) {
  if (dim) {
    const int64_t dims[] = {*dim};
    auto iter = make_reduction(out, self, make_dim_mask(IntArrayRef(dims, 1), self.dim()), keepdim);
    stub(iter.device(), iter);
    return;
  }
  const Tensor flat = self.reshape({-1});
  const int64_t dims[] = {0};
  auto iter = make_reduction(out, flat, make_dim_mask(IntArrayRef(dims, 1), 1), false);
  stub(iter.device(), iter);
}

}  // namespace

}  // namespace aten::native

namespace aten::meta {

ATEN_META_FUNC(amax)(const Tensor& self, IntArrayRef dim, bool keepdim) {
  native::meta_extreme(*this, "amax()", self, dim, keepdim);
}

ATEN_META_FUNC(amin)(const Tensor& self, IntArrayRef dim, bool keepdim) {
  native::meta_extreme(*this, "amin()", self, dim, keepdim);
}

// The dtype check in meta, so that Meta tensors get it too.
ATEN_META_FUNC(max_dim)(const Tensor& self, int64_t dim, bool keepdim) {
  ATEN_DISPATCH_max_TYPES(self.scalar_type(), [] {});
  native::meta_extreme_with_index(*this, "max()", self, dim, keepdim);
}

ATEN_META_FUNC(min_dim)(const Tensor& self, int64_t dim, bool keepdim) {
  ATEN_DISPATCH_min_TYPES(self.scalar_type(), [] {});
  native::meta_extreme_with_index(*this, "min()", self, dim, keepdim);
}

ATEN_META_FUNC(argmax)(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  native::meta_arg_extreme(*this, "argmax()", self, dim, keepdim);
}

ATEN_META_FUNC(argmin)(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  native::meta_arg_extreme(*this, "argmin()", self, dim, keepdim);
}

}  // namespace aten::meta

namespace aten::native {

ATEN_IMPL_FUNC(amax_out)(const Tensor& self, IntArrayRef dim, bool keepdim, const Tensor& out) {
  auto iter = make_reduction(out, self, make_dim_mask(dim, self.dim()), keepdim);
  amax_stub(iter.device(), iter);
}

ATEN_IMPL_FUNC(amin_out)(const Tensor& self, IntArrayRef dim, bool keepdim, const Tensor& out) {
  auto iter = make_reduction(out, self, make_dim_mask(dim, self.dim()), keepdim);
  amin_stub(iter.device(), iter);
}

ATEN_IMPL_FUNC(max_out)
(const Tensor& self, int64_t dim, bool keepdim, const Tensor& values, const Tensor& indices) {
  const int64_t dims[] = {dim};
  auto iter = make_reduction(values, indices, self, make_dim_mask(IntArrayRef(dims, 1), self.dim()),
                             keepdim);
  max_stub(iter.device(), iter);
}

ATEN_IMPL_FUNC(min_out)
(const Tensor& self, int64_t dim, bool keepdim, const Tensor& values, const Tensor& indices) {
  const int64_t dims[] = {dim};
  auto iter = make_reduction(values, indices, self, make_dim_mask(IntArrayRef(dims, 1), self.dim()),
                             keepdim);
  min_stub(iter.device(), iter);
}

ATEN_IMPL_FUNC(argmax_out)
(const Tensor& self, std::optional<int64_t> dim, bool keepdim, const Tensor& out) {
  run_arg_extreme(argmax_stub, self, dim, keepdim, out);
}

ATEN_IMPL_FUNC(argmin_out)
(const Tensor& self, std::optional<int64_t> dim, bool keepdim, const Tensor& out) {
  run_arg_extreme(argmin_stub, self, dim, keepdim, out);
}

// The largest (smallest) element: amax over every dim, with max's own dtypes and messages.
Tensor max(const Tensor& self) {
  ATEN_DISPATCH_max_TYPES(self.scalar_type(), [] {});
  ATEN_CHECK(self.numel() != 0,
             "max(): Expected reduction dim to be specified for input.numel() == 0. "
             "Specify the reduction dim with the 'dim' argument.");
  return aten::amax(self);
}

Tensor min(const Tensor& self) {
  ATEN_DISPATCH_min_TYPES(self.scalar_type(), [] {});
  ATEN_CHECK(self.numel() != 0,
             "min(): Expected reduction dim to be specified for input.numel() == 0. "
             "Specify the reduction dim with the 'dim' argument.");
  return aten::amin(self);
}

}  // namespace aten::native
