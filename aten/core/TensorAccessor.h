#pragma once
// Indexing a tensor by coordinates: t.accessor<float, 2>()[i][j]. The accessor borrows the
// tensor's sizes and strides, so it must not outlive the tensor (accessor() on a temporary is
// deleted for that reason). Indices are not bounds-checked, as in ATen: this is the fast path
// for hand-written loops; dtype and dimension count are checked once when it is made.
#include <aten/core/ArrayRef.h>

#include <cstddef>
#include <cstdint>

namespace aten {

template <typename T, size_t N>
class TensorAccessorBase {
 public:
  static_assert(N > 0, "an accessor needs at least one dimension; use item<T>() for 0-dim");
  TensorAccessorBase(T* data, const int64_t* sizes, const int64_t* strides)
      : data_(data), sizes_(sizes), strides_(strides) {}
  IntArrayRef sizes() const { return IntArrayRef(sizes_, N); }
  IntArrayRef strides() const { return IntArrayRef(strides_, N); }
  int64_t size(size_t d) const { return sizes_[d]; }
  int64_t stride(size_t d) const { return strides_[d]; }
  T* data() const { return data_; }

 protected:
  T* data_;
  const int64_t* sizes_;
  const int64_t* strides_;
};

template <typename T, size_t N>
class TensorAccessor : public TensorAccessorBase<T, N> {
 public:
  using TensorAccessorBase<T, N>::TensorAccessorBase;
  TensorAccessor<T, N - 1> operator[](int64_t i) const {
    return {this->data_ + this->strides_[0] * i, this->sizes_ + 1, this->strides_ + 1};
  }
};

template <typename T>
class TensorAccessor<T, 1> : public TensorAccessorBase<T, 1> {
 public:
  using TensorAccessorBase<T, 1>::TensorAccessorBase;
  T& operator[](int64_t i) const { return this->data_[this->strides_[0] * i]; }
};

}  // namespace aten
