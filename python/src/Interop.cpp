#include "Interop.h"

#include "Convert.h"
#include "Errors.h"
#include "Objects.h"
#include "Tensor.h"

#include <aten/core/FromBlob.h>
#include <aten/core/Tensor.h>
#include <aten/ops/empty.h>
#include <aten/ops/empty_like.h>

#include <complex>
#include <cstring>
#include <string>

namespace miniaten::python {
namespace {

// ---- element formats (PEP 3118) ----

const char* buffer_format(aten::ScalarType t) {
  switch (t) {
    case aten::kBool:
      return "?";
    case aten::kByte:
      return "B";
    case aten::kChar:
      return "b";
    case aten::kShort:
      return "h";
    case aten::kInt:
      return "i";
    case aten::kLong:
      return "q";
    case aten::kHalf:
      return "e";
    case aten::kFloat:
      return "f";
    case aten::kDouble:
      return "d";
    case aten::kComplexFloat:
      return "Zf";
    case aten::kComplexDouble:
      return "Zd";
    default:
      return nullptr;  // BFloat16, ComplexHalf: no format NumPy reads
  }
}

std::optional<aten::ScalarType> format_dtype(const char* format, Py_ssize_t itemsize) {
  std::string f = format == nullptr ? "B" : format;
  if (!f.empty() && (f[0] == '<' || f[0] == '=' || f[0] == '@' || f[0] == '|')) f.erase(0, 1);
  if (f == "?") return aten::kBool;
  if (f == "B") return aten::kByte;
  if (f == "b") return aten::kChar;
  if (f == "h") return aten::kShort;
  if (f == "i" || (f == "l" && itemsize == 4)) return aten::kInt;
  if (f == "q" || (f == "l" && itemsize == 8)) return aten::kLong;
  if (f == "e") return aten::kHalf;
  if (f == "f") return aten::kFloat;
  if (f == "d") return aten::kDouble;
  if (f == "Zf") return aten::kComplexFloat;
  if (f == "Zd") return aten::kComplexDouble;
  return std::nullopt;
}

// A buffer held by a tensor made from it: released, with the GIL, when the tensor's storage goes.
aten::Tensor tensor_from_buffer(Py_buffer* view) {
  auto dtype = format_dtype(view->format, view->itemsize);
  if (!dtype) {
    PyErr_Format(
        PyExc_TypeError,
        "can't convert np.ndarray of type %s. The only supported types are: float64, "
        "float32, float16, complex64, complex128, int64, int32, int16, int8, uint8, and bool.",
        view->format ? view->format : "?");
    PyBuffer_Release(view);
    delete view;
    throw PythonError{};
  }
  std::vector<int64_t> sizes(view->ndim), strides(view->ndim);
  for (int i = 0; i < view->ndim; ++i) {
    sizes[i] = view->shape[i];
    if (view->strides[i] < 0) {
      PyBuffer_Release(view);
      delete view;
      PyErr_SetString(PyExc_ValueError,
                      "At least one stride in the given numpy array is negative, and tensors with "
                      "negative strides "
                      "are not currently supported. (You can probably work around this by making a "
                      "copy of your "
                      "array  with array.copy().) ");
      throw PythonError{};
    }
    if (view->strides[i] % view->itemsize != 0) {
      PyBuffer_Release(view);
      delete view;
      PyErr_SetString(PyExc_ValueError,
                      "given numpy array strides not a multiple of the element byte size. Copy the "
                      "numpy array to reallocate the memory.");
      throw PythonError{};
    }
    strides[i] = view->strides[i] / view->itemsize;
  }
  return aten::from_blob(
      view->buf, sizes, strides,
      [view](void*) {
        PyGILState_STATE gil = PyGILState_Ensure();
        PyBuffer_Release(view);
        PyGILState_Release(gil);
        delete view;
      },
      aten::TensorOptions(*dtype));
}

// ---- nested sequences ----

enum class Category { Bool, Int, Float, Complex };

Category category_of(aten::ScalarType t) {
  if (t == aten::kBool) return Category::Bool;
  if (aten::isComplexType(t)) return Category::Complex;
  if (aten::isFloatingType(t)) return Category::Float;
  return Category::Int;
}

// The dtype that holds a category's values: wide (double, complex double) to compute exactly,
// or else torch.tensor's defaults (float, complex float).
aten::ScalarType category_dtype(Category c, bool wide = true) {
  switch (c) {
    case Category::Bool:
      return aten::kBool;
    case Category::Int:
      return aten::kLong;
    case Category::Float:
      return wide ? aten::kDouble : aten::kFloat;
    case Category::Complex:
      return wide ? aten::kComplexDouble : aten::kComplexFloat;
  }
  return aten::kDouble;
}

bool is_sequence(PyObject* obj) {
  return (PyList_Check(obj) || PyTuple_Check(obj) ||
          (PySequence_Check(obj) && !PyUnicode_Check(obj) && !PyBytes_Check(obj) &&
           !is_tensor(obj))) &&
         !PyObject_CheckBuffer(obj);
}

struct Nested {
  std::vector<int64_t> sizes;
  Category category = Category::Bool;
  bool empty_leaf_seen = true;  // no element yet: an empty list is Float, as in PyTorch
  std::vector<std::complex<double>> values;
  std::vector<int64_t> ints;  // exact, beyond double's 2^53
};

void note_leaf(Nested& n, PyObject* leaf) {
  Category c;
  std::complex<double> v;
  int64_t exact = 0;
  if (PyBool_Check(leaf)) {
    c = Category::Bool;
    v = leaf == Py_True ? 1.0 : 0.0;
  } else if (PyLong_Check(leaf)) {
    c = Category::Int;
    exact = to_int64(leaf);
    v = static_cast<double>(exact);
  } else if (PyFloat_Check(leaf)) {
    c = Category::Float;
    v = PyFloat_AS_DOUBLE(leaf);
  } else if (PyComplex_Check(leaf)) {
    c = Category::Complex;
    Py_complex z = PyComplex_AsCComplex(leaf);
    v = {z.real, z.imag};
  } else if (is_tensor(leaf) && unpack(leaf).numel() == 1) {
    const auto& t = unpack(leaf);
    c = category_of(t.scalar_type());
    v = t.item().to<std::complex<double>>();
    if (c == Category::Int) exact = t.item<int64_t>();
  } else if (Py_TYPE(leaf)->tp_as_number && Py_TYPE(leaf)->tp_as_number->nb_index) {
    c = Category::Int;
    exact = to_int64(leaf);
    v = static_cast<double>(exact);
  } else if (Py_TYPE(leaf)->tp_as_number && Py_TYPE(leaf)->tp_as_number->nb_float) {
    c = Category::Float;
    v = to_double(leaf);
  } else {
    PyErr_Format(PyExc_TypeError, "Could not infer dtype of %s", Py_TYPE(leaf)->tp_name);
    throw PythonError{};
  }
  n.category = n.empty_leaf_seen ? c : std::max(n.category, c);
  n.empty_leaf_seen = false;
  n.values.push_back(v);
  n.ints.push_back(c == Category::Bool ? (v.real() != 0) : exact);
}

// The shape, from the first element at each depth (PyTorch's rule); walk() then checks the rest.
void infer_sizes(Nested& n, PyObject* obj) {
  Py_INCREF(obj);
  while (is_sequence(obj)) {
    const Py_ssize_t len = PySequence_Size(obj);
    if (len < 0) {
      Py_DECREF(obj);
      throw PythonError{};
    }
    n.sizes.push_back(len);
    if (len == 0) break;
    PyObject* first = PySequence_GetItem(obj, 0);
    Py_DECREF(obj);
    if (first == nullptr) throw PythonError{};
    obj = first;
  }
  Py_DECREF(obj);
}

void walk(Nested& n, PyObject* obj, size_t depth) {
  const bool sequence = is_sequence(obj);
  if (sequence != (depth < n.sizes.size())) {
    PyErr_Format(PyExc_ValueError, "expected %s at dim %zu (got %s)",
                 sequence ? "a number" : "a sequence", depth, Py_TYPE(obj)->tp_name);
    throw PythonError{};
  }
  if (!sequence) {
    note_leaf(n, obj);
    return;
  }
  PyObject* fast = PySequence_Fast(obj, "not a sequence");
  if (fast == nullptr) throw PythonError{};
  const Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
  if (n.sizes[depth] != len) {
    Py_DECREF(fast);
    PyErr_Format(PyExc_ValueError, "expected sequence of length %lld at dim %zu (got %zd)",
                 static_cast<long long>(n.sizes[depth]), depth, len);
    throw PythonError{};
  }
  for (Py_ssize_t i = 0; i < len; ++i) {
    try {
      walk(n, PySequence_Fast_GET_ITEM(fast, i), depth + 1);
    } catch (...) {
      Py_DECREF(fast);
      throw;
    }
  }
  Py_DECREF(fast);
}

aten::Tensor tensor_from_nested(PyObject* data, std::optional<aten::ScalarType> dtype) {
  Nested n;
  infer_sizes(n, data);
  walk(n, data, 0);
  if (n.empty_leaf_seen) n.category = Category::Float;
  const auto count = static_cast<int64_t>(n.values.size());
  aten::Tensor flat = aten::empty({count}, aten::TensorOptions(category_dtype(n.category)));
  for (int64_t i = 0; i < count; ++i) {
    const auto v = n.values[i];
    switch (n.category) {
      case Category::Bool:
        flat.data_ptr<bool>()[i] = v.real() != 0;
        break;
      case Category::Int:
        flat.data_ptr<int64_t>()[i] = n.ints[i];
        break;
      case Category::Float:
        flat.data_ptr<double>()[i] = v.real();
        break;
      case Category::Complex:
        flat.data_ptr<aten::complex<double>>()[i] = aten::complex<double>(v.real(), v.imag());
        break;
    }
  }
  return flat.reshape(n.sizes)
      .to(dtype.value_or(category_dtype(n.category, /*wide=*/false)))
      .clone();
}

// ---- .tolist() ----

PyObject* to_list(const aten::Tensor& t, const char* data, size_t depth, Category c) {
  const int64_t elem = aten::elementSize(t.scalar_type());
  if (depth == static_cast<size_t>(t.dim())) {
    switch (c) {
      case Category::Bool:
        return PyBool_FromLong(*reinterpret_cast<const bool*>(data));
      case Category::Int:
        return PyLong_FromLongLong(*reinterpret_cast<const int64_t*>(data));
      case Category::Float:
        return PyFloat_FromDouble(*reinterpret_cast<const double*>(data));
      case Category::Complex: {
        auto z = *reinterpret_cast<const std::complex<double>*>(data);
        return PyComplex_FromDoubles(z.real(), z.imag());
      }
    }
  }
  const int64_t n = t.sizes()[depth];
  PyObject* list = PyList_New(n);
  if (list == nullptr) return nullptr;
  for (int64_t i = 0; i < n; ++i) {
    PyObject* item = to_list(t, data + i * t.strides()[depth] * elem, depth + 1, c);
    if (item == nullptr) {
      Py_DECREF(list);
      return nullptr;
    }
    PyList_SET_ITEM(list, i, item);
  }
  return list;
}

PyObject* m_tolist(PyObject* self, PyObject*) {
  return guarded([&] {
    const auto& t = unpack(self);
    Category c = category_of(t.scalar_type());
    aten::Tensor wide = t.detach().to(category_dtype(c));
    return to_list(wide, static_cast<const char*>(wide.data_ptr()), 0, c);
  });
}

// ---- NumPy's __array_interface__ ----

PyObject* get_array_interface(PyObject* self, void*) {
  return guarded([&]() -> PyObject* {
    const auto& t = unpack(self);
    const char* format = buffer_format(t.scalar_type());
    if (format == nullptr || t.is_meta()) {
      PyErr_Format(PyExc_TypeError, "Got unsupported ScalarType %s",
                   aten::toString(t.scalar_type()));
      return nullptr;
    }
    std::string typestr;
    switch (category_of(t.scalar_type())) {
      case Category::Bool:
        typestr = "|b1";
        break;
      case Category::Int:
        typestr = std::string(t.scalar_type() == aten::kByte
                                  ? "|u"
                                  : (t.element_size() == 1 ? "|i" : "<i")) +
                  std::to_string(t.element_size());
        break;
      case Category::Float:
        typestr = "<f" + std::to_string(t.element_size());
        break;
      case Category::Complex:
        typestr = "<c" + std::to_string(t.element_size());
        break;
    }
    PyObject* shape = PyTuple_New(t.dim());
    PyObject* strides = PyTuple_New(t.dim());
    for (int64_t i = 0; i < t.dim(); ++i) {
      PyTuple_SET_ITEM(shape, i, PyLong_FromLongLong(t.sizes()[i]));
      PyTuple_SET_ITEM(strides, i, PyLong_FromLongLong(t.strides()[i] * t.element_size()));
    }
    return Py_BuildValue("{s:N,s:s,s:(N,O),s:N,s:i}", "shape", shape, "typestr", typestr.c_str(),
                         "data", PyLong_FromVoidPtr(t.numel() ? t.data_ptr() : nullptr), Py_False,
                         "strides", strides, "version", 3);
  });
}

// ---- DLPack (the ABI's structs, as its specification defines them) ----

struct DLDevice {
  int32_t device_type;
  int32_t device_id;
};
struct DLDataType {
  uint8_t code;
  uint8_t bits;
  uint16_t lanes;
};
struct DLTensor {
  void* data;
  DLDevice device;
  int32_t ndim;
  DLDataType dtype;
  int64_t* shape;
  int64_t* strides;
  uint64_t byte_offset;
};
struct DLManagedTensor {
  DLTensor dl_tensor;
  void* manager_ctx;
  void (*deleter)(DLManagedTensor*);
};
constexpr int32_t kDLCPU = 1;
enum : uint8_t {
  kDLInt = 0,
  kDLUInt = 1,
  kDLFloat = 2,
  kDLBfloat = 4,
  kDLComplex = 5,
  kDLBool = 6
};

struct Exported {
  DLManagedTensor managed;
  aten::Tensor tensor;
  std::vector<int64_t> sizes, strides;
};

DLDataType dl_dtype(aten::ScalarType t) {
  const auto bits = static_cast<uint8_t>(aten::elementSize(t) * 8);
  switch (category_of(t)) {
    case Category::Bool:
      return {kDLBool, 8, 1};
    case Category::Int:
      return {t == aten::kByte ? kDLUInt : kDLInt, bits, 1};
    case Category::Float:
      return {t == aten::kBFloat16 ? kDLBfloat : kDLFloat, bits, 1};
    case Category::Complex:
      return {kDLComplex, bits, 1};
  }
  return {kDLFloat, bits, 1};
}

std::optional<aten::ScalarType> from_dl_dtype(DLDataType d) {
  if (d.lanes != 1) return std::nullopt;
  switch (d.code) {
    case kDLBool:
      return aten::kBool;
    case kDLUInt:
      return d.bits == 8 ? std::optional(aten::kByte) : std::nullopt;
    case kDLInt:
      if (d.bits == 8) return aten::kChar;
      if (d.bits == 16) return aten::kShort;
      if (d.bits == 32) return aten::kInt;
      if (d.bits == 64) return aten::kLong;
      return std::nullopt;
    case kDLFloat:
      if (d.bits == 16) return aten::kHalf;
      if (d.bits == 32) return aten::kFloat;
      if (d.bits == 64) return aten::kDouble;
      return std::nullopt;
    case kDLBfloat:
      return d.bits == 16 ? std::optional(aten::kBFloat16) : std::nullopt;
    case kDLComplex:
      if (d.bits == 64) return aten::kComplexFloat;
      if (d.bits == 128) return aten::kComplexDouble;
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

void capsule_destructor(PyObject* capsule) {
  // Only a capsule nobody consumed still owns its tensor.
  if (PyCapsule_IsValid(capsule, "dltensor")) {
    auto* m = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule, "dltensor"));
    m->deleter(m);
  }
}

PyObject* m_dlpack(PyObject* self, PyObject* const*, Py_ssize_t) {
  return guarded([&]() -> PyObject* {
    const auto& t = unpack(self);
    if (t.is_meta()) {
      PyErr_SetString(PyExc_BufferError, "a Meta tensor has no data to export");
      return nullptr;
    }
    if (t.requires_grad()) {
      PyErr_SetString(PyExc_RuntimeError,
                      "Can't export tensors that require gradient, use tensor.detach()");
      return nullptr;
    }
    auto* e = new Exported{{},
                           t,
                           std::vector<int64_t>(t.sizes().begin(), t.sizes().end()),
                           std::vector<int64_t>(t.strides().begin(), t.strides().end())};
    e->managed.dl_tensor = {t.numel() ? t.data_ptr() : nullptr,
                            {kDLCPU, 0},
                            static_cast<int32_t>(t.dim()),
                            dl_dtype(t.scalar_type()),
                            e->sizes.data(),
                            e->strides.data(),
                            0};
    e->managed.manager_ctx = e;
    e->managed.deleter = [](DLManagedTensor* m) { delete static_cast<Exported*>(m->manager_ctx); };
    return PyCapsule_New(&e->managed, "dltensor", capsule_destructor);
  });
}

PyObject* m_dlpack_device(PyObject*, PyObject*) { return Py_BuildValue("(ii)", kDLCPU, 0); }

PyObject* f_from_dlpack(PyObject*, PyObject* obj) {
  return guarded([&]() -> PyObject* {
    PyObject* capsule = PyCapsule_CheckExact(obj) ? Py_NewRef(obj)
                                                  : PyObject_CallMethod(obj, "__dlpack__", nullptr);
    if (capsule == nullptr) return nullptr;
    auto* m = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule, "dltensor"));
    if (m == nullptr) {
      Py_DECREF(capsule);
      return nullptr;
    }
    const DLTensor& d = m->dl_tensor;
    auto dtype = from_dl_dtype(d.dtype);
    if (d.device.device_type != kDLCPU || !dtype) {
      Py_DECREF(capsule);
      PyErr_SetString(PyExc_BufferError,
                      "from_dlpack: only CPU tensors of the dtypes MiniATen has are supported");
      return nullptr;
    }
    PyCapsule_SetName(capsule, "used_dltensor");
    Py_DECREF(capsule);
    std::vector<int64_t> sizes(d.shape, d.shape + d.ndim);
    std::vector<int64_t> strides;
    if (d.strides != nullptr) strides.assign(d.strides, d.strides + d.ndim);
    void* data = static_cast<char*>(d.data) + d.byte_offset;
    return wrap(aten::from_blob(
        data, sizes, strides,
        [m](void*) {
          PyGILState_STATE gil = PyGILState_Ensure();
          if (m->deleter != nullptr) m->deleter(m);
          PyGILState_Release(gil);
        },
        aten::TensorOptions(*dtype)));
  });
}

// ---- module functions ----

PyObject* f_from_numpy(PyObject*, PyObject* array) {
  return guarded([&]() -> PyObject* {
    if (!PyObject_CheckBuffer(array) || PyBytes_Check(array)) {
      PyErr_Format(PyExc_TypeError, "expected np.ndarray (got %s)", Py_TYPE(array)->tp_name);
      return nullptr;
    }
    auto* view = new Py_buffer;
    if (PyObject_GetBuffer(array, view, PyBUF_RECORDS) < 0) {
      // A read-only array is shared read-only, as PyTorch does (with its warning left out).
      PyErr_Clear();
      if (PyObject_GetBuffer(array, view, PyBUF_RECORDS_RO) < 0) {
        delete view;
        return nullptr;
      }
    }
    return wrap(tensor_from_buffer(view));
  });
}

PyObject* f_tensor(PyObject*, PyObject* args, PyObject* kwargs) {
  PyObject* data = nullptr;
  PyObject* dtype = Py_None;
  PyObject* device = Py_None;
  int requires_grad = 0;
  static const char* keywords[] = {"data", "dtype", "device", "requires_grad", nullptr};
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|$OOp", const_cast<char**>(keywords), &data,
                                   &dtype, &device, &requires_grad)) {
    return nullptr;
  }
  if (dtype != Py_None && !is_dtype(dtype)) {
    PyErr_Format(PyExc_TypeError, "tensor(): argument 'dtype' must be miniaten.dtype, not %s",
                 Py_TYPE(dtype)->tp_name);
    return nullptr;
  }
  PyObject* result = tensor_from_data(
      data, dtype == Py_None ? std::nullopt : std::optional(dtype_value(dtype)));
  if (result == nullptr) return nullptr;
  PyObject* done = guarded([&]() -> PyObject* {
    if (device != Py_None && to_device(device).is_meta())
      unpack_mutable(result) = aten::empty_like(unpack(result),
                                                unpack(result).options().device(aten::kMeta));
    if (requires_grad) unpack(result).requires_grad_(true);
    return Py_NewRef(result);
  });
  Py_DECREF(result);
  return done;
}

}  // namespace

PyObject* tensor_from_data(PyObject* data, std::optional<aten::ScalarType> dtype) {
  return guarded([&]() -> PyObject* {
    if (is_tensor(data)) {
      const auto& t = unpack(data);
      return wrap(t.detach().to(dtype.value_or(t.scalar_type())).clone());
    }
    if (PyObject_CheckBuffer(data) && !PyBytes_Check(data) && !PyByteArray_Check(data)) {
      auto* view = new Py_buffer;
      if (PyObject_GetBuffer(data, view, PyBUF_RECORDS_RO) < 0) {
        delete view;
        return nullptr;
      }
      aten::Tensor shared = tensor_from_buffer(view);
      return wrap(shared.to(dtype.value_or(shared.scalar_type())).clone());
    }
    return wrap(tensor_from_nested(data, dtype));
  });
}

int get_buffer(PyObject* self, Py_buffer* view, int flags) {
  const auto& t = unpack(self);
  const char* format = buffer_format(t.scalar_type());
  if (format == nullptr || t.is_meta()) {
    PyErr_Format(PyExc_BufferError, "a %s%s tensor cannot be exported as a buffer",
                 t.is_meta() ? "Meta " : "", aten::toString(t.scalar_type()));
    view->obj = nullptr;
    return -1;
  }
  // Shape and strides (in bytes) live in one allocation that view->internal owns.
  auto* dims = new Py_ssize_t[2 * std::max<int64_t>(t.dim(), 1)];
  for (int64_t i = 0; i < t.dim(); ++i) {
    dims[i] = t.sizes()[i];
    dims[t.dim() + i] = t.strides()[i] * t.element_size();
  }
  view->buf = t.numel() ? t.data_ptr() : nullptr;
  view->obj = Py_NewRef(self);
  view->len = t.numel() * t.element_size();
  view->readonly = 0;
  view->itemsize = t.element_size();
  view->format = (flags & PyBUF_FORMAT) ? const_cast<char*>(format) : nullptr;
  view->ndim = static_cast<int>(t.dim());
  view->shape = dims;
  view->strides = dims + t.dim();
  view->suboffsets = nullptr;
  view->internal = dims;
  if ((flags & PyBUF_STRIDES) != PyBUF_STRIDES && !t.is_contiguous()) {
    delete[] dims;
    Py_CLEAR(view->obj);
    PyErr_SetString(PyExc_BufferError, "the tensor is not contiguous; ask for a strided buffer");
    return -1;
  }
  return 0;
}

void release_buffer(PyObject*, Py_buffer* view) {
  delete[] static_cast<Py_ssize_t*>(view->internal);
}

const std::vector<PyMethodDef>& interop_methods() {
  static const std::vector<PyMethodDef> defs = {
      {"tolist", m_tolist, METH_NOARGS, nullptr},
      {"__dlpack__", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(m_dlpack)),
       METH_FASTCALL, nullptr},
      {"__dlpack_device__", m_dlpack_device, METH_NOARGS, nullptr},
  };
  return defs;
}

const std::vector<PyGetSetDef>& interop_getset() {
  static const std::vector<PyGetSetDef> defs = {
      {"__array_interface__", get_array_interface, nullptr, nullptr, nullptr},
  };
  return defs;
}

const std::vector<PyMethodDef>& interop_functions() {
  static const std::vector<PyMethodDef> defs = {
      {"tensor", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(f_tensor)),
       METH_VARARGS | METH_KEYWORDS, nullptr},
      {"from_numpy", f_from_numpy, METH_O, nullptr},
      {"from_dlpack", f_from_dlpack, METH_O, nullptr},
  };
  return defs;
}

}  // namespace miniaten::python
