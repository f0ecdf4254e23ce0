#pragma once
// Conversions between Python objects and the C++ values operators take and return. The parser
// has already checked each object's type (Signature.cpp `accepts`), so a conversion only fails
// for a value out of range (an int beyond int64), with Python's own error set.
#include "PythonHeader.h"
#include "Tensor.h"

#include <aten/core/ArrayRef.h>
#include <aten/core/Device.h>
#include <aten/core/MemoryFormat.h>
#include <aten/core/OptionalArrayRef.h>
#include <aten/core/Scalar.h>
#include <aten/core/ScalarType.h>

#include <array>
#include <cstdint>
#include <optional>
#include <tuple>
#include <vector>

namespace miniaten::python {

// A Python exception is set: unwind to the module boundary, which returns NULL to Python.
struct PythonError {};

aten::Scalar to_scalar(PyObject* obj);
int64_t to_int64(PyObject* obj);
double to_double(PyObject* obj);
aten::ScalarType to_scalar_type(PyObject* obj);
aten::Device to_device(PyObject* obj);
aten::MemoryFormat to_memory_format(PyObject* obj);

// An int list argument: a tuple or list of ints, or one int standing for `size` copies of it
// (`int[2] stride=1`), or for a list of one. Holds the values for the duration of the call.
class IntList {
 public:
  IntList(PyObject* obj, int size);
  operator aten::IntArrayRef() const { return values_; }  // NOLINT: converts like ATen's lists

 private:
  std::vector<int64_t> values_;
};

class OptionalIntList {
 public:
  OptionalIntList() = default;
  explicit OptionalIntList(IntList list) : list_(std::move(list)) {}
  operator aten::OptionalIntArrayRef() const {  // NOLINT
    return list_ ? aten::OptionalIntArrayRef(aten::IntArrayRef(*list_)) : std::nullopt;
  }

 private:
  std::optional<IntList> list_;
};

// `bool[3] output_mask`: the parser checked the count, so any std::array<bool, N> reads it.
class BoolList {
 public:
  explicit BoolList(PyObject* obj) : obj_(obj) {}
  template <size_t N>
  operator std::array<bool, N>() const {  // NOLINT: converts like ATen's lists
    std::array<bool, N> flags{};
    for (size_t i = 0; i < N; ++i) flags[i] = PySequence_Fast_ITEMS(obj_)[i] == Py_True;
    return flags;
  }

 private:
  PyObject* obj_;
};

PyObject* to_python(aten::Tensor t);
PyObject* to_python(const aten::Scalar& s);
PyObject* to_python(aten::ScalarType t);
inline PyObject* to_python(bool b) { return PyBool_FromLong(b); }
inline PyObject* to_python(int64_t i) { return PyLong_FromLongLong(i); }
inline PyObject* to_python(double d) { return PyFloat_FromDouble(d); }
PyObject* to_python(const std::vector<aten::Tensor>& list);

// Steals `item`; false (tuple untouched at i) when it is NULL.
inline bool set_item(PyObject* tuple, Py_ssize_t i, PyObject* item) {
  if (item == nullptr) return false;
  PyTuple_SET_ITEM(tuple, i, item);
  return true;
}

template <typename... T>
PyObject* to_python(std::tuple<T...> values) {
  PyObject* tuple = PyTuple_New(sizeof...(T));
  if (tuple == nullptr) return nullptr;
  Py_ssize_t i = 0;
  bool ok = true;
  std::apply([&](auto&... v) { ((ok = ok && set_item(tuple, i++, to_python(std::move(v)))), ...); },
             values);
  if (!ok) Py_CLEAR(tuple);
  return tuple;
}

}  // namespace miniaten::python
