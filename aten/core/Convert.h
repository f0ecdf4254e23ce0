#pragma once
// Converting one element type to another: convert<To>(v) as a kernel would (C++ casts, complex
// to real keeps the real part), and checked_convert<To>(v), which ATen applies to Scalars
// (alpha, fill values, item<T>()): a value the target cannot hold is an error instead of a
// silently wrapped or undefined result.
#include <aten/core/Complex.h>
#include <aten/core/Error.h>
#include <aten/core/ScalarType.h>

#include <cmath>
#include <concepts>
#include <limits>
#include <utility>

namespace aten {

namespace detail {
template <typename T>
struct value_type_of {
  using type = T;
};
template <typename T>
struct value_type_of<std::complex<T>> {
  using type = T;
};
}  // namespace detail

template <typename To, typename From>
constexpr To convert(From f) {
  if constexpr (is_complex_v<From>) {
    if constexpr (is_complex_v<To>) {
      // Part by part, so that complex<Half> converts as its Half parts do.
      using V = typename To::value_type;
      return To(convert<V>(f.real()), convert<V>(f.imag()));
    } else if constexpr (std::same_as<To, bool>) {
      return f.real() != 0 || f.imag() != 0;
    } else {
      return convert<To>(f.real());
    }
  } else if constexpr (is_complex_v<To>) {
    using V = typename To::value_type;
    return To(convert<V>(f), V(0));
  } else if constexpr (std::unsigned_integral<To> && !std::same_as<To, bool> &&
                       !std::integral<From>) {
    // A negative floating value cast straight to unsigned is undefined; through int64 it
    // wraps, as ATen's kernels do.
    return static_cast<To>(static_cast<int64_t>(f));
  } else {
    return static_cast<To>(f);
  }
}

// Whether f lies outside what To holds, with ATen's rules: infinities and NaN fit floating
// types; negative integers may wrap into unsigned types down to -max; complex to real needs a
// zero imaginary part. Nothing overflows bool.
template <typename To, typename From>
constexpr bool overflows(From f) {
  if constexpr (std::same_as<To, bool> || std::same_as<From, bool>) {
    return false;
  } else if constexpr (is_complex_v<From>) {
    using V = typename detail::value_type_of<To>::type;
    if (!is_complex_v<To> && f.imag() != 0) return true;
    return overflows<V>(f.real()) || overflows<V>(f.imag());
  } else if constexpr (is_complex_v<To>) {
    return overflows<typename To::value_type>(f);
  } else if constexpr (std::integral<From>) {
    using limit = std::numeric_limits<To>;
    if constexpr (std::integral<To>) {
      if constexpr (std::unsigned_integral<To> && std::signed_integral<From>) {
        // -f > max, written so that negating the lowest int64 cannot overflow.
        if (f < 0) return std::cmp_greater_equal(-(f + 1), limit::max());
      }
      return std::cmp_less(f, limit::lowest()) || std::cmp_greater(f, limit::max());
    } else {
      const double d = static_cast<double>(f);
      return d < static_cast<double>(limit::lowest()) || d > static_cast<double>(limit::max());
    }
  } else {  // floating (double, float, Half, BFloat16) to a real type
    using limit = std::numeric_limits<To>;
    const double d = static_cast<double>(f);
    if (limit::has_infinity && std::isinf(d)) return false;
    if (!limit::has_quiet_NaN && std::isnan(d)) return true;
    const bool out = d < static_cast<double>(limit::lowest()) ||
                     d > static_cast<double>(limit::max());
    // int64's max rounds up to 2^63 as a double, which itself does not fit.
    if constexpr (std::integral<To> && sizeof(To) == 8) return out || d >= 0x1p63;
    return out;
  }
}

template <typename To, typename From>
To checked_convert(From f) {
  ATEN_CHECK(!overflows<To>(f), "value ", f, " cannot be converted to type ", scalar_type_of<To>,
             " without overflow");
  return convert<To>(f);
}

}  // namespace aten
