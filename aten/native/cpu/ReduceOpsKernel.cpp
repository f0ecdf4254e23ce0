// CPU kernels of the reductions with an identity: sum, nansum, mean, prod, all, any.
// Compiled once per CPU capability.
#include <aten/core/Convert.h>
#include <aten/cpu/Reduce.h>
#include <aten/cpu/vec/ScalarMath.h>
#include <aten/native/ReduceOps.h>
#include <aten/native/cpu/OpMath.h>
#include <aten/native/cpu/ReduceAcc.h>
#include <aten/ops/all_dtypes.h>
#include <aten/ops/any_dtypes.h>
#include <aten/ops/mean_dtypes.h>
#include <aten/ops/nansum_dtypes.h>
#include <aten/ops/prod_dtypes.h>
#include <aten/ops/sum_dtypes.h>

#include <type_traits>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

// ---- sum, nansum, mean ----------------------------------------------------------------------
// Accurate sums through a cascade: Float, Half and BFloat16 accumulate in float (as ATen's
// opmath), Double in double; integers exactly, wrapping like ATen's on overflow. Widening each
// float to double made row sums arithmetic-bound and slower than libtorch's; the cascade keeps
// 4M uniform floats within 1e-6 relative error (test_reduce_ops).

template <typename acc_t, bool skip_nan, typename in_t>
acc_t sum_value(in_t x) {
  const acc_t v = static_cast<acc_t>(x);
  if constexpr (skip_nan) return v != v ? acc_t(0) : v;
  else return v;
}

// sum and nansum store the total; mean divides it by the number of elements (0/0 is NaN).
// Integer sums run in uint64_t, whose overflow wraps by definition (int64_t's would be
// undefined); converting back gives ATen's wrapped int64 result. Float sums run in float (above).
template <typename T>
using wrapping_sum_acc_t = std::conditional_t<
    std::is_same_v<T, float>, float,
    std::conditional_t<std::is_integral_v<sum_acc_t<T>>, uint64_t, sum_acc_t<T>>>;

// mean's last step, as ATen takes it: the sum, already rounded to the result's dtype, divided
// by the count as div divides (Half and BFloat16 in float, rounded again; complex by count + 0i
// with ATen's complex division, so an infinite part makes the other NaN: the mean of inf + 0i
// is inf + NaN i). ATen converts the count to the result's dtype first, which for Half and
// BFloat16 rounds it (a BFloat16 mean of 999 elements divides by 1000, a Half mean of more than
// 65504 elements by inf): here the count is exact up to 2^24 and rounded to float above.
template <typename T>
T divide_by_count(T sum, int64_t count) {
  if constexpr (is_complex_v<T>) {
    using real_t = typename T::value_type;
    return vec::detail::scalar::div(sum, T(static_cast<real_t>(count)));
  } else {
    using C = std::conditional_t<std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>, float, T>;
    return static_cast<T>(static_cast<C>(sum) / static_cast<C>(count));
  }
}

// Sums and products of integers may go into int64 (ATen's rule for sum and prod): whether this
// reduction's result does, checked against the only other case, a result of the input's dtype.
template <typename in_t>
bool result_is_long(const TensorIteratorBase& iter) {
  const bool to_long = iter.dtype(0) != iter.dtype(1);
  ATEN_INTERNAL_ASSERT(!to_long || (std::is_integral_v<in_t> && iter.dtype(0) == ScalarType::Long));
  return to_long;
}

// Stores a result in the input's dtype, or in int64 when to_long.
template <typename in_t, typename acc_t>
void store_in_input_dtype_or_long(char* out, acc_t a, bool to_long) {
  if constexpr (std::is_integral_v<in_t>) {
    if (to_long) {
      *reinterpret_cast<int64_t*>(out) = convert<int64_t>(a);
      return;
    }
  }
  *reinterpret_cast<in_t*>(out) = convert<in_t>(a);
}

// One instantiation per input dtype and NaN handling: the loops. What is stored (the input's
// dtype or int64, the sum or the mean) is chosen per output at run time, a branch per result
// rather than a copy of every loop per kind of result.
template <typename in_t_, bool skip_nan>
struct SumOps {
  using in_t = in_t_;
  using acc_t = wrapping_sum_acc_t<in_t>;
  bool to_long = false;  // an integer sum into int64
  bool divide = false;   // mean
  int64_t count = 0;
  acc_t identity() const { return acc_t(0); }
  acc_t value(in_t x) const { return sum_value<acc_t, skip_nan>(x); }
  acc_t reduce(acc_t a, in_t x, int64_t) const { return a + value(x); }
  acc_t combine(acc_t a, acc_t b) const { return a + b; }
  acc_t run(acc_t a, const char* p, int64_t n, int64_t s, int64_t) const {
    return a +
           cascade_sum<in_t, acc_t>(p, n, s, [](in_t x) { return sum_value<acc_t, skip_nan>(x); });
  }
  // Over leading dims, a cascade per output too.
  template <int64_t W>
  using OuterLanes = CascadeLanes<SumOps, W>;
  void store(std::array<char*, 2> out, acc_t a) const {
    if (divide) {  // mean: floating and complex only, never into int64
      if constexpr (!std::is_integral_v<in_t>)
        *reinterpret_cast<in_t*>(out[0]) = divide_by_count(convert<in_t>(a), count);
    } else {
      store_in_input_dtype_or_long<in_t>(out[0], a, to_long);
    }
  }
};

template <typename ops_t>
void run_reduction(TensorIteratorBase& iter, const ops_t& ops) {
  if (reduce_outer(ReductionShape(iter), ops)) return;
  reduce_driver(iter, ops);
}

template <typename scalar_t, bool skip_nan>
void sum_like(TensorIteratorBase& iter, bool divide) {
  SumOps<scalar_t, skip_nan> ops;
  ops.to_long = result_is_long<scalar_t>(iter);
  ATEN_INTERNAL_ASSERT(!divide || !std::is_integral_v<scalar_t>);  // mean: no integers
  ops.divide = divide;
  ops.count = ReductionShape(iter).n_red;
  run_reduction(iter, ops);
}

void sum_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_sum_TYPES(iter.dtype(1), [&] { sum_like<scalar_t, false>(iter, false); });
}

// An integer has no NaN to skip: its nansum is its sum, the same instantiation.
void nansum_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_nansum_TYPES(
      iter.dtype(1), [&] { sum_like<scalar_t, !std::is_integral_v<scalar_t>>(iter, false); });
}

void mean_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_mean_TYPES(iter.dtype(1), [&] { sum_like<scalar_t, false>(iter, true); });
}

// ---- prod -----------------------------------------------------------------------------------

// As SumOps: one instantiation per input dtype, the result's dtype chosen at run time.
template <typename in_t_>
struct ProdOps {
  using in_t = in_t_;
  using acc_t = sum_acc_t<in_t>;
  bool to_long = false;  // an integer product into int64
  acc_t identity() const { return acc_t(1); }
  acc_t reduce(acc_t a, in_t x, int64_t) const { return wrapping_mul(a, static_cast<acc_t>(x)); }
  acc_t combine(acc_t a, acc_t b) const { return wrapping_mul(a, b); }
  acc_t run(acc_t a, const char* p, int64_t n, int64_t s, int64_t) const {
    // Contiguous runs: 8 products side by side (the multiplications' latency, not their
    // count, bounds a single chain).
    constexpr int W = 8;
    int64_t i = 0;
    if (s == sizeof(in_t) && n >= W) {
      const auto* x = reinterpret_cast<const in_t*>(p);
      acc_t lanes[W];
      for (int b = 0; b < W; ++b) lanes[b] = acc_t(1);
      for (; i + W <= n; i += W)
        for (int b = 0; b < W; ++b) lanes[b] = wrapping_mul(lanes[b], static_cast<acc_t>(x[i + b]));
      a = wrapping_mul(a,
                       tree_combine(lanes, W, [](acc_t u, acc_t v) { return wrapping_mul(u, v); }));
    }
    for (; i < n; ++i)
      a = wrapping_mul(a, static_cast<acc_t>(*reinterpret_cast<const in_t*>(p + i * s)));
    return a;
  }
  void store(std::array<char*, 2> out, acc_t a) const {
    store_in_input_dtype_or_long<in_t>(out[0], a, to_long);
  }
};

void prod_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_prod_TYPES(iter.dtype(1), [&] {
    ProdOps<scalar_t> ops;
    ops.to_long = result_is_long<scalar_t>(iter);
    run_reduction(iter, ops);
  });
}

// ---- all, any -------------------------------------------------------------------------------
// A NaN is non-zero, so true. The result is Bool or Byte, both one byte holding 0 or 1.

template <typename in_t_, bool is_all>
struct LogicalOps {
  using in_t = in_t_;
  using acc_t = bool;
  acc_t identity() const { return is_all; }
  acc_t reduce(acc_t a, in_t x, int64_t) const {
    const bool nonzero = convert<bool>(x);
    return is_all ? (a && nonzero) : (a || nonzero);
  }
  acc_t combine(acc_t a, acc_t b) const { return is_all ? (a && b) : (a || b); }
  acc_t run(acc_t a, const char* p, int64_t n, int64_t s, int64_t) const {
    // No early exit: the same work whatever the data (the loop vectorizes).
    bool r = is_all;
    for (int64_t i = 0; i < n; ++i) {
      const bool nonzero = convert<bool>(*reinterpret_cast<const in_t*>(p + i * s));
      if constexpr (is_all) r &= nonzero;
      else r |= nonzero;
    }
    return combine(a, r);
  }
  void store(std::array<char*, 2> out, acc_t a) const { *reinterpret_cast<uint8_t*>(out[0]) = a; }
};

void all_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_all_TYPES(iter.dtype(1),
                          [&] { run_reduction(iter, LogicalOps<scalar_t, true>{}); });
}

void any_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_any_TYPES(iter.dtype(1),
                          [&] { run_reduction(iter, LogicalOps<scalar_t, false>{}); });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(sum_stub, &sum_kernel);
ATEN_REGISTER_DISPATCH(nansum_stub, &nansum_kernel);
ATEN_REGISTER_DISPATCH(mean_stub, &mean_kernel);
ATEN_REGISTER_DISPATCH(prod_stub, &prod_kernel);
ATEN_REGISTER_DISPATCH(all_stub, &all_kernel);
ATEN_REGISTER_DISPATCH(any_stub, &any_kernel);

}  // namespace aten::native
