#include "Random.h"

#include "Convert.h"
#include "Errors.h"
#include "Tensor.h"

#include <aten/core/Tensor.h>

namespace miniaten::python {
namespace {

struct PyGenerator {
  PyObject_HEAD aten::Generator gen;
};
PyTypeObject* generator_type = nullptr;

aten::Generator& gen_of(PyObject* obj) { return reinterpret_cast<PyGenerator*>(obj)->gen; }

PyObject* make(PyTypeObject* type, aten::Generator g) {
  auto* obj = reinterpret_cast<PyGenerator*>(type->tp_alloc(type, 0));
  if (obj == nullptr) return nullptr;
  new (&obj->gen) aten::Generator(std::move(g));
  return reinterpret_cast<PyObject*>(obj);
}

PyObject* generator_new(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
  PyObject* device = nullptr;
  static const char* keywords[] = {"device", nullptr};
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|O", const_cast<char**>(keywords), &device))
    return nullptr;
  return guarded([&] { return make(type, aten::make_generator()); });
}

void generator_dealloc(PyObject* obj) {
  PyTypeObject* type = Py_TYPE(obj);
  gen_of(obj).~Generator();
  type->tp_free(obj);
  Py_DECREF(type);
}

uint64_t seed_of(PyObject* seed) {
  // Python ints of any sign, folded into 64 bits as PyTorch does.
  unsigned long long value = PyLong_AsUnsignedLongLongMask(seed);
  if (value == static_cast<unsigned long long>(-1) && PyErr_Occurred()) throw PythonError{};
  return value;
}

PyObject* g_manual_seed(PyObject* self, PyObject* seed) {
  return guarded([&] {
    gen_of(self).manual_seed(seed_of(seed));
    return Py_NewRef(self);
  });
}
PyObject* g_seed(PyObject* self, PyObject*) {
  return guarded([&] { return PyLong_FromUnsignedLongLong(gen_of(self).seed()); });
}
PyObject* g_initial_seed(PyObject* self, PyObject*) {
  return guarded([&] { return PyLong_FromUnsignedLongLong(gen_of(self).initial_seed()); });
}
PyObject* g_get_state(PyObject* self, PyObject*) {
  return guarded([&] { return wrap(gen_of(self).get_state()); });
}
PyObject* g_set_state(PyObject* self, PyObject* state) {
  if (!is_tensor(state)) {
    PyErr_Format(PyExc_TypeError, "expected a miniaten.ByteTensor, but got %s",
                 Py_TYPE(state)->tp_name);
    return nullptr;
  }
  return guarded([&] {
    gen_of(self).set_state(unpack(state));
    return Py_NewRef(self);
  });
}

PyMethodDef generator_methods[] = {
    {"manual_seed", g_manual_seed, METH_O, nullptr},
    {"seed", g_seed, METH_NOARGS, nullptr},
    {"initial_seed", g_initial_seed, METH_NOARGS, nullptr},
    {"get_state", g_get_state, METH_NOARGS, nullptr},
    {"set_state", g_set_state, METH_O, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

// The module's functions act on the default generator.
PyObject* f_manual_seed(PyObject*, PyObject* seed) {
  return guarded([&] {
    aten::manual_seed(seed_of(seed));
    return make(generator_type, aten::default_generator());
  });
}

}  // namespace

bool init_random(PyObject* module) {
  PyType_Slot slots[] = {
      {Py_tp_new, reinterpret_cast<void*>(generator_new)},
      {Py_tp_dealloc, reinterpret_cast<void*>(generator_dealloc)},
      {Py_tp_methods, generator_methods},
      {0, nullptr},
  };
  PyType_Spec spec{"miniaten.Generator", sizeof(PyGenerator), 0, Py_TPFLAGS_DEFAULT, slots};
  generator_type = reinterpret_cast<PyTypeObject*>(PyType_FromSpec(&spec));
  if (generator_type == nullptr) return false;
  static PyMethodDef functions[] = {
      {"manual_seed", f_manual_seed, METH_O, nullptr},
      {nullptr, nullptr, 0, nullptr},
  };
  PyObject* default_gen = make(generator_type, aten::default_generator());
  return PyModule_AddObjectRef(module, "Generator", reinterpret_cast<PyObject*>(generator_type)) ==
             0 &&
         default_gen != nullptr &&
         PyModule_AddObject(module, "default_generator", default_gen) == 0 &&
         PyModule_AddFunctions(module, functions) == 0;
}

bool is_generator(PyObject* obj) { return Py_TYPE(obj) == generator_type; }
aten::Generator generator_value(PyObject* obj) { return gen_of(obj); }

}  // namespace miniaten::python
