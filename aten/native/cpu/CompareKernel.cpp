// CPU kernels of the comparisons, isnan / isinf / isfinite, isclose and equal. Compiled once
// per CPU capability.
//
// A Bool result is written by predicate_kernel: rows where every operand is contiguous (or an
// input is one broadcast value) run as plain loops over typed pointers that the compiler
// vectorises (`omp simd`: the compare, then the narrowing to bytes); other rows element by
// element. An out= of another dtype gets the comparison as 1 / 0 in the common dtype, through
// cpu_kernel_vec, and the iterator casts it. When the common dtype is itself Bool (Bool inputs),
// the iterator hands predicate_kernel a Bool temporary for such an out=, which it casts too.
#include <aten/cpu/Loops.h>
#include <aten/native/TensorCompare.h>
#include <aten/native/cpu/OpMath.h>
#include <aten/ops/eq_dtypes.h>
#include <aten/ops/equal_dtypes.h>
#include <aten/ops/ge_dtypes.h>
#include <aten/ops/gt_dtypes.h>
#include <aten/ops/isclose_dtypes.h>
#include <aten/ops/isfinite_dtypes.h>
#include <aten/ops/isinf_dtypes.h>
#include <aten/ops/isnan_dtypes.h>
#include <aten/ops/le_dtypes.h>
#include <aten/ops/lt_dtypes.h>
#include <aten/ops/ne_dtypes.h>

#include <array>
#include <atomic>
#include <cmath>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

// Bool elements are read through their byte (any nonzero byte is true), like load<bool>.
template <typename T>
using stored_t = std::conditional_t<std::is_same_v<T, bool>, uint8_t, T>;

template <typename T, bool kBroadcastA, bool kBroadcastB, typename Pred>
void predicate_row(bool* out, const stored_t<T>* a, const stored_t<T>* b, int64_t n,
                   const Pred& pred) {
#pragma omp simd
  for (int64_t i = 0; i < n; ++i)
    out[i] = pred(static_cast<T>(a[kBroadcastA ? 0 : i]), static_cast<T>(b[kBroadcastB ? 0 : i]));
}

template <typename T, typename Pred>
void predicate_row(bool* out, const stored_t<T>* a, int64_t n, const Pred& pred) {
#pragma omp simd
  for (int64_t i = 0; i < n; ++i) out[i] = pred(static_cast<T>(a[i]));
}

// out (Bool) = pred(inputs...) for one or two inputs of type scalar_t.
template <typename scalar_t, typename Pred>
void predicate_kernel(TensorIteratorBase& iter, const Pred& pred) {
  constexpr bool kUnary = std::is_invocable_v<Pred, scalar_t>;
  constexpr int nt = kUnary ? 2 : 3;
  constexpr int64_t S = sizeof(scalar_t);
  using P = const stored_t<scalar_t>*;
  ATEN_INTERNAL_ASSERT(iter.ntensors() == nt && iter.noutputs() == 1);
  iter.for_each([&](char** data, const int64_t* strides, int64_t n, int64_t size1) {
    std::array<char*, nt> ptr;
    for (int a = 0; a < nt; ++a) ptr[a] = data[a];
    for (int64_t j = 0; j < size1; ++j) {
      auto* out = reinterpret_cast<bool*>(ptr[0]);
      const bool dense_out = strides[0] == 1;
      if constexpr (kUnary) {
        if (dense_out && strides[1] == S) {
          predicate_row<scalar_t>(out, reinterpret_cast<P>(ptr[1]), n, pred);
        } else {
          for (int64_t i = 0; i < n; ++i)
            *reinterpret_cast<bool*>(ptr[0] + i * strides[0]) = pred(
                load<scalar_t>(ptr[1] + i * strides[1]));
        }
      } else {
        const auto a = reinterpret_cast<P>(ptr[1]);
        const auto b = reinterpret_cast<P>(ptr[2]);
        if (dense_out && strides[1] == S && strides[2] == S) {
          predicate_row<scalar_t, false, false>(out, a, b, n, pred);
        } else if (dense_out && strides[1] == S && strides[2] == 0) {
          predicate_row<scalar_t, false, true>(out, a, b, n, pred);
        } else if (dense_out && strides[1] == 0 && strides[2] == S) {
          predicate_row<scalar_t, true, false>(out, a, b, n, pred);
        } else {
          for (int64_t i = 0; i < n; ++i)
            *reinterpret_cast<bool*>(ptr[0] + i * strides[0]) = pred(
                load<scalar_t>(ptr[1] + i * strides[1]), load<scalar_t>(ptr[2] + i * strides[2]));
        }
      }
      for (int a = 0; a < nt; ++a) ptr[a] += strides[nt + a];
    }
  });
  // An out= of another dtype was computed in a Bool temporary: written back here, as every
  // loop of Loops.h does.
  iter.cast_outputs();
}

template <typename scalar_t, typename Op, typename VecOp>
void compare_loop(TensorIteratorBase& iter, const Op& op, const VecOp& vop) {
  if (iter.dtype(0) == ScalarType::Bool) {
    predicate_kernel<scalar_t>(iter, op);
  } else {
    cpu_kernel_vec(
        iter,
        [op](scalar_t a, scalar_t b) -> scalar_t { return op(a, b) ? scalar_t(1) : scalar_t(0); },
        vop);
  }
}

// Vectorized's eq / lt / ... give 1 or 0 per element, as a non-Bool out= wants.
#define ATEN_COMPARE_KERNEL(name, op)                                  \
  void name##_kernel(TensorIteratorBase& iter) {                       \
    ATEN_DISPATCH_##name##_TYPES(iter.common_dtype(), [&] {            \
      using Vec = vec::Vectorized<scalar_t>;                           \
      compare_loop<scalar_t>(                                          \
          iter, [](scalar_t a, scalar_t b) -> bool { return a op b; }, \
          [](Vec a, Vec b) { return a.name(b); });                     \
    });                                                                \
  }
ATEN_COMPARE_KERNEL(eq, ==)
ATEN_COMPARE_KERNEL(ne, !=)
ATEN_COMPARE_KERNEL(lt, <)
ATEN_COMPARE_KERNEL(le, <=)
ATEN_COMPARE_KERNEL(gt, >)
ATEN_COMPARE_KERNEL(ge, >=)
#undef ATEN_COMPARE_KERNEL

// ---- tests of values ------------------------------------------------------------------------

template <typename T>
inline bool is_inf(T x) {
  if constexpr (std::is_integral_v<T>) {
    return false;
  } else if constexpr (is_complex_v<T>) {
    return is_inf(x.real()) || is_inf(x.imag());
  } else {
    return std::isinf(static_cast<opmath_t<T>>(x));
  }
}

template <typename T>
inline bool is_finite(T x) {
  if constexpr (std::is_integral_v<T>) {
    return true;
  } else if constexpr (is_complex_v<T>) {
    return is_finite(x.real()) && is_finite(x.imag());
  } else {
    return std::isfinite(static_cast<opmath_t<T>>(x));
  }
}

void isnan_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_isnan_TYPES(iter.common_dtype(), [&] {
    predicate_kernel<scalar_t>(iter, [](scalar_t x) { return is_nan(x); });
  });
}

void isinf_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_isinf_TYPES(iter.common_dtype(), [&] {
    predicate_kernel<scalar_t>(iter, [](scalar_t x) { return is_inf(x); });
  });
}

void isfinite_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_isfinite_TYPES(iter.common_dtype(), [&] {
    predicate_kernel<scalar_t>(iter, [](scalar_t x) { return is_finite(x); });
  });
}

// What isclose computes in: the float types in themselves (Half and BFloat16 in float), integers
// and Bool in double, complex in itself (ComplexHalf in complex<float>) with real tolerances of
// its precision.
template <typename T>
struct CloseMath {
  using value = std::conditional_t<std::is_integral_v<T>, double, opmath_t<T>>;
  using real = value;
};
template <typename T>
struct CloseMath<std::complex<T>> {
  using value = opmath_t<std::complex<T>>;
  using real = typename value::value_type;
};

void isclose_kernel(TensorIteratorBase& iter, double rtol_d, double atol_d, bool equal_nan) {
  ATEN_DISPATCH_isclose_TYPES(iter.common_dtype(), [&] {
    using V = typename CloseMath<scalar_t>::value;
    using R = typename CloseMath<scalar_t>::real;
    // ATen's isclose is a composite of tensor ops, and a Half or BFloat16 tensor op rounds its
    // result to its dtype and takes a Scalar operand in it: rtol and atol are rounded, then
    // |rtol * other|, atol + that, and |self - other| each.
    const auto round = [](auto v) {
      if constexpr (ReducedFloat<scalar_t>)
        return static_cast<decltype(v)>(static_cast<scalar_t>(v));
      else return v;
    };
    const R rtol = round(static_cast<R>(rtol_d)), atol = round(static_cast<R>(atol_d));
    predicate_kernel<scalar_t>(iter, [=](scalar_t a, scalar_t b) -> bool {
      const V x = static_cast<V>(a), y = static_cast<V>(b);
      if (x == y) return true;  // equal infinities included
      if (equal_nan && is_nan(x) && is_nan(y)) return true;
      const R diff = std::abs(round(x - y));
      return std::isfinite(diff) && diff <= round(atol + std::abs(round(rtol * y)));
    });
  });
}

// Every element pair equal (NaN never is). Rows are compared without early exit, so that the
// loop vectorises; a row that found a difference stops the others from starting.
bool equal_kernel(TensorIteratorBase& iter) {
  return ATEN_DISPATCH_equal_TYPES(iter.common_dtype(), [&] {
    std::atomic<bool> different{false};
    iter.for_each([&](char** data, const int64_t* strides, int64_t n, int64_t size1) {
      const char* a = data[0];
      const char* b = data[1];
      for (int64_t j = 0; j < size1 && !different.load(std::memory_order_relaxed); ++j) {
        bool same = true;
        for (int64_t i = 0; i < n; ++i)
          same &= load<scalar_t>(a + i * strides[0]) == load<scalar_t>(b + i * strides[1]);
        if (!same) different.store(true, std::memory_order_relaxed);
        a += strides[2];
        b += strides[3];
      }
    });
    return !different.load();
  });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(eq_stub, &eq_kernel);
ATEN_REGISTER_DISPATCH(ne_stub, &ne_kernel);
ATEN_REGISTER_DISPATCH(lt_stub, &lt_kernel);
ATEN_REGISTER_DISPATCH(le_stub, &le_kernel);
ATEN_REGISTER_DISPATCH(gt_stub, &gt_kernel);
ATEN_REGISTER_DISPATCH(ge_stub, &ge_kernel);
ATEN_REGISTER_DISPATCH(isnan_stub, &isnan_kernel);
ATEN_REGISTER_DISPATCH(isinf_stub, &isinf_kernel);
ATEN_REGISTER_DISPATCH(isfinite_stub, &isfinite_kernel);
ATEN_REGISTER_DISPATCH(isclose_stub, &isclose_kernel);
ATEN_REGISTER_DISPATCH(equal_stub, &equal_kernel);

}  // namespace aten::native
