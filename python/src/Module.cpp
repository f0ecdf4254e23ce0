// miniaten._C: the extension module. Its functions are the generated bindings of every
// operator in native_functions.yaml, plus the hand-written ones (tensor(), from_numpy(),
// autograd's, the generator's); the package's Python code (python/miniaten/) builds on it.
#include "Bindings.h"
#include "Errors.h"
#include "Interop.h"
#include "NN.h"
#include "Objects.h"
#include "Random.h"
#include "Tensor.h"
#include "TensorAutograd.h"

#include <aten/cpu/Parallel.h>

namespace miniaten::python {
namespace {

bool add_functions(PyObject* module, const std::vector<PyMethodDef>& defs) {
  // PyModule_AddFunctions wants a NULL-terminated array that outlives the module.
  auto* table = new std::vector<PyMethodDef>(defs);
  table->push_back({nullptr, nullptr, 0, nullptr});
  return PyModule_AddFunctions(module, table->data()) == 0;
}

// torch.get_num_threads / set_num_threads: the intra-op thread count (aten/cpu/Parallel.h).
PyObject* f_get_num_threads(PyObject*, PyObject*) {
  return PyLong_FromLong(aten::get_num_threads());
}
PyObject* f_set_num_threads(PyObject*, PyObject* n) {
  const long threads = PyLong_AsLong(n);
  if (threads == -1 && PyErr_Occurred()) return nullptr;
  return guarded([&] {
    aten::set_num_threads(static_cast<int>(threads));
    Py_RETURN_NONE;
  });
}
const std::vector<PyMethodDef> threads_functions = {
    {"get_num_threads", f_get_num_threads, METH_NOARGS, nullptr},
    {"set_num_threads", f_set_num_threads, METH_O, nullptr},
};

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
            init_random(module) && init_nn(module) && add_functions(module, functions_0()) &&
            add_functions(module, functions_1()) && add_functions(module, interop_functions()) &&
            add_functions(module, autograd_functions()) && add_functions(module, threads_functions);
  if (!ok) {
    Py_DECREF(module);
    return nullptr;
  }
  return module;
}
