// norm (vector p-norms over dims) and logsumexp.
#include <aten/native/ReduceOps.h>
#include <aten/ops/logsumexp_dtypes.h>
#include <aten/ops/logsumexp_native.h>
#include <aten/ops/norm.h>
#include <aten/ops/norm_dtypes.h>
#include <aten/ops/norm_native.h>
#include <aten/ops/to.h>

namespace aten::native {

ATEN_DEFINE_DISPATCH(norm_stub);
ATEN_DEFINE_DISPATCH(logsumexp_stub);

namespace {
int64_t reduced_count(const Tensor& self, const DimMask& mask) {
  int64_t n = 1;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (mask[d]) n *= self.sizes()[d];
  return n;
}
}  // namespace

}  // namespace aten::native

namespace aten::meta {

// The norm has self's real dtype, or out's when out= is given. The dtype check is here, so that
// Meta tensors get it too.
ATEN_META_FUNC(norm_ScalarOpt_dim)
(const Tensor& self, const std::optional<Scalar>& /*p*/, IntArrayRef dim, bool keepdim) {
  ATEN_DISPATCH_norm_TYPES(self.scalar_type(), [] {});
  const Tensor& out = maybe_get_output();
  native::resize_reduction(*this, self, dim, keepdim,
                           out.defined() ? out.scalar_type() : toRealValueType(self.scalar_type()));
}

// Integral and Bool inputs give Float; the result must be floating.
ATEN_META_FUNC(logsumexp)(const Tensor& self, IntArrayRef dim, bool keepdim) {
  ATEN_DISPATCH_logsumexp_TYPES(self.scalar_type(), [] {});
  const Tensor& out = maybe_get_output();
  const ScalarType res = out.defined()                              ? out.scalar_type()
                         : isIntegralType(self.scalar_type(), true) ? ScalarType::Float
                                                                    : self.scalar_type();
  ATEN_CHECK(isFloatingType(res),
             "logsumexp(): Expected floating point type for result tensor, but got: ", res);
  native::resize_reduction(*this, self, dim, keepdim, res);
}

}  // namespace aten::meta

namespace aten::native {

ATEN_IMPL_FUNC(norm_out)
(const Tensor& self, const std::optional<Scalar>& p, IntArrayRef dim, bool keepdim,
 const Tensor& out) {
  const double pv = p ? p->toDouble() : 2.0;
  const DimMask mask = make_dim_mask(dim, self.dim());
  compute_into(out, toRealValueType(self.scalar_type()), "norm", [&](const Tensor& result) {
    if (reduced_count(self, mask) == 0) {
      result.zero_();  // the norm of nothing is 0 for every p, as in ATen 1.13
      return;
    }
    auto iter = make_reduction(result, self, mask, keepdim);
    norm_stub(iter.device(), iter, pv);
  });
}

Tensor norm(const Tensor& self, const Scalar& p) {
  return aten::norm(self, std::optional<Scalar>(p), IntArrayRef{}, false);
}

ATEN_IMPL_FUNC(logsumexp_out)
(const Tensor& self, IntArrayRef dim, bool keepdim, const Tensor& out) {
  // Computed in the result's dtype.
  const Tensor src = self.scalar_type() == out.scalar_type() ? self : self.to(out.scalar_type());
  auto iter = make_reduction(out, src, make_dim_mask(dim, self.dim()), keepdim);
  logsumexp_stub(iter.device(), iter);
}

}  // namespace aten::native
