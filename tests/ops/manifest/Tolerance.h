#pragma once
// How close a result must be to the reference, per result dtype: about two units in the last
// place of the dtype, since the reference is rounded to the result dtype too and a kernel may
// compute in a narrower type (float for Half) or with a ≤ 2 ULP vectorized function.
#include <aten/core/ScalarType.h>

namespace aten::optest {

struct Tolerance {
  double atol, rtol;
};

inline Tolerance tolerance_for(ScalarType dtype, double scale = 1.0) {
  Tolerance t{0, 0};  // integral and Bool results are exact
  switch (dtype) {
    case ScalarType::Float:
    case ScalarType::ComplexFloat:
      t = {1e-5, 1e-5};
      break;
    case ScalarType::Double:
    case ScalarType::ComplexDouble:
      t = {1e-12, 1e-12};
      break;
    case ScalarType::Half:
      t = {2e-3, 2e-3};
      break;
    case ScalarType::ComplexHalf:
      // Twice Half's: ATen's ComplexHalf arithmetic rounds after each operation (add with an
      // alpha rounds alpha * other, then the sum), where Half rounds once.
      t = {4e-3, 4e-3};
      break;
    case ScalarType::BFloat16:
      t = {1.6e-2, 1.6e-2};
      break;
    default:
      break;
  }
  return {t.atol * scale, t.rtol * scale};
}

}  // namespace aten::optest
