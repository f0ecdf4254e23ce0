// CPU kernels of activation functions. Compiled once per CPU capability (see DispatchStub.h).
#include <aten/cpu/Loops.h>
#include <aten/native/Activation.h>
#include <aten/native/cpu/GeluMath.h>
#include <aten/native/cpu/OpMath.h>
#include <aten/ops/gelu_dtypes.h>
#include <aten/ops/leaky_relu_backward_dtypes.h>
#include <aten/ops/leaky_relu_dtypes.h>
#include <aten/ops/silu_dtypes.h>
#include <aten/ops/softplus_backward_dtypes.h>
#include <aten/ops/softplus_dtypes.h>

#include <cmath>
#include <complex>
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

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(gelu_stub, &gelu_kernel);
ATEN_REGISTER_DISPATCH(silu_stub, &silu_kernel);
ATEN_REGISTER_DISPATCH(leaky_relu_stub, &leaky_relu_kernel);
ATEN_REGISTER_DISPATCH(leaky_relu_backward_stub, &leaky_relu_backward_kernel);
ATEN_REGISTER_DISPATCH(softplus_stub, &softplus_kernel);
ATEN_REGISTER_DISPATCH(softplus_backward_stub, &softplus_backward_kernel);

}  // namespace aten::native
