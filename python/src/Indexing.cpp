#include "Indexing.h"

#include "Convert.h"
#include "Errors.h"
#include "Interop.h"
#include "Tensor.h"

#include <aten/core/ScalarOps.h>
#include <aten/core/Tensor.h>
#include <aten/ops/scalar_tensor.h>

#include <vector>

namespace miniaten::python {
namespace {

// A Python object owned for the duration of one indexing call.
struct Owned {
  PyObject* obj = nullptr;
  ~Owned() { Py_XDECREF(obj); }
};

// The advanced (tensor) indices of a subscript, by the dim of the view they apply to.
struct Advanced {
  std::vector<PyObject*> at;  // borrowed tensors or nullptr (no index at that dim)
  std::vector<Owned> keep;    // tensors made from lists, kept alive here
  bool any() const { return !at.empty(); }
  void put(int64_t dim, PyObject* index) {
    if (static_cast<int64_t>(at.size()) <= dim) at.resize(dim + 1, nullptr);
    at[dim] = index;
  }
  // A Python list [index or None, ...] for Tensor.index / index_put_.
  PyObject* list() const {
    PyObject* l = PyList_New(static_cast<Py_ssize_t>(at.size()));
    for (size_t i = 0; i < at.size(); ++i)
      PyList_SET_ITEM(l, i, Py_NewRef(at[i] ? at[i] : Py_None));
    return l;
  }
};

bool is_index_tensor_like(PyObject* obj) {
  return is_tensor(obj) || PyList_Check(obj) ||
         (PySequence_Check(obj) && !PyUnicode_Check(obj) && !PyTuple_Check(obj));
}

// Applies the basic part of `index` (ints, slices, None, ..., bools) to `self` as views, and
// collects the tensor indices, as PyTorch's indexing does before it calls index().
aten::Tensor apply_basic(const aten::Tensor& self, PyObject* index, Advanced& advanced) {
  std::vector<PyObject*> items;
  if (PyTuple_Check(index)) {
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(index); ++i)
      items.push_back(PyTuple_GET_ITEM(index, i));
  } else {
    items.push_back(index);
  }
  // The dims the items consume, for the ellipsis to fill the rest.
  int64_t consumed = 0;
  bool ellipsis = false;
  for (PyObject* item : items) {
    if (item == Py_Ellipsis) {
      if (ellipsis) throw aten::IndexError("an index can only have a single ellipsis ('...')");
      ellipsis = true;
    } else if (item != Py_None && !PyBool_Check(item)) {
      consumed += is_tensor(item) && unpack(item).scalar_type() == aten::kBool
                      ? std::max<int64_t>(unpack(item).dim(), 1)
                      : 1;
    }
  }
  if (consumed > self.dim()) {
    throw aten::IndexError(
        aten::detail::str_cat("too many indices for tensor of dimension ", self.dim()));
  }

  aten::Tensor result = self;
  int64_t dim = 0;
  for (PyObject* item : items) {
    if (item == Py_Ellipsis) {
      dim += self.dim() - consumed;
    } else if (item == Py_None) {
      result = result.unsqueeze(dim++);
    } else if (PyBool_Check(item)) {
      result = result.unsqueeze(dim);
      if (item == Py_False) result = result.slice(dim, 0, 0);
      ++dim;
    } else if (PySlice_Check(item)) {
      Py_ssize_t start = 0, stop = 0, step = 0;
      if (PySlice_Unpack(item, &start, &stop, &step) < 0) throw PythonError{};
      if (step <= 0) throw aten::ValueError("step must be greater than zero");
      result = result.slice(dim++, start, stop, step);
    } else if (PyLong_Check(item) ||
               (is_tensor(item) && unpack(item).dim() == 0 &&
                aten::isIntegralType(unpack(item).scalar_type(), false)) ||
               (!is_index_tensor_like(item) && Py_TYPE(item)->tp_as_number &&
                Py_TYPE(item)->tp_as_number->nb_index)) {
      const int64_t i = to_int64(item);
      if (result.dim() == 0)
        throw aten::IndexError("invalid index of a 0-dim tensor. Use `tensor.item()`");
      const int64_t size = result.sizes()[dim];
      if (i < -size || i >= size) {
        throw aten::IndexError(aten::detail::str_cat(
            "index ", i, " is out of bounds for dimension ", dim, " with size ", size));
      }
      result = result.select(dim, i);
    } else if (is_index_tensor_like(item)) {
      PyObject* t = item;
      if (!is_tensor(item)) {
        advanced.keep.emplace_back();
        advanced.keep.back().obj = tensor_from_data(item, std::nullopt);
        if (advanced.keep.back().obj == nullptr) throw PythonError{};
        t = advanced.keep.back().obj;
      }
      advanced.put(dim, t);
      dim += unpack(t).scalar_type() == aten::kBool ? std::max<int64_t>(unpack(t).dim(), 1) : 1;
    } else {
      PyErr_Format(PyExc_IndexError,
                   "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables "
                   "are valid "
                   "indices (got %s)",
                   Py_TYPE(item)->tp_name);
      throw PythonError{};
    }
  }
  return result;
}

PyObject* call_method(PyObject* self, const char* name, PyObject* a, PyObject* b = nullptr) {
  return b == nullptr ? PyObject_CallMethod(self, name, "O", a)
                      : PyObject_CallMethod(self, name, "OO", a, b);
}

}  // namespace

PyObject* index_get(PyObject* self, PyObject* index) {
  return guarded([&]() -> PyObject* {
    Advanced advanced;
    aten::Tensor view = apply_basic(unpack(self), index, advanced);
    Owned wrapped{wrap(std::move(view))};
    if (wrapped.obj == nullptr || !advanced.any()) return Py_XNewRef(wrapped.obj);
    Owned list{advanced.list()};
    return call_method(wrapped.obj, "index", list.obj);
  });
}

int index_set(PyObject* self, PyObject* index, PyObject* value) {
  if (value == nullptr) {
    PyErr_SetString(PyExc_TypeError, "Tensor does not support item deletion");
    return -1;
  }
  PyObject* done = guarded([&]() -> PyObject* {
    const aten::Tensor& t = unpack(self);
    Advanced advanced;
    aten::Tensor view = apply_basic(t, index, advanced);
    // The value as a tensor of the destination's dtype (numbers, lists and tensors alike).
    Owned source;
    if (is_tensor(value)) {
      source.obj = Py_NewRef(value);
    } else if (PyLong_Check(value) || PyFloat_Check(value) || PyComplex_Check(value) ||
               PyBool_Check(value)) {
      source.obj = wrap(
          aten::scalar_tensor(to_scalar(value), aten::TensorOptions(t.scalar_type())));
    } else {
      source.obj = tensor_from_data(value, t.scalar_type());
    }
    if (source.obj == nullptr) return nullptr;
    if (!advanced.any()) {
      view.copy_(unpack(source.obj));
      Py_RETURN_NONE;
    }
    Owned wrapped{wrap(std::move(view))};
    Owned list{advanced.list()};
    if (wrapped.obj == nullptr || list.obj == nullptr) return nullptr;
    return call_method(wrapped.obj, "index_put_", list.obj, source.obj);
  });
  if (done == nullptr) return -1;
  Py_DECREF(done);
  return 0;
}

}  // namespace miniaten::python
