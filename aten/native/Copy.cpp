// The copy family: copy_ (the kernel every layout change and dtype conversion ends in), and
// the composites clone, contiguous and to, which allocate with empty_like and copy_.
#include <aten/iterator/Broadcast.h>
#include <aten/native/Copy.h>
#include <aten/ops/clone.h>
#include <aten/ops/clone_native.h>
#include <aten/ops/contiguous_native.h>
#include <aten/ops/copy.h>
#include <aten/ops/copy_native.h>
#include <aten/ops/empty_like.h>
#include <aten/ops/to.h>
#include <aten/ops/to_native.h>
#include <aten/ops/type_as_native.h>

namespace aten::native {

ATEN_DEFINE_DISPATCH(copy_stub);

Tensor& copy_(Tensor& self, const Tensor& src, bool /*non_blocking*/) {
  if (self.is_same(src)) return self;
  // src broadcasts to self, never the other way; dtypes may differ (that is a conversion). The
  // iterator checks the shapes even when there is nothing to copy, as ATen's does: a zero-size
  // self takes only a source that broadcasts to it.
  TensorIteratorConfig config;
  config.add_output(self, "self")
      .add_input(src, "src")
      .resize_outputs(false)
      .check_all_same_dtype(false);
  TensorIterator iter(config);
  if (iter.numel() == 0) return self;
  copy_stub(iter.device(), iter);
  return self;
}

// Meta: only what copy_ would check.
Tensor& copy_meta_(Tensor& self, const Tensor& src, bool /*non_blocking*/) {
  ATEN_CHECK(infer_size(self.sizes(), src.sizes()) == DimVector(self.sizes()), "src of shape ",
             src.sizes(), " cannot be broadcast to self of shape ", self.sizes());
  return self;
}

Tensor clone(const Tensor& self, std::optional<MemoryFormat> memory_format) {
  Tensor result = empty_like(self, TensorOptions(), memory_format.value_or(MemoryFormat::Preserve));
  return result.copy_(self);
}

Tensor contiguous(const Tensor& self, MemoryFormat memory_format) {
  // As ATen: a tensor already contiguous is returned whatever the format asked (Preserve asks
  // row-major contiguity of it); only a copy needs a format to lay itself out in.
  if (self.is_contiguous(memory_format)) return self;
  ATEN_CHECK(memory_format != MemoryFormat::Preserve,
             "preserve memory format is unsupported by the contiguous operator");
  return self.clone(memory_format);
}

namespace {
// ATen's rule: self itself when dtype, device and (unless preserved) layout already match and
// no copy was asked for; otherwise a fresh tensor laid out per memory_format, copied into.
Tensor to_impl(const Tensor& self, ScalarType dtype, Device device, bool copy,
               std::optional<MemoryFormat> memory_format) {
  const MemoryFormat format = memory_format.value_or(MemoryFormat::Preserve);
  const bool alias = self.dtype() == dtype && self.device() == device &&
                     (format == MemoryFormat::Preserve || self.suggest_memory_format() == format);
  if (alias && !copy) return self;
  ATEN_CHECK(!self.is_meta() || device.is_meta(), "Cannot copy out of meta tensor ",
             self.toString(), "; no data!");
  Tensor result = aten::empty_like(self, dtype, std::nullopt, device, std::nullopt, format);
  return result.copy_(self);
}
}  // namespace

Tensor to(const Tensor& self, ScalarType dtype, bool /*non_blocking*/, bool copy,
          std::optional<MemoryFormat> memory_format) {
  return to_impl(self, dtype, self.device(), copy, memory_format);
}

// other's dtype and device.
Tensor to(const Tensor& self, const Tensor& other, bool /*non_blocking*/, bool copy,
          std::optional<MemoryFormat> memory_format) {
  return to_impl(self, other.scalar_type(), other.device(), copy, memory_format);
}

Tensor type_as(const Tensor& self, const Tensor& other) { return self.to(other); }

}  // namespace aten::native
