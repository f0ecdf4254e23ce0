// CPU kernels of pow. Compiled once per CPU capability.
//
// Integer powers are computed exactly by repeated squaring (wrapping on overflow). A Scalar
// exponent of 0, 1, 2, 3, 0.5, -0.5, -1 or -2 is computed as the products, roots and
// reciprocals it stands for, as ATen does: exact where pow would only be close, and faster.
#include <aten/cpu/Loops.h>
#include <aten/native/Pow.h>
#include <aten/native/cpu/OpMath.h>
#include <aten/ops/pow_dtypes.h>

#include <cmath>
#include <complex>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

template <typename T>
inline constexpr bool is_reduced_float_v = std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>;

// base ** exp for integers. A negative exponent (only reachable with a tensor exponent) gives
// the integer part of 1 / base ** |exp|: 1 for base 1, +-1 for base -1, 0 otherwise.
template <typename T>
T int_pow(T base, T exp) {
  if constexpr (std::is_signed_v<T>) {
    if (exp < 0) {
      if (base == T(1)) return T(1);
      if (base == T(-1)) return (exp & 1) ? T(-1) : T(1);
      return T(0);
    }
  }
  T result = 1;
  while (exp != 0) {
    if (exp & 1) result = wrapping_mul(result, base);
    exp = static_cast<T>(exp >> 1);
    base = wrapping_mul(base, base);
  }
  return result;
}

template <typename T>
T real_pow(T base, T exp) {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    return vec::detail::scalar::pow(base, exp);  // Sleef, as the vector path
  } else {
    return std::pow(base, exp);  // complex
  }
}

template <typename scalar_t>
void pow_tensor_tensor_loop(TensorIteratorBase& iter) {
  if constexpr (is_wrapping_int_v<scalar_t>) {
    cpu_kernel(iter, [](scalar_t a, scalar_t b) -> scalar_t { return int_pow(a, b); });
  } else if constexpr (is_reduced_float_v<scalar_t>) {
    cpu_kernel(iter, [](scalar_t a, scalar_t b) -> scalar_t {
      return scalar_t(std::pow(static_cast<float>(a), static_cast<float>(b)));
    });
  } else if constexpr (is_complex_v<scalar_t>) {
    cpu_kernel(iter, [](scalar_t a, scalar_t b) -> scalar_t { return std::pow(a, b); });
  } else {
    cpu_kernel_vec(
        iter, [](scalar_t a, scalar_t b) -> scalar_t { return real_pow(a, b); },
        [](vec::Vectorized<scalar_t> a, vec::Vectorized<scalar_t> b) { return a.pow(b); });
  }
}

// The dispatch macros' lambdas are not templates: the per-dtype bodies are, so that `if
// constexpr` discards the other types' branches.
void pow_tensor_tensor_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_pow_TYPES(iter.common_dtype(), [&] { pow_tensor_tensor_loop<scalar_t>(iter); });
}

// The exponents with a cheaper exact form.
enum class PowCase { zero, one, square, cube, sqrt, rsqrt, reciprocal, inv_square, general };

PowCase classify(const Scalar& exp) {
  const complex<double> e = exp.toComplexDouble();
  if (e.imag() != 0) return PowCase::general;
  const double r = e.real();
  if (r == 0) return PowCase::zero;
  if (r == 1) return PowCase::one;
  if (r == 2) return PowCase::square;
  if (r == 3) return PowCase::cube;
  if (r == 0.5) return PowCase::sqrt;
  if (r == -0.5) return PowCase::rsqrt;
  if (r == -1) return PowCase::reciprocal;
  if (r == -2) return PowCase::inv_square;
  return PowCase::general;
}

// Runs the elementwise op f (on opmath values) and its vector form vf; the exponent operand of
// the iterator (a broadcast wrapped number) is ignored in favour of the Scalar.
template <typename scalar_t, typename F, typename VF>
void pow_scalar_loop(TensorIteratorBase& iter, F f, VF vf) {
  using T = opmath_t<scalar_t>;
  if constexpr (is_reduced_float_v<scalar_t> || is_complex_v<scalar_t>) {
    cpu_kernel(iter,
               [f](scalar_t a, scalar_t) -> scalar_t { return scalar_t(f(static_cast<T>(a))); });
  } else {
    cpu_kernel_vec(
        iter, [f](scalar_t a, scalar_t) -> scalar_t { return f(a); },
        [vf](vec::Vectorized<scalar_t> a, vec::Vectorized<scalar_t>) { return vf(a); });
  }
}

template <typename scalar_t>
void pow_scalar_floating(TensorIteratorBase& iter, const Scalar& exp_scalar) {
  using T = opmath_t<scalar_t>;
  using Vec = vec::Vectorized<scalar_t>;
  const T one(1);
  switch (classify(exp_scalar)) {
    case PowCase::zero:
      return pow_scalar_loop<scalar_t>(
          iter, [=](T) { return one; }, [](Vec) { return Vec(scalar_t(1)); });
    case PowCase::one:
      return pow_scalar_loop<scalar_t>(
          iter, [](T a) { return a; }, [](Vec a) { return a; });
    case PowCase::square:
      return pow_scalar_loop<scalar_t>(
          iter, [](T a) { return a * a; }, [](Vec a) { return a * a; });
    case PowCase::cube:
      return pow_scalar_loop<scalar_t>(
          iter, [](T a) { return a * a * a; }, [](Vec a) { return a * a * a; });
    case PowCase::sqrt:
      return pow_scalar_loop<scalar_t>(
          iter, [](T a) { return std::sqrt(a); }, [](Vec a) { return a.sqrt(); });
    case PowCase::rsqrt:
      return pow_scalar_loop<scalar_t>(
          iter, [=](T a) { return one / std::sqrt(a); }, [](Vec a) { return a.rsqrt(); });
    case PowCase::reciprocal:
      return pow_scalar_loop<scalar_t>(
          iter, [=](T a) { return one / a; }, [](Vec a) { return a.reciprocal(); });
    case PowCase::inv_square:
      return pow_scalar_loop<scalar_t>(
          iter, [=](T a) { return one / (a * a); }, [](Vec a) { return (a * a).reciprocal(); });
    case PowCase::general: {
      // Through double, unchecked: an exponent beyond float's range is an infinite one.
      T e;
      if constexpr (is_complex_v<T>) {
        e = static_cast<T>(exp_scalar.toComplexDouble());
      } else {
        e = static_cast<T>(exp_scalar.toDouble());
      }
      const Vec e_vec(static_cast<scalar_t>(e));
      return pow_scalar_loop<scalar_t>(
          iter, [=](T a) { return real_pow(a, e); }, [=](Vec a) { return a.pow(e_vec); });
    }
  }
}

template <typename scalar_t>
void pow_scalar_integral(TensorIteratorBase& iter, const Scalar& exp_scalar) {
  using Vec = vec::Vectorized<scalar_t>;
  // meta() refused negative exponents; Scalar::to refuses ones the dtype cannot hold.
  const scalar_t e = exp_scalar.to<scalar_t>();
  if (e == 2) {
    cpu_kernel_vec(
        iter, [](scalar_t a, scalar_t) -> scalar_t { return wrapping_mul(a, a); },
        [](Vec a, Vec) { return a * a; });
  } else if (e == 3) {
    cpu_kernel_vec(
        iter, [](scalar_t a, scalar_t) -> scalar_t { return wrapping_mul(wrapping_mul(a, a), a); },
        [](Vec a, Vec) { return a * a * a; });
  } else {
    cpu_kernel(iter, [e](scalar_t a, scalar_t) -> scalar_t { return int_pow(a, e); });
  }
}

template <typename scalar_t>
void pow_tensor_scalar_loop(TensorIteratorBase& iter, const Scalar& exponent) {
  if constexpr (is_wrapping_int_v<scalar_t>) {
    pow_scalar_integral<scalar_t>(iter, exponent);
  } else {
    pow_scalar_floating<scalar_t>(iter, exponent);
  }
}

void pow_tensor_scalar_kernel(TensorIteratorBase& iter, const Scalar& exponent) {
  ATEN_DISPATCH_pow_TYPES(iter.common_dtype(),
                          [&] { pow_tensor_scalar_loop<scalar_t>(iter, exponent); });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(pow_tensor_tensor_stub, &pow_tensor_tensor_kernel);
ATEN_REGISTER_DISPATCH(pow_tensor_scalar_stub, &pow_tensor_scalar_kernel);

}  // namespace aten::native
