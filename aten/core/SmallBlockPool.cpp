#include <aten/core/SmallBlockPool.h>

#include <cstdlib>
#include <new>

namespace aten::detail {
namespace {

constexpr size_t kClassBytes = 64;
constexpr size_t kClasses = kPoolBlockMax / kClassBytes;
// Blocks kept per class and thread; beyond it they go back to the system.
constexpr int kMaxCached = 256;

struct FreeBlock {
  FreeBlock* next;
};

// Trivially destructible, so access needs no guard; the Reaper below empties it at thread exit
// and marks it closed, after which frees go straight to the system.
struct Lists {
  FreeBlock* head[kClasses];
  int count[kClasses];
  bool closed;
};
thread_local Lists tls_lists;

struct Reaper {
  ~Reaper() {
    for (size_t c = 0; c < kClasses; ++c) {
      while (FreeBlock* b = tls_lists.head[c]) {
        tls_lists.head[c] = b->next;
        std::free(b);
      }
      tls_lists.count[c] = 0;
    }
    tls_lists.closed = true;
  }
};
thread_local Reaper tls_reaper;

constexpr size_t class_of(size_t nbytes) { return nbytes == 0 ? 0 : (nbytes - 1) / kClassBytes; }

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kPooling = false;
#else
constexpr bool kPooling = true;
#endif

}  // namespace

void* pool_allocate(size_t nbytes) {
  const size_t c = class_of(nbytes);
  if (kPooling) {
    if (FreeBlock* b = tls_lists.head[c]) {
      tls_lists.head[c] = b->next;
      --tls_lists.count[c];
      return b;
    }
    (void)&tls_reaper;  // make sure this thread's lists are emptied when it ends
  }
  return std::aligned_alloc(kClassBytes, (c + 1) * kClassBytes);
}

void pool_free(void* p, size_t nbytes) noexcept {
  const size_t c = class_of(nbytes);
  if (kPooling && !tls_lists.closed && tls_lists.count[c] < kMaxCached) {
    auto* b = static_cast<FreeBlock*>(p);
    b->next = tls_lists.head[c];
    tls_lists.head[c] = b;
    ++tls_lists.count[c];
    return;
  }
  std::free(p);
}

void* PoolAllocated::operator new(size_t n) {
  if (n > kPoolBlockMax) {
    if (void* p = std::aligned_alloc(kClassBytes, (n + kClassBytes - 1) / kClassBytes * kClassBytes)) return p;
    throw std::bad_alloc();
  }
  if (void* p = pool_allocate(n)) return p;
  throw std::bad_alloc();
}

void PoolAllocated::operator delete(void* p, size_t n) noexcept {
  if (n > kPoolBlockMax) {
    std::free(p);
  } else {
    pool_free(p, n);
  }
}

}  // namespace aten::detail
