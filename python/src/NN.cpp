#include "NN.h"

#include "Convert.h"
#include "Errors.h"
#include "Random.h"
#include "Tensor.h"

#include <aten/core/Error.h>
#include <nn/nn.h>

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace miniaten::python {
namespace {

// ---- layers ------------------------------------------------------------------------------------

struct PyLayer {
  PyObject_HEAD std::shared_ptr<aten::nn::Module> module;
  std::function<aten::Tensor(const aten::Tensor&)> forward;
};
PyTypeObject* layer_type = nullptr;

PyLayer& layer_of(PyObject* obj) { return *reinterpret_cast<PyLayer*>(obj); }

void layer_dealloc(PyObject* obj) {
  PyTypeObject* type = Py_TYPE(obj);
  layer_of(obj).~PyLayer();
  type->tp_free(obj);
  Py_DECREF(type);
}

// The layer's options come as a dict from the Python class, which has applied the defaults.
class Options {
 public:
  explicit Options(PyObject* dict) : dict_(dict) {}
  PyObject* get(const char* key) const {
    PyObject* v = PyDict_GetItemString(dict_, key);  // borrowed
    if (v == nullptr) throw aten::TypeError(std::string("missing layer option '") + key + "'");
    return v;
  }
  int64_t integer(const char* key) const { return to_int64(get(key)); }
  double real(const char* key) const { return to_double(get(key)); }
  bool flag(const char* key) const { return PyObject_IsTrue(get(key)) == 1; }
  aten::nn::Int2 int2(const char* key) const {
    const IntList list(get(key), 2);
    const aten::IntArrayRef v = list;
    return {v[0], v[1]};
  }
  std::vector<int64_t> ints(const char* key) const {
    const IntList list(get(key), 1);
    const aten::IntArrayRef v = list;
    return v.vec();
  }
  std::optional<int64_t> optional_integer(const char* key) const {
    PyObject* v = get(key);
    return v == Py_None ? std::nullopt : std::optional<int64_t>(to_int64(v));
  }
  std::optional<aten::Generator> generator() const {
    PyObject* v = get("generator");
    if (v == Py_None) return std::nullopt;
    if (!is_generator(v)) throw aten::TypeError("generator must be a miniaten.Generator");
    return generator_value(v);
  }

 private:
  PyObject* dict_;
};

// The C++ module of a kind, and its forward.
template <typename Holder>
void hold(PyLayer& layer, Holder holder) {
  layer.module = holder.ptr();
  layer.forward = [impl = holder.ptr()](const aten::Tensor& x) { return impl->forward(x); };
}

void make_layer(PyLayer& layer, std::string_view kind, const Options& o) {
  namespace nn = aten::nn;
  if (kind == "Linear") {
    hold(layer, nn::Linear(nn::LinearOptions(o.integer("in_features"), o.integer("out_features"))
                               .bias(o.flag("bias"))
                               .generator(o.generator())));
  } else if (kind == "Conv2d") {
    hold(layer, nn::Conv2d(nn::Conv2dOptions(o.integer("in_channels"), o.integer("out_channels"),
                                             o.int2("kernel_size"))
                               .stride(o.int2("stride"))
                               .padding(o.int2("padding"))
                               .dilation(o.int2("dilation"))
                               .groups(o.integer("groups"))
                               .bias(o.flag("bias"))
                               .generator(o.generator())));
  } else if (kind == "BatchNorm2d") {
    hold(layer, nn::BatchNorm2d(nn::BatchNorm2dOptions(o.integer("num_features"))
                                    .eps(o.real("eps"))
                                    .momentum(o.real("momentum"))
                                    .affine(o.flag("affine"))
                                    .track_running_stats(o.flag("track_running_stats"))));
  } else if (kind == "LayerNorm") {
    hold(layer, nn::LayerNorm(nn::LayerNormOptions(o.ints("normalized_shape"))
                                  .eps(o.real("eps"))
                                  .elementwise_affine(o.flag("elementwise_affine"))));
  } else if (kind == "Dropout") {
    hold(layer, nn::Dropout(nn::DropoutOptions(o.real("p")).generator(o.generator())));
  } else if (kind == "Embedding") {
    hold(layer,
         nn::Embedding(nn::EmbeddingOptions(o.integer("num_embeddings"), o.integer("embedding_dim"))
                           .padding_idx(o.optional_integer("padding_idx"))
                           .generator(o.generator())));
  } else if (kind == "MaxPool2d") {
    PyObject* stride = o.get("stride");
    hold(layer, nn::MaxPool2d(
                    nn::MaxPool2dOptions(o.int2("kernel_size"))
                        .stride(stride == Py_None ? std::nullopt : std::optional(o.int2("stride")))
                        .padding(o.int2("padding"))
                        .dilation(o.int2("dilation"))
                        .ceil_mode(o.flag("ceil_mode"))));
  } else if (kind == "Flatten") {
    hold(layer,
         nn::Flatten(
             nn::FlattenOptions().start_dim(o.integer("start_dim")).end_dim(o.integer("end_dim"))));
  } else if (kind == "ReLU") {
    hold(layer, nn::ReLU());
  } else {
    throw aten::ValueError("unknown layer kind '" + std::string(kind) + "'");
  }
}

// _layer(kind, options: dict) -> _Layer
PyObject* f_layer(PyObject*, PyObject* args) {
  const char* kind = nullptr;
  PyObject* options = nullptr;
  if (!PyArg_ParseTuple(args, "sO!", &kind, &PyDict_Type, &options)) return nullptr;
  return guarded([&]() -> PyObject* {
    auto* obj = reinterpret_cast<PyLayer*>(layer_type->tp_alloc(layer_type, 0));
    if (obj == nullptr) return nullptr;
    new (&obj->module) std::shared_ptr<aten::nn::Module>();
    new (&obj->forward) std::function<aten::Tensor(const aten::Tensor&)>();
    try {
      make_layer(*obj, kind, Options(options));
    } catch (...) {
      Py_DECREF(obj);
      throw;
    }
    return reinterpret_cast<PyObject*>(obj);
  });
}

PyObject* named_list(const aten::nn::NamedTensors& named) {
  PyObject* list = PyList_New(static_cast<Py_ssize_t>(named.size()));
  if (list == nullptr) return nullptr;
  for (size_t i = 0; i < named.size(); ++i) {
    PyObject* t = wrap(named[i].second);
    PyObject* pair = t == nullptr ? nullptr : Py_BuildValue("(sN)", named[i].first.c_str(), t);
    if (pair == nullptr) {
      Py_DECREF(list);
      return nullptr;
    }
    PyList_SET_ITEM(list, static_cast<Py_ssize_t>(i), pair);
  }
  return list;
}

PyObject* l_forward(PyObject* self, PyObject* x) {
  if (!is_tensor(x)) {
    PyErr_Format(PyExc_TypeError, "forward() expects a miniaten.Tensor, but got %s",
                 Py_TYPE(x)->tp_name);
    return nullptr;
  }
  return guarded([&] { return wrap(layer_of(self).forward(unpack(x))); });
}
PyObject* l_named_parameters(PyObject* self, PyObject*) {
  return guarded([&] { return named_list(layer_of(self).module->named_parameters()); });
}
PyObject* l_named_buffers(PyObject* self, PyObject*) {
  return guarded([&] { return named_list(layer_of(self).module->named_buffers()); });
}
PyObject* l_train(PyObject* self, PyObject* mode) {
  return guarded([&] {
    layer_of(self).module->train(PyObject_IsTrue(mode) == 1);
    Py_RETURN_NONE;
  });
}

PyMethodDef layer_methods[] = {
    {"forward", l_forward, METH_O, nullptr},
    {"named_parameters", l_named_parameters, METH_NOARGS, nullptr},
    {"named_buffers", l_named_buffers, METH_NOARGS, nullptr},
    {"train", l_train, METH_O, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

// ---- optimizers --------------------------------------------------------------------------------

struct PyOptimizer {
  PyObject_HEAD std::unique_ptr<aten::optim::Optimizer> optimizer;
};
PyTypeObject* optimizer_type = nullptr;

aten::optim::Optimizer& optimizer_of(PyObject* obj) {
  return *reinterpret_cast<PyOptimizer*>(obj)->optimizer;
}

void optimizer_dealloc(PyObject* obj) {
  PyTypeObject* type = Py_TYPE(obj);
  reinterpret_cast<PyOptimizer*>(obj)->~PyOptimizer();
  type->tp_free(obj);
  Py_DECREF(type);
}

std::vector<aten::Tensor> tensor_list(PyObject* seq, const char* what) {
  PyObject* fast = PySequence_Fast(seq, what);
  if (fast == nullptr) throw PythonError{};
  std::vector<aten::Tensor> out;
  for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast); ++i) {
    PyObject* item = PySequence_Fast_GET_ITEM(fast, i);
    if (!is_tensor(item)) {
      Py_DECREF(fast);
      throw aten::TypeError(std::string(what) + ": element " + std::to_string(i) +
                            " is not a miniaten.Tensor");
    }
    out.push_back(unpack(item));
  }
  Py_DECREF(fast);
  return out;
}

std::unique_ptr<aten::optim::Optimizer> make_optimizer(std::string_view kind,
                                                       std::vector<aten::Tensor> params,
                                                       const Options& o) {
  namespace optim = aten::optim;
  if (kind == "SGD")
    return std::make_unique<optim::SGD>(std::move(params), optim::SGDOptions(o.real("lr"))
                                                               .momentum(o.real("momentum"))
                                                               .dampening(o.real("dampening"))
                                                               .weight_decay(o.real("weight_decay"))
                                                               .nesterov(o.flag("nesterov")));
  const optim::AdamOptions adam = optim::AdamOptions(o.real("lr"))
                                      .betas({o.real("beta1"), o.real("beta2")})
                                      .eps(o.real("eps"))
                                      .weight_decay(o.real("weight_decay"))
                                      .amsgrad(o.flag("amsgrad"));
  if (kind == "Adam") return std::make_unique<optim::Adam>(std::move(params), adam);
  if (kind == "AdamW")
    return std::make_unique<optim::AdamW>(std::move(params), optim::AdamWOptions(adam.lr())
                                                                 .betas(adam.betas())
                                                                 .eps(adam.eps())
                                                                 .weight_decay(adam.weight_decay())
                                                                 .amsgrad(adam.amsgrad()));
  throw aten::ValueError("unknown optimizer kind '" + std::string(kind) + "'");
}

// _optimizer(kind, params, options: dict) -> _Optimizer
PyObject* f_optimizer(PyObject*, PyObject* args) {
  const char* kind = nullptr;
  PyObject *params = nullptr, *options = nullptr;
  if (!PyArg_ParseTuple(args, "sOO!", &kind, &params, &PyDict_Type, &options)) return nullptr;
  return guarded([&]() -> PyObject* {
    std::unique_ptr<aten::optim::Optimizer> made = make_optimizer(
        kind, tensor_list(params, "params"), Options(options));
    auto* obj = reinterpret_cast<PyOptimizer*>(optimizer_type->tp_alloc(optimizer_type, 0));
    if (obj == nullptr) return nullptr;
    new (&obj->optimizer) std::unique_ptr<aten::optim::Optimizer>(std::move(made));
    return reinterpret_cast<PyObject*>(obj);
  });
}

PyObject* o_step(PyObject* self, PyObject*) {
  return guarded([&] {
    optimizer_of(self).step();
    Py_RETURN_NONE;
  });
}
PyObject* o_zero_grad(PyObject* self, PyObject* set_to_none) {
  return guarded([&] {
    optimizer_of(self).zero_grad(PyObject_IsTrue(set_to_none) == 1);
    Py_RETURN_NONE;
  });
}
PyObject* o_state_dict(PyObject* self, PyObject*) {
  return guarded([&] { return named_list(optimizer_of(self).state_dict()); });
}
// A list of (name, tensor) pairs, as state_dict() gives.
aten::nn::NamedTensors named_tensors(PyObject* pairs) {
  PyObject* fast = PySequence_Fast(pairs, "expected (name, tensor) pairs");
  if (fast == nullptr) throw PythonError{};
  aten::nn::NamedTensors named;
  for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast); ++i) {
    const char* name = nullptr;
    PyObject* t = nullptr;
    if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(fast, i), "sO", &name, &t) || !is_tensor(t)) {
      Py_DECREF(fast);
      if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "expected (name, tensor) pairs");
      throw PythonError{};
    }
    named.emplace_back(name, unpack(t));
  }
  Py_DECREF(fast);
  return named;
}

PyObject* o_load_state_dict(PyObject* self, PyObject* pairs) {
  return guarded([&] {
    optimizer_of(self).load_state_dict(named_tensors(pairs));
    Py_RETURN_NONE;
  });
}

PyMethodDef optimizer_methods[] = {
    {"step", o_step, METH_NOARGS, nullptr},
    {"zero_grad", o_zero_grad, METH_O, nullptr},
    {"state_dict", o_state_dict, METH_NOARGS, nullptr},
    {"load_state_dict", o_load_state_dict, METH_O, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

// ---- files: nn/Serialize.h's tensor archive -------------------------------------------------

// _save_archive(pairs, path)
PyObject* f_save_archive(PyObject*, PyObject* args) {
  PyObject* pairs = nullptr;
  const char* path = nullptr;
  if (!PyArg_ParseTuple(args, "Os", &pairs, &path)) return nullptr;
  return guarded([&] {
    aten::nn::write_archive(path, named_tensors(pairs));
    Py_RETURN_NONE;
  });
}
// _load_archive(path) -> pairs
PyObject* f_load_archive(PyObject*, PyObject* path) {
  const char* p = PyUnicode_AsUTF8(path);
  if (p == nullptr) return nullptr;
  return guarded([&] { return named_list(aten::nn::read_archive(p)); });
}

PyTypeObject* make_type(const char* name, int size, destructor dealloc, PyMethodDef* methods) {
  PyType_Slot slots[] = {
      {Py_tp_dealloc, reinterpret_cast<void*>(dealloc)},
      {Py_tp_methods, methods},
      {0, nullptr},
  };
  PyType_Spec spec{name, size, 0, Py_TPFLAGS_DEFAULT, slots};
  return reinterpret_cast<PyTypeObject*>(PyType_FromSpec(&spec));
}

}  // namespace

bool init_nn(PyObject* module) {
  layer_type = make_type("miniaten._C._Layer", sizeof(PyLayer), layer_dealloc, layer_methods);
  optimizer_type = make_type("miniaten._C._Optimizer", sizeof(PyOptimizer), optimizer_dealloc,
                             optimizer_methods);
  if (layer_type == nullptr || optimizer_type == nullptr) return false;
  static PyMethodDef functions[] = {
      {"_layer", f_layer, METH_VARARGS, nullptr},
      {"_optimizer", f_optimizer, METH_VARARGS, nullptr},
      {"_save_archive", f_save_archive, METH_VARARGS, nullptr},
      {"_load_archive", f_load_archive, METH_O, nullptr},
      {nullptr, nullptr, 0, nullptr},
  };
  return PyModule_AddFunctions(module, functions) == 0;
}

}  // namespace miniaten::python
