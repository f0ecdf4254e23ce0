#include "Objects.h"

#include <array>
#include <string>

namespace miniaten::python {
namespace {

// Every object of the four types is one of these: a small enum value and the name it prints.
struct Named {
  PyObject_HEAD int value;
  const char* repr;
};

PyTypeObject* dtype_type = nullptr;
PyTypeObject* layout_type = nullptr;
PyTypeObject* device_type = nullptr;
PyTypeObject* format_type = nullptr;

// PyTorch's names: the first is the repr, the others are aliases in the module.
struct DtypeNames {
  aten::ScalarType type;
  const char* name;
  const char* alias;
};
constexpr DtypeNames kDtypes[] = {
    {aten::kByte, "uint8", nullptr},
    {aten::kChar, "int8", nullptr},
    {aten::kShort, "int16", "short"},
    {aten::kInt, "int32", "int"},
    {aten::kLong, "int64", "long"},
    {aten::kHalf, "float16", "half"},
    {aten::kFloat, "float32", "float"},
    {aten::kDouble, "float64", "double"},
    {aten::kComplexHalf, "complex32", "chalf"},
    {aten::kComplexFloat, "complex64", "cfloat"},
    {aten::kComplexDouble, "complex128", "cdouble"},
    {aten::kBool, "bool", nullptr},
    {aten::kBFloat16, "bfloat16", nullptr},
};
std::array<PyObject*, aten::kNumScalarTypes> dtypes{};
std::array<std::string, aten::kNumScalarTypes> dtype_reprs;

constexpr const char* kFormats[] = {"contiguous_format", "preserve_format", "channels_last",
                                    "channels_last_3d"};
std::array<PyObject*, 4> formats{};
std::array<std::string, 4> format_reprs;
PyObject* strided = nullptr;
std::array<PyObject*, 2> devices{};

PyObject* named_repr(PyObject* self) {
  return PyUnicode_FromString(reinterpret_cast<Named*>(self)->repr);
}

PyObject* make(PyTypeObject* type, int value, const char* repr) {
  Named* obj = PyObject_New(Named, type);
  if (obj == nullptr) return nullptr;
  obj->value = value;
  obj->repr = repr;
  return reinterpret_cast<PyObject*>(obj);
}

aten::ScalarType st(PyObject* self) {
  return static_cast<aten::ScalarType>(reinterpret_cast<Named*>(self)->value);
}
PyObject* dtype_is_floating_point(PyObject* self, void*) {
  return PyBool_FromLong(aten::isFloatingType(st(self)));
}
PyObject* dtype_is_complex(PyObject* self, void*) {
  return PyBool_FromLong(aten::isComplexType(st(self)));
}
PyObject* dtype_is_signed(PyObject* self, void*) {
  auto t = st(self);
  return PyBool_FromLong(t != aten::kByte && t != aten::kBool);
}
PyObject* dtype_itemsize(PyObject* self, void*) {
  return PyLong_FromLongLong(aten::elementSize(st(self)));
}
PyGetSetDef dtype_getset[] = {
    {"is_floating_point", dtype_is_floating_point, nullptr, nullptr, nullptr},
    {"is_complex", dtype_is_complex, nullptr, nullptr, nullptr},
    {"is_signed", dtype_is_signed, nullptr, nullptr, nullptr},
    {"itemsize", dtype_itemsize, nullptr, nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

PyObject* device_new(PyTypeObject*, PyObject* args, PyObject* kwargs) {
  const char* name = nullptr;
  static const char* keywords[] = {"type", nullptr};
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "s", const_cast<char**>(keywords), &name))
    return nullptr;
  std::string_view n(name);
  if (n == "cpu") return Py_NewRef(devices[0]);
  if (n == "meta") return Py_NewRef(devices[1]);
  PyErr_Format(PyExc_RuntimeError,
               "Expected one of cpu, meta device type at start of device string: %s", name);
  return nullptr;
}
PyObject* device_type_name(PyObject* self, void*) {
  return PyUnicode_FromString(
      aten::toString(static_cast<aten::DeviceType>(reinterpret_cast<Named*>(self)->value)));
}
PyObject* device_index(PyObject*, void*) { Py_RETURN_NONE; }
PyGetSetDef device_getset[] = {
    {"type", device_type_name, nullptr, nullptr, nullptr},
    {"index", device_index, nullptr, nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};
PyObject* device_str(PyObject* self) { return device_type_name(self, nullptr); }

PyTypeObject* make_type(PyObject* module, const char* name, const char* short_name,
                        PyGetSetDef* getset, newfunc new_fn = nullptr, reprfunc str = nullptr) {
  PyType_Slot slots[] = {
      {Py_tp_repr, reinterpret_cast<void*>(named_repr)},
      {Py_tp_getset, getset},
      {Py_tp_new, reinterpret_cast<void*>(new_fn)},
      {Py_tp_str, reinterpret_cast<void*>(str)},
      {0, nullptr},
  };
  // Leave out the slots not given: a NULL slot value is an error to PyType_FromSpec.
  PyType_Slot used[5];
  int n = 0;
  for (const auto& s : slots) {
    if (s.slot == 0 || s.pfunc != nullptr) used[n++] = s;
  }
  const unsigned flags = Py_TPFLAGS_DEFAULT |
                         (new_fn == nullptr ? Py_TPFLAGS_DISALLOW_INSTANTIATION : 0);
  PyType_Spec spec{name, sizeof(Named), 0, flags, used};
  auto* type = reinterpret_cast<PyTypeObject*>(PyType_FromSpec(&spec));
  if (type == nullptr ||
      PyModule_AddObjectRef(module, short_name, reinterpret_cast<PyObject*>(type)) < 0)
    return nullptr;
  return type;
}

bool add(PyObject* module, const char* name, PyObject* obj) {
  return obj != nullptr && PyModule_AddObjectRef(module, name, obj) == 0;
}

}  // namespace

bool init_objects(PyObject* module) {
  dtype_type = make_type(module, "miniaten.dtype", "dtype", dtype_getset);
  layout_type = make_type(module, "miniaten.layout", "layout", nullptr);
  device_type = make_type(module, "miniaten.device", "device", device_getset, device_new,
                          device_str);
  format_type = make_type(module, "miniaten.memory_format", "memory_format", nullptr);
  if (!dtype_type || !layout_type || !device_type || !format_type) return false;
  for (const auto& d : kDtypes) {
    auto i = static_cast<size_t>(d.type);
    dtype_reprs[i] = std::string("miniaten.") + d.name;
    dtypes[i] = make(dtype_type, static_cast<int>(d.type), dtype_reprs[i].c_str());
    if (!add(module, d.name, dtypes[i]) || (d.alias && !add(module, d.alias, dtypes[i])))
      return false;
  }
  for (size_t i = 0; i < formats.size(); ++i) {
    format_reprs[i] = std::string("miniaten.") + kFormats[i];
    formats[i] = make(format_type, static_cast<int>(i), format_reprs[i].c_str());
    if (!add(module, kFormats[i], formats[i])) return false;
  }
  strided = make(layout_type, 0, "miniaten.strided");
  devices[0] = make(device_type, static_cast<int>(aten::DeviceType::CPU), "device(type='cpu')");
  devices[1] = make(device_type, static_cast<int>(aten::DeviceType::Meta), "device(type='meta')");
  return add(module, "strided", strided) && devices[0] && devices[1];
}

bool is_dtype(PyObject* obj) { return Py_TYPE(obj) == dtype_type; }
aten::ScalarType dtype_value(PyObject* dtype) { return st(dtype); }
PyObject* dtype_object(aten::ScalarType t) { return dtypes[static_cast<size_t>(t)]; }
PyObject* dtype_by_name(std::string_view name) {
  for (const auto& d : kDtypes) {
    if (name == d.name || (d.alias && name == d.alias)) return dtype_object(d.type);
  }
  return nullptr;
}

bool is_layout(PyObject* obj) { return Py_TYPE(obj) == layout_type; }
PyObject* strided_layout() { return strided; }

bool is_device(PyObject* obj) { return Py_TYPE(obj) == device_type; }
aten::Device device_value(PyObject* device) {
  return aten::Device(static_cast<aten::DeviceType>(reinterpret_cast<Named*>(device)->value));
}
PyObject* device_object(aten::Device d) { return devices[d.is_meta() ? 1 : 0]; }

bool is_memory_format(PyObject* obj) { return Py_TYPE(obj) == format_type; }
aten::MemoryFormat memory_format_value(PyObject* format) {
  return static_cast<aten::MemoryFormat>(reinterpret_cast<Named*>(format)->value);
}
PyObject* memory_format_by_name(std::string_view name) {
  for (size_t i = 0; i < formats.size(); ++i) {
    if (name == kFormats[i]) return formats[i];
  }
  return nullptr;
}

}  // namespace miniaten::python
