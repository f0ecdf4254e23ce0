#pragma once
// AVX-512 (F, BW, VL, DQ) specialisations of Vectorized for float, double, int32_t and int64_t:
// 512-bit registers. Comparisons produce k-masks, widened to the all-ones/zero vector masks of
// the Vectorized contract; blendv reads an element's sign bit back into a k-mask. Math functions
// are Sleef's AVX512F variants (u10 = 1 ULP, erfc u15 = 1.5 ULP) but for float exp (VecMath.h).
#include <aten/cpu/vec/Convert.h>
#include <aten/cpu/vec/VecMath.h>
#include <aten/cpu/vec/VectorizedBase.h>

#if defined(CPU_CAPABILITY_AVX512)
#include <immintrin.h>

namespace aten::vec {
inline namespace CPU_CAPABILITY {

// ---- float ----------------------------------------------------------------------------------

template <>
class Vectorized<float> {
 public:
  using value_type = float;
  static constexpr int64_t size() { return 16; }

  Vectorized() : v_(_mm512_setzero_ps()) {}
  Vectorized(__m512 v) : v_(v) {}                 // NOLINT
  Vectorized(float s) : v_(_mm512_set1_ps(s)) {}  // NOLINT: broadcast
  Vectorized(float a0, float a1, float a2, float a3, float a4, float a5, float a6, float a7,
             float a8, float a9, float a10, float a11, float a12, float a13, float a14, float a15)
      : v_(_mm512_setr_ps(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15)) {}
  operator __m512() const { return v_; }

  static Vectorized loadu(const void* p) { return _mm512_loadu_ps(p); }
  static Vectorized loadu(const void* p, int64_t count) {
    return _mm512_maskz_loadu_ps(static_cast<__mmask16>((1u << count) - 1), p);
  }
  void store(void* p) const { _mm512_storeu_ps(p, v_); }
  void store(void* p, int64_t count) const {
    _mm512_mask_storeu_ps(p, static_cast<__mmask16>((1u << count) - 1), v_);
  }
  float operator[](int64_t i) const {
    alignas(64) float buf[16];
    _mm512_store_ps(buf, v_);
    return buf[i];
  }

  template <int64_t mask>
  static Vectorized blend(const Vectorized& a, const Vectorized& b) {
    return _mm512_mask_blend_ps(static_cast<__mmask16>(mask), a, b);
  }
  static Vectorized blendv(const Vectorized& a, const Vectorized& b, const Vectorized& mask) {
    return _mm512_mask_blend_ps(_mm512_movepi32_mask(_mm512_castps_si512(mask)), a, b);
  }

  friend Vectorized operator==(const Vectorized& a, const Vectorized& b) {
    return widen(_mm512_cmp_ps_mask(a, b, _CMP_EQ_OQ));
  }
  friend Vectorized operator!=(const Vectorized& a, const Vectorized& b) {
    return widen(_mm512_cmp_ps_mask(a, b, _CMP_NEQ_UQ));
  }
  friend Vectorized operator<(const Vectorized& a, const Vectorized& b) {
    return widen(_mm512_cmp_ps_mask(a, b, _CMP_LT_OQ));
  }
  friend Vectorized operator<=(const Vectorized& a, const Vectorized& b) {
    return widen(_mm512_cmp_ps_mask(a, b, _CMP_LE_OQ));
  }
  friend Vectorized operator>(const Vectorized& a, const Vectorized& b) {
    return widen(_mm512_cmp_ps_mask(a, b, _CMP_GT_OQ));
  }
  friend Vectorized operator>=(const Vectorized& a, const Vectorized& b) {
    return widen(_mm512_cmp_ps_mask(a, b, _CMP_GE_OQ));
  }
  Vectorized eq(const Vectorized& b) const {
    return one_where(_mm512_cmp_ps_mask(v_, b, _CMP_EQ_OQ));
  }
  Vectorized ne(const Vectorized& b) const {
    return one_where(_mm512_cmp_ps_mask(v_, b, _CMP_NEQ_UQ));
  }
  Vectorized lt(const Vectorized& b) const {
    return one_where(_mm512_cmp_ps_mask(v_, b, _CMP_LT_OQ));
  }
  Vectorized le(const Vectorized& b) const {
    return one_where(_mm512_cmp_ps_mask(v_, b, _CMP_LE_OQ));
  }
  Vectorized gt(const Vectorized& b) const {
    return one_where(_mm512_cmp_ps_mask(v_, b, _CMP_GT_OQ));
  }
  Vectorized ge(const Vectorized& b) const {
    return one_where(_mm512_cmp_ps_mask(v_, b, _CMP_GE_OQ));
  }

  friend Vectorized operator+(const Vectorized& a, const Vectorized& b) {
    return _mm512_add_ps(a, b);
  }
  friend Vectorized operator-(const Vectorized& a, const Vectorized& b) {
    return _mm512_sub_ps(a, b);
  }
  friend Vectorized operator*(const Vectorized& a, const Vectorized& b) {
    return _mm512_mul_ps(a, b);
  }
  friend Vectorized operator/(const Vectorized& a, const Vectorized& b) {
    return _mm512_div_ps(a, b);
  }
  friend Vectorized operator-(const Vectorized& a) { return a.neg(); }
  friend Vectorized operator&(const Vectorized& a, const Vectorized& b) {
    return _mm512_and_ps(a, b);
  }
  friend Vectorized operator|(const Vectorized& a, const Vectorized& b) {
    return _mm512_or_ps(a, b);
  }
  friend Vectorized operator^(const Vectorized& a, const Vectorized& b) {
    return _mm512_xor_ps(a, b);
  }

  Vectorized neg() const { return _mm512_xor_ps(v_, _mm512_set1_ps(-0.f)); }
  Vectorized abs() const { return _mm512_andnot_ps(_mm512_set1_ps(-0.f), v_); }
  Vectorized reciprocal() const { return _mm512_div_ps(_mm512_set1_ps(1.f), v_); }
  Vectorized sqrt() const { return _mm512_sqrt_ps(v_); }
  Vectorized rsqrt() const { return _mm512_div_ps(_mm512_set1_ps(1.f), _mm512_sqrt_ps(v_)); }
  Vectorized floor() const {
    return _mm512_roundscale_ps(v_, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
  }
  Vectorized ceil() const {
    return _mm512_roundscale_ps(v_, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC);
  }
  Vectorized round() const {
    return _mm512_roundscale_ps(v_, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  }
  Vectorized trunc() const {
    return _mm512_roundscale_ps(v_, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
  }

  // max/min return their second operand when either is NaN: NaN passes the clamp.
  Vectorized exp() const {
    return detail::exp_clamped(
        Vectorized(_mm512_min_ps(_mm512_set1_ps(89.f), _mm512_max_ps(_mm512_set1_ps(-104.f), v_))));
  }
  // this * 2^n for integral n, rounded once (scalef saturates to 0 and inf by itself).
  Vectorized ldexp(const Vectorized& n) const { return _mm512_scalef_ps(v_, n); }
  Vectorized expm1() const { return Sleef_expm1f16_u10avx512f(v_); }
  Vectorized log() const { return Sleef_logf16_u10avx512f(v_); }
  // Sleef's log1p gives inf above about 1e38; there log1p(x) == log(x).
  Vectorized log1p() const {
    return blendv(Sleef_log1pf16_u10avx512f(v_), log(), *this > Vectorized(1e30f));
  }
  Vectorized log2() const { return Sleef_log2f16_u10avx512f(v_); }
  Vectorized log10() const { return Sleef_log10f16_u10avx512f(v_); }
  Vectorized sin() const { return Sleef_sinf16_u10avx512f(v_); }
  Vectorized cos() const { return Sleef_cosf16_u10avx512f(v_); }
  Vectorized tan() const { return Sleef_tanf16_u10avx512f(v_); }
  Vectorized tanh() const { return detail::tanh_of(*this); }
  Vectorized erf() const { return Sleef_erff16_u10avx512f(v_); }
  Vectorized erfc() const { return Sleef_erfcf16_u15avx512f(v_); }
  Vectorized atan() const { return Sleef_atanf16_u10avx512f(v_); }
  Vectorized exp2() const { return Sleef_exp2f16_u10avx512f(v_); }
  Vectorized asin() const { return Sleef_asinf16_u10avx512f(v_); }
  Vectorized acos() const { return Sleef_acosf16_u10avx512f(v_); }
  Vectorized sinh() const {
    return detail::sinh_of(*this, Vectorized(Sleef_sinhf16_u10avx512f(v_)));
  }
  Vectorized cosh() const {
    return detail::cosh_of(*this, Vectorized(Sleef_coshf16_u10avx512f(v_)));
  }
  Vectorized atan2(const Vectorized& x) const { return Sleef_atan2f16_u10avx512f(v_, x); }
  Vectorized pow(const Vectorized& y) const { return Sleef_powf16_u10avx512f(v_, y); }
  Vectorized sigmoid() const { return detail::sigmoid_of(*this); }

 private:
  static Vectorized widen(__mmask16 k) { return _mm512_castsi512_ps(_mm512_movm_epi32(k)); }
  static Vectorized one_where(__mmask16 k) { return _mm512_maskz_mov_ps(k, _mm512_set1_ps(1.f)); }
  __m512 v_;
};

inline Vectorized<float> maximum(const Vectorized<float>& a, const Vectorized<float>& b) {
  // max_ps returns b when the two are equal or either is NaN: fix ±0 with AND, NaN with a + b.
  __m512 m = _mm512_max_ps(a, b);
  m = _mm512_mask_and_ps(m, _mm512_cmp_ps_mask(a, b, _CMP_EQ_OQ), a, b);
  return _mm512_mask_add_ps(m, _mm512_cmp_ps_mask(a, b, _CMP_UNORD_Q), a, b);
}
inline Vectorized<float> minimum(const Vectorized<float>& a, const Vectorized<float>& b) {
  __m512 m = _mm512_min_ps(a, b);
  m = _mm512_mask_or_ps(m, _mm512_cmp_ps_mask(a, b, _CMP_EQ_OQ), a, b);
  return _mm512_mask_add_ps(m, _mm512_cmp_ps_mask(a, b, _CMP_UNORD_Q), a, b);
}
inline Vectorized<float> fmadd(const Vectorized<float>& a, const Vectorized<float>& b,
                               const Vectorized<float>& c) {
  return _mm512_fmadd_ps(a, b, c);
}
// rcp14_ps has 14 bits; one Newton step r (2 - x r) brings it to about 23 (see VecMath.h for
// why 14 are not enough).
inline Vectorized<float> reciprocal_estimate(const Vectorized<float>& x) {
  const __m512 r = _mm512_rcp14_ps(x);
  return _mm512_fmadd_ps(r, _mm512_fnmadd_ps(x, r, _mm512_set1_ps(1.f)), r);
}

// ---- double ---------------------------------------------------------------------------------

template <>
class Vectorized<double> {
 public:
  using value_type = double;
  static constexpr int64_t size() { return 8; }

  Vectorized() : v_(_mm512_setzero_pd()) {}
  Vectorized(__m512d v) : v_(v) {}                 // NOLINT
  Vectorized(double s) : v_(_mm512_set1_pd(s)) {}  // NOLINT: broadcast
  Vectorized(double a0, double a1, double a2, double a3, double a4, double a5, double a6, double a7)
      : v_(_mm512_setr_pd(a0, a1, a2, a3, a4, a5, a6, a7)) {}
  operator __m512d() const { return v_; }

  static Vectorized loadu(const void* p) { return _mm512_loadu_pd(p); }
  static Vectorized loadu(const void* p, int64_t count) {
    return _mm512_maskz_loadu_pd(static_cast<__mmask8>((1u << count) - 1), p);
  }
  void store(void* p) const { _mm512_storeu_pd(p, v_); }
  void store(void* p, int64_t count) const {
    _mm512_mask_storeu_pd(p, static_cast<__mmask8>((1u << count) - 1), v_);
  }
  double operator[](int64_t i) const {
    alignas(64) double buf[8];
    _mm512_store_pd(buf, v_);
    return buf[i];
  }

  template <int64_t mask>
  static Vectorized blend(const Vectorized& a, const Vectorized& b) {
    return _mm512_mask_blend_pd(static_cast<__mmask8>(mask), a, b);
  }
  static Vectorized blendv(const Vectorized& a, const Vectorized& b, const Vectorized& mask) {
    return _mm512_mask_blend_pd(_mm512_movepi64_mask(_mm512_castpd_si512(mask)), a, b);
  }

  friend Vectorized operator==(const Vectorized& a, const Vectorized& b) {
    return widen(_mm512_cmp_pd_mask(a, b, _CMP_EQ_OQ));
  }
  friend Vectorized operator!=(const Vectorized& a, const Vectorized& b) {
    return widen(_mm512_cmp_pd_mask(a, b, _CMP_NEQ_UQ));
  }
  friend Vectorized operator<(const Vectorized& a, const Vectorized& b) {
    return widen(_mm512_cmp_pd_mask(a, b, _CMP_LT_OQ));
  }
  friend Vectorized operator<=(const Vectorized& a, const Vectorized& b) {
    return widen(_mm512_cmp_pd_mask(a, b, _CMP_LE_OQ));
  }
  friend Vectorized operator>(const Vectorized& a, const Vectorized& b) {
    return widen(_mm512_cmp_pd_mask(a, b, _CMP_GT_OQ));
  }
  friend Vectorized operator>=(const Vectorized& a, const Vectorized& b) {
    return widen(_mm512_cmp_pd_mask(a, b, _CMP_GE_OQ));
  }
  Vectorized eq(const Vectorized& b) const {
    return one_where(_mm512_cmp_pd_mask(v_, b, _CMP_EQ_OQ));
  }
  Vectorized ne(const Vectorized& b) const {
    return one_where(_mm512_cmp_pd_mask(v_, b, _CMP_NEQ_UQ));
  }
  Vectorized lt(const Vectorized& b) const {
    return one_where(_mm512_cmp_pd_mask(v_, b, _CMP_LT_OQ));
  }
  Vectorized le(const Vectorized& b) const {
    return one_where(_mm512_cmp_pd_mask(v_, b, _CMP_LE_OQ));
  }
  Vectorized gt(const Vectorized& b) const {
    return one_where(_mm512_cmp_pd_mask(v_, b, _CMP_GT_OQ));
  }
  Vectorized ge(const Vectorized& b) const {
    return one_where(_mm512_cmp_pd_mask(v_, b, _CMP_GE_OQ));
  }

  friend Vectorized operator+(const Vectorized& a, const Vectorized& b) {
    return _mm512_add_pd(a, b);
  }
  friend Vectorized operator-(const Vectorized& a, const Vectorized& b) {
    return _mm512_sub_pd(a, b);
  }
  friend Vectorized operator*(const Vectorized& a, const Vectorized& b) {
    return _mm512_mul_pd(a, b);
  }
  friend Vectorized operator/(const Vectorized& a, const Vectorized& b) {
    return _mm512_div_pd(a, b);
  }
  friend Vectorized operator-(const Vectorized& a) { return a.neg(); }
  friend Vectorized operator&(const Vectorized& a, const Vectorized& b) {
    return _mm512_and_pd(a, b);
  }
  friend Vectorized operator|(const Vectorized& a, const Vectorized& b) {
    return _mm512_or_pd(a, b);
  }
  friend Vectorized operator^(const Vectorized& a, const Vectorized& b) {
    return _mm512_xor_pd(a, b);
  }

  Vectorized neg() const { return _mm512_xor_pd(v_, _mm512_set1_pd(-0.0)); }
  Vectorized abs() const { return _mm512_andnot_pd(_mm512_set1_pd(-0.0), v_); }
  Vectorized reciprocal() const { return _mm512_div_pd(_mm512_set1_pd(1.0), v_); }
  Vectorized sqrt() const { return _mm512_sqrt_pd(v_); }
  Vectorized rsqrt() const { return _mm512_div_pd(_mm512_set1_pd(1.0), _mm512_sqrt_pd(v_)); }
  Vectorized floor() const {
    return _mm512_roundscale_pd(v_, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
  }
  Vectorized ceil() const {
    return _mm512_roundscale_pd(v_, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC);
  }
  Vectorized round() const {
    return _mm512_roundscale_pd(v_, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  }
  Vectorized trunc() const {
    return _mm512_roundscale_pd(v_, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
  }

  Vectorized exp() const { return Sleef_expd8_u10avx512f(v_); }
  Vectorized expm1() const { return Sleef_expm1d8_u10avx512f(v_); }
  Vectorized log() const { return Sleef_logd8_u10avx512f(v_); }
  // Sleef's log1p gives inf above about 1e307; there log1p(x) == log(x).
  Vectorized log1p() const {
    return blendv(Sleef_log1pd8_u10avx512f(v_), log(), *this > Vectorized(1e300));
  }
  Vectorized log2() const { return Sleef_log2d8_u10avx512f(v_); }
  Vectorized log10() const { return Sleef_log10d8_u10avx512f(v_); }
  Vectorized sin() const { return Sleef_sind8_u10avx512f(v_); }
  Vectorized cos() const { return Sleef_cosd8_u10avx512f(v_); }
  Vectorized tan() const { return Sleef_tand8_u10avx512f(v_); }
  Vectorized tanh() const { return Sleef_tanhd8_u10avx512f(v_); }
  Vectorized erf() const { return Sleef_erfd8_u10avx512f(v_); }
  Vectorized erfc() const { return Sleef_erfcd8_u15avx512f(v_); }
  Vectorized atan() const { return Sleef_atand8_u10avx512f(v_); }
  Vectorized exp2() const { return Sleef_exp2d8_u10avx512f(v_); }
  Vectorized asin() const { return Sleef_asind8_u10avx512f(v_); }
  Vectorized acos() const { return Sleef_acosd8_u10avx512f(v_); }
  Vectorized sinh() const {
    return detail::sinh_of(*this, Vectorized(Sleef_sinhd8_u10avx512f(v_)));
  }
  Vectorized cosh() const {
    return detail::cosh_of(*this, Vectorized(Sleef_coshd8_u10avx512f(v_)));
  }
  Vectorized atan2(const Vectorized& x) const { return Sleef_atan2d8_u10avx512f(v_, x); }
  Vectorized pow(const Vectorized& y) const { return Sleef_powd8_u10avx512f(v_, y); }
  Vectorized sigmoid() const { return detail::sigmoid_of(*this); }

 private:
  static Vectorized widen(__mmask8 k) { return _mm512_castsi512_pd(_mm512_movm_epi64(k)); }
  static Vectorized one_where(__mmask8 k) { return _mm512_maskz_mov_pd(k, _mm512_set1_pd(1.0)); }
  __m512d v_;
};

inline Vectorized<double> maximum(const Vectorized<double>& a, const Vectorized<double>& b) {
  __m512d m = _mm512_max_pd(a, b);
  m = _mm512_mask_and_pd(m, _mm512_cmp_pd_mask(a, b, _CMP_EQ_OQ), a, b);
  return _mm512_mask_add_pd(m, _mm512_cmp_pd_mask(a, b, _CMP_UNORD_Q), a, b);
}
inline Vectorized<double> minimum(const Vectorized<double>& a, const Vectorized<double>& b) {
  __m512d m = _mm512_min_pd(a, b);
  m = _mm512_mask_or_pd(m, _mm512_cmp_pd_mask(a, b, _CMP_EQ_OQ), a, b);
  return _mm512_mask_add_pd(m, _mm512_cmp_pd_mask(a, b, _CMP_UNORD_Q), a, b);
}
inline Vectorized<double> fmadd(const Vectorized<double>& a, const Vectorized<double>& b,
                                const Vectorized<double>& c) {
  return _mm512_fmadd_pd(a, b, c);
}

// ---- integers -------------------------------------------------------------------------------

// int32_t and int64_t differ only in the element width of each instruction; the Ops traits
// below name them, the class is written once.
struct Int32Ops {
  using T = int32_t;
  using Mask = __mmask16;
  static __m512i set1(T s) { return _mm512_set1_epi32(s); }
  static Mask cmp_eq(__m512i a, __m512i b) { return _mm512_cmpeq_epi32_mask(a, b); }
  static Mask cmp_ne(__m512i a, __m512i b) { return _mm512_cmpneq_epi32_mask(a, b); }
  static Mask cmp_lt(__m512i a, __m512i b) { return _mm512_cmplt_epi32_mask(a, b); }
  static Mask cmp_le(__m512i a, __m512i b) { return _mm512_cmple_epi32_mask(a, b); }
  static __m512i from_mask(Mask k) { return _mm512_movm_epi32(k); }
  static Mask to_mask(__m512i v) { return _mm512_movepi32_mask(v); }
  static __m512i blend(Mask k, __m512i a, __m512i b) { return _mm512_mask_blend_epi32(k, a, b); }
  static __m512i maskz_mov(Mask k, __m512i a) { return _mm512_maskz_mov_epi32(k, a); }
  static __m512i maskz_loadu(Mask k, const void* p) { return _mm512_maskz_loadu_epi32(k, p); }
  static void mask_storeu(void* p, Mask k, __m512i v) { _mm512_mask_storeu_epi32(p, k, v); }
  static __m512i add(__m512i a, __m512i b) { return _mm512_add_epi32(a, b); }
  static __m512i sub(__m512i a, __m512i b) { return _mm512_sub_epi32(a, b); }
  static __m512i mul(__m512i a, __m512i b) { return _mm512_mullo_epi32(a, b); }
  static __m512i max(__m512i a, __m512i b) { return _mm512_max_epi32(a, b); }
  static __m512i min(__m512i a, __m512i b) { return _mm512_min_epi32(a, b); }
  static __m512i abs(__m512i a) { return _mm512_abs_epi32(a); }
};
struct Int64Ops {
  using T = int64_t;
  using Mask = __mmask8;
  static __m512i set1(T s) { return _mm512_set1_epi64(s); }
  static Mask cmp_eq(__m512i a, __m512i b) { return _mm512_cmpeq_epi64_mask(a, b); }
  static Mask cmp_ne(__m512i a, __m512i b) { return _mm512_cmpneq_epi64_mask(a, b); }
  static Mask cmp_lt(__m512i a, __m512i b) { return _mm512_cmplt_epi64_mask(a, b); }
  static Mask cmp_le(__m512i a, __m512i b) { return _mm512_cmple_epi64_mask(a, b); }
  static __m512i from_mask(Mask k) { return _mm512_movm_epi64(k); }
  static Mask to_mask(__m512i v) { return _mm512_movepi64_mask(v); }
  static __m512i blend(Mask k, __m512i a, __m512i b) { return _mm512_mask_blend_epi64(k, a, b); }
  static __m512i maskz_mov(Mask k, __m512i a) { return _mm512_maskz_mov_epi64(k, a); }
  static __m512i maskz_loadu(Mask k, const void* p) { return _mm512_maskz_loadu_epi64(k, p); }
  static void mask_storeu(void* p, Mask k, __m512i v) { _mm512_mask_storeu_epi64(p, k, v); }
  static __m512i add(__m512i a, __m512i b) { return _mm512_add_epi64(a, b); }
  static __m512i sub(__m512i a, __m512i b) { return _mm512_sub_epi64(a, b); }
  static __m512i mul(__m512i a, __m512i b) { return _mm512_mullo_epi64(a, b); }
  static __m512i max(__m512i a, __m512i b) { return _mm512_max_epi64(a, b); }
  static __m512i min(__m512i a, __m512i b) { return _mm512_min_epi64(a, b); }
  static __m512i abs(__m512i a) { return _mm512_abs_epi64(a); }
};

template <typename Ops>
class VectorizedInt512 {
 public:
  using T = typename Ops::T;
  using Mask = typename Ops::Mask;
  using V = Vectorized<T>;
  using value_type = T;
  static constexpr int64_t size() { return 64 / sizeof(T); }

  VectorizedInt512() : v_(_mm512_setzero_si512()) {}
  VectorizedInt512(__m512i v) : v_(v) {}       // NOLINT
  VectorizedInt512(T s) : v_(Ops::set1(s)) {}  // NOLINT: broadcast
  operator __m512i() const { return v_; }

  static V loadu(const void* p) { return V(_mm512_loadu_si512(p)); }
  static V loadu(const void* p, int64_t count) { return V(Ops::maskz_loadu(first(count), p)); }
  void store(void* p) const { _mm512_storeu_si512(p, v_); }
  void store(void* p, int64_t count) const { Ops::mask_storeu(p, first(count), v_); }
  T operator[](int64_t i) const {
    alignas(64) T buf[size()];
    _mm512_store_si512(buf, v_);
    return buf[i];
  }

  template <int64_t mask>
  static V blend(const V& a, const V& b) {
    return V(Ops::blend(static_cast<Mask>(mask), a, b));
  }
  static V blendv(const V& a, const V& b, const V& mask) {
    return V(Ops::blend(Ops::to_mask(mask), a, b));
  }

  friend V operator==(const V& a, const V& b) { return V(Ops::from_mask(Ops::cmp_eq(a, b))); }
  friend V operator!=(const V& a, const V& b) { return V(Ops::from_mask(Ops::cmp_ne(a, b))); }
  friend V operator<(const V& a, const V& b) { return V(Ops::from_mask(Ops::cmp_lt(a, b))); }
  friend V operator<=(const V& a, const V& b) { return V(Ops::from_mask(Ops::cmp_le(a, b))); }
  friend V operator>(const V& a, const V& b) { return V(Ops::from_mask(Ops::cmp_lt(b, a))); }
  friend V operator>=(const V& a, const V& b) { return V(Ops::from_mask(Ops::cmp_le(b, a))); }
  V eq(const V& b) const { return one_where(Ops::cmp_eq(v_, b)); }
  V ne(const V& b) const { return one_where(Ops::cmp_ne(v_, b)); }
  V lt(const V& b) const { return one_where(Ops::cmp_lt(v_, b)); }
  V le(const V& b) const { return one_where(Ops::cmp_le(v_, b)); }
  V gt(const V& b) const { return one_where(Ops::cmp_lt(b, v_)); }
  V ge(const V& b) const { return one_where(Ops::cmp_le(b, v_)); }

  friend V operator+(const V& a, const V& b) { return V(Ops::add(a, b)); }
  friend V operator-(const V& a, const V& b) { return V(Ops::sub(a, b)); }
  friend V operator*(const V& a, const V& b) { return V(Ops::mul(a, b)); }
  // Per element, as the generic: there is no integer division instruction.
  friend V operator/(const V& a, const V& b) {
    alignas(64) T x[size()], y[size()];
    a.store(x);
    b.store(y);
    for (int64_t i = 0; i < size(); ++i)
      x[i] = y[i] == T(-1) ? detail::wrap(T(0), x[i], [](uint64_t u, uint64_t v) { return u - v; })
                           : x[i] / y[i];
    return V::loadu(x);
  }
  friend V operator-(const V& a) { return a.neg(); }
  friend V operator&(const V& a, const V& b) { return V(_mm512_and_si512(a, b)); }
  friend V operator|(const V& a, const V& b) { return V(_mm512_or_si512(a, b)); }
  friend V operator^(const V& a, const V& b) { return V(_mm512_xor_si512(a, b)); }

  V neg() const { return V(Ops::sub(_mm512_setzero_si512(), v_)); }
  V abs() const { return V(Ops::abs(v_)); }

  friend V fmadd(const V& a, const V& b, const V& c) { return V(Ops::add(Ops::mul(a, b), c)); }

 private:
  static Mask first(int64_t count) { return static_cast<Mask>((uint32_t{1} << count) - 1); }
  static V one_where(Mask k) { return V(Ops::maskz_mov(k, Ops::set1(1))); }
  __m512i v_;
};

template <>
class Vectorized<int32_t> : public VectorizedInt512<Int32Ops> {
 public:
  using VectorizedInt512::VectorizedInt512;
  Vectorized(int32_t a0, int32_t a1, int32_t a2, int32_t a3, int32_t a4, int32_t a5, int32_t a6,
             int32_t a7, int32_t a8, int32_t a9, int32_t a10, int32_t a11, int32_t a12, int32_t a13,
             int32_t a14, int32_t a15)
      : VectorizedInt512(_mm512_setr_epi32(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12,
                                           a13, a14, a15)) {}
};

template <>
class Vectorized<int64_t> : public VectorizedInt512<Int64Ops> {
 public:
  using VectorizedInt512::VectorizedInt512;
  Vectorized(int64_t a0, int64_t a1, int64_t a2, int64_t a3, int64_t a4, int64_t a5, int64_t a6,
             int64_t a7)
      : VectorizedInt512(_mm512_setr_epi64(a0, a1, a2, a3, a4, a5, a6, a7)) {}
};

// Namespace-scope, not hidden friends, so that a qualified vec::maximum(a, b) finds them (as it
// finds the float and double ones) instead of the generic template, which these types lack the
// members for.
inline Vectorized<int32_t> maximum(const Vectorized<int32_t>& a, const Vectorized<int32_t>& b) {
  return Int32Ops::max(a, b);
}
inline Vectorized<int32_t> minimum(const Vectorized<int32_t>& a, const Vectorized<int32_t>& b) {
  return Int32Ops::min(a, b);
}
inline Vectorized<int64_t> maximum(const Vectorized<int64_t>& a, const Vectorized<int64_t>& b) {
  return Int64Ops::max(a, b);
}
inline Vectorized<int64_t> minimum(const Vectorized<int64_t>& a, const Vectorized<int64_t>& b) {
  return Int64Ops::min(a, b);
}

// ---- conversions with an instruction --------------------------------------------------------

namespace detail {
template <>
struct Converter<int32_t, float> {
  static Vectorized<int32_t> apply(const Vectorized<float>& v) { return _mm512_cvttps_epi32(v); }
};
template <>
struct Converter<float, int32_t> {
  static Vectorized<float> apply(const Vectorized<int32_t>& v) { return _mm512_cvtepi32_ps(v); }
};
template <>
struct Converter<int64_t, double> {
  static Vectorized<int64_t> apply(const Vectorized<double>& v) { return _mm512_cvttpd_epi64(v); }
};
template <>
struct Converter<double, int64_t> {
  static Vectorized<double> apply(const Vectorized<int64_t>& v) { return _mm512_cvtepi64_pd(v); }
};
template <>
struct Converter<double, float> {
  static std::array<Vectorized<double>, 2> apply(const Vectorized<float>& v) {
    return {Vectorized<double>(_mm512_cvtps_pd(_mm512_castps512_ps256(v))),
            Vectorized<double>(_mm512_cvtps_pd(_mm512_extractf32x8_ps(v, 1)))};
  }
};
template <>
struct Converter<float, double> {
  static Vectorized<float> apply(const std::array<Vectorized<double>, 2>& v) {
    return _mm512_insertf32x8(_mm512_castps256_ps512(_mm512_cvtpd_ps(v[0])), _mm512_cvtpd_ps(v[1]),
                              1);
  }
};
template <>
struct Converter<int64_t, int32_t> {
  static std::array<Vectorized<int64_t>, 2> apply(const Vectorized<int32_t>& v) {
    return {Vectorized<int64_t>(_mm512_cvtepi32_epi64(_mm512_castsi512_si256(v))),
            Vectorized<int64_t>(_mm512_cvtepi32_epi64(_mm512_extracti64x4_epi64(v, 1)))};
  }
};
}  // namespace detail

}  // namespace CPU_CAPABILITY
}  // namespace aten::vec
#endif  // CPU_CAPABILITY_AVX512
