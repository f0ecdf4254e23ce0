#pragma once
// A direct 2-d convolution (stride 1, no dilation, one group, Float) for the case im2col and a
// matrix product serve badly: few input channels times kernel taps, so the product's reduction
// dim is short and its im2col buffer is as large as the input times the taps. The kernel
// (native/cpu/DirectConvKernel.cpp) keeps a tile of output channels' accumulators in vector
// registers along an output row and reads each input row once per tile.
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

}  // namespace aten::native
