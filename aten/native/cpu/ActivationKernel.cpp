// CPU kernels of activation functions. Compiled once per CPU capability (see DispatchStub.h).
#include <aten/cpu/Loops.h>
#include <aten/native/Activation.h>
#include <aten/native/cpu/GeluMath.h>
#include <aten/native/cpu/OpMath.h>
#include <aten/ops/elu_backward_dtypes.h>
#include <aten/ops/elu_dtypes.h>
#include <aten/ops/gelu_dtypes.h>
#include <aten/ops/glu_dtypes.h>
#include <aten/ops/hardshrink_backward_dtypes.h>
#include <aten/ops/hardshrink_dtypes.h>
#include <aten/ops/hardsigmoid_backward_dtypes.h>
#include <aten/ops/hardsigmoid_dtypes.h>
#include <aten/ops/hardswish_backward_dtypes.h>
#include <aten/ops/hardswish_dtypes.h>
#include <aten/ops/hardtanh_backward_dtypes.h>
#include <aten/ops/leaky_relu_backward_dtypes.h>
#include <aten/ops/leaky_relu_dtypes.h>
#include <aten/ops/log_sigmoid_backward_dtypes.h>
#include <aten/ops/log_sigmoid_forward_dtypes.h>
#include <aten/ops/mish_dtypes.h>
#include <aten/ops/silu_dtypes.h>
#include <aten/ops/softplus_backward_dtypes.h>
#include <aten/ops/softplus_dtypes.h>
#include <aten/ops/softshrink_backward_dtypes.h>
#include <aten/ops/softshrink_dtypes.h>
#include <aten/ops/threshold_backward_dtypes.h>
#include <aten/ops/threshold_dtypes.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <tuple>
#include <type_traits>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

using vec::Vectorized;
namespace scalar = vec::detail::scalar;

// x * Phi(x), Phi the standard normal CDF. Float vectors: gelu_exact (GeluMath.h). Elsewhere
// 0.5 * x * erfc(-x / sqrt(2)) (the usual 0.5 * x * (1 + erf(x / sqrt(2))) loses every digit to
// cancellation as x goes negative: gelu(-5) = -1.4e-6 has 10% error in float that way): in
// double, rounded once, for the scalar loop and for Half and BFloat16 (whose vectors would
// round to 8 bits before erfc, which magnifies that rounding by 2y^2); double vectors use
// Sleef's erfc.
//
// tanh: 0.5 * x * (1 + tanh(u)), u = sqrt(2/pi) * (x + 0.044715 x^3), written as
// x / (1 + e^(-2u)) (1 + tanh(u) = 2 / (1 + e^(-2u))): one exp and one division, and no
// cancellation either. 2u = x * (k1 + k2 x^2).
constexpr double kSqrt1_2 = 0.70710678118654752440;
constexpr double kTanhK1 = 1.5957691216057307117;  // 2 * sqrt(2 / pi)
constexpr double kTanhK2 = 1.5957691216057307117 * 0.044715;

template <typename T>
T gelu_scalar(T x) {
  const double d = static_cast<double>(x);
  return static_cast<T>(0.5 * d * std::erfc(-kSqrt1_2 * d));
}

template <typename T>
[[gnu::always_inline]] inline Vectorized<T> gelu_vec(Vectorized<T> x) {
  if constexpr (std::is_same_v<T, float>) {
    return gelu_exact(x);
  } else if constexpr (std::is_same_v<T, double>) {
    return Vectorized<T>(0.5) * x * (x * Vectorized<T>(-kSqrt1_2)).erfc();
  } else {
    return x.map(gelu_scalar<T>);
  }
}

void gelu_kernel(TensorIteratorBase& iter, GeluType approximate) {
  ATEN_DISPATCH_gelu_TYPES(iter.common_dtype(), [&] {
    using Vec = Vectorized<scalar_t>;
    if (approximate == GeluType::None) {
      cpu_kernel_vec(iter, gelu_scalar<scalar_t>, [](Vec x) { return gelu_vec(x); });
    } else {
      const Vec one(scalar_t(1)), k1(scalar_t(-kTanhK1)), k2(scalar_t(-kTanhK2));
      cpu_kernel_vec(
          iter,
          [](scalar_t x) -> scalar_t {
            const scalar_t m2u = static_cast<scalar_t>(x * (-kTanhK1 - kTanhK2 * x * x));
            return static_cast<scalar_t>(x / (1 + scalar::exp(m2u)));
          },
          [=](Vec x) { return x / (one + (x * fmadd(k2, x * x, k1)).exp()); });
    }
  });
}

// x * sigmoid(x), with Vectorized's sigmoid (tiny results stay representable: silu(-100) is
// -3.7e-42, not -100 / inf = -0); complex z / (1 + e^-z), divided as ATen divides.
template <typename T>
void silu_loop(TensorIteratorBase& iter) {
  if constexpr (vec::detail::is_complex<T>::value) {
    cpu_kernel(iter, [](T z) -> T { return scalar::div(z, T(1) + std::exp(-z)); });
  } else {
    cpu_kernel_vec(
        iter,
        [](T x) -> T {
          const double d = static_cast<double>(x);
          return static_cast<T>(d / (1 + std::exp(-d)));
        },
        [](Vectorized<T> x) {
          using V = Vectorized<T>;
          const V r = x * x.sigmoid();
          if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
            // Below kTiny, e^x (and so sigmoid(x)) is subnormal and has lost digits, and
            // 1 + e^x is 1: x e^(x + c) e^-c rounds once, at the end.
            constexpr bool f = std::is_same_v<T, float>;
            constexpr T kTiny = f ? T(-80) : T(-700), kShift = f ? T(50) : T(400);
            static const T scale = static_cast<T>(std::exp(-static_cast<double>(kShift)));
            const V tiny = x * (x + V(kShift)).exp() * V(scale);
            return V::blendv(r, tiny, x < V(kTiny));
          } else {
            return r;
          }
        });
  }
}

void silu_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_silu_TYPES(iter.common_dtype(), [&] { silu_loop<scalar_t>(iter); });
}

// x where x > 0, else x * slope: NaN and -0 fall to the product and stay what they are. A
// reduced float (BFloat16) multiplies in float by the float slope and rounds once, as ATen.
template <typename T>
void leaky_relu_loop(TensorIteratorBase& iter, opmath_t<T> slope) {
  if constexpr (std::is_same_v<opmath_t<T>, T>) {
    using Vec = Vectorized<T>;
    const Vec vslope(slope), zero(T(0));
    cpu_kernel_vec(
        iter, [slope](T x) -> T { return x > T(0) ? x : x * slope; },
        [=](Vec x) { return Vec::blendv(x * vslope, x, x > zero); });
  } else {
    cpu_kernel(iter, [slope](T x) -> T {
      const auto v = static_cast<opmath_t<T>>(x);
      return static_cast<T>(v > 0 ? v : v * slope);
    });
  }
}

// grad where self > 0, else grad * slope. The iterator's inputs are (self, grad_output).
template <typename T>
void leaky_relu_backward_loop(TensorIteratorBase& iter, opmath_t<T> slope) {
  if constexpr (std::is_same_v<opmath_t<T>, T>) {
    using Vec = Vectorized<T>;
    const Vec vslope(slope), zero(T(0));
    cpu_kernel_vec(
        iter, [slope](T x, T g) -> T { return x > T(0) ? g : g * slope; },
        [=](Vec x, Vec g) { return Vec::blendv(g * vslope, g, x > zero); });
  } else {
    cpu_kernel(iter, [slope](T x, T g) -> T {
      const auto v = static_cast<opmath_t<T>>(g);
      return static_cast<T>(static_cast<opmath_t<T>>(x) > 0 ? v : v * slope);
    });
  }
}

void leaky_relu_kernel(TensorIteratorBase& iter, const Scalar& negative_slope) {
  ATEN_DISPATCH_leaky_relu_TYPES(iter.common_dtype(), [&] {
    leaky_relu_loop<scalar_t>(iter, negative_slope.to<opmath_t<scalar_t>>());
  });
}

void leaky_relu_backward_kernel(TensorIteratorBase& iter, const Scalar& negative_slope) {
  ATEN_DISPATCH_leaky_relu_backward_TYPES(iter.common_dtype(), [&] {
    leaky_relu_backward_loop<scalar_t>(iter, negative_slope.to<opmath_t<scalar_t>>());
  });
}

// log1p(exp(x * beta)) / beta below the threshold, x past it. The scalar path (tails) in
// double, rounded once; a reduced float (BFloat16) computes in float with the float beta and
// threshold and rounds once, as ATen's.
template <typename T>
void softplus_loop(TensorIteratorBase& iter, opmath_t<T> beta, opmath_t<T> threshold) {
  using opmath = opmath_t<T>;
  auto scalar = [beta, threshold](T x) -> T {
    const opmath v = static_cast<opmath>(x);
    const opmath bx = v * beta;
    if (bx > threshold) return x;
    return static_cast<T>(std::log1p(std::exp(static_cast<double>(bx))) /
                          static_cast<double>(beta));
  };
  if constexpr (std::is_same_v<opmath, T>) {
    using Vec = Vectorized<T>;
    const Vec vbeta(beta), vthreshold(threshold);
    cpu_kernel_vec(iter, scalar, [=](Vec x) {
      const Vec bx = x * vbeta;
      return Vec::blendv(bx.exp().log1p() / vbeta, x, bx > vthreshold);
    });
  } else {
    cpu_kernel(iter, scalar);
  }
}

// grad * z / (z + 1), z = exp(x * beta), below the threshold; grad past it. The iterator's
// inputs are (grad_output, self).
template <typename T>
void softplus_backward_loop(TensorIteratorBase& iter, opmath_t<T> beta, opmath_t<T> threshold) {
  using opmath = opmath_t<T>;
  auto scalar = [beta, threshold](T g, T x) -> T {
    const opmath bx = static_cast<opmath>(x) * beta;
    if (bx > threshold) return g;
    const double z = std::exp(static_cast<double>(bx));
    return static_cast<T>(static_cast<double>(g) * z / (z + 1));
  };
  if constexpr (std::is_same_v<opmath, T>) {
    using Vec = Vectorized<T>;
    const Vec vbeta(beta), vthreshold(threshold), one(T(1));
    cpu_kernel_vec(iter, scalar, [=](Vec g, Vec x) {
      const Vec bx = x * vbeta;
      const Vec z = bx.exp();
      return Vec::blendv(g * z / (z + one), g, bx > vthreshold);
    });
  } else {
    cpu_kernel(iter, scalar);
  }
}

void softplus_kernel(TensorIteratorBase& iter, const Scalar& beta, const Scalar& threshold) {
  ATEN_DISPATCH_softplus_TYPES(iter.common_dtype(), [&] {
    using opmath = opmath_t<scalar_t>;
    softplus_loop<scalar_t>(iter, beta.to<opmath>(), threshold.to<opmath>());
  });
}

void softplus_backward_kernel(TensorIteratorBase& iter, const Scalar& beta,
                              const Scalar& threshold) {
  ATEN_DISPATCH_softplus_backward_TYPES(iter.common_dtype(), [&] {
    using opmath = opmath_t<scalar_t>;
    softplus_backward_loop<scalar_t>(iter, beta.to<opmath>(), threshold.to<opmath>());
  });
}

// A pointwise loop of `scalar` (on T, computing in opmath) that uses `vector` where T is its own
// opmath type: a reduced float (BFloat16) computes each element in float and rounds once.
// `vector` is generic (auto parameters), so that it is compiled for the vector types alone.
template <typename T, typename S, typename V>
void opmath_loop(TensorIteratorBase& iter, S scalar, V vector) {
  if constexpr (std::is_same_v<opmath_t<T>, T>) {
    using Vec = Vectorized<T>;
    if constexpr (function_traits<S>::arity == 1) {
      cpu_kernel_vec(iter, scalar, [vector](Vec a) { return vector(a); });
    } else if constexpr (function_traits<S>::arity == 2) {
      cpu_kernel_vec(iter, scalar, [vector](Vec a, Vec b) { return vector(a, b); });
    } else {
      cpu_kernel_vec(iter, scalar, [vector](Vec a, Vec b, Vec c) { return vector(a, b, c); });
    }
  } else {
    cpu_kernel(iter, scalar);
  }
}

// x * scale where x > 0, else (exp(x * input_scale) - 1) * alpha * scale: ATen's formula, so
// that elu(-0) is +0 and the two agree to the last bits (expm1 would be more accurate next to
// 0). NaN takes the second branch and stays NaN.
void elu_kernel(TensorIteratorBase& iter, const Scalar& alpha, const Scalar& scale,
                const Scalar& input_scale) {
  ATEN_DISPATCH_elu_TYPES(iter.common_dtype(), [&] {
    using opmath = opmath_t<scalar_t>;
    const opmath negcoef = alpha.to<opmath>() * scale.to<opmath>();
    const opmath poscoef = scale.to<opmath>();
    const opmath negiptcoef = input_scale.to<opmath>();
    opmath_loop<scalar_t>(
        iter,
        [=](scalar_t x) -> scalar_t {
          const auto v = static_cast<opmath>(x);
          return static_cast<scalar_t>(v > 0 ? v * poscoef
                                             : (std::exp(v * negiptcoef) - 1) * negcoef);
        },
        [=](auto x) {
          using V = decltype(x);
          const V neg = ((x * V(negiptcoef)).exp() - V(scalar_t(1))) * V(negcoef);
          return V::blendv(neg, x * V(poscoef), x > V(scalar_t(0)));
        });
  });
}

// grad * scale where x > 0; elsewhere (NaN included) grad * input_scale * alpha * scale *
// exp(x * input_scale), or, from the result r = elu(x) (is_result), grad * input_scale *
// (r + alpha * scale). The iterator's inputs are (grad_output, self_or_result).
void elu_backward_kernel(TensorIteratorBase& iter, const Scalar& alpha, const Scalar& scale,
                         const Scalar& input_scale, bool is_result) {
  ATEN_DISPATCH_elu_backward_TYPES(iter.common_dtype(), [&] {
    using opmath = opmath_t<scalar_t>;
    const opmath negcoef = alpha.to<opmath>() * scale.to<opmath>();
    const opmath poscoef = scale.to<opmath>();
    const opmath negiptcoef = input_scale.to<opmath>();
    if (is_result) {
      opmath_loop<scalar_t>(
          iter,
          [=](scalar_t g, scalar_t r) -> scalar_t {
            const auto gv = static_cast<opmath>(g), rv = static_cast<opmath>(r);
            return static_cast<scalar_t>(rv > 0 ? gv * poscoef : gv * negiptcoef * (rv + negcoef));
          },
          [=](auto g, auto r) {
            using V = decltype(r);
            return V::blendv(g * V(negiptcoef) * (r + V(negcoef)), g * V(poscoef),
                             r > V(scalar_t(0)));
          });
    } else {
      opmath_loop<scalar_t>(
          iter,
          [=](scalar_t g, scalar_t x) -> scalar_t {
            const auto gv = static_cast<opmath>(g), xv = static_cast<opmath>(x);
            return static_cast<scalar_t>(
                xv > 0 ? gv * poscoef : gv * negiptcoef * negcoef * std::exp(xv * negiptcoef));
          },
          [=](auto g, auto x) {
            using V = decltype(x);
            const V vipt(negiptcoef);
            return V::blendv(g * vipt * V(negcoef) * (x * vipt).exp(), g * V(poscoef),
                             x > V(scalar_t(0)));
          });
    }
  });
}

// grad where min_val < x < max_val, else 0 (NaN x: 0). Inputs (grad_output, self).
void hardtanh_backward_kernel(TensorIteratorBase& iter, const Scalar& min_val,
                              const Scalar& max_val) {
  ATEN_DISPATCH_hardtanh_backward_TYPES(iter.common_dtype(), [&] {
    using opmath = opmath_t<scalar_t>;
    const opmath lo = min_val.to<opmath>(), hi = max_val.to<opmath>();
    opmath_loop<scalar_t>(
        iter,
        [=](scalar_t g, scalar_t x) -> scalar_t {
          const auto v = static_cast<opmath>(x);
          return v > lo && v < hi ? g : scalar_t(0);
        },
        [=](auto g, auto x) {
          using V = decltype(x);
          const V zero(scalar_t(0));
          return V::blendv(zero, g, (x > V(lo)) & (x < V(hi)));
        });
  });
}

// min(max(x + 3, 0), 6) / 6; NaN stays NaN.
void hardsigmoid_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_hardsigmoid_TYPES(iter.common_dtype(), [&] {
    using opmath = opmath_t<scalar_t>;
    opmath_loop<scalar_t>(
        iter,
        [](scalar_t x) -> scalar_t {
          const opmath v = static_cast<opmath>(x) + opmath(3);
          if (std::isnan(v)) return x;
          return static_cast<scalar_t>(std::min(std::max(v, opmath(0)), opmath(6)) / opmath(6));
        },
        [](auto x) {
          using V = decltype(x);
          const V six(scalar_t(6));
          return vec::minimum(vec::maximum(x + V(scalar_t(3)), V(scalar_t(0))), six) / six;
        });
  });
}

// grad * (1/6) inside (-3, 3), else 0. The factor is 1/6 rounded to float, as ATen's (so a
// double result is off by 3e-8 relative, as there). Inputs (grad_output, self).
void hardsigmoid_backward_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_hardsigmoid_backward_TYPES(iter.common_dtype(), [&] {
    using opmath = opmath_t<scalar_t>;
    const auto one_sixth = static_cast<opmath>(1.0f / 6.0f);
    opmath_loop<scalar_t>(
        iter,
        [=](scalar_t g, scalar_t x) -> scalar_t {
          const auto v = static_cast<opmath>(x);
          return v > -3 && v < 3 ? static_cast<scalar_t>(static_cast<opmath>(g) * one_sixth)
                                 : scalar_t(0);
        },
        [=](auto g, auto x) {
          using V = decltype(x);
          const V inside = (x > V(scalar_t(-3))) & (x < V(scalar_t(3)));
          return V::blendv(V(scalar_t(0)), g * V(one_sixth), inside);
        });
  });
}

// x * min(max(x + 3, 0), 6) / 6; NaN stays NaN.
void hardswish_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_hardswish_TYPES(iter.common_dtype(), [&] {
    using opmath = opmath_t<scalar_t>;
    opmath_loop<scalar_t>(
        iter,
        [](scalar_t x) -> scalar_t {
          const auto v = static_cast<opmath>(x);
          if (std::isnan(v)) return x;
          return static_cast<scalar_t>(v * std::min(std::max(v + 3, opmath(0)), opmath(6)) /
                                       opmath(6));
        },
        [](auto x) {
          using V = decltype(x);
          const V six(scalar_t(6));
          return x * vec::minimum(vec::maximum(x + V(scalar_t(3)), V(scalar_t(0))), six) / six;
        });
  });
}

// 0 below -3, grad at 3 and above, grad * (x / 3 + 0.5) between (NaN x: NaN). Inputs
// (grad_output, self).
void hardswish_backward_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_hardswish_backward_TYPES(iter.common_dtype(), [&] {
    using opmath = opmath_t<scalar_t>;
    opmath_loop<scalar_t>(
        iter,
        [](scalar_t g, scalar_t x) -> scalar_t {
          const auto v = static_cast<opmath>(x);
          if (v < -3) return scalar_t(0);
          if (v >= 3) return g;
          return static_cast<scalar_t>(static_cast<opmath>(g) * (v / 3 + opmath(0.5)));
        },
        [](auto g, auto x) {
          using V = decltype(x);
          const V mid = g * (x / V(scalar_t(3)) + V(scalar_t(0.5)));
          const V upper = V::blendv(mid, g, x >= V(scalar_t(3)));
          return V::blendv(upper, V(scalar_t(0)), x < V(scalar_t(-3)));
        });
  });
}

// value where x <= threshold, else other (self for threshold, grad_output for its backward);
// NaN x takes other. Both Scalars in the dtype, as ATen's. Inputs (self, other).
template <typename T>
void threshold_loop(TensorIteratorBase& iter, const Scalar& threshold, const Scalar& value) {
  const auto thr = threshold.to<T>();
  const auto val = value.to<T>();
  opmath_loop<T>(
      iter, [=](T x, T other) -> T { return x <= thr ? val : other; },
      [=](auto x, auto other) {
        using V = decltype(x);
        return V::blendv(other, V(val), x <= V(thr));
      });
}

void threshold_kernel(TensorIteratorBase& iter, const Scalar& threshold, const Scalar& value) {
  ATEN_DISPATCH_threshold_TYPES(iter.common_dtype(),
                                [&] { threshold_loop<scalar_t>(iter, threshold, value); });
}

void threshold_backward_kernel(TensorIteratorBase& iter, const Scalar& threshold,
                               const Scalar& value) {
  ATEN_DISPATCH_threshold_backward_TYPES(iter.common_dtype(),
                                         [&] { threshold_loop<scalar_t>(iter, threshold, value); });
}

// x * tanh(log1p(exp(x))); the scalar path in double, rounded once.
void mish_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_mish_TYPES(iter.common_dtype(), [&] {
    opmath_loop<scalar_t>(
        iter,
        [](scalar_t x) -> scalar_t {
          const auto v = static_cast<double>(x);
          return static_cast<scalar_t>(v * std::tanh(std::log1p(std::exp(v))));
        },
        [](auto x) { return x * x.exp().log1p().tanh(); });
  });
}

// x - lambd above lambd, x + lambd below -lambd, else 0 (NaN: 0, as ATen's comparisons give);
// lambd in float for BFloat16, as ATen's.
void softshrink_kernel(TensorIteratorBase& iter, const Scalar& lambd) {
  ATEN_DISPATCH_softshrink_TYPES(iter.common_dtype(), [&] {
    using opmath = opmath_t<scalar_t>;
    const auto l = lambd.to<opmath>();
    opmath_loop<scalar_t>(
        iter,
        [=](scalar_t x) -> scalar_t {
          const auto v = static_cast<opmath>(x);
          return static_cast<scalar_t>(v > l ? v - l : (v < -l ? v + l : opmath(0)));
        },
        [=](auto x) {
          using V = decltype(x);
          const V vl(l);
          const V low = V::blendv(V(scalar_t(0)), x + vl, x < V(-l));
          return V::blendv(low, x - vl, x > vl);
        });
  });
}

// 0 inside [-lambd, lambd], else x (NaN stays NaN).
void hardshrink_kernel(TensorIteratorBase& iter, const Scalar& lambd) {
  ATEN_DISPATCH_hardshrink_TYPES(iter.common_dtype(), [&] {
    using opmath = opmath_t<scalar_t>;
    const auto l = static_cast<opmath>(lambd.to<scalar_t>());
    opmath_loop<scalar_t>(
        iter,
        [=](scalar_t x) -> scalar_t {
          const auto v = static_cast<opmath>(x);
          return v >= -l && v <= l ? scalar_t(0) : x;
        },
        [=](auto x) {
          using V = decltype(x);
          return V::blendv(x, V(scalar_t(0)), (x >= V(-l)) & (x <= V(l)));
        });
  });
}

// softshrink's and hardshrink's backward: grad outside [-lambd, lambd], else 0; a NaN self
// gives 0, as ATen's vector loop. Inputs (grad_output, self).
template <typename T>
void shrink_backward_loop(TensorIteratorBase& iter, const Scalar& lambd) {
  using opmath = opmath_t<T>;
  const auto l = static_cast<opmath>(lambd.to<T>());
  opmath_loop<T>(
      iter,
      [=](T g, T x) -> T {
        const auto v = static_cast<opmath>(x);
        return v < -l || v > l ? g : T(0);
      },
      [=](auto g, auto x) {
        using V = decltype(x);
        return V::blendv(V(T(0)), g, (x < V(-l)) | (x > V(l)));
      });
}

void softshrink_backward_kernel(TensorIteratorBase& iter, const Scalar& lambd) {
  ATEN_DISPATCH_softshrink_backward_TYPES(iter.common_dtype(),
                                          [&] { shrink_backward_loop<scalar_t>(iter, lambd); });
}

void hardshrink_backward_kernel(TensorIteratorBase& iter, const Scalar& lambd) {
  ATEN_DISPATCH_hardshrink_backward_TYPES(iter.common_dtype(),
                                          [&] { shrink_backward_loop<scalar_t>(iter, lambd); });
}

// output = min(x, 0) - log1p(buffer), buffer = exp(-|x|): no overflow for any x. Computed in
// double and rounded once (the iterator has two outputs: no vector loop).
void log_sigmoid_forward_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_log_sigmoid_forward_TYPES(iter.common_dtype(), [&] {
    cpu_kernel_multiple_outputs(iter, [](scalar_t x) -> std::tuple<scalar_t, scalar_t> {
      const auto v = static_cast<double>(x);
      const double z = std::exp(-std::fabs(v));
      return {static_cast<scalar_t>(std::min(v, 0.0) - std::log1p(z)), static_cast<scalar_t>(z)};
    });
  });
}

// grad * (1 - z / (1 + z)) below 0, grad * z / (1 + z) elsewhere, z the forward's buffer
// exp(-|x|): sigmoid(-x) either way. Inputs (grad_output, self, buffer).
void log_sigmoid_backward_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_log_sigmoid_backward_TYPES(iter.common_dtype(), [&] {
    using opmath = opmath_t<scalar_t>;
    opmath_loop<scalar_t>(
        iter,
        [](scalar_t g, scalar_t x, scalar_t z) -> scalar_t {
          const auto zv = static_cast<opmath>(z);
          const bool negative = static_cast<opmath>(x) < 0;
          const opmath max_deriv = negative ? 1 : 0, sign = negative ? 1 : -1;
          return static_cast<scalar_t>((max_deriv - sign * (zv / (1 + zv))) *
                                       static_cast<opmath>(g));
        },
        [](auto g, auto x, auto z) {
          using V = decltype(x);
          const V zero(scalar_t(0)), one(scalar_t(1));
          const V negative = x < zero;
          const V max_deriv = V::blendv(zero, one, negative);
          const V sign = V::blendv(one.neg(), one, negative);
          return (max_deriv - sign * (z / (one + z))) * g;
        });
  });
}

// a * sigmoid(b), written a * (1 / (1 + exp(-b))) as ATen's. Inputs (a, b), self's halves.
void glu_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_glu_TYPES(iter.common_dtype(), [&] {
    using opmath = opmath_t<scalar_t>;
    opmath_loop<scalar_t>(
        iter,
        [](scalar_t a, scalar_t b) -> scalar_t {
          const auto bv = static_cast<opmath>(b);
          return static_cast<scalar_t>(static_cast<opmath>(a) * (1 / (1 + std::exp(-bv))));
        },
        [](auto a, auto b) {
          using V = decltype(a);
          const V one(scalar_t(1));
          return a * (one / (one + b.neg().exp()));
        });
  });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(gelu_stub, &gelu_kernel);
ATEN_REGISTER_DISPATCH(silu_stub, &silu_kernel);
ATEN_REGISTER_DISPATCH(leaky_relu_stub, &leaky_relu_kernel);
ATEN_REGISTER_DISPATCH(leaky_relu_backward_stub, &leaky_relu_backward_kernel);
ATEN_REGISTER_DISPATCH(softplus_stub, &softplus_kernel);
ATEN_REGISTER_DISPATCH(softplus_backward_stub, &softplus_backward_kernel);
ATEN_REGISTER_DISPATCH(elu_stub, &elu_kernel);
ATEN_REGISTER_DISPATCH(elu_backward_stub, &elu_backward_kernel);
ATEN_REGISTER_DISPATCH(hardtanh_backward_stub, &hardtanh_backward_kernel);
ATEN_REGISTER_DISPATCH(hardsigmoid_stub, &hardsigmoid_kernel);
ATEN_REGISTER_DISPATCH(hardsigmoid_backward_stub, &hardsigmoid_backward_kernel);
ATEN_REGISTER_DISPATCH(hardswish_stub, &hardswish_kernel);
ATEN_REGISTER_DISPATCH(hardswish_backward_stub, &hardswish_backward_kernel);
ATEN_REGISTER_DISPATCH(threshold_stub, &threshold_kernel);
ATEN_REGISTER_DISPATCH(threshold_backward_stub, &threshold_backward_kernel);
ATEN_REGISTER_DISPATCH(mish_stub, &mish_kernel);
ATEN_REGISTER_DISPATCH(softshrink_stub, &softshrink_kernel);
ATEN_REGISTER_DISPATCH(hardshrink_stub, &hardshrink_kernel);
ATEN_REGISTER_DISPATCH(softshrink_backward_stub, &softshrink_backward_kernel);
ATEN_REGISTER_DISPATCH(hardshrink_backward_stub, &hardshrink_backward_kernel);
ATEN_REGISTER_DISPATCH(log_sigmoid_forward_stub, &log_sigmoid_forward_kernel);
ATEN_REGISTER_DISPATCH(log_sigmoid_backward_stub, &log_sigmoid_backward_kernel);
ATEN_REGISTER_DISPATCH(glu_stub, &glu_kernel);

}  // namespace aten::native
