#include <aten/core/Empty.h>
#include <aten/structured/StructuredOutputs.h>

namespace aten::detail {

Tensor create_out(IntArrayRef sizes, IntArrayRef strides, TensorOptions options) {
  if (strides.empty()) return Tensor(empty_generic(sizes, options));
  return Tensor(empty_strided_generic(sizes, strides, options));
}

void resize_out(const Tensor& out, IntArrayRef sizes, IntArrayRef strides, TensorOptions options) {
  ATEN_CHECK(out.dtype() == options.dtype(), "Expected out tensor to have dtype ",
             options.dtype(), ", but got ", out.dtype(), " instead (out: ", out.toString(), ")");
  ATEN_CHECK(out.device() == options.device(), "Expected out tensor to be on device ",
             options.device(), ", but got ", out.device(), " instead");
  if (out.sizes() == sizes) return;
  ATEN_CHECK(out.numel() == 0, "out tensor has shape ", out.sizes(),
             " but the result has shape ", sizes,
             "; only an empty out tensor is resized (out: ", out.toString(), ")");
  TensorImpl* impl = out.unsafeGetTensorImpl();
  if (!strides.empty()) {
    impl->resize(sizes, strides);
  } else {
    auto format = options.memory_format_opt().value_or(MemoryFormat::Contiguous);
    impl->resize(sizes, strides_for_format(sizes, format));
  }
}

void check_inplace(const Tensor& self, IntArrayRef sizes, TensorOptions options) {
  ATEN_CHECK(self.sizes() == sizes, "Bad in-place call: input tensor size ", self.sizes(),
             " and output tensor size ", sizes, " should match");
  ATEN_CHECK(self.dtype() == options.dtype(), "Bad in-place call: input tensor dtype ",
             self.dtype(), " and output tensor dtype ", options.dtype(), " should match");
  ATEN_CHECK(self.device() == options.device(), "Bad in-place call: input tensor device ",
             self.device(), " and output tensor device ", options.device(), " should match");
}

}  // namespace aten::detail
