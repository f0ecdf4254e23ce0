#pragma once
// A tensor over memory the caller owns. Nothing is copied; the storage cannot be resized
// (an out= resize that needs more bytes is an error). When the last tensor sharing the storage
// dies, the deleter (if any) is called once with the data pointer.
#include <aten/core/Tensor.h>

#include <functional>

namespace aten {

using BlobDeleter = std::function<void(void*)>;

// strides default to contiguous; options.device() must be CPU.
Tensor from_blob(void* data, IntArrayRef sizes, IntArrayRef strides = {}, BlobDeleter deleter = {},
                 TensorOptions options = {});
inline Tensor from_blob(void* data, IntArrayRef sizes, TensorOptions options) {
  return from_blob(data, sizes, {}, {}, options);
}
inline Tensor from_blob(void* data, IntArrayRef sizes, BlobDeleter deleter,
                        TensorOptions options = {}) {
  return from_blob(data, sizes, {}, std::move(deleter), options);
}

}  // namespace aten
