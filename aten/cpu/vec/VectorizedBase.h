#pragma once
// Vectorized<T>: a fixed-width pack of T, the unit a kernel's vector lambda works on. This is
// the generic version, for any T with arithmetic operators (bool, every integer, float, double,
// Half-like types, std::complex): an array and per-element loops, which the compiler turns into
// SIMD for the instruction set the including kernel file is compiled for. VectorizedAVX2.h and
// VectorizedAVX512.h replace it for float, double, int32_t and int64_t with intrinsics.
//
// Everything lives in an inline namespace named by CPU_CAPABILITY: kernel files are compiled
// once per capability with different instruction-set flags, and the three copies of every
// inline function must never be merged by the linker.
//
// Contract shared with the specialisations:
// - comparison operators (== != < <= > >=) return masks: every bit of an element set (true for
//   bool) or clear; eq/ne/lt/le/gt/ge return 1 or 0 values instead. NaN compares unequal to
//   everything, so != is all-ones for it.
// - blendv(a, b, mask) takes b where the mask element is set. Masks are what comparisons make.
// - & | ^ act on the bit patterns, also for floating types.
// - Integer + - * and unary - wrap around (two's complement), as the SIMD instructions do.
//   Integer / is per element; dividing by zero is undefined, as in C++ (INT_MIN / -1 wraps).
// - maximum/minimum propagate NaN (like torch.maximum) and order -0 below +0.
// - Complex / is ATen's formula (detail::scalar::div), not std::complex's.
// - Integer conversions from floating point truncate; NaN and out-of-range values give the
//   integer type's minimum (what x86's cvtt instructions give).
#include <aten/cpu/vec/ScalarMath.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#ifndef CPU_CAPABILITY
#error "aten/cpu/vec is for files compiled once per CPU capability (see cmake/CpuKernels.cmake)"
#endif

namespace aten::vec {
inline namespace CPU_CAPABILITY {

#if defined(CPU_CAPABILITY_AVX512)
constexpr int kVectorBytes = 64;
#else
constexpr int kVectorBytes = 32;
#endif

namespace detail {

template <typename T>
constexpr bool is_wrapping_integer = std::is_integral_v<T> && !std::is_same_v<T, bool>;

// Two's complement arithmetic without signed-overflow UB (C++20 defines the narrowing back).
template <typename T, typename F>
T wrap(T a, T b, F op) {
  using U = std::make_unsigned_t<T>;
  // uint64_t, not U: uint16_t * uint16_t would promote to int and could overflow.
  return static_cast<T>(static_cast<U>(op(static_cast<uint64_t>(a), static_cast<uint64_t>(b))));
}

template <typename T>
T mask_set() {
  if constexpr (std::is_same_v<T, bool>) {
    return true;
  } else {
    unsigned char bytes[sizeof(T)];
    std::memset(bytes, 0xFF, sizeof(T));
    T r;
    std::memcpy(static_cast<void*>(&r), bytes, sizeof(T));
    return r;
  }
}

template <typename T>
bool mask_is_set(const T& m) {
  unsigned char bytes[sizeof(T)];
  std::memcpy(bytes, static_cast<const void*>(&m), sizeof(T));
  for (unsigned char b : bytes)
    if (b != 0) return true;
  return false;
}

template <typename T, typename F>
T bitwise(const T& a, const T& b, F op) {
  unsigned char x[sizeof(T)], y[sizeof(T)];
  std::memcpy(x, static_cast<const void*>(&a), sizeof(T));
  std::memcpy(y, static_cast<const void*>(&b), sizeof(T));
  for (size_t i = 0; i < sizeof(T); ++i) x[i] = static_cast<unsigned char>(op(x[i], y[i]));
  T r;
  std::memcpy(static_cast<void*>(&r), x, sizeof(T));
  return r;
}

template <typename T>
bool is_nan(const T& x) {
  if constexpr (std::is_integral_v<T>) {
    return false;
  } else {
    return x != x;
  }
}

// The value of From as a To, with the conversion rules in the contract above.
template <typename To, typename From>
To cast(From x) {
  if constexpr (is_wrapping_integer<To> && !std::is_integral_v<From>) {
    // Unsigned targets go through int64_t and wrap, like a C cast of the integer.
    using Via = std::conditional_t<std::is_signed_v<To>, To, int64_t>;
    constexpr double lim = -static_cast<double>(std::numeric_limits<Via>::min());  // 2^(bits-1)
    const double v = static_cast<double>(detail::widen(x));
    const bool fits = std::trunc(v) >= -lim && v < lim;  // false for NaN
    return static_cast<To>(fits ? static_cast<Via>(v) : std::numeric_limits<Via>::min());
  } else {
    return static_cast<To>(x);
  }
}

}  // namespace detail

template <typename T>
class Vectorized {
 public:
  using value_type = T;
  static constexpr int64_t size() { return kVectorBytes / static_cast<int64_t>(sizeof(T)); }

  Vectorized() : values_{} {}
  Vectorized(T v) {  // NOLINT: broadcast, implicit like ATen's
    for (int64_t i = 0; i < size(); ++i) values_[i] = v;
  }
  template <typename... Args>
  requires(sizeof...(Args) == size() && size() > 1) Vectorized(Args... vs)
      : values_{static_cast<T>(vs)...} {}

  static Vectorized loadu(const void* p) {
    Vectorized r;
    std::memcpy(static_cast<void*>(r.values_), p, sizeof(r.values_));
    return r;
  }
  // The first count (0..size()) elements; the rest are zero.
  static Vectorized loadu(const void* p, int64_t count) {
    Vectorized r;
    std::memcpy(static_cast<void*>(r.values_), p, count * sizeof(T));
    return r;
  }
  void store(void* p) const { std::memcpy(p, static_cast<const void*>(values_), sizeof(values_)); }
  void store(void* p, int64_t count) const {
    std::memcpy(p, static_cast<const void*>(values_), count * sizeof(T));
  }
  T operator[](int64_t i) const { return values_[i]; }

  // Per-element application, the building block of everything generic.
  template <typename F>
  Vectorized map(F f) const {
    Vectorized r;
    for (int64_t i = 0; i < size(); ++i) r.values_[i] = static_cast<T>(f(values_[i]));
    return r;
  }
  template <typename F>
  static Vectorized zip(const Vectorized& a, const Vectorized& b, F f) {
    Vectorized r;
    for (int64_t i = 0; i < size(); ++i)
      r.values_[i] = static_cast<T>(f(a.values_[i], b.values_[i]));
    return r;
  }

  // bit i of mask picks b[i], else a[i].
  template <int64_t mask>
  static Vectorized blend(const Vectorized& a, const Vectorized& b) {
    Vectorized r;
    for (int64_t i = 0; i < size(); ++i)
      r.values_[i] = (mask >> i) & 1 ? b.values_[i] : a.values_[i];
    return r;
  }
  static Vectorized blendv(const Vectorized& a, const Vectorized& b, const Vectorized& mask) {
    Vectorized r;
    for (int64_t i = 0; i < size(); ++i)
      r.values_[i] = detail::mask_is_set(mask.values_[i]) ? b.values_[i] : a.values_[i];
    return r;
  }

#define ATEN_VEC_COMPARE(name, op)                                                    \
  friend Vectorized operator op(const Vectorized& a, const Vectorized& b) {           \
    return zip(a, b, [](T x, T y) { return x op y ? detail::mask_set<T>() : T(0); }); \
  }                                                                                   \
  Vectorized name(const Vectorized& b) const {                                        \
    return zip(*this, b, [](T x, T y) { return x op y ? T(1) : T(0); });              \
  }
  ATEN_VEC_COMPARE(eq, ==)
  ATEN_VEC_COMPARE(ne, !=)
  ATEN_VEC_COMPARE(lt, <)
  ATEN_VEC_COMPARE(le, <=)
  ATEN_VEC_COMPARE(gt, >)
  ATEN_VEC_COMPARE(ge, >=)
#undef ATEN_VEC_COMPARE

#define ATEN_VEC_ARITH(op)                                                        \
  friend Vectorized operator op(const Vectorized& a, const Vectorized& b) {       \
    if constexpr (detail::is_wrapping_integer<T>) {                               \
      return zip(a, b, [](T x, T y) {                                             \
        return detail::wrap(x, y, [](uint64_t u, uint64_t v) { return u op v; }); \
      });                                                                         \
    } else {                                                                      \
      return zip(a, b, [](T x, T y) { return x op y; });                          \
    }                                                                             \
  }
  ATEN_VEC_ARITH(+)
  ATEN_VEC_ARITH(-)
  ATEN_VEC_ARITH(*)
#undef ATEN_VEC_ARITH
  friend Vectorized operator/(const Vectorized& a, const Vectorized& b) {
    return zip(a, b, [](T x, T y) -> T {
      if constexpr (detail::is_wrapping_integer<T> && std::is_signed_v<T>) {
        if (y == T(-1)) return detail::wrap(T(0), x, [](uint64_t u, uint64_t v) { return u - v; });
      }
      return detail::scalar::div(x, y);  // ATen's formula for complex
    });
  }
  friend Vectorized operator-(const Vectorized& a) { return a.neg(); }

#define ATEN_VEC_BITWISE(op)                                                       \
  friend Vectorized operator op(const Vectorized& a, const Vectorized& b) {        \
    return zip(a, b, [](const T& x, const T& y) {                                  \
      return detail::bitwise(x, y, [](unsigned u, unsigned v) { return u op v; }); \
    });                                                                            \
  }
  ATEN_VEC_BITWISE(&)
  ATEN_VEC_BITWISE(|)
  ATEN_VEC_BITWISE(^)
#undef ATEN_VEC_BITWISE

  Vectorized neg() const {
    if constexpr (detail::is_wrapping_integer<T>) {
      return map(
          [](T x) { return detail::wrap(T(0), x, [](uint64_t u, uint64_t v) { return u - v; }); });
    } else {
      return map([](T x) { return -x; });
    }
  }
  Vectorized abs() const {
    if constexpr (detail::is_wrapping_integer<T>) {
      return map([](T x) {
        return x < T(0) ? detail::wrap(T(0), x, [](uint64_t u, uint64_t v) { return u - v; }) : x;
      });
    } else if constexpr (std::is_same_v<T, bool>) {
      return *this;
    } else {
      return map([](T x) { return static_cast<T>(std::abs(detail::widen(x))); });
    }
  }
  Vectorized reciprocal() const {
    return map([](T x) { return T(1) / x; });
  }
  Vectorized sqrt() const {
    return map([](T x) { return detail::scalar::sqrt(x); });
  }
  Vectorized rsqrt() const {
    return map([](T x) { return T(1) / detail::scalar::sqrt(x); });
  }

#define ATEN_VEC_MAP(name)                                   \
  Vectorized name() const {                                  \
    return map([](T x) { return detail::scalar::name(x); }); \
  }
  ATEN_VEC_MAP(floor)
  ATEN_VEC_MAP(ceil)
  ATEN_VEC_MAP(round)
  ATEN_VEC_MAP(trunc)
  ATEN_VEC_MAP(exp)
  ATEN_VEC_MAP(expm1)
  ATEN_VEC_MAP(log)
  ATEN_VEC_MAP(log1p)
  ATEN_VEC_MAP(log2)
  ATEN_VEC_MAP(log10)
  ATEN_VEC_MAP(sin)
  ATEN_VEC_MAP(cos)
  ATEN_VEC_MAP(tan)
  ATEN_VEC_MAP(tanh)
  ATEN_VEC_MAP(erf)
  ATEN_VEC_MAP(erfc)
  ATEN_VEC_MAP(atan)
  ATEN_VEC_MAP(exp2)
  ATEN_VEC_MAP(asin)
  ATEN_VEC_MAP(acos)
  ATEN_VEC_MAP(sinh)
  ATEN_VEC_MAP(cosh)
#undef ATEN_VEC_MAP
  Vectorized atan2(const Vectorized& x) const {
    return zip(*this, x, [](T a, T b) { return detail::scalar::atan2(a, b); });
  }
  Vectorized pow(const Vectorized& y) const {
    return zip(*this, y, [](T a, T b) { return detail::scalar::pow(a, b); });
  }
  Vectorized sigmoid() const;  // VecMath.h: one formula for every Vectorized

 private:
  alignas(kVectorBytes) T values_[size()];
};

// NaN-propagating, -0 < +0 (IEEE 754-2019 maximum/minimum).
template <typename T>
Vectorized<T> maximum(const Vectorized<T>& a, const Vectorized<T>& b) {
  return Vectorized<T>::zip(a, b, [](T x, T y) -> T {
    if (detail::is_nan(x)) return x;
    if (detail::is_nan(y)) return y;
    return x < y   ? y
           : y < x ? x
                   : detail::bitwise(x, y, [](unsigned u, unsigned v) { return u & v; });
  });
}
template <typename T>
Vectorized<T> minimum(const Vectorized<T>& a, const Vectorized<T>& b) {
  return Vectorized<T>::zip(a, b, [](T x, T y) -> T {
    if (detail::is_nan(x)) return x;
    if (detail::is_nan(y)) return y;
    return x < y   ? x
           : y < x ? y
                   : detail::bitwise(x, y, [](unsigned u, unsigned v) { return u | v; });
  });
}
// a*b + c, rounded once for float and double (std::fma uses the FMA instruction through
// glibc's run-time choice even in the baseline build), as the specialisations do.
template <typename T>
Vectorized<T> fmadd(const Vectorized<T>& a, const Vectorized<T>& b, const Vectorized<T>& c) {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    T x[Vectorized<T>::size()], y[Vectorized<T>::size()], z[Vectorized<T>::size()];
    a.store(x);
    b.store(y);
    c.store(z);
    for (int64_t i = 0; i < Vectorized<T>::size(); ++i) x[i] = std::fma(x[i], y[i], z[i]);
    return Vectorized<T>::loadu(x);
  } else {
    return a * b + c;
  }
}

}  // namespace CPU_CAPABILITY
}  // namespace aten::vec
