// CPU kernels of batch_norm, layer_norm and group_norm and their backward. A row (a channel's
// plane, a layer_norm row, a group) is summed in vectors of T, in blocks short enough that T
// keeps the partial sums exact to its precision, and the blocks are added in double. Work is
// split by rows or channels, and every sum is taken in one fixed order, so results do not
// depend on the thread count. Compiled once per CPU capability.
#include <aten/cpu/Parallel.h>
#include <aten/cpu/vec/Vectorized.h>
#include <aten/native/Normalization.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

using vec::Vectorized;

// Elements summed in T before the partial sum goes into a double.
constexpr int64_t kBlock = 512;

template <typename T>
double lanes_sum(const Vectorized<T>& v) {
  T lanes[Vectorized<T>::size()];
  v.store(lanes);
  double s = 0;
  for (int64_t l = 0; l < Vectorized<T>::size(); ++l) s += lanes[l];
  return s;
}

// Sum over [0, n) of f(vector at i) (vectors) and g(i) (the tail), two accumulators per block.
template <typename T, typename F, typename G>
double row_reduce(int64_t n, F f, G g) {
  using Vec = Vectorized<T>;
  constexpr int64_t W = Vec::size();
  double total = 0;
  for (int64_t b = 0; b < n; b += kBlock) {
    const int64_t e = std::min(n, b + kBlock);
    Vec a0(T(0)), a1(T(0));
    int64_t i = b;
    for (; i + 2 * W <= e; i += 2 * W) {
      a0 = a0 + f(i);
      a1 = a1 + f(i + W);
    }
    for (; i + W <= e; i += W) a0 = a0 + f(i);
    T tail = 0;
    for (; i < e; ++i) tail += g(i);
    total += lanes_sum(a0 + a1) + static_cast<double>(tail);
  }
  return total;
}

template <typename T>
double row_sum(const T* x, int64_t n) {
  using Vec = Vectorized<T>;
  return row_reduce<T>(
      n, [&](int64_t i) { return Vec::loadu(x + i); }, [&](int64_t i) { return x[i]; });
}

// The sum of (x - m)^2.
template <typename T>
double row_sq_dev(const T* x, int64_t n, T m) {
  using Vec = Vectorized<T>;
  const Vec vm(m);
  return row_reduce<T>(
      n,
      [&](int64_t i) {
        const Vec d = Vec::loadu(x + i) - vm;
        return d * d;
      },
      [&](int64_t i) { return (x[i] - m) * (x[i] - m); });
}

// The sum of dy * (x - m).
template <typename T>
double row_dot_dev(const T* dy, const T* x, int64_t n, T m) {
  using Vec = Vectorized<T>;
  const Vec vm(m);
  return row_reduce<T>(
      n, [&](int64_t i) { return Vec::loadu(dy + i) * (Vec::loadu(x + i) - vm); },
      [&](int64_t i) { return dy[i] * (x[i] - m); });
}

// out = dy * a + x * b + k over n elements (dy null: no dy term). out may be x or dy.
template <typename T>
void row_linear(T* out, const T* dy, const T* x, int64_t n, T a, T b, T k) {
  using Vec = Vectorized<T>;
  constexpr int64_t W = Vec::size();
  const Vec va(a), vb(b), vk(k);
  int64_t i = 0;
  if (dy == nullptr) {
    for (; i + W <= n; i += W) vec::fmadd(Vec::loadu(x + i), vb, vk).store(out + i);
    for (; i < n; ++i) out[i] = x[i] * b + k;
  } else {
    for (; i + W <= n; i += W)
      vec::fmadd(Vec::loadu(dy + i), va, vec::fmadd(Vec::loadu(x + i), vb, vk)).store(out + i);
    for (; i < n; ++i) out[i] = dy[i] * a + (x[i] * b + k);
  }
}

template <typename F>
void dispatch_float(const Tensor& t, F f) {
  if (t.scalar_type() == ScalarType::Double) f(0.0);
  else f(0.0f);
}

template <typename T>
const T* ptr_or_null(const Tensor& t) {
  return t.defined() ? t.data_ptr<T>() : nullptr;
}
template <typename T>
T* mut_ptr_or_null(const Tensor& t) {
  return t.defined() ? t.data_ptr<T>() : nullptr;
}

// ---- batch norm: [N, C, S] --------------------------------------------------------------------

// Per channel over [N, C, 1] (C contiguous): vectors across channels, each thread a block of
// channels. reduce(acc, row pointer, c0, width) adds row n's lanes into acc (one per channel).
template <typename T, int K, typename Acc>
void column_reduce(int64_t N, int64_t C, double* out, Acc acc) {
  using Vec = Vectorized<T>;
  constexpr int64_t W = Vec::size();
  const int64_t blocks = (C + W - 1) / W;
  const int64_t grain = std::max<int64_t>(1, GRAIN_SIZE / std::max<int64_t>(1, N * W));
  parallel_for(0, blocks, grain, [&](int64_t begin, int64_t end) {
    for (int64_t blk = begin; blk < end; ++blk) {
      const int64_t c0 = blk * W, width = std::min(W, C - c0);
      double total[K][W] = {};
      for (int64_t n0 = 0; n0 < N; n0 += kBlock) {
        Vec a[K];
        for (int k = 0; k < K; ++k) a[k] = Vec(T(0));
        const int64_t n1 = std::min(N, n0 + kBlock);
        for (int64_t n = n0; n < n1; ++n) acc(a, n * C + c0, c0, width);
        for (int k = 0; k < K; ++k) {
          T lanes[W];
          a[k].store(lanes);
          for (int64_t l = 0; l < width; ++l) total[k][l] += lanes[l];
        }
      }
      for (int k = 0; k < K; ++k)
        for (int64_t l = 0; l < width; ++l) out[k * C + c0 + l] = total[k][l];
    }
  });
}

template <typename T>
void stats_impl(const Tensor& x_t, int64_t N, int64_t C, int64_t S, const Tensor& mean_t,
                const Tensor& var_t) {
  using Vec = Vectorized<T>;
  const T* x = x_t.data_ptr<T>();
  T* mean = mean_t.data_ptr<T>();
  T* var = var_t.data_ptr<T>();
  const double count = static_cast<double>(N * S);
  if (S == 1) {
    std::vector<double> sums(C);
    column_reduce<T, 1>(N, C, sums.data(), [&](Vec* a, int64_t at, int64_t, int64_t w) {
      a[0] = a[0] + Vec::loadu(x + at, w);
    });
    for (int64_t c = 0; c < C; ++c) mean[c] = static_cast<T>(sums[c] / count);
    column_reduce<T, 1>(N, C, sums.data(), [&](Vec* a, int64_t at, int64_t c0, int64_t w) {
      const Vec d = Vec::loadu(x + at, w) - Vec::loadu(mean + c0, w);
      a[0] = a[0] + d * d;
    });
    for (int64_t c = 0; c < C; ++c) var[c] = static_cast<T>(sums[c]);
    return;
  }
  const int64_t grain = std::max<int64_t>(1, GRAIN_SIZE / std::max<int64_t>(1, N * S));
  parallel_for(0, C, grain, [&](int64_t begin, int64_t end) {
    for (int64_t c = begin; c < end; ++c) {
      double s = 0;
      for (int64_t n = 0; n < N; ++n) s += row_sum(x + (n * C + c) * S, S);
      const T m = static_cast<T>(s / count);
      double v = 0;
      for (int64_t n = 0; n < N; ++n) v += row_sq_dev(x + (n * C + c) * S, S, m);
      mean[c] = m;
      var[c] = static_cast<T>(v);
    }
  });
}

void batch_norm_stats_kernel(const Tensor& x, int64_t N, int64_t C, int64_t S, const Tensor& mean,
                             const Tensor& var_sum) {
  dispatch_float(x, [&](auto zero) { stats_impl<decltype(zero)>(x, N, C, S, mean, var_sum); });
}

template <typename T>
void backward_reduce_impl(const Tensor& dy_t, const Tensor& x_t, const Tensor& mean_t, int64_t N,
                          int64_t C, int64_t S, const Tensor& sum_t, const Tensor& dot_t) {
  using Vec = Vectorized<T>;
  const T* dy = dy_t.data_ptr<T>();
  const T* x = x_t.data_ptr<T>();
  const T* mean = mean_t.data_ptr<T>();
  T* sum = sum_t.data_ptr<T>();
  T* dot = dot_t.data_ptr<T>();
  if (S == 1) {
    std::vector<double> sums(2 * C);
    column_reduce<T, 2>(N, C, sums.data(), [&](Vec* a, int64_t at, int64_t c0, int64_t w) {
      const Vec g = Vec::loadu(dy + at, w);
      a[0] = a[0] + g;
      a[1] = a[1] + g * (Vec::loadu(x + at, w) - Vec::loadu(mean + c0, w));
    });
    for (int64_t c = 0; c < C; ++c) {
      sum[c] = static_cast<T>(sums[c]);
      dot[c] = static_cast<T>(sums[C + c]);
    }
    return;
  }
  const int64_t grain = std::max<int64_t>(1, GRAIN_SIZE / std::max<int64_t>(1, N * S));
  parallel_for(0, C, grain, [&](int64_t begin, int64_t end) {
    for (int64_t c = begin; c < end; ++c) {
      double s = 0, d = 0;
      for (int64_t n = 0; n < N; ++n) {
        const int64_t at = (n * C + c) * S;
        s += row_sum(dy + at, S);
        d += row_dot_dev(dy + at, x + at, S, mean[c]);
      }
      sum[c] = static_cast<T>(s);
      dot[c] = static_cast<T>(d);
    }
  });
}

void batch_norm_backward_reduce_kernel(const Tensor& dy, const Tensor& x, const Tensor& mean,
                                       int64_t N, int64_t C, int64_t S, const Tensor& sum_dy,
                                       const Tensor& dot) {
  dispatch_float(x, [&](auto zero) {
    backward_reduce_impl<decltype(zero)>(dy, x, mean, N, C, S, sum_dy, dot);
  });
}

template <typename T>
void channel_linear_impl(const Tensor& out_t, const Tensor& dy_t, const Tensor& x_t, int64_t N,
                         int64_t C, int64_t S, const Tensor& a_t, const Tensor& b_t,
                         const Tensor& k_t) {
  using Vec = Vectorized<T>;
  constexpr int64_t W = Vec::size();
  T* out = out_t.data_ptr<T>();
  const T* dy = ptr_or_null<T>(dy_t);
  const T* x = x_t.data_ptr<T>();
  const T* a = ptr_or_null<T>(a_t);
  const T* b = b_t.data_ptr<T>();
  const T* k = k_t.data_ptr<T>();
  if (S == 1) {
    const int64_t grain = std::max<int64_t>(1, GRAIN_SIZE / std::max<int64_t>(1, C));
    parallel_for(0, N, grain, [&](int64_t begin, int64_t end) {
      for (int64_t n = begin; n < end; ++n) {
        T* o = out + n * C;
        const T* xr = x + n * C;
        const T* gr = dy == nullptr ? nullptr : dy + n * C;
        int64_t c = 0;
        for (; c + W <= C; c += W) {
          Vec r = vec::fmadd(Vec::loadu(xr + c), Vec::loadu(b + c), Vec::loadu(k + c));
          if (gr != nullptr) r = vec::fmadd(Vec::loadu(gr + c), Vec::loadu(a + c), r);
          r.store(o + c);
        }
        for (; c < C; ++c) o[c] = (gr == nullptr ? T(0) : gr[c] * a[c]) + (xr[c] * b[c] + k[c]);
      }
    });
    return;
  }
  const int64_t grain = std::max<int64_t>(1, GRAIN_SIZE / S);
  parallel_for(0, N * C, grain, [&](int64_t begin, int64_t end) {
    for (int64_t r = begin; r < end; ++r) {
      const int64_t c = r % C;
      row_linear(out + r * S, dy == nullptr ? nullptr : dy + r * S, x + r * S, S,
                 a == nullptr ? T(0) : a[c], b[c], k[c]);
    }
  });
}

void channel_linear_kernel(const Tensor& out, const Tensor& dy, const Tensor& x, int64_t N,
                           int64_t C, int64_t S, const Tensor& a, const Tensor& b,
                           const Tensor& k) {
  dispatch_float(
      x, [&](auto zero) { channel_linear_impl<decltype(zero)>(out, dy, x, N, C, S, a, b, k); });
}

// ---- layer norm: M rows of N ------------------------------------------------------------------

template <typename T>
void layer_norm_impl(const Tensor& y_t, const Tensor& mean_t, const Tensor& rstd_t,
                     const Tensor& x_t, const Tensor& w_t, const Tensor& b_t, int64_t M, int64_t N,
                     double eps) {
  using Vec = Vectorized<T>;
  constexpr int64_t W = Vec::size();
  T* y = y_t.data_ptr<T>();
  T* mean = mean_t.data_ptr<T>();
  T* rstd = rstd_t.data_ptr<T>();
  const T* x = x_t.data_ptr<T>();
  const T* w = ptr_or_null<T>(w_t);
  const T* b = ptr_or_null<T>(b_t);
  const int64_t grain = std::max<int64_t>(1, GRAIN_SIZE / std::max<int64_t>(1, N));
  parallel_for(0, M, grain, [&](int64_t begin, int64_t end) {
    for (int64_t r = begin; r < end; ++r) {
      const T* xr = x + r * N;
      T* yr = y + r * N;
      const T m = static_cast<T>(row_sum(xr, N) / static_cast<double>(N));
      const double var = row_sq_dev(xr, N, m) / static_cast<double>(N);
      const T rs = static_cast<T>(1.0 / std::sqrt(var + eps));
      mean[r] = m;
      rstd[r] = rs;
      if (w == nullptr && b == nullptr) {
        row_linear<T>(yr, nullptr, xr, N, T(0), rs, -m * rs);
        continue;
      }
      const Vec vm(m), vr(rs);
      int64_t j = 0;
      for (; j + W <= N; j += W) {
        const Vec xh = (Vec::loadu(xr + j) - vm) * vr;
        const Vec wv = w == nullptr ? Vec(T(1)) : Vec::loadu(w + j);
        const Vec bv = b == nullptr ? Vec(T(0)) : Vec::loadu(b + j);
        vec::fmadd(xh, wv, bv).store(yr + j);
      }
      for (; j < N; ++j)
        yr[j] = (xr[j] - m) * rs * (w == nullptr ? T(1) : w[j]) + (b == nullptr ? T(0) : b[j]);
    }
  });
}

void layer_norm_kernel(const Tensor& y, const Tensor& mean, const Tensor& rstd, const Tensor& x,
                       const Tensor& w, const Tensor& b, int64_t M, int64_t N, double eps) {
  dispatch_float(
      x, [&](auto zero) { layer_norm_impl<decltype(zero)>(y, mean, rstd, x, w, b, M, N, eps); });
}

template <typename T>
void layer_norm_backward_impl(const Tensor& dx_t, const Tensor& dw_t, const Tensor& db_t,
                              const Tensor& dy_t, const Tensor& x_t, const Tensor& mean_t,
                              const Tensor& rstd_t, const Tensor& w_t, int64_t M, int64_t N) {
  using Vec = Vectorized<T>;
  constexpr int64_t W = Vec::size();
  const T* dy = dy_t.data_ptr<T>();
  const T* x = x_t.data_ptr<T>();
  const T* mean = mean_t.data_ptr<T>();
  const T* rstd = rstd_t.data_ptr<T>();
  const T* w = ptr_or_null<T>(w_t);
  if (dx_t.defined()) {
    T* dx = dx_t.data_ptr<T>();
    const int64_t grain = std::max<int64_t>(1, GRAIN_SIZE / std::max<int64_t>(1, N));
    parallel_for(0, M, grain, [&](int64_t begin, int64_t end) {
      for (int64_t r = begin; r < end; ++r) {
        const T* g = dy + r * N;
        const T* xr = x + r * N;
        const T m = mean[r], rs = rstd[r];
        const Vec vm(m);
        // e1 = mean of u = w * dy; e2 = mean of u * (x - m).
        double e1, e2;
        if (w == nullptr) {
          e1 = row_sum(g, N);
          e2 = row_dot_dev(g, xr, N, m);
        } else {
          e1 = row_reduce<T>(
              N, [&](int64_t i) { return Vec::loadu(g + i) * Vec::loadu(w + i); },
              [&](int64_t i) { return g[i] * w[i]; });
          e2 = row_reduce<T>(
              N,
              [&](int64_t i) {
                return Vec::loadu(g + i) * Vec::loadu(w + i) * (Vec::loadu(xr + i) - vm);
              },
              [&](int64_t i) { return g[i] * w[i] * (xr[i] - m); });
        }
        e1 /= static_cast<double>(N);
        e2 /= static_cast<double>(N);
        // dx = rs * (u - e1 - rs^2 * e2 * (x - m)) = u * rs + x * b + k.
        const T b = static_cast<T>(-static_cast<double>(rs) * rs * rs * e2);
        const T k = static_cast<T>(-b * static_cast<double>(m) - rs * e1);
        T* o = dx + r * N;
        if (w == nullptr) {
          row_linear(o, g, xr, N, rs, b, k);
          continue;
        }
        const Vec vrs(rs), vb(b), vk(k);
        int64_t j = 0;
        for (; j + W <= N; j += W) {
          const Vec u = Vec::loadu(g + j) * Vec::loadu(w + j);
          vec::fmadd(u, vrs, vec::fmadd(Vec::loadu(xr + j), vb, vk)).store(o + j);
        }
        for (; j < N; ++j) o[j] = g[j] * w[j] * rs + (xr[j] * b + k);
      }
    });
  }
  if (!dw_t.defined() && !db_t.defined()) return;
  T* dw = mut_ptr_or_null<T>(dw_t);
  T* db = mut_ptr_or_null<T>(db_t);
  // Column sums: each thread a block of columns, over every row in order.
  constexpr int64_t kCols = 4 * W;
  const int64_t blocks = (N + kCols - 1) / kCols;
  const int64_t grain = std::max<int64_t>(1, GRAIN_SIZE / std::max<int64_t>(1, M * kCols));
  parallel_for(0, blocks, grain, [&](int64_t begin, int64_t end) {
    std::vector<double> sw(kCols), sb(kCols);
    for (int64_t blk = begin; blk < end; ++blk) {
      const int64_t j0 = blk * kCols, width = std::min(kCols, N - j0);
      std::fill(sw.begin(), sw.end(), 0.0);
      std::fill(sb.begin(), sb.end(), 0.0);
      for (int64_t r = 0; r < M; ++r) {
        const T* g = dy + r * N + j0;
        const T* xr = x + r * N + j0;
        const T m = mean[r], rs = rstd[r];
        for (int64_t l = 0; l < width; ++l) {
          sw[l] += static_cast<double>(g[l] * ((xr[l] - m) * rs));
          sb[l] += static_cast<double>(g[l]);
        }
      }
      for (int64_t l = 0; l < width; ++l) {
        if (dw != nullptr) dw[j0 + l] = static_cast<T>(sw[l]);
        if (db != nullptr) db[j0 + l] = static_cast<T>(sb[l]);
      }
    }
  });
}

void layer_norm_backward_kernel(const Tensor& dx, const Tensor& dw, const Tensor& db,
                                const Tensor& dy, const Tensor& x, const Tensor& mean,
                                const Tensor& rstd, const Tensor& w, int64_t M, int64_t N) {
  dispatch_float(x, [&](auto zero) {
    layer_norm_backward_impl<decltype(zero)>(dx, dw, db, dy, x, mean, rstd, w, M, N);
  });
}

// ---- group norm: [N, C, HxW], G groups of D = C / G channels ----------------------------------

template <typename T>
void group_norm_impl(const Tensor& y_t, const Tensor& mean_t, const Tensor& rstd_t,
                     const Tensor& x_t, const Tensor& w_t, const Tensor& b_t, int64_t N, int64_t C,
                     int64_t HxW, int64_t G, double eps) {
  T* y = y_t.data_ptr<T>();
  T* mean = mean_t.data_ptr<T>();
  T* rstd = rstd_t.data_ptr<T>();
  const T* x = x_t.data_ptr<T>();
  const T* w = ptr_or_null<T>(w_t);
  const T* b = ptr_or_null<T>(b_t);
  const int64_t D = C / G, len = D * HxW;
  const int64_t grain = std::max<int64_t>(1, GRAIN_SIZE / std::max<int64_t>(1, len));
  parallel_for(0, N * G, grain, [&](int64_t begin, int64_t end) {
    for (int64_t r = begin; r < end; ++r) {
      const T* xr = x + r * len;
      // No elements: ATen's mean 0 and variance 0 / 0.
      const T m = len == 0 ? T(0) : static_cast<T>(row_sum(xr, len) / static_cast<double>(len));
      const double var = row_sq_dev(xr, len, m) / static_cast<double>(len);
      const T rs = static_cast<T>(1.0 / std::sqrt(var + eps));
      mean[r] = m;
      rstd[r] = rs;
      const int64_t g = r % G;
      for (int64_t d = 0; d < D; ++d) {
        const int64_t c = g * D + d;
        const T scale = rs * (w == nullptr ? T(1) : w[c]);
        const T shift = (b == nullptr ? T(0) : b[c]) - m * scale;
        row_linear<T>(y + r * len + d * HxW, nullptr, xr + d * HxW, HxW, T(0), scale, shift);
      }
    }
  });
}

void group_norm_kernel(const Tensor& y, const Tensor& mean, const Tensor& rstd, const Tensor& x,
                       const Tensor& w, const Tensor& b, int64_t N, int64_t C, int64_t HxW,
                       int64_t G, double eps) {
  dispatch_float(x, [&](auto zero) {
    group_norm_impl<decltype(zero)>(y, mean, rstd, x, w, b, N, C, HxW, G, eps);
  });
}

template <typename T>
void group_norm_backward_impl(const Tensor& dx_t, const Tensor& dw_t, const Tensor& db_t,
                              const Tensor& dy_t, const Tensor& x_t, const Tensor& mean_t,
                              const Tensor& rstd_t, const Tensor& w_t, int64_t N, int64_t C,
                              int64_t HxW, int64_t G) {
  const T* dy = dy_t.data_ptr<T>();
  const T* x = x_t.data_ptr<T>();
  const T* mean = mean_t.data_ptr<T>();
  const T* rstd = rstd_t.data_ptr<T>();
  const T* w = ptr_or_null<T>(w_t);
  const int64_t D = C / G;
  // Per (n, c): the sum of dy and of dy * (x - mean of its group).
  std::vector<double> sdy(N * C), sdx(N * C);
  const int64_t grain = std::max<int64_t>(1, GRAIN_SIZE / std::max<int64_t>(1, HxW));
  parallel_for(0, N * C, grain, [&](int64_t begin, int64_t end) {
    for (int64_t r = begin; r < end; ++r) {
      const int64_t ng = (r / C) * G + (r % C) / D;
      sdy[r] = row_sum(dy + r * HxW, HxW);
      sdx[r] = row_dot_dev(dy + r * HxW, x + r * HxW, HxW, mean[ng]);
    }
  });
  if (dx_t.defined()) {
    T* dx = dx_t.data_ptr<T>();
    const double len = static_cast<double>(D * HxW);
    const int64_t rows_grain = std::max<int64_t>(1, GRAIN_SIZE / std::max<int64_t>(1, D * HxW));
    parallel_for(0, N * G, rows_grain, [&](int64_t begin, int64_t end) {
      for (int64_t ng = begin; ng < end; ++ng) {
        const int64_t n = ng / G, g = ng % G;
        double e1 = 0, e2 = 0;
        for (int64_t d = 0; d < D; ++d) {
          const int64_t c = g * D + d;
          const double wc = w == nullptr ? 1.0 : static_cast<double>(w[c]);
          e1 += wc * sdy[n * C + c];
          e2 += wc * sdx[n * C + c];
        }
        e1 /= len;
        e2 /= len;
        const double rs = rstd[ng], m = mean[ng];
        const T b = static_cast<T>(-rs * rs * rs * e2);
        const T k = static_cast<T>(rs * rs * rs * e2 * m - rs * e1);
        for (int64_t d = 0; d < D; ++d) {
          const int64_t c = g * D + d, at = (n * C + c) * HxW;
          const T a = static_cast<T>(rs * (w == nullptr ? 1.0 : static_cast<double>(w[c])));
          row_linear(dx + at, dy + at, x + at, HxW, a, b, k);
        }
      }
    });
  }
  T* dw = mut_ptr_or_null<T>(dw_t);
  T* db = mut_ptr_or_null<T>(db_t);
  for (int64_t c = 0; c < C && (dw != nullptr || db != nullptr); ++c) {
    double sw = 0, sb = 0;
    for (int64_t n = 0; n < N; ++n) {
      sw += sdx[n * C + c] * static_cast<double>(rstd[n * G + c / D]);
      sb += sdy[n * C + c];
    }
    if (dw != nullptr) dw[c] = static_cast<T>(sw);
    if (db != nullptr) db[c] = static_cast<T>(sb);
  }
}

void group_norm_backward_kernel(const Tensor& dx, const Tensor& dw, const Tensor& db,
                                const Tensor& dy, const Tensor& x, const Tensor& mean,
                                const Tensor& rstd, const Tensor& w, int64_t N, int64_t C,
                                int64_t HxW, int64_t G) {
  dispatch_float(x, [&](auto zero) {
    group_norm_backward_impl<decltype(zero)>(dx, dw, db, dy, x, mean, rstd, w, N, C, HxW, G);
  });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(batch_norm_stats_stub, &batch_norm_stats_kernel);
ATEN_REGISTER_DISPATCH(batch_norm_backward_reduce_stub, &batch_norm_backward_reduce_kernel);
ATEN_REGISTER_DISPATCH(channel_linear_stub, &channel_linear_kernel);
ATEN_REGISTER_DISPATCH(layer_norm_stub, &layer_norm_kernel);
ATEN_REGISTER_DISPATCH(layer_norm_backward_stub, &layer_norm_backward_kernel);
ATEN_REGISTER_DISPATCH(group_norm_stub, &group_norm_kernel);
ATEN_REGISTER_DISPATCH(group_norm_backward_stub, &group_norm_backward_kernel);

}  // namespace aten::native
