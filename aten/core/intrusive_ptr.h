#pragma once
// A reference-counted pointer whose count lives in the object: one allocation per tensor and
// one atomic per copy, which is what a per-op overhead budget of ~100 ns can afford.
#include <atomic>
#include <cstdint>
#include <utility>

namespace aten {

class intrusive_ptr_target {
 protected:
  intrusive_ptr_target() = default;
  intrusive_ptr_target(const intrusive_ptr_target&) : refcount_(0) {}
  intrusive_ptr_target& operator=(const intrusive_ptr_target&) { return *this; }
  virtual ~intrusive_ptr_target() = default;

 private:
  template <typename T>
  friend class intrusive_ptr;
  mutable std::atomic<int64_t> refcount_{0};
};

template <typename T>
class intrusive_ptr {
 public:
  intrusive_ptr() noexcept = default;
  // Adopts a freshly allocated object (refcount 0) or shares an existing one.
  explicit intrusive_ptr(T* p) noexcept : p_(p) { retain(); }
  intrusive_ptr(const intrusive_ptr& o) noexcept : p_(o.p_) { retain(); }
  intrusive_ptr(intrusive_ptr&& o) noexcept : p_(std::exchange(o.p_, nullptr)) {}
  template <typename U>
  requires std::is_convertible_v<U*, T*> intrusive_ptr(intrusive_ptr<U> o)
  noexcept : p_(o.release()) {}
  intrusive_ptr& operator=(intrusive_ptr o) noexcept {
    std::swap(p_, o.p_);
    return *this;
  }
  ~intrusive_ptr() { drop(); }

  template <typename... Args>
  static intrusive_ptr make(Args&&... args) {
    // Nobody else can see a new object yet: its first reference needs no atomic operation.
    intrusive_ptr p;
    p.p_ = new T(std::forward<Args>(args)...);
    p.p_->refcount_.store(1, std::memory_order_relaxed);
    return p;
  }

  T* get() const noexcept { return p_; }
  T* operator->() const noexcept { return p_; }
  T& operator*() const noexcept { return *p_; }
  explicit operator bool() const noexcept { return p_ != nullptr; }
  int64_t use_count() const noexcept {
    return p_ ? p_->refcount_.load(std::memory_order_relaxed) : 0;
  }
  void reset() noexcept {
    drop();
    p_ = nullptr;
  }
  // Hands the reference to the caller; used by converting construction.
  T* release() noexcept { return std::exchange(p_, nullptr); }

  friend bool operator==(const intrusive_ptr& a, const intrusive_ptr& b) { return a.p_ == b.p_; }

 private:
  template <typename U>
  friend class intrusive_ptr;
  // Gives up this reference; the destructor leaves p_ as it is (nobody reads it again).
  void drop() noexcept {
    if (p_ != nullptr && p_->refcount_.fetch_sub(1, std::memory_order_acq_rel) == 1) delete p_;
  }
  void retain() noexcept {
    if (p_ != nullptr) p_->refcount_.fetch_add(1, std::memory_order_relaxed);
  }
  T* p_ = nullptr;
};

}  // namespace aten
