#pragma once
// Creating tensors: uninitialised (empty, empty_strided) and from C++ values (tensor).
#include <aten/core/Empty.h>
#include <aten/core/Tensor.h>

#include <initializer_list>
#include <vector>

namespace aten {

inline Tensor empty(IntArrayRef sizes, TensorOptions options = {}) {
  return Tensor(detail::empty_generic(sizes, options));
}

inline Tensor empty_strided(IntArrayRef sizes, IntArrayRef strides, TensorOptions options = {}) {
  return Tensor(detail::empty_strided_generic(sizes, strides, options));
}

// A tensor of dtype T holding values, in shape sizes ({} gives a 0-dim tensor of one value).
template <typename T>
Tensor tensor(std::initializer_list<T> values, IntArrayRef sizes) {
  const int64_t n = static_cast<int64_t>(values.size());
  Tensor t = empty(sizes, TensorOptions(scalar_type_of<T>));
  ATEN_CHECK(t.numel() == n, "tensor: ", n, " values cannot fill shape ", sizes);
  T* p = t.data_ptr<T>();
  for (const T& v : values) *p++ = v;
  return t;
}

// A 1-d tensor of values.
template <typename T>
Tensor tensor(std::initializer_list<T> values) {
  const int64_t n = static_cast<int64_t>(values.size());
  return tensor(values, IntArrayRef(n));
}

}  // namespace aten
