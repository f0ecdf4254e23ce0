#pragma once
// The kernel of where(condition, self, other); it lives in native/cpu/WhereKernel.cpp.
#include <aten/cpu/DispatchStub.h>
#include <aten/iterator/TensorIterator.h>

namespace aten::native {

// out = condition ? self : other; inputs condition (Bool), self, other (out's dtype).
using where_fn = void (*)(TensorIteratorBase& iter);
ATEN_DECLARE_DISPATCH(where_fn, where_stub);

}  // namespace aten::native
