#pragma once
// The shape arithmetic of view and reshape: a requested shape with its one -1 filled in, and the
// strides (if any) that show a tensor's elements in a new shape without moving them.
#include <aten/core/TensorImpl.h>

#include <optional>

namespace aten::native {

// shape with a single -1 replaced by what makes its product numel; errors (naming shape and
// numel) for a second -1, another negative size, or a product other than numel.
DimVector infer_view_size(IntArrayRef shape, int64_t numel);

// Strides giving a tensor of (sizes, strides) the shape new_sizes over the same memory, or
// nullopt when a new dim would have to span two runs of memory that are not evenly spaced.
std::optional<DimVector> compute_view_strides(IntArrayRef sizes, IntArrayRef strides,
                                              IntArrayRef new_sizes);

}  // namespace aten::native
