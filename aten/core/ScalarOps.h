#pragma once
// Tensors made from C++ numbers. `t + 2` becomes `t + wrapped_scalar_tensor(2)`: a 0-dim CPU
// tensor of the Scalar's own kind (Long, Double, Bool or ComplexDouble) marked as a wrapped
// number, which type promotion ranks below every real tensor operand, so that an int32 tensor
// plus 2 stays int32 and plus 2.5 becomes the default float dtype, as in ATen.
#include <aten/core/Scalar.h>
#include <aten/core/Tensor.h>

namespace aten::detail {

// A 0-dim CPU tensor holding s, of dtype s.type(); an ordinary tensor, not marked.
Tensor scalar_to_tensor(const Scalar& s);
// The same, marked as a wrapped number.
Tensor wrapped_scalar_tensor(const Scalar& s);

}  // namespace aten::detail
