// The cases of aten/native/PoolingNd.cpp's ops: max, average and adaptive pooling over 1 and 3
// spatial dims, and adaptive max pooling over 2 (values and indices), batched and not. The
// reference walks every window of the N-d box directly (no separation into passes).
#include "../OpCase.h"

#include <aten/core/Tensor.h>
#include <aten/ops/adaptive_avg_pool1d.h>
#include <aten/ops/adaptive_avg_pool3d.h>
#include <aten/ops/adaptive_max_pool1d.h>
#include <aten/ops/adaptive_max_pool2d.h>
#include <aten/ops/avg_pool1d.h>
#include <aten/ops/avg_pool3d.h>
#include <aten/ops/max_pool1d.h>
#include <aten/ops/max_pool3d.h>

#include <cmath>
#include <limits>

namespace aten::optest {

namespace {

enum class Kind { max, avg, adaptive_avg, adaptive_max };

struct PoolNd {
  Kind kind;
  Shape kernel, stride, padding, dilation;  // or kernel = the output size, adaptive
  bool ceil_mode = false, count_include_pad = true;
  std::optional<int64_t> divisor = std::nullopt;
};

// One window along one dim: the input positions [begin, end) it covers (clipped to the input),
// its step, and its divisor's count.
struct Window {
  int64_t begin, end, step, count;
};

int64_t pooled_size(int64_t in, int64_t k, int64_t s, int64_t p, int64_t d, bool ceil_mode) {
  // Rounded down, as ATen's pooling_output_shape divides: an input shorter than the dilated
  // kernel (a negative span) leaves no window.
  const int64_t span = in + 2 * p - d * (k - 1) - 1 + (ceil_mode ? s - 1 : 0);
  int64_t out = (span >= 0 ? span / s : -((-span + s - 1) / s)) + 1;
  if (ceil_mode && (out - 1) * s >= in + p) --out;  // the last window starts in the padding
  return out;
}

std::vector<Window> windows(const PoolNd& p, size_t dim, int64_t in) {
  std::vector<Window> w;
  if (p.kind == Kind::adaptive_avg || p.kind == Kind::adaptive_max) {
    const int64_t out = p.kernel[dim];
    for (int64_t i = 0; i < out; ++i) {
      const int64_t b = (i * in) / out, e = ((i + 1) * in + out - 1) / out;
      w.push_back({b, e, 1, e - b});
    }
    return w;
  }
  const int64_t k = p.kernel[dim], s = p.stride.empty() ? k : p.stride[dim], pad = p.padding[dim];
  const int64_t d = p.kind == Kind::max ? p.dilation[dim] : 1;
  const int64_t out = pooled_size(in, k, s, pad, d, p.ceil_mode);
  for (int64_t i = 0; i < out; ++i) {
    const int64_t start = i * s - pad;
    // Positions inside the input only; the count with padding stops at the padded input's end.
    const int64_t padded_end = std::min(start + k, in + pad);
    int64_t b = start, e = start + (k - 1) * d + 1;
    while (b < 0) b += d;
    e = std::min(e, in);
    const int64_t count = p.count_include_pad ? padded_end - start : std::max<int64_t>(e - b, 0);
    w.push_back({b, std::max(b, e), d, count});
  }
  return w;
}

Refs pool_reference(const PoolNd& p, const RefTensor& x, std::span<const ScalarType> dtypes) {
  const size_t spatial = p.kernel.size(), lead = x.sizes.size() - spatial;
  std::vector<std::vector<Window>> per_dim;
  Shape out_sizes(x.sizes.begin(), x.sizes.begin() + static_cast<std::ptrdiff_t>(lead));
  for (size_t d = 0; d < spatial; ++d) {
    per_dim.push_back(windows(p, d, x.sizes[lead + d]));
    out_sizes.push_back(static_cast<int64_t>(per_dim.back().size()));
  }
  RefTensor values = filled(out_sizes, dtypes[0]);
  RefTensor indices = filled(out_sizes, ScalarType::Long);
  for_each_index(out_sizes, [&](const Shape& o) {
    // Every input position of the box, row-major.
    Shape lo(spatial), hi(spatial), step(spatial);
    int64_t count = 1;
    for (size_t d = 0; d < spatial; ++d) {
      const Window& w = per_dim[d][static_cast<size_t>(o[lead + d])];
      lo[d] = w.begin;
      hi[d] = w.end;
      step[d] = w.step;
      count *= w.count;
    }
    double best = -std::numeric_limits<double>::infinity(), sum = 0;
    int64_t best_at = -1;
    bool empty = false;
    Shape extent(spatial);
    for (size_t d = 0; d < spatial; ++d) {
      extent[d] = (hi[d] - lo[d] + step[d] - 1) / step[d];
      empty |= extent[d] <= 0;
    }
    if (!empty) {
      for_each_index(extent, [&](const Shape& e) {
        Shape at(o.begin(), o.begin() + static_cast<std::ptrdiff_t>(lead));
        int64_t flat = 0;
        for (size_t d = 0; d < spatial; ++d) {
          const int64_t pos = lo[d] + e[d] * step[d];
          at.push_back(pos);
          flat = flat * x.sizes[lead + d] + pos;
        }
        const double v = x.at(at).real();
        sum += v;
        // ATen's rule: the first maximum, but every NaN replaces it (the last NaN is reported).
        if (best_at < 0 || v > best || std::isnan(v)) {
          best = v;
          best_at = flat;
        }
      });
    }
    std::complex<double> r;
    if (p.kind == Kind::max || p.kind == Kind::adaptive_max) r = best;
    else r = sum / static_cast<double>(p.divisor.value_or(count));
    values.at(o) = round_to(values.dtype, r);
    indices.at(o) = static_cast<double>(best_at);
  });
  if (p.kind == Kind::adaptive_max) return {values, indices};
  return {values};
}

OpCase pool_case(const PoolNd& p, Shape input) {
  OpCase c;
  const size_t spatial = p.kernel.size();
  switch (p.kind) {
    case Kind::max:
      c.overloads = {spatial == 1 ? "max_pool1d" : "max_pool3d"};
      break;
    case Kind::avg:
      c.overloads = {spatial == 1 ? "avg_pool1d" : "avg_pool3d"};
      break;
    case Kind::adaptive_avg:
      c.overloads = {spatial == 1 ? "adaptive_avg_pool1d" : "adaptive_avg_pool3d"};
      break;
    case Kind::adaptive_max:
      c.overloads = {spatial == 1 ? "adaptive_max_pool1d" : "adaptive_max_pool2d"};
      break;
  }
  c.inputs = {Input{std::move(input)}};
  c.result_dtypes = [kind = p.kind](std::span<const ScalarType> t) {
    if (kind == Kind::adaptive_max) return std::vector{t[0], ScalarType::Long};
    return std::vector{t[0]};
  };
  c.reference = [p](const Refs& in, std::span<const ScalarType> dtypes) {
    return pool_reference(p, in[0], dtypes);
  };
  c.call = [p, spatial](const Tensors& in) -> Tensors {
    switch (p.kind) {
      case Kind::max:
        return {spatial == 1
                    ? max_pool1d(in[0], p.kernel, p.stride, p.padding, p.dilation, p.ceil_mode)
                    : max_pool3d(in[0], p.kernel, p.stride, p.padding, p.dilation, p.ceil_mode)};
      case Kind::avg:
        return {spatial == 1 ? avg_pool1d(in[0], p.kernel, p.stride, p.padding, p.ceil_mode,
                                          p.count_include_pad)
                             : avg_pool3d(in[0], p.kernel, p.stride, p.padding, p.ceil_mode,
                                          p.count_include_pad, p.divisor)};
      case Kind::adaptive_avg:
        return {spatial == 1 ? adaptive_avg_pool1d(in[0], p.kernel)
                             : adaptive_avg_pool3d(in[0], p.kernel)};
      case Kind::adaptive_max: {
        auto [v, i] = spatial == 1 ? adaptive_max_pool1d(in[0], p.kernel)
                                   : adaptive_max_pool2d(in[0], p.kernel);
        return {v, i};
      }
    }
    return {};
  };
  c.undeclared_error = "not implemented for";
  // The windows are tied to the input's spatial sizes; a batch of zero is left to the 2-d ops.
  c.skip_layouts = {Layout::large, Layout::zero_dim, Layout::zero_size};
  c.tolerance_scale = 4;
  return c;
}

}  // namespace

ATEN_OP_CASES(pooling_nd) {
  return {
      pool_case({Kind::max, {3}, {2}, {1}, {2}, true}, {2, 3, 9}),
      pool_case({Kind::max, {2}, {}, {0}, {1}}, {3, 7}),
      pool_case({Kind::avg, {3}, {2}, {1}, {1}, true, false}, {2, 3, 8}),
      pool_case({Kind::avg, {2}, {1}, {1}, {1}}, {3, 7}),
      pool_case({Kind::adaptive_avg, {3}, {}, {}, {}}, {2, 3, 8}),
      pool_case({Kind::adaptive_max, {3}, {}, {}, {}}, {2, 3, 8}),
      pool_case({Kind::adaptive_max, {3, 2}, {}, {}, {}}, {2, 3, 7, 5}),
      pool_case({Kind::adaptive_max, {2, 4}, {}, {}, {}}, {3, 5, 6}),
      pool_case({Kind::max, {2, 3, 2}, {2, 1, 2}, {1, 1, 0}, {1, 1, 2}, true}, {2, 2, 5, 6, 7}),
      pool_case({Kind::max, {2, 2, 2}, {}, {0, 0, 0}, {1, 1, 1}}, {2, 4, 4, 5}),
      pool_case({Kind::avg, {2, 3, 2}, {2, 1, 2}, {1, 1, 1}, {1, 1, 1}, true, true},
                {2, 2, 5, 6, 7}),
      pool_case({Kind::avg, {3, 2, 2}, {1, 2, 2}, {1, 0, 1}, {1, 1, 1}, false, false},
                {2, 2, 5, 6, 7}),
      pool_case({Kind::avg, {2, 2, 2}, {}, {0, 0, 0}, {1, 1, 1}, false, true, 3}, {2, 4, 4, 5}),
      pool_case({Kind::adaptive_avg, {2, 3, 2}, {}, {}, {}}, {2, 2, 5, 6, 7}),
  };
}

}  // namespace aten::optest
