#pragma once
// Creating uninitialised tensors: the one place storage is allocated for a new tensor.
#include <aten/core/TensorBase.h>

namespace aten::detail {

// Dense tensor of sizes on options.device(), laid out in options' memory format (default
// Contiguous). Sizes are checked: negative or byte-count-overflowing shapes are errors.
TensorBase empty_generic(IntArrayRef sizes, TensorOptions options);
TensorBase empty_strided_generic(IntArrayRef sizes, IntArrayRef strides, TensorOptions options);

}  // namespace aten::detail
