#include <aten/core/Alias.h>

namespace aten::detail {

Tensor alias_with_sizes_and_strides(const Tensor& self, IntArrayRef sizes, IntArrayRef strides,
                                    std::optional<int64_t> storage_offset) {
  TensorImpl* src = self.unsafeGetTensorImpl();
  auto impl = intrusive_ptr<TensorImpl>::make(src->storage(), src->dtype(), src->device());
  impl->set_sizes_and_strides(sizes, strides, storage_offset.value_or(src->storage_offset()));
  return Tensor(std::move(impl));
}

}  // namespace aten::detail
