#pragma once
// One operand of a TensorIterator: the tensor, its strides in bytes in the iterator's
// (broadcast, reordered, coalesced) dims, and what the iterator decided about it.
#include <aten/core/MaybeOwned.h>
#include <aten/core/Tensor.h>

namespace aten {

struct OperandInfo {
  // The iterator builds each operand from its tensor; everything else starts as below.
  explicit OperandInfo(MaybeOwned<Tensor> t) : tensor(std::move(t)) {}

  // The caller's tensor, borrowed (the caller keeps it alive for the iterator's lifetime, as
  // with ATen's TensorIteratorConfig), or one the iterator made: an output it allocated, an
  // input converted to the common dtype. Undefined for an output yet to be allocated.
  MaybeOwned<Tensor> tensor;
  // An output of another dtype than the computation's: `tensor` is then a temporary in the
  // common dtype, copied into `original` by cast_outputs().
  Tensor original;
  DimVector stride_bytes;  // one per iterator dim; 0 along broadcast dims
  char* data = nullptr;
  ScalarType dtype = ScalarType::Undefined;
  const char* name = nullptr;  // "self", "other", "out": for error messages
  bool is_output = false;
  bool will_resize = false;    // a defined output of the wrong shape, to be resized
  bool is_read_write = false;  // an output that is also an input (in-place)
};

}  // namespace aten
