#pragma once
// What a node knows about each of its inputs (the forward op's outputs): the shape, dtype and
// device a gradient for it must have. The engine checks every gradient a node produces against
// the metadata of the input it flows to, and sums a broadcast gradient down to that shape.
#include <aten/core/Tensor.h>

namespace aten::autograd {

class InputMetadata {
 public:
  // An undefined output (of a multi-output op) keeps its place, and any gradient passes.
  InputMetadata() = default;
  explicit InputMetadata(const TensorBase& t) {
    if (!t.defined()) return;
    const IntArrayRef sizes = t.sizes();
    sizes_.append(sizes.begin(), sizes.end());
    dtype_ = t.scalar_type();
    device_ = t.device();
    defined_ = true;
  }

  bool defined() const { return defined_; }
  IntArrayRef sizes() const { return sizes_; }
  ScalarType dtype() const { return dtype_; }
  Device device() const { return device_; }

 private:
  DimVector sizes_;
  ScalarType dtype_ = ScalarType::Float;
  Device device_ = kCPU;
  bool defined_ = false;
};

}  // namespace aten::autograd
