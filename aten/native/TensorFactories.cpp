// Kernels of the factory operators. The dispatcher picks CPU or Meta from the `device`
// argument; both create the tensor through aten/core/Empty.h, the one place storage is made.
#include <aten/core/Empty.h>
#include <aten/ops/empty.h>
#include <aten/ops/empty_like_native.h>
#include <aten/ops/empty_native.h>
#include <aten/ops/empty_strided.h>
#include <aten/ops/empty_strided_native.h>

namespace aten::native {
namespace {

// The fields of a factory's scattered TensorOptions arguments, checked once for every factory.
TensorOptions factory_options(std::optional<ScalarType> dtype, std::optional<Layout> layout,
                              std::optional<Device> device, std::optional<bool> pin_memory) {
  // Layout has one value, Strided, so there is nothing to check about it yet.
  TensorOptions options = TensorOptions().dtype(dtype).layout(layout).device(device);
  // ATen pins host memory for fast copies to an accelerator; MiniATen has no accelerator, so
  // a request to pin is refused rather than silently ignored.
  ATEN_CHECK(!pin_memory.value_or(false),
             "pin_memory=True needs an accelerator, and MiniATen has none");
  return options;
}

}  // namespace

Tensor empty_cpu(IntArrayRef size, std::optional<ScalarType> dtype, std::optional<Layout> layout,
                 std::optional<Device> device, std::optional<bool> pin_memory,
                 std::optional<MemoryFormat> memory_format) {
  TensorOptions options = factory_options(dtype, layout, device, pin_memory);
  return Tensor(detail::empty_generic(size, options.memory_format(memory_format)));
}

// Meta tensors have no memory to pin: pin_memory is accepted and means nothing (as in ATen).
Tensor empty_meta(IntArrayRef size, std::optional<ScalarType> dtype, std::optional<Layout> layout,
                  std::optional<Device> device, std::optional<bool> /*pin_memory*/,
                  std::optional<MemoryFormat> memory_format) {
  TensorOptions options = factory_options(dtype, layout, device, std::nullopt);
  return Tensor(detail::empty_generic(size, options.memory_format(memory_format)));
}

Tensor empty_strided_cpu(IntArrayRef size, IntArrayRef stride, std::optional<ScalarType> dtype,
                         std::optional<Layout> layout, std::optional<Device> device,
                         std::optional<bool> pin_memory) {
  return Tensor(detail::empty_strided_generic(size, stride,
                                              factory_options(dtype, layout, device, pin_memory)));
}

Tensor empty_strided_meta(IntArrayRef size, IntArrayRef stride, std::optional<ScalarType> dtype,
                          std::optional<Layout> layout, std::optional<Device> device,
                          std::optional<bool> /*pin_memory*/) {
  return Tensor(detail::empty_strided_generic(
      size, stride, factory_options(dtype, layout, device, std::nullopt)));
}

// ATen's rules: options default to self's; with Preserve (the default), a dense self of any
// layout is matched stride for stride, anything else gets self's suggested memory format.
Tensor empty_like(const Tensor& self, std::optional<ScalarType> dtype, std::optional<Layout> layout,
                  std::optional<Device> device, std::optional<bool> pin_memory,
                  std::optional<MemoryFormat> memory_format) {
  const ScalarType t = dtype.value_or(self.scalar_type());
  const Device d = device.value_or(self.device());
  const MemoryFormat format = memory_format.value_or(MemoryFormat::Preserve);
  if (format != MemoryFormat::Preserve)
    return empty(self.sizes(), t, layout, d, pin_memory, format);
  if (self.is_non_overlapping_and_dense())
    return empty_strided(self.sizes(), self.strides(), t, layout, d, pin_memory);
  return empty(self.sizes(), t, layout, d, pin_memory, self.suggest_memory_format());
}

}  // namespace aten::native
