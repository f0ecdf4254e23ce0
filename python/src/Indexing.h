#pragma once
// t[index] and t[index] = value with PyTorch's rules: ints, slices, None, ... and bools make
// views; long and bool tensors (or lists) are advanced indices, applied with index/index_put_.
#include "PythonHeader.h"

namespace miniaten::python {

PyObject* index_get(PyObject* self, PyObject* index);
int index_set(PyObject* self, PyObject* index, PyObject* value);

}  // namespace miniaten::python
