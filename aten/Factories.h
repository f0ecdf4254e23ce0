#pragma once
// Creating tensors from C++ values (tensor), for every dtype: the element type decides the dtype
// (float -> Float, int -> Int, int64_t -> Long, bool -> Bool, Half, BFloat16,
// complex<float> -> ComplexFloat, ...), as in ATen's C++ API; with TensorOptions, their dtype
// (Float when they give none): tensor({1, 2, 3}, kFloat) converts the values. The factory
// operators (empty, zeros, arange, ...) are generated from native_functions.yaml and come with
// <aten/Functions.h>.
#include <aten/core/Tensor.h>
#include <aten/ops/empty.h>

#include <concepts>
#include <initializer_list>
#include <type_traits>
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

namespace detail {
// The shape of a nested list (every list at one depth must have the same length, as in
// torch.tensor; an empty list ends the shape there, as torch.tensor([[], []]) is 2 x 0) and its
// values in C order.
template <typename T, typename Item>
void flatten_nested(std::initializer_list<Item> list, size_t depth, DimVector& shape,
                    std::vector<T>& values) {
  const auto n = static_cast<int64_t>(list.size());
  if (shape.size() == depth) shape.push_back(n);
  ATEN_CHECK(shape[depth] == n, "tensor: expected sequence of length ", shape[depth], " at dim ",
             depth, " (got ", n, ")");
  if constexpr (std::is_same_v<Item, T>) {
    values.insert(values.end(), list.begin(), list.end());
  } else {
    for (const Item& inner : list) flatten_nested<T>(inner, depth + 1, shape, values);
  }
}

template <typename T, typename List>
Tensor tensor_from_nested(List list) {
  DimVector shape;
  std::vector<T> values;
  flatten_nested<T>(list, 0, shape, values);
  Tensor t = empty(shape, TensorOptions(scalar_type_of<T>));
  T* p = t.data_ptr<T>();
  for (const T& v : values) *p++ = v;
  return t;
}

// values (a CPU tensor of their own dtype) as options ask, converted as copy_ converts (a
// cast). Options without a dtype mean the default one, Float, as in ATen's
// at::tensor({1, 2}, TensorOptions()).
inline Tensor converted(const Tensor& values, const TensorOptions& options) {
  Tensor result = empty(values.sizes(), options);
  result.copy_(values);
  return result;
}
}  // namespace detail

// Nested lists give 2-d and 3-d tensors: tensor({{1.f, 2.f}, {3.f, 4.f}}) is 2 x 2.
template <typename T>
Tensor tensor(std::initializer_list<std::initializer_list<T>> rows) {
  return detail::tensor_from_nested<T>(rows);
}

template <typename T>
Tensor tensor(std::initializer_list<std::initializer_list<std::initializer_list<T>>> planes) {
  return detail::tensor_from_nested<T>(planes);
}

// With options: tensor({1, 2, 3}, kFloat), tensor({1, 2, 3, 4}, {2, 2}, kLong),
// tensor({{1, 2}, {3, 4}}, TensorOptions().dtype(kDouble)). The two-argument forms deduce the
// options' type, so that a braced second argument (tensor({7.f}, {}), tensor(v, {2, 2})) still
// means a shape.
template <typename T>
Tensor tensor(std::initializer_list<T> values, IntArrayRef sizes, const TensorOptions& options) {
  return detail::converted(tensor(values, sizes), options);
}

template <typename T, std::convertible_to<TensorOptions> Options>
Tensor tensor(std::initializer_list<T> values, const Options& options) {
  return detail::converted(tensor(values), options);
}

template <typename T, std::convertible_to<TensorOptions> Options>
Tensor tensor(std::initializer_list<std::initializer_list<T>> rows, const Options& options) {
  return detail::converted(tensor(rows), options);
}

template <typename T, std::convertible_to<TensorOptions> Options>
Tensor tensor(std::initializer_list<std::initializer_list<std::initializer_list<T>>> planes,
              const Options& options) {
  return detail::converted(tensor(planes), options);
}

}  // namespace aten
