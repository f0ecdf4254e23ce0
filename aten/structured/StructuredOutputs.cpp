#include <aten/core/Empty.h>
#include <aten/structured/StructuredOutputs.h>

#include <cstring>

namespace aten::detail {

Tensor create_out(IntArrayRef sizes, IntArrayRef strides, TensorOptions options) {
  if (strides.empty()) return Tensor(empty_generic(sizes, options));
  return Tensor(empty_strided_generic(sizes, strides, options));
}

void resize_out(const Tensor& out, IntArrayRef sizes, IntArrayRef strides, TensorOptions options) {
  ATEN_CHECK(out.dtype() == options.dtype(), "Expected out tensor to have dtype ", options.dtype(),
             ", but got ", out.dtype(), " instead (out: ", out.toString(), ")");
  ATEN_CHECK(out.device() == options.device(), "Expected out tensor to be on device ",
             options.device(), ", but got ", out.device(), " instead");
  if (out.sizes() == sizes) return;
  ATEN_CHECK(out.numel() == 0, "out tensor has shape ", out.sizes(), " but the result has shape ",
             sizes, "; only an empty out tensor is resized (out: ", out.toString(), ")");
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

// Strides of size-1 dims never move a pointer, so they cannot make a layout wrong.
static bool same_layout(IntArrayRef sizes, IntArrayRef a, IntArrayRef b) {
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] != 1 && a[d] != b[d]) return false;
  }
  return true;
}

Tensor maybe_create_proxy(const Tensor& out, IntArrayRef sizes, IntArrayRef strides,
                          TensorOptions options) {
  if (out.numel() == 0) return Tensor();
  if (strides.empty()) {
    // No strides: any dense layout will do, unless a memory format was asked for
    // (set_output_contiguous).
    auto format = options.memory_format_opt();
    if (!format.has_value() || *format == MemoryFormat::Preserve || out.is_contiguous(*format))
      return Tensor();
    return Tensor(empty_strided_generic(sizes, strides_for_format(sizes, *format), options));
  }
  if (same_layout(sizes, out.strides(), strides)) return Tensor();
  return Tensor(empty_strided_generic(sizes, strides, options));
}

void copy_proxy_to_out(const Tensor& out, const Tensor& proxy) {
  ATEN_CHECK(out.sizes() == proxy.sizes() && out.dtype() == proxy.dtype(),
             "internal error: proxy output ", proxy.toString(), " does not match out ",
             out.toString());
  if (out.is_meta() || out.numel() == 0) return;
  const int64_t item = out.element_size();
  const int64_t ndim = out.dim();
  IntArrayRef sizes = out.sizes();
  auto* dst = static_cast<char*>(out.data_ptr());
  auto* src = static_cast<const char*>(proxy.data_ptr());
  // An odometer over the index space, moving both pointers by their own strides.
  DimVector index(static_cast<size_t>(ndim), 0);
  for (int64_t n = out.numel(); n > 0; --n) {
    std::memcpy(dst, src, static_cast<size_t>(item));
    for (int64_t d = ndim - 1; d >= 0; --d) {
      if (++index[d] < sizes[d]) {
        dst += out.strides()[d] * item;
        src += proxy.strides()[d] * item;
        break;
      }
      dst -= (sizes[d] - 1) * out.strides()[d] * item;
      src -= (sizes[d] - 1) * proxy.strides()[d] * item;
      index[d] = 0;
    }
  }
}

}  // namespace aten::detail
