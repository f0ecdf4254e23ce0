#pragma once
// The kernels of 2-d max, average and adaptive average pooling and their backward
// (native/cpu/PoolingKernel.cpp). Every tensor they take is [C, H, W] or [N, C, H, W], all of
// them contiguous or all channels-last contiguous (4-d), of one dtype: Float or Double
// (avg_pool2d: Long too); indices are Long, in the layout of the values.
#include <aten/core/Tensor.h>
#include <aten/cpu/DispatchStub.h>

#include <optional>

namespace aten::native {

// The output size of a pooling along one dim (ATen's pooling_output_shape), with its checks of
// stride and padding; ceil_mode's last window starts inside the input or its left padding.
int64_t pooling_output_shape(int64_t input, int64_t kernel, int64_t pad, int64_t stride,
                             int64_t dilation, bool ceil_mode);

// Kernel size, stride, padding and dilation, H first.
struct Pool2dParams {
  int64_t kH, kW, dH, dW, padH, padW, dilationH = 1, dilationW = 1;
};

// output and indices (flat into H * W) of each window's maximum.
using max_pool2d_fn = void (*)(const Tensor& output, const Tensor& indices, const Tensor& input,
                               const Pool2dParams& p);
// grad_input (zeroed by the kernel) += grad_output at indices.
using max_pool2d_backward_fn = void (*)(const Tensor& grad_input, const Tensor& grad_output,
                                        const Tensor& indices);
ATEN_DECLARE_DISPATCH(max_pool2d_fn, max_pool2d_stub);
ATEN_DECLARE_DISPATCH(max_pool2d_backward_fn, max_pool2d_backward_stub);

// output = the mean of each window; backward: grad_input (zeroed by the kernel) from
// grad_output. divisor_override replaces the window's element count.
using avg_pool2d_fn = void (*)(const Tensor& output, const Tensor& input, const Pool2dParams& p,
                               bool count_include_pad, std::optional<int64_t> divisor_override);
ATEN_DECLARE_DISPATCH(avg_pool2d_fn, avg_pool2d_stub);
ATEN_DECLARE_DISPATCH(avg_pool2d_fn, avg_pool2d_backward_stub);  // (grad_input, grad_output, ...)

// Adaptive average pooling to output's H and W; backward: grad_input (zeroed by the kernel)
// from grad_output.
using adaptive_avg_pool2d_fn = void (*)(const Tensor& output, const Tensor& input);
ATEN_DECLARE_DISPATCH(adaptive_avg_pool2d_fn, adaptive_avg_pool2d_stub);
ATEN_DECLARE_DISPATCH(adaptive_avg_pool2d_fn, adaptive_avg_pool2d_backward_stub);

}  // namespace aten::native
