// cumsum and cumprod: scans along one dim.
#include <aten/core/DtypeDispatch.h>
#include <aten/core/MemoryOverlap.h>
#include <aten/native/ReduceOps.h>
#include <aten/ops/copy.h>
#include <aten/ops/cumprod_dtypes.h>
#include <aten/ops/cumprod_native.h>
#include <aten/ops/cumsum_dtypes.h>
#include <aten/ops/cumsum_native.h>
#include <aten/ops/to.h>

namespace aten::native {

ATEN_DEFINE_DISPATCH(cumsum_stub);
ATEN_DEFINE_DISPATCH(cumprod_stub);

namespace {

// ATen's rule: dtype= wins; else out's dtype (in place: self's); else integral and Bool
// inputs scan into Long, others in their own dtype.
void meta_scan(impl::MetaBase& meta, const Tensor& self, int64_t dim,
               std::optional<ScalarType> dtype) {
  maybe_wrap_dim(dim, self.dim());
  const Tensor& out = meta.maybe_get_output();
  // Here rather than in the kernels' iterator, so that Meta tensors get it too.
  if (out.defined()) assert_no_internal_overlap(out);
  const ScalarType res = dtype                                      ? *dtype
                         : out.defined()                            ? out.scalar_type()
                         : isIntegralType(self.scalar_type(), true) ? ScalarType::Long
                                                                    : self.scalar_type();
  meta.set_output_raw_strided(0, self.sizes(), {}, self.options().dtype(res));
}

// check_dtype rejects the dtypes the op does not declare (the kernels check them too, but a
// 0-dim self does not reach a kernel).
template <typename stub_t>
void run_scan(stub_t& stub, const char* op, void (*check_dtype)(ScalarType), const Tensor& self,
              int64_t dim, const Tensor& out) {
  // The kernels scan in out's dtype, never in Bool (ATen's neither: a Bool input scans in Long).
  if (out.scalar_type() == ScalarType::Bool) detail::dtype_not_implemented(op, ScalarType::Bool);
  if (out.numel() == 0) return;
  const Tensor src = self.scalar_type() == out.scalar_type() ? self : self.to(out.scalar_type());
  if (self.dim() == 0) {
    // As ATen: the one element is copied, so the cumsum of -0 is -0, not 0 + -0.
    check_dtype(out.scalar_type());
    out.copy_(src);
    return;
  }
  stub(out.device(), out, src, maybe_wrap_dim(dim, self.dim()));
}

}  // namespace

}  // namespace aten::native

namespace aten::meta {

ATEN_META_FUNC(cumsum)(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype) {
  native::meta_scan(*this, self, dim, dtype);
}

ATEN_META_FUNC(cumprod)(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype) {
  native::meta_scan(*this, self, dim, dtype);
}

}  // namespace aten::meta

namespace aten::native {

ATEN_IMPL_FUNC(cumsum_out)
(const Tensor& self, int64_t dim, std::optional<ScalarType> /*dtype*/, const Tensor& out) {
  run_scan(
      cumsum_stub, "cumsum", [](ScalarType t) { ATEN_DISPATCH_cumsum_TYPES(t, [] {}); }, self, dim,
      out);
}

ATEN_IMPL_FUNC(cumprod_out)
(const Tensor& self, int64_t dim, std::optional<ScalarType> /*dtype*/, const Tensor& out) {
  run_scan(
      cumprod_stub, "cumprod", [](ScalarType t) { ATEN_DISPATCH_cumprod_TYPES(t, [] {}); }, self,
      dim, out);
}

}  // namespace aten::native
