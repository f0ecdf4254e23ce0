#pragma once
// Python.h with the definitions every file of the module wants before it.
#define PY_SSIZE_T_CLEAN
#include <Python.h>
