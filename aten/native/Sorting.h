#pragma once
// sort's kernel, in native/cpu/SortingKernel.cpp.
#include <aten/cpu/DispatchStub.h>
#include <aten/iterator/TensorIterator.h>

namespace aten::native {

// The lines to sort. Operands: values (already holding self's values) and indices (Long), both
// squashed along the sorted dim, which the kernel walks itself: `size` elements, `values_stride`
// and `indices_stride` bytes apart.
struct SortLine {
  int64_t size;
  int64_t values_stride;
  int64_t indices_stride;
};
using sort_fn = void (*)(TensorIteratorBase& iter, const SortLine& line, bool stable,
                         bool descending);
ATEN_DECLARE_DISPATCH(sort_fn, sort_stub);

}  // namespace aten::native
