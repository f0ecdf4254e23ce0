// CPU kernels of activation functions. Compiled once per CPU capability (see DispatchStub.h).
#include <aten/cpu/Loops.h>
#include <aten/native/Activation.h>
#include <aten/native/cpu/GeluMath.h>
#include <aten/ops/gelu_dtypes.h>
#include <aten/ops/silu_dtypes.h>

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

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(gelu_stub, &gelu_kernel);
ATEN_REGISTER_DISPATCH(silu_stub, &silu_kernel);

}  // namespace aten::native
