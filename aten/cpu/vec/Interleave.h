#pragma once
// deinterleave2(a, b): the even and the odd elements of the 2 * size() elements a then b, each
// in order. A stride-2 load is then two loads and a permute, where element-by-element it is a
// load per element. The generic version goes through memory; float and double have a permute
// instruction per result under AVX2 and AVX512.
#include <aten/cpu/vec/Vectorized.h>

#include <utility>

namespace aten::vec {
inline namespace CPU_CAPABILITY {

template <typename T>
std::pair<Vectorized<T>, Vectorized<T>> deinterleave2(const Vectorized<T>& a,
                                                      const Vectorized<T>& b) {
  constexpr int64_t n = Vectorized<T>::size();
  T in[2 * n], even[n], odd[n];
  a.store(in);
  b.store(in + n);
  for (int64_t i = 0; i < n; ++i) {
    even[i] = in[2 * i];
    odd[i] = in[2 * i + 1];
  }
  return {Vectorized<T>::loadu(even), Vectorized<T>::loadu(odd)};
}

#if defined(CPU_CAPABILITY_AVX512)
inline std::pair<Vectorized<float>, Vectorized<float>> deinterleave2(const Vectorized<float>& a,
                                                                     const Vectorized<float>& b) {
  const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
  const __m512i odd = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
  return {_mm512_permutex2var_ps(a, even, b), _mm512_permutex2var_ps(a, odd, b)};
}
inline std::pair<Vectorized<double>, Vectorized<double>> deinterleave2(
    const Vectorized<double>& a, const Vectorized<double>& b) {
  const __m512i even = _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14);
  const __m512i odd = _mm512_setr_epi64(1, 3, 5, 7, 9, 11, 13, 15);
  return {_mm512_permutex2var_pd(a, even, b), _mm512_permutex2var_pd(a, odd, b)};
}
#elif defined(CPU_CAPABILITY_AVX2)
// shuffle_ps / unpack_pd pair the elements within each 128-bit half; permute4x64 then puts the
// halves in order.
inline std::pair<Vectorized<float>, Vectorized<float>> deinterleave2(const Vectorized<float>& a,
                                                                     const Vectorized<float>& b) {
  const auto order = [](__m256 v) {
    return _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(v), 0xD8));
  };
  return {order(_mm256_shuffle_ps(a, b, 0x88)), order(_mm256_shuffle_ps(a, b, 0xDD))};
}
inline std::pair<Vectorized<double>, Vectorized<double>> deinterleave2(
    const Vectorized<double>& a, const Vectorized<double>& b) {
  return {_mm256_permute4x64_pd(_mm256_unpacklo_pd(a, b), 0xD8),
          _mm256_permute4x64_pd(_mm256_unpackhi_pd(a, b), 0xD8)};
}
#endif

}  // namespace CPU_CAPABILITY
}  // namespace aten::vec
