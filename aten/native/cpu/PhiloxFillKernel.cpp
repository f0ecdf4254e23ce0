// The Philox fill kernels (PhiloxFill.h). Compiled once per CPU capability. The AVX2 build
// computes eight blocks at once and the AVX-512 build sixteen: one block per 32-bit lane, one
// register per word of the block. The DEFAULT build is the scalar reference.
//
// A Philox round needs the high and low halves of 32 x 32-bit products: mul_epu32 gives the
// 64-bit products of the even lanes, and of the odd lanes after a 32-bit shift, and a blend puts
// the high halves back in lane order; the low halves are one mullo_epi32. Four sets of blocks go
// through the rounds together, so that one set's multiplies run while the others wait on theirs.
// Both choices are the fastest of those measured (bench/README.md).
#include <aten/cpu/vec/Stream.h>
#include <aten/native/PhiloxFill.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

#if defined(CPU_CAPABILITY_AVX2) || defined(CPU_CAPABILITY_AVX512)
#include <immintrin.h>
#define ATEN_PHILOX_VECTOR
#endif

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

#ifdef ATEN_PHILOX_VECTOR

// The register of N 32-bit lanes and the handful of instructions the fill needs, per capability.
#if defined(CPU_CAPABILITY_AVX512)
struct Lanes {
  using V = __m512i;
  static constexpr int N = 16;
  static V set1(uint32_t x) { return _mm512_set1_epi32(static_cast<int>(x)); }
  static V load(const uint32_t* x) { return _mm512_loadu_si512(x); }
  static V add(V a, V b) { return _mm512_add_epi32(a, b); }
  static V xor3(V a, V b, V c) { return _mm512_ternarylogic_epi32(a, b, c, 0x96); }
  // The high and low 32 bits of a * m per lane.
  static void mulhilo(V a, V m, V& hi, V& lo) {
    const V even = _mm512_mul_epu32(a, m);
    const V odd = _mm512_mul_epu32(_mm512_srli_epi64(a, 32), m);
    hi = _mm512_mask_blend_epi32(0xAAAA, _mm512_srli_epi64(even, 32), odd);
    lo = _mm512_mullo_epi32(a, m);
  }
  static V unpacklo32(V a, V b) { return _mm512_unpacklo_epi32(a, b); }
  static V unpackhi32(V a, V b) { return _mm512_unpackhi_epi32(a, b); }
  static V unpacklo64(V a, V b) { return _mm512_unpacklo_epi64(a, b); }
  static V unpackhi64(V a, V b) { return _mm512_unpackhi_epi64(a, b); }
  static V uniform_float(V w) {
    const __m512 top24 = _mm512_cvtepi32_ps(_mm512_srli_epi32(w, 8));  // exact: below 2^24
    return _mm512_castps_si512(_mm512_mul_ps(top24, _mm512_set1_ps(0x1p-24f)));
  }
  static void storeu(void* p, V v) { _mm512_storeu_si512(p, v); }
  static void stream(void* p, V v) { _mm512_stream_si512(static_cast<V*>(p), v); }
};
#else
struct Lanes {
  using V = __m256i;
  static constexpr int N = 8;
  static V set1(uint32_t x) { return _mm256_set1_epi32(static_cast<int>(x)); }
  static V load(const uint32_t* x) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x));
  }
  static V add(V a, V b) { return _mm256_add_epi32(a, b); }
  static V xor3(V a, V b, V c) { return _mm256_xor_si256(_mm256_xor_si256(a, b), c); }
  static void mulhilo(V a, V m, V& hi, V& lo) {
    const V even = _mm256_mul_epu32(a, m);
    const V odd = _mm256_mul_epu32(_mm256_srli_epi64(a, 32), m);
    hi = _mm256_blend_epi32(_mm256_srli_epi64(even, 32), odd, 0xAA);
    lo = _mm256_mullo_epi32(a, m);
  }
  static V unpacklo32(V a, V b) { return _mm256_unpacklo_epi32(a, b); }
  static V unpackhi32(V a, V b) { return _mm256_unpackhi_epi32(a, b); }
  static V unpacklo64(V a, V b) { return _mm256_unpacklo_epi64(a, b); }
  static V unpackhi64(V a, V b) { return _mm256_unpackhi_epi64(a, b); }
  static V uniform_float(V w) {
    const __m256 top24 = _mm256_cvtepi32_ps(_mm256_srli_epi32(w, 8));  // exact: below 2^24
    return _mm256_castps_si256(_mm256_mul_ps(top24, _mm256_set1_ps(0x1p-24f)));
  }
  static void storeu(void* p, V v) { _mm256_storeu_si256(static_cast<V*>(p), v); }
  static void stream(void* p, V v) { _mm256_stream_si256(static_cast<V*>(p), v); }
};
#endif
using V = Lanes::V;
constexpr int kLanes = Lanes::N;

#endif

// What a fill writes for one word: the word itself, or a uniform float (exactly
// uniform_float, so that the vector and scalar paths agree bit for bit).
struct WordsOut {
  using value_type = uint32_t;
  static uint32_t scalar(uint32_t w) { return w; }
#ifdef ATEN_PHILOX_VECTOR
  static V vec(V w) { return w; }
#endif
};
struct UniformFloatOut {
  using value_type = float;
  static float scalar(uint32_t w) { return uniform_float(w); }
#ifdef ATEN_PHILOX_VECTOR
  static V vec(V w) { return Lanes::uniform_float(w); }
#endif
};

#ifdef ATEN_PHILOX_VECTOR

// Word r of kLanes consecutive blocks, one block per lane. Lane 4q + e (lane e of the 128-bit
// quarter q) holds block e * kLanes/4 + q: the in-quarter unpacks of to_stream_order then
// leave kLanes/4 consecutive blocks in each register, with no cross-quarter shuffle.
struct Blocks {
  V x[4];
};

constexpr int lane_block(int lane) { return (lane % 4) * (kLanes / 4) + lane / 4; }

inline Blocks counters(uint64_t first) {
  const auto lo = static_cast<uint32_t>(first), hi = static_cast<uint32_t>(first >> 32);
  if (lo <= UINT32_MAX - (kLanes - 1)) {  // no carry into the second word within the blocks
    static constexpr auto kOffsets = [] {
      std::array<uint32_t, kLanes> o{};
      for (int l = 0; l < kLanes; ++l) o[l] = static_cast<uint32_t>(lane_block(l));
      return o;
    }();
    const V offsets = Lanes::load(kOffsets.data());
    return {
        {Lanes::add(Lanes::set1(lo), offsets), Lanes::set1(hi), Lanes::set1(0), Lanes::set1(0)}};
  }
  uint32_t c0[kLanes], c1[kLanes];
  for (int l = 0; l < kLanes; ++l) {
    const uint64_t block = first + static_cast<uint64_t>(lane_block(l));
    c0[l] = static_cast<uint32_t>(block);
    c1[l] = static_cast<uint32_t>(block >> 32);
  }
  return {{Lanes::load(c0), Lanes::load(c1), Lanes::set1(0), Lanes::set1(0)}};
}

// philox4x32_10 on G sets of kLanes blocks at once.
template <int G>
inline void philox_rounds(Blocks (&b)[G], uint64_t key) {
  const V m0 = Lanes::set1(detail::kPhiloxM0), m1 = Lanes::set1(detail::kPhiloxM1);
  auto k0 = static_cast<uint32_t>(key), k1 = static_cast<uint32_t>(key >> 32);
  for (int r = 0; r < 10; ++r) {
    const V key0 = Lanes::set1(k0), key1 = Lanes::set1(k1);
    for (int g = 0; g < G; ++g) {
      V hi0, lo0, hi1, lo1;
      Lanes::mulhilo(b[g].x[0], m0, hi0, lo0);
      Lanes::mulhilo(b[g].x[2], m1, hi1, lo1);
      b[g].x[0] = Lanes::xor3(hi1, b[g].x[1], key0);
      b[g].x[1] = lo1;
      b[g].x[2] = Lanes::xor3(hi0, b[g].x[3], key1);
      b[g].x[3] = lo0;
    }
    k0 += detail::kPhiloxW0;
    k1 += detail::kPhiloxW1;
  }
}

// The blocks' 4 * kLanes words in stream order (the first block's four words first), as four
// registers: a 4 x 4 transpose within each 128-bit quarter.
inline void to_stream_order(const Blocks& b, V (&out)[4]) {
  const V w01_lo = Lanes::unpacklo32(b.x[0], b.x[1]);
  const V w01_hi = Lanes::unpackhi32(b.x[0], b.x[1]);
  const V w23_lo = Lanes::unpacklo32(b.x[2], b.x[3]);
  const V w23_hi = Lanes::unpackhi32(b.x[2], b.x[3]);
  out[0] = Lanes::unpacklo64(w01_lo, w23_lo);  // blocks 0 .. kLanes/4 - 1
  out[1] = Lanes::unpackhi64(w01_lo, w23_lo);
  out[2] = Lanes::unpacklo64(w01_hi, w23_hi);
  out[3] = Lanes::unpackhi64(w01_hi, w23_hi);
}

constexpr int kSets = 4;                       // sets of kLanes blocks per iteration
constexpr int64_t kStep = 4 * kLanes * kSets;  // words per iteration

// Words [0, kStep) from block `first` on, transformed by Out, into out (aligned to the
// register's size when kStream).
template <typename Out, bool kStream>
inline void step(uint64_t first, uint64_t key, typename Out::value_type* out) {
  Blocks b[kSets];
  for (int g = 0; g < kSets; ++g) b[g] = counters(first + kLanes * static_cast<uint64_t>(g));
  philox_rounds(b, key);
  for (int g = 0; g < kSets; ++g) {
    V words[4];
    to_stream_order(b[g], words);
    for (int v = 0; v < 4; ++v) {
      auto* p = out + 4 * kLanes * g + kLanes * v;
      if constexpr (kStream) {
        Lanes::stream(p, Out::vec(words[v]));
      } else {
        Lanes::storeu(p, Out::vec(words[v]));
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
  if (stream && reinterpret_cast<uintptr_t>(out) % sizeof(V) == 0) {
    fill_body<Out, true>(first, range.key, body, out);
  } else {
    fill_body<Out, false>(first, range.key, body, out);
  }
  // The last words through the vector path too, into a buffer: a short fill (a small tensor,
  // a thread's last chunk) is then not a scalar one.
  if (const int64_t tail = n - body; tail > 0) {
    alignas(64) T buffer[kStep];
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
