#pragma once
// ATen's result_type: the dtype operands compute in together. Operands fall in three buckets,
// highest priority first: tensors with dims, 0-dim tensors, wrapped numbers (C++ scalars, whose
// floating/complex kinds count as the default Float/ComplexFloat); a lower bucket counts only
// when its category (bool < integral < floating < complex) is higher, and a complex one over a
// floating one keeps its precision (a Half tensor plus 1j is ComplexHalf). TensorIterator's common
// dtype is this; ops whose Scalar arguments take part in promotion without being operands
// (clamp's bounds) or that promote some operands only (where's self and other) use it directly:
//
//   ResultTypeState s;
//   s.update(self).update(min_scalar);
//   ScalarType t = s.result();
//
// result_type(a, b) is the same for two operands, under ATen's name.
#include <aten/core/Scalar.h>
#include <aten/core/TensorBase.h>

namespace aten {

class ResultTypeState {
 public:
  ResultTypeState& update(const TensorBase& t);  // undefined tensors are skipped
  ResultTypeState& update(const Scalar& s);      // as a wrapped number
  ScalarType result() const;

 private:
  ScalarType dimensioned_ = ScalarType::Undefined;
  ScalarType zero_dim_ = ScalarType::Undefined;
  ScalarType wrapped_ = ScalarType::Undefined;
};

// ATen's result_type: the dtype an op of these two operands computes in, a Scalar counting as
// a wrapped number (result_type(int32_tensor, 2.5) is Float, result_type(2, 2.5) is Float).
ScalarType result_type(const TensorBase& tensor, const TensorBase& other);
ScalarType result_type(const TensorBase& tensor, const Scalar& other);
ScalarType result_type(const Scalar& scalar, const TensorBase& tensor);
ScalarType result_type(const Scalar& scalar1, const Scalar& scalar2);

}  // namespace aten
