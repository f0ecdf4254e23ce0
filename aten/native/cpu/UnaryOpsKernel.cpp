// CPU kernels of unary pointwise ops. Compiled once per CPU capability (see DispatchStub.h).
// float and double take the Vectorized path (Sleef-backed math under AVX2/AVX-512); BFloat16,
// Half and complex go through the generic Vectorized, one element at a time (reduced floats
// in float). Scalar lambdas handle what the vector loop leaves over and non-contiguous data.
#include <aten/cpu/Loops.h>
#include <aten/native/UnaryOps.h>
#include <aten/native/cpu/OpMath.h>
#include <aten/ops/abs_dtypes.h>
#include <aten/ops/acos_dtypes.h>
#include <aten/ops/asin_dtypes.h>
#include <aten/ops/atan_dtypes.h>
#include <aten/ops/bitwise_not_dtypes.h>
#include <aten/ops/ceil_dtypes.h>
#include <aten/ops/cos_dtypes.h>
#include <aten/ops/cosh_dtypes.h>
#include <aten/ops/erf_dtypes.h>
#include <aten/ops/erfc_dtypes.h>
#include <aten/ops/exp2_dtypes.h>
#include <aten/ops/exp_dtypes.h>
#include <aten/ops/expm1_dtypes.h>
#include <aten/ops/floor_dtypes.h>
#include <aten/ops/frac_dtypes.h>
#include <aten/ops/log10_dtypes.h>
#include <aten/ops/log1p_dtypes.h>
#include <aten/ops/log2_dtypes.h>
#include <aten/ops/log_dtypes.h>
#include <aten/ops/logical_not_dtypes.h>
#include <aten/ops/nan_to_num_dtypes.h>
#include <aten/ops/neg_dtypes.h>
#include <aten/ops/reciprocal_dtypes.h>
#include <aten/ops/round_dtypes.h>
#include <aten/ops/rsqrt_dtypes.h>
#include <aten/ops/sgn_dtypes.h>
#include <aten/ops/sigmoid_dtypes.h>
#include <aten/ops/sign_dtypes.h>
#include <aten/ops/sin_dtypes.h>
#include <aten/ops/sinh_dtypes.h>
#include <aten/ops/sqrt_dtypes.h>
#include <aten/ops/tan_dtypes.h>
#include <aten/ops/tanh_dtypes.h>
#include <aten/ops/trunc_dtypes.h>

#include <cmath>
#include <complex>
#include <limits>
#include <type_traits>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

using vec::Vectorized;
namespace scalar = vec::detail::scalar;

template <typename T>
constexpr bool is_complex_v = vec::detail::is_complex<T>::value;

// -a, wrapping around for integers (-INT_MIN is INT_MIN, -1 as uint8 is 255), as the vectors do.
template <typename T>
T wrapping_neg(T a) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(U(0) - static_cast<U>(a)));
  } else {
    return -a;
  }
}

// The ops computed in floating point (integer inputs arrive as Float).
#define ATEN_FLOAT_UNARY_KERNEL(op, scalar_expr, vec_expr)          \
  void op##_kernel(TensorIteratorBase& iter) {                      \
    ATEN_DISPATCH_##op##_TYPES(iter.common_dtype(), [&] {           \
      cpu_kernel_vec(                                               \
          iter, [](scalar_t a) -> scalar_t { return scalar_expr; }, \
          [](Vectorized<scalar_t> a) { return vec_expr; });         \
    });                                                             \
  }
ATEN_FLOAT_UNARY_KERNEL(reciprocal, scalar_t(1) / a, a.reciprocal())
ATEN_FLOAT_UNARY_KERNEL(sqrt, scalar::sqrt(a), a.sqrt())
ATEN_FLOAT_UNARY_KERNEL(rsqrt, scalar_t(1) / scalar::sqrt(a), a.rsqrt())
ATEN_FLOAT_UNARY_KERNEL(exp, scalar::exp(a), a.exp())
ATEN_FLOAT_UNARY_KERNEL(exp2, scalar::exp2(a), a.exp2())
ATEN_FLOAT_UNARY_KERNEL(expm1, scalar::expm1(a), a.expm1())
ATEN_FLOAT_UNARY_KERNEL(log, scalar::log(a), a.log())
ATEN_FLOAT_UNARY_KERNEL(log2, scalar::log2(a), a.log2())
ATEN_FLOAT_UNARY_KERNEL(log10, scalar::log10(a), a.log10())
ATEN_FLOAT_UNARY_KERNEL(log1p, scalar::log1p(a), a.log1p())
ATEN_FLOAT_UNARY_KERNEL(sin, scalar::sin(a), a.sin())
ATEN_FLOAT_UNARY_KERNEL(cos, scalar::cos(a), a.cos())
ATEN_FLOAT_UNARY_KERNEL(tan, scalar::tan(a), a.tan())
ATEN_FLOAT_UNARY_KERNEL(asin, scalar::asin(a), a.asin())
ATEN_FLOAT_UNARY_KERNEL(acos, scalar::acos(a), a.acos())
ATEN_FLOAT_UNARY_KERNEL(atan, scalar::atan(a), a.atan())
ATEN_FLOAT_UNARY_KERNEL(sinh, scalar::sinh(a), a.sinh())
ATEN_FLOAT_UNARY_KERNEL(cosh, scalar::cosh(a), a.cosh())
ATEN_FLOAT_UNARY_KERNEL(tanh, scalar::tanh(a), a.tanh())
ATEN_FLOAT_UNARY_KERNEL(erf, scalar::erf(a), a.erf())
ATEN_FLOAT_UNARY_KERNEL(erfc, scalar::erfc(a), a.erfc())
#undef ATEN_FLOAT_UNARY_KERNEL

// The real dtypes: Vectorized<T>::sigmoid (VecMath.h) and its formula in double for one
// element. Complex: 1 / (1 + e^-z), element by element, divided as ATen divides (so where
// e^-z overflows the result is NaN, as in ATen, not 0).
template <typename T>
T sigmoid_one(T x) {
  if constexpr (is_complex_v<T>) {
    return scalar::div(T(1), T(1) + std::exp(-x));
  } else {
    const double d = static_cast<double>(x);
    const double e = std::exp(-std::fabs(d));
    return static_cast<T>((d < 0 ? e : 1.0) / (1.0 + e));
  }
}

// The loops below that differ by type are function templates: a discarded `if constexpr`
// branch is only skipped inside a template, not in the dtype switch's lambda.
template <typename T>
void sigmoid_loop(TensorIteratorBase& iter) {
  if constexpr (is_complex_v<T>) {
    cpu_kernel(iter, [](T a) -> T { return sigmoid_one(a); });
  } else {
    cpu_kernel_vec(
        iter, [](T a) -> T { return sigmoid_one(a); }, [](Vectorized<T> a) { return a.sigmoid(); });
  }
}

void sigmoid_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_sigmoid_TYPES(iter.common_dtype(), [&] { sigmoid_loop<scalar_t>(iter); });
}

void neg_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_neg_TYPES(iter.common_dtype(), [&] {
    cpu_kernel_vec(
        iter, [](scalar_t a) -> scalar_t { return wrapping_neg(a); },
        [](Vectorized<scalar_t> a) { return a.neg(); });
  });
}

// Complex self: the result is |z|, real, or |z| + 0i when out= asked for a complex dtype (the
// meta() makes the output self's dtype then, cast afterwards if out's is another). ComplexHalf
// computes in complex<float> and rounds once.
template <typename T>
void abs_loop(TensorIteratorBase& iter) {
  if constexpr (is_complex_v<T>) {
    using real_t = typename T::value_type;
    using O = opmath_t<T>;
    if (isComplexType(iter.dtype(0))) {
      cpu_kernel(iter, [](T z) -> T { return T(real_t(std::abs(static_cast<O>(z)))); });
    } else {
      cpu_kernel(iter, [](T z) -> real_t { return real_t(std::abs(static_cast<O>(z))); });
    }
  } else {
    cpu_kernel_vec(
        iter,
        [](T a) -> T {
          if constexpr (std::is_unsigned_v<T>) {
            return a;
          } else if constexpr (std::is_integral_v<T>) {
            return a < T(0) ? wrapping_neg(a) : a;
          } else {
            return static_cast<T>(std::abs(vec::detail::widen(a)));  // |-0| is +0
          }
        },
        [](Vectorized<T> a) { return a.abs(); });
  }
}

void abs_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_abs_TYPES(iter.dtype(1), [&] { abs_loop<scalar_t>(iter); });
}

// (0 < a) - (a < 0): NaN and -0 give +0, as in ATen 1.13.
template <typename T>
T sign_one(T a) {
  if constexpr (std::is_same_v<T, bool>) {
    return a;
  } else {
    return static_cast<T>(static_cast<int>(T(0) < a) - static_cast<int>(a < T(0)));
  }
}

template <typename scalar_t>
void sign_loop(TensorIteratorBase& iter) {
  if constexpr (std::is_same_v<scalar_t, bool>) {
    cpu_kernel(iter, [](bool a) -> bool { return a; });
  } else {
    cpu_kernel_vec(
        iter, [](scalar_t a) -> scalar_t { return sign_one(a); },
        [](Vectorized<scalar_t> a) {
          const Vectorized<scalar_t> zero(scalar_t(0));
          return a.gt(zero) - a.lt(zero);
        });
  }
}

void sign_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_sign_TYPES(iter.common_dtype(), [&] { sign_loop<scalar_t>(iter); });
}

// z / |z|, 0 at 0 (ComplexHalf computed in complex<float>); real dtypes are sign's.
template <typename T>
void sgn_loop(TensorIteratorBase& iter) {
  if constexpr (is_complex_v<T>) {
    using O = opmath_t<T>;
    cpu_kernel(iter, [](T z) -> T {
      const O w = static_cast<O>(z);
      const auto r = std::abs(w);
      return r == 0 ? T(0) : T(O(w.real() / r, w.imag() / r));
    });
  } else {
    sign_loop<T>(iter);
  }
}

void sgn_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_sgn_TYPES(iter.common_dtype(), [&] { sgn_loop<scalar_t>(iter); });
}

// Integers are whole already: their rounding is a copy. vf is generic (the integer vectors
// have no floor()), and called for floating types only.
template <typename T, typename F, typename VF>
void rounding_loop(TensorIteratorBase& iter, F f, VF vf) {
  if constexpr (std::is_integral_v<T>) {
    cpu_kernel_vec(
        iter, [](T a) -> T { return a; }, [](Vectorized<T> a) { return a; });
  } else {
    cpu_kernel_vec(iter, f, [vf](Vectorized<T> a) { return vf(a); });
  }
}

#define ATEN_ROUNDING_KERNEL(op)                                      \
  void op##_kernel(TensorIteratorBase& iter) {                        \
    ATEN_DISPATCH_##op##_TYPES(iter.common_dtype(), [&] {             \
      rounding_loop<scalar_t>(                                        \
          iter, [](scalar_t a) -> scalar_t { return scalar::op(a); }, \
          [](auto a) { return a.op(); });                             \
    });                                                               \
  }
ATEN_ROUNDING_KERNEL(floor)
ATEN_ROUNDING_KERNEL(ceil)
ATEN_ROUNDING_KERNEL(round)  // half to even
ATEN_ROUNDING_KERNEL(trunc)
#undef ATEN_ROUNDING_KERNEL

// ATen's formula: with s = 10^|decimals| in the dtype, round(a * s) / s, or round(a / s) * s
// for negative decimals. s overflows to inf past the dtype's range, and the result is NaN.
template <typename T>
void round_decimals_loop(TensorIteratorBase& iter, int64_t decimals) {
  if constexpr (std::is_integral_v<T>) {
    ATEN_INTERNAL_ASSERT(false);  // meta() lets floating dtypes only through
  } else {
    const bool negative = decimals < 0;
    const auto s = static_cast<T>(
        std::pow(10.0, static_cast<double>(negative ? -decimals : decimals)));
    const Vectorized<T> vs(s);
    if (negative) {
      cpu_kernel_vec(
          iter, [s](T a) -> T { return scalar::round(T(a / s)) * s; },
          [vs](Vectorized<T> a) { return (a / vs).round() * vs; });
    } else {
      cpu_kernel_vec(
          iter, [s](T a) -> T { return scalar::round(T(a * s)) / s; },
          [vs](Vectorized<T> a) { return (a * vs).round() / vs; });
    }
  }
}

void round_decimals_kernel(TensorIteratorBase& iter, int64_t decimals) {
  ATEN_DISPATCH_round_TYPES(iter.common_dtype(),
                            [&] { round_decimals_loop<scalar_t>(iter, decimals); });
}

void frac_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_frac_TYPES(iter.common_dtype(), [&] {
    cpu_kernel_vec(
        iter, [](scalar_t a) -> scalar_t { return a - scalar::trunc(a); },
        [](Vectorized<scalar_t> a) { return a - a.trunc(); });
  });
}

template <typename T>
void bitwise_not_loop(TensorIteratorBase& iter) {
  if constexpr (std::is_same_v<T, bool>) {
    cpu_kernel(iter, [](bool a) -> bool { return !a; });
  } else {
    cpu_kernel_vec(
        iter, [](T a) -> T { return static_cast<T>(~a); },
        [](Vectorized<T> a) { return a ^ Vectorized<T>(static_cast<T>(-1)); });
  }
}

void bitwise_not_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_bitwise_not_TYPES(iter.common_dtype(), [&] { bitwise_not_loop<scalar_t>(iter); });
}

// The output is Bool, or self's dtype (meta() casts other out= dtypes through a temporary).
void logical_not_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_logical_not_TYPES(iter.dtype(1), [&] {
    if (iter.dtype(0) == ScalarType::Bool) {
      cpu_kernel(iter, [](scalar_t a) -> bool { return a == scalar_t(0); });
    } else {
      cpu_kernel(iter, [](scalar_t a) -> scalar_t { return scalar_t(a == scalar_t(0) ? 1 : 0); });
    }
  });
}

template <typename T>
void nan_to_num_loop(TensorIteratorBase& iter, std::optional<double> nan,
                     std::optional<double> posinf, std::optional<double> neginf) {
  using Vec = Vectorized<T>;
  if constexpr (std::is_integral_v<T>) {  // nothing to replace
    cpu_kernel_vec(
        iter, [](T a) -> T { return a; }, [](Vec a) { return a; });
  } else {
    using L = std::numeric_limits<T>;
    const auto nan_v = static_cast<T>(nan.value_or(0.0));
    const T pos = posinf ? static_cast<T>(*posinf) : L::max();
    const T neg = neginf ? static_cast<T>(*neginf) : L::lowest();
    const Vec nan_vec(nan_v), pos_vec(pos), neg_vec(neg), inf_vec(L::infinity()),
        ninf_vec(-L::infinity());
    cpu_kernel_vec(
        iter,
        [=](T a) -> T {
          return a != a ? nan_v : a == L::infinity() ? pos : a == -L::infinity() ? neg : a;
        },
        [=](Vec a) {
          Vec r = Vec::blendv(a, nan_vec, a != a);
          r = Vec::blendv(r, pos_vec, a == inf_vec);
          return Vec::blendv(r, neg_vec, a == ninf_vec);
        });
  }
}

void nan_to_num_kernel(TensorIteratorBase& iter, std::optional<double> nan,
                       std::optional<double> posinf, std::optional<double> neginf) {
  ATEN_DISPATCH_nan_to_num_TYPES(iter.common_dtype(),
                                 [&] { nan_to_num_loop<scalar_t>(iter, nan, posinf, neginf); });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(neg_stub, &neg_kernel);
ATEN_REGISTER_DISPATCH(abs_stub, &abs_kernel);
ATEN_REGISTER_DISPATCH(sign_stub, &sign_kernel);
ATEN_REGISTER_DISPATCH(sgn_stub, &sgn_kernel);
ATEN_REGISTER_DISPATCH(reciprocal_stub, &reciprocal_kernel);
ATEN_REGISTER_DISPATCH(sqrt_stub, &sqrt_kernel);
ATEN_REGISTER_DISPATCH(rsqrt_stub, &rsqrt_kernel);
ATEN_REGISTER_DISPATCH(exp_stub, &exp_kernel);
ATEN_REGISTER_DISPATCH(exp2_stub, &exp2_kernel);
ATEN_REGISTER_DISPATCH(expm1_stub, &expm1_kernel);
ATEN_REGISTER_DISPATCH(log_stub, &log_kernel);
ATEN_REGISTER_DISPATCH(log2_stub, &log2_kernel);
ATEN_REGISTER_DISPATCH(log10_stub, &log10_kernel);
ATEN_REGISTER_DISPATCH(log1p_stub, &log1p_kernel);
ATEN_REGISTER_DISPATCH(sin_stub, &sin_kernel);
ATEN_REGISTER_DISPATCH(cos_stub, &cos_kernel);
ATEN_REGISTER_DISPATCH(tan_stub, &tan_kernel);
ATEN_REGISTER_DISPATCH(asin_stub, &asin_kernel);
ATEN_REGISTER_DISPATCH(acos_stub, &acos_kernel);
ATEN_REGISTER_DISPATCH(atan_stub, &atan_kernel);
ATEN_REGISTER_DISPATCH(sinh_stub, &sinh_kernel);
ATEN_REGISTER_DISPATCH(cosh_stub, &cosh_kernel);
ATEN_REGISTER_DISPATCH(tanh_stub, &tanh_kernel);
ATEN_REGISTER_DISPATCH(sigmoid_stub, &sigmoid_kernel);
ATEN_REGISTER_DISPATCH(erf_stub, &erf_kernel);
ATEN_REGISTER_DISPATCH(erfc_stub, &erfc_kernel);
ATEN_REGISTER_DISPATCH(floor_stub, &floor_kernel);
ATEN_REGISTER_DISPATCH(ceil_stub, &ceil_kernel);
ATEN_REGISTER_DISPATCH(round_stub, &round_kernel);
ATEN_REGISTER_DISPATCH(round_decimals_stub, &round_decimals_kernel);
ATEN_REGISTER_DISPATCH(trunc_stub, &trunc_kernel);
ATEN_REGISTER_DISPATCH(frac_stub, &frac_kernel);
ATEN_REGISTER_DISPATCH(bitwise_not_stub, &bitwise_not_kernel);
ATEN_REGISTER_DISPATCH(logical_not_stub, &logical_not_kernel);
ATEN_REGISTER_DISPATCH(nan_to_num_stub, &nan_to_num_kernel);

}  // namespace aten::native
