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
// Rows whose column sums (a channel's over a [rows, C] input, layer_norm's dw and db) are taken
// in T, per chunk; fixed, so that the sums do not depend on the thread count.
constexpr int64_t kRowChunk = 32;

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
    // The tail fused as the vectors are, so an element's value does not depend on its place.
    for (; i < n; ++i) out[i] = std::fma(x[i], b, k);
  } else {
    for (; i + W <= n; i += W)
      vec::fmadd(Vec::loadu(dy + i), va, vec::fmadd(Vec::loadu(x + i), vb, vk)).store(out + i);
    for (; i < n; ++i) out[i] = std::fma(dy[i], a, std::fma(x[i], b, k));
  }
}

// out = (x - m) * rs over n elements.
template <typename T>
void row_normalize(T* out, const T* x, int64_t n, T m, T rs) {
  using Vec = Vectorized<T>;
  constexpr int64_t W = Vec::size();
  const Vec vm(m), vr(rs);
  int64_t i = 0;
  for (; i + W <= n; i += W) ((Vec::loadu(x + i) - vm) * vr).store(out + i);
  for (; i < n; ++i) out[i] = (x[i] - m) * rs;
}

// layer_norm's and group_norm's 1 / sqrt(var + eps), in T with eps rounded to T, as ATen's
// kernels take it (batch_norm's is in double): for eps = 1e-5 a Float rstd is 316.22778, not
// the double's 316.22775.
template <typename T>
T inverse_std(double var, double eps) {
  return T(1) / std::sqrt(static_cast<T>(var) + static_cast<T>(eps));
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

// Per channel over [N, C, 1] (C contiguous): out[k * C + c] = sum over n of row n's k-th
// contribution to channel c, which row_acc(partials, n) adds into partials (K arrays of C, in
// T) along the row. Rows go in chunks of kRowChunk, each chunk's partials added in chunk order
// in double.
template <typename T, int K, typename RowAcc>
void column_reduce(int64_t N, int64_t C, double* out, RowAcc row_acc) {
  const int64_t chunks = (N + kRowChunk - 1) / kRowChunk;
  std::vector<T> partial(static_cast<size_t>(chunks * K * C));
  const int64_t grain = std::max<int64_t>(1, GRAIN_SIZE / std::max<int64_t>(1, kRowChunk * C));
  parallel_for(0, chunks, grain, [&](int64_t begin, int64_t end) {
    for (int64_t chunk = begin; chunk < end; ++chunk) {
      T* p = partial.data() + chunk * K * C;
      std::fill(p, p + K * C, T(0));
      for (int64_t n = chunk * kRowChunk; n < std::min(N, (chunk + 1) * kRowChunk); ++n)
        row_acc(p, n);
    }
  });
  std::fill(out, out + K * C, 0.0);
  for (int64_t chunk = 0; chunk < chunks; ++chunk) {
    const T* p = partial.data() + chunk * K * C;
    for (int64_t i = 0; i < K * C; ++i) out[i] += static_cast<double>(p[i]);
  }
}

// f(c) over [0, C) in vectors, then g(c) for each element of the tail.
template <typename T, typename F, typename G>
void for_cols(int64_t C, F f, G g) {
  constexpr int64_t W = Vectorized<T>::size();
  int64_t c = 0;
  for (; c + W <= C; c += W) f(c);
  for (; c < C; ++c) g(c);
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
    column_reduce<T, 1>(N, C, sums.data(), [&](T* p, int64_t n) {
      const T* row = x + n * C;
      for_cols<T>(
          C, [&](int64_t c) { (Vec::loadu(p + c) + Vec::loadu(row + c)).store(p + c); },
          [&](int64_t c) { p[c] += row[c]; });
    });
    for (int64_t c = 0; c < C; ++c) mean[c] = static_cast<T>(sums[c] / count);
    column_reduce<T, 1>(N, C, sums.data(), [&](T* p, int64_t n) {
      const T* row = x + n * C;
      for_cols<T>(
          C,
          [&](int64_t c) {
            const Vec d = Vec::loadu(row + c) - Vec::loadu(mean + c);
            vec::fmadd(d, d, Vec::loadu(p + c)).store(p + c);
          },
          [&](int64_t c) { p[c] += (row[c] - mean[c]) * (row[c] - mean[c]); });
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
    column_reduce<T, 2>(N, C, sums.data(), [&](T* p, int64_t n) {
      const T* g = dy + n * C;
      const T* row = x + n * C;
      T* q = p + C;
      for_cols<T>(
          C,
          [&](int64_t c) {
            const Vec gv = Vec::loadu(g + c);
            (Vec::loadu(p + c) + gv).store(p + c);
            vec::fmadd(gv, Vec::loadu(row + c) - Vec::loadu(mean + c), Vec::loadu(q + c))
                .store(q + c);
          },
          [&](int64_t c) {
            p[c] += g[c];
            q[c] += g[c] * (row[c] - mean[c]);
          });
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
      const T rs = inverse_std<T>(var, eps);
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

// Rows are taken in chunks of kRowChunk: each chunk's rows are read once, for dx and for the
// chunk's partial column sums of dw and db, which are then added across chunks in order, in
// double.

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
  T* dx = mut_ptr_or_null<T>(dx_t);
  const bool sums = dw_t.defined() || db_t.defined();
  const int64_t chunks = (M + kRowChunk - 1) / kRowChunk;
  // Per chunk: the partial sums of dy * xhat (dw) and of dy (db), N each.
  std::vector<T> partial(sums ? static_cast<size_t>(chunks * 2 * N) : 0);
  const int64_t grain = std::max<int64_t>(1, GRAIN_SIZE / std::max<int64_t>(1, kRowChunk * N));
  parallel_for(0, chunks, grain, [&](int64_t begin, int64_t end) {
    for (int64_t chunk = begin; chunk < end; ++chunk) {
      T* pw = sums ? partial.data() + chunk * 2 * N : nullptr;
      T* pb = sums ? pw + N : nullptr;
      if (sums) std::fill(pw, pw + 2 * N, T(0));
      for (int64_t r = chunk * kRowChunk; r < std::min(M, (chunk + 1) * kRowChunk); ++r) {
        const T* g = dy + r * N;
        const T* xr = x + r * N;
        const T m = mean[r], rs = rstd[r];
        const Vec vm(m), vrs(rs);
        T b = 0, k = 0;  // dx's coefficient of (x - m), and e1
        if (dx != nullptr) {
          // e1 = mean of u = w * dy; e2 = mean of u * (x - m), in one pass.
          double e1 = 0, e2 = 0;
          for (int64_t b0 = 0; b0 < N; b0 += kBlock) {
            const int64_t e = std::min(N, b0 + kBlock);
            Vec a1(T(0)), a2(T(0));
            int64_t j = b0;
            for (; j + W <= e; j += W) {
              Vec u = Vec::loadu(g + j);
              if (w != nullptr) u = u * Vec::loadu(w + j);
              a1 = a1 + u;
              a2 = vec::fmadd(u, Vec::loadu(xr + j) - vm, a2);
            }
            T t1 = 0, t2 = 0;
            for (; j < e; ++j) {
              const T u = g[j] * (w == nullptr ? T(1) : w[j]);
              t1 += u;
              t2 += u * (xr[j] - m);
            }
            e1 += lanes_sum(a1) + static_cast<double>(t1);
            e2 += lanes_sum(a2) + static_cast<double>(t2);
          }
          e1 /= static_cast<double>(N);
          e2 /= static_cast<double>(N);
          // dx = (u - e1) * rs + (x - m) * b, b = -rs^3 * e2: a row of one element gets 0
          // exactly, as ATen's.
          b = static_cast<T>(-static_cast<double>(rs) * rs * rs * e2);
          k = static_cast<T>(e1);
        }
        const Vec vb(b), vk(k);
        T* o = dx == nullptr ? nullptr : dx + r * N;
        int64_t j = 0;
        for (; j + W <= N; j += W) {
          const Vec gv = Vec::loadu(g + j), xv = Vec::loadu(xr + j);
          if (o != nullptr) {
            const Vec u = w == nullptr ? gv : gv * Vec::loadu(w + j);
            vec::fmadd(u - vk, vrs, (xv - vm) * vb).store(o + j);
          }
          if (sums) {
            vec::fmadd(gv, (xv - vm) * vrs, Vec::loadu(pw + j)).store(pw + j);
            (Vec::loadu(pb + j) + gv).store(pb + j);
          }
        }
        for (; j < N; ++j) {
          if (o != nullptr) o[j] = (g[j] * (w == nullptr ? T(1) : w[j]) - k) * rs + (xr[j] - m) * b;
          if (sums) {
            pw[j] += g[j] * ((xr[j] - m) * rs);
            pb[j] += g[j];
          }
        }
      }
    }
  });
  if (!sums) return;
  T* dw = mut_ptr_or_null<T>(dw_t);
  T* db = mut_ptr_or_null<T>(db_t);
  // Each column's chunks in order, a block of columns at a time (reading the partials along
  // their rows).
  constexpr int64_t kCols = 256;
  const int64_t blocks = (N + kCols - 1) / kCols;
  const int64_t col_grain = std::max<int64_t>(1, GRAIN_SIZE / std::max<int64_t>(1, chunks * kCols));
  parallel_for(0, blocks, col_grain, [&](int64_t begin, int64_t end) {
    double sw[kCols], sb[kCols];
    for (int64_t blk = begin; blk < end; ++blk) {
      const int64_t j0 = blk * kCols, width = std::min(kCols, N - j0);
      std::fill(sw, sw + width, 0.0);
      std::fill(sb, sb + width, 0.0);
      for (int64_t chunk = 0; chunk < chunks; ++chunk) {
        const T* pw = partial.data() + chunk * 2 * N + j0;
        const T* pb = pw + N;
        for (int64_t l = 0; l < width; ++l) {
          sw[l] += static_cast<double>(pw[l]);
          sb[l] += static_cast<double>(pb[l]);
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
      const T rs = inverse_std<T>(var, eps);
      mean[r] = m;
      rstd[r] = rs;
      if (w == nullptr && b == nullptr) {
        // (x - mean) * rstd, as ATen's: a group's element equal to its mean gives 0 exactly.
        row_normalize<T>(y + r * len, xr, len, m, rs);
        continue;
      }
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
