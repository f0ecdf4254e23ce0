#pragma once
// copy_'s kernel: writes operand 1 into operand 0, converting dtype. Kernels live in
// native/cpu/CopyKernel.cpp.
#include <aten/cpu/DispatchStub.h>
#include <aten/iterator/TensorIterator.h>

namespace aten::native {

using copy_fn = void (*)(TensorIteratorBase& iter);
ATEN_DECLARE_DISPATCH(copy_fn, copy_stub);

}  // namespace aten::native
