#pragma once
// The stubs of native/cpu/BinaryOpsKernel.cpp's binary pointwise kernels (arithmetic). Each
// kernel file's stubs have a header of their own (BinaryMath.h, BinaryLogic.h), so that adding
// a stub here recompiles only this file's kernels.
#include <aten/native/BinaryFn.h>

namespace aten::native {

ATEN_DECLARE_DISPATCH(binary_fn_alpha, add_stub);  // sub is add with -alpha
ATEN_DECLARE_DISPATCH(binary_fn, mul_stub);
ATEN_DECLARE_DISPATCH(binary_fn, div_true_stub);
ATEN_DECLARE_DISPATCH(binary_fn, div_trunc_stub);
ATEN_DECLARE_DISPATCH(binary_fn, div_floor_stub);
ATEN_DECLARE_DISPATCH(binary_fn, remainder_stub);
ATEN_DECLARE_DISPATCH(binary_fn, fmod_stub);

// alpha must be representable in the computation's dtype: no fractional alpha for integers.
void alpha_check(ScalarType dtype, const Scalar& alpha);

}  // namespace aten::native
