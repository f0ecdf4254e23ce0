#pragma once
// The kernels of the pointwise ops with three operands: lerp, addcmul, addcdiv.
#include <aten/cpu/DispatchStub.h>
#include <aten/iterator/TensorIterator.h>

namespace aten::native {

// Operands: out, self, end (lerp.Scalar); out, self, end, weight (lerp.Tensor).
using lerp_scalar_fn = void (*)(TensorIteratorBase& iter, const Scalar& weight);
using lerp_tensor_fn = void (*)(TensorIteratorBase& iter);
ATEN_DECLARE_DISPATCH(lerp_scalar_fn, lerp_scalar_stub);
ATEN_DECLARE_DISPATCH(lerp_tensor_fn, lerp_tensor_stub);

// Operands: out, self, tensor1, tensor2.
using pointwise_fn = void (*)(TensorIteratorBase& iter, const Scalar& value);
ATEN_DECLARE_DISPATCH(pointwise_fn, addcmul_stub);
ATEN_DECLARE_DISPATCH(pointwise_fn, addcdiv_stub);

}  // namespace aten::native
