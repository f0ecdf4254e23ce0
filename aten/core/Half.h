#pragma once
// Half: IEEE 754 binary16 (1 sign, 5 exponent, 10 mantissa bits), stored as its bits.
// Conversions round to nearest, ties to even; NaN stays NaN, infinities stay infinite,
// subnormals are exact. Arithmetic goes through float (ReducedFloat.h).
#include <aten/core/ReducedFloat.h>

#include <bit>
#include <cstdint>
#include <limits>
#include <ostream>

namespace aten {

namespace detail {

constexpr float half_bits_to_float(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1fu;
  const uint32_t mant = h & 0x3ffu;
  if (exp == 0x1f) return std::bit_cast<float>(sign | 0x7f800000u | (mant << 13));
  if (exp == 0) {
    // Zero or subnormal: mant * 2^-24, exact in float.
    float v = static_cast<float>(mant) * 0x1p-24f;
    return sign ? -v : v;
  }
  // Rebias the exponent from 15 to 127.
  return std::bit_cast<float>(sign | ((exp + 112) << 23) | (mant << 13));
}

constexpr uint16_t float_to_half_bits(float f) {
  const uint32_t bits = std::bit_cast<uint32_t>(f);
  const uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000u);
  const uint32_t abs = bits & 0x7fffffffu;
  if (abs > 0x7f800000u) return sign | 0x7e00u;  // NaN, quiet
  // 65520 is halfway between the largest half (65504) and 2^16; the tie goes to the even
  // neighbour, 2^16, which is infinity.
  if (abs >= 0x477ff000u) return sign | 0x7c00u;
  if (abs < 0x38800000u) {
    // Below the smallest normal half (2^-14): the result is a multiple of 2^-24. Scale so
    // that 2^-24 becomes 1 and round to an integer, ties to even, in exact integer arithmetic.
    if (abs < 0x33000000u) return sign;                // below 2^-25: rounds to zero
    const uint32_t e = abs >> 23;                      // biased exponent, 102..112
    const uint32_t m = (abs & 0x7fffffu) | 0x800000u;  // 24-bit significand
    const uint32_t shift = 126 - e;  // value = m * 2^(e-150) = (m >> shift) * 2^-24
    const uint32_t q = m >> shift;
    const uint32_t rem = m & ((1u << shift) - 1);
    const uint32_t half = 1u << (shift - 1);
    const uint32_t rounded = q + (rem > half || (rem == half && (q & 1u)));
    return sign | static_cast<uint16_t>(rounded);  // 1024 carries into the exponent: 2^-14
  }
  // Normal: drop 13 mantissa bits with round-to-nearest-even; a carry out of the mantissa
  // correctly bumps the exponent.
  const uint32_t rebiased = abs - (112u << 23);
  const uint32_t rounded = rebiased + 0xfffu + ((rebiased >> 13) & 1u);
  return sign | static_cast<uint16_t>(rounded >> 13);
}

}  // namespace detail

struct alignas(2) Half {
  static constexpr bool is_reduced_float = true;
  struct from_bits_t {};
  static constexpr from_bits_t from_bits() { return {}; }

  uint16_t x;  // no initialiser: trivially constructible, like float

  Half() = default;
  constexpr Half(uint16_t bits, from_bits_t) : x(bits) {}
  constexpr Half(float v) : x(detail::float_to_half_bits(v)) {}
  constexpr operator float() const { return detail::half_bits_to_float(x); }
};

inline std::ostream& operator<<(std::ostream& os, Half h) { return os << static_cast<float>(h); }

}  // namespace aten

template <>
class std::numeric_limits<aten::Half> {
 public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr bool has_signaling_NaN = true;
  static constexpr bool is_iec559 = true;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr std::float_round_style round_style = std::round_to_nearest;
  static constexpr int digits = 11;
  static constexpr int digits10 = 3;
  static constexpr int max_digits10 = 5;
  static constexpr int radix = 2;
  static constexpr int min_exponent = -13;
  static constexpr int min_exponent10 = -4;
  static constexpr int max_exponent = 16;
  static constexpr int max_exponent10 = 4;
  static constexpr aten::Half min() { return {0x0400, aten::Half::from_bits()}; }
  static constexpr aten::Half lowest() { return {0xfbff, aten::Half::from_bits()}; }
  static constexpr aten::Half max() { return {0x7bff, aten::Half::from_bits()}; }
  static constexpr aten::Half epsilon() { return {0x1400, aten::Half::from_bits()}; }
  static constexpr aten::Half round_error() { return {0x3800, aten::Half::from_bits()}; }
  static constexpr aten::Half infinity() { return {0x7c00, aten::Half::from_bits()}; }
  static constexpr aten::Half quiet_NaN() { return {0x7e00, aten::Half::from_bits()}; }
  static constexpr aten::Half signaling_NaN() { return {0x7d00, aten::Half::from_bits()}; }
  static constexpr aten::Half denorm_min() { return {0x0001, aten::Half::from_bits()}; }
};
