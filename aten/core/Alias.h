#pragma once
// A second tensor over the same storage with other sizes and strides: what view ops and
// reductions (viewing a result with its reduced dims kept) build on. The alias is a view of
// self's base (TensorImpl::view_base), or of self when self is not a view.
#include <aten/core/Tensor.h>

namespace aten::detail {

Tensor alias_with_sizes_and_strides(const Tensor& self, IntArrayRef sizes, IntArrayRef strides,
                                    std::optional<int64_t> storage_offset = std::nullopt);

// The same bytes read as another dtype (view_as_real / view_as_complex); sizes, strides and
// offset count elements of dtype.
Tensor alias_as_dtype(const Tensor& self, ScalarType dtype, IntArrayRef sizes, IntArrayRef strides,
                      int64_t storage_offset);

}  // namespace aten::detail
