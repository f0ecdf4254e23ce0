// CPU kernels of the pointwise losses (aten/native/Loss.cpp). Compiled once per CPU capability
// (see DispatchStub.h). Half and BFloat16 compute in float and round once (opmath_t).
#include <aten/cpu/Loops.h>
#include <aten/native/Loss.h>
#include <aten/native/cpu/OpMath.h>
#include <aten/ops/binary_cross_entropy_backward_dtypes.h>
#include <aten/ops/binary_cross_entropy_dtypes.h>
#include <aten/ops/huber_loss_backward_dtypes.h>
#include <aten/ops/huber_loss_dtypes.h>
#include <aten/ops/mse_loss_backward_dtypes.h>
#include <aten/ops/mse_loss_dtypes.h>
#include <aten/ops/smooth_l1_loss_backward_dtypes.h>
#include <aten/ops/smooth_l1_loss_dtypes.h>

#include <algorithm>
#include <cmath>
#include <type_traits>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

using vec::Vectorized;

// f(self, target) in opmath, rounded once.
template <typename T, typename F>
void loss_loop(TensorIteratorBase& iter, F f) {
  using opmath = opmath_t<T>;
  cpu_kernel(iter, [f](T a, T b) -> T {
    return static_cast<T>(f(static_cast<opmath>(a), static_cast<opmath>(b)));
  });
}

// f(self, target, grad_output) in opmath, rounded once.
template <typename T, typename F>
void loss_backward_loop(TensorIteratorBase& iter, F f) {
  using opmath = opmath_t<T>;
  cpu_kernel(iter, [f](T x, T t, T g) -> T {
    return static_cast<T>(
        f(static_cast<opmath>(x), static_cast<opmath>(t), static_cast<opmath>(g)));
  });
}

void mse_kernel(TensorIteratorBase& iter, double /*unused*/) {
  ATEN_DISPATCH_mse_loss_TYPES(iter.common_dtype(), [&] {
    if constexpr (std::is_same_v<opmath_t<scalar_t>, scalar_t>) {
      using Vec = Vectorized<scalar_t>;
      cpu_kernel_vec(
          iter,
          [](scalar_t a, scalar_t b) -> scalar_t {
            const scalar_t d = a - b;
            return d * d;
          },
          [](Vec a, Vec b) {
            const Vec d = a - b;
            return d * d;
          });
    } else {
      loss_loop<scalar_t>(iter, [](auto a, auto b) { return (a - b) * (a - b); });
    }
  });
}

// A loss's parameter (beta, delta) as ATen's kernels take it: rounded to the dtype first, so a
// beta past Half's range is infinite there.
template <typename T>
opmath_t<T> in_dtype(double v) {
  return static_cast<opmath_t<T>>(static_cast<T>(v));
}

// 0.5 z^2 / beta below beta, z - 0.5 beta from it (z = |self - target|).
void smooth_l1_kernel(TensorIteratorBase& iter, double beta) {
  ATEN_DISPATCH_smooth_l1_loss_TYPES(iter.common_dtype(), [&] {
    using opmath = opmath_t<scalar_t>;
    const auto b = in_dtype<scalar_t>(beta);
    loss_loop<scalar_t>(iter, [b](opmath x, opmath t) {
      const opmath z = std::abs(x - t);
      return z < b ? opmath(0.5) * z * z / b : z - opmath(0.5) * b;
    });
  });
}

// 0.5 z^2 below delta, delta (z - 0.5 delta) from it.
void huber_kernel(TensorIteratorBase& iter, double delta) {
  ATEN_DISPATCH_huber_loss_TYPES(iter.common_dtype(), [&] {
    using opmath = opmath_t<scalar_t>;
    const auto d = in_dtype<scalar_t>(delta);
    loss_loop<scalar_t>(iter, [d](opmath x, opmath t) {
      const opmath z = std::abs(x - t);
      return z < d ? opmath(0.5) * z * z : d * (z - opmath(0.5) * d);
    });
  });
}

void mse_backward_kernel(TensorIteratorBase& iter, double norm, double /*unused*/) {
  ATEN_DISPATCH_mse_loss_backward_TYPES(iter.common_dtype(), [&] {
    using opmath = opmath_t<scalar_t>;
    const auto n = static_cast<opmath>(norm);
    loss_backward_loop<scalar_t>(iter,
                                 [n](opmath x, opmath t, opmath g) { return n * (x - t) * g; });
  });
}

// ATen's branches: at a difference of exactly +-beta the slope is +-1, and with beta 0 a zero
// difference takes -1.
void smooth_l1_backward_kernel(TensorIteratorBase& iter, double norm, double beta) {
  ATEN_DISPATCH_smooth_l1_loss_backward_TYPES(iter.common_dtype(), [&] {
    using opmath = opmath_t<scalar_t>;
    const auto n = static_cast<opmath>(norm);
    const auto b = in_dtype<scalar_t>(beta);
    loss_backward_loop<scalar_t>(iter, [n, b](opmath x, opmath t, opmath g) {
      const opmath d = x - t;
      if (d <= -b) return -n * g;
      if (d >= b) return n * g;
      // d / b first, as ATen's vector loop: n * d * g overflows for a large beta where this
      // does not.
      return n * (d / b) * g;
    });
  });
}

void huber_backward_kernel(TensorIteratorBase& iter, double norm, double delta) {
  ATEN_DISPATCH_huber_loss_backward_TYPES(iter.common_dtype(), [&] {
    using opmath = opmath_t<scalar_t>;
    const auto n = static_cast<opmath>(norm);
    const auto dl = in_dtype<scalar_t>(delta);
    loss_backward_loop<scalar_t>(iter, [n, dl](opmath x, opmath t, opmath g) {
      const opmath d = x - t;
      if (d <= -dl) return -n * g * dl;
      if (d >= dl) return n * g * dl;
      return n * d * g;
    });
  });
}

// (t - 1) max(log(1 - x), -100) - t max(log(x), -100): ATen's clamp keeps x = 0 or 1 finite.
void binary_cross_entropy_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_binary_cross_entropy_TYPES(iter.common_dtype(), [&] {
    cpu_kernel(iter, [](scalar_t x, scalar_t t) -> scalar_t {
      ATEN_CHECK(x >= scalar_t(0) && x <= scalar_t(1),
                 "all elements of input should be between 0 and 1");
      const scalar_t lo(-100);
      return (t - scalar_t(1)) * std::max(scalar_t(std::log1p(-x)), lo) -
             t * std::max(scalar_t(std::log(x)), lo);
    });
  });
}

// g (x - t) / max(x (1 - x), 1e-12), the bound a float as ATen's (in double 1e-12 rounded to
// float, 9.99999996e-13).
void binary_cross_entropy_backward_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_binary_cross_entropy_backward_TYPES(iter.common_dtype(), [&] {
    cpu_kernel(iter, [](scalar_t g, scalar_t x, scalar_t t) -> scalar_t {
      constexpr auto kEpsilon = static_cast<scalar_t>(1e-12f);
      return g * (x - t) / std::max((scalar_t(1) - x) * x, kEpsilon);
    });
  });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(mse_stub, &mse_kernel);
ATEN_REGISTER_DISPATCH(smooth_l1_stub, &smooth_l1_kernel);
ATEN_REGISTER_DISPATCH(huber_stub, &huber_kernel);
ATEN_REGISTER_DISPATCH(mse_backward_stub, &mse_backward_kernel);
ATEN_REGISTER_DISPATCH(smooth_l1_backward_stub, &smooth_l1_backward_kernel);
ATEN_REGISTER_DISPATCH(huber_backward_stub, &huber_backward_kernel);
ATEN_REGISTER_DISPATCH(binary_cross_entropy_stub, &binary_cross_entropy_kernel);
ATEN_REGISTER_DISPATCH(binary_cross_entropy_backward_stub, &binary_cross_entropy_backward_kernel);

}  // namespace aten::native
