#include "Errors.h"

#include "Convert.h"

#include <aten/core/Error.h>

#include <new>

namespace miniaten::python {

PyObject* set_error_from_exception() {
  try {
    throw;
  } catch (const PythonError&) {
    // Already set (a conversion, or a Python hook that raised).
  } catch (const aten::IndexError& e) {
    PyErr_SetString(PyExc_IndexError, e.what());
  } catch (const aten::ValueError& e) {
    PyErr_SetString(PyExc_ValueError, e.what());
  } catch (const aten::TypeError& e) {
    PyErr_SetString(PyExc_TypeError, e.what());
  } catch (const aten::Error& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
  return nullptr;
}

}  // namespace miniaten::python
