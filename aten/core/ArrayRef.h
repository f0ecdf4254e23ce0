#pragma once
// A non-owning view of a contiguous run of T, constructible from braces, vectors and
// SmallVectors. Like std::span<const T>, plus equality and printing, which shape code needs.
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <ostream>
#include <vector>

namespace aten {

template <typename T>
class ArrayRef {
 public:
  using value_type = T;
  using iterator = const T*;

  constexpr ArrayRef() = default;
  constexpr ArrayRef(const T* data, size_t size) : data_(data), size_(size) {}
  constexpr ArrayRef(const T& one) : data_(&one), size_(1) {}
  // The initializer_list lives until the end of the full expression, which is what an
  // argument needs; GCC warns about it regardless.
#pragma GCC diagnostic push
#if !defined(__clang__)  // a GCC warning; clang warns about the unknown name instead
#pragma GCC diagnostic ignored "-Winit-list-lifetime"
#endif
  constexpr ArrayRef(std::initializer_list<T> il) : data_(il.begin()), size_(il.size()) {}
#pragma GCC diagnostic pop
  ArrayRef(const std::vector<T>& v) : data_(v.data()), size_(v.size()) {}
  template <typename Container>
  requires requires(const Container& c) {
    { c.data() } -> std::convertible_to<const T*>;
    { c.size() } -> std::convertible_to<size_t>;
  }
  constexpr ArrayRef(const Container& c) : data_(c.data()), size_(c.size()) {}

  constexpr const T* data() const { return data_; }
  constexpr size_t size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  constexpr const T* begin() const { return data_; }
  constexpr const T* end() const { return data_ + size_; }
  constexpr const T& operator[](size_t i) const { return data_[i]; }
  constexpr const T& front() const { return data_[0]; }
  constexpr const T& back() const { return data_[size_ - 1]; }
  constexpr ArrayRef slice(size_t start, size_t n) const { return {data_ + start, n}; }
  constexpr ArrayRef slice(size_t start) const { return {data_ + start, size_ - start}; }
  std::vector<T> vec() const { return std::vector<T>(begin(), end()); }

  friend bool operator==(ArrayRef a, ArrayRef b) {
    if (a.size_ != b.size_) return false;
    for (size_t i = 0; i < a.size_; ++i)
      if (!(a.data_[i] == b.data_[i])) return false;
    return true;
  }

 private:
  const T* data_ = nullptr;
  size_t size_ = 0;
};

using IntArrayRef = ArrayRef<int64_t>;

template <typename T>
std::ostream& operator<<(std::ostream& os, ArrayRef<T> a) {
  os << '[';
  for (size_t i = 0; i < a.size(); ++i) os << (i ? ", " : "") << a[i];
  return os << ']';
}

}  // namespace aten
