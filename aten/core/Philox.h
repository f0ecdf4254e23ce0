#pragma once
// Philox4x32: the counter-based block function of Salmon, Moraes, Dror and Shaw, "Parallel
// Random Numbers: As Easy as 1, 2, 3" (SC11), as their Random123 library defines it. A 128-bit
// counter and a 64-bit key give four 32-bit words; distinct counters under one key give
// independent-looking blocks, so any block of a stream is computed without the ones before it.
//
// Each round multiplies two of the four words by fixed odd constants, keeps both halves of
// the 64-bit products, and mixes them with the other two words and the key (a Feistel-like
// step); the key advances by fixed Weyl increments between rounds. Ten rounds is Random123's
// default and what ATen uses on CUDA; tests/core/test_philox.cpp checks Random123's published
// known-answer vectors.
#include <array>
#include <cstdint>

namespace aten {

using PhiloxCounter = std::array<uint32_t, 4>;
using PhiloxKey = std::array<uint32_t, 2>;
using PhiloxBlock = std::array<uint32_t, 4>;

namespace detail {
// The round multipliers, and the key's increment between rounds: the fractional parts of the
// golden ratio and of sqrt(3), times 2^32.
inline constexpr uint32_t kPhiloxM0 = 0xD2511F53u;
inline constexpr uint32_t kPhiloxM1 = 0xCD9E8D57u;
inline constexpr uint32_t kPhiloxW0 = 0x9E3779B9u;
inline constexpr uint32_t kPhiloxW1 = 0xBB67AE85u;

constexpr PhiloxCounter philox_round(const PhiloxCounter& c, const PhiloxKey& k) {
  const uint64_t p0 = uint64_t{kPhiloxM0} * c[0];
  const uint64_t p1 = uint64_t{kPhiloxM1} * c[2];
  return {static_cast<uint32_t>(p1 >> 32) ^ c[1] ^ k[0], static_cast<uint32_t>(p1),
          static_cast<uint32_t>(p0 >> 32) ^ c[3] ^ k[1], static_cast<uint32_t>(p0)};
}
}  // namespace detail

// The block of counter c under key k after `rounds` rounds (the first with k itself, each
// later one with k advanced once more).
template <int rounds = 10>
constexpr PhiloxBlock philox4x32(PhiloxCounter c, PhiloxKey k) {
  static_assert(rounds >= 1);
  c = detail::philox_round(c, k);
  for (int r = 1; r < rounds; ++r) {
    k[0] += detail::kPhiloxW0;
    k[1] += detail::kPhiloxW1;
    c = detail::philox_round(c, k);
  }
  return c;
}

constexpr PhiloxBlock philox4x32_10(const PhiloxCounter& c, const PhiloxKey& k) {
  return philox4x32<10>(c, k);
}

}  // namespace aten
