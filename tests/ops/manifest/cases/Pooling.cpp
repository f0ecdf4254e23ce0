// The cases of aten/native/Pooling.cpp's ops: max_pool2d (and max_pool2d_with_indices with its
// out= form), avg_pool2d and adaptive_avg_pool2d with their backward ops, on [N, C, H, W] and
// [C, H, W] inputs with several kernel, stride, padding, dilation and ceil_mode settings, and
// on channels-last inputs (whose results must be channels-last too).
#include "../ReductionCases.h"

#include <aten/core/Tensor.h>
#include <aten/ops/_adaptive_avg_pool2d.h>
#include <aten/ops/_adaptive_avg_pool2d_backward.h>
#include <aten/ops/adaptive_avg_pool2d.h>
#include <aten/ops/avg_pool2d.h>
#include <aten/ops/avg_pool2d_backward.h>
#include <aten/ops/empty.h>
#include <aten/ops/max_pool2d.h>
#include <aten/ops/max_pool2d_with_indices.h>
#include <aten/ops/max_pool2d_with_indices_backward.h>

#include <cmath>
#include <complex>
#include <limits>
#include <optional>
#include <string>

namespace aten::optest {

namespace {

struct Pool {
  std::vector<int64_t> kernel, stride, padding, dilation;
  bool ceil_mode = false;
  // avg_pool2d only
  bool count_include_pad = true;
  std::optional<int64_t> divisor = std::nullopt;

  int64_t at(const std::vector<int64_t>& v, int d) const { return v.size() == 1 ? v[0] : v[d]; }
  int64_t k(int d) const { return at(kernel, d); }
  int64_t s(int d) const { return stride.empty() ? k(d) : at(stride, d); }
  int64_t pad(int d) const { return at(padding, d); }
  int64_t dil(int d) const { return dilation.empty() ? 1 : at(dilation, d); }
  // ATen's pooling_output_shape.
  int64_t out(int64_t in, int d) const {
    const int64_t num = in + 2 * pad(d) - dil(d) * (k(d) - 1) - 1 + (ceil_mode ? s(d) - 1 : 0);
    int64_t o = static_cast<int64_t>(std::floor(static_cast<double>(num) / s(d))) + 1;
    if (ceil_mode && (o - 1) * s(d) >= in + pad(d)) --o;
    return o;
  }
};

// The cases' inputs: [N, C, H, W] or [C, H, W].
const Shape kBatched = {2, 3, 7, 9};
const Shape kUnbatched = {3, 7, 9};

Shape pooled(const Shape& in, int64_t oh, int64_t ow) {
  Shape s = in;
  s[s.size() - 2] = oh;
  s[s.size() - 1] = ow;
  return s;
}

// Calls f(plane prefix) for every [.., c] plane of a [.., H, W] shape.
template <typename F>
void for_each_plane(const Shape& s, F f) {
  const Shape planes(s.begin(), s.end() - 2);
  for_each_index(planes, [&](const Shape& p) { f(p); });
}

Shape at2(const Shape& plane, int64_t h, int64_t w) {
  Shape i = plane;
  i.push_back(h);
  i.push_back(w);
  return i;
}

// Wraps a call to give the op a channels-last input (for 4-d inputs), and check that its
// results are channels-last too.
Tensor maybe_channels_last(const Tensor& t, bool cl) {
  if (!cl || t.dim() != 4) return t;
  // A fresh channels-last copy: a tensor that already is channels-last contiguous through its
  // size-1 dims may have strides from which ATen's suggest_memory_format infers the contiguous
  // format, and the result follows that.
  return empty(t.sizes(), t.options().memory_format(MemoryFormat::ChannelsLast)).copy_(t);
}
void expect_channels_last(const Tensor& t, bool cl) {
  if (cl && t.dim() == 4 && t.numel() > 0 && !t.is_contiguous(MemoryFormat::ChannelsLast))
    throw Error("pooling test: a channels-last input gave a result of strides " +
                std::to_string(t.stride(0)) + ", " + std::to_string(t.stride(1)) + ", " +
                std::to_string(t.stride(2)) + ", " + std::to_string(t.stride(3)));
}

std::vector<Layout> skips(const Shape& shape, bool tied = false) {
  std::vector<Layout> s = {Layout::zero_dim};
  if (shape.size() == 3) s.push_back(Layout::zero_size);  // a 3-d input needs C > 0
  if (tied) s.push_back(Layout::large);                   // the inputs' dim 0 must agree
  return s;
}

// ---- max pooling ------------------------------------------------------------------------------

// Per output element: the value and flat index ATen picks (the first maximum, or the last NaN).
void max_pool_reference(const RefTensor& x, const Pool& p, RefTensor& values, RefTensor& indices) {
  const int64_t H = x.sizes[x.dim() - 2], W = x.sizes[x.dim() - 1];
  const int64_t OH = values.sizes[x.dim() - 2], OW = values.sizes[x.dim() - 1];
  for_each_plane(x.sizes, [&](const Shape& plane) {
    for (int64_t oh = 0; oh < OH; ++oh)
      for (int64_t ow = 0; ow < OW; ++ow) {
        double m = -std::numeric_limits<double>::infinity();
        // ATen's first candidate: the window's first row and column at or past 0, even when
        // the dilated window holds no element of the input (its value stays -inf).
        int64_t h0 = oh * p.s(0) - p.pad(0), w0 = ow * p.s(1) - p.pad(1);
        while (h0 < 0) h0 += p.dil(0);
        while (w0 < 0) w0 += p.dil(1);
        int64_t best = h0 * W + w0;
        for (int64_t i = 0; i < p.k(0); ++i)
          for (int64_t j = 0; j < p.k(1); ++j) {
            const int64_t h = oh * p.s(0) - p.pad(0) + i * p.dil(0);
            const int64_t w = ow * p.s(1) - p.pad(1) + j * p.dil(1);
            if (h < 0 || h >= H || w < 0 || w >= W) continue;
            const double v = x.at(at2(plane, h, w)).real();
            if (v > m || std::isnan(v)) {
              m = v;
              best = h * W + w;
            }
          }
        values.at(at2(plane, oh, ow)) = round_to(values.dtype, m);
        indices.at(at2(plane, oh, ow)) = static_cast<double>(best);
      }
  });
}

OpCase max_pool_case(const Pool& p, const Shape& shape, bool with_indices, bool cl) {
  OpCase c;
  c.overloads = with_indices ? std::vector<std::string>{"max_pool2d_with_indices",
                                                        "max_pool2d_with_indices.out"}
                             : std::vector<std::string>{"max_pool2d"};
  c.inputs = {Input{shape}};
  c.result_dtypes = [with_indices](std::span<const ScalarType> t) {
    return with_indices ? std::vector<ScalarType>{t[0], ScalarType::Long}
                        : std::vector<ScalarType>{t[0]};
  };
  c.reference = [p, with_indices](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor& x = in[0];
    const Shape out = pooled(x.sizes, p.out(x.sizes[x.dim() - 2], 0), p.out(x.sizes.back(), 1));
    RefTensor values = filled(out, dtypes[0]), indices = filled(out, ScalarType::Long);
    max_pool_reference(x, p, values, indices);
    if (!with_indices) return {values};
    return {values, indices};
  };
  c.call = [p, with_indices, cl](const Tensors& in) {
    const Tensor x = maybe_channels_last(in[0], cl);
    if (!with_indices) {
      Tensor y = max_pool2d(x, p.kernel, p.stride, p.padding, p.dilation, p.ceil_mode);
      expect_channels_last(y, cl);
      return Tensors{y};
    }
    auto [y, i] = max_pool2d_with_indices(x, p.kernel, p.stride, p.padding, p.dilation,
                                          p.ceil_mode);
    expect_channels_last(y, cl);
    expect_channels_last(i, cl);
    return Tensors{y, i};
  };
  if (with_indices) {
    c.call_out = [p, cl](const Tensors& in, Tensors& out) {
      max_pool2d_with_indices_out(out[0], out[1], maybe_channels_last(in[0], cl), p.kernel,
                                  p.stride, p.padding, p.dilation, p.ceil_mode);
    };
  }
  c.undeclared_error = "\"max_pool2d\" not implemented for";
  c.skip_layouts = skips(shape);
  return c;
}

// Indices into an input plane of H * W = 63 elements.
double index_value(int64_t i) { return static_cast<double>((i * 17 + 5) % 63); }

OpCase max_pool_backward_case(const Pool& p, const Shape& shape, bool cl) {
  const Shape out = pooled(shape, p.out(shape[shape.size() - 2], 0), p.out(shape.back(), 1));
  OpCase c;
  c.overloads = {"max_pool2d_with_indices_backward", "max_pool2d_with_indices_backward.grad_input"};
  c.inputs = {Input{out}, Input{shape}, Input{out, Values::any, ScalarType::Long, index_value}};
  c.result_dtypes = same;
  c.reference = [](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor &g = in[0], &x = in[1], &ind = in[2];
    const int64_t W = x.sizes.back();
    RefTensor gi = filled(x.sizes, dtypes[0]);
    // An empty input has no windows (end_index would give each a first element past the end;
    // ATen's kernel writes there, MiniATen's returns the empty gradient).
    if (gi.values.empty()) return {gi};
    for_each_plane(g.sizes, [&](const Shape& plane) {
      for (int64_t oh = 0; oh < g.sizes[g.dim() - 2]; ++oh)
        for (int64_t ow = 0; ow < g.sizes.back(); ++ow) {
          const auto i = static_cast<int64_t>(ind.at(at2(plane, oh, ow)).real());
          gi.at(at2(plane, i / W, i % W)) += g.at(at2(plane, oh, ow));
        }
    });
    for (auto& v : gi.values) v = round_to(gi.dtype, v);
    return {gi};
  };
  c.call = [p, cl](const Tensors& in) {
    Tensor gi = max_pool2d_with_indices_backward(
        maybe_channels_last(in[0], cl), maybe_channels_last(in[1], cl), p.kernel, p.stride,
        p.padding, p.dilation, p.ceil_mode, maybe_channels_last(in[2], cl));
    expect_channels_last(gi, cl);
    return Tensors{gi};
  };
  c.call_out = [p](const Tensors& in, Tensors& o) {
    max_pool2d_with_indices_backward_out(o[0], in[0], in[1], p.kernel, p.stride, p.padding,
                                         p.dilation, p.ceil_mode, in[2]);
  };
  c.undeclared_error = "\"max_pool2d_backward\" not implemented for";
  c.skip_layouts = skips(shape, true);
  c.not_differentiable_inputs = {};
  return c;
}

// ---- average pooling --------------------------------------------------------------------------

struct AvgWindow {
  int64_t h0, h1, w0, w1, divisor;
};
AvgWindow avg_window(const Pool& p, int64_t oh, int64_t ow, int64_t H, int64_t W) {
  int64_t h0 = oh * p.s(0) - p.pad(0), w0 = ow * p.s(1) - p.pad(1);
  int64_t h1 = std::min(h0 + p.k(0), H + p.pad(0)), w1 = std::min(w0 + p.k(1), W + p.pad(1));
  const int64_t pool_size = (h1 - h0) * (w1 - w0);
  h0 = std::max<int64_t>(h0, 0);
  w0 = std::max<int64_t>(w0, 0);
  h1 = std::min(h1, H);
  w1 = std::min(w1, W);
  const int64_t divisor = p.divisor             ? *p.divisor
                          : p.count_include_pad ? pool_size
                                                : (h1 - h0) * (w1 - w0);
  return {h0, h1, w0, w1, divisor};
}

// An integral quotient truncates, as ATen's Long kernel.
double quotient(double sum, int64_t divisor, ScalarType dtype) {
  if (dtype == ScalarType::Long) return static_cast<double>(static_cast<int64_t>(sum) / divisor);
  return sum / static_cast<double>(divisor);
}

OpCase avg_pool_case(const Pool& p, const Shape& shape, bool cl) {
  OpCase c;
  c.overloads = {"avg_pool2d", "avg_pool2d.out"};
  c.inputs = {Input{shape}};
  c.result_dtypes = same;
  c.reference = [p](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor& x = in[0];
    const int64_t H = x.sizes[x.dim() - 2], W = x.sizes.back();
    const int64_t OH = p.out(H, 0), OW = p.out(W, 1);
    RefTensor y = filled(pooled(x.sizes, OH, OW), dtypes[0]);
    for_each_plane(x.sizes, [&](const Shape& plane) {
      for (int64_t oh = 0; oh < OH; ++oh)
        for (int64_t ow = 0; ow < OW; ++ow) {
          const AvgWindow w = avg_window(p, oh, ow, H, W);
          double sum = 0;
          for (int64_t h = w.h0; h < w.h1; ++h)
            for (int64_t v = w.w0; v < w.w1; ++v) sum += x.at(at2(plane, h, v)).real();
          const bool empty = w.h0 >= w.h1 || w.w0 >= w.w1;
          y.at(at2(plane, oh, ow)) = round_to(y.dtype,
                                              empty ? 0.0 : quotient(sum, w.divisor, x.dtype));
        }
    });
    return {y};
  };
  c.call = [p, cl](const Tensors& in) {
    Tensor y = avg_pool2d(maybe_channels_last(in[0], cl), p.kernel, p.stride, p.padding,
                          p.ceil_mode, p.count_include_pad, p.divisor);
    expect_channels_last(y, cl);
    return Tensors{y};
  };
  c.call_out = [p, cl](const Tensors& in, Tensors& out) {
    avg_pool2d_out(out[0], maybe_channels_last(in[0], cl), p.kernel, p.stride, p.padding,
                   p.ceil_mode, p.count_include_pad, p.divisor);
  };
  c.skip_layouts = skips(shape);
  c.tolerance_scale = 4;  // a sum of up to 9 terms
  return c;
}

OpCase avg_pool_backward_case(const Pool& p, const Shape& shape, bool cl) {
  const Shape out = pooled(shape, p.out(shape[shape.size() - 2], 0), p.out(shape.back(), 1));
  OpCase c;
  c.overloads = {"avg_pool2d_backward", "avg_pool2d_backward.grad_input"};
  c.inputs = {Input{out}, Input{shape}};
  c.result_dtypes = same;
  c.reference = [p](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor &g = in[0], &x = in[1];
    const int64_t H = x.sizes[x.dim() - 2], W = x.sizes.back();
    RefTensor gi = filled(x.sizes, dtypes[0]);
    // An empty input has no windows (end_index would give each a first element past the end;
    // ATen's kernel writes there, MiniATen's returns the empty gradient).
    if (gi.values.empty()) return {gi};
    for_each_plane(g.sizes, [&](const Shape& plane) {
      for (int64_t oh = 0; oh < g.sizes[g.dim() - 2]; ++oh)
        for (int64_t ow = 0; ow < g.sizes.back(); ++ow) {
          const AvgWindow w = avg_window(p, oh, ow, H, W);
          const double delta = quotient(g.at(at2(plane, oh, ow)).real(), w.divisor, g.dtype);
          for (int64_t h = w.h0; h < w.h1; ++h)
            for (int64_t v = w.w0; v < w.w1; ++v) gi.at(at2(plane, h, v)) += delta;
        }
    });
    for (auto& v : gi.values) v = round_to(gi.dtype, v);
    return {gi};
  };
  c.call = [p, cl](const Tensors& in) {
    Tensor gi = avg_pool2d_backward(maybe_channels_last(in[0], cl), maybe_channels_last(in[1], cl),
                                    p.kernel, p.stride, p.padding, p.ceil_mode, p.count_include_pad,
                                    p.divisor);
    expect_channels_last(gi, cl);
    return Tensors{gi};
  };
  c.call_out = [p](const Tensors& in, Tensors& o) {
    avg_pool2d_backward_out(o[0], in[0], in[1], p.kernel, p.stride, p.padding, p.ceil_mode,
                            p.count_include_pad, p.divisor);
  };
  c.skip_layouts = skips(shape, true);
  c.tolerance_scale = 4;
  return c;
}

// ---- adaptive average pooling -----------------------------------------------------------------

int64_t start_index(int64_t o, int64_t out, int64_t in) {
  return (o / out) * in + ((o % out) * in) / out;
}
int64_t end_index(int64_t o, int64_t out, int64_t in) { return 1 + ((o + 1) * in - 1) / out; }

OpCase adaptive_case(std::vector<int64_t> size, const Shape& shape, bool cl) {
  const bool mean_path = size[0] == 1 && size[1] == 1;
  OpCase c;
  c.overloads = mean_path ? std::vector<std::string>{"adaptive_avg_pool2d"}
                          : std::vector<std::string>{"adaptive_avg_pool2d", "_adaptive_avg_pool2d",
                                                     "_adaptive_avg_pool2d.out"};
  c.inputs = {Input{shape}};
  c.result_dtypes = same;
  c.reference = [size](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor& x = in[0];
    const int64_t H = x.sizes[x.dim() - 2], W = x.sizes.back();
    RefTensor y = filled(pooled(x.sizes, size[0], size[1]), dtypes[0]);
    for_each_plane(x.sizes, [&](const Shape& plane) {
      for (int64_t oh = 0; oh < size[0]; ++oh)
        for (int64_t ow = 0; ow < size[1]; ++ow) {
          const int64_t h0 = start_index(oh, size[0], H), h1 = end_index(oh, size[0], H);
          const int64_t w0 = start_index(ow, size[1], W), w1 = end_index(ow, size[1], W);
          std::complex<double> sum = 0;  // complex: the mean path takes complex inputs
          for (int64_t h = h0; h < h1; ++h)
            for (int64_t w = w0; w < w1; ++w) sum += x.at(at2(plane, h, w));
          y.at(at2(plane, oh, ow)) = round_to(y.dtype,
                                              sum / static_cast<double>((h1 - h0) * (w1 - w0)));
        }
    });
    return {y};
  };
  c.call = [size, cl](const Tensors& in) {
    Tensor y = adaptive_avg_pool2d(maybe_channels_last(in[0], cl), size);
    expect_channels_last(y, cl);
    return Tensors{y};
  };
  if (!mean_path) {
    c.call_out = [size, cl](const Tensors& in, Tensors& out) {
      _adaptive_avg_pool2d_out(out[0], maybe_channels_last(in[0], cl), size);
    };
    c.undeclared_error = "\"adaptive_avg_pool2d\" not implemented for";
  } else {
    // The mean over H and W: mean's dtypes, and its refusal of the others.
    c.promoted_dtypes = {ScalarType::Half, ScalarType::ComplexFloat, ScalarType::ComplexDouble};
    c.undeclared_error = "mean(): could not infer output dtype";
    c.undeclared_errors = {{ScalarType::ComplexHalf, "\"mean\" not implemented for"}};
  }
  c.skip_layouts = {Layout::zero_dim};
  c.tolerance_scale = 4;
  return c;
}

OpCase adaptive_backward_case(std::vector<int64_t> size, const Shape& shape, bool cl) {
  OpCase c;
  c.overloads = {"_adaptive_avg_pool2d_backward", "_adaptive_avg_pool2d_backward.out"};
  c.inputs = {Input{pooled(shape, size[0], size[1])}, Input{shape}};
  c.result_dtypes = same;
  c.reference = [](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor &g = in[0], &x = in[1];
    const int64_t H = x.sizes[x.dim() - 2], W = x.sizes.back();
    const int64_t OH = g.sizes[g.dim() - 2], OW = g.sizes.back();
    RefTensor gi = filled(x.sizes, dtypes[0]);
    // An empty input has no windows (end_index would give each a first element past the end;
    // ATen's kernel writes there, MiniATen's returns the empty gradient).
    if (gi.values.empty()) return {gi};
    for_each_plane(g.sizes, [&](const Shape& plane) {
      for (int64_t oh = 0; oh < OH; ++oh)
        for (int64_t ow = 0; ow < OW; ++ow) {
          const int64_t h0 = start_index(oh, OH, H), h1 = end_index(oh, OH, H);
          const int64_t w0 = start_index(ow, OW, W), w1 = end_index(ow, OW, W);
          const double delta = g.at(at2(plane, oh, ow)).real() /
                               static_cast<double>((h1 - h0) * (w1 - w0));
          for (int64_t h = h0; h < h1; ++h)
            for (int64_t w = w0; w < w1; ++w) gi.at(at2(plane, h, w)) += delta;
        }
    });
    for (auto& v : gi.values) v = round_to(gi.dtype, v);
    return {gi};
  };
  c.call = [cl](const Tensors& in) {
    Tensor gi = _adaptive_avg_pool2d_backward(maybe_channels_last(in[0], cl),
                                              maybe_channels_last(in[1], cl));
    expect_channels_last(gi, cl);
    return Tensors{gi};
  };
  c.call_out = [](const Tensors& in, Tensors& o) {
    _adaptive_avg_pool2d_backward_out(o[0], in[0], in[1]);
  };
  c.undeclared_error = "\"adaptive_avg_pool2d_backward\" not implemented for";
  // grad_output's dims must be > 0 past the batch: a 3-d zero-size one is refused.
  c.skip_layouts = skips(shape, true);
  c.tolerance_scale = 4;
  return c;
}

}  // namespace

ATEN_OP_CASES(pooling) {
  std::vector<OpCase> cases;
  const std::vector<Pool> max_pools = {
      {{2}, {}, {0}, {1}},                     // LeNet's 2 x 2, stride 2
      {{3, 2}, {2, 1}, {1, 1}, {1, 2}, true},  // padded, dilated, ceil mode
      {{2, 3}, {2}, {1}, {1}, true},           // partial windows at the border
  };
  for (bool cl : {false, true}) {
    for (const Pool& p : max_pools) {
      cases.push_back(max_pool_case(p, kBatched, true, cl));
      cases.push_back(max_pool_backward_case(p, kBatched, cl));
      if (!cl) {
        cases.push_back(max_pool_case(p, kUnbatched, true, cl));
        cases.push_back(max_pool_backward_case(p, kUnbatched, cl));
      }
    }
    cases.push_back(max_pool_case(max_pools[0], kBatched, false, cl));
  }
  Pool exclude_pad{{3, 2}, {2, 1}, {1, 1}, {}, true};
  exclude_pad.count_include_pad = false;
  Pool overridden{{3}, {2}, {1}, {}, true};
  overridden.divisor = 5;
  const std::vector<Pool> avg_pools = {{{2}, {}, {0}, {}}, exclude_pad, overridden};
  for (bool cl : {false, true}) {
    for (const Pool& p : avg_pools) {
      cases.push_back(avg_pool_case(p, kBatched, cl));
      cases.push_back(avg_pool_backward_case(p, kBatched, cl));
      if (!cl) {
        cases.push_back(avg_pool_case(p, kUnbatched, cl));
        cases.push_back(avg_pool_backward_case(p, kUnbatched, cl));
      }
    }
  }
  for (bool cl : {false, true}) {
    for (std::vector<int64_t> size : {std::vector<int64_t>{3, 4}, {4, 5}, {1, 1}}) {
      cases.push_back(adaptive_case(size, kBatched, cl));
      if (size[0] != 1) cases.push_back(adaptive_backward_case(size, kBatched, cl));
      if (!cl) {
        cases.push_back(adaptive_case(size, kUnbatched, cl));
        if (size[0] != 1) cases.push_back(adaptive_backward_case(size, kUnbatched, cl));
      }
    }
  }
  return cases;
}

}  // namespace aten::optest
