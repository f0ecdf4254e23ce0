#pragma once
// Functions written once over the Vectorized interface, so the generic version and every
// specialisation share one formula (and one set of edge-case decisions).
#include <aten/cpu/vec/VectorizedBase.h>

namespace aten::vec {
inline namespace CPU_CAPABILITY {
namespace detail {

// sigmoid(x) = 1 / (1 + exp(-x)), written as num / (1 + e) with e = exp(-|x|) and num = 1 for
// x >= 0, e for x < 0: e never overflows, and a tiny result (x < -88 in float) comes out as
// itself instead of 1/inf = 0. The sum 1 + e is kept exactly as hi + lo and the quotient is
// corrected with its FMA-computed remainder, so the only errors are exp's and one rounding:
// the plain formula reaches 2.3 ULP in float.
template <typename V>
V sigmoid_of(const V& x) {
  using T = typename V::value_type;
  const V one(T(1));
  const V e = (-x.abs()).exp();
  const V hi = one + e;
  const V lo = (one - hi) + e;  // exact: |1| >= |e| (Fast2Sum)
  const V num = V::blendv(one, e, x < V(T(0)));
  const V q = num / hi;
  const V r = fmadd(-q, hi, num) - q * lo;  // num - q * (hi + lo)
  return q + r / hi;
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
