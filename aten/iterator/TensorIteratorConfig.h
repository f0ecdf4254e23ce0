#pragma once
// What a TensorIterator is built from: its operands (outputs first) and the flags that decide
// broadcasting, dtype and overlap rules. Defaults are ATen's.
#include <aten/core/Tensor.h>

namespace aten {

class TensorIteratorConfig {
 public:
  TensorIteratorConfig& add_output(const TensorBase& t, const char* name = "out");
  TensorIteratorConfig& add_input(const TensorBase& t, const char* name = nullptr);

  // Outputs must not have internal overlap nor partially overlap an input.
  TensorIteratorConfig& set_check_mem_overlap(bool v) {
    check_mem_overlap_ = v;
    return *this;
  }
  // Every operand must have the same dtype (until type promotion lands, the rule for all ops).
  TensorIteratorConfig& check_all_same_dtype(bool v) {
    check_all_same_dtype_ = v;
    return *this;
  }
  // Defined outputs of the wrong shape are handed to set_output_raw_strided to be resized
  // (functional/out=); when false, a shape mismatch is an error.
  TensorIteratorConfig& resize_outputs(bool v) {
    resize_outputs_ = v;
    return *this;
  }
  // A reduction: the output has size 1 along reduced dims (stride 0 in the iterator), which
  // come first in the iterator's dims; no fast set-up, no tiling.
  TensorIteratorConfig& is_reduction(bool v) {
    is_reduction_ = v;
    return *this;
  }
  // Keep C order: do not reorder dims by stride (for ops whose result depends on the order).
  TensorIteratorConfig& enforce_linear_iteration(bool v = true) {
    enforce_linear_iteration_ = v;
    return *this;
  }

 private:
  friend class TensorIteratorBase;
  SmallVector<const TensorBase*, 4> tensors_;
  SmallVector<const char*, 4> names_;
  int num_outputs_ = 0;
  int num_inputs_ = 0;
  bool check_mem_overlap_ = true;
  bool check_all_same_dtype_ = true;
  bool resize_outputs_ = true;
  bool enforce_linear_iteration_ = false;
  bool is_reduction_ = false;
};

}  // namespace aten
