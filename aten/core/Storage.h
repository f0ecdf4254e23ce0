#pragma once
// The bytes behind one or more tensors. Views share a StorageImpl; resizing an out= tensor
// may replace its bytes with a larger block.
#include <aten/core/Allocator.h>
#include <aten/core/Error.h>
#include <aten/core/SmallBlockPool.h>
#include <aten/core/intrusive_ptr.h>

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
};

using Storage = intrusive_ptr<StorageImpl>;

}  // namespace aten
