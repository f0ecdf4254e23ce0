// CPU kernels of 2-d max, average and adaptive average pooling and their backward, in ATen
// 1.13's order of evaluation (the same sums, in the same order, so the results agree to the
// bit). Contiguous [N, C, H, W]: a plane at a time, planes in parallel. Channels-last: one
// output position at a time, all C channels together (contiguous, so the channel loops are
// vectorized per CPU capability), positions in parallel. Compiled once per CPU capability.
#include <aten/core/DtypeDispatch.h>
#include <aten/cpu/Parallel.h>
#include <aten/cpu/vec/Interleave.h>
#include <aten/cpu/vec/Vectorized.h>
#include <aten/dtype_sets/floating.h>
#include <aten/native/Pooling.h>
#include <aten/ops/zero.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <type_traits>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

// The geometry of a pooling: batch, channels, input and output H and W.
struct Geometry {
  Geometry(const Tensor& input, const Tensor& output)
      : n(input.dim() == 4 ? input.size(0) : 1),
        c(input.size(-3)),
        ih(input.size(-2)),
        iw(input.size(-1)),
        oh(output.size(-2)),
        ow(output.size(-1)) {}
  int64_t n, c, ih, iw, oh, ow;
};

// The tensors a kernel gets are all contiguous or all channels-last contiguous; some (a size-1
// C, or H and W) may be both. The channels-last loops then serve unless every one is
// contiguous.
bool channels_last(std::initializer_list<const Tensor*> ts) {
  for (const Tensor* t : ts)
    if (!t->is_contiguous()) return true;
  return false;
}

// Units of work of `per_unit` elements each, in parallel above GRAIN_SIZE elements.
template <typename F>
void parallel_units(int64_t units, int64_t per_unit, F f) {
  const int64_t grain = std::max<int64_t>(1, GRAIN_SIZE / std::max<int64_t>(1, per_unit));
  parallel_for(0, units, grain, f);
}

// The first row (column) of a max pooling window inside the input, and its end.
struct Span {
  int64_t begin, end;
};
Span dilated_span(int64_t o, int64_t stride, int64_t pad, int64_t k, int64_t dilation,
                  int64_t size) {
  int64_t begin = o * stride - pad;
  const int64_t end = std::min(begin + (k - 1) * dilation + 1, size);
  while (begin < 0) begin += dilation;
  return {begin, end};
}

// The output columns [lo, hi) whose windows, `extent` input columns wide, lie inside the input:
// ow * dW - padW >= 0 and ow * dW - padW + extent <= iw. Their loops run without clipping.
struct ColumnRange {
  int64_t lo, hi;
};
ColumnRange interior_columns(const Geometry& g, const Pool2dParams& p, int64_t extent) {
  const int64_t lo = std::min(g.ow, (p.padW + p.dW - 1) / p.dW);
  const int64_t last = g.iw + p.padW - extent;
  return {lo, std::max(lo, std::min(g.ow, last < 0 ? 0 : last / p.dW + 1))};
}

// ---- max pooling ------------------------------------------------------------------------------

// A window's maximum replaces the running one when greater, or NaN (ATen's rule: the first
// maximum, or the last NaN), visiting the window row by row.
template <typename T>
bool takes(T v, T m) {
  return v > m || v != v;
}

// Output column ow of output row oh, its window clipped to the input.
template <typename T>
void max_pool2d_one(const T* x, T* y, int64_t* ind, const Geometry& g, const Pool2dParams& p,
                    const Span& h, int64_t oh, int64_t ow) {
  const Span w = dilated_span(ow, p.dW, p.padW, p.kW, p.dilationW, g.iw);
  int64_t best = h.begin * g.iw + w.begin;
  T m = -std::numeric_limits<T>::infinity();
  for (int64_t ih = h.begin; ih < h.end; ih += p.dilationH) {
    for (int64_t iw = w.begin; iw < w.end; iw += p.dilationW) {
      const int64_t i = ih * g.iw + iw;
      if (takes(x[i], m)) {
        m = x[i];
        best = i;
      }
    }
  }
  y[oh * g.ow + ow] = m;
  ind[oh * g.ow + ow] = best;
}

// The elements o * step of p for o in [0, count): one tap of the windows of consecutive output
// columns. The lanes from count on are 0; nothing past the last of those elements is read.
template <int kStep, typename T>
vec::Vectorized<T> load_columns(const T* p, int64_t step, int64_t count) {
  using Vec = vec::Vectorized<T>;
  constexpr int64_t n = Vec::size();
  if constexpr (kStep == 1) {
    return count == n ? Vec::loadu(p) : Vec::loadu(p, count);
  } else if constexpr (kStep == 2) {
    // The even elements of p[0, 2 count - 1): the first half from p[0, n), the second from
    // p[n - 1, 2n - 1), where they are odd (p[2n - 1] may lie past the input).
    const int64_t last = 2 * count - 1;  // elements of p read
    const Vec low = count == n ? Vec::loadu(p) : Vec::loadu(p, std::min(n, last));
    const Vec high = count == n ? Vec::loadu(p + n - 1)
                                : Vec::loadu(p + n - 1, std::max<int64_t>(0, last - (n - 1)));
    const auto halves = vec::deinterleave2(low, high);
    constexpr int64_t high_half = ((int64_t{1} << n) - 1) ^ ((int64_t{1} << (n / 2)) - 1);
    return Vec::template blend<high_half>(halves.first, halves.second);
  } else {
    T columns[n] = {};
    for (int64_t o = 0; o < count; ++o) columns[o] = p[o * step];
    return Vec::loadu(columns);
  }
}

// kChains vectors of output columns of output row oh, each `count` columns from its start (all
// of a vector but for a row narrower than one), whose windows lie inside the input's columns:
// the comparisons of max_pool2d_one, in its order, without branches (on random data those
// mispredict often enough to cost most of the time). Each comparison waits for the one before
// in its window, so the vectors go through the window together, their chains interleaved. The
// indices are kept in an integer vector of as many lanes, int32_t for float: planes of up to
// 2^31 elements take this path. kStep is the column stride when known at compile time (1 or 2),
// else 0.
template <int kStep, int64_t kChains, typename T>
void max_pool2d_vectors(const T* x, T* y, int64_t* ind, const Geometry& g, const Pool2dParams& p,
                        const Span& h, int64_t oh, const std::array<int64_t, kChains>& start,
                        int64_t count) {
  using Vec = vec::Vectorized<T>;
  using Index = std::conditional_t<sizeof(T) == 4, int32_t, int64_t>;
  using IndexVec = vec::Vectorized<Index>;
  constexpr int64_t n = Vec::size();
  static_assert(IndexVec::size() == n);
  const int64_t step = kStep != 0 ? kStep : p.dW;
  Index lane_columns[n];
  for (int64_t o = 0; o < n; ++o) lane_columns[o] = static_cast<Index>(o * step);
  const IndexVec lanes = IndexVec::loadu(lane_columns);
  int64_t column[kChains];
  Vec m[kChains];
  IndexVec best[kChains];
  for (int64_t c = 0; c < kChains; ++c) {
    column[c] = start[c] * step - p.padW;
    m[c] = Vec(-std::numeric_limits<T>::infinity());
    best[c] = IndexVec(static_cast<Index>(h.begin * g.iw + column[c])) + lanes;
  }
  for (int64_t ih = h.begin; ih < h.end; ih += p.dilationH) {
    for (int64_t kw = 0; kw < p.kW; ++kw) {
      for (int64_t c = 0; c < kChains; ++c) {
        const int64_t i = ih * g.iw + column[c] + kw * p.dilationW;
        const Vec v = load_columns<kStep>(x + i, step, count);
        const Vec take = (v > m[c]) | (v != v);
        m[c] = Vec::blendv(m[c], v, take);
        best[c] = IndexVec::blendv(best[c], IndexVec(static_cast<Index>(i)) + lanes,
                                   vec::bit_cast<Index>(take));
      }
    }
  }
  for (int64_t c = 0; c < kChains; ++c) {
    const int64_t out = oh * g.ow + start[c];
    m[c].store(y + out, count);
    if constexpr (std::is_same_v<Index, int64_t>) {
      best[c].store(ind + out, count);
    } else {
      const auto wide = vec::convert<int64_t>(best[c]);
      const int64_t half = n / 2;
      wide[0].store(ind + out, std::min(count, half));
      if (count > half) wide[1].store(ind + out + half, count - half);
    }
  }
}

// Output columns [begin, end) of output row oh, whose windows lie inside the input's columns:
// two vectors at a time, the last ones overlapping those before rather than leaving a scalar
// tail (the columns they share are computed twice, to the same values); a row narrower than a
// vector as one vector's first lanes.
template <int kStep, typename T>
void max_pool2d_interior(const T* x, T* y, int64_t* ind, const Geometry& g, const Pool2dParams& p,
                         const Span& h, int64_t oh, int64_t begin, int64_t end) {
  constexpr int64_t n = vec::Vectorized<T>::size();
  if (end - begin < n) {
    if (end > begin) max_pool2d_vectors<kStep, 1>(x, y, ind, g, p, h, oh, {begin}, end - begin);
    return;
  }
  for (int64_t o0 = begin; o0 < end; o0 += 2 * n) {
    max_pool2d_vectors<kStep, 2>(x, y, ind, g, p, h, oh,
                                 {std::min(o0, end - n), std::min(o0 + n, end - n)}, n);
  }
}

template <typename T>
void max_pool2d_plane(const T* x, T* y, int64_t* ind, const Geometry& g, const Pool2dParams& p) {
  const ColumnRange cols = interior_columns(g, p, (p.kW - 1) * p.dilationW + 1);
  const int64_t lo = cols.lo, hi = cols.hi;
  // Vectors of float and double; Half and BFloat16 compare in float, a column at a time.
  constexpr bool kVectors = std::is_same_v<T, float> || std::is_same_v<T, double>;
  const bool vector_columns = kVectors && g.ih * g.iw < (int64_t{1} << 31);
  for (int64_t oh = 0; oh < g.oh; ++oh) {
    const Span h = dilated_span(oh, p.dH, p.padH, p.kH, p.dilationH, g.ih);
    if (!vector_columns) {
      for (int64_t ow = 0; ow < g.ow; ++ow) max_pool2d_one(x, y, ind, g, p, h, oh, ow);
      continue;
    }
    for (int64_t ow = 0; ow < lo; ++ow) max_pool2d_one(x, y, ind, g, p, h, oh, ow);
    if constexpr (kVectors) {
      if (p.dW == 1) max_pool2d_interior<1>(x, y, ind, g, p, h, oh, lo, hi);
      else if (p.dW == 2) max_pool2d_interior<2>(x, y, ind, g, p, h, oh, lo, hi);
      else max_pool2d_interior<0>(x, y, ind, g, p, h, oh, lo, hi);
    }
    for (int64_t ow = hi; ow < g.ow; ++ow) max_pool2d_one(x, y, ind, g, p, h, oh, ow);
  }
}

// A block of channels of one output position: the running maxima and their indices in local
// arrays rather than in the output, so that nothing the loop writes can alias what it reads and
// the channel loop vectorizes.
template <int64_t kBlock, typename T>
void max_pool2d_channels_block(const T* __restrict xn, T* __restrict ym, int64_t* __restrict im,
                               int64_t C, int64_t iw_size, const Span& h, const Span& w,
                               const Pool2dParams& p, int64_t n) {
  T m[kBlock];
  int64_t best[kBlock];
  const int64_t first = h.begin * iw_size + w.begin;
  for (int64_t c = 0; c < n; ++c) {
    m[c] = -std::numeric_limits<T>::infinity();
    best[c] = first;
  }
  for (int64_t ih = h.begin; ih < h.end; ih += p.dilationH) {
    for (int64_t iw = w.begin; iw < w.end; iw += p.dilationW) {
      const int64_t i = ih * iw_size + iw;
      const T* __restrict xp = xn + i * C;
      for (int64_t c = 0; c < n; ++c) {
        const T v = xp[c];
        const bool take = takes(v, m[c]);
        m[c] = take ? v : m[c];
        best[c] = take ? i : best[c];
      }
    }
  }
  for (int64_t c = 0; c < n; ++c) {
    ym[c] = m[c];
    im[c] = best[c];
  }
}

template <typename T>
void max_pool2d_channels_last(const T* x, T* y, int64_t* ind, const Geometry& g,
                              const Pool2dParams& p) {
  constexpr int64_t kBlock = 64;
  const int64_t C = g.c;
  parallel_units(g.n * g.oh * g.ow, C * p.kH * p.kW, [&](int64_t begin, int64_t end) {
    for (int64_t k = begin; k < end; ++k) {
      const int64_t n = k / (g.oh * g.ow), oh = k / g.ow % g.oh, ow = k % g.ow;
      const Span h = dilated_span(oh, p.dH, p.padH, p.kH, p.dilationH, g.ih);
      const Span w = dilated_span(ow, p.dW, p.padW, p.kW, p.dilationW, g.iw);
      const T* xn = x + n * g.ih * g.iw * C;
      for (int64_t c0 = 0; c0 < C; c0 += kBlock)
        max_pool2d_channels_block<kBlock>(xn + c0, y + k * C + c0, ind + k * C + c0, C, g.iw, h, w,
                                          p, std::min(kBlock, C - c0));
    }
  });
}

void max_pool2d_kernel(const Tensor& output, const Tensor& indices, const Tensor& input,
                       const Pool2dParams& p) {
  const Geometry g(input, output);
  ATEN_DTYPE_SWITCH("max_pool2d", input.scalar_type(), ATEN_DTYPE_SET_floating, [&] {
    const scalar_t* x = input.data_ptr<scalar_t>();
    scalar_t* y = output.data_ptr<scalar_t>();
    int64_t* ind = indices.data_ptr<int64_t>();
    if (channels_last({&input, &output, &indices})) {
      max_pool2d_channels_last(x, y, ind, g, p);
      return;
    }
    const int64_t in_plane = g.ih * g.iw, out_plane = g.oh * g.ow;
    parallel_units(g.n * g.c, out_plane * p.kH * p.kW, [&](int64_t begin, int64_t end) {
      for (int64_t k = begin; k < end; ++k)
        max_pool2d_plane(x + k * in_plane, y + k * out_plane, ind + k * out_plane, g, p);
    });
  });
}

// An index from indices, checked: ATen writes where it points, unchecked.
inline int64_t checked_index(int64_t i, int64_t plane) {
  ATEN_CHECK(i >= 0 && i < plane, "max_pool2d_with_indices_backward: index ", i,
             " out of range for an input plane of ", plane, " elements");
  return i;
}

void max_pool2d_backward_kernel(const Tensor& grad_input, const Tensor& grad_output,
                                const Tensor& indices) {
  const Geometry g(grad_input, grad_output);
  grad_input.zero_();
  ATEN_DTYPE_SWITCH("max_pool2d_backward", grad_input.scalar_type(), ATEN_DTYPE_SET_floating, [&] {
    scalar_t* gi = grad_input.data_ptr<scalar_t>();
    const scalar_t* go = grad_output.data_ptr<scalar_t>();
    const int64_t* ind = indices.data_ptr<int64_t>();
    const int64_t in_plane = g.ih * g.iw, out_plane = g.oh * g.ow, C = g.c;
    if (channels_last({&grad_input, &grad_output, &indices})) {
      parallel_units(g.n, out_plane * C, [&](int64_t begin, int64_t end) {
        for (int64_t n = begin; n < end; ++n) {
          scalar_t* gin = gi + n * in_plane * C;
          for (int64_t o = 0; o < out_plane; ++o) {
            const int64_t k = (n * out_plane + o) * C;
            for (int64_t c = 0; c < C; ++c)
              gin[checked_index(ind[k + c], in_plane) * C + c] += go[k + c];
          }
        }
      });
      return;
    }
    parallel_units(g.n * g.c, out_plane, [&](int64_t begin, int64_t end) {
      for (int64_t k = begin; k < end; ++k) {
        scalar_t* gip = gi + k * in_plane;
        const scalar_t* gop = go + k * out_plane;
        const int64_t* ip = ind + k * out_plane;
        for (int64_t o = 0; o < out_plane; ++o) gip[checked_index(ip[o], in_plane)] += gop[o];
      }
    });
  });
}

// ---- average pooling --------------------------------------------------------------------------

// A window of avg_pool2d: its rows and columns inside the input, and its divisor.
struct AvgWindow {
  int64_t h0, h1, w0, w1, divisor;
};
AvgWindow avg_window(int64_t oh, int64_t ow, const Geometry& g, const Pool2dParams& p,
                     bool count_include_pad, std::optional<int64_t> divisor_override) {
  int64_t h0 = oh * p.dH - p.padH, w0 = ow * p.dW - p.padW;
  int64_t h1 = std::min(h0 + p.kH, g.ih + p.padH), w1 = std::min(w0 + p.kW, g.iw + p.padW);
  const int64_t pool_size = (h1 - h0) * (w1 - w0);
  h0 = std::max<int64_t>(h0, 0);
  w0 = std::max<int64_t>(w0, 0);
  h1 = std::min(h1, g.ih);
  w1 = std::min(w1, g.iw);
  const int64_t divisor = divisor_override    ? *divisor_override
                          : count_include_pad ? pool_size
                                              : (h1 - h0) * (w1 - w0);
  return {h0, h1, w0, w1, divisor};
}

// The sum's type: the dtype's own (as ATen's kernel), int64 for integers.
template <typename T>
T divide(T sum, int64_t divisor) {
  if constexpr (std::is_integral_v<T>) {
    return sum / divisor;
  } else {
    return sum / static_cast<T>(divisor);
  }
}

// Output columns [begin, end) of output row oh, whose windows lie inside the input's columns
// (w is the first one's window; the rows and the divisor are the same for all): the same sums in
// the same order, a block of columns at a time, so that the column loop vectorizes. kStep as in
// max_pool2d_interior.
template <int kStep, typename T>
void avg_pool2d_interior(const T* x, T* y, const Geometry& g, const Pool2dParams& p,
                         const AvgWindow& w, int64_t oh, int64_t begin, int64_t end) {
  constexpr int64_t kBlock = 64;
  const int64_t step = kStep != 0 ? kStep : p.dW;
  T acc[kBlock];
  for (int64_t o0 = begin; o0 < end; o0 += kBlock) {
    const int64_t n = std::min(kBlock, end - o0);
    for (int64_t o = 0; o < n; ++o) acc[o] = T(0);
    for (int64_t ih = w.h0; ih < w.h1; ++ih) {
      for (int64_t kw = 0; kw < p.kW; ++kw) {
        const T* row = x + ih * g.iw + o0 * step - p.padW + kw;
        for (int64_t o = 0; o < n; ++o) acc[o] += row[o * step];
      }
    }
    for (int64_t o = 0; o < n; ++o) y[oh * g.ow + o0 + o] = T(0) + divide(acc[o], w.divisor);
  }
}

template <typename T>
void avg_pool2d_typed(const Tensor& output, const Tensor& input, const Pool2dParams& p,
                      bool count_include_pad, std::optional<int64_t> divisor_override) {
  const Geometry g(input, output);
  const T* x = input.data_ptr<T>();
  T* y = output.data_ptr<T>();
  if (channels_last({&input, &output})) {
    const int64_t C = g.c;
    parallel_units(g.n * g.oh * g.ow, C * p.kH * p.kW, [&](int64_t begin, int64_t end) {
      for (int64_t k = begin; k < end; ++k) {
        const int64_t n = k / (g.oh * g.ow), oh = k / g.ow % g.oh, ow = k % g.ow;
        const AvgWindow w = avg_window(oh, ow, g, p, count_include_pad, divisor_override);
        T* yp = y + k * C;
        for (int64_t c = 0; c < C; ++c) yp[c] = T(0);
        if (w.h0 >= w.h1 || w.w0 >= w.w1) continue;
        const T* xn = x + n * g.ih * g.iw * C;
        for (int64_t ih = w.h0; ih < w.h1; ++ih)
          for (int64_t iw = w.w0; iw < w.w1; ++iw) {
            const T* xp = xn + (ih * g.iw + iw) * C;
            for (int64_t c = 0; c < C; ++c) yp[c] += xp[c];
          }
        for (int64_t c = 0; c < C; ++c) yp[c] = divide(yp[c], w.divisor);
      }
    });
    return;
  }
  const int64_t in_plane = g.ih * g.iw, out_plane = g.oh * g.ow;
  // Plain variables, not a structured binding: the lambda below captures them (clang 14 refuses).
  const ColumnRange cols = interior_columns(g, p, p.kW);
  const int64_t lo = cols.lo, hi = cols.hi;
  parallel_units(g.n * g.c, out_plane * p.kH * p.kW, [&](int64_t begin, int64_t end) {
    for (int64_t k = begin; k < end; ++k) {
      const T* xp = x + k * in_plane;
      T* yp = y + k * out_plane;
      auto one = [&](int64_t oh, int64_t ow) {
        const AvgWindow w = avg_window(oh, ow, g, p, count_include_pad, divisor_override);
        if (w.h0 >= w.h1 || w.w0 >= w.w1) {
          yp[oh * g.ow + ow] = T(0);
          return;
        }
        T sum = 0;
        for (int64_t ih = w.h0; ih < w.h1; ++ih)
          for (int64_t iw = w.w0; iw < w.w1; ++iw) sum += xp[ih * g.iw + iw];
        // Added to a zeroed output, as ATen's: a zero sum over a negative divisor is +0.
        yp[oh * g.ow + ow] = T(0) + divide(sum, w.divisor);
      };
      for (int64_t oh = 0; oh < g.oh; ++oh) {
        for (int64_t ow = 0; ow < lo; ++ow) one(oh, ow);
        if (lo < hi) {
          const AvgWindow w = avg_window(oh, lo, g, p, count_include_pad, divisor_override);
          if (w.h0 >= w.h1) {
            for (int64_t ow = lo; ow < hi; ++ow) one(oh, ow);
          } else if (p.dW == 1) {
            avg_pool2d_interior<1>(xp, yp, g, p, w, oh, lo, hi);
          } else if (p.dW == 2) {
            avg_pool2d_interior<2>(xp, yp, g, p, w, oh, lo, hi);
          } else {
            avg_pool2d_interior<0>(xp, yp, g, p, w, oh, lo, hi);
          }
        }
        for (int64_t ow = hi; ow < g.ow; ++ow) one(oh, ow);
      }
    }
  });
}

void avg_pool2d_kernel(const Tensor& output, const Tensor& input, const Pool2dParams& p,
                       bool count_include_pad, std::optional<int64_t> divisor_override) {
  switch (input.scalar_type()) {
    case ScalarType::Float:
      return avg_pool2d_typed<float>(output, input, p, count_include_pad, divisor_override);
    case ScalarType::Double:
      return avg_pool2d_typed<double>(output, input, p, count_include_pad, divisor_override);
    case ScalarType::Long:
      return avg_pool2d_typed<int64_t>(output, input, p, count_include_pad, divisor_override);
    default:
      ATEN_CHECK(false, "\"avg_pool2d\" not implemented for '", input.scalar_type(), "'");
  }
}

template <typename T>
void avg_pool2d_backward_typed(const Tensor& grad_input, const Tensor& grad_output,
                               const Pool2dParams& p, bool count_include_pad,
                               std::optional<int64_t> divisor_override) {
  const Geometry g(grad_input, grad_output);
  T* gi = grad_input.data_ptr<T>();
  const T* go = grad_output.data_ptr<T>();
  const int64_t in_plane = g.ih * g.iw, out_plane = g.oh * g.ow;
  if (channels_last({&grad_input, &grad_output})) {
    const int64_t C = g.c;
    parallel_units(g.n, out_plane * C * p.kH * p.kW, [&](int64_t begin, int64_t end) {
      for (int64_t n = begin; n < end; ++n) {
        T* gin = gi + n * in_plane * C;
        for (int64_t oh = 0; oh < g.oh; ++oh)
          for (int64_t ow = 0; ow < g.ow; ++ow) {
            const AvgWindow w = avg_window(oh, ow, g, p, count_include_pad, divisor_override);
            const T* gop = go + ((n * g.oh + oh) * g.ow + ow) * C;
            for (int64_t ih = w.h0; ih < w.h1; ++ih)
              for (int64_t iw = w.w0; iw < w.w1; ++iw) {
                T* gip = gin + (ih * g.iw + iw) * C;
                for (int64_t c = 0; c < C; ++c) gip[c] += divide(gop[c], w.divisor);
              }
          }
      }
    });
    return;
  }
  parallel_units(g.n * g.c, out_plane * p.kH * p.kW, [&](int64_t begin, int64_t end) {
    for (int64_t k = begin; k < end; ++k) {
      T* gip = gi + k * in_plane;
      const T* gop = go + k * out_plane;
      for (int64_t oh = 0; oh < g.oh; ++oh)
        for (int64_t ow = 0; ow < g.ow; ++ow) {
          const AvgWindow w = avg_window(oh, ow, g, p, count_include_pad, divisor_override);
          const T delta = divide(gop[oh * g.ow + ow], w.divisor);
          for (int64_t ih = w.h0; ih < w.h1; ++ih)
            for (int64_t iw = w.w0; iw < w.w1; ++iw) gip[ih * g.iw + iw] += delta;
        }
    }
  });
}

void avg_pool2d_backward_kernel(const Tensor& grad_input, const Tensor& grad_output,
                                const Pool2dParams& p, bool count_include_pad,
                                std::optional<int64_t> divisor_override) {
  grad_input.zero_();
  switch (grad_input.scalar_type()) {
    case ScalarType::Float:
      return avg_pool2d_backward_typed<float>(grad_input, grad_output, p, count_include_pad,
                                              divisor_override);
    case ScalarType::Double:
      return avg_pool2d_backward_typed<double>(grad_input, grad_output, p, count_include_pad,
                                               divisor_override);
    case ScalarType::Long:
      return avg_pool2d_backward_typed<int64_t>(grad_input, grad_output, p, count_include_pad,
                                                divisor_override);
    default:
      ATEN_CHECK(false, "\"avg_pool2d_backward\" not implemented for '", grad_input.scalar_type(),
                 "'");
  }
}

// ---- adaptive average pooling -----------------------------------------------------------------

// ATen's start_index / end_index: output row o of out rows covers input rows [start, end).
inline int64_t start_index(int64_t o, int64_t out, int64_t in) {
  return (o / out) * in + ((o % out) * in) / out;
}
inline int64_t end_index(int64_t o, int64_t out, int64_t in) {
  return 1 + ((o + 1) * in - 1) / out;
}

void adaptive_avg_pool2d_kernel(const Tensor& output, const Tensor& input) {
  const Geometry g(input, output);
  ATEN_DTYPE_SWITCH("adaptive_avg_pool2d", input.scalar_type(), ATEN_DTYPE_SET_floating, [&] {
    using T = scalar_t;
    const T* x = input.data_ptr<T>();
    T* y = output.data_ptr<T>();
    const int64_t per = std::max<int64_t>(1, g.ih / std::max<int64_t>(g.oh, 1)) *
                        std::max<int64_t>(1, g.iw / std::max<int64_t>(g.ow, 1));
    if (channels_last({&input, &output})) {
      const int64_t C = g.c;
      parallel_units(g.n * g.oh * g.ow, C * per, [&](int64_t begin, int64_t end) {
        for (int64_t k = begin; k < end; ++k) {
          const int64_t n = k / (g.oh * g.ow), oh = k / g.ow % g.oh, ow = k % g.ow;
          const int64_t h0 = start_index(oh, g.oh, g.ih), h1 = end_index(oh, g.oh, g.ih);
          const int64_t w0 = start_index(ow, g.ow, g.iw), w1 = end_index(ow, g.ow, g.iw);
          T* yp = y + k * C;
          for (int64_t c = 0; c < C; ++c) yp[c] = T(0);
          const T* xn = x + n * g.ih * g.iw * C;
          for (int64_t ih = h0; ih < h1; ++ih)
            for (int64_t iw = w0; iw < w1; ++iw) {
              const T* xp = xn + (ih * g.iw + iw) * C;
              for (int64_t c = 0; c < C; ++c) yp[c] += xp[c];
            }
          for (int64_t c = 0; c < C; ++c)
            yp[c] = yp[c] / static_cast<T>(h1 - h0) / static_cast<T>(w1 - w0);
        }
      });
      return;
    }
    const int64_t in_plane = g.ih * g.iw, out_plane = g.oh * g.ow;
    parallel_units(g.n * g.c, out_plane * per, [&](int64_t begin, int64_t end) {
      for (int64_t k = begin; k < end; ++k) {
        const T* xp = x + k * in_plane;
        T* yp = y + k * out_plane;
        for (int64_t oh = 0; oh < g.oh; ++oh) {
          const int64_t h0 = start_index(oh, g.oh, g.ih), h1 = end_index(oh, g.oh, g.ih);
          for (int64_t ow = 0; ow < g.ow; ++ow) {
            const int64_t w0 = start_index(ow, g.ow, g.iw), w1 = end_index(ow, g.ow, g.iw);
            T sum = 0;
            for (int64_t ih = h0; ih < h1; ++ih)
              for (int64_t iw = w0; iw < w1; ++iw) sum += xp[ih * g.iw + iw];
            yp[oh * g.ow + ow] = sum / static_cast<T>(h1 - h0) / static_cast<T>(w1 - w0);
          }
        }
      }
    });
  });
}

void adaptive_avg_pool2d_backward_kernel(const Tensor& grad_input, const Tensor& grad_output) {
  const Geometry g(grad_input, grad_output);
  grad_input.zero_();
  ATEN_DTYPE_SWITCH(
      "adaptive_avg_pool2d_backward", grad_input.scalar_type(), ATEN_DTYPE_SET_floating, [&] {
        using T = scalar_t;
        T* gi = grad_input.data_ptr<T>();
        const T* go = grad_output.data_ptr<T>();
        const int64_t in_plane = g.ih * g.iw, out_plane = g.oh * g.ow;
        if (channels_last({&grad_input, &grad_output})) {
          const int64_t C = g.c;
          parallel_units(g.n, in_plane * C, [&](int64_t begin, int64_t end) {
            for (int64_t n = begin; n < end; ++n)
              for (int64_t oh = 0; oh < g.oh; ++oh) {
                const int64_t h0 = start_index(oh, g.oh, g.ih), h1 = end_index(oh, g.oh, g.ih);
                for (int64_t ow = 0; ow < g.ow; ++ow) {
                  const int64_t w0 = start_index(ow, g.ow, g.iw), w1 = end_index(ow, g.ow, g.iw);
                  const T* gop = go + ((n * g.oh + oh) * g.ow + ow) * C;
                  for (int64_t ih = h0; ih < h1; ++ih)
                    for (int64_t iw = w0; iw < w1; ++iw) {
                      T* gip = gi + ((n * g.ih + ih) * g.iw + iw) * C;
                      for (int64_t c = 0; c < C; ++c)
                        gip[c] += gop[c] / static_cast<T>(h1 - h0) / static_cast<T>(w1 - w0);
                    }
                }
              }
          });
          return;
        }
        parallel_units(g.n * g.c, in_plane, [&](int64_t begin, int64_t end) {
          for (int64_t k = begin; k < end; ++k) {
            T* gip = gi + k * in_plane;
            const T* gop = go + k * out_plane;
            for (int64_t oh = 0; oh < g.oh; ++oh) {
              const int64_t h0 = start_index(oh, g.oh, g.ih), h1 = end_index(oh, g.oh, g.ih);
              for (int64_t ow = 0; ow < g.ow; ++ow) {
                const int64_t w0 = start_index(ow, g.ow, g.iw), w1 = end_index(ow, g.ow, g.iw);
                const T delta = gop[oh * g.ow + ow] / static_cast<T>(h1 - h0) /
                                static_cast<T>(w1 - w0);
                for (int64_t ih = h0; ih < h1; ++ih)
                  for (int64_t iw = w0; iw < w1; ++iw) gip[ih * g.iw + iw] += delta;
              }
            }
          }
        });
      });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(max_pool2d_stub, &max_pool2d_kernel);
ATEN_REGISTER_DISPATCH(max_pool2d_backward_stub, &max_pool2d_backward_kernel);
ATEN_REGISTER_DISPATCH(avg_pool2d_stub, &avg_pool2d_kernel);
ATEN_REGISTER_DISPATCH(avg_pool2d_backward_stub, &avg_pool2d_backward_kernel);
ATEN_REGISTER_DISPATCH(adaptive_avg_pool2d_stub, &adaptive_avg_pool2d_kernel);
ATEN_REGISTER_DISPATCH(adaptive_avg_pool2d_backward_stub, &adaptive_avg_pool2d_backward_kernel);

}  // namespace aten::native
