#pragma once
// Exact gelu, x Phi(x) with Phi the standard normal CDF, for float vectors: written once over
// the Vectorized interface (generic, AVX2 and AVX-512 share it), included only by
// ActivationKernel.cpp. Within 3.81 ULP of 0.5 x erfc(-x / sqrt(2)) everywhere, the negative tail
// down to the underflow included (tests/ops/test_activation.cpp).
//
// With a = |x| and E = Phi(-a) = 0.5 erfc(a / sqrt(2)), gelu(x) is x E for x < 0 and x (1 - E)
// for x >= 0: relu(x) - a E on both sides. x - a E does not cancel (E <= 0.5), and E keeps its
// relative accuracy however small it is, unlike 1 + erf(x / sqrt(2)), which loses every digit as
// x goes negative (gelu(-5) has 10% error in float that way).
//
// E = R(a) exp(-a^2 / 2). R = N / D, degrees 4 and 5, fitted by tools/fit/gelu_erfc.py to 8.4e-9
// relative over [0, 16] with float coefficients. D is evaluated as k a N + M (k, M fitted with N):
// for large a, R ~ 1 / (k a), and N's rounding errors cancel between numerator and denominator;
// Horner's rule for D would add D's five roundings to N's four (R to 4.8 ULP that way, 2.4 this
// way). N(0) = 0.875 and M(0) = 1.75 (R(0) = 0.5 exactly) sit high in their binades, where the
// last rounding near a = 0 costs least.
//
// Nothing rounded enters exp: -a^2 / 2 is split exactly into nh + lo, and
// exp(nh + lo) = exp(nh) (1 + lo). Forming y = a / sqrt(2) first would cost ~2y^2 times its
// rounding (erfc's slope): tens of ULP near the underflow.
//
// a is clamped to 16 (E underflows from ~14.1 on) so that a^2 and its split stay finite. exp is
// computed scaled by 2^64, and a E as (a R) exp(..) 2^64, so that where the result is subnormal
// only the last operation rounds into that range. x = -inf gives -inf + inf = NaN, as
// 0.5 x erfc(-x / sqrt(2)) and ATen's 0.5 x (1 + erf(x / sqrt(2))) do (-inf * 0).
#include <aten/cpu/vec/Vectorized.h>

#include <cstdint>
#include <cstring>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace gelu_detail {

// min(a, limit), one instruction where there is one (the interface's minimum also orders -0
// and propagates NaN, which costs four here). A NaN a may give either; the caller does not
// care.
[[gnu::always_inline]] inline vec::Vectorized<float> clamp_above(
    const vec::Vectorized<float>& a, const vec::Vectorized<float>& limit) {
#if defined(CPU_CAPABILITY_AVX512)
  return _mm512_min_ps(a, limit);
#elif defined(CPU_CAPABILITY_AVX2)
  return _mm256_min_ps(a, limit);
#else
  return vec::Vectorized<float>::blendv(a, limit, a > limit);
#endif
}

// The float whose bits are v's shifted left by 23: v = 1.5 * 2^23 + n holds n in its low
// mantissa bits, which this moves into the exponent field, giving 2^(n - 127).
[[gnu::always_inline]] inline vec::Vectorized<float> exponent_from_low_bits(
    const vec::Vectorized<float>& v) {
#if defined(CPU_CAPABILITY_AVX512)
  return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_castps_si512(v), 23));
#elif defined(CPU_CAPABILITY_AVX2)
  return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_castps_si256(v), 23));
#else
  return v.map([](float f) {
    uint32_t b;
    std::memcpy(&b, &f, sizeof b);
    b <<= 23;
    std::memcpy(&f, &b, sizeof f);
    return f;
  });
#endif
}

// exp(z) * 2^64 for z in [-128, 0] (NaN stays NaN), within ~0.9 ULP: the scale keeps the
// result normal where exp(z) itself is subnormal (z < -87.3), so that the caller's product
// rounds once, at the end. z = k ln 2 + f, |f| <= ln 2 / 2 (Cody and Waite's two-part ln 2;
// k ln2_hi is exact for |k| < 2^15), exp(f) a degree-6 polynomial fitted by
// tools/fit/gelu_erfc.py (1.8e-8 relative with float coefficients), 2^(k + 64) built in the
// exponent field (k + 64 >= -121: always normal). Inlined, unlike Sleef's exp, whose call
// spills every vector register the kernel keeps.
[[gnu::always_inline]] inline vec::Vectorized<float> exp_times_2_64(
    const vec::Vectorized<float>& z) {
  using V = vec::Vectorized<float>;
  const V magic(12582912.f + 191.f);  // 1.5 * 2^23 + 127 + 64
  const V v = fmadd(z, V(1.44269504088896341f), magic);
  const V k = v - magic;
  V f = fmadd(k, V(-0.693359375f), z);
  f = fmadd(k, V(2.12194440054690583e-4f), f);
  V p = fmadd(V(0.0013843465130776167f), f, V(0.008374316617846489f));
  p = fmadd(p, f, V(0.041668012738227844f));
  p = fmadd(p, f, V(0.16666428744792938f));
  p = fmadd(p, f, V(0.4999999403953552f));
  p = fmadd(p, f, V(1.f));
  p = fmadd(p, f, V(1.f));
  return p * exponent_from_low_bits(v);
}

}  // namespace gelu_detail

[[gnu::always_inline]] inline vec::Vectorized<float> gelu_exact(const vec::Vectorized<float>& x) {
  using V = vec::Vectorized<float>;
  const V a_max(16.f), minus_half(-0.5f);
  const V ax = x.abs();
  const V a = gelu_detail::clamp_above(ax, a_max);
  // -a^2 / 2 = nh + lo exactly (a * -0.5 is exact, the FMA gives the product's rounding error).
  const V am = a * minus_half;
  const V nh = am * a;
  const V lo = fmadd(am, a, -nh);
  const V e = gelu_detail::exp_times_2_64(nh);  // exp(nh) 2^64
  V n = fmadd(V(0.007334823254495859f), a, V(0.07201718538999557f));
  n = fmadd(n, a, V(0.3233923614025116f));
  n = fmadd(n, a, V(0.7707539200782776f));
  n = fmadd(n, a, V(0.875f));
  V m = fmadd(V(1.1593937415455002e-05f), a, V(0.01815488375723362f));
  m = fmadd(m, a, V(0.18383190035820007f));
  m = fmadd(m, a, V(0.7445275187492371f));
  m = fmadd(m, a, V(1.75f));
  const V d = fmadd(a * V(2.5066044330596924f), n, m);
  const V r = fmadd(n, lo, n) / d;  // R(a) (1 + lo): exp(nh + lo) = e (1 + lo)
  const V q = (a * r) * e;          // |x| E 2^64: a = |x| wherever e > 0
  // relu(x) is x/2 + |x|/2: no overflow, exact for normal x, and for subnormal x its rounding
  // is the rounding of |x|/2 in q (R(0) = 0.5, e = 2^64), which the subtraction then cancels.
  // It is formed negated so that it is -0 for x < 0 and x = -0: a negative result that
  // underflows is then -0, as x Phi(x) is.
  const V relu = -fmadd(x, minus_half, ax * minus_half);
  return fmadd(q, V(-0x1p-64f), relu);
}

}  // namespace CPU_CAPABILITY
}  // namespace aten::native
