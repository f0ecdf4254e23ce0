#pragma once
// The bytes behind one or more tensors. Views share a StorageImpl; resizing an out= tensor
// may replace its bytes with a larger block. The StorageImpl also counts the in-place writes to
// those bytes (the version autograd's saved tensors check), so a tensor, its views and its
// detach() share one counter, as they share one in ATen.
#include <aten/core/Allocator.h>
#include <aten/core/Error.h>
#include <aten/core/SmallBlockPool.h>
#include <aten/core/intrusive_ptr.h>

#include <atomic>
#include <cstdint>
#include <cstring>

namespace aten {

class StorageImpl : public intrusive_ptr_target, public detail::PoolAllocated {
 public:
  StorageImpl(DataPtr data, size_t nbytes, Allocator* allocator, bool resizable = true)
      : data_(std::move(data)), nbytes_(nbytes), allocator_(allocator), resizable_(resizable) {}

  void* data() const { return data_.get(); }
  size_t nbytes() const { return nbytes_; }
  // Null for Meta storage, which only records a size.
  Allocator* allocator() const { return allocator_; }
  // False for memory the user lent us (from_blob): we may not replace it.
  bool resizable() const { return resizable_; }

  // How many in-place or out= writes the bytes have had; detail::count_write counts one.
  uint32_t version() const { return version_.load(std::memory_order_relaxed); }
  void bump_version() { version_.fetch_add(1, std::memory_order_relaxed); }

  // Grows to at least nbytes, keeping the existing bytes (ATen's resize_ does). False when the
  // allocator has no such block; the caller reports it with the tensor's shape.
  [[nodiscard]] bool grow(size_t nbytes) {
    if (nbytes <= nbytes_) return true;
    ATEN_INTERNAL_ASSERT(resizable_);
    if (allocator_ == nullptr) {  // Meta: nothing to hold
      nbytes_ = nbytes;
      return true;
    }
    DataPtr fresh = allocator_->allocate(nbytes);
    if (fresh.get() == nullptr) return false;
    if (nbytes_ != 0) std::memcpy(fresh.get(), data_.get(), nbytes_);
    data_ = std::move(fresh);
    nbytes_ = nbytes;
    return true;
  }

 private:
  DataPtr data_;
  size_t nbytes_;
  Allocator* allocator_;
  bool resizable_;
  // Atomic: threads that write disjoint views of one storage in place bump it concurrently.
  std::atomic<uint32_t> version_{0};
};

using Storage = intrusive_ptr<StorageImpl>;

}  // namespace aten
