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

}  // namespace aten
