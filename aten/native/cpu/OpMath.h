#pragma once
// Element arithmetic shared by the pointwise kernels (header-only, included by files compiled
// once per CPU capability):
//   - opmath_t<T>: the type T's arithmetic runs in. Half and BFloat16 compute in float and
//     round once at the end, as ATen's kernels do (opmath_type); complex<Half> in
//     complex<float>.
//   - wrapping integer + - * and negation: two's complement results without signed-overflow
//     undefined behaviour, matching what the vector instructions give.
//   - is_nan for every element type (false for integers).
#include <aten/core/BFloat16.h>
#include <aten/core/Complex.h>
#include <aten/core/Half.h>

#include <cmath>
#include <cstdint>
#include <type_traits>

namespace aten::native {

template <typename T>
struct OpMath {
  using type = T;
};
template <>
struct OpMath<Half> {
  using type = float;
};
template <>
struct OpMath<BFloat16> {
  using type = float;
};
template <>
struct OpMath<complex<Half>> {
  using type = complex<float>;
};
template <typename T>
using opmath_t = typename OpMath<T>::type;

template <typename T>
inline constexpr bool is_wrapping_int_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;

// C++20 defines the conversion of an out-of-range value to a signed type as modular, so
// computing in uint64_t and narrowing back is exact two's complement. Other types (floating,
// complex, bool) take the plain operator, so that a kernel generic over dtypes can call these.
template <typename T>
inline T wrapping_add(T a, T b) {
  if constexpr (is_wrapping_int_v<T>) {
    return static_cast<T>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
  } else {
    return a + b;
  }
}
template <typename T>
inline T wrapping_sub(T a, T b) {
  if constexpr (is_wrapping_int_v<T>) {
    return static_cast<T>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b));
  } else {
    return a - b;
  }
}
template <typename T>
inline T wrapping_mul(T a, T b) {
  if constexpr (is_wrapping_int_v<T>) {
    return static_cast<T>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
  } else {
    return a * b;
  }
}

template <typename T>
inline bool is_nan(T x) {
  if constexpr (std::is_integral_v<T>) {
    return false;
  } else if constexpr (is_complex_v<T>) {
    return is_nan(x.real()) || is_nan(x.imag());
  } else {
    return std::isnan(static_cast<opmath_t<T>>(x));
  }
}

}  // namespace aten::native
