#pragma once
// The kernels of the pointwise losses (aten/native/Loss.cpp); they live in
// native/cpu/LossKernel.cpp.
#include <aten/cpu/DispatchStub.h>
#include <aten/iterator/TensorIterator.h>

namespace aten::native {

// The loss of each element (iter: self, target -> loss); param is smooth_l1's beta or huber's
// delta (unused by mse).
using pointwise_loss_fn = void (*)(TensorIteratorBase& iter, double param);
ATEN_DECLARE_DISPATCH(pointwise_loss_fn, mse_stub);
ATEN_DECLARE_DISPATCH(pointwise_loss_fn, smooth_l1_stub);
ATEN_DECLARE_DISPATCH(pointwise_loss_fn, huber_stub);

// Their gradients (iter: self, target, grad_output -> grad_input), times norm (the mean's
// 1 / numel, or 1; mse's 2 included).
using pointwise_loss_backward_fn = void (*)(TensorIteratorBase& iter, double norm, double param);
ATEN_DECLARE_DISPATCH(pointwise_loss_backward_fn, mse_backward_stub);
ATEN_DECLARE_DISPATCH(pointwise_loss_backward_fn, smooth_l1_backward_stub);
ATEN_DECLARE_DISPATCH(pointwise_loss_backward_fn, huber_backward_stub);

// binary_cross_entropy before weights and reduction (iter: self, target -> loss; an error for
// an element of self outside [0, 1]), and its backward (iter: grad_output, self, target ->
// grad_input).
using bce_fn = void (*)(TensorIteratorBase& iter);
ATEN_DECLARE_DISPATCH(bce_fn, binary_cross_entropy_stub);
ATEN_DECLARE_DISPATCH(bce_fn, binary_cross_entropy_backward_stub);

}  // namespace aten::native
