#pragma once
// BFloat16: the top 16 bits of a float (1 sign, 8 exponent, 7 mantissa bits), stored as its
// bits. Same range as float, so only rounding (to nearest, ties to even) and NaN need care.
// Arithmetic goes through float (ReducedFloat.h).
#include <aten/core/ReducedFloat.h>

#include <bit>
#include <cstdint>
#include <limits>
#include <ostream>

namespace aten {

namespace detail {

constexpr float bfloat16_bits_to_float(uint16_t b) {
  return std::bit_cast<float>(static_cast<uint32_t>(b) << 16);
}

constexpr uint16_t float_to_bfloat16_bits(float f) {
  const uint32_t bits = std::bit_cast<uint32_t>(f);
  // A NaN whose payload sits only in the dropped bits would round to infinity: keep it NaN.
  if ((bits & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((bits >> 16) | 0x0040u);
  // Adding 0x7fff (+1 when the kept part is odd) carries into bit 16 exactly when the dropped
  // half is above the midpoint, or at it with an odd kept part. Overflow lands on infinity.
  const uint32_t rounded = bits + 0x7fffu + ((bits >> 16) & 1u);
  return static_cast<uint16_t>(rounded >> 16);
}

}  // namespace detail

struct alignas(2) BFloat16 {
  static constexpr bool is_reduced_float = true;
  struct from_bits_t {};
  static constexpr from_bits_t from_bits() { return {}; }

  uint16_t x;  // no initialiser: trivially constructible, like float

  BFloat16() = default;
  constexpr BFloat16(uint16_t bits, from_bits_t) : x(bits) {}
  constexpr BFloat16(float v) : x(detail::float_to_bfloat16_bits(v)) {}
  constexpr operator float() const { return detail::bfloat16_bits_to_float(x); }
};

inline std::ostream& operator<<(std::ostream& os, BFloat16 h) {
  return os << static_cast<float>(h);
}

}  // namespace aten

template <>
class std::numeric_limits<aten::BFloat16> {
 public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr bool has_signaling_NaN = true;
  static constexpr bool is_iec559 = false;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr std::float_round_style round_style = std::round_to_nearest;
  static constexpr int digits = 8;
  static constexpr int digits10 = 2;
  static constexpr int max_digits10 = 4;
  static constexpr int radix = 2;
  static constexpr int min_exponent = -125;
  static constexpr int min_exponent10 = -37;
  static constexpr int max_exponent = 128;
  static constexpr int max_exponent10 = 38;
  static constexpr aten::BFloat16 min() { return {0x0080, aten::BFloat16::from_bits()}; }
  static constexpr aten::BFloat16 lowest() { return {0xff7f, aten::BFloat16::from_bits()}; }
  static constexpr aten::BFloat16 max() { return {0x7f7f, aten::BFloat16::from_bits()}; }
  static constexpr aten::BFloat16 epsilon() { return {0x3c00, aten::BFloat16::from_bits()}; }
  static constexpr aten::BFloat16 round_error() { return {0x3f00, aten::BFloat16::from_bits()}; }
  static constexpr aten::BFloat16 infinity() { return {0x7f80, aten::BFloat16::from_bits()}; }
  static constexpr aten::BFloat16 quiet_NaN() { return {0x7fc0, aten::BFloat16::from_bits()}; }
  static constexpr aten::BFloat16 signaling_NaN() {
    return {0x7f80 | 0x0001, aten::BFloat16::from_bits()};
  }
  static constexpr aten::BFloat16 denorm_min() { return {0x0001, aten::BFloat16::from_bits()}; }
};
