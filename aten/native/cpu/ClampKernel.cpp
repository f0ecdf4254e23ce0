// CPU kernels of clamp, clamp_min and clamp_max. Compiled once per CPU capability (see
// DispatchStub.h).
#include <aten/cpu/Loops.h>
#include <aten/native/Clamp.h>
#include <aten/ops/clamp_dtypes.h>

#include <limits>
#include <type_traits>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

using vec::Vectorized;

// clamp keeps a where lo <= a <= hi (so -0 stays -0 against a bound of +0, as in ATen), takes
// lo below it, then hi above that: lo > hi gives hi. NaN in a stays; NaN in a bound gives NaN.
template <typename T>
T clamp_one(T a, T lo, T hi) {
  const T r = a < lo ? lo : a;
  return hi < r ? hi : r;
}
template <typename T>
Vectorized<T> clamp_vec(Vectorized<T> a, Vectorized<T> lo, Vectorized<T> hi) {
  const Vectorized<T> r = Vectorized<T>::blendv(a, lo, a < lo);
  return Vectorized<T>::blendv(r, hi, hi < r);
}

template <typename T>
bool is_nan(T x) {
  if constexpr (std::is_integral_v<T>) {
    return false;
  } else {
    return x != x;
  }
}

// The bound that does not limit (-inf / +inf, or the type's extremes) stands in for a missing
// one, so every form runs the same two comparisons.
template <typename T>
T no_lower_bound() {
  using L = std::numeric_limits<T>;
  if constexpr (L::has_infinity) {
    return -L::infinity();
  } else {
    return L::lowest();
  }
}
template <typename T>
T no_upper_bound() {
  using L = std::numeric_limits<T>;
  if constexpr (L::has_infinity) {
    return L::infinity();
  } else {
    return L::max();
  }
}

void clamp_scalar_kernel(TensorIteratorBase& iter, const std::optional<Scalar>& min,
                         const std::optional<Scalar>& max) {
  ATEN_DISPATCH_clamp_TYPES(iter.common_dtype(), [&] {
    using Vec = Vectorized<scalar_t>;
    const scalar_t lo = min ? min->to<scalar_t>() : no_lower_bound<scalar_t>();
    const scalar_t hi = max ? max->to<scalar_t>() : no_upper_bound<scalar_t>();
    if (is_nan(lo) || is_nan(hi)) {
      const scalar_t nan = std::numeric_limits<scalar_t>::quiet_NaN();
      cpu_kernel_vec(
          iter, [=](scalar_t) -> scalar_t { return nan; }, [=](Vec) { return Vec(nan); });
      return;
    }
    const Vec lo_vec(lo), hi_vec(hi);
    cpu_kernel_vec(
        iter, [=](scalar_t a) -> scalar_t { return clamp_one(a, lo, hi); },
        [=](Vec a) { return clamp_vec(a, lo_vec, hi_vec); });
  });
}

void clamp_tensor_kernel(TensorIteratorBase& iter, bool has_min, bool has_max) {
  ATEN_DISPATCH_clamp_TYPES(iter.common_dtype(), [&] {
    using Vec = Vectorized<scalar_t>;
    // A NaN bound overrides: blendv(r, b, b != b) puts it in.
    auto nan_of = [](Vec r, Vec b) { return Vec::blendv(r, b, b != b); };
    if (has_min && has_max) {
      cpu_kernel_vec(
          iter,
          [](scalar_t a, scalar_t lo, scalar_t hi) -> scalar_t {
            return is_nan(lo) ? lo : is_nan(hi) ? hi : clamp_one(a, lo, hi);
          },
          [=](Vec a, Vec lo, Vec hi) { return nan_of(nan_of(clamp_vec(a, lo, hi), lo), hi); });
    } else if (has_min) {
      cpu_kernel_vec(
          iter, [](scalar_t a, scalar_t lo) -> scalar_t { return is_nan(lo) || a < lo ? lo : a; },
          [=](Vec a, Vec lo) { return nan_of(Vec::blendv(a, lo, a < lo), lo); });
    } else {
      cpu_kernel_vec(
          iter, [](scalar_t a, scalar_t hi) -> scalar_t { return is_nan(hi) || hi < a ? hi : a; },
          [=](Vec a, Vec hi) { return nan_of(Vec::blendv(a, hi, hi < a), hi); });
    }
  });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(clamp_scalar_stub, &clamp_scalar_kernel);
ATEN_REGISTER_DISPATCH(clamp_tensor_stub, &clamp_tensor_kernel);

}  // namespace aten::native
