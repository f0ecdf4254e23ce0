#include "Convert.h"

#include "Arguments.h"
#include "Objects.h"
#include "Random.h"

#include <complex>

namespace miniaten::python {
namespace {

void check(bool failed) {
  if (failed && PyErr_Occurred()) throw PythonError{};
}

}  // namespace

aten::Scalar to_scalar(PyObject* obj) {
  if (PyBool_Check(obj)) return aten::Scalar(obj == Py_True);
  if (PyLong_Check(obj)) {
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (overflow != 0) {
      PyErr_SetString(PyExc_RuntimeError, "Overflow when unpacking long");
      throw PythonError{};
    }
    return aten::Scalar(static_cast<int64_t>(v));
  }
  if (PyFloat_Check(obj)) return aten::Scalar(PyFloat_AS_DOUBLE(obj));
  if (PyComplex_Check(obj)) {
    Py_complex z = PyComplex_AsCComplex(obj);
    return aten::Scalar(std::complex<double>(z.real, z.imag));
  }
  if (is_tensor(obj)) return unpack(obj).item();
  // NumPy scalars: integers through __index__, the rest through __float__.
  if (Py_TYPE(obj)->tp_as_number && Py_TYPE(obj)->tp_as_number->nb_index)
    return aten::Scalar(to_int64(obj));
  return aten::Scalar(to_double(obj));
}

int64_t to_int64(PyObject* obj) {
  if (is_tensor(obj)) return unpack(obj).item<int64_t>();
  long long v = PyLong_Check(obj) ? PyLong_AsLongLong(obj) : 0;
  if (!PyLong_Check(obj)) {
    PyObject* index = PyNumber_Index(obj);
    check(index == nullptr);
    v = PyLong_AsLongLong(index);
    Py_DECREF(index);
  }
  check(v == -1);
  return v;
}

double to_double(PyObject* obj) {
  if (PyFloat_Check(obj)) return PyFloat_AS_DOUBLE(obj);
  if (is_tensor(obj)) return unpack(obj).item<double>();
  double d = PyFloat_AsDouble(obj);
  check(d == -1.0);
  return d;
}

aten::ScalarType to_scalar_type(PyObject* obj) {
  if (is_dtype(obj)) return dtype_value(obj);
  // Python's own types, as PyTorch reads them.
  if (obj == reinterpret_cast<PyObject*>(&PyFloat_Type)) return aten::kDouble;
  if (obj == reinterpret_cast<PyObject*>(&PyLong_Type)) return aten::kLong;
  if (obj == reinterpret_cast<PyObject*>(&PyBool_Type)) return aten::kBool;
  return aten::kComplexDouble;
}

aten::Device to_device(PyObject* obj) {
  if (is_device(obj)) return device_value(obj);
  std::string_view name = PyUnicode_AsUTF8(obj);
  if (name == "cpu") return aten::kCPU;
  if (name == "meta") return aten::kMeta;
  PyErr_Format(PyExc_RuntimeError,
               "Expected one of cpu, meta device type at start of device string: %s",
               std::string(name).c_str());
  throw PythonError{};
}

aten::MemoryFormat to_memory_format(PyObject* obj) { return memory_format_value(obj); }

IntList::IntList(PyObject* obj, int size) {
  if (!PyTuple_Check(obj) && !PyList_Check(obj)) {
    values_.assign(size > 0 ? size : 1, to_int64(obj));
    return;
  }
  Py_ssize_t n = PySequence_Fast_GET_SIZE(obj);
  PyObject** items = PySequence_Fast_ITEMS(obj);
  values_.resize(n);
  for (Py_ssize_t i = 0; i < n; ++i) values_[i] = to_int64(items[i]);
}

PyObject* to_python(aten::Tensor t) { return wrap(std::move(t)); }

PyObject* to_python(const aten::Scalar& s) {
  if (s.isBoolean()) return PyBool_FromLong(s.to<bool>());
  if (s.isIntegral(false)) return PyLong_FromLongLong(s.to<int64_t>());
  if (s.isComplex()) {
    auto z = s.to<std::complex<double>>();
    return PyComplex_FromDoubles(z.real(), z.imag());
  }
  return PyFloat_FromDouble(s.to<double>());
}

PyObject* to_python(aten::ScalarType t) { return Py_NewRef(dtype_object(t)); }

PyObject* to_python(const std::vector<aten::Tensor>& list) {
  PyObject* result = PyList_New(static_cast<Py_ssize_t>(list.size()));
  if (result == nullptr) return nullptr;
  for (size_t i = 0; i < list.size(); ++i) {
    PyObject* item = wrap(list[i]);
    if (item == nullptr) {
      Py_DECREF(result);
      return nullptr;
    }
    PyList_SET_ITEM(result, static_cast<Py_ssize_t>(i), item);
  }
  return result;
}

std::optional<aten::Generator> Arguments::generator(int i) const {
  if (none(i)) return std::nullopt;
  return generator_value(slots_[i]);
}

std::string_view Arguments::string(int i) const {
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(slots_[i], &size);
  check(data == nullptr);
  return {data, static_cast<size_t>(size)};
}

std::vector<double> Arguments::float_list(int i) const {
  PyObject* obj = slots_[i];
  if (!PyTuple_Check(obj) && !PyList_Check(obj)) {
    return std::vector<double>(std::max(1, sig_->params[i].list_size), to_double(obj));
  }
  std::vector<double> values(PySequence_Fast_GET_SIZE(obj));
  for (size_t k = 0; k < values.size(); ++k) values[k] = to_double(PySequence_Fast_ITEMS(obj)[k]);
  return values;
}

std::vector<aten::Tensor> Arguments::tensor_list(int i) const {
  PyObject* obj = slots_[i];
  std::vector<aten::Tensor> values(PySequence_Fast_GET_SIZE(obj));
  for (size_t k = 0; k < values.size(); ++k) values[k] = unpack(PySequence_Fast_ITEMS(obj)[k]);
  return values;
}

std::vector<std::optional<aten::Tensor>> Arguments::optional_tensor_list(int i) const {
  PyObject* obj = slots_[i];
  std::vector<std::optional<aten::Tensor>> values(PySequence_Fast_GET_SIZE(obj));
  for (size_t k = 0; k < values.size(); ++k) {
    PyObject* item = PySequence_Fast_ITEMS(obj)[k];
    if (item != Py_None) values[k] = unpack(item);
  }
  return values;
}

PyObject* Unlocked::same(std::initializer_list<int> which) {
  lock();
  if (which.size() == 1) return Py_NewRef(args_.object(*which.begin()));
  PyObject* tuple = PyTuple_New(static_cast<Py_ssize_t>(which.size()));
  if (tuple == nullptr) return nullptr;
  Py_ssize_t k = 0;
  for (int i : which) PyTuple_SET_ITEM(tuple, k++, Py_NewRef(args_.object(i)));
  return tuple;
}

}  // namespace miniaten::python
