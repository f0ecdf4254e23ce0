#pragma once
// The small immutable objects that name tensor properties: miniaten.float32 (a dtype),
// miniaten.strided (a layout), miniaten.device('cpu'), miniaten.channels_last (a memory format).
// One object per value, made at import, so `t.dtype is miniaten.float32` holds as in PyTorch.
#include "PythonHeader.h"

#include <aten/core/Device.h>
#include <aten/core/MemoryFormat.h>
#include <aten/core/ScalarType.h>

#include <string_view>

namespace miniaten::python {

bool init_objects(PyObject* module);

bool is_dtype(PyObject* obj);
aten::ScalarType dtype_value(PyObject* dtype);
PyObject* dtype_object(aten::ScalarType t);      // borrowed
PyObject* dtype_by_name(std::string_view name);  // borrowed; nullptr if unknown

bool is_layout(PyObject* obj);
PyObject* strided_layout();  // borrowed

bool is_device(PyObject* obj);
aten::Device device_value(PyObject* device);
PyObject* device_object(aten::Device d);  // borrowed

bool is_memory_format(PyObject* obj);
aten::MemoryFormat memory_format_value(PyObject* format);
PyObject* memory_format_by_name(std::string_view name);  // borrowed; nullptr if unknown

}  // namespace miniaten::python
