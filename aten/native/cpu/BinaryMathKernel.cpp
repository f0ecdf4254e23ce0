// CPU kernels of maximum, minimum, atan2 and hypot. Compiled once per CPU capability.
#include <aten/cpu/Loops.h>
#include <aten/native/BinaryMath.h>
#include <aten/native/cpu/FloatingDispatch.h>
#include <aten/native/cpu/OpMath.h>
#include <aten/ops/hypot_dtypes.h>
#include <aten/ops/maximum_dtypes.h>
#include <aten/ops/minimum_dtypes.h>

#include <cmath>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

template <typename T>
inline constexpr bool is_reduced_float_v = std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>;

// NaN-propagating, and -0 < +0: the scalar twins of vec::maximum / vec::minimum, so that an
// element gives the same result on the vector path and in the loop tails.
template <typename T>
inline T max_nan(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    return a < b ? b : a;
  } else {
    const opmath_t<T> x = a, y = b;
    if (std::isnan(x)) return a;
    if (std::isnan(y)) return b;
    if (x != y) return x < y ? b : a;
    return std::signbit(x) ? b : a;
  }
}
template <typename T>
inline T min_nan(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    return b < a ? b : a;
  } else {
    const opmath_t<T> x = a, y = b;
    if (std::isnan(x)) return a;
    if (std::isnan(y)) return b;
    if (x != y) return x < y ? a : b;
    return std::signbit(x) ? a : b;
  }
}

// A function template, so that `if constexpr` discards the other types' branch (the dispatch
// macros' lambdas are not templates).
template <typename scalar_t, bool kMax>
void max_min_loop(TensorIteratorBase& iter) {
  auto op = [](scalar_t a, scalar_t b) -> scalar_t { return kMax ? max_nan(a, b) : min_nan(a, b); };
  if constexpr (is_reduced_float_v<scalar_t>) {
    cpu_kernel(iter, op);
  } else {
    cpu_kernel_vec(iter, op, [](vec::Vectorized<scalar_t> a, vec::Vectorized<scalar_t> b) {
      return kMax ? vec::maximum(a, b) : vec::minimum(a, b);
    });
  }
}

void maximum_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_maximum_TYPES(iter.common_dtype(), [&] { max_min_loop<scalar_t, true>(iter); });
}

void minimum_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_minimum_TYPES(iter.common_dtype(), [&] { max_min_loop<scalar_t, false>(iter); });
}

void atan2_kernel(TensorIteratorBase& iter) {
  // Integer and Bool inputs were promoted to Float by the iterator.
  dispatch_floating<false>(iter.common_dtype(), "atan2", [&](auto tag) {
    using scalar_t = decltype(tag);
    if constexpr (is_reduced_float_v<scalar_t>) {
      cpu_kernel(iter, [](scalar_t a, scalar_t b) -> scalar_t {
        return scalar_t(std::atan2(static_cast<float>(a), static_cast<float>(b)));
      });
    } else {
      // Sleef's atan2 on both paths (1 ULP), so tails and vectors agree to that bound.
      cpu_kernel_vec(
          iter, [](scalar_t a, scalar_t b) -> scalar_t { return vec::detail::scalar::atan2(a, b); },
          [](vec::Vectorized<scalar_t> a, vec::Vectorized<scalar_t> b) { return a.atan2(b); });
    }
  });
}

void hypot_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_hypot_TYPES(iter.common_dtype(), [&] {
    cpu_kernel(iter, [](scalar_t a, scalar_t b) -> scalar_t {
      using T = opmath_t<scalar_t>;
      return scalar_t(std::hypot(static_cast<T>(a), static_cast<T>(b)));
    });
  });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(maximum_stub, &maximum_kernel);
ATEN_REGISTER_DISPATCH(minimum_stub, &minimum_kernel);
ATEN_REGISTER_DISPATCH(atan2_stub, &atan2_kernel);
ATEN_REGISTER_DISPATCH(hypot_stub, &hypot_kernel);

}  // namespace aten::native
