// CPU kernels of amax, amin, max/min with indices, argmax, argmin. Compiled once per CPU
// capability.
//
// NaN wins: once a NaN is seen it stays, and its index is reported. Otherwise an element
// replaces the current one only when strictly better, so ties keep the first occurrence.
#include <aten/core/Convert.h>
#include <aten/cpu/Reduce.h>
#include <aten/cpu/vec/Vectorized.h>
#include <aten/native/ReduceOps.h>
#include <aten/ops/amax_dtypes.h>
#include <aten/ops/amin_dtypes.h>
#include <aten/ops/argmax_dtypes.h>
#include <aten/ops/argmin_dtypes.h>
#include <aten/ops/max_dtypes.h>
#include <aten/ops/min_dtypes.h>

#include <limits>
#include <type_traits>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

template <typename T>
constexpr bool is_float_like_v = std::is_floating_point_v<T> || std::is_same_v<T, Half> ||
                                 std::is_same_v<T, BFloat16>;

// What comparisons are made in: float for Half and BFloat16.
template <typename T>
using cmp_t = std::conditional_t<std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>, float, T>;

template <typename T>
bool is_nan(T x) {
  if constexpr (is_float_like_v<T>) {
    const cmp_t<T> v = static_cast<cmp_t<T>>(x);
    return v != v;
  } else {
    return false;
  }
}

// Whether x replaces the current extreme m.
template <bool is_max, typename T>
bool better(T x, T m) {
  if (is_nan(m)) return false;
  if (is_nan(x)) return true;
  const auto a = static_cast<cmp_t<T>>(x), b = static_cast<cmp_t<T>>(m);
  return is_max ? a > b : a < b;
}

// Below (above) every value: what a partial that has seen nothing holds.
template <bool is_max, typename T>
T worst() {
  if constexpr (is_float_like_v<T>) {
    const double inf = std::numeric_limits<double>::infinity();
    return convert<T>(is_max ? -inf : inf);
  } else {
    return is_max ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
  }
}

// amax / amin: the extreme value alone.
template <typename in_t_, bool is_max>
struct ExtremeOps {
  using in_t = in_t_;
  using acc_t = in_t;
  acc_t identity() const { return worst<is_max, in_t>(); }
  acc_t reduce(acc_t m, in_t x, int64_t) const { return better<is_max>(x, m) ? x : m; }
  acc_t combine(acc_t a, acc_t b) const { return better<is_max>(b, a) ? b : a; }
  acc_t run(acc_t m, const char* p, int64_t n, int64_t s, int64_t) const {
    int64_t i = 0;
    if constexpr (std::is_same_v<in_t, float> || std::is_same_v<in_t, double>) {
      // Contiguous runs: two vectors of NaN-propagating maximum/minimum, then their lanes.
      using Vec = vec::Vectorized<in_t>;
      constexpr int64_t V = Vec::size();
      if (s == sizeof(in_t) && n >= 2 * V) {
        const auto* x = reinterpret_cast<const in_t*>(p);
        Vec m0 = Vec::loadu(x), m1 = Vec::loadu(x + V);
        for (i = 2 * V; i + 2 * V <= n; i += 2 * V) {
          if constexpr (is_max) {
            m0 = vec::maximum(m0, Vec::loadu(x + i));
            m1 = vec::maximum(m1, Vec::loadu(x + i + V));
          } else {
            m0 = vec::minimum(m0, Vec::loadu(x + i));
            m1 = vec::minimum(m1, Vec::loadu(x + i + V));
          }
        }
        in_t lanes[2 * V];
        m0.store(lanes);
        m1.store(lanes + V);
        for (int64_t b = 0; b < 2 * V; ++b) m = reduce(m, lanes[b], 0);
      }
    }
    for (; i < n; ++i) m = reduce(m, *reinterpret_cast<const in_t*>(p + i * s), 0);
    return m;
  }
  void store(std::array<char*, 2> out, acc_t m) const { *reinterpret_cast<in_t*>(out[0]) = m; }

  // reduce_outer's lanes (Reduce.h). An extreme does not depend on the order it sees its
  // elements in, so float lanes take whole vectors of a row, four rows at a time; folding one
  // element at a time through `reduce` (a NaN test and a branch each) ran at half libtorch's speed.
  template <int64_t W>
  struct OuterLanes {
    acc_t acc[W];

    void start(const ExtremeOps& ops, int n) { std::fill_n(acc, n, ops.identity()); }
    void rows(const ExtremeOps& ops, const char* p, int64_t len, int64_t s, int n, int64_t) {
      int b = 0;
      if constexpr (std::is_same_v<in_t, float> || std::is_same_v<in_t, double>) {
        using Vec = vec::Vectorized<in_t>;
        constexpr int V = Vec::size();
        auto extreme = [](const Vec& a, const Vec& x) {
          return is_max ? vec::maximum(a, x) : vec::minimum(a, x);
        };
        auto at = [&](int64_t r, int col) {
          return Vec::loadu(reinterpret_cast<const in_t*>(p + r * s) + col);
        };
        for (int64_t r = 0; r < len;) {
          const int64_t step = len - r >= 4 ? 4 : 1;
          for (b = 0; b + V <= n; b += V) {
            Vec m = Vec::loadu(acc + b);
            if (step == 4) {
              m = extreme(
                  m, extreme(extreme(at(r, b), at(r + 1, b)), extreme(at(r + 2, b), at(r + 3, b))));
            } else {
              m = extreme(m, at(r, b));
            }
            m.store(acc + b);
          }
          r += step;
        }
      }
      for (int64_t r = 0; r < len; ++r) {
        const auto* row = reinterpret_cast<const in_t*>(p + r * s);
        for (int c = b; c < n; ++c) acc[c] = ops.reduce(acc[c], row[c], 0);
      }
    }
    acc_t result(int b) const { return acc[b]; }
  };
};

// max / min with indices, argmax / argmin: the extreme value and where it was first seen.
template <typename T>
struct ValueIndex {
  T value;
  int64_t index;  // -1: nothing seen yet
};

template <typename in_t_, bool is_max, bool with_values>
struct ArgExtremeOps {
  using in_t = in_t_;
  using acc_t = ValueIndex<in_t>;
  acc_t identity() const { return {worst<is_max, in_t>(), -1}; }
  acc_t reduce(acc_t a, in_t x, int64_t i) const {
    return a.index < 0 || better<is_max>(x, a.value) ? acc_t{x, i} : a;
  }
  acc_t combine(acc_t a, acc_t b) const {  // a covers earlier elements: it wins ties
    if (a.index < 0) return b;
    if (b.index < 0) return a;
    return better<is_max>(b.value, a.value) ? b : a;
  }
  void store(std::array<char*, 2> out, acc_t a) const {
    if constexpr (with_values) {
      *reinterpret_cast<in_t*>(out[0]) = a.value;
      *reinterpret_cast<int64_t*>(out[1]) = a.index;
    } else {
      *reinterpret_cast<int64_t*>(out[0]) = a.index;
    }
  }
};

template <typename ops_t>
void run_reduction(TensorIteratorBase& iter, const ops_t& ops) {
  if (reduce_outer(ReductionShape(iter), ops)) return;
  reduce_driver(iter, ops);
}

void amax_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_amax_TYPES(iter.dtype(1),
                           [&] { run_reduction(iter, ExtremeOps<scalar_t, true>{}); });
}

void amin_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_amin_TYPES(iter.dtype(1),
                           [&] { run_reduction(iter, ExtremeOps<scalar_t, false>{}); });
}

void max_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_max_TYPES(iter.dtype(2),
                          [&] { run_reduction(iter, ArgExtremeOps<scalar_t, true, true>{}); });
}

void min_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_min_TYPES(iter.dtype(2),
                          [&] { run_reduction(iter, ArgExtremeOps<scalar_t, false, true>{}); });
}

void argmax_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_argmax_TYPES(iter.dtype(1),
                             [&] { run_reduction(iter, ArgExtremeOps<scalar_t, true, false>{}); });
}

void argmin_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_argmin_TYPES(iter.dtype(1),
                             [&] { run_reduction(iter, ArgExtremeOps<scalar_t, false, false>{}); });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(amax_stub, &amax_kernel);
ATEN_REGISTER_DISPATCH(amin_stub, &amin_kernel);
ATEN_REGISTER_DISPATCH(max_stub, &max_kernel);
ATEN_REGISTER_DISPATCH(min_stub, &min_kernel);
ATEN_REGISTER_DISPATCH(argmax_stub, &argmax_kernel);
ATEN_REGISTER_DISPATCH(argmin_stub, &argmin_kernel);

}  // namespace aten::native
