#pragma once
// flip's kernel. It lives in native/cpu/FlipKernel.cpp.
#include <aten/cpu/DispatchStub.h>
#include <aten/iterator/TensorIterator.h>

namespace aten::native {

// Operands: out, self. Operand 0's strides and data have been set to walk out backwards along
// the flipped dims, so the kernel is a plain element copy.
using flip_fn = void (*)(TensorIteratorBase& iter);
ATEN_DECLARE_DISPATCH(flip_fn, flip_stub);

}  // namespace aten::native
