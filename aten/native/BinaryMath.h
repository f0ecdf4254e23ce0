#pragma once
// The stubs of native/cpu/BinaryMathKernel.cpp: maximum, minimum, atan2, hypot.
#include <aten/native/BinaryFn.h>

namespace aten::native {

ATEN_DECLARE_DISPATCH(binary_fn, maximum_stub);
ATEN_DECLARE_DISPATCH(binary_fn, minimum_stub);
ATEN_DECLARE_DISPATCH(binary_fn, atan2_stub);
ATEN_DECLARE_DISPATCH(binary_fn, hypot_stub);

}  // namespace aten::native
