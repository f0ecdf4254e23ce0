#include "Tensor.h"

#include "Bindings.h"
#include "Convert.h"
#include "Errors.h"
#include "Indexing.h"
#include "Interop.h"
#include "Objects.h"
#include "TensorAutograd.h"

#include <aten/core/Formatting.h>
#include <aten/core/ScalarOps.h>
#include <aten/core/Tensor.h>
#include <aten/ops/add.h>
#include <aten/ops/mul.h>
#include <aten/ops/sub.h>

#include <structmember.h>
#include <sstream>
#include <unordered_map>

namespace miniaten::python {

PyTypeObject* tensor_type = nullptr;

PyObject* wrap(aten::Tensor t, PyTypeObject* type) {
  PyObject* obj = type->tp_alloc(type, 0);
  if (obj == nullptr) return nullptr;
  auto* self = reinterpret_cast<PyTensor*>(obj);
  new (&self->tensor) aten::Tensor(std::move(t));
  self->weakrefs = nullptr;
  return obj;
}

namespace {

void dealloc(PyObject* obj) {
  auto* self = reinterpret_cast<PyTensor*>(obj);
  PyTypeObject* type = Py_TYPE(obj);
  if (self->weakrefs != nullptr) PyObject_ClearWeakRefs(obj);
  self->tensor.~Tensor();
  type->tp_free(obj);
  Py_DECREF(type);
}

PyObject* repr(PyObject* obj) {
  return guarded([&] {
    std::ostringstream os;
    os << unpack(obj);
    return PyUnicode_FromString(os.str().c_str());
  });
}

// ---- arithmetic: the operator methods, with Python's reflected forms ----

// The method names the operator slots call, interned once: a slot runs per `t * 2`, and
// interning a name (or packing a keyword tuple) per call costs a hash and a lookup each time.
// Keyed by the literal's address: each call site passes one literal.
PyObject* interned(const char* name) {
  static std::unordered_map<const char*, PyObject*> names;
  PyObject*& obj = names[name];
  if (obj == nullptr) obj = PyUnicode_InternFromString(name);
  return obj;
}

// self.<name>(other, **{kwnames[0]: kwvalue}); kwnames a tuple of one name, or nullptr.
PyObject* call_named_method(PyObject* self, const char* name, PyObject* other,
                            PyObject* kwnames = nullptr, PyObject* kwvalue = nullptr) {
  PyObject* method = interned(name);
  if (method == nullptr) return nullptr;
  PyObject* args[] = {self, other, kwvalue};
  return PyObject_VectorcallMethod(method, args, (other ? 2 : 1) | PY_VECTORCALL_ARGUMENTS_OFFSET,
                                   kwnames);
}

bool is_number(PyObject* obj) {
  return PyLong_Check(obj) || PyFloat_Check(obj) || PyComplex_Check(obj) ||
         (Py_TYPE(obj)->tp_as_number != nullptr &&
          (Py_TYPE(obj)->tp_as_number->nb_index != nullptr ||
           Py_TYPE(obj)->tp_as_number->nb_float != nullptr) &&
          !PySequence_Check(obj) && !is_tensor(obj));
}

// A TypeError from the method (`t + [1, 2]`) becomes NotImplemented, so that Python tries the
// other operand, as PyTorch's operators do.
PyObject* not_implemented_on_type_error(PyObject* result) {
  if (result == nullptr && PyErr_ExceptionMatches(PyExc_TypeError)) {
    PyErr_Clear();
    Py_RETURN_NOTIMPLEMENTED;
  }
  return result;
}

// `a op b` where either may be the tensor. A number on the left becomes a wrapped-number tensor
// (the type promotion of `2 - t` is that of `t - 2`), and the method of that tensor runs.
PyObject* binary(PyObject* a, PyObject* b, const char* method, PyObject* kwnames = nullptr,
                 PyObject* kwvalue = nullptr) {
  if (is_tensor(a))
    return not_implemented_on_type_error(call_named_method(a, method, b, kwnames, kwvalue));
  if (!is_number(a)) Py_RETURN_NOTIMPLEMENTED;
  PyObject* left = guarded([&] { return wrap(aten::detail::wrapped_scalar_tensor(to_scalar(a))); });
  if (left == nullptr) return nullptr;
  PyObject* result = call_named_method(left, method, b, kwnames, kwvalue);
  Py_DECREF(left);
  return result;
}

// `a + b` on two tensors skips the method lookup and the parser: the common case, kept short.
PyObject* nb_add(PyObject* a, PyObject* b) {
  if (is_tensor(a) && is_tensor(b))
    return guarded([&] { return wrap(aten::add(unpack(a), unpack(b))); });
  return binary(a, b, "add");
}
PyObject* nb_sub(PyObject* a, PyObject* b) {
  if (is_tensor(a) && is_tensor(b))
    return guarded([&] { return wrap(aten::sub(unpack(a), unpack(b))); });
  return binary(a, b, "sub");
}
PyObject* nb_mul(PyObject* a, PyObject* b) {
  if (is_tensor(a) && is_tensor(b))
    return guarded([&] { return wrap(aten::mul(unpack(a), unpack(b))); });
  return binary(a, b, "mul");
}
PyObject* nb_truediv(PyObject* a, PyObject* b) { return binary(a, b, "div"); }
PyObject* nb_floordiv(PyObject* a, PyObject* b) {
  static PyObject* const kwnames = Py_BuildValue("(s)", "rounding_mode");
  static PyObject* const floor = PyUnicode_InternFromString("floor");
  if (kwnames == nullptr || floor == nullptr) return nullptr;
  return binary(a, b, "div", kwnames, floor);
}
PyObject* nb_remainder(PyObject* a, PyObject* b) { return binary(a, b, "remainder"); }
PyObject* nb_power(PyObject* a, PyObject* b, PyObject* modulo) {
  if (modulo != Py_None) Py_RETURN_NOTIMPLEMENTED;
  return binary(a, b, "pow");
}
PyObject* nb_matmul(PyObject* a, PyObject* b) { return binary(a, b, "matmul"); }
PyObject* nb_and(PyObject* a, PyObject* b) { return binary(a, b, "bitwise_and"); }
PyObject* nb_or(PyObject* a, PyObject* b) { return binary(a, b, "bitwise_or"); }
PyObject* nb_xor(PyObject* a, PyObject* b) { return binary(a, b, "bitwise_xor"); }

PyObject* inplace(PyObject* a, PyObject* b, const char* method) {
  return not_implemented_on_type_error(call_named_method(a, method, b));
}
PyObject* nb_iadd(PyObject* a, PyObject* b) { return inplace(a, b, "add_"); }
PyObject* nb_isub(PyObject* a, PyObject* b) { return inplace(a, b, "sub_"); }
PyObject* nb_imul(PyObject* a, PyObject* b) { return inplace(a, b, "mul_"); }
PyObject* nb_itruediv(PyObject* a, PyObject* b) { return inplace(a, b, "div_"); }
PyObject* nb_iremainder(PyObject* a, PyObject* b) { return inplace(a, b, "remainder_"); }
PyObject* nb_ipower(PyObject* a, PyObject* b, PyObject*) { return inplace(a, b, "pow_"); }
PyObject* nb_iand(PyObject* a, PyObject* b) { return inplace(a, b, "bitwise_and_"); }
PyObject* nb_ior(PyObject* a, PyObject* b) { return inplace(a, b, "bitwise_or_"); }
PyObject* nb_ixor(PyObject* a, PyObject* b) { return inplace(a, b, "bitwise_xor_"); }

PyObject* nb_neg(PyObject* a) { return call_named_method(a, "neg", nullptr); }
PyObject* nb_abs(PyObject* a) { return call_named_method(a, "abs", nullptr); }
PyObject* nb_invert(PyObject* a) { return call_named_method(a, "bitwise_not", nullptr); }
PyObject* nb_pos(PyObject* a) {
  return guarded([&] { return wrap(unpack(a)); });
}

// bool(t), int(t), float(t), operator.index(t): one element, as PyTorch.
int nb_bool(PyObject* a) {
  try {
    const auto& t = unpack(a);
    ATEN_CHECK(t.numel() != 0, "Boolean value of Tensor with no values is ambiguous");
    ATEN_CHECK(t.numel() == 1, "Boolean value of Tensor with more than one value is ambiguous");
    return t.item<bool>() ? 1 : 0;
  } catch (...) {
    set_error_from_exception();
    return -1;
  }
}
PyObject* not_one_element() {
  PyErr_SetString(PyExc_TypeError, "only one element tensors can be converted to Python scalars");
  return nullptr;
}
PyObject* nb_int(PyObject* a) {
  if (unpack(a).numel() != 1) return not_one_element();
  return guarded([&] { return PyLong_FromLongLong(unpack(a).item<int64_t>()); });
}
PyObject* nb_float(PyObject* a) {
  if (unpack(a).numel() != 1) return not_one_element();
  return guarded([&] { return PyFloat_FromDouble(unpack(a).item<double>()); });
}
PyObject* nb_index(PyObject* a) {
  const auto& t = unpack(a);
  if (t.numel() != 1 || !aten::isIntegralType(t.scalar_type(), true)) {
    PyErr_SetString(PyExc_TypeError,
                    "only integer tensors of a single element can be converted to an index");
    return nullptr;
  }
  return guarded([&] { return PyLong_FromLongLong(t.item<int64_t>()); });
}

PyObject* richcompare(PyObject* a, PyObject* b, int op) {
  static const char* const names[] = {"lt", "le", "eq", "ne", "gt", "ge"};
  if (!is_tensor(a)) Py_RETURN_NOTIMPLEMENTED;
  return not_implemented_on_type_error(call_named_method(a, names[op], b));
}

Py_hash_t hash(PyObject* a) { return _Py_HashPointer(a); }

// ---- sequence protocol: len(t), iteration over dim 0 ----

Py_ssize_t length(PyObject* a) {
  const auto& t = unpack(a);
  if (t.dim() == 0) {
    PyErr_SetString(PyExc_TypeError, "len() of a 0-d tensor");
    return -1;
  }
  return static_cast<Py_ssize_t>(t.sizes()[0]);
}

PyObject* iter(PyObject* a) {
  if (unpack(a).dim() == 0) {
    PyErr_SetString(PyExc_TypeError, "iteration over a 0-d tensor");
    return nullptr;
  }
  return PySeqIter_New(a);
}

PyObject* sq_item(PyObject* a, Py_ssize_t i) {
  return guarded([&]() -> PyObject* {
    const auto& t = unpack(a);
    if (i >= t.sizes()[0]) {
      PyErr_Format(PyExc_IndexError, "index %zd is out of bounds for dimension 0 with size %lld", i,
                   static_cast<long long>(t.sizes()[0]));
      return nullptr;
    }
    return wrap(t.select(0, i));
  });
}

// ---- properties ----

PyObject* get_shape(PyObject* a, void*) {
  const auto& t = unpack(a);
  PyObject* tuple = PyTuple_New(t.dim());
  for (int64_t i = 0; i < t.dim(); ++i)
    PyTuple_SET_ITEM(tuple, i, PyLong_FromLongLong(t.sizes()[i]));
  return tuple;
}
PyObject* get_dtype(PyObject* a, void*) { return Py_NewRef(dtype_object(unpack(a).scalar_type())); }
PyObject* get_device(PyObject* a, void*) { return Py_NewRef(device_object(unpack(a).device())); }
PyObject* get_layout(PyObject*, void*) { return Py_NewRef(strided_layout()); }
PyObject* get_ndim(PyObject* a, void*) { return PyLong_FromLongLong(unpack(a).dim()); }
PyObject* get_is_meta(PyObject* a, void*) { return PyBool_FromLong(unpack(a).is_meta()); }
PyObject* get_T(PyObject* a, void*) {
  return guarded([&] {
    const auto& t = unpack(a);
    std::vector<int64_t> dims(t.dim());
    for (int64_t i = 0; i < t.dim(); ++i) dims[i] = t.dim() - 1 - i;
    return wrap(t.permute(dims));
  });
}
PyObject* get_data(PyObject* a, void*) {
  return guarded([&] { return wrap(unpack(a).detach()); });
}
int set_data(PyObject* a, PyObject* value, void*) {
  if (value == nullptr || !is_tensor(value)) {
    PyErr_SetString(PyExc_TypeError, "Tensor.data must be set to a Tensor");
    return -1;
  }
  // The handle is replaced: other Python objects holding the old tensor keep it.
  const bool requires_grad = unpack(a).requires_grad();
  try {
    aten::Tensor fresh = unpack(value).detach();
    if (requires_grad) fresh.requires_grad_(true);
    unpack_mutable(a) = std::move(fresh);
  } catch (...) {
    set_error_from_exception();
    return -1;
  }
  return 0;
}
PyObject* get_version(PyObject* a, void*) { return PyLong_FromLongLong(unpack(a)._version()); }

PyGetSetDef base_getset[] = {
    {"shape", get_shape, nullptr, nullptr, nullptr},
    {"dtype", get_dtype, nullptr, nullptr, nullptr},
    {"device", get_device, nullptr, nullptr, nullptr},
    {"layout", get_layout, nullptr, nullptr, nullptr},
    {"ndim", get_ndim, nullptr, nullptr, nullptr},
    {"is_meta", get_is_meta, nullptr, nullptr, nullptr},
    {"T", get_T, nullptr, nullptr, nullptr},
    {"data", get_data, set_data, nullptr, nullptr},
    {"_version", get_version, nullptr, nullptr, nullptr},
};

// ---- plain methods that are not operators ----

PyObject* m_size(PyObject* a, PyObject* const* args, Py_ssize_t nargs) {
  if (nargs == 0) return get_shape(a, nullptr);
  return guarded([&] { return PyLong_FromLongLong(unpack(a).size(to_int64(args[0]))); });
}
PyObject* m_stride(PyObject* a, PyObject* const* args, Py_ssize_t nargs) {
  const auto& t = unpack(a);
  if (nargs == 0) {
    PyObject* tuple = PyTuple_New(t.dim());
    for (int64_t i = 0; i < t.dim(); ++i)
      PyTuple_SET_ITEM(tuple, i, PyLong_FromLongLong(t.strides()[i]));
    return tuple;
  }
  return guarded([&] { return PyLong_FromLongLong(t.stride(to_int64(args[0]))); });
}
PyObject* m_dim(PyObject* a, PyObject*) { return PyLong_FromLongLong(unpack(a).dim()); }
PyObject* m_numel(PyObject* a, PyObject*) { return PyLong_FromLongLong(unpack(a).numel()); }
PyObject* m_element_size(PyObject* a, PyObject*) {
  return PyLong_FromLongLong(unpack(a).element_size());
}
PyObject* m_storage_offset(PyObject* a, PyObject*) {
  return PyLong_FromLongLong(unpack(a).storage_offset());
}
PyObject* m_data_ptr(PyObject* a, PyObject*) {
  return guarded([&] { return PyLong_FromVoidPtr(unpack(a).data_ptr()); });
}
PyObject* m_is_contiguous(PyObject* a, PyObject* const* args, Py_ssize_t nargs) {
  return guarded([&] {
    auto format = nargs > 0 ? to_memory_format(args[0]) : aten::MemoryFormat::Contiguous;
    return PyBool_FromLong(unpack(a).is_contiguous(format));
  });
}
PyObject* m_is_floating_point(PyObject* a, PyObject*) {
  return PyBool_FromLong(aten::isFloatingType(unpack(a).scalar_type()));
}
PyObject* m_is_complex(PyObject* a, PyObject*) {
  return PyBool_FromLong(aten::isComplexType(unpack(a).scalar_type()));
}
PyObject* m_item(PyObject* a, PyObject*) {
  return guarded([&] {
    const auto& t = unpack(a);
    ATEN_CHECK(t.numel() == 1, "a Tensor with ", t.numel(),
               " elements cannot be converted to Scalar");
    return to_python(t.item());
  });
}

// Subclasses (miniaten.nn.Parameter) are made from an existing tensor, sharing its data.
PyObject* m_make_subclass(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  if (nargs < 2 || !PyType_Check(args[0]) ||
      !PyType_IsSubtype(reinterpret_cast<PyTypeObject*>(args[0]), tensor_type) ||
      !is_tensor(args[1])) {
    PyErr_SetString(
        PyExc_TypeError,
        "_make_subclass(cls, data, requires_grad=False): cls must be a Tensor subclass");
    return nullptr;
  }
  bool requires_grad = nargs > 2 && PyObject_IsTrue(args[2]);
  return guarded([&] {
    aten::Tensor t = unpack(args[1]).detach();
    if (requires_grad) t.requires_grad_(true);
    return wrap(std::move(t), reinterpret_cast<PyTypeObject*>(args[0]));
  });
}

#define FAST(f) reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(f))
PyMethodDef base_methods[] = {
    {"size", FAST(m_size), METH_FASTCALL, nullptr},
    {"stride", FAST(m_stride), METH_FASTCALL, nullptr},
    {"dim", m_dim, METH_NOARGS, nullptr},
    {"ndimension", m_dim, METH_NOARGS, nullptr},
    {"numel", m_numel, METH_NOARGS, nullptr},
    {"element_size", m_element_size, METH_NOARGS, nullptr},
    {"storage_offset", m_storage_offset, METH_NOARGS, nullptr},
    {"data_ptr", m_data_ptr, METH_NOARGS, nullptr},
    {"is_contiguous", FAST(m_is_contiguous), METH_FASTCALL, nullptr},
    {"is_floating_point", m_is_floating_point, METH_NOARGS, nullptr},
    {"is_complex", m_is_complex, METH_NOARGS, nullptr},
    {"item", m_item, METH_NOARGS, nullptr},
    {"_make_subclass", FAST(m_make_subclass), METH_FASTCALL | METH_STATIC, nullptr},
};
#undef FAST

PyMemberDef members[] = {
    {"__weaklistoffset__", T_PYSSIZET, offsetof(PyTensor, weakrefs), READONLY, nullptr},
    {nullptr, 0, 0, 0, nullptr},
};

template <typename T, size_t N>
void append(std::vector<T>& to, const T (&from)[N]) {
  to.insert(to.end(), from, from + N);
}

}  // namespace

bool init_tensor_type(PyObject* module) {
  // The tables live as long as the type: the process.
  static std::vector<PyMethodDef> methods;
  static std::vector<PyGetSetDef> getset;
  append(methods, base_methods);
  for (const auto* extra : {&methods_0(), &methods_1(), &autograd_methods(), &interop_methods()}) {
    methods.insert(methods.end(), extra->begin(), extra->end());
  }
  methods.push_back({nullptr, nullptr, 0, nullptr});
  append(getset, base_getset);
  getset.insert(getset.end(), autograd_getset().begin(), autograd_getset().end());
  getset.insert(getset.end(), interop_getset().begin(), interop_getset().end());
  getset.push_back({nullptr, nullptr, nullptr, nullptr, nullptr});

  PyType_Slot slots[] = {
      {Py_tp_dealloc, reinterpret_cast<void*>(dealloc)},
      {Py_tp_repr, reinterpret_cast<void*>(repr)},
      {Py_tp_str, reinterpret_cast<void*>(repr)},
      {Py_tp_hash, reinterpret_cast<void*>(hash)},
      {Py_tp_richcompare, reinterpret_cast<void*>(richcompare)},
      {Py_tp_iter, reinterpret_cast<void*>(iter)},
      {Py_tp_methods, methods.data()},
      {Py_tp_getset, getset.data()},
      {Py_tp_members, members},
      {Py_nb_add, reinterpret_cast<void*>(nb_add)},
      {Py_nb_subtract, reinterpret_cast<void*>(nb_sub)},
      {Py_nb_multiply, reinterpret_cast<void*>(nb_mul)},
      {Py_nb_true_divide, reinterpret_cast<void*>(nb_truediv)},
      {Py_nb_floor_divide, reinterpret_cast<void*>(nb_floordiv)},
      {Py_nb_remainder, reinterpret_cast<void*>(nb_remainder)},
      {Py_nb_power, reinterpret_cast<void*>(nb_power)},
      {Py_nb_matrix_multiply, reinterpret_cast<void*>(nb_matmul)},
      {Py_nb_and, reinterpret_cast<void*>(nb_and)},
      {Py_nb_or, reinterpret_cast<void*>(nb_or)},
      {Py_nb_xor, reinterpret_cast<void*>(nb_xor)},
      {Py_nb_inplace_add, reinterpret_cast<void*>(nb_iadd)},
      {Py_nb_inplace_subtract, reinterpret_cast<void*>(nb_isub)},
      {Py_nb_inplace_multiply, reinterpret_cast<void*>(nb_imul)},
      {Py_nb_inplace_true_divide, reinterpret_cast<void*>(nb_itruediv)},
      {Py_nb_inplace_remainder, reinterpret_cast<void*>(nb_iremainder)},
      {Py_nb_inplace_power, reinterpret_cast<void*>(nb_ipower)},
      {Py_nb_inplace_and, reinterpret_cast<void*>(nb_iand)},
      {Py_nb_inplace_or, reinterpret_cast<void*>(nb_ior)},
      {Py_nb_inplace_xor, reinterpret_cast<void*>(nb_ixor)},
      {Py_nb_negative, reinterpret_cast<void*>(nb_neg)},
      {Py_nb_positive, reinterpret_cast<void*>(nb_pos)},
      {Py_nb_absolute, reinterpret_cast<void*>(nb_abs)},
      {Py_nb_invert, reinterpret_cast<void*>(nb_invert)},
      {Py_nb_bool, reinterpret_cast<void*>(nb_bool)},
      {Py_nb_int, reinterpret_cast<void*>(nb_int)},
      {Py_nb_float, reinterpret_cast<void*>(nb_float)},
      {Py_nb_index, reinterpret_cast<void*>(nb_index)},
      {Py_mp_length, reinterpret_cast<void*>(length)},
      {Py_mp_subscript, reinterpret_cast<void*>(index_get)},
      {Py_mp_ass_subscript, reinterpret_cast<void*>(index_set)},
      {Py_sq_length, reinterpret_cast<void*>(length)},
      {Py_sq_item, reinterpret_cast<void*>(sq_item)},
      {Py_bf_getbuffer, reinterpret_cast<void*>(get_buffer)},
      {Py_bf_releasebuffer, reinterpret_cast<void*>(release_buffer)},
      {0, nullptr},
  };
  PyType_Spec spec{"miniaten.Tensor", sizeof(PyTensor), 0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
                   slots};
  tensor_type = reinterpret_cast<PyTypeObject*>(PyType_FromSpec(&spec));
  if (tensor_type == nullptr) return false;
  return PyModule_AddObjectRef(module, "Tensor", reinterpret_cast<PyObject*>(tensor_type)) == 0;
}

}  // namespace miniaten::python
