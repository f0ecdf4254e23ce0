#include <aten/core/Alias.h>

namespace aten::detail {

Tensor alias_with_sizes_and_strides(const Tensor& self, IntArrayRef sizes, IntArrayRef strides,
                                    std::optional<int64_t> storage_offset) {
  return alias_as_dtype(self, self.scalar_type(), sizes, strides,
                        storage_offset.value_or(self.storage_offset()));
}

Tensor alias_as_dtype(const Tensor& self, ScalarType dtype, IntArrayRef sizes, IntArrayRef strides,
                      int64_t storage_offset) {
  TensorImpl* src = self.unsafeGetTensorImpl();
  auto impl = intrusive_ptr<TensorImpl>::make(src->storage(), dtype, src->device());
  impl->set_sizes_and_strides(sizes, strides, storage_offset);
  impl->set_view_base(src->view_base() != nullptr ? intrusive_ptr<TensorImpl>(src->view_base())
                                                  : self.getIntrusivePtr());
  return Tensor(std::move(impl));
}

}  // namespace aten::detail
