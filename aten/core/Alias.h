#pragma once
// A second tensor over the same storage with other sizes and strides: what view ops and
// reductions (viewing a result with its reduced dims kept) build on.
#include <aten/core/Tensor.h>

namespace aten::detail {

Tensor alias_with_sizes_and_strides(const Tensor& self, IntArrayRef sizes, IntArrayRef strides,
                                    std::optional<int64_t> storage_offset = std::nullopt);

}  // namespace aten::detail
