// CPU kernels of softmax, log_softmax and their backward. Along the last dim, a row at a time,
// vectorized along the row; along another dim, Vec::size() neighbouring rows (consecutive in
// memory) at a time, vectorized across them. Every row makes two or three passes: its maximum
// (or a sum), then the values. Compiled once per CPU capability.
#include <aten/cpu/Parallel.h>
#include <aten/cpu/vec/Vectorized.h>
#include <aten/native/SoftMax.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

using vec::Vectorized;

// A contiguous tensor around dim: outer rows of n elements, inner apart.
struct RowShape {
  RowShape(const Tensor& t, int64_t dim) {
    for (int64_t d = 0; d < t.dim(); ++d) {
      if (d < dim) outer *= t.size(d);
      if (d > dim) inner *= t.size(d);
    }
    n = t.dim() == 0 ? 1 : t.size(dim);
  }
  int64_t outer = 1, n = 1, inner = 1;
};

template <typename T>
T max_nan(T a, T b) {
  return a != a ? a : b != b ? b : std::max(a, b);
}

template <typename T>
T lanes_max(const Vectorized<T>& v) {
  T lanes[Vectorized<T>::size()];
  v.store(lanes);
  T m = lanes[0];
  for (int64_t l = 1; l < Vectorized<T>::size(); ++l) m = max_nan(m, lanes[l]);
  return m;
}

template <typename T>
T lanes_sum(const Vectorized<T>& v) {
  T lanes[Vectorized<T>::size()];
  v.store(lanes);
  T s = 0;
  for (int64_t l = 0; l < Vectorized<T>::size(); ++l) s += lanes[l];
  return s;
}

// Calls f(vector offset i) over [0, n) in full vectors, then g(i) for each element of the tail.
template <typename T, typename F, typename G>
void for_row(int64_t n, F f, G g) {
  constexpr int64_t W = Vectorized<T>::size();
  int64_t i = 0;
  for (; i + W <= n; i += W) f(i);
  for (; i < n; ++i) g(i);
}

// ---- along the last dim: one row, n contiguous elements -------------------------------------

// y may be x.
template <typename T, bool log>
void softmax_row(const T* x, T* y, int64_t n) {
  using Vec = Vectorized<T>;
  Vec vmax(-std::numeric_limits<T>::infinity());
  T m = -std::numeric_limits<T>::infinity();
  for_row<T>(
      n, [&](int64_t i) { vmax = vec::maximum(vmax, Vec::loadu(x + i)); },
      [&](int64_t i) { m = max_nan(m, x[i]); });
  m = max_nan(m, lanes_max(vmax));
  Vec vsum(T(0));
  T sum = 0;
  for_row<T>(
      n,
      [&](int64_t i) {
        const Vec e = (Vec::loadu(x + i) - Vec(m)).exp();
        if constexpr (!log) e.store(y + i);
        vsum = vsum + e;
      },
      [&](int64_t i) {
        const T e = std::exp(x[i] - m);
        if constexpr (!log) y[i] = e;
        sum += e;
      });
  sum += lanes_sum(vsum);
  if constexpr (log) {
    const T shift = std::log(sum);
    for_row<T>(
        n, [&](int64_t i) { ((Vec::loadu(x + i) - Vec(m)) - Vec(shift)).store(y + i); },
        [&](int64_t i) { y[i] = (x[i] - m) - shift; });
  } else {
    const T scale = T(1) / sum;
    for_row<T>(
        n, [&](int64_t i) { (Vec::loadu(y + i) * Vec(scale)).store(y + i); },
        [&](int64_t i) { y[i] *= scale; });
  }
}

// softmax: gi = y * (g - sum(g * y)); log_softmax: gi = g - exp(y) * sum(g).
template <typename T, bool log>
void softmax_backward_row(const T* g, const T* y, T* gi, int64_t n) {
  using Vec = Vectorized<T>;
  Vec vsum(T(0));
  T sum = 0;
  for_row<T>(
      n,
      [&](int64_t i) {
        const Vec gv = Vec::loadu(g + i);
        vsum = vsum + (log ? gv : gv * Vec::loadu(y + i));
      },
      [&](int64_t i) { sum += log ? g[i] : g[i] * y[i]; });
  sum += lanes_sum(vsum);
  for_row<T>(
      n,
      [&](int64_t i) {
        const Vec gv = Vec::loadu(g + i), yv = Vec::loadu(y + i);
        const Vec r = log ? gv - yv.exp() * Vec(sum) : yv * (gv - Vec(sum));
        r.store(gi + i);
      },
      [&](int64_t i) { gi[i] = log ? g[i] - std::exp(y[i]) * sum : y[i] * (g[i] - sum); });
}

// ---- along another dim: `width` neighbouring rows, element k of lane l at [k * inner + l] ----

template <typename T, bool log>
void softmax_lanes(const T* x, T* y, int64_t n, int64_t inner, int64_t width) {
  using Vec = Vectorized<T>;
  auto load = [&](const T* p) { return Vec::loadu(p, width); };
  Vec vmax(-std::numeric_limits<T>::infinity());
  for (int64_t k = 0; k < n; ++k) vmax = vec::maximum(vmax, load(x + k * inner));
  Vec vsum(T(0));
  for (int64_t k = 0; k < n; ++k) {
    const Vec e = (load(x + k * inner) - vmax).exp();
    if constexpr (!log) e.store(y + k * inner, width);
    vsum = vsum + e;
  }
  if constexpr (log) {
    const Vec shift = vsum.log();
    for (int64_t k = 0; k < n; ++k)
      ((load(x + k * inner) - vmax) - shift).store(y + k * inner, width);
  } else {
    const Vec scale = Vec(T(1)) / vsum;
    for (int64_t k = 0; k < n; ++k) (load(y + k * inner) * scale).store(y + k * inner, width);
  }
}

template <typename T, bool log>
void softmax_backward_lanes(const T* g, const T* y, T* gi, int64_t n, int64_t inner,
                            int64_t width) {
  using Vec = Vectorized<T>;
  auto load = [&](const T* p) { return Vec::loadu(p, width); };
  Vec vsum(T(0));
  for (int64_t k = 0; k < n; ++k)
    vsum = vsum + (log ? load(g + k * inner) : load(g + k * inner) * load(y + k * inner));
  for (int64_t k = 0; k < n; ++k) {
    const Vec gv = load(g + k * inner), yv = load(y + k * inner);
    const Vec r = log ? gv - yv.exp() * vsum : yv * (gv - vsum);
    r.store(gi + k * inner, width);
  }
}

// ---- drivers --------------------------------------------------------------------------------

// Runs row(offset) over every row of length n (inner == 1) or lanes(offset, width) over every
// block of neighbouring rows, split across threads.
template <typename T, typename Row, typename Lanes>
void for_each_row(const RowShape& s, Row row, Lanes lanes) {
  if (s.outer * s.n * s.inner == 0) return;
  if (s.inner == 1) {
    const int64_t grain = std::max<int64_t>(1, GRAIN_SIZE / s.n);
    parallel_for(0, s.outer, grain, [&](int64_t begin, int64_t end) {
      for (int64_t o = begin; o < end; ++o) row(o * s.n);
    });
    return;
  }
  constexpr int64_t W = Vectorized<T>::size();
  const int64_t blocks = (s.inner + W - 1) / W;
  const int64_t grain = std::max<int64_t>(1, GRAIN_SIZE / (s.n * W));
  parallel_for(0, s.outer * blocks, grain, [&](int64_t begin, int64_t end) {
    for (int64_t b = begin; b < end; ++b) {
      const int64_t o = b / blocks, j = (b % blocks) * W;
      lanes(o * s.n * s.inner + j, std::min(W, s.inner - j));
    }
  });
}

template <bool log>
void softmax_kernel(const Tensor& out, const Tensor& self, int64_t dim) {
  const RowShape s(self, dim);
  auto run = [&](auto zero) {
    using T = decltype(zero);
    const T* x = self.data_ptr<T>();
    T* y = out.data_ptr<T>();
    for_each_row<T>(
        s, [&](int64_t at) { softmax_row<T, log>(x + at, y + at, s.n); },
        [&](int64_t at, int64_t width) {
          softmax_lanes<T, log>(x + at, y + at, s.n, s.inner, width);
        });
  };
  if (self.scalar_type() == ScalarType::Double) run(0.0);
  else run(0.0f);
}

template <bool log>
void softmax_backward_kernel(const Tensor& grad_input, const Tensor& grad, const Tensor& output,
                             int64_t dim) {
  const RowShape s(grad, dim);
  auto run = [&](auto zero) {
    using T = decltype(zero);
    const T* g = grad.data_ptr<T>();
    const T* y = output.data_ptr<T>();
    T* gi = grad_input.data_ptr<T>();
    for_each_row<T>(
        s, [&](int64_t at) { softmax_backward_row<T, log>(g + at, y + at, gi + at, s.n); },
        [&](int64_t at, int64_t width) {
          softmax_backward_lanes<T, log>(g + at, y + at, gi + at, s.n, s.inner, width);
        });
  };
  if (grad.scalar_type() == ScalarType::Double) run(0.0);
  else run(0.0f);
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(softmax_stub, &softmax_kernel<false>);
ATEN_REGISTER_DISPATCH(log_softmax_stub, &softmax_kernel<true>);
ATEN_REGISTER_DISPATCH(softmax_backward_stub, &softmax_backward_kernel<false>);
ATEN_REGISTER_DISPATCH(log_softmax_backward_stub, &softmax_backward_kernel<true>);

}  // namespace aten::native
