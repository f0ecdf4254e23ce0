#include <aten/native/BinaryOps.h>
#include <aten/core/ScalarOps.h>
#include <aten/ops/add.h>
#include <aten/ops/add_native.h>
#include <aten/ops/mul.h>
#include <aten/ops/mul_native.h>

namespace aten {
namespace meta {

ATEN_META_FUNC(add_Tensor)(const Tensor& self, const Tensor& other, const Scalar& alpha) {
  build_binary_op(maybe_get_output(), self, other);
  native::alpha_check(common_dtype(), alpha);
}

ATEN_META_FUNC(mul_Tensor)(const Tensor& self, const Tensor& other) {
  build_binary_op(maybe_get_output(), self, other);
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

// The Scalar overloads: `other` becomes a wrapped number, which type promotion ranks below
// every tensor (int32 + 2 stays int32, int32 + 2.5 becomes Float), as in ATen. A wrapped
// number is a CPU tensor that joins tensors of any device.
Tensor add(const Tensor& self, const Scalar& other, const Scalar& alpha) {
  return aten::add(self, detail::wrapped_scalar_tensor(other), alpha);
}

Tensor mul(const Tensor& self, const Scalar& other) {
  return aten::mul(self, detail::wrapped_scalar_tensor(other));
}

ATEN_DEFINE_DISPATCH(mul_stub);

ATEN_IMPL_FUNC(mul_out)(const Tensor& /*self*/, const Tensor& /*other*/, const Tensor& /*out*/) {
  mul_stub(device(), *this);
}

}  // namespace native
}  // namespace aten
