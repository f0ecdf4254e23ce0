#pragma once
// Functions written once over the Vectorized interface, so the generic version and every
// specialisation share one formula (and one set of edge-case decisions).
#include <aten/cpu/vec/VectorizedBase.h>

namespace aten::vec {
inline namespace CPU_CAPABILITY {
namespace detail {

// e^x for float, inline where Sleef's is an out-of-line call: everything live across a call
// is spilled, which made sigmoid half as fast as it needs to be. e^x = 2^n e^r with
// n = round(x / ln 2), |r| <= ln(2) / 2; r = x - n ln 2 in two FMA steps (ln 2 split in a float
// and its remainder), and e^r by its Taylor polynomial of degree 7 (truncation below 6e-9
// relative, a tenth of a float ULP): at most 1.3 ULP in all (tests/cpu/test_vec_math.cpp).
// x must already be clamped to [-104, 89] (or NaN): below, e^x rounds to 0; above, n = 128 and
// V::ldexp overflows to inf. V::ldexp(n) scales by 2^n with one rounding, so subnormal
// results are right too.
template <typename V>
V exp_clamped(const V& x) {
  const V n = (x * V(1.44269504088896340736f)).round();  // 1 / ln 2
  V r = fmadd(n, V(-0.693147182464599609375f), x);       // float(ln 2)
  r = fmadd(n, V(1.904654323148236017e-09f), r);         // float(ln 2) - ln 2
  V p(1.f / 5040);
  for (const float c : {1.f / 720, 1.f / 120, 1.f / 24, 1.f / 6, 0.5f, 1.f, 1.f})
    p = fmadd(p, r, V(c));
  return p.ldexp(n);
}

// 1 / x to about 23 bits (an estimate instruction refined by a Newton step, where there is
// one). Its error e scales the correction term of tanh and sigmoid below, which leaves a
// relative error of about e^2: with the 14 bits of a bare estimate that is 1/16 ULP, enough
// to round the wrong way near half-way cases (tanh(9.05) would be 0.99999994, not 1).
// Exact where the capability has no estimate.
template <typename V>
V reciprocal_estimate(const V& x) {
  return x.reciprocal();
}

// tanh for float, inline like exp above. For |x| >= 0.625: tanh|x| = (1 - t) / (1 + t) with
// t = e^(-2|x|) <= 0.29; numerator and denominator are kept exactly as two-float sums
// (Fast2Sum) and the quotient is corrected once by its FMA remainder, leaving t's error (damped
// by 2t / (1 - t^2) < 0.64) and the last rounding. Below 0.625, where 1 - t would cancel:
// x (1 + x^2 P(x^2)), P of degree 5 fitted by tools/fit/tanh_poly.py (4e-9 relative; the
// product form keeps tanh(-0) = -0). Both are computed and one is picked per lane.
template <typename V>
V tanh_of(const V& x) {
  const V one(1.f);
  const V a = x.abs();
  const V t = (a * V(-2.f)).exp();
  const V nh = one - t, nl = (one - nh) - t;
  const V dh = one + t, dl = (one - dh) + t;
  const V rcp = reciprocal_estimate(dh);
  const V q = nh * rcp;
  const V r = fmadd(-q, dh, nh) + (nl - q * dl);
  const V large = fmadd(r, rcp, q) | (x & V(-0.f));
  const V s = x * x;
  V p(0x1.2c83c0p-9f);
  for (const float c :
       {-0x1.116a16p-7f, 0x1.64a976p-6f, -0x1.ba08c4p-5f, 0x1.1110eap-3f, -0x1.555556p-2f})
    p = fmadd(p, s, V(c));
  const V small = x * fmadd(s, p, one);
  return V::blendv(large, small, a < V(0.625f));
}

// sigmoid(x) = 1 / (1 + exp(-x)), written as num / (1 + e) with e = exp(-|x|) and num = 1 for
// x >= 0, e for x < 0: e never overflows, and a tiny result (x < -88 in float) comes out as
// itself instead of 1/inf = 0. No division: q = num * (1/(1 + e)) estimated, then corrected
// once by its remainder num - q - q e, computed with one rounding by an FMA (num - q is exact by
// Sterbenz while q >= num / 2, true but for estimates just under it near x = 0, where the
// error measured stays below 0.8 ULP). The errors left are exp's and the final rounding: 1.5
// ULP in float, where the plain formula reaches 2.3.
template <typename V>
V sigmoid_of(const V& x) {
  using T = typename V::value_type;
  const V one(T(1)), sign(T(-0.0));
  const V e = (x | sign).exp();  // exp(-|x|)
  const V num = V::blendv(one, e, x & sign);
  const V rcp = reciprocal_estimate(one + e);
  const V q = num * rcp;
  const V r = fmadd(-q, e, num - q);
  return fmadd(r, rcp, q);
}

// e^|x| / 2 where e^|x| overflows: sinh and cosh there (see LargeHalfExp in ScalarMath.h).
template <typename V>
V large_half_exp(const V& ax) {
  using C = LargeHalfExp<typename V::value_type>;
  return (ax - V(C::c)).exp() * V(C::k);
}
// sinh and cosh from Sleef's value `fast`, corrected where that overflowed too early.
template <typename V>
V sinh_of(const V& x, const V& fast) {
  using T = typename V::value_type;
  const V sign = x & V(T(-0.0));
  const V ax = x.abs();
  return V::blendv(fast, large_half_exp(ax) | sign, ax > V(LargeHalfExp<T>::threshold));
}
template <typename V>
V cosh_of(const V& x, const V& fast) {
  using T = typename V::value_type;
  const V ax = x.abs();
  return V::blendv(fast, large_half_exp(ax), ax > V(LargeHalfExp<T>::threshold));
}

}  // namespace detail

template <typename T>
Vectorized<T> Vectorized<T>::sigmoid() const {
  return detail::sigmoid_of(*this);
}

// min(max(a, lo), hi), like torch.clamp: NaN in a (or in a bound) gives NaN; lo > hi gives hi.
template <typename V>
V clamp(const V& a, const V& lo, const V& hi) {
  return minimum(maximum(a, lo), hi);
}
template <typename V>
V clamp_min(const V& a, const V& lo) {
  return maximum(a, lo);
}
template <typename V>
V clamp_max(const V& a, const V& hi) {
  return minimum(a, hi);
}

}  // namespace CPU_CAPABILITY
}  // namespace aten::vec
