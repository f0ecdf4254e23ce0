// pow: structured on TensorIteratorBase in all three forms. A Scalar base or exponent joins the
// iterator as a wrapped number, so type promotion, broadcasting and layout are the binary ops'.
#include <aten/core/ScalarOps.h>
#include <aten/native/Pow.h>
#include <aten/ops/pow_native.h>

namespace aten {
namespace meta {

ATEN_META_FUNC(pow_Tensor_Tensor)(const Tensor& self, const Tensor& exponent) {
  build_binary_op(maybe_get_output(), self, exponent);
}

ATEN_META_FUNC(pow_Tensor_Scalar)(const Tensor& self, const Scalar& exponent) {
  // As in ATen: with a tensor exponent, a negative integer power of an integer is 0 (or 1, -1
  // for bases 1, -1); a Scalar one is refused outright.
  ATEN_CHECK(!(isIntegralType(self.scalar_type(), true) && exponent.isIntegral(true) &&
               exponent.toLong() < 0),
             "Integers to negative integer powers are not allowed (", self.toString(),
             " to the power ", exponent, ")");
  build_binary_op(maybe_get_output(), self, detail::wrapped_scalar_tensor(exponent));
}

ATEN_META_FUNC(pow_Scalar)(const Scalar& self, const Tensor& exponent) {
  build_binary_op(maybe_get_output(), detail::wrapped_scalar_tensor(self), exponent);
}

}  // namespace meta

namespace native {

ATEN_DEFINE_DISPATCH(pow_tensor_tensor_stub);
ATEN_DEFINE_DISPATCH(pow_tensor_scalar_stub);

ATEN_IMPL_FUNC(pow_Tensor_Tensor_out)(const Tensor&, const Tensor&, const Tensor&) {
  pow_tensor_tensor_stub(device(), *this);
}

ATEN_IMPL_FUNC(pow_Tensor_Scalar_out)(const Tensor&, const Scalar& exponent, const Tensor&) {
  pow_tensor_scalar_stub(device(), *this, exponent);
}

ATEN_IMPL_FUNC(pow_Scalar_out)(const Scalar& self, const Tensor&, const Tensor& out) {
  // 1 to any power is 1, NaN and infinite exponents included (ATen's special case, which also
  // spares complex pow its exp(z * log(1)) rounding).
  if (self.toComplexDouble() == complex<double>(1, 0)) {
    Tensor(out).fill_(1);
    return;
  }
  pow_tensor_tensor_stub(device(), *this);
}

}  // namespace native
}  // namespace aten
