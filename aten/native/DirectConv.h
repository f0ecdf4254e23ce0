#pragma once
// A direct 2-d convolution (stride 1, no dilation, one group, Float) and its weight's gradient,
// for the case im2col and a matrix product serve badly: up to a thousand input channels times
// kernel taps, where the product's reduction dim is short (the forward) or its im2col buffer is
// the input times the taps (the weight's gradient). The kernels (native/cpu/DirectConvKernel.cpp,
// DirectConvWeightKernel.cpp) keep blocks of accumulators in vector registers and read the input
// in place.
#include <aten/core/Tensor.h>
#include <aten/cpu/DispatchStub.h>

#include <optional>

namespace aten::native {

// Whether convolution takes _direct_conv2d for these arguments.
bool direct_conv2d_applies(const Tensor& input, const Tensor& weight,
                           const std::optional<Tensor>& bias, IntArrayRef stride,
                           IntArrayRef dilation, bool transposed, int64_t groups);

// out [N, O, OH, OW] = bias + the correlation of input [N, C, H, W] (padded already) with
// weight [O, C, KH, KW]; all contiguous Float, bias undefined or [O].
using direct_conv2d_fn = void (*)(const Tensor& out, const Tensor& input, const Tensor& weight,
                                  const Tensor& bias);
ATEN_DECLARE_DISPATCH(direct_conv2d_fn, direct_conv2d_stub);

// grad_weight [O, C, KH, KW] of that correlation: per tap, the sum over images and output pixels
// of grad_output [N, O, OH, OW] times the input element under the tap; all contiguous Float.
using direct_conv2d_weight_fn = void (*)(const Tensor& grad_weight, const Tensor& grad_output,
                                         const Tensor& input);
ATEN_DECLARE_DISPATCH(direct_conv2d_weight_fn, direct_conv2d_weight_stub);

}  // namespace aten::native
