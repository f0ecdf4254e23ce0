#include "Bindings.h"

#include "Errors.h"

#include <map>
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

// The named tuple type miniaten.return_types.<name> with these fields, made on first use (as
// torch.return_types.sort: a tuple whose items are also attributes).
PyTypeObject* return_type(const char* name, const char* fields) {
  static std::map<std::string, PyTypeObject*> types;
  const std::string key = std::string(name) + ":" + fields;
  if (auto it = types.find(key); it != types.end()) return it->second;
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
  PyTypeObject* type = PyStructSequence_NewType(desc);
  if (type != nullptr) types.emplace(key, type);
  return type;
}

// A tuple result of an overload with named returns, as that named tuple (steals `result`).
PyObject* named(const char* name, const char* fields, PyObject* result) {
  if (result == nullptr || !PyTuple_Check(result)) return result;
  PyTypeObject* type = return_type(name, fields);
  PyObject* out = type == nullptr ? nullptr : PyStructSequence_New(type);
  if (out == nullptr) {
    Py_DECREF(result);
    return nullptr;
  }
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(result); ++i)
    PyStructSequence_SetItem(out, i, Py_NewRef(PyTuple_GET_ITEM(result, i)));
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
      return o.fields != nullptr ? named(set.name, o.fields, result) : result;
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
