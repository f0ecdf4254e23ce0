#pragma once
// aten::Tensor: TensorBase plus one method per operator variant declared `method` in
// native_functions.yaml. The class is generated; this header is where code asks for it.
#include <aten/core/TensorBody.h>
