#pragma once
// MiniATen <-> libtorch: dtypes, tensors (same sizes, strides, storage offset and bytes) and
// boxed argument values, so one call can be made on both libraries with identical inputs.
#include <aten/core/Tensor.h>
#include <aten/dispatch/IValue.h>

#include <ATen/core/ivalue.h>
#include <torch/types.h>

namespace aten::conformance {

c10::ScalarType to_torch(ScalarType t);
ScalarType from_torch(c10::ScalarType t);

// A libtorch tensor with t's sizes, strides, storage offset and bytes (its own copy of them).
// Meta tensors become libtorch Meta tensors.
at::Tensor to_torch(const Tensor& t);
// The converse; the storage covers exactly what t's geometry reaches.
Tensor from_torch(const at::Tensor& t);

// An argument for libtorch's boxed call; `type` is the schema's type for it.
c10::IValue to_torch(const IValue& v, const c10::TypePtr& type);
// A libtorch return as a MiniATen value (tensors, lists of them, scalars, bools).
IValue from_torch(const c10::IValue& v);

}  // namespace aten::conformance
