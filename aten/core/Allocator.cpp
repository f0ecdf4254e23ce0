#include <aten/core/Allocator.h>
#include <aten/core/Error.h>
#include <aten/core/SmallBlockPool.h>

#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace aten {
namespace {

// Blocks at least this big are cached. Below it malloc serves them from its free lists; from
// about here glibc maps them afresh or trims its heap when they are freed, so that each one costs
// page faults and the kernel's zeroing again (a training step of a small MLP spent a third of its
// time there).
// Below a huge page, cached blocks are a whole number of these, so that sizes near each other
// share blocks.
constexpr size_t kLargeBlock = size_t{64} << 10;
// From one up, whole huge pages, so the kernel can back them with transparent huge pages.
constexpr size_t kHugePage = size_t{2} << 20;
// What the cache may hold, freed blocks beyond it go back to the system.
constexpr size_t kMaxCachedBytes = size_t{1} << 30;

// Tiny blocks (a few elements, the results of small ops) come from the thread-local pool; the
// deleter of each size class knows its size.
template <size_t kBytes>
void free_pooled(void* p) {
  detail::pool_free(p, kBytes);
}
constexpr DataPtr::Deleter kPooledDeleters[] = {
    &free_pooled<64>,  &free_pooled<128>, &free_pooled<192>, &free_pooled<256>,
    &free_pooled<320>, &free_pooled<384>, &free_pooled<448>, &free_pooled<512>};
static_assert(sizeof(kPooledDeleters) / sizeof(kPooledDeleters[0]) == detail::kPoolBlockMax / 64);

DataPtr allocate_tiny(size_t nbytes) {
  void* p = detail::pool_allocate(nbytes);
  if (p == nullptr) return {};
  return {p, p, kPooledDeleters[(nbytes - 1) / 64]};
}

// Small blocks: malloc with room to align by hand, which is several times cheaper than
// aligned_alloc's memalign path for the small tensors whose per-op overhead counts.
DataPtr allocate_small(size_t nbytes) {
  void* raw = std::malloc(nbytes + kAlignment - 1);
  if (raw == nullptr) return {};
  auto aligned = (reinterpret_cast<uintptr_t>(raw) + kAlignment - 1) & ~(kAlignment - 1);
  return {reinterpret_cast<void*>(aligned), raw, &std::free};
}

// Large blocks keep their pages between uses: a functional op on a fresh 64 MiB output
// otherwise pays 16,000 page faults and the kernel's zeroing, every call; a 256 KiB one, 64.
class LargeBlockCache {
 public:
  static LargeBlockCache& get() {
    static auto* cache = new LargeBlockCache();  // never destroyed: tensors may outlive main
    return *cache;
  }

  DataPtr allocate(size_t nbytes) {
    const size_t step = nbytes < kHugePage ? kLargeBlock : kHugePage;
    const size_t size = (nbytes + step - 1) / step * step;
    if (size < nbytes) return {};  // rounding up wrapped around
    void* p = take_cached(size);
    if (p == nullptr) {
      p = std::aligned_alloc(step, size);
      if (p == nullptr) return {};
      if (step == kHugePage) madvise(p, size, MADV_HUGEPAGE);  // a hint; failure only costs speed
    }
    std::lock_guard<std::mutex> lock(mutex_);
    live_[p] = size;
    return {p, p, &LargeBlockCache::release};
  }

  void empty() {
    std::vector<void*> to_free;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      for (auto& [size, blocks] : free_)
        to_free.insert(to_free.end(), blocks.begin(), blocks.end());
      free_.clear();
      cached_bytes_ = 0;
    }
    for (void* p : to_free) std::free(p);
  }

  size_t cached_bytes() {
    std::lock_guard<std::mutex> lock(mutex_);
    return cached_bytes_;
  }

 private:
  void* take_cached(size_t size) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = free_.find(size);
    if (it == free_.end() || it->second.empty()) return nullptr;
    void* p = it->second.back();
    it->second.pop_back();
    cached_bytes_ -= size;
    return p;
  }

  static void release(void* p) {
    LargeBlockCache& c = get();
    {
      std::lock_guard<std::mutex> lock(c.mutex_);
      auto it = c.live_.find(p);
      const size_t size = it->second;
      c.live_.erase(it);
      if (c.cached_bytes_ + size <= kMaxCachedBytes) {
        c.free_[size].push_back(p);
        c.cached_bytes_ += size;
        return;
      }
    }
    std::free(p);
  }

  std::mutex mutex_;
  std::unordered_map<size_t, std::vector<void*>> free_;  // by (rounded) size
  std::unordered_map<void*, size_t> live_;
  size_t cached_bytes_ = 0;
};

// Out of line, so that allocate() on the pooled path needs no stack frame of its own.
[[gnu::noinline]] DataPtr allocate_unpooled(size_t nbytes) {
  return nbytes < kLargeBlock ? allocate_small(nbytes) : LargeBlockCache::get().allocate(nbytes);
}

class CPUAllocator final : public Allocator {
 public:
  DataPtr allocate(size_t nbytes) override {
    if (nbytes == 0) return {};
    if (nbytes <= detail::kPoolBlockMax) return allocate_tiny(nbytes);
    return allocate_unpooled(nbytes);
  }
};

// Constant-initialised, so getCPUAllocator() (once per allocation) has no guard to check.
constinit CPUAllocator cpu_allocator;

}  // namespace

Allocator* getCPUAllocator() { return &cpu_allocator; }

void empty_cache() { LargeBlockCache::get().empty(); }

size_t cached_bytes() { return LargeBlockCache::get().cached_bytes(); }

}  // namespace aten
