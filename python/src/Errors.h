#pragma once
// C++ exceptions become Python ones at the module's boundary, with the C++ message unchanged:
// aten::IndexError -> IndexError, aten::ValueError -> ValueError, aten::TypeError -> TypeError,
// any other aten::Error -> RuntimeError, as PyTorch maps c10's errors.
#include "PythonHeader.h"

namespace miniaten::python {

// Call inside `catch (...)`: sets the Python error for the exception in flight; returns NULL.
PyObject* set_error_from_exception();

// Runs f() (which returns a new reference or NULL with an error set), turning a C++ exception
// into the Python error.
template <typename F>
PyObject* guarded(F&& f) {
  try {
    return f();
  } catch (...) {
    return set_error_from_exception();
  }
}

}  // namespace miniaten::python
