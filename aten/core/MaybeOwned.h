#pragma once
// A T that is either borrowed (a pointer to the caller's object, which must outlive this) or
// owned (a value held here). TensorIterator borrows its operands: copying a Tensor costs an
// atomic increment and, later, an atomic decrement, and a 1-element op has several operands.
//
// ptr_ always points at the value (the borrowed one, or own_), so reading costs one load; T
// must be cheap to default-construct and destroy (a Tensor: a null pointer).
#include <utility>

namespace aten {

template <typename T>
class MaybeOwned {
 public:
  // Owns a default T (for a Tensor: undefined).
  MaybeOwned() = default;
  static MaybeOwned borrowed(const T& t) {
    MaybeOwned m;
    m.ptr_ = &t;
    return m;
  }
  static MaybeOwned owned(T t) {
    MaybeOwned m;
    m.own_ = std::move(t);
    return m;
  }

  // Invariant: while borrowing, own_ is a default T. Copying or moving a borrow is two stores.
  MaybeOwned(const MaybeOwned& o) : ptr_(o.ptr_) {
    if (o.is_owned()) {
      own_ = o.own_;
      ptr_ = &own_;
    }
  }
  MaybeOwned(MaybeOwned&& o) noexcept : ptr_(o.ptr_) {
    if (o.is_owned()) {
      own_ = std::move(o.own_);
      ptr_ = &own_;
    }
  }
  MaybeOwned& operator=(const MaybeOwned& o) {
    if (this == &o) return *this;
    if (o.is_owned()) {
      own_ = o.own_;
      ptr_ = &own_;
    } else {
      if (is_owned()) own_ = T();
      ptr_ = o.ptr_;
    }
    return *this;
  }
  MaybeOwned& operator=(MaybeOwned&& o) noexcept {
    if (this == &o) return *this;
    if (o.is_owned()) {
      own_ = std::move(o.own_);
      ptr_ = &own_;
    } else {
      if (is_owned()) own_ = T();
      ptr_ = o.ptr_;
    }
    return *this;
  }

  bool is_owned() const { return ptr_ == &own_; }
  const T& operator*() const { return *ptr_; }
  const T* operator->() const { return ptr_; }

 private:
  T own_{};
  const T* ptr_ = &own_;
};

}  // namespace aten
