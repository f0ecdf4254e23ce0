#pragma once
// The one matrix-multiply kernel behind mm, bmm, addmm, mv, dot and matmul: a batch of
//   C = beta * C + alpha * (A @ B),   A: m x k, B: k x n, C: m x n
// over raw pointers and element strides (any sign and size; transposed, sliced and broadcast
// operands need no copy). beta == 0 means C is not read (NaN in C does not propagate, ATen's rule).
#include <aten/core/DtypeDispatch.h>
#include <aten/core/Scalar.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/DispatchStub.h>

#include <cstdint>

namespace aten::native {

struct GemmOperand {
  const void* data;
  int64_t batch_stride, row_stride, col_stride;  // in elements
};

struct GemmProblem {
  ScalarType dtype;
  int64_t batch, m, n, k;
  GemmOperand a, b;
  void* c;
  int64_t c_batch_stride, c_row_stride, c_col_stride;
  Scalar beta, alpha;
};

// For the DispatchStub: whether a test copy of the kernel holds the problem's dtype.
inline bool test_copy_holds(const GemmProblem& p) { return detail::in_every_kernel_copy(p.dtype); }

using gemm_fn = void (*)(const GemmProblem& p);
ATEN_DECLARE_DISPATCH(gemm_fn, gemm_stub);

// c = beta * c + alpha * (a @ b) for 2-d a, b, c (or 3-d: a batch), any strides, same dtype;
// shapes already checked. c must not overlap a or b.
void gemm_tensors(const Tensor& c, const Tensor& a, const Tensor& b, const Scalar& beta,
                  const Scalar& alpha);

}  // namespace aten::native
