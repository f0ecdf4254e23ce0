#pragma once
// fill_'s kernel: writes one value into every element of operand 0. Kernels live in
// native/cpu/FillKernel.cpp.
#include <aten/core/Scalar.h>
#include <aten/cpu/DispatchStub.h>
#include <aten/iterator/TensorIterator.h>

#include <type_traits>

namespace aten::native {

using fill_fn = void (*)(TensorIteratorBase& iter, const Scalar& value);
ATEN_DECLARE_DISPATCH(fill_fn, fill_stub);

// value as fill_ writes it into a tensor of scalar_t: with Scalar's overflow checks for
// scalar_t, except that ComplexHalf is checked as complex<float> and then rounded (1e10 fills
// inf), as in ATen.
template <typename scalar_t>
scalar_t fill_value(const Scalar& value) {
  if constexpr (std::is_same_v<scalar_t, complex<Half>>) {
    return scalar_t(value.to<complex<float>>());
  } else {
    return value.to<scalar_t>();
  }
}

}  // namespace aten::native
