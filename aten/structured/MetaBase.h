#pragma once
// The base of every structured kernel's meta class. meta() decides the outputs' sizes, strides
// and options and announces them through set_output_raw_strided; the generated wrapper
// subclass decides what that means (allocate, check-and-resize out=, or check in-place self).
#include <aten/core/Tensor.h>

namespace aten::impl {

class MetaBase {
 public:
  virtual ~MetaBase() = default;

  // strides empty: any dense layout will do (options' memory format, default contiguous).
  virtual void set_output_raw_strided(int64_t output_idx, IntArrayRef sizes, IntArrayRef strides,
                                      TensorOptions options) = 0;
  // The output tensor: the user's for out= and in-place, undefined until set for functional.
  virtual const Tensor& maybe_get_output(int64_t output_idx) = 0;

  void set_output_contiguous(int64_t output_idx, IntArrayRef sizes, TensorOptions options) {
    set_output_raw_strided(output_idx, sizes, {}, options.memory_format(MemoryFormat::Contiguous));
  }
  const Tensor& maybe_get_output() { return maybe_get_output(0); }
};

// Still pure (every wrapper must say what an output means), but defined: wrappers call their
// base's version after their own, and at the bottom of the chain there is nothing to record.
inline void MetaBase::set_output_raw_strided(int64_t, IntArrayRef, IntArrayRef, TensorOptions) {}

}  // namespace aten::impl
