#include <aten/iterator/ResultType.h>

namespace aten {
namespace {

ScalarType promote_skipping_undefined(ScalarType a, ScalarType b) {
  if (a == ScalarType::Undefined) return b;
  if (b == ScalarType::Undefined) return a;
  return promote_types(a, b);
}

// The combination of two buckets: the higher-priority bucket's dtype wins unless the lower one
// is of a higher category. A complex lower bucket keeps a floating higher one's precision (Half
// with a complex number is ComplexHalf; Float with a 0-dim ComplexDouble is ComplexFloat) and
// replaces an integral or Bool one; a floating lower bucket is promoted with a Bool or integral
// higher one.
ScalarType combine_categories(ScalarType higher, ScalarType lower) {
  if (isComplexType(higher)) return higher;
  if (isComplexType(lower)) return isFloatingType(higher) ? toComplexType(higher) : lower;
  if (isFloatingType(higher)) return higher;
  if (higher == ScalarType::Bool || isFloatingType(lower))
    return promote_skipping_undefined(higher, lower);
  return higher != ScalarType::Undefined ? higher : lower;
}

ScalarType wrapped_kind(ScalarType dtype) {
  if (isFloatingType(dtype)) return ScalarType::Float;
  if (isComplexType(dtype)) return ScalarType::ComplexFloat;
  return dtype;
}

}  // namespace

ResultTypeState& ResultTypeState::update(const TensorBase& t) {
  if (!t.defined()) return *this;
  const ScalarType dtype = t.scalar_type();
  if (t.is_wrapped_number()) {
    wrapped_ = promote_skipping_undefined(wrapped_, wrapped_kind(dtype));
  } else if (t.dim() == 0) {
    zero_dim_ = promote_skipping_undefined(zero_dim_, dtype);
  } else {
    dimensioned_ = promote_skipping_undefined(dimensioned_, dtype);
  }
  return *this;
}

ResultTypeState& ResultTypeState::update(const Scalar& s) {
  wrapped_ = promote_skipping_undefined(wrapped_, wrapped_kind(s.type()));
  return *this;
}

ScalarType ResultTypeState::result() const {
  return combine_categories(dimensioned_, combine_categories(zero_dim_, wrapped_));
}

ScalarType result_type(const TensorBase& tensor, const TensorBase& other) {
  return ResultTypeState().update(tensor).update(other).result();
}
ScalarType result_type(const TensorBase& tensor, const Scalar& other) {
  return ResultTypeState().update(tensor).update(other).result();
}
ScalarType result_type(const Scalar& scalar, const TensorBase& tensor) {
  return ResultTypeState().update(scalar).update(tensor).result();
}
ScalarType result_type(const Scalar& scalar1, const Scalar& scalar2) {
  return ResultTypeState().update(scalar1).update(scalar2).result();
}

}  // namespace aten
