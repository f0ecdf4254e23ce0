// CPU kernel of var, std, var_mean, std_mean: Welford's running mean and sum of squared
// deviations, partials joined by Chan's formula in the driver's fixed order. Compiled once per
// CPU capability.
#include <aten/core/Convert.h>
#include <aten/cpu/Reduce.h>
#include <aten/native/ReduceOps.h>
#include <aten/native/cpu/ReduceAcc.h>
#include <aten/ops/var_dtypes.h>

#include <cmath>
#include <complex>
#include <limits>
#include <type_traits>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

template <typename T>
double real_dot(T a, T b) {  // Re(a * conj(b)): the product of deviations, complex or not
  if constexpr (is_complex_v<T>) return a.real() * b.real() + a.imag() * b.imag();
  else return a * b;
}

template <typename mean_t>
struct Welford {
  using real_t = typename detail::value_type_of<mean_t>::type;
  mean_t mean;
  real_t m2;  // sum of squared deviations from the mean
  int64_t n;
};

template <typename in_t_>
struct MomentsOps {
  using in_t = in_t_;
  using mean_t = sum_acc_t<in_t>;  // double, float (Half, BFloat16) or complex<double>
  using acc_t = Welford<mean_t>;
  using real_t = typename acc_t::real_t;
  using out_real_t = typename detail::value_type_of<in_t>::type;

  int64_t correction;
  bool take_sqrt;
  bool with_mean;

  acc_t identity() const { return {mean_t(0), real_t(0), 0}; }
  acc_t reduce(acc_t a, in_t xin, int64_t) const {
    const mean_t x = static_cast<mean_t>(xin);
    ++a.n;
    const mean_t delta = x - a.mean;
    a.mean += delta / static_cast<real_t>(a.n);
    a.m2 += static_cast<real_t>(real_dot(delta, x - a.mean));
    return a;
  }
  acc_t combine(const acc_t& a, const acc_t& b) const {
    if (a.n == 0) return b;
    if (b.n == 0) return a;
    const int64_t n = a.n + b.n;
    const real_t nb_over_n = static_cast<real_t>(b.n) / static_cast<real_t>(n);
    const mean_t delta = b.mean - a.mean;
    return {a.mean + delta * nb_over_n,
            a.m2 + b.m2 +
                static_cast<real_t>(real_dot(delta, delta)) * static_cast<real_t>(a.n) * nb_over_n,
            n};
  }
  acc_t run(acc_t a, const char* p, int64_t n, int64_t s, int64_t) const {
    int64_t i = 0;
    if constexpr (std::is_same_v<in_t, float> || std::is_same_v<in_t, double>) {
      // Contiguous runs: W Welford lanes that all hold the same count, so one reciprocal per
      // step serves them all and the lane loop vectorizes; the lanes are joined in a tree.
      constexpr int W = 8;
      if (s == sizeof(in_t) && n >= 2 * W) {
        const auto* x = reinterpret_cast<const in_t*>(p);
        double mean[W] = {}, m2[W] = {};
        int64_t k = 0;
        for (; i + W <= n; i += W) {
          const double inv = 1.0 / static_cast<double>(++k);
          for (int b = 0; b < W; ++b) {
            const double v = x[i + b], d = v - mean[b];
            mean[b] += d * inv;
            m2[b] += d * (v - mean[b]);
          }
        }
        acc_t lanes[W];
        for (int b = 0; b < W; ++b) lanes[b] = {mean[b], m2[b], k};
        a = combine(a, tree_combine(lanes, W, [this](const acc_t& u, const acc_t& v) {
                      return combine(u, v);
                    }));
      }
    }
    for (; i < n; ++i) a = reduce(a, *reinterpret_cast<const in_t*>(p + i * s), 0);
    return a;
  }
  void store(std::array<char*, 2> out, const acc_t& a) const {
    // ATen's divisor: max(0, N - correction); m2 / 0 is inf, or NaN when m2 is 0.
    const real_t divisor = static_cast<real_t>(std::max<int64_t>(0, a.n - correction));
    real_t v = a.m2 / divisor;
    if (take_sqrt) v = std::sqrt(v);
    *reinterpret_cast<out_real_t*>(out[0]) = convert<out_real_t>(v);
    if (with_mean) {
      // The mean of nothing is 0 / 0, NaN in every part (as sum / count gives it).
      const real_t nan = std::numeric_limits<real_t>::quiet_NaN();
      mean_t m = a.mean;
      if (a.n == 0) {
        if constexpr (is_complex_v<mean_t>) m = mean_t(nan, nan);
        else m = nan;
      }
      *reinterpret_cast<in_t*>(out[1]) = convert<in_t>(m);
    }
  }
};

void moments_kernel(TensorIteratorBase& iter, int64_t correction, bool take_sqrt) {
  const bool with_mean = iter.noutputs() == 2;
  ATEN_DISPATCH_var_TYPES(iter.dtype(iter.noutputs()), [&] {
    const MomentsOps<scalar_t> ops{correction, take_sqrt, with_mean};
    if (reduce_outer(ReductionShape(iter), ops)) return;
    reduce_driver(iter, ops);
  });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(moments_stub, &moments_kernel);

}  // namespace aten::native
