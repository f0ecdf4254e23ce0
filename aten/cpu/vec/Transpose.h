#pragma once
// Block transposes of 4-byte elements: dst row j = column j of src. Strides are in elements.
// They are what makes a transposed copy run at memory speed: 8 vector loads, 24 shuffles and
// 8 vector stores move 64 elements, where element-by-element code spends ~10 instructions on
// each.
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

#if defined(CPU_CAPABILITY_AVX2) || defined(CPU_CAPABILITY_AVX512)
namespace detail {
// r[i] = row i of an 8 x 8 block of src; on return r[j] = column j.
inline void transpose_8x8_in_registers(const float* src, int64_t src_stride, __m256 (&r)[8]) {
  for (int i = 0; i < 8; ++i) r[i] = _mm256_loadu_ps(src + i * src_stride);
  // Interleave pairs of rows, then pairs of pairs, then swap 128-bit halves.
  const __m256 t0 = _mm256_unpacklo_ps(r[0], r[1]), t1 = _mm256_unpackhi_ps(r[0], r[1]);
  const __m256 t2 = _mm256_unpacklo_ps(r[2], r[3]), t3 = _mm256_unpackhi_ps(r[2], r[3]);
  const __m256 t4 = _mm256_unpacklo_ps(r[4], r[5]), t5 = _mm256_unpackhi_ps(r[4], r[5]);
  const __m256 t6 = _mm256_unpacklo_ps(r[6], r[7]), t7 = _mm256_unpackhi_ps(r[6], r[7]);
  const __m256 s0 = _mm256_shuffle_ps(t0, t2, 0x44), s1 = _mm256_shuffle_ps(t0, t2, 0xEE);
  const __m256 s2 = _mm256_shuffle_ps(t1, t3, 0x44), s3 = _mm256_shuffle_ps(t1, t3, 0xEE);
  const __m256 s4 = _mm256_shuffle_ps(t4, t6, 0x44), s5 = _mm256_shuffle_ps(t4, t6, 0xEE);
  const __m256 s6 = _mm256_shuffle_ps(t5, t7, 0x44), s7 = _mm256_shuffle_ps(t5, t7, 0xEE);
  r[0] = _mm256_permute2f128_ps(s0, s4, 0x20);
  r[1] = _mm256_permute2f128_ps(s1, s5, 0x20);
  r[2] = _mm256_permute2f128_ps(s2, s6, 0x20);
  r[3] = _mm256_permute2f128_ps(s3, s7, 0x20);
  r[4] = _mm256_permute2f128_ps(s0, s4, 0x31);
  r[5] = _mm256_permute2f128_ps(s1, s5, 0x31);
  r[6] = _mm256_permute2f128_ps(s2, s6, 0x31);
  r[7] = _mm256_permute2f128_ps(s3, s7, 0x31);
}
}  // namespace detail
#endif

// 8 x 8. T is any 4-byte type; the bits are moved, never interpreted.
template <typename T>
inline void transpose_8x8(const T* src, int64_t src_stride, T* dst, int64_t dst_stride) {
  static_assert(sizeof(T) == 4, "transpose_8x8 moves 4-byte elements");
#if defined(CPU_CAPABILITY_AVX2) || defined(CPU_CAPABILITY_AVX512)
  __m256 r[8];
  detail::transpose_8x8_in_registers(reinterpret_cast<const float*>(src), src_stride, r);
  for (int j = 0; j < 8; ++j)
    _mm256_storeu_ps(reinterpret_cast<float*>(dst + j * dst_stride), r[j]);
#else
  T block[8][8];
  for (int i = 0; i < 8; ++i) std::memcpy(block[i], src + i * src_stride, sizeof(block[i]));
  for (int j = 0; j < 8; ++j)
    for (int i = 0; i < 8; ++i) dst[j * dst_stride + i] = block[i][j];
#endif
}

// 16 x 8: each dst row is 64 bytes, a cache line when aligned. With kStream the rows are
// written whole with non-temporal stores (see Stream.h), so no line is read into the cache
// first; they must then be 64-byte aligned, and the caller fences once it is done. Lines
// written in halves by separate stores would wait in the write-combining buffers for their
// other half: measured here, that was twice slower than plain stores on two threads.
template <bool kStream, typename T>
inline void transpose_16x8(const T* src, int64_t src_stride, T* dst, int64_t dst_stride) {
  static_assert(sizeof(T) == 4, "transpose_16x8 moves 4-byte elements");
#if defined(CPU_CAPABILITY_AVX2) || defined(CPU_CAPABILITY_AVX512)
  __m256 lo[8], hi[8];
  const auto* s = reinterpret_cast<const float*>(src);
  detail::transpose_8x8_in_registers(s, src_stride, lo);
  detail::transpose_8x8_in_registers(s + 8 * src_stride, src_stride, hi);
  for (int j = 0; j < 8; ++j) {
    float* row = reinterpret_cast<float*>(dst + j * dst_stride);
#if defined(CPU_CAPABILITY_AVX512)
    const __m512 v = _mm512_insertf32x8(_mm512_castps256_ps512(lo[j]), hi[j], 1);
    if constexpr (kStream) _mm512_stream_ps(row, v);
    else _mm512_storeu_ps(row, v);
#else
    if constexpr (kStream) {
      _mm256_stream_ps(row, lo[j]);
      _mm256_stream_ps(row + 8, hi[j]);
    } else {
      _mm256_storeu_ps(row, lo[j]);
      _mm256_storeu_ps(row + 8, hi[j]);
    }
#endif
  }
#else
  transpose_8x8(src, src_stride, dst, dst_stride);
  transpose_8x8(src + 8 * src_stride, src_stride, dst + 8, dst_stride);
#endif
}

}  // namespace CPU_CAPABILITY
}  // namespace aten::vec
