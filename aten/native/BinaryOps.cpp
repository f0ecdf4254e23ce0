#include <aten/native/BinaryOps.h>
#include <aten/ops/add_native.h>

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

}  // namespace native
}  // namespace aten
