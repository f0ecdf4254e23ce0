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
#include <aten/ops/to_native.h>

namespace aten::native {

ATEN_DEFINE_DISPATCH(copy_stub);

Tensor& copy_(Tensor& self, const Tensor& src, bool /*non_blocking*/) {
  if (self.is_same(src) || self.numel() == 0) return self;
  // src broadcasts to self, never the other way; dtypes may differ (that is a conversion).
  TensorIteratorConfig config;
  config.add_output(self, "self").add_input(src, "src").resize_outputs(false).check_all_same_dtype(false);
  TensorIterator iter(config);
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
  ATEN_CHECK(memory_format != MemoryFormat::Preserve,
             "preserve memory format is unsupported by the contiguous operator");
  return self.is_contiguous(memory_format) ? self : self.clone(memory_format);
}

Tensor to(const Tensor& self, ScalarType dtype, bool /*non_blocking*/, bool copy,
          std::optional<MemoryFormat> memory_format) {
  const MemoryFormat format = memory_format.value_or(MemoryFormat::Preserve);
  const bool alias = self.dtype() == dtype &&
                     (format == MemoryFormat::Preserve || self.suggest_memory_format() == format);
  if (alias && !copy) return self;
  Tensor result = empty_like(self, TensorOptions(dtype), format);
  return result.copy_(self);
}

}  // namespace aten::native
