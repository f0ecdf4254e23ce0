#pragma once
// The stubs of native/cpu/BinaryLogicKernel.cpp: the bitwise and logical binary ops.
#include <aten/native/BinaryFn.h>

namespace aten::native {

ATEN_DECLARE_DISPATCH(binary_fn, bitwise_and_stub);
ATEN_DECLARE_DISPATCH(binary_fn, bitwise_or_stub);
ATEN_DECLARE_DISPATCH(binary_fn, bitwise_xor_stub);
ATEN_DECLARE_DISPATCH(binary_fn, logical_and_stub);
ATEN_DECLARE_DISPATCH(binary_fn, logical_or_stub);
ATEN_DECLARE_DISPATCH(binary_fn, logical_xor_stub);

}  // namespace aten::native
