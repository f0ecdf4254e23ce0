// CPU kernels of the arithmetic binary ops: add (and sub), mul, div (true, trunc, floor),
// remainder, fmod. Compiled once per CPU capability (see DispatchStub.h).
//
// Integers wrap around (two's complement) on overflow, as ATen's do in practice; Half and
// BFloat16 compute in float and round once, ComplexHalf in float with each operation rounded to
// it (Complex.h); the Vectorized path is taken where strides allow and an operation maps onto
// whole vectors (float, double, int32, int64 have SIMD specialisations; other types use the
// generic one, which the compiler vectorises or not).
#include <aten/cpu/Loops.h>
#include <aten/native/BinaryOps.h>
#include <aten/native/cpu/FloatingDispatch.h>
#include <aten/native/cpu/OpMath.h>
#include <aten/ops/add_dtypes.h>
#include <aten/ops/div_dtypes.h>
#include <aten/ops/fmod_dtypes.h>
#include <aten/ops/mul_dtypes.h>
#include <aten/ops/remainder_dtypes.h>

#include <atomic>
#include <cmath>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

template <typename T>
inline constexpr bool is_reduced_float_v = std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>;

// The per-dtype bodies are function templates: `if constexpr` discards the branches of the
// other types only inside a template, and the dispatch macros' lambdas are not.
template <typename scalar_t>
void add_loop(TensorIteratorBase& iter, const Scalar& alpha_scalar) {
  using Vec = vec::Vectorized<scalar_t>;
  if constexpr (std::is_same_v<scalar_t, bool>) {
    const bool alpha = alpha_scalar.to<bool>();
    cpu_kernel(iter, [=](bool a, bool b) -> bool { return a || (alpha && b); });
  } else if constexpr (is_reduced_float_v<scalar_t>) {
    const float alpha = alpha_scalar.to<float>();
    cpu_kernel(iter, [=](scalar_t a, scalar_t b) -> scalar_t {
      return scalar_t(static_cast<float>(a) + alpha * static_cast<float>(b));
    });
  } else if constexpr (std::is_same_v<scalar_t, complex<Half>>) {
    // As ATen: alpha * b rounded to ComplexHalf, then the sum, even for alpha 1 (which keeps an
    // infinite b's 0 * inf = NaN part).
    const auto alpha = alpha_scalar.to<scalar_t>();
    cpu_kernel(iter, [=](scalar_t a, scalar_t b) -> scalar_t { return a + alpha * b; });
  } else if constexpr (is_wrapping_int_v<scalar_t>) {
    const auto alpha = alpha_scalar.to<scalar_t>();
    if (alpha == scalar_t(1)) {
      cpu_kernel_vec(
          iter, [](scalar_t a, scalar_t b) -> scalar_t { return wrapping_add(a, b); },
          [](Vec a, Vec b) { return a + b; });
    } else {
      const Vec alpha_vec(alpha);
      cpu_kernel_vec(
          iter,
          [=](scalar_t a, scalar_t b) -> scalar_t {
            return wrapping_add(a, wrapping_mul(alpha, b));
          },
          [=](Vec a, Vec b) { return a + alpha_vec * b; });
    }
  } else {  // float, double, complex
    const auto alpha = alpha_scalar.to<scalar_t>();
    if (alpha == scalar_t(1)) {
      // The common case skips the multiply; it is the one memory-bound benchmarks measure.
      cpu_kernel_vec(
          iter, [](scalar_t a, scalar_t b) -> scalar_t { return a + b; },
          [](Vec a, Vec b) { return a + b; });
    } else {
      const Vec alpha_vec(alpha);
      cpu_kernel_vec(
          iter, [=](scalar_t a, scalar_t b) -> scalar_t { return a + alpha * b; },
          [=](Vec a, Vec b) { return a + alpha_vec * b; });
    }
  }
}

void add_kernel(TensorIteratorBase& iter, const Scalar& alpha) {
  ATEN_DISPATCH_add_TYPES(iter.common_dtype(), [&] { add_loop<scalar_t>(iter, alpha); });
}

template <typename scalar_t>
void mul_loop(TensorIteratorBase& iter) {
  using Vec = vec::Vectorized<scalar_t>;
  if constexpr (std::is_same_v<scalar_t, bool>) {
    cpu_kernel(iter, [](bool a, bool b) -> bool { return a && b; });
  } else if constexpr (is_reduced_float_v<scalar_t>) {
    cpu_kernel(iter, [](scalar_t a, scalar_t b) -> scalar_t { return a * b; });  // in float
  } else if constexpr (is_wrapping_int_v<scalar_t>) {
    cpu_kernel_vec(
        iter, [](scalar_t a, scalar_t b) -> scalar_t { return wrapping_mul(a, b); },
        [](Vec a, Vec b) { return a * b; });
  } else {
    cpu_kernel_vec(
        iter, [](scalar_t a, scalar_t b) -> scalar_t { return a * b; },
        [](Vec a, Vec b) { return a * b; });
  }
}

void mul_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_mul_TYPES(iter.common_dtype(), [&] { mul_loop<scalar_t>(iter); });
}

// ---- division -------------------------------------------------------------------------------

void div_true_kernel(TensorIteratorBase& iter) {
  // Integer and Bool inputs were promoted to Float by the iterator.
  dispatch_floating<true>(iter.common_dtype(), "div", [&](auto tag) {
    using scalar_t = decltype(tag);
    if constexpr (is_reduced_float_v<scalar_t>) {
      cpu_kernel(iter, [](scalar_t a, scalar_t b) -> scalar_t { return a / b; });  // in float
    } else {
      // Complex: ATen's formula on both paths (vec::detail::scalar::div).
      cpu_kernel_vec(
          iter, [](scalar_t a, scalar_t b) -> scalar_t { return vec::detail::scalar::div(a, b); },
          [](vec::Vectorized<scalar_t> a, vec::Vectorized<scalar_t> b) { return a / b; });
    }
  });
}

// Integer division, remainder and fmod by zero are errors (ATen's ZeroDivisionError). The
// divisors are checked before anything is computed, so an in-place or out= call that fails
// leaves its output as it was; the check runs on the caller's thread, whose error messages
// carry the op's name.
template <typename scalar_t>
void check_no_zero_divisor(TensorIteratorBase& iter) {
  constexpr int kDivisor = 2;  // operands: out, self, other
  const int ntensors = iter.ntensors();
  std::atomic<bool> found{false};
  iter.for_each([&](char** data, const int64_t* strides, int64_t size0, int64_t size1) {
    const char* row = data[kDivisor];
    for (int64_t j = 0; j < size1 && !found.load(std::memory_order_relaxed); ++j) {
      for (int64_t i = 0; i < size0; ++i) {
        if (load<scalar_t>(row + i * strides[kDivisor]) == scalar_t(0)) {
          found.store(true, std::memory_order_relaxed);
          return;
        }
      }
      row += strides[ntensors + kDivisor];
    }
  });
  ATEN_CHECK(!found.load(), "ZeroDivisionError: integer division by zero (",
             iter.input(1).toString(), " has a zero element)");
}

// a / -1 overflows for the most negative value; the result wraps to itself, as on x86.
template <typename T>
inline T int_div_trunc(T a, T b) {
  if constexpr (std::is_signed_v<T>) {
    if (b == T(-1)) return wrapping_sub(T(0), a);
  }
  return static_cast<T>(a / b);
}
template <typename T>
inline T int_mod_trunc(T a, T b) {
  if constexpr (std::is_signed_v<T>) {
    if (b == T(-1)) return T(0);
  }
  return static_cast<T>(a % b);
}

// Python's a // b on floating point: the floor of the exact quotient, computed from fmod so
// that the result is exact where a / b would round up to the next integer (e.g. 1 // 0.1 is 9,
// while floor(1 / 0.1) is 10). Division by zero gives IEEE's inf or nan, and a zero result
// keeps the quotient's sign. Computed in opmath_t<T> with every step rounded to T, as ATen's
// vector path does for Half and BFloat16 (it converts to float and back around each
// operation): there the quotient is rounded before it is floored. For float and double the
// rounding is the identity.
template <typename T>
inline T float_floor_div(T a_, T b_) {
  using C = opmath_t<T>;
  const auto r = [](C v) { return static_cast<C>(static_cast<T>(v)); };
  const C a = static_cast<C>(a_), b = static_cast<C>(b_);
  if (b == C(0)) return static_cast<T>(a / b);
  const C mod = std::fmod(a, b);  // exact
  C q = r(r(a - mod) / b);        // an integer up to rounding
  if (mod != C(0) && (b < C(0)) != (mod < C(0))) q = r(q - C(1));
  if (q == C(0)) return static_cast<T>(std::copysign(C(0), r(a / b)));
  C floored = std::floor(q);
  if (r(q - floored) > C(0.5)) floored = r(floored + C(1));  // q was just below an integer
  return static_cast<T>(floored);
}

template <typename scalar_t>
void div_trunc_loop(TensorIteratorBase& iter) {
  using Vec = vec::Vectorized<scalar_t>;
  if constexpr (is_wrapping_int_v<scalar_t>) {
    check_no_zero_divisor<scalar_t>(iter);
    cpu_kernel(iter, [](scalar_t a, scalar_t b) -> scalar_t { return int_div_trunc(a, b); });
  } else if constexpr (is_reduced_float_v<scalar_t>) {
    // The quotient is rounded to scalar_t before it is truncated, as in ATen (whose kernel
    // divides in scalar_t): 1.3046875 / 0.09326171875 is 13.99 in float, 14 in BFloat16.
    cpu_kernel(iter, [](scalar_t a, scalar_t b) -> scalar_t {
      const scalar_t q(static_cast<float>(a) / static_cast<float>(b));
      return scalar_t(std::trunc(static_cast<float>(q)));
    });
  } else if constexpr (std::is_floating_point_v<scalar_t>) {
    cpu_kernel_vec(
        iter, [](scalar_t a, scalar_t b) -> scalar_t { return std::trunc(a / b); },
        [](Vec a, Vec b) { return (a / b).trunc(); });
  } else {
    ATEN_INTERNAL_ASSERT(false);  // Bool and complex are rejected by meta()
  }
}

void div_trunc_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_div_TYPES(iter.common_dtype(), [&] { div_trunc_loop<scalar_t>(iter); });
}

template <typename scalar_t>
void div_floor_loop(TensorIteratorBase& iter) {
  if constexpr (is_wrapping_int_v<scalar_t>) {
    check_no_zero_divisor<scalar_t>(iter);
    cpu_kernel(iter, [](scalar_t a, scalar_t b) -> scalar_t {
      const scalar_t q = int_div_trunc(a, b);
      // Truncation rounded up when the signs differ and the division was inexact.
      if constexpr (std::is_signed_v<scalar_t>) {
        if ((a < 0) != (b < 0) && int_mod_trunc(a, b) != 0) return static_cast<scalar_t>(q - 1);
      }
      return q;
    });
  } else if constexpr (is_reduced_float_v<scalar_t> || std::is_floating_point_v<scalar_t>) {
    cpu_kernel(iter, [](scalar_t a, scalar_t b) -> scalar_t { return float_floor_div(a, b); });
  } else {
    ATEN_INTERNAL_ASSERT(false);  // Bool and complex are rejected by meta()
  }
}

void div_floor_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_div_TYPES(iter.common_dtype(), [&] { div_floor_loop<scalar_t>(iter); });
}

// ---- remainder and fmod ---------------------------------------------------------------------

// Python's %: a nonzero result takes the divisor's sign.
template <typename T>
inline T float_remainder(T a, T b) {
  T mod = std::fmod(a, b);
  if (mod != T(0) && (b < T(0)) != (mod < T(0))) mod += b;
  return mod;
}

template <typename scalar_t>
void remainder_loop(TensorIteratorBase& iter) {
  if constexpr (is_wrapping_int_v<scalar_t>) {
    check_no_zero_divisor<scalar_t>(iter);
    cpu_kernel(iter, [](scalar_t a, scalar_t b) -> scalar_t {
      scalar_t r = int_mod_trunc(a, b);
      if constexpr (std::is_signed_v<scalar_t>) {
        if (r != 0 && (r < 0) != (b < 0)) r = static_cast<scalar_t>(r + b);
      }
      return r;
    });
  } else {
    cpu_kernel(iter, [](scalar_t a, scalar_t b) -> scalar_t {
      using T = opmath_t<scalar_t>;
      return scalar_t(float_remainder(static_cast<T>(a), static_cast<T>(b)));
    });
  }
}

void remainder_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_remainder_TYPES(iter.common_dtype(), [&] { remainder_loop<scalar_t>(iter); });
}

// C's fmod: the result takes the dividend's sign.
template <typename scalar_t>
void fmod_loop(TensorIteratorBase& iter) {
  if constexpr (is_wrapping_int_v<scalar_t>) {
    check_no_zero_divisor<scalar_t>(iter);
    cpu_kernel(iter, [](scalar_t a, scalar_t b) -> scalar_t { return int_mod_trunc(a, b); });
  } else {
    cpu_kernel(iter, [](scalar_t a, scalar_t b) -> scalar_t {
      using T = opmath_t<scalar_t>;
      return scalar_t(std::fmod(static_cast<T>(a), static_cast<T>(b)));
    });
  }
}

void fmod_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_fmod_TYPES(iter.common_dtype(), [&] { fmod_loop<scalar_t>(iter); });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(add_stub, &add_kernel);
ATEN_REGISTER_DISPATCH(mul_stub, &mul_kernel);
ATEN_REGISTER_DISPATCH(div_true_stub, &div_true_kernel);
ATEN_REGISTER_DISPATCH(div_trunc_stub, &div_trunc_kernel);
ATEN_REGISTER_DISPATCH(div_floor_stub, &div_floor_kernel);
ATEN_REGISTER_DISPATCH(remainder_stub, &remainder_kernel);
ATEN_REGISTER_DISPATCH(fmod_stub, &fmod_kernel);

}  // namespace aten::native
