#pragma once
// fill_'s kernel: writes one value into every element of operand 0. Kernels live in
// native/cpu/FillKernel.cpp.
#include <aten/core/Scalar.h>
#include <aten/cpu/DispatchStub.h>
#include <aten/iterator/TensorIterator.h>

namespace aten::native {

using fill_fn = void (*)(TensorIteratorBase& iter, const Scalar& value);
ATEN_DECLARE_DISPATCH(fill_fn, fill_stub);

}  // namespace aten::native
