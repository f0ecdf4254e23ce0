#include <aten/native/BinaryOps.h>
#include <aten/ops/add.h>
#include <aten/ops/add_dtypes.h>
#include <aten/ops/add_native.h>
#include <aten/ops/empty.h>

namespace aten {
namespace meta {

ATEN_META_FUNC(add_Tensor)(const Tensor& self, const Tensor& other, const Scalar& alpha) {
  build_binary_op(maybe_get_output(), self, other);
  native::alpha_check(common_dtype(), alpha);
}

}  // namespace meta

namespace native {

ATEN_DEFINE_DISPATCH(add_stub);

void alpha_check(ScalarType dtype, const Scalar& alpha) {
  ATEN_CHECK(!alpha.isBoolean() || dtype == ScalarType::Bool,
             "Boolean alpha only supported for Boolean results.");
  ATEN_CHECK(isFloatingType(dtype) || isComplexType(dtype) || alpha.isIntegral(true),
             "For integral input tensors, argument alpha must not be a floating point number "
             "(alpha = ", alpha, ", dtype ", dtype, ").");
}

ATEN_IMPL_FUNC(add_out)(const Tensor& /*self*/, const Tensor& /*other*/, const Scalar& alpha,
                        const Tensor& /*out*/) {
  add_stub(device(), *this, alpha);
}

// add.Scalar: `other` becomes a 0-dim tensor of self's dtype and add.Tensor does the rest, on
// whatever device self is. Without type promotion, a fractional scalar cannot join an integral
// tensor: refused, rather than truncated behind the user's back.
Tensor add(const Tensor& self, const Scalar& other, const Scalar& alpha) {
  ATEN_CHECK(!other.isFloatingPoint() || isFloatingType(self.dtype()),
             "a floating-point scalar (other = ", other, ") with a tensor of dtype ", self.dtype(),
             " needs type promotion, which MiniATen does not have yet");
  Tensor wrapped = aten::empty({}, self.options());
  if (!wrapped.is_meta()) {
    ATEN_DISPATCH_add_TYPES(self.dtype(),
                            [&] { *wrapped.data_ptr<scalar_t>() = other.to<scalar_t>(); });
  }
  return aten::add(self, wrapped, alpha);
}

}  // namespace native
}  // namespace aten
