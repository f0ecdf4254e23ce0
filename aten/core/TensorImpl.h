#pragma once
// The object behind a Tensor: storage, offset, sizes, strides, dtype, device, and the layout
// facts every kernel asks for, computed once whenever sizes or strides change.
#include <aten/core/ArrayRef.h>
#include <aten/core/DispatchKey.h>
#include <aten/core/MemoryFormat.h>
#include <aten/core/ScalarType.h>
#include <aten/core/SmallBlockPool.h>
#include <aten/core/SmallVector.h>
#include <aten/core/Storage.h>

#include <memory>
#include <optional>

namespace aten {
namespace autograd {
struct AutogradMeta;
}  // namespace autograd

class TensorImpl : public intrusive_ptr_target, public detail::PoolAllocated {
 public:
  TensorImpl(Storage storage, ScalarType dtype, Device device);

  IntArrayRef sizes() const { return sizes_; }
  IntArrayRef strides() const { return strides_; }
  int64_t dim() const { return static_cast<int64_t>(sizes_.size()); }
  int64_t numel() const { return numel_; }
  int64_t storage_offset() const { return storage_offset_; }
  ScalarType dtype() const { return dtype_; }
  int64_t itemsize() const { return elementSize(dtype_); }
  Device device() const { return device_; }
  DispatchKeySet key_set() const { return key_set_; }
  const Storage& storage() const { return storage_; }

  // A 0-dim tensor made from a C++ number (see ScalarOps.h); type promotion ranks it below
  // every tensor operand.
  bool is_wrapped_number() const { return is_wrapped_number_; }
  void set_wrapped_number(bool wrapped);

  bool is_contiguous(MemoryFormat format = MemoryFormat::Contiguous) const {
    if (format == MemoryFormat::ChannelsLast) return is_channels_last_contiguous_;
    if (format == MemoryFormat::ChannelsLast3d) return is_channels_last_3d_contiguous_;
    return is_contiguous_;
  }
  bool is_non_overlapping_and_dense() const { return is_non_overlapping_and_dense_; }
  // ATen's guess at the format a result of this tensor should take.
  MemoryFormat suggest_memory_format() const;

  // Start of this tensor's elements; null for Meta tensors and empty storage.
  void* data() const {
    auto* base = static_cast<char*>(storage_->data());
    return base == nullptr ? nullptr : base + storage_offset_ * itemsize();
  }

  // The tensor whose storage this view shares, or null for a tensor that is not a view; a view
  // of a view points at the first one. Autograd needs it when a view is written in place: the
  // write changes its base too (CopySlices in aten/autograd/ViewHistory.h).
  TensorImpl* view_base() const { return view_base_.get(); }
  void set_view_base(intrusive_ptr<TensorImpl> base) { view_base_ = std::move(base); }

  // Autograd's state of this tensor (aten/autograd/AutogradMeta.h): null until the tensor
  // requires grad, gets a grad_fn, a grad or a hook. Shared so that a hook can hold it weakly.
  autograd::AutogradMeta* autograd_meta() const { return autograd_meta_.get(); }
  const std::shared_ptr<autograd::AutogradMeta>& shared_autograd_meta() const {
    return autograd_meta_;
  }
  void set_autograd_meta(std::shared_ptr<autograd::AutogradMeta> meta) {
    autograd_meta_ = std::move(meta);
  }
  // Whether calls on this tensor take the Autograd key. Autograd keeps it equal to
  // requires_grad(): a tensor without it dispatches straight to its backend.
  void set_autograd_key(bool on) {
    key_set_ = on ? key_set_.add(DispatchKey::Autograd) : key_set_.remove(DispatchKey::Autograd);
  }

  // Every mutation of geometry goes through these, so the cached flags never go stale.
  void set_sizes_contiguous(IntArrayRef sizes);
  void set_sizes_and_strides(IntArrayRef sizes, IntArrayRef strides,
                             std::optional<int64_t> storage_offset = std::nullopt);
  // Reshapes in place and grows the storage if it is too small (Tensor::resize_ semantics).
  void resize(IntArrayRef sizes, IntArrayRef strides = {});

 private:
  // Recomputes numel and the layout flags from sizes_/strides_; a caller that just made
  // contiguous strides says so. The setters above are its only callers; set_sizes_contiguous
  // sets the flags itself below 4 dims, where contiguous strides leave nothing to work out.
  void refresh(bool known_contiguous = false);

  Storage storage_;
  int64_t storage_offset_ = 0;
  DimVector sizes_;
  DimVector strides_;
  int64_t numel_ = 1;
  ScalarType dtype_;
  Device device_;
  DispatchKeySet key_set_;
  bool is_contiguous_ = true;
  bool is_channels_last_contiguous_ = false;
  bool is_channels_last_3d_contiguous_ = false;
  bool is_channels_last_ = false;  // strides ordered like channels-last (may have gaps)
  bool is_channels_last_3d_ = false;
  bool is_non_overlapping_and_dense_ = true;
  bool is_wrapped_number_ = false;
  std::shared_ptr<autograd::AutogradMeta> autograd_meta_;
  intrusive_ptr<TensorImpl> view_base_;
};

// Errors (naming the shape) unless every size is >= 0 and their product fits in int64.
void check_sizes(IntArrayRef sizes);
// Contiguous (row-major) strides for sizes.
DimVector contiguous_strides(IntArrayRef sizes);
// Strides of a dense tensor of sizes laid out in format (ChannelsLast needs 4-d, 3d needs 5-d).
DimVector strides_for_format(IntArrayRef sizes, MemoryFormat format);
// Bytes a tensor of these sizes/strides spans from its first element; checks for overflow.
// Sizes must be non-negative (check_sizes).
int64_t compute_storage_nbytes(IntArrayRef sizes, IntArrayRef strides, int64_t itemsize);

}  // namespace aten
