#pragma once
// The arguments of one call after the parser matched them to an overload: one borrowed object
// per schema argument, defaults filled in and types checked (Signature.h). The generated code
// converts each with the method named for its C++ type (tools/codegen/python_bindings.py), then
// calls the operator inside an `Unlocked`, which releases the GIL when a tensor is large.
#include "Convert.h"
#include "Signature.h"
#include "Tensor.h"

#include <aten/core/Generator.h>
#include <aten/core/OptionalArrayRef.h>

#include <initializer_list>
#include <optional>
#include <string_view>
#include <vector>

namespace miniaten::python {

class Arguments {
 public:
  Arguments() = default;
  Arguments(const Arguments&) = delete;
  Arguments& operator=(const Arguments&) = delete;
  ~Arguments() { Py_XDECREF(varargs_); }

  const aten::Tensor& tensor(int i) const { return unpack(slots_[i]); }
  aten::Tensor& mutable_tensor(int i) const { return unpack_mutable(slots_[i]); }
  std::optional<aten::Tensor> optional_tensor(int i) const {
    return none(i) ? std::nullopt : std::optional<aten::Tensor>(tensor(i));
  }
  aten::Scalar scalar(int i) const { return to_scalar(slots_[i]); }
  std::optional<aten::Scalar> optional_scalar(int i) const {
    return none(i) ? std::nullopt : std::optional<aten::Scalar>(scalar(i));
  }
  std::optional<aten::Generator> generator(int i) const;
  int64_t int64(int i) const { return to_int64(slots_[i]); }
  std::optional<int64_t> optional_int64(int i) const {
    return none(i) ? std::nullopt : std::optional<int64_t>(int64(i));
  }
  double float64(int i) const { return to_double(slots_[i]); }
  std::optional<double> optional_float64(int i) const {
    return none(i) ? std::nullopt : std::optional<double>(float64(i));
  }
  bool boolean(int i) const { return slots_[i] == Py_True; }
  std::optional<bool> optional_boolean(int i) const {
    return none(i) ? std::nullopt : std::optional<bool>(boolean(i));
  }
  std::string_view string(int i) const;
  std::optional<std::string_view> optional_string(int i) const {
    return none(i) ? std::nullopt : std::optional<std::string_view>(string(i));
  }
  aten::ScalarType scalar_type(int i) const { return to_scalar_type(slots_[i]); }
  std::optional<aten::ScalarType> optional_scalar_type(int i) const {
    return none(i) ? std::nullopt : std::optional<aten::ScalarType>(scalar_type(i));
  }
  std::optional<aten::Layout> optional_layout(int i) const {
    return none(i) ? std::nullopt : std::optional<aten::Layout>(aten::kStrided);
  }
  std::optional<aten::Device> optional_device(int i) const {
    return none(i) ? std::nullopt : std::optional<aten::Device>(to_device(slots_[i]));
  }
  aten::MemoryFormat memory_format(int i) const { return to_memory_format(slots_[i]); }
  std::optional<aten::MemoryFormat> optional_memory_format(int i) const {
    return none(i) ? std::nullopt : std::optional<aten::MemoryFormat>(memory_format(i));
  }
  IntList int_list(int i) const { return IntList(slots_[i], sig_->params[i].list_size); }
  OptionalIntList optional_int_list(int i) const {
    return none(i) ? OptionalIntList() : OptionalIntList(int_list(i));
  }
  std::vector<double> float_list(int i) const;
  std::vector<aten::Tensor> tensor_list(int i) const;
  std::vector<std::optional<aten::Tensor>> optional_tensor_list(int i) const;
  BoolList bool_list(int i) const { return BoolList(slots_[i]); }

  PyObject* object(int i) const { return slots_[i]; }
  // A factory called with `requires_grad=True` (PyTorch's Python-only argument).
  bool requires_grad() const { return requires_grad_; }

 private:
  friend struct Signature;
  friend class Unlocked;
  bool none(int i) const { return slots_[i] == Py_None; }

  PyObject* slots_[kMaxParams];
  const Signature* sig_ = nullptr;
  PyObject* varargs_ = nullptr;  // owned: the tuple made of `t.view(2, 3)`'s trailing ints
  bool large_ = false;           // a tensor argument is large enough to release the GIL for
  bool requires_grad_ = false;   // a factory's `requires_grad=True`
};

// Releases the GIL, if the call's tensors are large, from its construction until the result is
// converted (or an exception leaves the scope).
class Unlocked {
 public:
  explicit Unlocked(const Arguments& a)
      : args_(a), saved_(a.large_ ? PyEval_SaveThread() : nullptr) {}
  ~Unlocked() { lock(); }
  Unlocked(const Unlocked&) = delete;
  Unlocked& operator=(const Unlocked&) = delete;

  template <typename T>
  PyObject* wrap(T&& result) {
    lock();
    return to_python(std::forward<T>(result));
  }
  PyObject* none() {
    lock();
    Py_RETURN_NONE;
  }
  // The arguments the outputs alias (in-place self, out=): Python gets its own objects back.
  PyObject* same(std::initializer_list<int> which);

 private:
  void lock() {
    if (saved_ != nullptr) PyEval_RestoreThread(saved_);
    saved_ = nullptr;
  }
  const Arguments& args_;
  PyThreadState* saved_;
};

}  // namespace miniaten::python
