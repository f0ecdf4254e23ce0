#pragma once
// Vectorized<T>: a fixed-width pack of T with the arithmetic kernels need. This is the generic
// version: plain arrays and loops that the compiler turns into SIMD for whichever instruction
// set the including kernel file is compiled for (see CPU_CAPABILITY). Hand-written AVX2 and
// AVX-512 specialisations can replace it type by type without touching kernels.
#include <cstdint>
#include <cstring>

#ifndef CPU_CAPABILITY
#error "Vectorized.h is for kernel files compiled once per CPU capability (aten/native/cpu/)"
#endif

namespace aten::vec {
inline namespace CPU_CAPABILITY {

#if defined(CPU_CAPABILITY_AVX512)
constexpr int kVectorBytes = 64;
#else
constexpr int kVectorBytes = 32;
#endif

template <typename T>
class Vectorized {
 public:
  using value_type = T;
  static constexpr int64_t size() { return kVectorBytes / static_cast<int64_t>(sizeof(T)); }

  Vectorized() = default;
  Vectorized(T v) {  // NOLINT: broadcast, implicit like ATen's
    for (int64_t i = 0; i < size(); ++i) values_[i] = v;
  }
  static Vectorized loadu(const void* p) {
    Vectorized r;
    std::memcpy(r.values_, p, sizeof(r.values_));
    return r;
  }
  void store(void* p) const { std::memcpy(p, values_, sizeof(values_)); }
  T operator[](int64_t i) const { return values_[i]; }

#define ATEN_VEC_BINARY(op)                                              \
  friend Vectorized operator op(const Vectorized& a, const Vectorized& b) { \
    Vectorized r;                                                         \
    for (int64_t i = 0; i < size(); ++i) r.values_[i] = a.values_[i] op b.values_[i]; \
    return r;                                                             \
  }
  ATEN_VEC_BINARY(+)
  ATEN_VEC_BINARY(-)
  ATEN_VEC_BINARY(*)
  ATEN_VEC_BINARY(/)
#undef ATEN_VEC_BINARY

 private:
  alignas(kVectorBytes) T values_[size()];
};

}  // namespace CPU_CAPABILITY
}  // namespace aten::vec
