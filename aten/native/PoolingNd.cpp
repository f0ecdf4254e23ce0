// Pooling over 1 and 3 spatial dims, and adaptive max pooling, composed of the 2-d pooling ops
// (aten/native/Pooling.cpp) and reductions, so their gradients are those ops'. A 1-d pooling is
// a 2-d one over [N, C, 1, L]. A 3-d window is a box, and max, sum and count over a box are
// separable: the planes (H, W) of every frame are pooled in one 2-d pass, then the frames (D)
// in a second 2-d pass over [N, C, D, OH * OW] with a D x 1 window.
#include <aten/TensorOperators.h>
#include <aten/native/Pooling.h>
#include <aten/ops/adaptive_avg_pool1d_native.h>
#include <aten/ops/adaptive_avg_pool2d.h>
#include <aten/ops/adaptive_avg_pool3d_native.h>
#include <aten/ops/adaptive_max_pool1d_native.h>
#include <aten/ops/adaptive_max_pool2d.h>
#include <aten/ops/adaptive_max_pool2d_native.h>
#include <aten/ops/avg_pool1d_native.h>
#include <aten/ops/avg_pool2d.h>
#include <aten/ops/avg_pool3d_native.h>
#include <aten/ops/cat.h>
#include <aten/ops/contiguous.h>
#include <aten/ops/empty.h>
#include <aten/ops/gather.h>
#include <aten/ops/isnan.h>
#include <aten/ops/max.h>
#include <aten/ops/max_pool1d_native.h>
#include <aten/ops/max_pool2d.h>
#include <aten/ops/max_pool3d_native.h>
#include <aten/ops/narrow.h>
#include <aten/ops/reshape.h>
#include <aten/ops/squeeze.h>
#include <aten/ops/unsqueeze.h>
#include <aten/ops/where.h>

#include <optional>
#include <tuple>
#include <vector>

namespace aten::native {

namespace {

void check_rank(const char* op, const Tensor& self, int64_t spatial) {
  ATEN_CHECK(self.dim() == spatial + 1 || self.dim() == spatial + 2, op, ": Expected ", spatial + 1,
             "D or ", spatial + 2, "D (batch mode) tensor for input, but got input of size ",
             self.sizes());
}

// One element for each of the op's `n` spatial dims: a list of 1 stands for all of them, an
// empty stride for the kernel size.
std::vector<int64_t> per_dim(const char* op, const char* what, IntArrayRef v, size_t n,
                             IntArrayRef empty_means = {}) {
  if (v.empty() && !empty_means.empty()) return {empty_means.begin(), empty_means.end()};
  ATEN_CHECK(v.size() == 1 || v.size() == n, op, ": ", what,
             " must either be a single int, or a tuple of ", n, " ints, got ", v);
  return v.size() == 1 ? std::vector<int64_t>(n, v[0]) : std::vector<int64_t>(v.begin(), v.end());
}

// [C, ...] gets a batch of one for the computation, dropped from the result.
Tensor batched(const Tensor& t, int64_t spatial) {
  return t.dim() == spatial + 1 ? t.unsqueeze(0) : t;
}
Tensor unbatched(const Tensor& t, const Tensor& self, int64_t spatial) {
  return self.dim() == spatial + 1 ? t.squeeze(0) : t;
}

// The second pass of a separable 3-d pooling: [N, C, D, OH, OW] -> pool along D, through a 2-d
// op on [N, C, D, OH * OW] with a D x 1 window.
template <typename Pool>
Tensor along_depth(const Tensor& planes, Pool pool) {
  const int64_t n = planes.size(0), c = planes.size(1), d = planes.size(2);
  const int64_t oh = planes.size(3), ow = planes.size(4);
  const Tensor out = pool(planes.reshape({n, c, d, oh * ow}));
  return out.reshape({n, c, out.size(2), oh, ow});
}

// The first pass: every frame's planes, [N, C, D, H, W] -> [N, C, D, OH, OW].
template <typename Pool>
Tensor along_planes(const Tensor& x, Pool pool) {
  const int64_t n = x.size(0), c = x.size(1), d = x.size(2);
  const Tensor out = pool(x.reshape({n, c * d, x.size(3), x.size(4)}));
  return out.reshape({n, c, d, out.size(2), out.size(3)});
}

// Whether valid pooling parameters leave no window along a dim of `in` elements (ATen's output
// size is 0). ATen's max_pool1d returns an empty result there (when it records no gradient), where
// the 2-d op refuses it.
bool no_window_fits(int64_t in, int64_t k, int64_t s, int64_t p, int64_t d, bool ceil_mode) {
  if (in <= 0 || k <= 0 || s <= 0 || d <= 0 || p < 0 || p > k / 2) return false;
  return pooling_output_shape(in, k, p, s, d, ceil_mode) == 0;
}

// An adaptive pooling's empty result, as a view of self's first zero elements: its gradient is
// zeros of self's shape, as ATen's 3-d backward gives, where the 2-d op's backward refuses an
// empty grad_output (as ATen's 2-d one, and so its 1-d one, do).
Tensor differentiable_when_empty(const Tensor& self, const Tensor& result) {
  if (result.numel() != 0) return result;
  return self.flatten().narrow(0, 0, 0).view(result.sizes());
}

// Window [start, end) of output index i of an adaptive pooling from `in` to `out` elements, as
// ATen computes it.
int64_t adaptive_start(int64_t i, int64_t in, int64_t out) { return (i * in) / out; }
int64_t adaptive_end(int64_t i, int64_t in, int64_t out) { return ((i + 1) * in + out - 1) / out; }

// The maximum of each adaptive window along `dim`, and its index in that dim: the first maximum,
// or in a window holding NaNs the last NaN, as ATen's kernel, which takes every NaN it meets.
std::tuple<Tensor, Tensor> adaptive_max_along(const Tensor& x, int64_t dim, int64_t out) {
  const int64_t in = x.size(dim);
  if (out == 0) {
    const Tensor none = x.narrow(dim, 0, 0);
    return {none.contiguous(), aten::empty(none.sizes(), x.options().dtype(ScalarType::Long))};
  }
  std::vector<Tensor> values, indices;
  for (int64_t i = 0; i < out; ++i) {
    const int64_t start = adaptive_start(i, in, out);
    auto [v, k] = aten::max(x.narrow(dim, start, adaptive_end(i, in, out) - start), dim, true);
    values.push_back(v);
    indices.push_back(k + start);
  }
  Tensor value = aten::cat(values, dim), index = aten::cat(indices, dim);
  const Tensor nan = aten::isnan(value);
  if (x.is_meta() || !nan.any().item<bool>()) return {value, index};
  // The windows reversed: their first NaN is the last.
  std::vector<Tensor> last;
  for (int64_t i = 0; i < out; ++i) {
    const int64_t start = adaptive_start(i, in, out), end = adaptive_end(i, in, out);
    const Tensor k = std::get<1>(
        aten::max(x.narrow(dim, start, end - start).flip({dim}), dim, true));
    last.push_back(k.neg() + (end - 1));
  }
  return {value, aten::where(nan, aten::cat(last, dim), index)};
}

}  // namespace

// ---- 1-d: through the 2-d ops over [N, C, 1, L]
// ---------------------------------------------------

Tensor max_pool1d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride,
                  IntArrayRef padding, IntArrayRef dilation, bool ceil_mode) {
  check_rank("max_pool1d", self, 1);
  const auto k = per_dim("max_pool1d", "kernel_size", kernel_size, 1);
  const auto s = per_dim("max_pool1d", "stride", stride, 1, k);
  const auto p = per_dim("max_pool1d", "padding", padding, 1);
  const auto d = per_dim("max_pool1d", "dilation", dilation, 1);
  const bool planes = self.size(-2) > 0 && (self.dim() == 2 || self.size(-1) > 0);
  if (planes && no_window_fits(self.size(-1), k[0], s[0], p[0], d[0], ceil_mode)) {
    return self.narrow(-1, 0, 0);
  }
  const Tensor out = aten::max_pool2d(self.unsqueeze(-2), {1, k[0]}, {1, s[0]}, {0, p[0]},
                                      {1, d[0]}, ceil_mode);
  return out.squeeze(-2);
}

Tensor avg_pool1d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride,
                  IntArrayRef padding, bool ceil_mode, bool count_include_pad) {
  check_rank("avg_pool1d", self, 1);
  const auto k = per_dim("avg_pool1d", "kernel_size", kernel_size, 1);
  const auto s = per_dim("avg_pool1d", "stride", stride, 1, k);
  const auto p = per_dim("avg_pool1d", "padding", padding, 1);
  const Tensor out = aten::avg_pool2d(self.unsqueeze(-2), {1, k[0]}, {1, s[0]}, {0, p[0]},
                                      ceil_mode, count_include_pad, std::nullopt);
  return out.squeeze(-2);
}

Tensor adaptive_avg_pool1d(const Tensor& self, IntArrayRef output_size) {
  check_rank("adaptive_avg_pool1d", self, 1);
  ATEN_CHECK(output_size.size() == 1, "adaptive_avg_pool1d: output_size must be 1, got ",
             output_size);
  return aten::adaptive_avg_pool2d(self.unsqueeze(-2), {1, output_size[0]}).squeeze(-2);
}

std::tuple<Tensor, Tensor> adaptive_max_pool1d(const Tensor& self, IntArrayRef output_size) {
  check_rank("adaptive_max_pool1d", self, 1);
  ATEN_CHECK(output_size.size() == 1, "adaptive_max_pool1d: output_size must be 1, got ",
             output_size);
  auto [values, indices] = aten::adaptive_max_pool2d(self.unsqueeze(-2), {1, output_size[0]});
  return {values.squeeze(-2), indices.squeeze(-2)};
}

// ---- adaptive max pooling: the maximum of each box, W then H, and its flat index in H * W
// -------- The first maximum in row-major order: the first of the row maxima that equals the box's,
// and that row's first; in a box holding NaNs the last NaN in row-major order (ATen's).

std::tuple<Tensor, Tensor> adaptive_max_pool2d(const Tensor& self, IntArrayRef output_size) {
  check_rank("adaptive_max_pool2d", self, 2);
  // The dtypes of ATen's kernel; max() would take any.
  const ScalarType t = self.scalar_type();
  ATEN_CHECK(t == ScalarType::Float || t == ScalarType::Double || t == ScalarType::BFloat16,
             "\"adaptive_max_pool2d\" not implemented for '", t, "'");
  ATEN_CHECK(output_size.size() == 2,
             "adaptive_max_pool2d: internal error: output_size.size() must be 2");
  for (int64_t d = 1; d < self.dim(); ++d) {
    ATEN_CHECK(self.size(d) > 0,
               "adaptive_max_pool2d(): Expected input to have non-zero size for "
               "non-batch dimensions, but input has sizes ",
               self.sizes(), " with dimension ", d, " being empty");
  }
  ATEN_CHECK(
      output_size[0] >= 0 && output_size[1] >= 0,
      "adaptive_max_pool2d: elements of output_size must be greater than or equal to 0, got ",
      output_size);
  const Tensor x = batched(self, 2);
  const int64_t w = x.size(3);
  auto [row_max, col] = adaptive_max_along(x, 3, output_size[1]);                  // [N, C, H, OW]
  const Tensor row = std::get<1>(adaptive_max_along(row_max, 2, output_size[0]));  // [N, C, OH, OW]
  const Tensor flat = row * w + col.gather(2, row);
  // The values read at the indices, so that the gradient goes where the index points, as ATen's
  // backward scatters it.
  const Tensor at_index = x.flatten(2).gather(2, flat.flatten(2)).view(flat.sizes());
  Tensor out_values = unbatched(at_index, self, 2), out_indices = unbatched(flat, self, 2);
  if (self.suggest_memory_format() == MemoryFormat::ChannelsLast) {
    out_values = out_values.contiguous(MemoryFormat::ChannelsLast);
    out_indices = out_indices.contiguous(MemoryFormat::ChannelsLast);
  }
  return {out_values, out_indices};
}

// ---- 3-d: separable, planes then frames
// ------------------------------------------------------------

Tensor max_pool3d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride,
                  IntArrayRef padding, IntArrayRef dilation, bool ceil_mode) {
  check_rank("max_pool3d", self, 3);
  const auto k = per_dim("max_pool3d", "kernel_size", kernel_size, 3);
  const auto s = per_dim("max_pool3d", "stride", stride, 3, k);
  const auto p = per_dim("max_pool3d", "padding", padding, 3);
  const auto d = per_dim("max_pool3d", "dilation", dilation, 3);
  const Tensor planes = along_planes(batched(self, 3), [&](const Tensor& t) {
    return aten::max_pool2d(t, {k[1], k[2]}, {s[1], s[2]}, {p[1], p[2]}, {d[1], d[2]}, ceil_mode);
  });
  const Tensor out = along_depth(planes, [&](const Tensor& t) {
    return aten::max_pool2d(t, {k[0], 1}, {s[0], 1}, {p[0], 0}, {d[0], 1}, ceil_mode);
  });
  return unbatched(out, self, 3);
}

// The mean over a box is the mean over its frames of the means over its planes: the divisor
// (the box's volume, or the elements of it inside the padded input, or inside the input itself
// without count_include_pad) is the product of one count per dim. divisor_override: two sums,
// then the division.
Tensor avg_pool3d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride,
                  IntArrayRef padding, bool ceil_mode, bool count_include_pad,
                  std::optional<int64_t> divisor_override) {
  check_rank("avg_pool3d", self, 3);
  // Integers would truncate in each pass, where ATen's Long kernel divides the box's sum once.
  const ScalarType t = self.scalar_type();
  ATEN_CHECK(t == ScalarType::Float || t == ScalarType::Double || t == ScalarType::BFloat16,
             "\"avg_pool3d\" not implemented for '", t, "'");
  ATEN_CHECK(!divisor_override.has_value() || *divisor_override != 0, "divisor must be not zero");
  const auto k = per_dim("avg_pool3d", "kernel_size", kernel_size, 3);
  const auto s = per_dim("avg_pool3d", "stride", stride, 3, k);
  const auto p = per_dim("avg_pool3d", "padding", padding, 3);
  // ATen's: every window fits in the unpadded input (ceil_mode's windows may start in it).
  const int64_t it = self.size(-3), ih = self.size(-2), iw = self.size(-1);
  ATEN_CHECK(it >= k[0] && ih >= k[1] && iw >= k[2], "avg_pool3d: input image (T: ", it, " H: ", ih,
             " W: ", iw, ") smaller than kernel size (kT: ", k[0], " kH: ", k[1], " kW: ", k[2],
             ")");
  const std::optional<int64_t> as_sum = divisor_override.has_value() ? std::optional<int64_t>(1)
                                                                     : std::nullopt;
  const Tensor planes = along_planes(batched(self, 3), [&](const Tensor& t) {
    return aten::avg_pool2d(t, {k[1], k[2]}, {s[1], s[2]}, {p[1], p[2]}, ceil_mode,
                            count_include_pad, as_sum);
  });
  Tensor out = along_depth(planes, [&](const Tensor& t) {
    return aten::avg_pool2d(t, {k[0], 1}, {s[0], 1}, {p[0], 0}, ceil_mode, count_include_pad,
                            as_sum);
  });
  if (divisor_override.has_value()) out = out / *divisor_override;
  return unbatched(out, self, 3);
}

Tensor adaptive_avg_pool3d(const Tensor& self, IntArrayRef output_size) {
  check_rank("adaptive_avg_pool3d", self, 3);
  ATEN_CHECK(output_size.size() == 3, "adaptive_avg_pool3d: output_size must be 3, got ",
             output_size);
  const Tensor planes = along_planes(batched(self, 3), [&](const Tensor& t) {
    return aten::adaptive_avg_pool2d(t, {output_size[1], output_size[2]});
  });
  const Tensor out = along_depth(planes, [&](const Tensor& t) {
    return aten::adaptive_avg_pool2d(t, {output_size[0], t.size(3)});
  });
  return differentiable_when_empty(self, unbatched(out, self, 3));
}

}  // namespace aten::native
