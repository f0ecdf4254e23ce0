#pragma once
// The kernels of binary pointwise ops, one DispatchStub each; kernels live in
// native/cpu/BinaryOpsKernel.cpp.
#include <aten/cpu/DispatchStub.h>
#include <aten/iterator/TensorIterator.h>

namespace aten::native {

using binary_fn_alpha = void (*)(TensorIteratorBase& iter, const Scalar& alpha);

using binary_fn = void (*)(TensorIteratorBase& iter);

ATEN_DECLARE_DISPATCH(binary_fn_alpha, add_stub);
ATEN_DECLARE_DISPATCH(binary_fn, mul_stub);

// alpha must be representable in the computation's dtype: no fractional alpha for integers.
void alpha_check(ScalarType dtype, const Scalar& alpha);

}  // namespace aten::native
