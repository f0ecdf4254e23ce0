#pragma once
// What the structured wrappers (StructuredWrappers.h) do with an output meta() announced:
// create it (functional), check and resize the user's out= tensor, or check in-place self; and,
// for ops whose meta() asks for exact strides, stand in for an out= or self that has others.
#include <aten/core/Tensor.h>

namespace aten::detail {

Tensor create_out(IntArrayRef sizes, IntArrayRef strides, TensorOptions options);
// out= must have the result's dtype and device; a non-empty out of another shape is an error,
// an empty one (numel 0) is resized.
void resize_out(const Tensor& out, IntArrayRef sizes, IntArrayRef strides, TensorOptions options);
// In-place self must already have the result's shape, dtype and device.
void check_inplace(const Tensor& self, IntArrayRef sizes, TensorOptions options);

// A proxy output: a new tensor with the strides meta() asked for, when the user's `out` has
// other strides, because impl() may rely on them; undefined when out's layout will do (ATen's
// maybe_create_proxy). Empty strides ask for nothing unless the options carry a memory format
// (set_output_contiguous): then out must be contiguous in it. Only ops that do not inherit
// TensorIteratorBase use it: the iterator takes any out= layout.
Tensor maybe_create_proxy(const Tensor& out, IntArrayRef sizes, IntArrayRef strides,
                          TensorOptions options);
// After impl(): the proxy's elements into out (same sizes and dtype, any strides). A plain
// strided element copy, so that structured wrappers do not depend on the copy_ operator.
void copy_proxy_to_out(const Tensor& out, const Tensor& proxy);

}  // namespace aten::detail
