#pragma once
// The stream layout: which Philox words each element of a sampling op's output gets. It is
// fixed by the element's index alone, so a result never depends on how the work is split into
// chunks or threads, on the output's strides, or on the vector width of the kernel.
//
// A generator's stream, under key = its seed, is the sequence of Philox4x32-10 blocks at
// counters 0, 1, 2, ...: block b has the counter {low 32 bits of b, high 32 bits of b, 0, 0}
// (the upper two words are always zero). An op that draws w words per element for n elements
// reserves philox_blocks(n, w) = ceil(n * w / 4) consecutive blocks from its generator
// (Generator::reserve), which returns a PhiloxRange {key, first block}. The reserved blocks,
// read in order, are the call's word stream: word k is word k % 4 of block first + k / 4.
// Element i takes words [i * w, i * w + w) of it, in order; the words left over in the last
// block are never used, and the next call starts at a fresh block.
//
// Groups: a transform that makes two elements from one draw (a Box-Muller pair: elements 2p and
// 2p + 1 from the 2w words of both) uses the words of both its elements; an odd last element of
// such an op uses the words its missing partner would have had, which always lie inside the
// reservation for w = 1 or 2, since it is rounded up to whole blocks of 4 words.
#include <aten/core/Philox.h>

#include <cstdint>

namespace aten {

// A generator's reservation for one op call: the key and the first of its blocks.
struct PhiloxRange {
  uint64_t key = 0;
  uint64_t first_block = 0;
};

constexpr PhiloxKey philox_key(uint64_t seed) {
  return {static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32)};
}
constexpr PhiloxCounter philox_counter(uint64_t block) {
  return {static_cast<uint32_t>(block), static_cast<uint32_t>(block >> 32), 0, 0};
}

// The call's block j (blocks wrap around after 2^64, which no generator reaches: see reserve).
constexpr PhiloxBlock philox_block(const PhiloxRange& r, uint64_t j) {
  return philox4x32_10(philox_counter(r.first_block + j), philox_key(r.key));
}

// Word k of the call's stream: the reference every kernel's output is checked against.
constexpr uint32_t philox_word(const PhiloxRange& r, uint64_t k) {
  return philox_block(r, k / 4)[k % 4];
}

// ceil(n * words_per_element / 4), computed so that n * words_per_element never overflows (for
// the few words per element an op draws, the result fits whenever n does).
constexpr uint64_t philox_blocks(uint64_t n, uint64_t words_per_element) {
  return n / 4 * words_per_element + (n % 4 * words_per_element + 3) / 4;
}

}  // namespace aten
