// The Philox fill kernels (PhiloxFill.h). Compiled once per CPU capability. The AVX2 and
// AVX-512 builds compute eight blocks at once, one block per 32-bit lane of a 256-bit register
// and one register per word of the block; the AVX-512 build runs the same 256-bit code (a
// 16-lane version is left for a machine with AVX-512 to test it on). The DEFAULT build is the
// scalar reference.
//
// A Philox round needs the high and low halves of 32 x 32-bit products: _mm256_mul_epu32 gives
// the 64-bit products of the even lanes, and of the odd lanes after a 32-bit shift, and a blend
// puts the high halves back in lane order; the low halves are one _mm256_mullo_epi32. Four sets
// of eight blocks go through the rounds together, so that one set's multiplies run while the
// others wait on theirs. Both choices are the fastest of those measured (bench/README.md).
#include <aten/cpu/vec/Stream.h>
#include <aten/native/PhiloxFill.h>

#include <algorithm>
#include <cstdint>
#include <cstring>

#if defined(CPU_CAPABILITY_AVX2) || defined(CPU_CAPABILITY_AVX512)
#include <immintrin.h>
#define ATEN_PHILOX_LANES8
#endif

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

// What a fill writes for one word: the word itself, or a uniform float (exactly
// uniform_float, so that the vector and scalar paths agree bit for bit).
struct WordsOut {
  using value_type = uint32_t;
  static uint32_t scalar(uint32_t w) { return w; }
#ifdef ATEN_PHILOX_LANES8
  static __m256i vec(__m256i w) { return w; }
#endif
};
struct UniformFloatOut {
  using value_type = float;
  static float scalar(uint32_t w) { return uniform_float(w); }
#ifdef ATEN_PHILOX_LANES8
  static __m256i vec(__m256i w) {
    const __m256 top24 = _mm256_cvtepi32_ps(_mm256_srli_epi32(w, 8));  // exact: below 2^24
    return _mm256_castps_si256(_mm256_mul_ps(top24, _mm256_set1_ps(0x1p-24f)));
  }
#endif
};

#ifdef ATEN_PHILOX_LANES8

// Word r of eight consecutive blocks, one block per lane, in the lane order kLaneBlock gives.
struct Blocks8 {
  __m256i x[4];
};

// Lane l holds block kLaneBlock[l] of the eight: with blocks 0, 2, 4, 6 in the low half and 1,
// 3, 5, 7 in the high half, the in-lane unpacks of to_stream_order already leave two
// consecutive blocks in each register, with no cross-half shuffle.
constexpr int kLaneBlock[8] = {0, 2, 4, 6, 1, 3, 5, 7};

inline Blocks8 counters8(uint64_t first) {
  const auto lo = static_cast<uint32_t>(first), hi = static_cast<uint32_t>(first >> 32);
  Blocks8 b;
  if (lo <= UINT32_MAX - 7) {  // no carry into the second word within the eight
    b.x[0] = _mm256_add_epi32(_mm256_set1_epi32(static_cast<int>(lo)),
                              _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7));
    b.x[1] = _mm256_set1_epi32(static_cast<int>(hi));
  } else {
    alignas(32) uint32_t c0[8], c1[8];
    for (int l = 0; l < 8; ++l) {
      const uint64_t block = first + static_cast<uint64_t>(kLaneBlock[l]);
      c0[l] = static_cast<uint32_t>(block);
      c1[l] = static_cast<uint32_t>(block >> 32);
    }
    b.x[0] = _mm256_load_si256(reinterpret_cast<const __m256i*>(c0));
    b.x[1] = _mm256_load_si256(reinterpret_cast<const __m256i*>(c1));
  }
  b.x[2] = b.x[3] = _mm256_setzero_si256();
  return b;
}

// The high and low 32 bits of a * m per lane, m the same in every lane.
inline void mulhilo(__m256i a, __m256i m, __m256i& hi, __m256i& lo) {
  const __m256i even = _mm256_mul_epu32(a, m);                        // lanes 0, 2, 4, 6
  const __m256i odd = _mm256_mul_epu32(_mm256_srli_epi64(a, 32), m);  // lanes 1, 3, 5, 7
  hi = _mm256_blend_epi32(_mm256_srli_epi64(even, 32), odd, 0xAA);
  lo = _mm256_mullo_epi32(a, m);
}

// philox4x32_10 on G sets of eight blocks at once.
template <int G>
inline void philox_rounds(Blocks8 (&b)[G], uint64_t key) {
  const __m256i m0 = _mm256_set1_epi32(static_cast<int>(detail::kPhiloxM0));
  const __m256i m1 = _mm256_set1_epi32(static_cast<int>(detail::kPhiloxM1));
  auto k0 = static_cast<uint32_t>(key), k1 = static_cast<uint32_t>(key >> 32);
  for (int r = 0; r < 10; ++r) {
    const __m256i key0 = _mm256_set1_epi32(static_cast<int>(k0));
    const __m256i key1 = _mm256_set1_epi32(static_cast<int>(k1));
    for (int g = 0; g < G; ++g) {
      __m256i hi0, lo0, hi1, lo1;
      mulhilo(b[g].x[0], m0, hi0, lo0);
      mulhilo(b[g].x[2], m1, hi1, lo1);
      b[g].x[0] = _mm256_xor_si256(_mm256_xor_si256(hi1, b[g].x[1]), key0);
      b[g].x[1] = lo1;
      b[g].x[2] = _mm256_xor_si256(_mm256_xor_si256(hi0, b[g].x[3]), key1);
      b[g].x[3] = lo0;
    }
    k0 += detail::kPhiloxW0;
    k1 += detail::kPhiloxW1;
  }
}

// The eight blocks' 32 words in stream order (block 0's four words first), as four registers.
inline void to_stream_order(const Blocks8& b, __m256i (&out)[4]) {
  const __m256i w01_lo = _mm256_unpacklo_epi32(b.x[0], b.x[1]);
  const __m256i w01_hi = _mm256_unpackhi_epi32(b.x[0], b.x[1]);
  const __m256i w23_lo = _mm256_unpacklo_epi32(b.x[2], b.x[3]);
  const __m256i w23_hi = _mm256_unpackhi_epi32(b.x[2], b.x[3]);
  out[0] = _mm256_unpacklo_epi64(w01_lo, w23_lo);  // blocks 0 | 1
  out[1] = _mm256_unpackhi_epi64(w01_lo, w23_lo);  // blocks 2 | 3
  out[2] = _mm256_unpacklo_epi64(w01_hi, w23_hi);  // blocks 4 | 5
  out[3] = _mm256_unpackhi_epi64(w01_hi, w23_hi);  // blocks 6 | 7
}

constexpr int kSets = 4;               // sets of eight blocks per iteration
constexpr int64_t kStep = 32 * kSets;  // words per iteration

// Words [0, kStep) from block `first` on, transformed by Out, into out (aligned to 32 bytes
// when kStream).
template <typename Out, bool kStream>
inline void step(uint64_t first, uint64_t key, typename Out::value_type* out) {
  Blocks8 b[kSets];
  for (int g = 0; g < kSets; ++g) b[g] = counters8(first + 8 * static_cast<uint64_t>(g));
  philox_rounds(b, key);
  for (int g = 0; g < kSets; ++g) {
    __m256i words[4];
    to_stream_order(b[g], words);
    for (int v = 0; v < 4; ++v) {
      auto* p = reinterpret_cast<__m256i*>(out + 32 * g + 8 * v);
      if constexpr (kStream) {
        _mm256_stream_si256(p, Out::vec(words[v]));
      } else {
        _mm256_storeu_si256(p, Out::vec(words[v]));
      }
    }
  }
}

template <typename Out, bool kStream>
void fill_body(uint64_t first, uint64_t key, int64_t n, typename Out::value_type* out) {
  for (int64_t j = 0; j < n; j += kStep, first += kStep / 4)
    step<Out, kStream>(first, key, out + j);
  if constexpr (kStream) vec::stream_fence();
}

template <typename Out>
void fill(const PhiloxRange& range, int64_t begin, int64_t n, typename Out::value_type* out,
          bool stream) {
  using T = typename Out::value_type;
  // Up to the first block boundary (at most three words), one block in scalar code.
  const int64_t head = std::min<int64_t>(n, (4 - begin % 4) % 4);
  philox_fill_reference(range, begin, head, out, Out::scalar);
  const uint64_t first = range.first_block + static_cast<uint64_t>(begin + head) / 4;
  out += head;
  n -= head;
  const int64_t body = n / kStep * kStep;
  if (stream && reinterpret_cast<uintptr_t>(out) % 32 == 0) {
    fill_body<Out, true>(first, range.key, body, out);
  } else {
    fill_body<Out, false>(first, range.key, body, out);
  }
  // The last words through the vector path too, into a buffer: a short fill (a small tensor,
  // a thread's last chunk) is then not a scalar one.
  if (const int64_t tail = n - body; tail > 0) {
    alignas(32) T buffer[kStep];
    step<Out, false>(first + static_cast<uint64_t>(body) / 4, range.key, buffer);
    std::memcpy(out + body, buffer, static_cast<size_t>(tail) * sizeof(T));
  }
}

#else  // the DEFAULT build

template <typename Out>
void fill(const PhiloxRange& range, int64_t begin, int64_t n, typename Out::value_type* out,
          bool /*stream*/) {
  philox_fill_reference(range, begin, n, out, Out::scalar);
}

#endif

void fill_words_kernel(const PhiloxRange& range, int64_t begin, int64_t n, uint32_t* out,
                       bool stream) {
  fill<WordsOut>(range, begin, n, out, stream);
}
void fill_uniform_float_kernel(const PhiloxRange& range, int64_t begin, int64_t n, float* out,
                               bool stream) {
  fill<UniformFloatOut>(range, begin, n, out, stream);
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(philox_fill_words_stub, &fill_words_kernel);
ATEN_REGISTER_DISPATCH(philox_fill_uniform_float_stub, &fill_uniform_float_kernel);

}  // namespace aten::native
