#pragma once
// Autograd from Python: Tensor.requires_grad / grad / grad_fn / backward / register_hook, and
// the module's grad mode switch and autograd.grad. The engine runs with the GIL released; a
// Python hook takes it back to run.
#include "PythonHeader.h"

#include <vector>

namespace miniaten::python {

bool init_autograd(PyObject* module);
const std::vector<PyMethodDef>& autograd_methods();
const std::vector<PyGetSetDef>& autograd_getset();
const std::vector<PyMethodDef>& autograd_functions();

}  // namespace miniaten::python
