// Philox4x32 (aten/core/Philox.h) and the stream layout (PhiloxStream.h).
#include <aten/core/PhiloxStream.h>
#include <gtest/gtest.h>

#include <cstdint>

using namespace aten;

namespace {

struct Kat {
  PhiloxCounter counter;
  PhiloxKey key;
  PhiloxBlock expected;
};

// Random123's published known answers: tests/kat_vectors of github.com/DEShawResearch/random123
// (commit 9545ff6), the "philox4x32 10" and "philox4x32 7" lines: the counter, the key, the
// block, each word in hex. Zeros, all ones, and the hex digits of pi.
constexpr Kat kKat10[] = {
    {{0x00000000, 0x00000000, 0x00000000, 0x00000000},
     {0x00000000, 0x00000000},
     {0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}},
    {{0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff},
     {0xffffffff, 0xffffffff},
     {0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}},
    {{0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344},
     {0xa4093822, 0x299f31d0},
     {0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}},
};
constexpr Kat kKat7[] = {
    {{0x00000000, 0x00000000, 0x00000000, 0x00000000},
     {0x00000000, 0x00000000},
     {0x5f6fb709, 0x0d893f64, 0x4f121f81, 0x4f730a48}},
    {{0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff},
     {0xffffffff, 0xffffffff},
     {0x5207ddc2, 0x45165e59, 0x4d8ee751, 0x8c52f662}},
    {{0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344},
     {0xa4093822, 0x299f31d0},
     {0x4dfccaba, 0x190a87f0, 0xc47362ba, 0xb6b5242a}},
};

// The block function is constexpr: the known answers hold at compile time too.
static_assert(philox4x32_10(kKat10[2].counter, kKat10[2].key) == kKat10[2].expected);

}  // namespace

TEST(Philox, KnownAnswerVectors10Rounds) {
  for (const Kat& k : kKat10) EXPECT_EQ(philox4x32_10(k.counter, k.key), k.expected);
}

TEST(Philox, KnownAnswerVectors7Rounds) {
  for (const Kat& k : kKat7) EXPECT_EQ(philox4x32<7>(k.counter, k.key), k.expected);
}

// ---- the stream layout ------------------------------------------------------------------------

TEST(PhiloxStream, BlocksAreTheWordsRoundedUpToWholeBlocks) {
  EXPECT_EQ(philox_blocks(0, 1), 0u);
  EXPECT_EQ(philox_blocks(1, 1), 1u);
  EXPECT_EQ(philox_blocks(4, 1), 1u);
  EXPECT_EQ(philox_blocks(5, 1), 2u);
  EXPECT_EQ(philox_blocks(3, 2), 2u);
  EXPECT_EQ(philox_blocks(7, 3), 6u);  // 21 words
  EXPECT_EQ(philox_blocks(UINT64_MAX, 1), uint64_t{1} << 62);
  EXPECT_EQ(philox_blocks(UINT64_MAX, 2), uint64_t{1} << 63);
  EXPECT_EQ(philox_blocks(UINT64_MAX, 4), UINT64_MAX);
}

TEST(PhiloxStream, WordKIsWordKMod4OfBlockFirstPlusKDiv4) {
  // The second block of this call crosses into the counter's second word.
  const PhiloxRange r{0x0123456789abcdefull, 0xffffffffull};
  const PhiloxKey key{0x89abcdef, 0x01234567};
  const PhiloxBlock b0 = philox4x32_10({0xffffffff, 0, 0, 0}, key);
  const PhiloxBlock b1 = philox4x32_10({0, 1, 0, 0}, key);
  for (uint64_t k = 0; k < 4; ++k) {
    EXPECT_EQ(philox_word(r, k), b0[k]);
    EXPECT_EQ(philox_word(r, 4 + k), b1[k]);
  }
}
