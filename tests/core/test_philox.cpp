// Philox4x32 (aten/core/Philox.h), the stream layout (PhiloxStream.h) and the fill primitive
// (aten/native/PhiloxFill.h), every compiled kernel of it against the scalar reference.
#include <aten/core/PhiloxStream.h>
#include <aten/cpu/Capability.h>
#include <aten/native/PhiloxFill.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

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

// ---- the fill primitive -----------------------------------------------------------------------

namespace {

// Every kernel this binary has that the CPU can run, by capability name.
template <typename Stub>
std::vector<std::pair<std::string, typename Stub::FnPtr>> runnable_kernels() {
  std::vector<std::pair<std::string, typename Stub::FnPtr>> kernels = {{"default", Stub::DEFAULT}};
  if (get_cpu_capability() >= CPUCapability::AVX2 && Stub::AVX2 != nullptr)
    kernels.emplace_back("avx2", Stub::AVX2);
  if (get_cpu_capability() >= CPUCapability::AVX512 && Stub::AVX512 != nullptr)
    kernels.emplace_back("avx512", Stub::AVX512);
  return kernels;
}

// A buffer whose data starts `misalign` elements past a 64-byte boundary, with guard words
// after the n elements that a fill must leave alone.
template <typename T>
struct Buffer {
  static constexpr T kGuard = T(0x5a5a5a5a);
  Buffer(int64_t n, int64_t misalign) : storage(static_cast<size_t>(n + misalign + 64 + 16)) {
    auto addr = reinterpret_cast<uintptr_t>(storage.data());
    data = reinterpret_cast<T*>((addr + 63) / 64 * 64) + misalign;
    size = n;
    for (int64_t i = 0; i < n + 16; ++i) data[i] = kGuard;
  }
  bool guards_intact() const {
    for (int64_t i = size; i < size + 16; ++i)
      if (std::memcmp(&data[i], &kGuard, sizeof(T)) != 0) return false;
    return true;
  }
  std::vector<T> storage;
  T* data;
  int64_t size;
};

constexpr uint64_t kFirstBlocks[] = {
    0, 5, 0xfffffff0ull, 0xfffffffcull, 0xffffffffull, 0x1fffffffaull, UINT64_MAX - 9};
constexpr int64_t kBegins[] = {0, 1, 2, 3, 5, 63, 64, 65, 1001};
constexpr int64_t kCounts[] = {0,  1,  2,  3,   7,   8,   9,   31,  32,  33,
                               63, 64, 65, 127, 128, 129, 255, 256, 257, 4099};

template <typename Stub, typename T, typename F>
void check_kernels_against_reference(F transform) {
  for (const auto& [name, kernel] : runnable_kernels<Stub>())
    for (uint64_t first : kFirstBlocks)
      for (int64_t begin : kBegins)
        for (int64_t n : kCounts)
          for (int64_t misalign : {0, 1})
            for (bool stream : {false, true}) {
              const PhiloxRange range{0x9e3779b97f4a7c15ull ^ first, first};
              Buffer<T> got(n, misalign), want(n, misalign);
              kernel(range, begin, n, got.data, stream);
              native::philox_fill_reference(range, begin, n, want.data, transform);
              SCOPED_TRACE(name + " first block " + std::to_string(first) + " begin " +
                           std::to_string(begin) + " n " + std::to_string(n) + " misalign " +
                           std::to_string(misalign) + (stream ? " streamed" : ""));
              ASSERT_EQ(std::memcmp(got.data, want.data, static_cast<size_t>(n) * sizeof(T)), 0);
              ASSERT_TRUE(got.guards_intact());
            }
}

}  // namespace

TEST(PhiloxFill, EveryWordsKernelMatchesTheReferenceBitForBit) {
  check_kernels_against_reference<native::philox_fill_words_stub_t, uint32_t>(
      [](uint32_t w) { return w; });
}

TEST(PhiloxFill, EveryUniformFloatKernelMatchesTheReferenceBitForBit) {
  check_kernels_against_reference<native::philox_fill_uniform_float_stub_t, float>(uniform_float);
}

TEST(PhiloxFill, ReferenceIsTheStreamsWords) {
  const PhiloxRange range{42, 0xfffffffeull};
  std::vector<uint32_t> words(37);
  native::philox_fill_reference(range, 3, 37, words.data(), [](uint32_t w) { return w; });
  for (uint64_t j = 0; j < words.size(); ++j) EXPECT_EQ(words[j], philox_word(range, 3 + j));
}

// Filling [0, n) at once equals filling [0, k) and then [k, n): by begin = k in the same range,
// and by a range whose first block is the one holding element k (begin = k % 4 in it).
TEST(PhiloxFill, ChunksGiveWhatOneCallGives) {
  constexpr int64_t n = 3001;
  const PhiloxRange range{20240601, 0xffffff00ull};
  std::vector<float> whole(n), by_begin(n), by_counter(n);
  native::philox_fill_uniform_float(range, 0, n, whole.data());
  for (int64_t k : {0, 1, 3, 4, 7, 8, 63, 64, 65, 1024, 1027, 2999, 3000, 3001}) {
    SCOPED_TRACE("k = " + std::to_string(k));
    native::philox_fill_uniform_float(range, 0, k, by_begin.data());
    native::philox_fill_uniform_float(range, k, n - k, by_begin.data() + k);
    EXPECT_EQ(by_begin, whole);
    const PhiloxRange rest{range.key, range.first_block + static_cast<uint64_t>(k) / 4};
    native::philox_fill_uniform_float(range, 0, k, by_counter.data());
    native::philox_fill_uniform_float(rest, k % 4, n - k, by_counter.data() + k);
    EXPECT_EQ(by_counter, whole);
  }
}

TEST(PhiloxFill, KeysAndBlocksGiveDifferentStreams) {
  constexpr int64_t n = 4096;
  std::vector<uint32_t> a(n), b(n), c(n);
  native::philox_fill_words({1, 0}, 0, n, a.data());
  native::philox_fill_words({2, 0}, 0, n, b.data());
  native::philox_fill_words({1, n / 4}, 0, n, c.data());
  int64_t same_key = 0, same_block = 0;
  for (int64_t i = 0; i < n; ++i) {
    same_key += a[i] == b[i];
    same_block += a[i] == c[i];
  }
  // Independent 32-bit words agree with probability 2^-32 each: not one of 4096.
  EXPECT_EQ(same_key, 0);
  EXPECT_EQ(same_block, 0);
}
