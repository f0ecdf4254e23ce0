#pragma once
// The pieces of the generated ATEN_DISPATCH_<op>_TYPES macros: one switch case per declared
// dtype, binding scalar_t for the kernel lambda, and the error for every other dtype.
#include <aten/core/ScalarType.h>

#include <cstdint>

namespace aten::detail {
[[noreturn]] void dtype_not_implemented(const char* op, ScalarType t);
}  // namespace aten::detail

// scalar_t is maybe_unused: a kernel may switch on dtype for a check alone.
#define ATEN_DTYPE_CASE(NAME, CTYPE, ...)    \
  case ::aten::ScalarType::NAME: {           \
    using scalar_t [[maybe_unused]] = CTYPE; \
    return __VA_ARGS__();                    \
  }
