#pragma once
// The kernels of binary pointwise ops, one DispatchStub each; kernels live in
// native/cpu/Binary*Kernel.cpp.
#include <aten/cpu/DispatchStub.h>
#include <aten/iterator/TensorIterator.h>

namespace aten::native {

using binary_fn_alpha = void (*)(TensorIteratorBase& iter, const Scalar& alpha);

using binary_fn = void (*)(TensorIteratorBase& iter);

ATEN_DECLARE_DISPATCH(binary_fn_alpha, add_stub);  // sub is add with -alpha
ATEN_DECLARE_DISPATCH(binary_fn, mul_stub);
ATEN_DECLARE_DISPATCH(binary_fn, div_true_stub);
ATEN_DECLARE_DISPATCH(binary_fn, div_trunc_stub);
ATEN_DECLARE_DISPATCH(binary_fn, div_floor_stub);
ATEN_DECLARE_DISPATCH(binary_fn, remainder_stub);
ATEN_DECLARE_DISPATCH(binary_fn, fmod_stub);
ATEN_DECLARE_DISPATCH(binary_fn, maximum_stub);
ATEN_DECLARE_DISPATCH(binary_fn, minimum_stub);
ATEN_DECLARE_DISPATCH(binary_fn, atan2_stub);
ATEN_DECLARE_DISPATCH(binary_fn, hypot_stub);
ATEN_DECLARE_DISPATCH(binary_fn, bitwise_and_stub);
ATEN_DECLARE_DISPATCH(binary_fn, bitwise_or_stub);
ATEN_DECLARE_DISPATCH(binary_fn, bitwise_xor_stub);
ATEN_DECLARE_DISPATCH(binary_fn, logical_and_stub);
ATEN_DECLARE_DISPATCH(binary_fn, logical_or_stub);
ATEN_DECLARE_DISPATCH(binary_fn, logical_xor_stub);

// alpha must be representable in the computation's dtype: no fractional alpha for integers.
void alpha_check(ScalarType dtype, const Scalar& alpha);

}  // namespace aten::native
