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

}  // namespace aten::native
