#pragma once
// An 8 x 8 block transpose of 4-byte elements: dst row j = column j of src. Strides are in
// elements. It is what makes a transposed copy run at memory speed: 8 vector loads, 24
// shuffles and 8 vector stores move 64 elements, where element-by-element code spends
// ~10 instructions on each.
#include <cstdint>
#include <cstring>

#if defined(CPU_CAPABILITY_AVX2) || defined(CPU_CAPABILITY_AVX512)
#include <immintrin.h>
#endif

#ifndef CPU_CAPABILITY
#error "Transpose.h is for kernel files compiled once per CPU capability (aten/native/cpu/)"
#endif

namespace aten::vec {
inline namespace CPU_CAPABILITY {

// T is any 4-byte type; the bits are moved, never interpreted.
template <typename T>
inline void transpose_8x8(const T* src, int64_t src_stride, T* dst, int64_t dst_stride) {
  static_assert(sizeof(T) == 4, "transpose_8x8 moves 4-byte elements");
#if defined(CPU_CAPABILITY_AVX2) || defined(CPU_CAPABILITY_AVX512)
  auto load = [&](int i) {
    return _mm256_loadu_ps(reinterpret_cast<const float*>(src + i * src_stride));
  };
  const __m256 r0 = load(0), r1 = load(1), r2 = load(2), r3 = load(3), r4 = load(4), r5 = load(5),
               r6 = load(6), r7 = load(7);
  // Interleave pairs of rows, then pairs of pairs, then swap 128-bit halves.
  const __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1);
  const __m256 t2 = _mm256_unpacklo_ps(r2, r3), t3 = _mm256_unpackhi_ps(r2, r3);
  const __m256 t4 = _mm256_unpacklo_ps(r4, r5), t5 = _mm256_unpackhi_ps(r4, r5);
  const __m256 t6 = _mm256_unpacklo_ps(r6, r7), t7 = _mm256_unpackhi_ps(r6, r7);
  const __m256 s0 = _mm256_shuffle_ps(t0, t2, 0x44), s1 = _mm256_shuffle_ps(t0, t2, 0xEE);
  const __m256 s2 = _mm256_shuffle_ps(t1, t3, 0x44), s3 = _mm256_shuffle_ps(t1, t3, 0xEE);
  const __m256 s4 = _mm256_shuffle_ps(t4, t6, 0x44), s5 = _mm256_shuffle_ps(t4, t6, 0xEE);
  const __m256 s6 = _mm256_shuffle_ps(t5, t7, 0x44), s7 = _mm256_shuffle_ps(t5, t7, 0xEE);
  auto store = [&](int j, __m256 v) {
    _mm256_storeu_ps(reinterpret_cast<float*>(dst + j * dst_stride), v);
  };
  store(0, _mm256_permute2f128_ps(s0, s4, 0x20));
  store(1, _mm256_permute2f128_ps(s1, s5, 0x20));
  store(2, _mm256_permute2f128_ps(s2, s6, 0x20));
  store(3, _mm256_permute2f128_ps(s3, s7, 0x20));
  store(4, _mm256_permute2f128_ps(s0, s4, 0x31));
  store(5, _mm256_permute2f128_ps(s1, s5, 0x31));
  store(6, _mm256_permute2f128_ps(s2, s6, 0x31));
  store(7, _mm256_permute2f128_ps(s3, s7, 0x31));
#else
  T block[8][8];
  for (int i = 0; i < 8; ++i) std::memcpy(block[i], src + i * src_stride, sizeof(block[i]));
  for (int j = 0; j < 8; ++j)
    for (int i = 0; i < 8; ++i) dst[j * dst_stride + i] = block[i][j];
#endif
}

}  // namespace CPU_CAPABILITY
}  // namespace aten::vec
