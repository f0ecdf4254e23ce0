#pragma once
// The pieces of the generated dtype switches (ATEN_DISPATCH_<op>_TYPES in <aten/ops/<op>_dtypes.h>,
// the group macros of <aten/Dispatch.h>): one switch case per declared dtype, binding scalar_t
// for the kernel lambda, and the error for every other dtype. The generator emits only which
// cases a switch has (a dtype set's cases macro, <aten/dtype_sets/<set>.h>) and which name its
// error carries; the switch itself is written once, here.
#include <aten/core/ScalarType.h>

#include <cstdint>

namespace aten::detail {
[[noreturn]] void dtype_not_implemented(const char* op, ScalarType t);
[[noreturn]] void dtype_not_in_test_copy(ScalarType t);

// The dtypes every kernel copy holds: those with vector code of their own for each CPU
// capability, and Bool, the dtype of masks and of comparisons' results. A kernel copy built for
// the tests alone (CPU_CAPABILITY_TEST_COPY, cmake/CpuKernels.cmake) holds these only; the
// DispatchStub runs a call with any other dtype in the copy the machine runs, where that dtype's
// code (the same scalar source in every copy) is compiled once.
constexpr bool in_every_kernel_copy(ScalarType t) {
  return t == ScalarType::Bool || t == ScalarType::Int || t == ScalarType::Long ||
         t == ScalarType::Float || t == ScalarType::Double;
}
}  // namespace aten::detail

// scalar_t is maybe_unused: a kernel may switch on dtype for a check alone.
#ifndef CPU_CAPABILITY_TEST_COPY
#define ATEN_DTYPE_CASE(NAME, CTYPE, ...)    \
  case ::aten::ScalarType::NAME: {           \
    using scalar_t [[maybe_unused]] = CTYPE; \
    return __VA_ARGS__();                    \
  }
#else
// A case the copy does not hold compiles to an error the DispatchStub's routing never reaches:
// the kernel lambda in the discarded branch is not instantiated, which takes a third off the
// copy's build.
#define ATEN_DTYPE_CASE(NAME, CTYPE, ...)                                           \
  case ::aten::ScalarType::NAME: {                                                  \
    using scalar_t [[maybe_unused]] = CTYPE;                                        \
    if constexpr (::aten::detail::in_every_kernel_copy(::aten::ScalarType::NAME)) { \
      return __VA_ARGS__();                                                         \
    } else {                                                                        \
      ::aten::detail::dtype_not_in_test_copy(::aten::ScalarType::NAME);             \
    }                                                                               \
  }
#endif

// Runs the lambda `...` with scalar_t bound to TYPE's C++ type when TYPE is one of CASES, and
// throws `"NAME" not implemented for '<dtype>'` otherwise. CASES is the name of a dtype set's
// cases macro (ATEN_DTYPE_SET_all_Bool), which expands to one ATEN_DTYPE_CASE per dtype of the
// set around the lambda. The immediately called lambda makes the switch an expression whose
// value is the kernel lambda's.
#define ATEN_DTYPE_SWITCH(NAME, TYPE, CASES, ...)          \
  [&] {                                                    \
    switch (TYPE) {                                        \
      CASES(__VA_ARGS__)                                   \
      default:                                             \
        ::aten::detail::dtype_not_implemented(NAME, TYPE); \
    }                                                      \
  }()
