#pragma once
// Thread-local free lists of small 64-byte-aligned blocks (up to 512 bytes, in 64-byte size
// classes). Every op allocates a TensorImpl, a StorageImpl and, for small results, a few bytes
// of data; malloc and free of those were a fifth of a 1-element add. Under AddressSanitizer
// the pool steps aside, so use-after-free is still caught.
#include <cstddef>

namespace aten::detail {

constexpr size_t kPoolBlockMax = 512;

// nbytes <= kPoolBlockMax. Returns null when the system is out of memory.
void* pool_allocate(size_t nbytes);
// p came from pool_allocate(nbytes) on any thread.
void pool_free(void* p, size_t nbytes) noexcept;

// operator new/delete for classes whose objects should come from the pool.
struct PoolAllocated {
  static void* operator new(size_t n);
  static void operator delete(void* p, size_t n) noexcept;
};

}  // namespace aten::detail
