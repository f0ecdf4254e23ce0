#pragma once
// What the generated bindings (generated/python/bindings_<k>.cpp) are written against: a row
// per overload, a set per Python name, and the two entry points Python calls. The matching,
// the errors and the conversions are here and in Arguments.h, the same for every operator.
#include "Arguments.h"
#include "PythonHeader.h"

#include <span>
#include <vector>

namespace miniaten::python {

using BoundCall = PyObject* (*)(Arguments&);

// One overload: its arguments as schema text, parsed on first use (Signature.h).
struct Overload {
  const char* signature;
  int outs;
  bool function;
  bool method;
  const char* fields;  // several named returns: the named tuple's fields, space-separated
  BoundCall call;
};

// Every overload of one Python name, in the order they are tried.
struct OverloadSet {
  OverloadSet(const char* name, std::span<const Overload> overloads)
      : name(name), overloads(overloads) {}

  const char* name;
  std::span<const Overload> overloads;
  // Parsed on the first call (import stays fast); the GIL serialises that.
  const std::vector<Signature>& signatures() const;
  // Overload i's named tuple type (it has `fields`), made on its first call.
  PyTypeObject* return_type(size_t i) const;

 private:
  mutable std::vector<Signature> parsed_;
  mutable std::vector<PyTypeObject*> return_types_;
};

// miniaten.<name>(...) and Tensor.<name>(...); `self` is the tensor of a method call.
PyObject* call_function(const OverloadSet& set, PyObject* const* args, Py_ssize_t nargs,
                        PyObject* kwnames);
PyObject* call_method(const OverloadSet& set, PyObject* self, PyObject* const* args,
                      Py_ssize_t nargs, PyObject* kwnames);

using FastCall = PyObject* (*)(PyObject*, PyObject* const*, Py_ssize_t, PyObject*);
inline PyMethodDef entry(const char* name, FastCall f) {
  return {name, reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(f)),
          METH_FASTCALL | METH_KEYWORDS, nullptr};
}

// The generated tables of each shard.
const std::vector<PyMethodDef>& functions_0();
const std::vector<PyMethodDef>& methods_0();
const std::vector<PyMethodDef>& functions_1();
const std::vector<PyMethodDef>& methods_1();

}  // namespace miniaten::python
