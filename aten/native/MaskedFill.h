#pragma once
// masked_fill_'s kernel. It lives in native/cpu/MaskedFillKernel.cpp.
#include <aten/core/Scalar.h>
#include <aten/cpu/DispatchStub.h>
#include <aten/iterator/TensorIterator.h>

namespace aten::native {

// Operand 0 (written) takes value where operand 1 (Bool) is true.
using masked_fill_fn = void (*)(TensorIteratorBase& iter, const Scalar& value);
ATEN_DECLARE_DISPATCH(masked_fill_fn, masked_fill_stub);

}  // namespace aten::native
