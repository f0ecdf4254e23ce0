#pragma once
// The dtype switch of a kernel whose iterator computes in floating point (true division,
// atan2): its op declares integer and Bool inputs too, but those reach the kernel already
// promoted to Float, so instantiating the kernel for them would only cost compile time.
//
//   dispatch_floating<kWithComplex>(iter.common_dtype(), "div", [&](auto tag) {
//     using scalar_t = decltype(tag);
//     ...
//   });
//
// Any other dtype gets the generated switches' error, `"div" not implemented for 'X'`.
#include <aten/core/BFloat16.h>
#include <aten/core/DtypeDispatch.h>
#include <aten/core/Half.h>

#include <complex>

namespace aten::native {

template <bool kWithComplex, typename F>
void dispatch_floating(ScalarType t, const char* op, F&& f) {
  switch (t) {
    case ScalarType::Float:
      return f(float{});
    case ScalarType::Double:
      return f(double{});
    case ScalarType::Half:
      return f(Half{});
    case ScalarType::BFloat16:
      return f(BFloat16{});
    // The two complex branches differ in what the if constexpr calls, which clang-tidy's
    // clone check does not see.
    case ScalarType::ComplexFloat:  // NOLINT(bugprone-branch-clone)
      if constexpr (kWithComplex) return f(std::complex<float>{});
      break;
    case ScalarType::ComplexDouble:
      if constexpr (kWithComplex) return f(std::complex<double>{});
      break;
    default:
      break;
  }
  detail::dtype_not_implemented(op, t);
}

}  // namespace aten::native
