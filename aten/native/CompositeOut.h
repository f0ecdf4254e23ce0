#pragma once
// The out= and in-place forms of a composite op: compute the functional result first, then
// write it, so a bad out or self (wrong dtype, a shape that is neither the result's nor empty)
// is refused before anything is written. The checks are the structured wrappers' own.
#include <aten/core/Tensor.h>
#include <aten/ops/copy.h>
#include <aten/structured/StructuredOutputs.h>

namespace aten::native {

inline Tensor& copy_into_out(const Tensor& result, Tensor& out) {
  detail::resize_out(out, result.sizes(), {}, result.options());
  out.copy_(result);
  return out;
}

inline Tensor& copy_into_self(const Tensor& result, Tensor& self) {
  detail::check_inplace(self, result.sizes(), result.options());
  self.copy_(result);
  return self;
}

}  // namespace aten::native
