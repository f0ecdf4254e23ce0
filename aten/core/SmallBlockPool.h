#pragma once
// Thread-local free lists of small 64-byte-aligned blocks (up to 512 bytes, in 64-byte size
// classes). Every op allocates a TensorImpl, a StorageImpl and, for small results, a few bytes
// of data; malloc and free of those were a fifth of a 1-element add. Under AddressSanitizer
// the pool steps aside, so use-after-free is still caught.
//
// The fast paths (a block from / back to this thread's list) are inline: six of them run per
// functional op. Everything else is in SmallBlockPool.cpp.
#include <cstddef>
#include <new>

namespace aten::detail {

constexpr size_t kPoolBlockMax = 512;
constexpr size_t kPoolClassBytes = 64;
constexpr size_t kPoolClasses = kPoolBlockMax / kPoolClassBytes;
// Blocks kept per class and thread; beyond it they go back to the system.
constexpr int kPoolMaxCached = 256;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kPooling = false;
#else
constexpr bool kPooling = true;
#endif

struct PoolBlock {
  PoolBlock* next;
};
// Trivially destructible and constant-initialised, so other files reach it with no guard or
// TLS wrapper call; a thread-exit hook in SmallBlockPool.cpp empties it and marks it closed,
// after which frees go straight to the system.
struct PoolLists {
  PoolBlock* head[kPoolClasses];
  int count[kPoolClasses];
  bool closed;
};
extern constinit thread_local PoolLists tls_pool;

constexpr size_t pool_class(size_t nbytes) {
  return nbytes == 0 ? 0 : (nbytes - 1) / kPoolClassBytes;
}

// The system side: a fresh block (registering the thread-exit hook), or a block freed directly.
void* pool_allocate_slow(size_t nbytes);
void pool_free_slow(void* p) noexcept;

// nbytes <= kPoolBlockMax. Returns null when the system is out of memory.
inline void* pool_allocate(size_t nbytes) {
  if (kPooling) {
    const size_t c = pool_class(nbytes);
    if (PoolBlock* b = tls_pool.head[c]) {
      tls_pool.head[c] = b->next;
      --tls_pool.count[c];
      return b;
    }
  }
  return pool_allocate_slow(nbytes);
}

// p came from pool_allocate(nbytes) on any thread.
inline void pool_free(void* p, size_t nbytes) noexcept {
  const size_t c = pool_class(nbytes);
  if (kPooling && !tls_pool.closed && tls_pool.count[c] < kPoolMaxCached) {
    auto* b = static_cast<PoolBlock*>(p);
    b->next = tls_pool.head[c];
    tls_pool.head[c] = b;
    ++tls_pool.count[c];
    return;
  }
  pool_free_slow(p);
}

// operator new/delete for classes whose objects should come from the pool.
struct PoolAllocated {
  static void* operator new(size_t n) {
    if (n > kPoolBlockMax) return allocate_large(n);
    if (void* p = pool_allocate(n)) return p;
    throw std::bad_alloc();
  }
  static void operator delete(void* p, size_t n) noexcept {
    if (n <= kPoolBlockMax) {
      pool_free(p, n);
    } else {
      pool_free_slow(p);
    }
  }

 private:
  // A block from the system; throws std::bad_alloc when there is none.
  static void* allocate_large(size_t n);
};

}  // namespace aten::detail
