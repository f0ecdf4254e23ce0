#pragma once
// Tensors to and from other Python data: nested lists (miniaten.tensor, .tolist()), NumPy
// arrays sharing memory (the buffer protocol, __array_interface__, from_numpy) and DLPack
// capsules (__dlpack__, from_dlpack).
#include "PythonHeader.h"

#include <aten/core/ScalarType.h>

#include <optional>
#include <vector>

namespace miniaten::python {

// miniaten.tensor(data, dtype): a new tensor copied from nested sequences of numbers, or from
// anything with the buffer protocol (a NumPy array). Returns a new reference or NULL.
PyObject* tensor_from_data(PyObject* data, std::optional<aten::ScalarType> dtype);

int get_buffer(PyObject* self, Py_buffer* view, int flags);
void release_buffer(PyObject* self, Py_buffer* view);

const std::vector<PyMethodDef>& interop_methods();    // Tensor.tolist, __dlpack__, ...
const std::vector<PyGetSetDef>& interop_getset();     // Tensor.__array_interface__
const std::vector<PyMethodDef>& interop_functions();  // miniaten.tensor, from_numpy, from_dlpack

}  // namespace miniaten::python
