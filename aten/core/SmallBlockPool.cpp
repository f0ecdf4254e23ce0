#include <aten/core/SmallBlockPool.h>

#include <cstdlib>

namespace aten::detail {

constinit thread_local PoolLists tls_pool{};

namespace {

struct Reaper {
  ~Reaper() {
    for (size_t c = 0; c < kPoolClasses; ++c) {
      while (PoolBlock* b = tls_pool.head[c]) {
        tls_pool.head[c] = b->next;
        std::free(b);
      }
      tls_pool.count[c] = 0;
    }
    tls_pool.closed = true;
  }
};
thread_local Reaper tls_reaper;

}  // namespace

void* pool_allocate_slow(size_t nbytes) {
  if (kPooling) (void)&tls_reaper;  // make sure this thread's lists are emptied when it ends
  return std::aligned_alloc(kPoolClassBytes, (pool_class(nbytes) + 1) * kPoolClassBytes);
}

void pool_free_slow(void* p) noexcept { std::free(p); }

void* PoolAllocated::allocate_large(size_t n) {
  void* p = std::aligned_alloc(kPoolClassBytes,
                               (n + kPoolClassBytes - 1) / kPoolClassBytes * kPoolClassBytes);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

}  // namespace aten::detail
