#include "TensorAutograd.h"

#include "Convert.h"
#include "Errors.h"
#include "Tensor.h"

#include <aten/autograd/Autograd.h>
#include <aten/autograd/GradMode.h>
#include <aten/autograd/Node.h>

#include <memory>
#include <vector>

namespace miniaten::python {
namespace {

// A reference to a Python object that C++ may drop on any thread: the GIL is taken to drop it.
class PyRef {
 public:
  explicit PyRef(PyObject* obj) : obj_(Py_NewRef(obj)) {}
  PyRef(const PyRef&) = delete;
  PyRef& operator=(const PyRef&) = delete;
  ~PyRef() {
    PyGILState_STATE gil = PyGILState_Ensure();
    Py_DECREF(obj_);
    PyGILState_Release(gil);
  }
  PyObject* get() const { return obj_; }

 private:
  PyObject* obj_;
};

// ---- grad_fn: a handle on the node, for its name ----

struct PyNode {
  PyObject_HEAD std::shared_ptr<aten::autograd::Node> node;
};
PyTypeObject* node_type = nullptr;

void node_dealloc(PyObject* obj) {
  PyTypeObject* type = Py_TYPE(obj);
  reinterpret_cast<PyNode*>(obj)->node.~shared_ptr();
  type->tp_free(obj);
  Py_DECREF(type);
}
PyObject* node_name(PyObject* obj, PyObject*) {
  return PyUnicode_FromString(reinterpret_cast<PyNode*>(obj)->node->name().c_str());
}
PyObject* node_repr(PyObject* obj) {
  return PyUnicode_FromFormat("<%s object at %p>",
                              reinterpret_cast<PyNode*>(obj)->node->name().c_str(), obj);
}
PyMethodDef node_methods[] = {{"name", node_name, METH_NOARGS, nullptr},
                              {nullptr, nullptr, 0, nullptr}};

// ---- Tensor properties ----

PyObject* get_requires_grad(PyObject* self, void*) {
  return PyBool_FromLong(unpack(self).requires_grad());
}
int set_requires_grad(PyObject* self, PyObject* value, void*) {
  if (value == nullptr || !PyBool_Check(value)) {
    PyErr_SetString(PyExc_TypeError, "requires_grad must be a bool");
    return -1;
  }
  try {
    unpack(self).requires_grad_(value == Py_True);
    return 0;
  } catch (...) {
    set_error_from_exception();
    return -1;
  }
}
PyObject* get_grad(PyObject* self, void*) {
  return guarded([&]() -> PyObject* {
    const aten::Tensor& g = unpack(self).grad();
    if (!g.defined()) Py_RETURN_NONE;
    return wrap(g);
  });
}
int set_grad(PyObject* self, PyObject* value, void*) {
  try {
    if (value != nullptr && value != Py_None && !is_tensor(value)) {
      PyErr_SetString(PyExc_TypeError, "assigned grad expected to be a Tensor or None");
      return -1;
    }
    unpack(self).mutable_grad() = (value == nullptr || value == Py_None) ? aten::Tensor()
                                                                         : unpack(value);
    return 0;
  } catch (...) {
    set_error_from_exception();
    return -1;
  }
}
PyObject* get_grad_fn(PyObject* self, void*) {
  return guarded([&]() -> PyObject* {
    const auto& node = unpack(self).grad_fn();
    if (!node) Py_RETURN_NONE;
    auto* obj = reinterpret_cast<PyNode*>(node_type->tp_alloc(node_type, 0));
    if (obj == nullptr) return nullptr;
    new (&obj->node) std::shared_ptr<aten::autograd::Node>(node);
    return reinterpret_cast<PyObject*>(obj);
  });
}
PyObject* get_is_leaf(PyObject* self, void*) { return PyBool_FromLong(unpack(self).is_leaf()); }

// ---- Tensor methods ----

std::vector<aten::Tensor> tensors_of(PyObject* obj, const char* what) {
  std::vector<aten::Tensor> result;
  if (obj == nullptr || obj == Py_None) return result;
  if (is_tensor(obj)) return {unpack(obj)};
  PyObject* fast = PySequence_Fast(obj, what);
  if (fast == nullptr) throw PythonError{};
  for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast); ++i) {
    PyObject* item = PySequence_Fast_GET_ITEM(fast, i);
    if (item == Py_None) {
      result.emplace_back();
    } else if (is_tensor(item)) {
      result.push_back(unpack(item));
    } else {
      Py_DECREF(fast);
      PyErr_Format(PyExc_TypeError, "%s: expected a Tensor, got %s", what, Py_TYPE(item)->tp_name);
      throw PythonError{};
    }
  }
  Py_DECREF(fast);
  return result;
}

std::optional<bool> optional_bool(PyObject* obj) {
  if (obj == nullptr || obj == Py_None) return std::nullopt;
  return PyObject_IsTrue(obj) == 1;
}

// The engine runs without the GIL: hooks on other threads take it to call Python.
template <typename F>
auto without_gil(F&& f) {
  PyThreadState* state = PyEval_SaveThread();
  try {
    auto result = f();
    PyEval_RestoreThread(state);
    return result;
  } catch (...) {
    PyEval_RestoreThread(state);
    throw;
  }
}

PyObject* m_backward(PyObject* self, PyObject* args, PyObject* kwargs) {
  PyObject *gradient = Py_None, *retain_graph = Py_None, *inputs = Py_None;
  int create_graph = 0;
  static const char* keywords[] = {"gradient", "retain_graph", "create_graph", "inputs", nullptr};
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|OOpO", const_cast<char**>(keywords), &gradient,
                                   &retain_graph, &create_graph, &inputs)) {
    return nullptr;
  }
  return guarded([&]() -> PyObject* {
    aten::Tensor grad = gradient == Py_None ? aten::Tensor()
                                            : tensors_of(gradient, "backward(gradient=)").at(0);
    auto in = tensors_of(inputs, "backward(inputs=)");
    const auto retain = optional_bool(retain_graph);
    const aten::Tensor& t = unpack(self);
    without_gil([&] {
      t.backward(grad, retain, create_graph != 0, in);
      return 0;
    });
    Py_RETURN_NONE;
  });
}

struct HookState {
  PyRef fn;
  bool removed = false;
  explicit HookState(PyObject* f) : fn(f) {}
};

PyObject* handle_remove(PyObject*, PyObject* capsule) {
  auto* state = static_cast<std::shared_ptr<HookState>*>(
      PyCapsule_GetPointer(capsule, "miniaten.hook"));
  if (state == nullptr) return nullptr;
  (*state)->removed = true;
  Py_RETURN_NONE;
}

PyObject* m_register_hook(PyObject* self, PyObject* fn) {
  if (!PyCallable_Check(fn)) {
    PyErr_SetString(PyExc_TypeError, "register_hook expects a callable");
    return nullptr;
  }
  return guarded([&]() -> PyObject* {
    auto state = std::make_shared<HookState>(fn);
    unpack(self).register_hook([state](const aten::Tensor& grad) -> aten::Tensor {
      if (state->removed) return {};
      PyGILState_STATE gil = PyGILState_Ensure();
      PyObject* g = wrap(grad);
      PyObject* result = g ? PyObject_CallOneArg(state->fn.get(), g) : nullptr;
      Py_XDECREF(g);
      aten::Tensor replaced;
      bool failed = result == nullptr;
      if (result != nullptr && result != Py_None) {
        if (is_tensor(result)) {
          replaced = unpack(result);
        } else {
          PyErr_Format(PyExc_TypeError, "a hook must return None or a Tensor, not %s",
                       Py_TYPE(result)->tp_name);
          failed = true;
        }
      }
      Py_XDECREF(result);
      std::string message;
      if (failed) {
        // The Python error crosses the engine as a C++ one and is raised again with its text.
        PyObject *type, *value, *trace;
        PyErr_Fetch(&type, &value, &trace);
        PyObject* text = value ? PyObject_Str(value) : nullptr;
        message = text ? PyUnicode_AsUTF8(text) : "a hook raised";
        Py_XDECREF(text);
        Py_XDECREF(type);
        Py_XDECREF(value);
        Py_XDECREF(trace);
      }
      PyGILState_Release(gil);
      if (failed) throw aten::Error(message);
      return replaced;
    });
    // A handle whose remove() disables the hook, as PyTorch's RemovableHandle.
    auto* holder = new std::shared_ptr<HookState>(state);
    PyObject* capsule = PyCapsule_New(holder, "miniaten.hook", [](PyObject* c) {
      delete static_cast<std::shared_ptr<HookState>*>(PyCapsule_GetPointer(c, "miniaten.hook"));
    });
    return capsule;
  });
}

PyObject* m_retain_grad(PyObject* self, PyObject*) {
  return guarded([&] {
    unpack(self).retain_grad();
    Py_RETURN_NONE;
  });
}
PyObject* m_detach(PyObject* self, PyObject*) {
  return guarded([&] { return wrap(unpack(self).detach()); });
}
PyObject* m_detach_(PyObject* self, PyObject*) {
  return guarded([&] {
    unpack(self).detach_();
    return Py_NewRef(self);
  });
}
PyObject* m_requires_grad_(PyObject* self, PyObject* args, PyObject* kwargs) {
  int requires_grad = 1;
  static const char* keywords[] = {"requires_grad", nullptr};
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|p", const_cast<char**>(keywords),
                                   &requires_grad))
    return nullptr;
  return guarded([&] {
    unpack(self).requires_grad_(requires_grad != 0);
    return Py_NewRef(self);
  });
}

// ---- module functions ----

PyObject* f_grad(PyObject*, PyObject* args, PyObject* kwargs) {
  PyObject *outputs, *inputs, *grad_outputs = Py_None, *retain_graph = Py_None;
  int create_graph = 0, allow_unused = 0;
  static const char* keywords[] = {"outputs",      "inputs",       "grad_outputs", "retain_graph",
                                   "create_graph", "allow_unused", nullptr};
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO|OOpp", const_cast<char**>(keywords), &outputs,
                                   &inputs, &grad_outputs, &retain_graph, &create_graph,
                                   &allow_unused)) {
    return nullptr;
  }
  return guarded([&]() -> PyObject* {
    auto out = tensors_of(outputs, "grad(outputs=)");
    auto in = tensors_of(inputs, "grad(inputs=)");
    auto grads = tensors_of(grad_outputs, "grad(grad_outputs=)");
    const auto retain = optional_bool(retain_graph);
    auto result = without_gil([&] {
      return aten::autograd::grad(out, in, grads, retain, create_graph != 0, allow_unused != 0);
    });
    PyObject* tuple = PyTuple_New(static_cast<Py_ssize_t>(result.size()));
    for (size_t i = 0; i < result.size(); ++i) {
      PyTuple_SET_ITEM(tuple, i, result[i].defined() ? wrap(result[i]) : Py_NewRef(Py_None));
    }
    return tuple;
  });
}

PyObject* f_set_grad_enabled(PyObject*, PyObject* enabled) {
  aten::GradMode::set_enabled(PyObject_IsTrue(enabled) == 1);
  Py_RETURN_NONE;
}
PyObject* f_is_grad_enabled(PyObject*, PyObject*) {
  return PyBool_FromLong(aten::GradMode::is_enabled());
}

#define KW(f) reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(f))

}  // namespace

const std::vector<PyMethodDef>& autograd_methods() {
  static const std::vector<PyMethodDef> defs = {
      {"backward", KW(m_backward), METH_VARARGS | METH_KEYWORDS, nullptr},
      {"_register_hook", m_register_hook, METH_O, nullptr},
      {"retain_grad", m_retain_grad, METH_NOARGS, nullptr},
      {"detach", m_detach, METH_NOARGS, nullptr},
      {"detach_", m_detach_, METH_NOARGS, nullptr},
      {"requires_grad_", KW(m_requires_grad_), METH_VARARGS | METH_KEYWORDS, nullptr},
  };
  return defs;
}

const std::vector<PyGetSetDef>& autograd_getset() {
  static const std::vector<PyGetSetDef> defs = {
      {"requires_grad", get_requires_grad, set_requires_grad, nullptr, nullptr},
      {"grad", get_grad, set_grad, nullptr, nullptr},
      {"grad_fn", get_grad_fn, nullptr, nullptr, nullptr},
      {"is_leaf", get_is_leaf, nullptr, nullptr, nullptr},
  };
  return defs;
}

const std::vector<PyMethodDef>& autograd_functions() {
  static const std::vector<PyMethodDef> defs = {
      {"_grad", KW(f_grad), METH_VARARGS | METH_KEYWORDS, nullptr},
      {"_set_grad_enabled", f_set_grad_enabled, METH_O, nullptr},
      {"is_grad_enabled", f_is_grad_enabled, METH_NOARGS, nullptr},
      {"_remove_hook", handle_remove, METH_O, nullptr},
  };
  return defs;
}

bool init_autograd(PyObject*) {
  PyType_Slot slots[] = {
      {Py_tp_dealloc, reinterpret_cast<void*>(node_dealloc)},
      {Py_tp_repr, reinterpret_cast<void*>(node_repr)},
      {Py_tp_methods, node_methods},
      {0, nullptr},
  };
  PyType_Spec spec{"miniaten.autograd.Node", sizeof(PyNode), 0,
                   Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION, slots};
  node_type = reinterpret_cast<PyTypeObject*>(PyType_FromSpec(&spec));
  return node_type != nullptr;
}

}  // namespace miniaten::python
