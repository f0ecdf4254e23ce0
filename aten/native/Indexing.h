#pragma once
// Advanced indexing (index, index_put_) and the ops built on it (masked_select, embedding).
// The kernels live in native/cpu/IndexingKernel.cpp.
//
// An advanced index is planned as ATen's AdvancedIndex does: self is restrided to the result's
// shape, with stride 0 along the dims the indices replace, and each index tensor (Long) is
// reshaped to broadcast against it. Element e of the result then reads
//   src(e) + sum_k wrap(index_k(e)) * indexed_strides[k]
// where wrap adds indexed_sizes[k] to a negative index. Indices are range-checked before a
// kernel runs, so a kernel never reads or writes outside self.
#include <aten/core/ArrayRef.h>
#include <aten/core/SmallVector.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/DispatchStub.h>
#include <aten/iterator/TensorIterator.h>

#include <optional>
#include <vector>

namespace aten::native {

struct IndexPlan {
  Tensor src;                   // self restrided to the result's shape (stride 0 where indexed)
  std::vector<Tensor> indices;  // Long, one per indexed dim, broadcastable to src's shape
  DimVector indexed_sizes;      // self's size along each indexed dim
  DimVector indexed_strides;    // self's stride along each indexed dim, in bytes
  DimVector result_shape;       // src's shape
};

// Checks `indices` against self (count, dtypes, masks' shapes, broadcasting, range) and plans
// the index; bool / byte masks become their nonzero() coordinates. `op` names the caller in
// errors.
IndexPlan make_index_plan(const Tensor& self, ArrayRef<std::optional<Tensor>> indices);

// Operands: out, src, then the indices (as IndexPlan holds them).
using index_fn = void (*)(TensorIteratorBase& iter, IntArrayRef indexed_sizes,
                          IntArrayRef indexed_strides);
ATEN_DECLARE_DISPATCH(index_fn, index_stub);
// Operands: src (written), values, then the indices. Runs on one thread in the iterator's
// order, so that with repeated indices the last write wins (accumulate=False) and sums are
// made in a fixed order (accumulate=True), as ATen's serial CPU kernel.
using index_put_fn = void (*)(TensorIteratorBase& iter, IntArrayRef indexed_sizes,
                              IntArrayRef indexed_strides, bool accumulate);
ATEN_DECLARE_DISPATCH(index_put_fn, index_put_stub);

// grad_weight rows += grad rows at indices (contiguous [n, D] grad, [n] indices of Long or
// Int), each row of grad scaled by scale[index] when scale is given. Rows are split among
// threads by weight row, so every weight row is summed in index order on one thread.
using embedding_backward_fn = void (*)(const Tensor& grad_weight, const Tensor& grad,
                                       const Tensor& indices, int64_t padding_idx,
                                       const std::vector<double>* scale);
ATEN_DECLARE_DISPATCH(embedding_backward_fn, embedding_backward_stub);

}  // namespace aten::native
