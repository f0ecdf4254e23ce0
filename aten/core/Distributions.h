#pragma once
// From Philox words (PhiloxStream.h) to the values sampling ops return: uniform reals, integers
// in a range, normals. Each transform takes a fixed number of words, so an element's value
// depends only on its words.
//
// Uniforms on [0, 1) are multiples of 2^-24 (float) or 2^-53 (double) built from a word's top
// bits; they are exact in their type, so a vector kernel computes the same bits as these
// functions. The rest do floating-point arithmetic: a kernel that vectorizes them must compute
// every element with the same instructions (its tail through the vector path too), or an
// element's value would depend on where the chunk around it ended. In particular log, sin and
// cos of a vector math library differ from std:: ones in the last bit.
#include <aten/core/BFloat16.h>
#include <aten/core/Half.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <type_traits>

namespace aten {

// ---- uniform on [0, 1) --------------------------------------------------------------------------

// k * 2^-24 for the top 24 bits k of w: at most 1 - 2^-24, never 1.
constexpr float uniform_float(uint32_t w) { return static_cast<float>(w >> 8) * 0x1p-24f; }

// A 64-bit draw from two consecutive words of the stream, the first one the low half.
constexpr uint64_t draw64(uint32_t w0, uint32_t w1) { return (uint64_t{w1} << 32) | w0; }

// k * 2^-53 for the top 53 bits k of draw64(w0, w1): at most 1 - 2^-53.
constexpr double uniform_double(uint32_t w0, uint32_t w1) {
  return static_cast<double>(draw64(w0, w1) >> 11) * 0x1p-53;
}

// ---- uniform on [from, to) ----------------------------------------------------------------------

// What a uniform of T is computed in: double for double; float for float, and for Half and
// BFloat16, whose [0, 1) uniform is uniform_float's.
template <typename T>
using uniform_acc_t = std::conditional_t<std::is_same_v<T, double>, double, float>;

namespace detail {
template <typename T>
using float_bits_t = std::conditional_t<sizeof(T) == 2, uint16_t,
                                        std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>;

template <typename T>
constexpr float_bits_t<T> to_bits(T x) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::bit_cast<float_bits_t<T>>(x);
  } else {
    return x.x;
  }
}
template <typename T>
constexpr T from_bits(float_bits_t<T> b) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::bit_cast<T>(b);
  } else {
    return T(b, T::from_bits());
  }
}
}  // namespace detail

// The largest T below x (x neither NaN nor -infinity): one step down in the bit pattern, from
// +-0 to the negative smallest subnormal.
template <typename T>
constexpr T next_below(T x) {
  using bits_t = detail::float_bits_t<T>;
  constexpr bits_t sign = bits_t{1} << (8 * sizeof(T) - 1);
  const bits_t b = detail::to_bits(x);
  if ((b & static_cast<bits_t>(~sign)) == 0) return detail::from_bits<T>(sign | 1);  // +-0
  return detail::from_bits<T>((b & sign) != 0 ? b + 1 : b - 1);
}

// A uniform on [from, to) of T (float, double, Half, BFloat16), given u uniform on [0, 1) from
// uniform_float or uniform_double, and from <= to whose difference is finite in
// uniform_acc_t<T> (the op checks both). from + u * (to - from) rounds up to `to` for a few u
// near 1 (from = 1, to = 2: u = 1 - 2^-24, in float), and more often where T is coarser than
// u (Half, BFloat16); those results are clamped to the largest T below `to`. Clamping, not
// drawing again, keeps the words per element fixed (the layout's promise); it moves a
// probability of at most 2^-24 (float), 2^-53 (double) or one T-rounding interval onto that
// value. from == to gives from. The product and the sum are rounded separately, never fused,
// so a vector kernel gets the same bits with or without FMA.
template <typename T>
constexpr T uniform_real(uniform_acc_t<T> u, T from, T to) {
  using acc_t = uniform_acc_t<T>;
  const acc_t lo = static_cast<acc_t>(from), hi = static_cast<acc_t>(to);
  const acc_t scaled = u * (hi - lo);
  const T x = static_cast<T>(scaled + lo);
  if (static_cast<acc_t>(x) < hi) return x;
  return lo < hi ? next_below(to) : from;
}

// ---- integers in [0, range) ---------------------------------------------------------------------

// An integer in [0, range), range >= 1, from a 64-bit draw (draw64): the high 64 bits of
// draw * range (multiply-shift), with no division. Each result is the image of
// floor(2^64 / range) or one more of the 2^64 draws, so its probability is within 2^-64 of
// 1 / range: a relative bias below range / 2^64, that is below 2^-32 for every range up to 2^32
// (and none for a power of two), as ATen's modulo of a 64-bit draw has. A full 64-bit range
// (2^64, which range cannot hold) is the draw itself.
constexpr uint64_t uniform_int(uint64_t draw, uint64_t range) {
  return static_cast<uint64_t>((static_cast<unsigned __int128>(draw) * range) >> 64);
}

// ---- normals ------------------------------------------------------------------------------------

template <typename T>
struct NormalPair {
  T first;
  T second;
};

// Two independent standard normals from two uniforms on [0, 1) (float or double), by
// Box-Muller: radius sqrt(-2 log(1 - u1)), angle 2 pi u2. 1 - u1 is in (0, 1] and exact, so
// u1 = 0 gives radius 0 and the largest u1 a finite radius (5.77 for float, 8.57 for double):
// no log(0).
template <typename T>
inline NormalPair<T> box_muller(T u1, T u2) {
  static_assert(std::is_floating_point_v<T>);
  const T radius = std::sqrt(T(-2) * std::log(T(1) - u1));
  const T angle = T(2) * std::numbers::pi_v<T> * u2;
  return {radius * std::cos(angle), radius * std::sin(angle)};
}

}  // namespace aten
