#include <aten/iterator/ResultType.h>

namespace aten {
namespace {

// The combination of two buckets: the higher-priority bucket's dtype wins unless the lower
// one is of a higher category, in which case the two are promoted.
ScalarType combine_categories(ScalarType higher, ScalarType lower) {
  if (isComplexType(higher)) return higher;
  if (!isComplexType(lower) && isFloatingType(higher)) return higher;
  if (higher == ScalarType::Bool || isFloatingType(lower) || isComplexType(lower)) {
    if (higher == ScalarType::Undefined) return lower;
    if (lower == ScalarType::Undefined) return higher;
    return promote_types(higher, lower);
  }
  return higher != ScalarType::Undefined ? higher : lower;
}

ScalarType promote_skipping_undefined(ScalarType a, ScalarType b) {
  if (a == ScalarType::Undefined) return b;
  if (b == ScalarType::Undefined) return a;
  return promote_types(a, b);
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
