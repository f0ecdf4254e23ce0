#pragma once
// The types reductions accumulate in (ATen's CPU acc_type): integers and bool in int64, Float
// and Double in double, Half and BFloat16 in float, complex in complex<double>.
#include <aten/core/BFloat16.h>
#include <aten/core/Half.h>

#include <complex>
#include <cstdint>
#include <type_traits>

namespace aten::native {

template <typename T>
struct SumAcc {
  using type = std::conditional_t<std::is_integral_v<T>, int64_t, double>;
};
template <>
struct SumAcc<Half> {
  using type = float;
};
template <>
struct SumAcc<BFloat16> {
  using type = float;
};
template <typename T>
struct SumAcc<std::complex<T>> {
  using type = std::complex<double>;
};
template <typename T>
using sum_acc_t = typename SumAcc<T>::type;

}  // namespace aten::native
