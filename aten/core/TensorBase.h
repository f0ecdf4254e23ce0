#pragma once
// The handle every tensor is: a refcounted pointer to a TensorImpl, with the accessors that do
// not involve operators. Tensor (generated, <aten/core/TensorBody.h>) adds operator methods
// and the autograd methods that hand out tensors (grad(), detach(), backward(), ...).
#include <aten/core/Scalar.h>
#include <aten/core/TensorAccessor.h>
#include <aten/core/TensorImpl.h>
#include <aten/core/TensorOptions.h>

#include <memory>
#include <string>

namespace aten {
namespace autograd {
class Node;
}  // namespace autograd

class TensorBase {
 public:
  TensorBase() = default;
  explicit TensorBase(intrusive_ptr<TensorImpl> impl) : impl_(std::move(impl)) {}

  bool defined() const { return static_cast<bool>(impl_); }
  TensorImpl* unsafeGetTensorImpl() const { return impl_.get(); }
  const intrusive_ptr<TensorImpl>& getIntrusivePtr() const { return impl_; }
  bool is_same(const TensorBase& o) const { return impl_ == o.impl_; }
  int64_t use_count() const { return impl_.use_count(); }

  IntArrayRef sizes() const { return impl_->sizes(); }
  IntArrayRef strides() const { return impl_->strides(); }
  int64_t dim() const { return impl_->dim(); }
  int64_t ndimension() const { return dim(); }
  int64_t size(int64_t d) const;  // negative d counts from the end
  int64_t stride(int64_t d) const;
  int64_t numel() const { return impl_->numel(); }
  int64_t storage_offset() const { return impl_->storage_offset(); }
  ScalarType scalar_type() const { return impl_->dtype(); }
  ScalarType dtype() const { return impl_->dtype(); }
  int64_t element_size() const { return impl_->itemsize(); }
  int64_t nbytes() const { return numel() * element_size(); }
  Device device() const { return impl_->device(); }
  bool is_meta() const { return impl_->device().is_meta(); }
  bool is_cpu() const { return impl_->device().is_cpu(); }
  DispatchKeySet key_set() const { return impl_->key_set(); }
  TensorOptions options() const { return TensorOptions(dtype()).device(device()); }
  bool is_contiguous(MemoryFormat format = MemoryFormat::Contiguous) const {
    return impl_->is_contiguous(format);
  }
  bool is_non_overlapping_and_dense() const { return impl_->is_non_overlapping_and_dense(); }
  MemoryFormat suggest_memory_format() const { return impl_->suggest_memory_format(); }

  // Raw data; an error for Meta tensors, which have none.
  void* data_ptr() const;
  template <typename T>
  T* data_ptr() const {
    ATEN_CHECK(scalar_type() == scalar_type_of<T>, "data_ptr<", scalar_type_of<T>,
               ">() called on a tensor of dtype ", scalar_type());
    return static_cast<T*>(data_ptr());
  }
  // The value of a one-element tensor, as a Scalar of its kind (Half is read as a double).
  Scalar item() const;
  // ... converted to T with Scalar::to<T>(): a value T cannot hold is an error (item<float>()
  // of 1+2j, item<int8_t>() of 300), as in ATen.
  template <typename T>
  T item() const {
    return item().to<T>();
  }
  // Indexing by coordinates: t.accessor<float, 2>()[i][j]; checks dtype and dim.
  template <typename T, size_t N>
  TensorAccessor<T, N> accessor() const& {
    ATEN_CHECK(dim() == static_cast<int64_t>(N), "accessor<", scalar_type_of<T>, ", ", N,
               ">() expected ", N, " dims but the tensor has ", dim(), " (", toString(), ")");
    return TensorAccessor<T, N>(data_ptr<T>(), sizes().data(), strides().data());
  }
  // The accessor would point into a tensor about to be destroyed.
  template <typename T, size_t N>
  TensorAccessor<T, N> accessor() && = delete;

  // A 0-dim tensor standing for a C++ number (t + 2): ATen's lowest-priority operand in type
  // promotion. Set by wrapped_scalar_tensor.
  bool is_wrapped_number() const { return impl_->is_wrapped_number(); }

  // Geometry in place: out= tensors are resized through this.
  const TensorBase& resize_(IntArrayRef sizes) const {
    impl_->resize(sizes);
    return *this;
  }

  // Autograd's view of the tensor; the out-of-line ones are defined in
  // aten/autograd/TensorMethods.cpp. The Autograd key is kept equal to requires_grad(), so
  // asking is a bit test.
  bool requires_grad() const { return impl_->key_set().has(DispatchKey::Autograd); }
  // No grad_fn: created by the user, not by a recorded op (whether it requires grad or not).
  bool is_leaf() const;
  // The node that computes this tensor's gradient's contribution to its inputs; null for leaves.
  const std::shared_ptr<autograd::Node>& grad_fn() const;
  // Which output of grad_fn() this tensor is (its input number in the backward graph).
  uint32_t output_nr() const;
  bool retains_grad() const;
  // Counts in-place writes to the tensor's bytes, shared with its views and detach()es.
  int64_t _version() const { return impl_->storage()->version(); }

  // e.g. "Float[2, 3] (strides [3, 1])": what error messages and debuggers show.
  std::string toString() const;

 protected:
  intrusive_ptr<TensorImpl> impl_;
};

// Wraps a possibly negative dim into [0, ndim); the message names the dim and the range.
int64_t maybe_wrap_dim(int64_t dim, int64_t ndim);

}  // namespace aten
