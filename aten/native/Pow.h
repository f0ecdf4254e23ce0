#pragma once
// pow's kernels: a tensor exponent, and a Scalar one (which has exact special cases).
#include <aten/cpu/DispatchStub.h>
#include <aten/iterator/TensorIterator.h>

namespace aten::native {

using pow_tensor_tensor_fn = void (*)(TensorIteratorBase& iter);
using pow_tensor_scalar_fn = void (*)(TensorIteratorBase& iter, const Scalar& exponent);

// Operands: out, base, exponent (a broadcast wrapped number for the Scalar overloads).
ATEN_DECLARE_DISPATCH(pow_tensor_tensor_fn, pow_tensor_tensor_stub);
ATEN_DECLARE_DISPATCH(pow_tensor_scalar_fn, pow_tensor_scalar_stub);

}  // namespace aten::native
