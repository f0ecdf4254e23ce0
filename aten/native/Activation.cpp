// Activation functions: gelu, silu, leaky_relu and softplus are structured unary ops (the
// backward ops binary ones); relu is clamp_min(self, 0).
#include <aten/native/Activation.h>
#include <aten/ops/clamp_min.h>
#include <aten/ops/gelu_native.h>
#include <aten/ops/leaky_relu_backward_native.h>
#include <aten/ops/leaky_relu_native.h>
#include <aten/ops/relu_native.h>
#include <aten/ops/silu_native.h>
#include <aten/ops/softplus_backward_native.h>
#include <aten/ops/softplus_native.h>

namespace aten {
namespace native {

GeluType gelu_type(std::string_view approximate) {
  if (approximate == "none") return GeluType::None;
  if (approximate == "tanh") return GeluType::Tanh;
  ATEN_ERROR("approximate argument must be either none or tanh (got \"", approximate, "\")");
}

}  // namespace native

namespace meta {

// The argument is checked here, so a bad one fails before anything is written (and on Meta).
ATEN_META_FUNC(gelu)(const Tensor& self, std::string_view approximate) {
  native::gelu_type(approximate);
  build_unary_op(maybe_get_output(), self);
}

ATEN_META_FUNC(silu)(const Tensor& self) { build_unary_op(maybe_get_output(), self); }

ATEN_META_FUNC(leaky_relu)(const Tensor& self, const Scalar& /*negative_slope*/) {
  build_unary_op(maybe_get_output(), self);
}

ATEN_META_FUNC(leaky_relu_backward)
(const Tensor& grad_output, const Tensor& self, const Scalar& negative_slope, bool self_is_result) {
  ATEN_CHECK(!self_is_result || negative_slope.toDouble() >= 0.0,
             "In-place leakyReLu backward calculation is triggered with a negative slope which is "
             "not supported. This is caused by calling in-place forward function with a negative "
             "slope, please call out-of-place version instead.");
  build_binary_op(maybe_get_output(), self, grad_output);
}

ATEN_META_FUNC(softplus)(const Tensor& self, const Scalar& /*beta*/, const Scalar& /*threshold*/) {
  build_unary_op(maybe_get_output(), self);
}

// grad_output first, as ATen's: the result is laid out like it.
ATEN_META_FUNC(softplus_backward)
(const Tensor& grad_output, const Tensor& self, const Scalar& /*beta*/,
 const Scalar& /*threshold*/) {
  build_binary_op(maybe_get_output(), grad_output, self);
}

}  // namespace meta

namespace native {

ATEN_DEFINE_DISPATCH(gelu_stub);
ATEN_DEFINE_DISPATCH(silu_stub);
ATEN_DEFINE_DISPATCH(leaky_relu_stub);
ATEN_DEFINE_DISPATCH(leaky_relu_backward_stub);
ATEN_DEFINE_DISPATCH(softplus_stub);
ATEN_DEFINE_DISPATCH(softplus_backward_stub);

ATEN_IMPL_FUNC(gelu_out)
(const Tensor& /*self*/, std::string_view approximate, const Tensor& /*out*/) {
  gelu_stub(device(), *this, gelu_type(approximate));
}

ATEN_IMPL_FUNC(silu_out)(const Tensor& /*self*/, const Tensor& /*out*/) {
  silu_stub(device(), *this);
}

ATEN_IMPL_FUNC(leaky_relu_out)
(const Tensor& /*self*/, const Scalar& negative_slope, const Tensor& /*out*/) {
  leaky_relu_stub(device(), *this, negative_slope);
}

ATEN_IMPL_FUNC(leaky_relu_backward_out)
(const Tensor& /*grad_output*/, const Tensor& /*self*/, const Scalar& negative_slope,
 bool /*self_is_result*/, const Tensor& /*grad_input*/) {
  leaky_relu_backward_stub(device(), *this, negative_slope);
}

ATEN_IMPL_FUNC(softplus_out)
(const Tensor& /*self*/, const Scalar& beta, const Scalar& threshold, const Tensor& /*out*/) {
  softplus_stub(device(), *this, beta, threshold);
}

ATEN_IMPL_FUNC(softplus_backward_out)
(const Tensor& /*grad_output*/, const Tensor& /*self*/, const Scalar& beta, const Scalar& threshold,
 const Tensor& /*grad_input*/) {
  softplus_backward_stub(device(), *this, beta, threshold);
}

// A Bool relu would be the identity through clamp_min's promotion to Long; ATen refuses it.
Tensor relu(const Tensor& self) {
  ATEN_CHECK(self.scalar_type() != ScalarType::Bool, "Boolean inputs not supported for relu");
  return aten::clamp_min(self, 0);
}

Tensor& relu_(Tensor& self) {
  ATEN_CHECK(self.scalar_type() != ScalarType::Bool, "Boolean inputs not supported for relu");
  return aten::clamp_min_(self, 0);
}

}  // namespace native
}  // namespace aten
