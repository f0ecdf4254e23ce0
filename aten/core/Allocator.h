#pragma once
// Memory for tensor storage. A DataPtr owns its bytes and knows how to free them, so storage
// can come from the CPU allocator, from user memory (from_blob), or from nowhere (Meta).
#include <cstddef>
#include <utility>

namespace aten {

class DataPtr {
 public:
  using Deleter = void (*)(void* ctx);
  DataPtr() = default;
  DataPtr(void* data, void* ctx, Deleter deleter) : data_(data), ctx_(ctx), deleter_(deleter) {}
  DataPtr(DataPtr&& o) noexcept
      : data_(std::exchange(o.data_, nullptr)),
        ctx_(std::exchange(o.ctx_, nullptr)),
        deleter_(std::exchange(o.deleter_, nullptr)) {}
  DataPtr& operator=(DataPtr&& o) noexcept {
    DataPtr tmp(std::move(o));
    std::swap(data_, tmp.data_);
    std::swap(ctx_, tmp.ctx_);
    std::swap(deleter_, tmp.deleter_);
    return *this;
  }
  DataPtr(const DataPtr&) = delete;
  DataPtr& operator=(const DataPtr&) = delete;
  ~DataPtr() {
    if (deleter_ != nullptr) deleter_(ctx_);
  }
  void* get() const { return data_; }

 private:
  void* data_ = nullptr;
  void* ctx_ = nullptr;
  Deleter deleter_ = nullptr;
};

class Allocator {
 public:
  virtual ~Allocator() = default;
  // A null DataPtr when nbytes is 0 or the memory is not available: callers know the shape
  // the bytes were for and put it in the error.
  virtual DataPtr allocate(size_t nbytes) = 0;
};

// Blocks are 64-byte aligned so that every AVX-512 load of a fresh tensor is aligned.
constexpr size_t kAlignment = 64;

// The CPU allocator. Blocks of 64 KiB and more are cached when freed (up to 1 GiB in all) and
// reused for the next request of the same rounded size (64 KiB steps below 2 MiB, 2 MiB steps
// from there), keeping their pages.
Allocator* getCPUAllocator();
// Returns every cached block to the system.
void empty_cache();
// Bytes held by the cache right now.
size_t cached_bytes();

}  // namespace aten
