#pragma once
// One overload's arguments as the Python parser sees them, read from the schema text the
// generator puts in each table row ("Tensor self, Tensor other, *, Scalar alpha=1, Tensor out").
// Parsing happens once per overload, on the first call of its name; matching a call is then
// pointer comparisons and type checks, with no allocation.
#include "PythonHeader.h"

#include <string>
#include <string_view>
#include <vector>

namespace miniaten::python {

enum class Kind : uint8_t {
  Tensor,
  Scalar,
  Int,
  Float,
  Bool,
  String,
  ScalarType,
  Layout,
  Device,
  MemoryFormat,
  Generator,
  IntList,
  FloatList,
  TensorList,
  OptionalTensorList,
  BoolList,
};

struct Param {
  Kind kind;
  bool optional = false;  // `T?`: None is accepted
  int list_size = 0;      // `int[2]`: a single int stands for 2 copies of it
  bool kwarg_only = false;
  bool out = false;  // one of the trailing written arguments, given as `out=`
  std::string name;
  PyObject* interned = nullptr;       // the name as an interned str, for pointer comparison
  PyObject* default_value = nullptr;  // owned; nullptr when the argument is required
};

// Slots a call can fill: more than any schema in the YAML has.
inline constexpr int kMaxParams = 24;

class Arguments;

struct Signature {
  std::vector<Param> params;
  int self = -1;       // the Tensor `self` argument a method binds, if any
  int positional = 0;  // params before `*`
  int outs = 0;
  bool factory = false;  // has dtype/layout/device: takes `requires_grad=` as PyTorch's do

  // Fills `a` and returns true when the call fits; `self` is the bound tensor of a method call
  // (nullptr for a function call).
  bool match(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames,
             Arguments& a) const;
  // As PyTorch prints it in a TypeError: "(Tensor input, Tensor other, *, Number alpha)".
  std::string to_string(bool method) const;
};

// Raises ValueError-free: a malformed row is a generator bug, reported as a RuntimeError naming it.
Signature parse_signature(std::string_view text, int outs);

// True when `obj` is acceptable for `p` (None only for optional parameters).
bool accepts(const Param& p, PyObject* obj);

const char* python_type_name(PyObject* obj);

}  // namespace miniaten::python
