#pragma once
// What a node keeps of an input its formula reads only the shape or dtype of (`self.sizes()`):
// those facts, not the tensor, so the tensor's memory is not held until backward and writing it
// in place afterwards is no error. Answers the Tensor methods formulas use on metadata.
#include <aten/core/Tensor.h>

namespace aten::autograd {

class TensorMeta {
 public:
  TensorMeta() = default;
  explicit TensorMeta(const TensorBase& t)
      : sizes_(t.sizes()),
        strides_(t.strides()),
        storage_offset_(t.storage_offset()),
        dtype_(t.scalar_type()),
        device_(t.device()),
        numel_(t.numel()),
        contiguous_(t.is_contiguous()) {}

  IntArrayRef sizes() const { return sizes_; }
  IntArrayRef strides() const { return strides_; }
  int64_t storage_offset() const { return storage_offset_; }
  int64_t dim() const { return static_cast<int64_t>(sizes_.size()); }
  int64_t size(int64_t d) const { return sizes_[maybe_wrap_dim(d, dim())]; }
  int64_t numel() const { return numel_; }
  ScalarType scalar_type() const { return dtype_; }
  ScalarType dtype() const { return dtype_; }
  Device device() const { return device_; }
  TensorOptions options() const { return TensorOptions(dtype_).device(device_); }
  bool is_contiguous() const { return contiguous_; }

 private:
  DimVector sizes_;
  DimVector strides_;
  int64_t storage_offset_ = 0;
  ScalarType dtype_ = ScalarType::Float;
  Device device_ = kCPU;
  int64_t numel_ = 0;
  bool contiguous_ = true;
};

}  // namespace aten::autograd
