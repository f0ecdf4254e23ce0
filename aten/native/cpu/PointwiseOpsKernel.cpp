// CPU kernels of lerp, addcmul and addcdiv. Compiled once per CPU capability. Half and
// BFloat16 compute in float; integers wrap on overflow.
#include <aten/cpu/Loops.h>
#include <aten/native/PointwiseOps.h>
#include <aten/native/cpu/OpMath.h>
#include <aten/ops/addcdiv_dtypes.h>
#include <aten/ops/addcmul_dtypes.h>
#include <aten/ops/lerp_dtypes.h>

#include <cmath>
#include <complex>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

template <typename T>
inline constexpr bool has_vec_math_v = std::is_same_v<T, float> || std::is_same_v<T, double>;

// self + w * (end - self) for |w| < 1/2, else end - (end - self) * (1 - w): each form is exact
// at the end it is used near (w = 0 gives self, w = 1 gives end), as in ATen.
template <typename T>
inline T lerp(T self, T end, T w) {
  return std::abs(w) < 0.5 ? self + w * (end - self) : end - (end - self) * (T(1) - w);
}

// The per-dtype bodies are function templates, so that `if constexpr` discards the other
// types' branches (the dispatch macros' lambdas are not templates).
template <typename scalar_t>
void lerp_scalar_loop(TensorIteratorBase& iter, const Scalar& weight) {
  using T = opmath_t<scalar_t>;
  const T w = weight.to<T>();
  if constexpr (has_vec_math_v<scalar_t>) {
    using Vec = vec::Vectorized<scalar_t>;
    const Vec w_vec(w), one_minus_w(T(1) - w);
    if (std::abs(w) < 0.5) {  // one form for every element: decided once
      cpu_kernel_vec(
          iter, [=](scalar_t a, scalar_t b) -> scalar_t { return a + w * (b - a); },
          [=](Vec a, Vec b) { return a + w_vec * (b - a); });
    } else {
      cpu_kernel_vec(
          iter, [=](scalar_t a, scalar_t b) -> scalar_t { return b - (b - a) * (T(1) - w); },
          [=](Vec a, Vec b) { return b - (b - a) * one_minus_w; });
    }
  } else {
    cpu_kernel(iter, [=](scalar_t a, scalar_t b) -> scalar_t {
      return scalar_t(lerp(static_cast<T>(a), static_cast<T>(b), w));
    });
  }
}

void lerp_scalar_kernel(TensorIteratorBase& iter, const Scalar& weight) {
  ATEN_DISPATCH_lerp_TYPES(iter.common_dtype(), [&] { lerp_scalar_loop<scalar_t>(iter, weight); });
}

template <typename scalar_t>
void lerp_tensor_loop(TensorIteratorBase& iter) {
  using T = opmath_t<scalar_t>;
  if constexpr (has_vec_math_v<scalar_t>) {
    using Vec = vec::Vectorized<scalar_t>;
    cpu_kernel_vec(
        iter, [](scalar_t a, scalar_t b, scalar_t w) -> scalar_t { return lerp(a, b, w); },
        [](Vec a, Vec b, Vec w) {
          const Vec d = b - a;
          return Vec::blendv(b - d * (Vec(T(1)) - w), a + w * d, w.abs() < Vec(T(0.5)));
        });
  } else {
    cpu_kernel(iter, [](scalar_t a, scalar_t b, scalar_t w) -> scalar_t {
      return scalar_t(lerp(static_cast<T>(a), static_cast<T>(b), static_cast<T>(w)));
    });
  }
}

void lerp_tensor_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_lerp_TYPES(iter.common_dtype(), [&] { lerp_tensor_loop<scalar_t>(iter); });
}

// self + value * a * b, or self + value * a / b: Div picks the second.
template <typename scalar_t, bool kDiv>
void addc_loop(TensorIteratorBase& iter, const Scalar& value_scalar) {
  using T = opmath_t<scalar_t>;
  using Vec = vec::Vectorized<scalar_t>;
  const T value = value_scalar.to<T>();
  if constexpr (is_wrapping_int_v<scalar_t>) {
    static_assert(!kDiv, "addcdiv never computes in an integral dtype");
    const Vec value_vec(value);
    cpu_kernel_vec(
        iter,
        [=](scalar_t s, scalar_t a, scalar_t b) -> scalar_t {
          return wrapping_add(s, wrapping_mul(wrapping_mul(value, a), b));
        },
        [=](Vec s, Vec a, Vec b) { return s + value_vec * a * b; });
  } else if constexpr (has_vec_math_v<scalar_t>) {
    const Vec value_vec(value);
    cpu_kernel_vec(
        iter,
        [=](scalar_t s, scalar_t a, scalar_t b) -> scalar_t {
          return kDiv ? s + value * a / b : s + value * a * b;
        },
        [=](Vec s, Vec a, Vec b) { return kDiv ? s + value_vec * a / b : s + value_vec * a * b; });
  } else {
    // Half, BFloat16 (in float) and complex (divided as ATen divides).
    cpu_kernel(iter, [=](scalar_t s, scalar_t a, scalar_t b) -> scalar_t {
      const T x = static_cast<T>(s), y = static_cast<T>(a), z = static_cast<T>(b);
      return scalar_t(kDiv ? x + vec::detail::scalar::div(value * y, z) : x + value * y * z);
    });
  }
}

void addcmul_kernel(TensorIteratorBase& iter, const Scalar& value) {
  ATEN_DISPATCH_addcmul_TYPES(iter.common_dtype(),
                              [&] { addc_loop<scalar_t, false>(iter, value); });
}

void addcdiv_kernel(TensorIteratorBase& iter, const Scalar& value) {
  // Integral common dtypes cannot occur: meta() refuses two integral tensor1 and tensor2.
  ATEN_DISPATCH_addcdiv_TYPES(iter.common_dtype(), [&] { addc_loop<scalar_t, true>(iter, value); });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(lerp_scalar_stub, &lerp_scalar_kernel);
ATEN_REGISTER_DISPATCH(lerp_tensor_stub, &lerp_tensor_kernel);
ATEN_REGISTER_DISPATCH(addcmul_stub, &addcmul_kernel);
ATEN_REGISTER_DISPATCH(addcdiv_stub, &addcdiv_kernel);

}  // namespace aten::native
