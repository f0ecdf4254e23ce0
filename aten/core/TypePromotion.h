#pragma once
// promote_types: the dtype two operands of different dtypes are computed in, as in ATen.
// Included by ScalarType.h; kept apart because it is the one rule with real content.
//
// The result is derived from rules rather than stored as a table, so the test (which spells
// the 13x13 table out cell by cell) is an independent check:
//   - Bool is below every other dtype;
//   - integral with integral: the wider; Byte with a signed type needs a sign bit, so
//     Byte+Char is Short and Byte with a wider signed type is that type;
//   - anything with a floating or complex type: that type (integers carry no precision);
//   - Half with BFloat16: neither holds the other, so Float;
//   - floating with floating: the wider;
//   - any complex operand: the complex dtype whose parts have the promotion of the two
//     operands' real dtypes (a complex dtype's parts, or the dtype itself), so ComplexHalf with
//     Int is ComplexHalf, with BFloat16 ComplexFloat (Half with BFloat16 is Float), and
//     ComplexFloat with Double is ComplexDouble.
#include <aten/core/ScalarType.h>

namespace aten {
namespace detail {

constexpr bool promotion_is_complex(ScalarType t) {
  return t == ScalarType::ComplexHalf || t == ScalarType::ComplexFloat ||
         t == ScalarType::ComplexDouble;
}
constexpr bool promotion_is_floating(ScalarType t) {
  return t == ScalarType::Half || t == ScalarType::BFloat16 || t == ScalarType::Float ||
         t == ScalarType::Double;
}
// Width rank among the signed integers (Char < Short < Int < Long).
constexpr int signed_rank(ScalarType t) {
  switch (t) {
    case ScalarType::Char:
      return 0;
    case ScalarType::Short:
      return 1;
    case ScalarType::Int:
      return 2;
    case ScalarType::Long:
      return 3;
    default:
      return -1;
  }
}
}  // namespace detail

// Undefined with anything is Undefined.
constexpr ScalarType promote_types(ScalarType a, ScalarType b) {
  using detail::promotion_is_complex;
  using detail::promotion_is_floating;
  if (a == ScalarType::Undefined || b == ScalarType::Undefined) return ScalarType::Undefined;
  if (a == b) return a;
  if (a == ScalarType::Bool) return b;
  if (b == ScalarType::Bool) return a;

  if (promotion_is_complex(a) || promotion_is_complex(b))
    return toComplexType(promote_types(toRealValueType(a), toRealValueType(b)));
  const bool fa = promotion_is_floating(a), fb = promotion_is_floating(b);
  if (fa && fb) {
    if (a == ScalarType::Double || b == ScalarType::Double) return ScalarType::Double;
    // Two different types from {Half, BFloat16, Float}: Float holds both.
    return ScalarType::Float;
  }
  if (fa) return a;
  if (fb) return b;

  // Both integral, different, neither Bool.
  if (a == ScalarType::Byte || b == ScalarType::Byte) {
    ScalarType other = a == ScalarType::Byte ? b : a;
    return other == ScalarType::Char ? ScalarType::Short : other;
  }
  return detail::signed_rank(a) > detail::signed_rank(b) ? a : b;
}

// Whether a value computed in dtype `from` may be written into a tensor of dtype `to` without
// losing its category (ATen's can_cast, used for out= tensors): no complex into real, no
// floating into integral, nothing but Bool into Bool.
constexpr bool can_cast(ScalarType from, ScalarType to) {
  using detail::promotion_is_complex;
  using detail::promotion_is_floating;
  if (promotion_is_complex(from) && !promotion_is_complex(to)) return false;
  if (promotion_is_floating(from) && !promotion_is_floating(to) && !promotion_is_complex(to))
    return false;
  return from == ScalarType::Bool || to != ScalarType::Bool;
}

}  // namespace aten
