#pragma once
// miniaten.Generator (a handle on aten::Generator: manual_seed, seed, initial_seed,
// get_state/set_state) and the module's default one (miniaten.manual_seed, default_generator).
#include "PythonHeader.h"

#include <aten/core/Generator.h>

namespace miniaten::python {

bool init_random(PyObject* module);
bool is_generator(PyObject* obj);
aten::Generator generator_value(PyObject* obj);

}  // namespace miniaten::python
