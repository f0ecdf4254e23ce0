// CPU kernels of norm and logsumexp. Compiled once per CPU capability.
#include <aten/core/Convert.h>
#include <aten/cpu/Reduce.h>
#include <aten/native/ReduceOps.h>
#include <aten/native/cpu/ReduceAcc.h>
#include <aten/ops/logsumexp_dtypes.h>
#include <aten/ops/norm_dtypes.h>

#include <cmath>
#include <complex>
#include <limits>
#include <type_traits>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

// ---- norm -----------------------------------------------------------------------------------

enum class NormKind { Zero, One, Two, Inf, NegInf, General };

template <typename in_t_, NormKind kind>
struct NormOps {
  using in_t = in_t_;
  using acc_t = typename detail::value_type_of<sum_acc_t<in_t>>::type;  // double, or float
  using out_t = typename detail::value_type_of<in_t>::type;
  acc_t p;

  static acc_t magnitude(in_t x) {
    if constexpr (is_complex_v<in_t>) return std::abs(static_cast<std::complex<acc_t>>(x));
    else return std::abs(static_cast<acc_t>(x));
  }
  // What one element adds to a sum (p = 0, 1, 2, general).
  acc_t term(in_t x) const {
    if constexpr (kind == NormKind::Zero) {
      return convert<bool>(x) ? acc_t(1) : acc_t(0);
    } else if constexpr (kind == NormKind::Two) {
      if constexpr (is_complex_v<in_t>) return std::norm(static_cast<std::complex<acc_t>>(x));
      else {
        const acc_t v = static_cast<acc_t>(x);
        return v * v;
      }
    } else if constexpr (kind == NormKind::One) {
      return magnitude(x);
    } else {
      return std::pow(magnitude(x), p);
    }
  }
  static constexpr bool is_extreme = kind == NormKind::Inf || kind == NormKind::NegInf;
  // max (min) of |x|, NaN-propagating.
  static acc_t extreme(acc_t a, acc_t b) {
    if (a != a) return a;
    if (b != b) return b;
    return kind == NormKind::Inf ? std::max(a, b) : std::min(a, b);
  }

  acc_t identity() const {
    if constexpr (kind == NormKind::NegInf) return std::numeric_limits<acc_t>::infinity();
    else return acc_t(0);
  }
  acc_t reduce(acc_t a, in_t x, int64_t) const {
    if constexpr (is_extreme) return extreme(a, magnitude(x));
    else return a + term(x);
  }
  acc_t combine(acc_t a, acc_t b) const {
    if constexpr (is_extreme) return extreme(a, b);
    else return a + b;
  }
  acc_t run(acc_t a, const char* p_, int64_t n, int64_t s, int64_t) const {
    if constexpr (is_extreme) {
      for (int64_t i = 0; i < n; ++i) a = reduce(a, *reinterpret_cast<const in_t*>(p_ + i * s), 0);
      return a;
    } else {
      return a + cascade_sum<in_t, acc_t>(p_, n, s, [this](in_t x) { return term(x); });
    }
  }
  void store(std::array<char*, 2> out, acc_t a) const {
    acc_t r = a;
    if constexpr (kind == NormKind::Two) r = std::sqrt(a);
    else if constexpr (kind == NormKind::General) r = std::pow(a, acc_t(1) / p);
    *reinterpret_cast<out_t*>(out[0]) = convert<out_t>(r);
  }
};

template <typename in_t, NormKind kind>
void run_norm(TensorIteratorBase& iter, double p) {
  const NormOps<in_t, kind> ops{static_cast<typename NormOps<in_t, kind>::acc_t>(p)};
  if (reduce_outer(ReductionShape(iter), ops)) return;
  reduce_driver(iter, ops);
}

void norm_kernel(TensorIteratorBase& iter, double p) {
  ATEN_DISPATCH_norm_TYPES(iter.dtype(1), [&] {
    if (p == 0) run_norm<scalar_t, NormKind::Zero>(iter, p);
    else if (p == 1) run_norm<scalar_t, NormKind::One>(iter, p);
    else if (p == 2) run_norm<scalar_t, NormKind::Two>(iter, p);
    else if (std::isinf(p) && p > 0) run_norm<scalar_t, NormKind::Inf>(iter, p);
    else if (std::isinf(p)) run_norm<scalar_t, NormKind::NegInf>(iter, p);
    else run_norm<scalar_t, NormKind::General>(iter, p);
  });
}

// ---- logsumexp ------------------------------------------------------------------------------
// One pass: the running maximum m and s = sum exp(x - m), rescaled when m grows. Equal to
// ATen's log(sum(exp(x - max))) + max, including its infinities: all -inf gives -inf, any
// +inf gives +inf, any NaN gives NaN, nothing gives -inf.

template <typename acc_t>
struct MaxSum {
  acc_t m, s;
};

template <typename in_t_>
struct LogSumExpOps {
  using in_t = in_t_;
  using acc_t = MaxSum<sum_acc_t<in_t>>;
  using real_t = sum_acc_t<in_t>;

  acc_t identity() const { return {-std::numeric_limits<real_t>::infinity(), real_t(0)}; }
  acc_t reduce(acc_t a, in_t xin, int64_t) const {
    return combine(a, {static_cast<real_t>(xin), real_t(1)});
  }
  acc_t combine(acc_t a, acc_t b) const {
    if (a.m != a.m) return a;
    if (b.m != b.m) return b;
    if (a.m == b.m) return {a.m, a.s + b.s};  // also both +inf or both -inf
    if (a.m > b.m) return {a.m, a.s + b.s * std::exp(b.m - a.m)};
    return {b.m, b.s + a.s * std::exp(a.m - b.m)};
  }
  void store(std::array<char*, 2> out, acc_t a) const {
    const real_t r = std::isfinite(a.m) ? a.m + std::log(a.s) : a.m;
    *reinterpret_cast<in_t*>(out[0]) = convert<in_t>(r);
  }
};

void logsumexp_kernel(TensorIteratorBase& iter) {
  ATEN_INTERNAL_ASSERT(iter.dtype(0) == iter.dtype(1));
  auto run = [&](auto ops) {
    if (reduce_outer(ReductionShape(iter), ops)) return;
    reduce_driver(iter, ops);
  };
  switch (iter.dtype(1)) {
    case ScalarType::Float:
      return run(LogSumExpOps<float>{});
    case ScalarType::Double:
      return run(LogSumExpOps<double>{});
    case ScalarType::BFloat16:
      return run(LogSumExpOps<BFloat16>{});
    default:
      detail::dtype_not_implemented("logsumexp", iter.dtype(1));
  }
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(norm_stub, &norm_kernel);
ATEN_REGISTER_DISPATCH(logsumexp_stub, &logsumexp_kernel);

}  // namespace aten::native
