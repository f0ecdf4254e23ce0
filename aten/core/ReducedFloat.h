#pragma once
// What Half and BFloat16 share: 16-bit storage of a float, arithmetic done in float.
// A type opts in with `static constexpr bool is_reduced_float = true;`.
//
// The operators are templates so that an exact match always beats the built-in operator
// reached through the implicit conversion to float (Half + float would otherwise be ambiguous).
// The result types follow ATen: two reduced floats give a reduced float, a reduced float with
// float or double gives that type, with an integer gives the reduced float.
#include <concepts>
#include <cstdint>

namespace aten {

template <typename T>
concept ReducedFloat = T::is_reduced_float;

#define ATEN_REDUCED_FLOAT_BINARY(op)                                         \
  template <ReducedFloat T>                                                   \
  constexpr T operator op(T a, T b) {                                         \
    return T(static_cast<float>(a) op static_cast<float>(b));                 \
  }                                                                           \
  template <ReducedFloat T, typename U>                                       \
  requires std::floating_point<U>                                             \
  constexpr U operator op(T a, U b) { return static_cast<U>(a) op b; }        \
  template <ReducedFloat T, typename U>                                       \
  requires std::floating_point<U>                                             \
  constexpr U operator op(U a, T b) { return a op static_cast<U>(b); }        \
  template <ReducedFloat T, typename I>                                       \
  requires std::integral<I>                                                   \
  constexpr T operator op(T a, I b) { return a op T(static_cast<float>(b)); } \
  template <ReducedFloat T, typename I>                                       \
  requires std::integral<I>                                                   \
  constexpr T operator op(I a, T b) { return T(static_cast<float>(a)) op b; } \
  template <ReducedFloat T, typename U>                                       \
  constexpr T& operator op##=(T& a, U b) {                                    \
    return a = T(static_cast<float>(a op b));                                 \
  }

ATEN_REDUCED_FLOAT_BINARY(+)
ATEN_REDUCED_FLOAT_BINARY(-)
ATEN_REDUCED_FLOAT_BINARY(*)
ATEN_REDUCED_FLOAT_BINARY(/)
#undef ATEN_REDUCED_FLOAT_BINARY

template <ReducedFloat T>
constexpr T operator-(T a) {
  return T(-static_cast<float>(a));
}

}  // namespace aten
