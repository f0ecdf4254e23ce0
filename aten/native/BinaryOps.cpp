// Binary pointwise ops: meta() builds the TensorIterator (broadcast shape, promoted dtype,
// output layout), impl() calls the op's stub. The Scalar overloads are composites that pass the
// Scalar on as a wrapped number.
#include <aten/core/ScalarOps.h>
#include <aten/native/BinaryLogic.h>
#include <aten/native/BinaryMath.h>
#include <aten/native/BinaryOps.h>
#include <aten/ops/add.h>
#include <aten/ops/add_native.h>
#include <aten/ops/atan2_native.h>
#include <aten/ops/bitwise_and.h>
#include <aten/ops/bitwise_and_native.h>
#include <aten/ops/bitwise_or.h>
#include <aten/ops/bitwise_or_native.h>
#include <aten/ops/bitwise_xor.h>
#include <aten/ops/bitwise_xor_native.h>
#include <aten/ops/div.h>
#include <aten/ops/div_native.h>
#include <aten/ops/fmod.h>
#include <aten/ops/fmod_native.h>
#include <aten/ops/hypot_native.h>
#include <aten/ops/logical_and_native.h>
#include <aten/ops/logical_or_native.h>
#include <aten/ops/logical_xor_native.h>
#include <aten/ops/maximum_native.h>
#include <aten/ops/minimum_native.h>
#include <aten/ops/mul.h>
#include <aten/ops/mul_native.h>
#include <aten/ops/remainder.h>
#include <aten/ops/remainder_native.h>
#include <aten/ops/sub.h>
#include <aten/ops/sub_native.h>

namespace aten {
namespace native {
namespace {

// ATen's rule: Bool tensors have no subtraction; the messages say what to use instead.
void sub_check(const Tensor& self, const Tensor& other) {
  const bool a = self.scalar_type() == ScalarType::Bool,
             b = other.scalar_type() == ScalarType::Bool;
  ATEN_CHECK(!(a && b),
             "Subtraction, the `-` operator, with two bool tensors is not supported. "
             "Use the `^` or `logical_xor()` operator instead.");
  ATEN_CHECK(
      !(a || b),
      "Subtraction, the `-` operator, with a bool tensor is not supported. "
      "If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.");
}

// The rounding modes of div.*_mode; nullopt is true division.
enum class DivMode { true_div, trunc, floor };

DivMode div_mode(std::optional<std::string_view> rounding_mode) {
  if (!rounding_mode) return DivMode::true_div;
  if (*rounding_mode == "trunc") return DivMode::trunc;
  if (*rounding_mode == "floor") return DivMode::floor;
  ATEN_ERROR("div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '",
             *rounding_mode, "'");
}

Scalar negated(const Scalar& s) {
  switch (s.tag()) {
    case Scalar::Tag::Int:
      return Scalar(-s.toLong());
    case Scalar::Tag::Double:
      return Scalar(-s.toDouble());
    case Scalar::Tag::Complex:
      return Scalar(-s.toComplexDouble());
    case Scalar::Tag::Bool:
      break;
  }
  ATEN_ERROR("a Boolean alpha cannot be negated");  // unreachable: sub_check rejects Bool first
}

}  // namespace

void alpha_check(ScalarType dtype, const Scalar& alpha) {
  ATEN_CHECK(!alpha.isBoolean() || dtype == ScalarType::Bool,
             "Boolean alpha only supported for Boolean results.");
  ATEN_CHECK(isFloatingType(dtype) || isComplexType(dtype) || alpha.isIntegral(true),
             "For integral input tensors, argument alpha must not be a floating point number "
             "(alpha = ",
             alpha, ", dtype ", dtype, ").");
  // Even a complex alpha with no imaginary part, as ATen: the kind of a Scalar decides.
  ATEN_CHECK(isComplexType(dtype) || !alpha.isComplex(),
             "For non-complex input tensors, argument alpha must not be a complex number (alpha "
             "= ",
             alpha, ", dtype ", dtype, ").");
}

}  // namespace native

namespace meta {

ATEN_META_FUNC(add_Tensor)(const Tensor& self, const Tensor& other, const Scalar& alpha) {
  build_binary_op(maybe_get_output(), self, other);
  native::alpha_check(common_dtype(), alpha);
}

ATEN_META_FUNC(sub_Tensor)(const Tensor& self, const Tensor& other, const Scalar& alpha) {
  native::sub_check(self, other);
  build_binary_op(maybe_get_output(), self, other);
  native::alpha_check(common_dtype(), alpha);
}

ATEN_META_FUNC(mul_Tensor)(const Tensor& self, const Tensor& other) {
  build_binary_op(maybe_get_output(), self, other);
}

ATEN_META_FUNC(div_Tensor)(const Tensor& self, const Tensor& other) {
  build_binary_float_op(maybe_get_output(), self, other);
}

ATEN_META_FUNC(div_Tensor_mode)
(const Tensor& self, const Tensor& other, std::optional<std::string_view> rounding_mode) {
  if (native::div_mode(rounding_mode) == native::DivMode::true_div) {
    build_binary_float_op(maybe_get_output(), self, other);
    return;
  }
  build_binary_op(maybe_get_output(), self, other);
  // Rounding has no meaning for complex numbers, and Bool / Bool is not a quotient.
  ATEN_CHECK(common_dtype() != ScalarType::Bool && !isComplexType(common_dtype()),
             "\"div\" not implemented for '", common_dtype(), "' with rounding_mode='",
             *rounding_mode, "' (", self.toString(), " and ", other.toString(), ")");
}

ATEN_META_FUNC(remainder_Tensor)(const Tensor& self, const Tensor& other) {
  build_binary_op(maybe_get_output(), self, other);
}

ATEN_META_FUNC(fmod_Tensor)(const Tensor& self, const Tensor& other) {
  build_binary_op(maybe_get_output(), self, other);
}

ATEN_META_FUNC(maximum)(const Tensor& self, const Tensor& other) {
  ATEN_CHECK(!isComplexType(self.scalar_type()) && !isComplexType(other.scalar_type()),
             "maximum not implemented for complex tensors (", self.toString(), " and ",
             other.toString(), ")");
  build_binary_op(maybe_get_output(), self, other);
}

ATEN_META_FUNC(minimum)(const Tensor& self, const Tensor& other) {
  ATEN_CHECK(!isComplexType(self.scalar_type()) && !isComplexType(other.scalar_type()),
             "minimum not implemented for complex tensors (", self.toString(), " and ",
             other.toString(), ")");
  build_binary_op(maybe_get_output(), self, other);
}

ATEN_META_FUNC(atan2)(const Tensor& self, const Tensor& other) {
  build_binary_float_op(maybe_get_output(), self, other);
}

ATEN_META_FUNC(hypot)(const Tensor& self, const Tensor& other) {
  build_binary_op(maybe_get_output(), self, other);
}

ATEN_META_FUNC(bitwise_and_Tensor)(const Tensor& self, const Tensor& other) {
  build_binary_op(maybe_get_output(), self, other);
}

ATEN_META_FUNC(bitwise_or_Tensor)(const Tensor& self, const Tensor& other) {
  build_binary_op(maybe_get_output(), self, other);
}

ATEN_META_FUNC(bitwise_xor_Tensor)(const Tensor& self, const Tensor& other) {
  build_binary_op(maybe_get_output(), self, other);
}

ATEN_META_FUNC(logical_and)(const Tensor& self, const Tensor& other) {
  build_comparison_op(maybe_get_output(), self, other);
}

ATEN_META_FUNC(logical_or)(const Tensor& self, const Tensor& other) {
  build_comparison_op(maybe_get_output(), self, other);
}

ATEN_META_FUNC(logical_xor)(const Tensor& self, const Tensor& other) {
  build_comparison_op(maybe_get_output(), self, other);
}

}  // namespace meta

namespace native {

ATEN_DEFINE_DISPATCH(add_stub);
ATEN_DEFINE_DISPATCH(mul_stub);
ATEN_DEFINE_DISPATCH(div_true_stub);
ATEN_DEFINE_DISPATCH(div_trunc_stub);
ATEN_DEFINE_DISPATCH(div_floor_stub);
ATEN_DEFINE_DISPATCH(remainder_stub);
ATEN_DEFINE_DISPATCH(fmod_stub);
ATEN_DEFINE_DISPATCH(maximum_stub);
ATEN_DEFINE_DISPATCH(minimum_stub);
ATEN_DEFINE_DISPATCH(atan2_stub);
ATEN_DEFINE_DISPATCH(hypot_stub);
ATEN_DEFINE_DISPATCH(bitwise_and_stub);
ATEN_DEFINE_DISPATCH(bitwise_or_stub);
ATEN_DEFINE_DISPATCH(bitwise_xor_stub);
ATEN_DEFINE_DISPATCH(logical_and_stub);
ATEN_DEFINE_DISPATCH(logical_or_stub);
ATEN_DEFINE_DISPATCH(logical_xor_stub);

ATEN_IMPL_FUNC(add_out)(const Tensor&, const Tensor&, const Scalar& alpha, const Tensor&) {
  add_stub(device(), *this, alpha);
}

ATEN_IMPL_FUNC(sub_out)(const Tensor&, const Tensor&, const Scalar& alpha, const Tensor&) {
  add_stub(device(), *this, negated(alpha));
}

ATEN_IMPL_FUNC(mul_out)(const Tensor&, const Tensor&, const Tensor&) { mul_stub(device(), *this); }

ATEN_IMPL_FUNC(div_out)(const Tensor&, const Tensor&, const Tensor&) {
  div_true_stub(device(), *this);
}

ATEN_IMPL_FUNC(div_out_mode)
(const Tensor&, const Tensor&, std::optional<std::string_view> rounding_mode, const Tensor&) {
  switch (div_mode(rounding_mode)) {
    case DivMode::true_div:
      return div_true_stub(device(), *this);
    case DivMode::trunc:
      return div_trunc_stub(device(), *this);
    case DivMode::floor:
      return div_floor_stub(device(), *this);
  }
}

ATEN_IMPL_FUNC(remainder_out)(const Tensor&, const Tensor&, const Tensor&) {
  remainder_stub(device(), *this);
}

ATEN_IMPL_FUNC(fmod_out)(const Tensor&, const Tensor&, const Tensor&) {
  fmod_stub(device(), *this);
}

ATEN_IMPL_FUNC(maximum_out)(const Tensor&, const Tensor&, const Tensor&) {
  maximum_stub(device(), *this);
}

ATEN_IMPL_FUNC(minimum_out)(const Tensor&, const Tensor&, const Tensor&) {
  minimum_stub(device(), *this);
}

ATEN_IMPL_FUNC(atan2_out)(const Tensor&, const Tensor&, const Tensor&) {
  atan2_stub(device(), *this);
}

ATEN_IMPL_FUNC(hypot_out)(const Tensor&, const Tensor&, const Tensor&) {
  hypot_stub(device(), *this);
}

ATEN_IMPL_FUNC(bitwise_and_out)(const Tensor&, const Tensor&, const Tensor&) {
  bitwise_and_stub(device(), *this);
}

ATEN_IMPL_FUNC(bitwise_or_out)(const Tensor&, const Tensor&, const Tensor&) {
  bitwise_or_stub(device(), *this);
}

ATEN_IMPL_FUNC(bitwise_xor_out)(const Tensor&, const Tensor&, const Tensor&) {
  bitwise_xor_stub(device(), *this);
}

ATEN_IMPL_FUNC(logical_and_out)(const Tensor&, const Tensor&, const Tensor&) {
  logical_and_stub(device(), *this);
}

ATEN_IMPL_FUNC(logical_or_out)(const Tensor&, const Tensor&, const Tensor&) {
  logical_or_stub(device(), *this);
}

ATEN_IMPL_FUNC(logical_xor_out)(const Tensor&, const Tensor&, const Tensor&) {
  logical_xor_stub(device(), *this);
}

// ---- Scalar overloads -----------------------------------------------------------------------
// `other` becomes a wrapped number, which type promotion ranks below every tensor (int32 + 2
// stays int32, int32 + 2.5 becomes Float), as in ATen. A wrapped number is a CPU tensor that
// joins tensors of any device, so these serve Meta tensors too.

using detail::wrapped_scalar_tensor;

Tensor add(const Tensor& self, const Scalar& other, const Scalar& alpha) {
  return aten::add(self, wrapped_scalar_tensor(other), alpha);
}
Tensor& add_(Tensor& self, const Scalar& other, const Scalar& alpha) {
  return self.add_(wrapped_scalar_tensor(other), alpha);
}
Tensor& add_out(const Tensor& self, const Scalar& other, const Scalar& alpha, Tensor& out) {
  return aten::add_out(out, self, wrapped_scalar_tensor(other), alpha);
}

Tensor sub(const Tensor& self, const Scalar& other, const Scalar& alpha) {
  return aten::sub(self, wrapped_scalar_tensor(other), alpha);
}
Tensor& sub_(Tensor& self, const Scalar& other, const Scalar& alpha) {
  return self.sub_(wrapped_scalar_tensor(other), alpha);
}
Tensor& sub_out(const Tensor& self, const Scalar& other, const Scalar& alpha, Tensor& out) {
  return aten::sub_out(out, self, wrapped_scalar_tensor(other), alpha);
}

Tensor div(const Tensor& self, const Scalar& other, std::optional<std::string_view> rounding_mode) {
  return aten::div(self, wrapped_scalar_tensor(other), rounding_mode);
}
Tensor& div_(Tensor& self, const Scalar& other, std::optional<std::string_view> rounding_mode) {
  return self.div_(wrapped_scalar_tensor(other), rounding_mode);
}
Tensor& div_out(const Tensor& self, const Scalar& other,
                std::optional<std::string_view> rounding_mode, Tensor& out) {
  return aten::div_out(out, self, wrapped_scalar_tensor(other), rounding_mode);
}

Tensor remainder(const Scalar& self, const Tensor& other) {
  return aten::remainder(wrapped_scalar_tensor(self), other);
}
Tensor& remainder_out(const Scalar& self, const Tensor& other, Tensor& out) {
  return aten::remainder_out(out, wrapped_scalar_tensor(self), other);
}

// The three forms of a Scalar overload without extra arguments.
#define ATEN_SCALAR_OVERLOADS(op)                                          \
  Tensor op(const Tensor& self, const Scalar& other) {                     \
    return aten::op(self, wrapped_scalar_tensor(other));                   \
  }                                                                        \
  Tensor& op##_(Tensor& self, const Scalar& other) {                       \
    return self.op##_(wrapped_scalar_tensor(other));                       \
  }                                                                        \
  Tensor& op##_out(const Tensor& self, const Scalar& other, Tensor& out) { \
    return aten::op##_out(out, self, wrapped_scalar_tensor(other));        \
  }
ATEN_SCALAR_OVERLOADS(mul)
ATEN_SCALAR_OVERLOADS(div)
ATEN_SCALAR_OVERLOADS(remainder)
ATEN_SCALAR_OVERLOADS(fmod)
ATEN_SCALAR_OVERLOADS(bitwise_and)
ATEN_SCALAR_OVERLOADS(bitwise_or)
ATEN_SCALAR_OVERLOADS(bitwise_xor)
#undef ATEN_SCALAR_OVERLOADS

}  // namespace native
}  // namespace aten
