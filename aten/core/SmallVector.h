#pragma once
// A vector that keeps up to N elements inline. Shapes, strides and an iterator's operands have
// a handful of entries; keeping them out of the heap is most of a small op's overhead.
#include <aten/core/ArrayRef.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace aten {

template <typename T, size_t N>
class SmallVector {
 public:
  using value_type = T;
  using iterator = T*;
  using const_iterator = const T*;

  SmallVector() = default;
  explicit SmallVector(size_t n) { resize(n); }
  SmallVector(size_t n, const T& value) { resize(n, value); }
  SmallVector(std::initializer_list<T> il) { append(il.begin(), il.end()); }
  SmallVector(ArrayRef<T> a) { append(a.begin(), a.end()); }
  template <typename It>
  requires(!std::is_integral_v<It>) SmallVector(It first, It last) { append(first, last); }
  SmallVector(const SmallVector& o) { append(o.begin(), o.end()); }
  SmallVector(SmallVector&& o) noexcept { take(std::move(o)); }
  SmallVector& operator=(const SmallVector& o) {
    if (this != &o) {
      clear();
      append(o.begin(), o.end());
    }
    return *this;
  }
  SmallVector& operator=(SmallVector&& o) noexcept {
    if (this != &o) {
      clear();
      release_heap();
      take(std::move(o));
    }
    return *this;
  }
  // Nothing is reset: the object is gone (an iterator destroys a dozen of these per op).
  ~SmallVector() {
    std::destroy(data_, data_ + size_);
    if (data_ != inline_data()) std::free(data_);
  }

  T* data() { return data_; }
  const T* data() const { return data_; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }
  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }
  T& back() { return data_[size_ - 1]; }
  const T& back() const { return data_[size_ - 1]; }
  operator ArrayRef<T>() const { return ArrayRef<T>(data_, size_); }

  void reserve(size_t n) {
    if (n > capacity_) grow(n);
  }
  // New elements are value-initialised in place (no temporary copied n times).
  void resize(size_t n) {
    if (n < size_) {
      std::destroy(data_ + n, data_ + size_);
    } else {
      reserve(n);
      std::uninitialized_value_construct(data_ + size_, data_ + n);
    }
    size_ = n;
  }
  void resize(size_t n, const T& value) {
    if (n < size_) {
      std::destroy(data_ + n, data_ + size_);
    } else {
      reserve(n);
      std::uninitialized_fill(data_ + size_, data_ + n, value);
    }
    size_ = n;
  }
  void assign(size_t n, const T& value) {
    if constexpr (std::is_trivially_copyable_v<T>) {
      if (n <= capacity_) {  // shapes and strides: a few stores, no generic fill
        for (size_t i = 0; i < n; ++i) data_[i] = value;
        size_ = n;
        return;
      }
    }
    clear();
    resize(n, value);
  }
  template <typename It>
  void assign(It first, It last) {
    clear();
    append(first, last);
  }
  template <typename It>
  void append(It first, It last) {
    reserve(size_ + static_cast<size_t>(std::distance(first, last)));
    std::uninitialized_copy(first, last, data_ + size_);
    size_ += static_cast<size_t>(std::distance(first, last));
  }
  void push_back(T v) { emplace_back(std::move(v)); }
  template <typename... Args>
  T& emplace_back(Args&&... args) {
    if (size_ == capacity_) reserve(capacity_ * 2);
    T* p = new (data_ + size_) T(std::forward<Args>(args)...);
    ++size_;
    return *p;
  }
  void pop_back() { std::destroy_at(data_ + --size_); }
  void clear() {
    std::destroy(data_, data_ + size_);
    size_ = 0;
  }

  friend bool operator==(const SmallVector& a, const SmallVector& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  // Out of line: the rare move to the heap stays out of every push_back's inlined code.
  [[gnu::noinline]] void grow(size_t n) {
    // NOLINTNEXTLINE(bugprone-sizeof-expression): T may be a pointer; its size is what counts.
    T* fresh = static_cast<T*>(std::malloc(n * sizeof(T)));
    if (fresh == nullptr) throw std::bad_alloc();
    std::uninitialized_move(data_, data_ + size_, fresh);
    std::destroy(data_, data_ + size_);
    release_heap();
    data_ = fresh;
    capacity_ = n;
  }
  T* inline_data() { return reinterpret_cast<T*>(inline_); }
  void release_heap() {
    if (data_ != inline_data()) std::free(data_);
    data_ = inline_data();
    capacity_ = N;
  }
  // Precondition: empty and inline.
  void take(SmallVector&& o) {
    if (o.data_ == o.inline_data()) {
      std::uninitialized_move(o.begin(), o.end(), data_);
      size_ = o.size_;
      o.clear();
    } else {
      data_ = std::exchange(o.data_, o.inline_data());
      capacity_ = std::exchange(o.capacity_, N);
      size_ = std::exchange(o.size_, 0);
    }
  }

  // NOLINTNEXTLINE(bugprone-sizeof-expression): as in reserve().
  alignas(T) unsigned char inline_[N * sizeof(T)];
  T* data_ = inline_data();
  size_t size_ = 0;
  size_t capacity_ = N;
};

// Shapes and strides: five dims inline covers NCHW plus one, and 5-d channels-last volumes.
using DimVector = SmallVector<int64_t, 5>;

template <typename T, size_t N>
std::ostream& operator<<(std::ostream& os, const SmallVector<T, N>& v) {
  return os << ArrayRef<T>(v);
}

}  // namespace aten
