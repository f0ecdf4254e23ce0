#include "Bindings.h"

#include "Errors.h"

#include <sstream>
#include <string>
#include <vector>

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

// The named tuple type miniaten.return_types.<name> with these fields (as
// torch.return_types.sort: a tuple whose items are also attributes).
PyTypeObject* make_return_type(const char* name, const char* fields) {
  // PyStructSequence keeps pointers to the names and the description: they live as long as the
  // type, for the life of the process.
  auto* names = new std::vector<std::string>();
  std::istringstream in(fields);
  for (std::string f; in >> f;) names->push_back(f);
  auto* members = new std::vector<PyStructSequence_Field>();
  for (const std::string& f : *names) members->push_back({f.c_str(), nullptr});
  members->push_back({nullptr, nullptr});
  auto* type_name = new std::string("miniaten.return_types." + std::string(name));
  auto* desc = new PyStructSequence_Desc{type_name->c_str(), nullptr, members->data(),
                                         static_cast<int>(names->size())};
  return PyStructSequence_NewType(desc);
}

// A tuple result of overload i, which has named returns, as its named tuple (steals `result`).
PyObject* named(const OverloadSet& set, size_t i, PyObject* result) {
  if (result == nullptr || !PyTuple_Check(result)) return result;
  PyTypeObject* type = set.return_type(i);
  PyObject* out = type == nullptr ? nullptr : PyStructSequence_New(type);
  if (out == nullptr) {
    Py_DECREF(result);
    return nullptr;
  }
  for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(result); ++k)
    PyStructSequence_SetItem(out, k, Py_NewRef(PyTuple_GET_ITEM(result, k)));
  Py_DECREF(result);
  return out;
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
      return o.fields != nullptr ? named(set, i, result) : result;
    }
    return no_match(set, self != nullptr, args, nargs, kwnames);
  } catch (...) {
    return set_error_from_exception();
  }
}

}  // namespace

PyTypeObject* OverloadSet::return_type(size_t i) const {
  // Filled on first use, under the GIL, as parsed_.
  if (return_types_.empty()) return_types_.assign(overloads.size(), nullptr);
  if (return_types_[i] == nullptr) return_types_[i] = make_return_type(name, overloads[i].fields);
  return return_types_[i];
}

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
