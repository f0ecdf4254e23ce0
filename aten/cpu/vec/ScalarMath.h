#pragma once
// One element's math for the generic Vectorized<T>. double goes to Sleef's scalar functions
// (the algorithms and error bounds of the SIMD variants the AVX2/AVX512 specialisations call,
// built for baseline x86-64). float is computed with the double functions and rounded once,
// which keeps it within 0.5 ULP + a hair: Sleef's scalar float functions, built without FMA,
// reach 2.3 ULP (erfc) near the denormal range. Other types use std::, Half-like types
// (neither a built-in arithmetic type nor std::complex) computed in float.
#include <cmath>
#include <complex>
#include <type_traits>

// GCC 12 (before 12.3) warns about the deliberately undefined registers inside AVX-512
// intrinsics (GCC PR 105593) wherever they are inlined; silence it where the intrinsic headers
// are first read (sleef.h includes them), which is where GCC looks for the pragma.
#pragma GCC diagnostic push
#if !defined(__clang__)  // GCC's name; clang warns about the unknown warning group instead
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <immintrin.h>
#include <sleef.h>
#pragma GCC diagnostic pop

#ifndef CPU_CAPABILITY
#error "aten/cpu/vec is for files compiled once per CPU capability (see cmake/CpuKernels.cmake)"
#endif

// Inside the capability's namespace like everything in vec/: these inline functions are
// compiled with each capability's instruction-set flags and must not be merged across them.
namespace aten::vec {
inline namespace CPU_CAPABILITY {
namespace detail {

template <typename T>
struct is_complex : std::false_type {};
template <typename T>
struct is_complex<std::complex<T>> : std::true_type {};

// The type std:: math is computed in for T.
template <typename T>
auto widen(T x) {
  if constexpr (std::is_arithmetic_v<T> || is_complex<T>::value) {
    return x;
  } else {
    return static_cast<float>(x);
  }
}

namespace scalar {

// Sleef's bound is the suffix: u10 = 1.0 ULP, u15 = 1.5 ULP.
#define ATEN_VEC_SLEEF_UNARY(name, dsleef)                             \
  inline double name(double x) { return dsleef(x); }                   \
  inline float name(float x) { return static_cast<float>(dsleef(x)); } \
  template <typename T>                                                \
  T name(T x) {                                                        \
    return static_cast<T>(std::name(widen(x)));                        \
  }
ATEN_VEC_SLEEF_UNARY(exp, Sleef_exp_u10)
ATEN_VEC_SLEEF_UNARY(expm1, Sleef_expm1_u10)
ATEN_VEC_SLEEF_UNARY(exp2, Sleef_exp2_u10)
ATEN_VEC_SLEEF_UNARY(log, Sleef_log_u10)
ATEN_VEC_SLEEF_UNARY(log2, Sleef_log2_u10)
ATEN_VEC_SLEEF_UNARY(log10, Sleef_log10_u10)
ATEN_VEC_SLEEF_UNARY(sin, Sleef_sin_u10)
ATEN_VEC_SLEEF_UNARY(cos, Sleef_cos_u10)
ATEN_VEC_SLEEF_UNARY(tan, Sleef_tan_u10)
ATEN_VEC_SLEEF_UNARY(tanh, Sleef_tanh_u10)
ATEN_VEC_SLEEF_UNARY(erf, Sleef_erf_u10)
ATEN_VEC_SLEEF_UNARY(erfc, Sleef_erfc_u15)
ATEN_VEC_SLEEF_UNARY(atan, Sleef_atan_u10)
ATEN_VEC_SLEEF_UNARY(asin, Sleef_asin_u10)
ATEN_VEC_SLEEF_UNARY(acos, Sleef_acos_u10)
#undef ATEN_VEC_SLEEF_UNARY

// std:: has no complex log2.
template <typename T>
std::complex<T> log2(std::complex<T> z) {
  return std::log(z) / std::log(T(2));
}

// v, opaque to the optimiser: a product passed through it is rounded by itself, never fused
// with the sum it feeds (GCC contracts a * b + c into an FMA across statements in C++ whenever
// the target has one).
template <typename T>
inline T unfused(T v) {
  asm("" : "+x"(v));
  return v;
}

// x / y as ATen divides: for complex, ((ac + bd) + (bc - ad) i) / (c^2 + d^2), every product
// rounded by itself, with no scaling and no special cases, as ATen's vector code and its
// complex type compute it. So a zero divisor gives NaN + NaN i (std::complex's operator/
// follows C's Annex G there and gives infinities), and c^2 + d^2 overflows or underflows
// (giving NaN or infinite parts) where ATen's does.
template <typename T>
T div(T x, T y) {
  return x / y;
}
template <typename T>
std::complex<T> div(std::complex<T> x, std::complex<T> y) {
  const T a = x.real(), b = x.imag(), c = y.real(), d = y.imag();
  const T den = unfused(c * c) + unfused(d * d);
  return {(unfused(a * c) + unfused(b * d)) / den, (unfused(b * c) - unfused(a * d)) / den};
}

}  // namespace scalar

// sinh and cosh where e^|x| overflows but e^|x| / 2 does not (|x| in (88.72, 89.41] for float,
// (709.78, 710.48] for double), where Sleef's return inf: e^|x| / 2 = e^(|x| - c) * k with
// k = e^c / 2. c is a multiple of the ulp of |x| there, so |x| - c is exact, and was chosen so
// that k rounds with an error below 1e-5 ULP: the result has exp's error plus one rounding.
// Used above `threshold`, below which Sleef's sinh and cosh are accurate.
template <typename T>
struct LargeHalfExp;
template <>
struct LargeHalfExp<float> {
  static constexpr float threshold = 88.f, c = 0x1.43adcp+1f /* 331447 * 2^-17 */,
                         k = 6.268848896026611f;
};
template <>
struct LargeHalfExp<double> {
  static constexpr double threshold = 709., c = 0x1.173c7dff01e00p+1, k = 0x1.1b8429a41290fp+2;
};

namespace scalar {

inline double sinh(double x) {
  using C = LargeHalfExp<double>;
  const double ax = std::fabs(x);
  return ax > C::threshold ? std::copysign(Sleef_exp_u10(ax - C::c) * C::k, x) : Sleef_sinh_u10(x);
}
inline double cosh(double x) {
  using C = LargeHalfExp<double>;
  const double ax = std::fabs(x);
  return ax > C::threshold ? Sleef_exp_u10(ax - C::c) * C::k : Sleef_cosh_u10(x);
}
inline float sinh(float x) { return static_cast<float>(sinh(static_cast<double>(x))); }
inline float cosh(float x) { return static_cast<float>(cosh(static_cast<double>(x))); }
template <typename T>
T sinh(T x) {
  return static_cast<T>(std::sinh(widen(x)));
}
template <typename T>
T cosh(T x) {
  return static_cast<T>(std::cosh(widen(x)));
}

// Sleef's log1p returns inf above about 1e307 (1e38 in float); there log1p(x) == log(x).
inline double log1p(double x) { return x > 1e300 ? Sleef_log_u10(x) : Sleef_log1p_u10(x); }
inline float log1p(float x) { return static_cast<float>(Sleef_log1p_u10(x)); }
template <typename T>
T log1p(T x) {
  return static_cast<T>(std::log1p(widen(x)));
}

inline float atan2(float y, float x) { return static_cast<float>(Sleef_atan2_u10(y, x)); }
inline double atan2(double y, double x) { return Sleef_atan2_u10(y, x); }
template <typename T>
T atan2(T y, T x) {
  return static_cast<T>(std::atan2(widen(y), widen(x)));
}

inline float pow(float x, float y) { return static_cast<float>(Sleef_pow_u10(x, y)); }
inline double pow(double x, double y) { return Sleef_pow_u10(x, y); }
template <typename T>
T pow(T x, T y) {
  return static_cast<T>(std::pow(widen(x), widen(y)));
}

// Correctly rounded everywhere, so std:: is the reference and the implementation.
#define ATEN_VEC_STD_UNARY(name, stdname)            \
  template <typename T>                              \
  T name(T x) {                                      \
    if constexpr (std::is_integral_v<T>) {           \
      return x; /* integers are already whole */     \
    } else {                                         \
      return static_cast<T>(std::stdname(widen(x))); \
    }                                                \
  }
ATEN_VEC_STD_UNARY(floor, floor)
ATEN_VEC_STD_UNARY(ceil, ceil)
ATEN_VEC_STD_UNARY(trunc, trunc)
ATEN_VEC_STD_UNARY(round, nearbyint)  // the default rounding mode: half to even
#undef ATEN_VEC_STD_UNARY

template <typename T>
T sqrt(T x) {
  return static_cast<T>(std::sqrt(widen(x)));
}

}  // namespace scalar
}  // namespace detail
}  // namespace CPU_CAPABILITY
}  // namespace aten::vec
