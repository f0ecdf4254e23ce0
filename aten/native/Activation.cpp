// Activation functions: gelu and silu are structured unary ops; relu is clamp_min(self, 0).
#include <aten/native/Activation.h>
#include <aten/ops/clamp_min.h>
#include <aten/ops/gelu_native.h>
#include <aten/ops/relu_native.h>
#include <aten/ops/silu_native.h>

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

}  // namespace meta

namespace native {

ATEN_DEFINE_DISPATCH(gelu_stub);
ATEN_DEFINE_DISPATCH(silu_stub);

ATEN_IMPL_FUNC(gelu_out)
(const Tensor& /*self*/, std::string_view approximate, const Tensor& /*out*/) {
  gelu_stub(device(), *this, gelu_type(approximate));
}

ATEN_IMPL_FUNC(silu_out)(const Tensor& /*self*/, const Tensor& /*out*/) {
  silu_stub(device(), *this);
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
