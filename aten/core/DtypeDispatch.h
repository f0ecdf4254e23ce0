#pragma once
// The pieces of the generated ATEN_DISPATCH_<op>_TYPES macros: one switch case per declared
// dtype, binding scalar_t for the kernel lambda, and the error for every other dtype.
#include <aten/core/ScalarType.h>

#include <cstdint>

namespace aten::detail {
[[noreturn]] void dtype_not_implemented(const char* op, ScalarType t);
}  // namespace aten::detail

#define ATEN_DTYPE_CASE(NAME, CTYPE, ...) \
  case ::aten::ScalarType::NAME: {        \
    using scalar_t = CTYPE;               \
    return __VA_ARGS__();                 \
  }
