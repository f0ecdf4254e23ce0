#pragma once
// A standard allocator over the thread-local small-block pool (SmallBlockPool.h), for objects
// made with std::allocate_shared on an op's path: autograd's nodes and per-tensor state, which
// every recorded op creates. One free-list pop instead of a malloc.
#include <aten/core/SmallBlockPool.h>

#include <cstddef>
#include <memory>
#include <utility>

namespace aten::detail {

template <typename T>
struct PoolAllocator {
  using value_type = T;

  PoolAllocator() = default;
  template <typename U>
  PoolAllocator(const PoolAllocator<U>&) noexcept {}  // NOLINT(google-explicit-constructor)

  T* allocate(size_t n) { return static_cast<T*>(PoolAllocated::operator new(n * sizeof(T))); }
  void deallocate(T* p, size_t n) noexcept { PoolAllocated::operator delete(p, n * sizeof(T)); }

  template <typename U>
  bool operator==(const PoolAllocator<U>&) const noexcept {
    return true;
  }
};

// std::make_shared from the pool.
template <typename T, typename... Args>
std::shared_ptr<T> make_shared_pooled(Args&&... args) {
  return std::allocate_shared<T>(PoolAllocator<T>(), std::forward<Args>(args)...);
}

}  // namespace aten::detail
