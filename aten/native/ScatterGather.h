#pragma once
// The kernels of gather / index_select and scatter_. They live in
// native/cpu/ScatterGatherKernel.cpp.
#include <aten/core/Scalar.h>
#include <aten/cpu/DispatchStub.h>
#include <aten/iterator/TensorIterator.h>

namespace aten::native {

// Operands: out, self, index (Long or Int), all of out's shape; self and index are restrided
// so that self does not move along the indexed dim and index moves only where it has values.
// Each element reads self + index * self_dim_stride (bytes). Indices are checked beforehand.
using gather_fn = void (*)(TensorIteratorBase& iter, int64_t self_dim_stride);
ATEN_DECLARE_DISPATCH(gather_fn, gather_stub);

// amax and amin keep a NaN (from either side); the kernel refuses them for complex dtypes.
enum class ScatterReduce { none, add, multiply, amax, amin };

// The indexed dim, which the scatter iterator squashes to size 1: the kernel walks it itself,
// in order, so writes to one element land in index order on one thread.
struct ScatterDim {
  int64_t size;          // index.size(dim)
  int64_t self_stride;   // bytes
  int64_t index_stride;  // bytes
  int64_t src_stride;    // bytes; unused by scatter_fill
};

// Operands: self (written), src, index (Long).
using scatter_fn = void (*)(TensorIteratorBase& iter, const ScatterDim& dim, ScatterReduce reduce);
ATEN_DECLARE_DISPATCH(scatter_fn, scatter_stub);
// Operands: self (written), index (Long); value in place of src.
using scatter_fill_fn = void (*)(TensorIteratorBase& iter, const ScatterDim& dim,
                                 const Scalar& value, ScatterReduce reduce);
ATEN_DECLARE_DISPATCH(scatter_fill_fn, scatter_fill_stub);

}  // namespace aten::native
