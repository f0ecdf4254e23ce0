#pragma once
// Creating tensors from C++ values (tensor). The factory operators (empty, empty_strided, ...)
// are generated from native_functions.yaml and come with <aten/Functions.h>.
#include <aten/core/Tensor.h>
#include <aten/ops/empty.h>

#include <initializer_list>
#include <vector>

namespace aten {

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
