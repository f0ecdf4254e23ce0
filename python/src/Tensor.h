#pragma once
// miniaten.Tensor: a Python object holding one aten::Tensor handle. Every operator result
// becomes a new one; the handle is what is shared (a view, `out=`, .grad), as in PyTorch.
#include "PythonHeader.h"

#include <aten/core/Tensor.h>

namespace miniaten::python {

struct PyTensor {
  PyObject_HEAD aten::Tensor tensor;
  PyObject* weakrefs;
};

// The type object (a heap type, so that the package's Python code can add methods to it).
extern PyTypeObject* tensor_type;

inline bool is_tensor(PyObject* obj) { return PyObject_TypeCheck(obj, tensor_type); }
inline const aten::Tensor& unpack(PyObject* obj) {
  return reinterpret_cast<PyTensor*>(obj)->tensor;
}
inline aten::Tensor& unpack_mutable(PyObject* obj) {
  return reinterpret_cast<PyTensor*>(obj)->tensor;
}

// A new reference to a new Tensor object of `type` holding `t` (NULL with MemoryError set).
PyObject* wrap(aten::Tensor t, PyTypeObject* type = tensor_type);

// Creates the type; false with an exception set on failure.
bool init_tensor_type(PyObject* module);

}  // namespace miniaten::python
