#include "Bindings.h"

#include "Errors.h"

#include <string>

namespace miniaten::python {
namespace {

std::string describe_call(PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  std::string got = "(";
  const Py_ssize_t nkw = kwnames == nullptr ? 0 : PyTuple_GET_SIZE(kwnames);
  for (Py_ssize_t i = 0; i < nargs + nkw; ++i) {
    if (i > 0) got += ", ";
    if (i >= nargs)
      got += std::string(PyUnicode_AsUTF8(PyTuple_GET_ITEM(kwnames, i - nargs))) + "=";
    got += python_type_name(args[i]);
  }
  return got + ")";
}

// PyTorch's message: what was passed, then every signature the name accepts.
PyObject* no_match(const OverloadSet& set, bool method, PyObject* const* args, Py_ssize_t nargs,
                   PyObject* kwnames) {
  std::string message = std::string(set.name) +
                        "() received an invalid combination of arguments - got " +
                        describe_call(args, nargs, kwnames) + ", but expected one of:";
  const auto& sigs = set.signatures();
  for (size_t i = 0; i < sigs.size(); ++i) {
    if (method ? set.overloads[i].method : set.overloads[i].function) {
      message += "\n * " + sigs[i].to_string(method);
    }
  }
  PyErr_SetString(PyExc_TypeError, message.c_str());
  return nullptr;
}

PyObject* call(const OverloadSet& set, PyObject* self, PyObject* const* args, Py_ssize_t nargs,
               PyObject* kwnames) {
  try {
    const auto& sigs = set.signatures();
    Arguments a;
    for (size_t i = 0; i < sigs.size(); ++i) {
      const Overload& o = set.overloads[i];
      if (!(self != nullptr ? o.method : o.function) ||
          !sigs[i].match(self, args, nargs, kwnames, a))
        continue;
      PyObject* result = o.call(a);
      if (result != nullptr && a.requires_grad() && is_tensor(result))
        unpack(result).requires_grad_(true);
      return result;
    }
    return no_match(set, self != nullptr, args, nargs, kwnames);
  } catch (...) {
    return set_error_from_exception();
  }
}

}  // namespace

const std::vector<Signature>& OverloadSet::signatures() const {
  if (parsed_.empty()) {
    std::vector<Signature> parsed;
    parsed.reserve(overloads.size());
    for (const Overload& o : overloads) parsed.push_back(parse_signature(o.signature, o.outs));
    parsed_ = std::move(parsed);
  }
  return parsed_;
}

PyObject* call_function(const OverloadSet& set, PyObject* const* args, Py_ssize_t nargs,
                        PyObject* kwnames) {
  return call(set, nullptr, args, PyVectorcall_NARGS(nargs), kwnames);
}

PyObject* call_method(const OverloadSet& set, PyObject* self, PyObject* const* args,
                      Py_ssize_t nargs, PyObject* kwnames) {
  return call(set, self, args, PyVectorcall_NARGS(nargs), kwnames);
}

}  // namespace miniaten::python
