#pragma once
// What a TensorIterator is built from: its operands (outputs first) and the flags that decide
// broadcasting, dtype, device and overlap rules. Defaults are ATen's.
#include <aten/core/MaybeOwned.h>
#include <aten/core/Tensor.h>

#include <optional>

namespace aten {

class TensorIteratorConfig {
 public:
  // The iterator borrows these tensors, as ATen's does: they must outlive the config and the
  // iterator built from it (a named tensor, not a temporary such as a.t()). A structured
  // kernel's meta() borrows its arguments; code that returns an iterator uses the owned forms.
  // Inline: a binary op adds three operands per call.
  TensorIteratorConfig& add_output(const Tensor& t, const char* name = "out") {
    ATEN_INTERNAL_ASSERT(num_inputs_ == 0);  // outputs come first, as the iterator assumes
    operands_.push_back({MaybeOwned<Tensor>::borrowed(t), name});
    ++num_outputs_;
    return *this;
  }
  TensorIteratorConfig& add_input(const Tensor& t, const char* name = nullptr) {
    operands_.push_back({MaybeOwned<Tensor>::borrowed(t), name});
    ++num_inputs_;
    return *this;
  }
  // A temporary would be gone before the iterator runs: borrowing one does not compile.
  TensorIteratorConfig& add_output(Tensor&& t, const char* name = "out") = delete;
  TensorIteratorConfig& add_input(Tensor&& t, const char* name = nullptr) = delete;
  // The iterator keeps its own reference (one refcount increment each).
  TensorIteratorConfig& add_owned_output(Tensor t, const char* name = "out");
  TensorIteratorConfig& add_owned_input(Tensor t, const char* name = nullptr);

  // Outputs must not have internal overlap nor partially overlap an input.
  TensorIteratorConfig& set_check_mem_overlap(bool v) {
    check_mem_overlap_ = v;
    return *this;
  }
  // 0-dim CPU tensors (wrapped numbers) may join tensors of another device (Meta).
  TensorIteratorConfig& allow_cpu_scalars(bool v) {
    allow_cpu_scalars_ = v;
    return *this;
  }
  // A reduction: the output has size 1 along reduced dims (stride 0 in the iterator), which
  // come first in the iterator's dims; no fast set-up, no tiling.
  TensorIteratorConfig& is_reduction(bool v) {
    is_reduction_ = v;
    return *this;
  }
  // Defined outputs of the wrong shape are handed to set_output_raw_strided to be resized
  // (functional/out=); when false, a shape mismatch is an error.
  TensorIteratorConfig& resize_outputs(bool v) {
    ATEN_CHECK(!v || !static_shape_,
               "resize_outputs(true) conflicts with declare_static_shape(...): a static shape is "
               "not inferred from the operands, so no output is resized to it");
    resize_outputs_ = v;
    return *this;
  }
  // Every operand must have the same dtype. Turned off by the promotion flags below; a static
  // dtype needs it off.
  TensorIteratorConfig& check_all_same_dtype(bool v) {
    ATEN_CHECK(!v || !static_dtype_,
               "check_all_same_dtype(true) conflicts with declare_static_dtype(", *static_dtype_,
               "): outputs of a static dtype differ from their inputs");
    ATEN_CHECK(!v || !(promote_inputs_to_common_dtype_ || cast_common_dtype_to_outputs_),
               "check_all_same_dtype(true) conflicts with ",
               promote_inputs_to_common_dtype_ ? "promote_inputs_to_common_dtype(true)"
                                               : "cast_common_dtype_to_outputs(true)",
               ": operands of different dtypes are what promotion is for");
    check_all_same_dtype_ = v;
    return *this;
  }
  TensorIteratorConfig& check_all_same_device(bool v) {
    check_all_same_device_ = v;
    return *this;
  }
  // An output may only receive the common dtype if that cast is safe (no float into int,
  // complex into real, anything but bool into bool).
  TensorIteratorConfig& enforce_safe_casting_to_output(bool v) {
    enforce_safe_casting_to_output_ = v;
    return *this;
  }
  // Keep C order: do not reorder or tile dims (for kernels whose result depends on order).
  TensorIteratorConfig& enforce_linear_iteration(bool v = true) {
    enforce_linear_iteration_ = v;
    return *this;
  }
  // Inputs are computed in their common dtype (ATen's result_type rules).
  TensorIteratorConfig& promote_inputs_to_common_dtype(bool v) {
    promote_inputs_to_common_dtype_ = v;
    if (v) check_all_same_dtype_ = false;
    return *this;
  }
  // ... and integer (or bool) common dtypes become the default float dtype (Float).
  TensorIteratorConfig& promote_integer_inputs_to_float(bool v) {
    promote_integer_inputs_to_float_ = v;
    return *this;
  }
  // Outputs of another dtype receive the common-dtype result through a cast.
  TensorIteratorConfig& cast_common_dtype_to_outputs(bool v) {
    cast_common_dtype_to_outputs_ = v;
    if (v) check_all_same_dtype_ = false;
    return *this;
  }
  // The iteration shape is given, not broadcast; squash_dims are walked as size 1 (the kernel
  // handles them itself). Outputs are not resized to it: resize_outputs(false) comes first.
  TensorIteratorConfig& declare_static_shape(IntArrayRef shape, IntArrayRef squash_dims = {});
  // Undefined outputs get this dtype instead of the common one (Bool for comparisons); defined
  // outputs are treated as without it. Operands then differ in dtype: check_all_same_dtype(false)
  // (or a promotion flag above) comes first.
  TensorIteratorConfig& declare_static_dtype(ScalarType dtype) {
    ATEN_CHECK(!check_all_same_dtype_, "declare_static_dtype(", dtype,
               ") conflicts with check_all_same_dtype(true): call check_all_same_dtype(false) "
               "before declare_static_dtype");
    static_dtype_ = dtype;
    return *this;
  }

 private:
  friend class TensorIteratorBase;
  struct Operand {
    MaybeOwned<Tensor> tensor;  // build() moves it into the iterator
    const char* name;
  };
  SmallVector<Operand, 4> operands_;
  int num_outputs_ = 0;
  int num_inputs_ = 0;
  std::optional<DimVector> static_shape_;
  std::optional<ScalarType> static_dtype_;
  bool check_mem_overlap_ = true;
  bool allow_cpu_scalars_ = false;
  bool is_reduction_ = false;
  bool resize_outputs_ = true;
  bool check_all_same_dtype_ = true;
  bool check_all_same_device_ = true;
  bool enforce_safe_casting_to_output_ = false;
  bool enforce_linear_iteration_ = false;
  bool promote_inputs_to_common_dtype_ = false;
  bool promote_integer_inputs_to_float_ = false;
  bool cast_common_dtype_to_outputs_ = false;
};

}  // namespace aten
