#pragma once
// The C++ layers and optimizers (nn/, target aten_nn) for miniaten.nn and miniaten.optim:
// `_C._Layer`, a handle on one aten::nn module (forward, named parameters and buffers,
// train/eval), made by `_C._layer(kind, ...)`, and `_C._Optimizer`, a handle on an
// aten::optim optimizer (step with its fused update kernels, zero_grad, state_dict), made by
// `_C._optimizer(kind, params, ...)`; and the tensor archive of nn/Serialize.h
// (`_save_archive`, `_load_archive`). The Python package composes them (python/miniaten/nn,
// optim.py, miniaten.save / load).
#include "PythonHeader.h"

namespace miniaten::python {

bool init_nn(PyObject* module);

}  // namespace miniaten::python
