#pragma once
// What the generated structured wrappers do with an output meta() announced: create it
// (functional), check and resize the user's out= tensor, or check in-place self.
#include <aten/core/Tensor.h>

namespace aten::detail {

Tensor create_out(IntArrayRef sizes, IntArrayRef strides, TensorOptions options);
// out= must have the result's dtype and device; a non-empty out of another shape is an error,
// an empty one (numel 0) is resized.
void resize_out(const Tensor& out, IntArrayRef sizes, IntArrayRef strides, TensorOptions options);
// In-place self must already have the result's shape, dtype and device.
void check_inplace(const Tensor& self, IntArrayRef sizes, TensorOptions options);

}  // namespace aten::detail
