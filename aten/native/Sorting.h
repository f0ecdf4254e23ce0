#pragma once
// The kernels of sort (native/cpu/SortingKernel.cpp) and of the selections along a dim: topk,
// kthvalue, median, nanmedian, mode (native/cpu/SelectionKernel.cpp).
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

// The selections: self's lines along dim (self has at least one dim and no empty line) into
// values and indices (Long), which have self's rank, k (topk) or 1 (the others) elements along
// dim.
using topk_fn = void (*)(const Tensor& values, const Tensor& indices, const Tensor& self, int64_t k,
                         int64_t dim, bool largest, bool sorted);
ATEN_DECLARE_DISPATCH(topk_fn, topk_stub);
using kthvalue_fn = void (*)(const Tensor& values, const Tensor& indices, const Tensor& self,
                             int64_t k, int64_t dim);
ATEN_DECLARE_DISPATCH(kthvalue_fn, kthvalue_stub);
using median_fn = void (*)(const Tensor& values, const Tensor& indices, const Tensor& self,
                           int64_t dim, bool ignore_nan);
ATEN_DECLARE_DISPATCH(median_fn, median_stub);
using mode_fn = void (*)(const Tensor& values, const Tensor& indices, const Tensor& self,
                         int64_t dim);
ATEN_DECLARE_DISPATCH(mode_fn, mode_stub);

}  // namespace aten::native
