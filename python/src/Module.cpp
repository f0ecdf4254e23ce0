// miniaten._C: the extension module. Its functions are the generated bindings of every
// operator in native_functions.yaml, plus the hand-written ones (tensor(), from_numpy(),
// autograd's, the generator's); the package's Python code (python/miniaten/) builds on it.
#include "Bindings.h"
#include "Interop.h"
#include "Objects.h"
#include "Random.h"
#include "Tensor.h"
#include "TensorAutograd.h"

namespace miniaten::python {
namespace {

bool add_functions(PyObject* module, const std::vector<PyMethodDef>& defs) {
  // PyModule_AddFunctions wants a NULL-terminated array that outlives the module.
  auto* table = new std::vector<PyMethodDef>(defs);
  table->push_back({nullptr, nullptr, 0, nullptr});
  return PyModule_AddFunctions(module, table->data()) == 0;
}

PyModuleDef module_def = {PyModuleDef_HEAD_INIT,
                          "miniaten._C",
                          "MiniATen's operators and tensors",
                          -1,
                          nullptr,
                          nullptr,
                          nullptr,
                          nullptr,
                          nullptr};

}  // namespace
}  // namespace miniaten::python

PyMODINIT_FUNC PyInit__C() {
  using namespace miniaten::python;
  PyObject* module = PyModule_Create(&module_def);
  if (module == nullptr) return nullptr;
  bool ok = init_objects(module) && init_tensor_type(module) && init_autograd(module) &&
            init_random(module) && add_functions(module, functions_0()) &&
            add_functions(module, functions_1()) && add_functions(module, interop_functions()) &&
            add_functions(module, autograd_functions());
  if (!ok) {
    Py_DECREF(module);
    return nullptr;
  }
  return module;
}
