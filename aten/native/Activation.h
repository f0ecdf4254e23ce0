#pragma once
// The kernels of activation functions; they live in native/cpu/ActivationKernel.cpp.
#include <aten/cpu/DispatchStub.h>
#include <aten/iterator/TensorIterator.h>

#include <string_view>

namespace aten::native {

// gelu's `approximate` argument: "none" is x * Phi(x) (the normal CDF, through erfc), "tanh"
// the tanh approximation.
enum class GeluType { None, Tanh };
GeluType gelu_type(std::string_view approximate);

using gelu_fn = void (*)(TensorIteratorBase& iter, GeluType approximate);
ATEN_DECLARE_DISPATCH(gelu_fn, gelu_stub);

using activation_fn = void (*)(TensorIteratorBase& iter);
ATEN_DECLARE_DISPATCH(activation_fn, silu_stub);

// leaky_relu (iter: self -> out) and its backward (iter: grad_output, self -> grad_input).
using leaky_relu_fn = void (*)(TensorIteratorBase& iter, const Scalar& negative_slope);
ATEN_DECLARE_DISPATCH(leaky_relu_fn, leaky_relu_stub);
ATEN_DECLARE_DISPATCH(leaky_relu_fn, leaky_relu_backward_stub);

// softplus (iter: self -> out) and its backward (iter: grad_output, self -> grad_input).
using softplus_fn = void (*)(TensorIteratorBase& iter, const Scalar& beta, const Scalar& threshold);
ATEN_DECLARE_DISPATCH(softplus_fn, softplus_stub);
ATEN_DECLARE_DISPATCH(softplus_fn, softplus_backward_stub);

// elu (iter: self -> out) and its backward (iter: grad_output, self_or_result -> grad_input).
using elu_fn = void (*)(TensorIteratorBase& iter, const Scalar& alpha, const Scalar& scale,
                        const Scalar& input_scale);
using elu_backward_fn = void (*)(TensorIteratorBase& iter, const Scalar& alpha, const Scalar& scale,
                                 const Scalar& input_scale, bool is_result);
ATEN_DECLARE_DISPATCH(elu_fn, elu_stub);
ATEN_DECLARE_DISPATCH(elu_backward_fn, elu_backward_stub);

// hardtanh's backward (iter: grad_output, self -> grad_input).
using hardtanh_backward_fn = void (*)(TensorIteratorBase& iter, const Scalar& min_val,
                                      const Scalar& max_val);
ATEN_DECLARE_DISPATCH(hardtanh_backward_fn, hardtanh_backward_stub);

// hardsigmoid, hardswish and mish (iter: self -> out); the backward ops (iter: grad_output,
// self -> grad_input).
ATEN_DECLARE_DISPATCH(activation_fn, hardsigmoid_stub);
ATEN_DECLARE_DISPATCH(activation_fn, hardsigmoid_backward_stub);
ATEN_DECLARE_DISPATCH(activation_fn, hardswish_stub);
ATEN_DECLARE_DISPATCH(activation_fn, hardswish_backward_stub);
ATEN_DECLARE_DISPATCH(activation_fn, mish_stub);

// threshold (iter: self, self -> out, `value` where self <= threshold) and its backward
// (iter: self, grad_output -> grad_input, value 0).
using threshold_fn = void (*)(TensorIteratorBase& iter, const Scalar& threshold,
                              const Scalar& value);
ATEN_DECLARE_DISPATCH(threshold_fn, threshold_stub);
ATEN_DECLARE_DISPATCH(threshold_fn, threshold_backward_stub);

// softshrink and hardshrink (iter: self -> out), and their backward ops (iter: grad_output,
// self -> grad_input).
using shrink_fn = void (*)(TensorIteratorBase& iter, const Scalar& lambd);
ATEN_DECLARE_DISPATCH(shrink_fn, softshrink_stub);
ATEN_DECLARE_DISPATCH(shrink_fn, hardshrink_stub);
ATEN_DECLARE_DISPATCH(shrink_fn, softshrink_backward_stub);
ATEN_DECLARE_DISPATCH(shrink_fn, hardshrink_backward_stub);

// log_sigmoid_forward (iter: self -> output, buffer), its backward (iter: grad_output, self,
// buffer -> grad_input) and glu (iter: first half, second half -> out).
ATEN_DECLARE_DISPATCH(activation_fn, log_sigmoid_forward_stub);
ATEN_DECLARE_DISPATCH(activation_fn, log_sigmoid_backward_stub);
ATEN_DECLARE_DISPATCH(activation_fn, glu_stub);

}  // namespace aten::native
