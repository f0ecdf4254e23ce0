#pragma once
// The kernels of softmax, log_softmax and their backward (native/cpu/SoftMaxKernel.cpp). Every
// tensor they take is contiguous, of one dtype (Float or Double), and viewed around dim as
// [outer, dim size, inner].
#include <aten/core/Tensor.h>
#include <aten/cpu/DispatchStub.h>

namespace aten::native {

// out = softmax (log_softmax) of self along dim.
using softmax_fn = void (*)(const Tensor& out, const Tensor& self, int64_t dim);
ATEN_DECLARE_DISPATCH(softmax_fn, softmax_stub);
ATEN_DECLARE_DISPATCH(softmax_fn, log_softmax_stub);

// grad_input from grad (the gradient of output) and output, the forward's result.
using softmax_backward_fn = void (*)(const Tensor& grad_input, const Tensor& grad,
                                     const Tensor& output, int64_t dim);
ATEN_DECLARE_DISPATCH(softmax_backward_fn, softmax_backward_stub);
ATEN_DECLARE_DISPATCH(softmax_backward_fn, log_softmax_backward_stub);

}  // namespace aten::native
