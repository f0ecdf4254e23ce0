#pragma once
// AVX2 (+FMA) specialisations of Vectorized for float, double, int32_t and int64_t: 256-bit
// registers. Math functions are Sleef's AVX2 variants (u10 = 1 ULP, erfc u15 = 1.5 ULP) but for
// float exp (VecMath.h).
// Partial loads and stores go through a zeroed buffer: simple, and never touch memory past
// count elements.
#include <aten/cpu/vec/Convert.h>
#include <aten/cpu/vec/VecMath.h>
#include <aten/cpu/vec/VectorizedBase.h>

#if defined(CPU_CAPABILITY_AVX2)
#include <immintrin.h>

namespace aten::vec {
inline namespace CPU_CAPABILITY {

// ---- float ----------------------------------------------------------------------------------

template <>
class Vectorized<float> {
 public:
  using value_type = float;
  static constexpr int64_t size() { return 8; }

  Vectorized() : v_(_mm256_setzero_ps()) {}
  Vectorized(__m256 v) : v_(v) {}                 // NOLINT
  Vectorized(float s) : v_(_mm256_set1_ps(s)) {}  // NOLINT: broadcast
  Vectorized(float a, float b, float c, float d, float e, float f, float g, float h)
      : v_(_mm256_setr_ps(a, b, c, d, e, f, g, h)) {}
  operator __m256() const { return v_; }

  static Vectorized loadu(const void* p) { return _mm256_loadu_ps(static_cast<const float*>(p)); }
  static Vectorized loadu(const void* p, int64_t count) {
    alignas(32) float buf[8] = {};
    std::memcpy(buf, p, count * sizeof(float));
    return _mm256_load_ps(buf);
  }
  void store(void* p) const { _mm256_storeu_ps(static_cast<float*>(p), v_); }
  void store(void* p, int64_t count) const {
    alignas(32) float buf[8];
    _mm256_store_ps(buf, v_);
    std::memcpy(p, buf, count * sizeof(float));
  }
  float operator[](int64_t i) const {
    alignas(32) float buf[8];
    _mm256_store_ps(buf, v_);
    return buf[i];
  }

  template <int64_t mask>
  static Vectorized blend(const Vectorized& a, const Vectorized& b) {
    return _mm256_blend_ps(a, b, mask);
  }
  static Vectorized blendv(const Vectorized& a, const Vectorized& b, const Vectorized& mask) {
    return _mm256_blendv_ps(a, b, mask);
  }

  friend Vectorized operator==(const Vectorized& a, const Vectorized& b) {
    return _mm256_cmp_ps(a, b, _CMP_EQ_OQ);
  }
  friend Vectorized operator!=(const Vectorized& a, const Vectorized& b) {
    return _mm256_cmp_ps(a, b, _CMP_NEQ_UQ);
  }
  friend Vectorized operator<(const Vectorized& a, const Vectorized& b) {
    return _mm256_cmp_ps(a, b, _CMP_LT_OQ);
  }
  friend Vectorized operator<=(const Vectorized& a, const Vectorized& b) {
    return _mm256_cmp_ps(a, b, _CMP_LE_OQ);
  }
  friend Vectorized operator>(const Vectorized& a, const Vectorized& b) {
    return _mm256_cmp_ps(a, b, _CMP_GT_OQ);
  }
  friend Vectorized operator>=(const Vectorized& a, const Vectorized& b) {
    return _mm256_cmp_ps(a, b, _CMP_GE_OQ);
  }
  Vectorized eq(const Vectorized& b) const { return one_where(*this == b); }
  Vectorized ne(const Vectorized& b) const { return one_where(*this != b); }
  Vectorized lt(const Vectorized& b) const { return one_where(*this < b); }
  Vectorized le(const Vectorized& b) const { return one_where(*this <= b); }
  Vectorized gt(const Vectorized& b) const { return one_where(*this > b); }
  Vectorized ge(const Vectorized& b) const { return one_where(*this >= b); }

  friend Vectorized operator+(const Vectorized& a, const Vectorized& b) {
    return _mm256_add_ps(a, b);
  }
  friend Vectorized operator-(const Vectorized& a, const Vectorized& b) {
    return _mm256_sub_ps(a, b);
  }
  friend Vectorized operator*(const Vectorized& a, const Vectorized& b) {
    return _mm256_mul_ps(a, b);
  }
  friend Vectorized operator/(const Vectorized& a, const Vectorized& b) {
    return _mm256_div_ps(a, b);
  }
  friend Vectorized operator-(const Vectorized& a) { return a.neg(); }
  friend Vectorized operator&(const Vectorized& a, const Vectorized& b) {
    return _mm256_and_ps(a, b);
  }
  friend Vectorized operator|(const Vectorized& a, const Vectorized& b) {
    return _mm256_or_ps(a, b);
  }
  friend Vectorized operator^(const Vectorized& a, const Vectorized& b) {
    return _mm256_xor_ps(a, b);
  }

  Vectorized neg() const { return _mm256_xor_ps(v_, _mm256_set1_ps(-0.f)); }
  Vectorized abs() const { return _mm256_andnot_ps(_mm256_set1_ps(-0.f), v_); }
  Vectorized reciprocal() const { return _mm256_div_ps(_mm256_set1_ps(1.f), v_); }
  Vectorized sqrt() const { return _mm256_sqrt_ps(v_); }
  Vectorized rsqrt() const { return _mm256_div_ps(_mm256_set1_ps(1.f), _mm256_sqrt_ps(v_)); }
  Vectorized floor() const {
    return _mm256_round_ps(v_, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
  }
  Vectorized ceil() const { return _mm256_round_ps(v_, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC); }
  Vectorized round() const {
    return _mm256_round_ps(v_, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  }
  Vectorized trunc() const { return _mm256_round_ps(v_, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC); }

  // max/min return their second operand when either is NaN: NaN passes the clamp.
  Vectorized exp() const {
    return detail::exp_clamped(
        Vectorized(_mm256_min_ps(_mm256_set1_ps(89.f), _mm256_max_ps(_mm256_set1_ps(-104.f), v_))));
  }
  // this * 2^n for integral n in [-150, 128], rounded once: 2^n as 2^a 2^b, both factors
  // normal floats made from their exponent bits (this * 2^a is exact for |this| near 1).
  Vectorized ldexp(const Vectorized& n) const {
    const __m256i ni = _mm256_cvtps_epi32(n);
    const __m256i a = _mm256_srai_epi32(ni, 1);
    const __m256i b = _mm256_sub_epi32(ni, a);
    const __m256i bias = _mm256_set1_epi32(127);
    const __m256 pa = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(a, bias), 23));
    const __m256 pb = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(b, bias), 23));
    return _mm256_mul_ps(_mm256_mul_ps(v_, pa), pb);
  }
  Vectorized expm1() const { return Sleef_expm1f8_u10avx2(v_); }
  Vectorized log() const { return Sleef_logf8_u10avx2(v_); }
  // Sleef's log1p gives inf above about 1e38; there log1p(x) == log(x).
  Vectorized log1p() const {
    return blendv(Sleef_log1pf8_u10avx2(v_), log(), *this > Vectorized(1e30f));
  }
  Vectorized log2() const { return Sleef_log2f8_u10avx2(v_); }
  Vectorized log10() const { return Sleef_log10f8_u10avx2(v_); }
  Vectorized sin() const { return Sleef_sinf8_u10avx2(v_); }
  Vectorized cos() const { return Sleef_cosf8_u10avx2(v_); }
  Vectorized tan() const { return Sleef_tanf8_u10avx2(v_); }
  Vectorized tanh() const { return detail::tanh_of(*this); }
  Vectorized erf() const { return Sleef_erff8_u10avx2(v_); }
  Vectorized erfc() const { return Sleef_erfcf8_u15avx2(v_); }
  Vectorized atan() const { return Sleef_atanf8_u10avx2(v_); }
  Vectorized exp2() const { return Sleef_exp2f8_u10avx2(v_); }
  Vectorized asin() const { return Sleef_asinf8_u10avx2(v_); }
  Vectorized acos() const { return Sleef_acosf8_u10avx2(v_); }
  Vectorized sinh() const { return detail::sinh_of(*this, Vectorized(Sleef_sinhf8_u10avx2(v_))); }
  Vectorized cosh() const { return detail::cosh_of(*this, Vectorized(Sleef_coshf8_u10avx2(v_))); }
  Vectorized atan2(const Vectorized& x) const { return Sleef_atan2f8_u10avx2(v_, x); }
  Vectorized pow(const Vectorized& y) const { return Sleef_powf8_u10avx2(v_, y); }
  Vectorized sigmoid() const { return detail::sigmoid_of(*this); }

 private:
  static Vectorized one_where(const Vectorized& mask) {
    return _mm256_and_ps(mask, _mm256_set1_ps(1.f));
  }
  __m256 v_;
};

inline Vectorized<float> maximum(const Vectorized<float>& a, const Vectorized<float>& b) {
  // max_ps returns b when the two are equal or either is NaN: fix ±0 with AND, NaN with a + b.
  __m256 m = _mm256_max_ps(a, b);
  m = _mm256_blendv_ps(m, _mm256_and_ps(a, b), _mm256_cmp_ps(a, b, _CMP_EQ_OQ));
  return _mm256_blendv_ps(m, _mm256_add_ps(a, b), _mm256_cmp_ps(a, b, _CMP_UNORD_Q));
}
inline Vectorized<float> minimum(const Vectorized<float>& a, const Vectorized<float>& b) {
  __m256 m = _mm256_min_ps(a, b);
  m = _mm256_blendv_ps(m, _mm256_or_ps(a, b), _mm256_cmp_ps(a, b, _CMP_EQ_OQ));
  return _mm256_blendv_ps(m, _mm256_add_ps(a, b), _mm256_cmp_ps(a, b, _CMP_UNORD_Q));
}
inline Vectorized<float> fmadd(const Vectorized<float>& a, const Vectorized<float>& b,
                               const Vectorized<float>& c) {
  return _mm256_fmadd_ps(a, b, c);
}
// rcp_ps has 12 bits; one Newton step r (2 - x r) brings it to about 23.
inline Vectorized<float> reciprocal_estimate(const Vectorized<float>& x) {
  const __m256 r = _mm256_rcp_ps(x);
  return _mm256_fmadd_ps(r, _mm256_fnmadd_ps(x, r, _mm256_set1_ps(1.f)), r);
}

// ---- double ---------------------------------------------------------------------------------

template <>
class Vectorized<double> {
 public:
  using value_type = double;
  static constexpr int64_t size() { return 4; }

  Vectorized() : v_(_mm256_setzero_pd()) {}
  Vectorized(__m256d v) : v_(v) {}                 // NOLINT
  Vectorized(double s) : v_(_mm256_set1_pd(s)) {}  // NOLINT: broadcast
  Vectorized(double a, double b, double c, double d) : v_(_mm256_setr_pd(a, b, c, d)) {}
  operator __m256d() const { return v_; }

  static Vectorized loadu(const void* p) { return _mm256_loadu_pd(static_cast<const double*>(p)); }
  static Vectorized loadu(const void* p, int64_t count) {
    alignas(32) double buf[4] = {};
    std::memcpy(buf, p, count * sizeof(double));
    return _mm256_load_pd(buf);
  }
  void store(void* p) const { _mm256_storeu_pd(static_cast<double*>(p), v_); }
  void store(void* p, int64_t count) const {
    alignas(32) double buf[4];
    _mm256_store_pd(buf, v_);
    std::memcpy(p, buf, count * sizeof(double));
  }
  double operator[](int64_t i) const {
    alignas(32) double buf[4];
    _mm256_store_pd(buf, v_);
    return buf[i];
  }

  template <int64_t mask>
  static Vectorized blend(const Vectorized& a, const Vectorized& b) {
    return _mm256_blend_pd(a, b, mask);
  }
  static Vectorized blendv(const Vectorized& a, const Vectorized& b, const Vectorized& mask) {
    return _mm256_blendv_pd(a, b, mask);
  }

  friend Vectorized operator==(const Vectorized& a, const Vectorized& b) {
    return _mm256_cmp_pd(a, b, _CMP_EQ_OQ);
  }
  friend Vectorized operator!=(const Vectorized& a, const Vectorized& b) {
    return _mm256_cmp_pd(a, b, _CMP_NEQ_UQ);
  }
  friend Vectorized operator<(const Vectorized& a, const Vectorized& b) {
    return _mm256_cmp_pd(a, b, _CMP_LT_OQ);
  }
  friend Vectorized operator<=(const Vectorized& a, const Vectorized& b) {
    return _mm256_cmp_pd(a, b, _CMP_LE_OQ);
  }
  friend Vectorized operator>(const Vectorized& a, const Vectorized& b) {
    return _mm256_cmp_pd(a, b, _CMP_GT_OQ);
  }
  friend Vectorized operator>=(const Vectorized& a, const Vectorized& b) {
    return _mm256_cmp_pd(a, b, _CMP_GE_OQ);
  }
  Vectorized eq(const Vectorized& b) const { return one_where(*this == b); }
  Vectorized ne(const Vectorized& b) const { return one_where(*this != b); }
  Vectorized lt(const Vectorized& b) const { return one_where(*this < b); }
  Vectorized le(const Vectorized& b) const { return one_where(*this <= b); }
  Vectorized gt(const Vectorized& b) const { return one_where(*this > b); }
  Vectorized ge(const Vectorized& b) const { return one_where(*this >= b); }

  friend Vectorized operator+(const Vectorized& a, const Vectorized& b) {
    return _mm256_add_pd(a, b);
  }
  friend Vectorized operator-(const Vectorized& a, const Vectorized& b) {
    return _mm256_sub_pd(a, b);
  }
  friend Vectorized operator*(const Vectorized& a, const Vectorized& b) {
    return _mm256_mul_pd(a, b);
  }
  friend Vectorized operator/(const Vectorized& a, const Vectorized& b) {
    return _mm256_div_pd(a, b);
  }
  friend Vectorized operator-(const Vectorized& a) { return a.neg(); }
  friend Vectorized operator&(const Vectorized& a, const Vectorized& b) {
    return _mm256_and_pd(a, b);
  }
  friend Vectorized operator|(const Vectorized& a, const Vectorized& b) {
    return _mm256_or_pd(a, b);
  }
  friend Vectorized operator^(const Vectorized& a, const Vectorized& b) {
    return _mm256_xor_pd(a, b);
  }

  Vectorized neg() const { return _mm256_xor_pd(v_, _mm256_set1_pd(-0.0)); }
  Vectorized abs() const { return _mm256_andnot_pd(_mm256_set1_pd(-0.0), v_); }
  Vectorized reciprocal() const { return _mm256_div_pd(_mm256_set1_pd(1.0), v_); }
  Vectorized sqrt() const { return _mm256_sqrt_pd(v_); }
  Vectorized rsqrt() const { return _mm256_div_pd(_mm256_set1_pd(1.0), _mm256_sqrt_pd(v_)); }
  Vectorized floor() const {
    return _mm256_round_pd(v_, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
  }
  Vectorized ceil() const { return _mm256_round_pd(v_, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC); }
  Vectorized round() const {
    return _mm256_round_pd(v_, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  }
  Vectorized trunc() const { return _mm256_round_pd(v_, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC); }

  Vectorized exp() const { return Sleef_expd4_u10avx2(v_); }
  Vectorized expm1() const { return Sleef_expm1d4_u10avx2(v_); }
  Vectorized log() const { return Sleef_logd4_u10avx2(v_); }
  // Sleef's log1p gives inf above about 1e307; there log1p(x) == log(x).
  Vectorized log1p() const {
    return blendv(Sleef_log1pd4_u10avx2(v_), log(), *this > Vectorized(1e300));
  }
  Vectorized log2() const { return Sleef_log2d4_u10avx2(v_); }
  Vectorized log10() const { return Sleef_log10d4_u10avx2(v_); }
  Vectorized sin() const { return Sleef_sind4_u10avx2(v_); }
  Vectorized cos() const { return Sleef_cosd4_u10avx2(v_); }
  Vectorized tan() const { return Sleef_tand4_u10avx2(v_); }
  Vectorized tanh() const { return Sleef_tanhd4_u10avx2(v_); }
  Vectorized erf() const { return Sleef_erfd4_u10avx2(v_); }
  Vectorized erfc() const { return Sleef_erfcd4_u15avx2(v_); }
  Vectorized atan() const { return Sleef_atand4_u10avx2(v_); }
  Vectorized exp2() const { return Sleef_exp2d4_u10avx2(v_); }
  Vectorized asin() const { return Sleef_asind4_u10avx2(v_); }
  Vectorized acos() const { return Sleef_acosd4_u10avx2(v_); }
  Vectorized sinh() const { return detail::sinh_of(*this, Vectorized(Sleef_sinhd4_u10avx2(v_))); }
  Vectorized cosh() const { return detail::cosh_of(*this, Vectorized(Sleef_coshd4_u10avx2(v_))); }
  Vectorized atan2(const Vectorized& x) const { return Sleef_atan2d4_u10avx2(v_, x); }
  Vectorized pow(const Vectorized& y) const { return Sleef_powd4_u10avx2(v_, y); }
  Vectorized sigmoid() const { return detail::sigmoid_of(*this); }

 private:
  static Vectorized one_where(const Vectorized& mask) {
    return _mm256_and_pd(mask, _mm256_set1_pd(1.0));
  }
  __m256d v_;
};

inline Vectorized<double> maximum(const Vectorized<double>& a, const Vectorized<double>& b) {
  __m256d m = _mm256_max_pd(a, b);
  m = _mm256_blendv_pd(m, _mm256_and_pd(a, b), _mm256_cmp_pd(a, b, _CMP_EQ_OQ));
  return _mm256_blendv_pd(m, _mm256_add_pd(a, b), _mm256_cmp_pd(a, b, _CMP_UNORD_Q));
}
inline Vectorized<double> minimum(const Vectorized<double>& a, const Vectorized<double>& b) {
  __m256d m = _mm256_min_pd(a, b);
  m = _mm256_blendv_pd(m, _mm256_or_pd(a, b), _mm256_cmp_pd(a, b, _CMP_EQ_OQ));
  return _mm256_blendv_pd(m, _mm256_add_pd(a, b), _mm256_cmp_pd(a, b, _CMP_UNORD_Q));
}
inline Vectorized<double> fmadd(const Vectorized<double>& a, const Vectorized<double>& b,
                                const Vectorized<double>& c) {
  return _mm256_fmadd_pd(a, b, c);
}

// ---- integers -------------------------------------------------------------------------------

// What int32_t and int64_t share: storage, memory, bitwise ops, blendv and the integer
// operations the AVX2 set has for every width. D is the concrete class.
template <typename T, typename D>
class VectorizedInt256 {
 public:
  using value_type = T;
  static constexpr int64_t size() { return 32 / sizeof(T); }

  VectorizedInt256() : v_(_mm256_setzero_si256()) {}
  VectorizedInt256(__m256i v) : v_(v) {}  // NOLINT
  operator __m256i() const { return v_; }

  static D loadu(const void* p) { return D(_mm256_loadu_si256(static_cast<const __m256i*>(p))); }
  static D loadu(const void* p, int64_t count) {
    alignas(32) T buf[size()] = {};
    std::memcpy(buf, p, count * sizeof(T));
    return D(_mm256_load_si256(reinterpret_cast<const __m256i*>(buf)));
  }
  void store(void* p) const { _mm256_storeu_si256(static_cast<__m256i*>(p), v_); }
  void store(void* p, int64_t count) const {
    alignas(32) T buf[size()];
    _mm256_store_si256(reinterpret_cast<__m256i*>(buf), v_);
    std::memcpy(p, buf, count * sizeof(T));
  }
  T operator[](int64_t i) const {
    alignas(32) T buf[size()];
    _mm256_store_si256(reinterpret_cast<__m256i*>(buf), v_);
    return buf[i];
  }
  static D blendv(const D& a, const D& b, const D& mask) {
    return D(_mm256_blendv_epi8(a, b, mask));
  }

  friend D operator&(const D& a, const D& b) { return D(_mm256_and_si256(a, b)); }
  friend D operator|(const D& a, const D& b) { return D(_mm256_or_si256(a, b)); }
  friend D operator^(const D& a, const D& b) { return D(_mm256_xor_si256(a, b)); }
  friend D operator!=(const D& a, const D& b) {
    return D(_mm256_xor_si256(a == b, _mm256_set1_epi8(-1)));
  }
  friend D operator>(const D& a, const D& b) { return b < a; }
  friend D operator<=(const D& a, const D& b) {
    return D(_mm256_xor_si256(b < a, _mm256_set1_epi8(-1)));
  }
  friend D operator>=(const D& a, const D& b) {
    return D(_mm256_xor_si256(a < b, _mm256_set1_epi8(-1)));
  }
  D eq(const D& b) const { return one_where(self() == b); }
  D ne(const D& b) const { return one_where(self() != b); }
  D lt(const D& b) const { return one_where(self() < b); }
  D le(const D& b) const { return one_where(self() <= b); }
  D gt(const D& b) const { return one_where(self() > b); }
  D ge(const D& b) const { return one_where(self() >= b); }

  friend D operator-(const D& a) { return a.neg(); }
  D neg() const { return D(0) - self(); }
  // Per element, as the generic: there is no integer division instruction.
  friend D operator/(const D& a, const D& b) {
    alignas(32) T x[size()], y[size()];
    a.store(x);
    b.store(y);
    for (int64_t i = 0; i < size(); ++i)
      x[i] = y[i] == T(-1) ? detail::wrap(T(0), x[i], [](uint64_t u, uint64_t v) { return u - v; })
                           : x[i] / y[i];
    return D::loadu(x);
  }

 protected:
  static D one_where(const D& mask) { return D(_mm256_and_si256(mask, D(1))); }

 private:
  const D& self() const { return static_cast<const D&>(*this); }
  __m256i v_;
};

template <>
class Vectorized<int32_t> : public VectorizedInt256<int32_t, Vectorized<int32_t>> {
 public:
  using VectorizedInt256::VectorizedInt256;
  Vectorized(int32_t s) : VectorizedInt256(_mm256_set1_epi32(s)) {}  // NOLINT: broadcast
  Vectorized(int32_t a, int32_t b, int32_t c, int32_t d, int32_t e, int32_t f, int32_t g, int32_t h)
      : VectorizedInt256(_mm256_setr_epi32(a, b, c, d, e, f, g, h)) {}

  template <int64_t mask>
  static Vectorized blend(const Vectorized& a, const Vectorized& b) {
    return _mm256_blend_epi32(a, b, mask);
  }
  friend Vectorized operator==(const Vectorized& a, const Vectorized& b) {
    return _mm256_cmpeq_epi32(a, b);
  }
  friend Vectorized operator<(const Vectorized& a, const Vectorized& b) {
    return _mm256_cmpgt_epi32(b, a);
  }
  friend Vectorized operator+(const Vectorized& a, const Vectorized& b) {
    return _mm256_add_epi32(a, b);
  }
  friend Vectorized operator-(const Vectorized& a, const Vectorized& b) {
    return _mm256_sub_epi32(a, b);
  }
  friend Vectorized operator*(const Vectorized& a, const Vectorized& b) {
    return _mm256_mullo_epi32(a, b);
  }
  Vectorized abs() const { return _mm256_abs_epi32(*this); }
};

inline Vectorized<int32_t> maximum(const Vectorized<int32_t>& a, const Vectorized<int32_t>& b) {
  return _mm256_max_epi32(a, b);
}
inline Vectorized<int32_t> minimum(const Vectorized<int32_t>& a, const Vectorized<int32_t>& b) {
  return _mm256_min_epi32(a, b);
}

template <>
class Vectorized<int64_t> : public VectorizedInt256<int64_t, Vectorized<int64_t>> {
 public:
  using VectorizedInt256::VectorizedInt256;
  Vectorized(int64_t s) : VectorizedInt256(_mm256_set1_epi64x(s)) {}  // NOLINT: broadcast
  Vectorized(int64_t a, int64_t b, int64_t c, int64_t d)
      : VectorizedInt256(_mm256_setr_epi64x(a, b, c, d)) {}

  template <int64_t mask>
  static Vectorized blend(const Vectorized& a, const Vectorized& b) {
    // Each 64-bit lane is two 32-bit lanes of blend_epi32.
    constexpr int m32 = ((mask & 1) ? 0x3 : 0) | ((mask & 2) ? 0xC : 0) | ((mask & 4) ? 0x30 : 0) |
                        ((mask & 8) ? 0xC0 : 0);
    return _mm256_blend_epi32(a, b, m32);
  }
  friend Vectorized operator==(const Vectorized& a, const Vectorized& b) {
    return _mm256_cmpeq_epi64(a, b);
  }
  friend Vectorized operator<(const Vectorized& a, const Vectorized& b) {
    return _mm256_cmpgt_epi64(b, a);
  }
  friend Vectorized operator+(const Vectorized& a, const Vectorized& b) {
    return _mm256_add_epi64(a, b);
  }
  friend Vectorized operator-(const Vectorized& a, const Vectorized& b) {
    return _mm256_sub_epi64(a, b);
  }
  friend Vectorized operator*(const Vectorized& a, const Vectorized& b) {
    // No 64-bit multiply in AVX2: lo*lo + ((hi_a*lo_b + lo_a*hi_b) << 32), all mod 2^64.
    const __m256i lo = _mm256_mul_epu32(a, b);
    const __m256i cross = _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(a, 32), b),
                                           _mm256_mul_epu32(a, _mm256_srli_epi64(b, 32)));
    return _mm256_add_epi64(lo, _mm256_slli_epi64(cross, 32));
  }
  Vectorized abs() const { return blendv(*this, neg(), *this < Vectorized(0)); }
};

inline Vectorized<int64_t> maximum(const Vectorized<int64_t>& a, const Vectorized<int64_t>& b) {
  return Vectorized<int64_t>::blendv(a, b, a < b);
}
inline Vectorized<int64_t> minimum(const Vectorized<int64_t>& a, const Vectorized<int64_t>& b) {
  return Vectorized<int64_t>::blendv(a, b, b < a);
}

inline Vectorized<int32_t> fmadd(const Vectorized<int32_t>& a, const Vectorized<int32_t>& b,
                                 const Vectorized<int32_t>& c) {
  return a * b + c;
}
inline Vectorized<int64_t> fmadd(const Vectorized<int64_t>& a, const Vectorized<int64_t>& b,
                                 const Vectorized<int64_t>& c) {
  return a * b + c;
}

// ---- conversions with an instruction --------------------------------------------------------

namespace detail {
template <>
struct Converter<int32_t, float> {
  static Vectorized<int32_t> apply(const Vectorized<float>& v) { return _mm256_cvttps_epi32(v); }
};
template <>
struct Converter<float, int32_t> {
  static Vectorized<float> apply(const Vectorized<int32_t>& v) { return _mm256_cvtepi32_ps(v); }
};
template <>
struct Converter<double, float> {
  static std::array<Vectorized<double>, 2> apply(const Vectorized<float>& v) {
    return {Vectorized<double>(_mm256_cvtps_pd(_mm256_castps256_ps128(v))),
            Vectorized<double>(_mm256_cvtps_pd(_mm256_extractf128_ps(v, 1)))};
  }
};
template <>
struct Converter<float, double> {
  static Vectorized<float> apply(const std::array<Vectorized<double>, 2>& v) {
    return _mm256_set_m128(_mm256_cvtpd_ps(v[1]), _mm256_cvtpd_ps(v[0]));
  }
};
template <>
struct Converter<int64_t, int32_t> {
  static std::array<Vectorized<int64_t>, 2> apply(const Vectorized<int32_t>& v) {
    return {Vectorized<int64_t>(_mm256_cvtepi32_epi64(_mm256_castsi256_si128(v))),
            Vectorized<int64_t>(_mm256_cvtepi32_epi64(_mm256_extracti128_si256(v, 1)))};
  }
};
}  // namespace detail

}  // namespace CPU_CAPABILITY
}  // namespace aten::vec
#endif  // CPU_CAPABILITY_AVX2
