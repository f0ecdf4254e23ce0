// convolution over 1, 2 or 3 spatial dims, transposed or not, and its conv* / conv_transpose*
// forms and convolution_backward. Both are built from ops (im2col and one matrix product per
// group for a 2-d convolution; col2im for a transposed one; 1-d and 3-d through 2-d; the direct
// kernels of DirectConv.h where they apply). convolution's gradients are convolution_backward's
// (derivatives.yaml), and convolution_backward's are those of the convolutions it makes.
#include <aten/TensorOperators.h>
#include <aten/native/DirectConv.h>
#include <aten/ops/_direct_conv2d.h>
#include <aten/ops/_direct_conv2d_weight.h>
#include <aten/ops/arange.h>
#include <aten/ops/cat.h>
#include <aten/ops/col2im.h>
#include <aten/ops/constant_pad_nd.h>
#include <aten/ops/contiguous.h>
#include <aten/ops/conv1d_native.h>
#include <aten/ops/conv2d_native.h>
#include <aten/ops/conv3d_native.h>
#include <aten/ops/conv_transpose1d_native.h>
#include <aten/ops/conv_transpose2d_native.h>
#include <aten/ops/conv_transpose3d_native.h>
#include <aten/ops/convolution.h>
#include <aten/ops/convolution_backward_native.h>
#include <aten/ops/convolution_native.h>
#include <aten/ops/im2col.h>
#include <aten/ops/index_add.h>
#include <aten/ops/matmul.h>
#include <aten/ops/narrow.h>
#include <aten/ops/permute.h>
#include <aten/ops/reshape.h>
#include <aten/ops/select.h>
#include <aten/ops/slice.h>
#include <aten/ops/squeeze.h>
#include <aten/ops/sum.h>
#include <aten/ops/transpose.h>
#include <aten/ops/unsqueeze.h>
#include <aten/ops/view.h>
#include <aten/ops/zeros.h>

#include <algorithm>
#include <string_view>
#include <vector>

namespace aten::native {

namespace {

using Dims = std::vector<int64_t>;

// The geometry of one call: per spatial dim, stride, padding, dilation and output_padding.
struct ConvParams {
  Dims stride, padding, dilation, output_padding;
  bool transposed;
  int64_t groups;

  // Output extent along spatial dim d of an input extent `in` and a kernel extent `k`.
  int64_t output_size(size_t d, int64_t in, int64_t k) const {
    const int64_t extent = dilation[d] * (k - 1) + 1;
    if (transposed) return (in - 1) * stride[d] - 2 * padding[d] + extent + output_padding[d];
    return (in + 2 * padding[d] - extent) / stride[d] + 1;
  }
};

// ATen's expand_param_if_needed: one value stands for every spatial dim.
Dims expanded(IntArrayRef v, const char* name, int64_t spatial) {
  if (v.size() == 1) return Dims(static_cast<size_t>(spatial), v[0]);
  ATEN_CHECK(static_cast<int64_t>(v.size()) == spatial, "expected ", name,
             " to be a single integer value or a list of ", spatial,
             " values to match the convolution dimensions, but got ", name, "=", v);
  return Dims(v.begin(), v.end());
}

ConvParams params_of(const Tensor& weight, IntArrayRef stride, IntArrayRef padding,
                     IntArrayRef dilation, bool transposed, IntArrayRef output_padding,
                     int64_t groups) {
  const int64_t spatial = weight.dim() - 2;
  ATEN_CHECK(spatial >= 1 && spatial <= 3,
             "expected a weight of 3, 4 or 5 dims ([out_channels, in_channels / groups, "
             "kernel...], transposed: [in_channels, out_channels / groups, kernel...]), but got "
             "weight of size ",
             weight.sizes());
  return {expanded(stride, "stride", spatial),
          expanded(padding, "padding", spatial),
          expanded(dilation, "dilation", spatial),
          expanded(output_padding, "output_padding", spatial),
          transposed,
          groups};
}

// ATen's checks of convolution's arguments, with its messages; the result's sizes.
Dims check_convolution(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
                       const ConvParams& p) {
  const int64_t spatial = weight.dim() - 2;
  ATEN_CHECK(input.dim() == weight.dim(), "Expected ", weight.dim(), "-dimensional input for ",
             weight.dim(), "-dimensional weight ", weight.sizes(), ", but got ", input.dim(),
             "-dimensional input of size ", input.sizes(), " instead");
  ATEN_CHECK(input.scalar_type() == weight.scalar_type(), "convolution: input type (",
             input.scalar_type(), ") and weight type (", weight.scalar_type(),
             ") should be the same");
  ATEN_CHECK(p.groups > 0, "non-positive groups is not supported");
  const auto n = static_cast<size_t>(spatial);
  for (size_t d = 0; d < n; ++d) {
    ATEN_CHECK(weight.size(static_cast<int64_t>(d) + 2) > 0,
               "convolution: kernel size must be greater than zero, but got weight of size ",
               weight.sizes());
    ATEN_CHECK(p.stride[d] > 0, "non-positive stride is not supported");
    ATEN_CHECK(p.padding[d] >= 0, "negative padding is not supported");
    ATEN_CHECK(p.dilation[d] > 0, "dilation should be greater than zero");
    // Checked when unused too, as ATen does.
    ATEN_CHECK(p.output_padding[d] >= 0, "negative output_padding is not supported");
    if (p.transposed) {
      ATEN_CHECK(p.output_padding[d] < p.stride[d] || p.output_padding[d] < p.dilation[d],
                 "output padding must be smaller than either stride or dilation, but got "
                 "output_padding=",
                 IntArrayRef(p.output_padding), ", stride=", IntArrayRef(p.stride),
                 ", dilation=", IntArrayRef(p.dilation));
    }
  }
  if (p.transposed) {
    ATEN_CHECK(weight.size(0) % p.groups == 0, "Given groups=", p.groups,
               ", expected weight to be divisible by ", p.groups,
               " at dimension 0, but got weight of size ", weight.sizes(), " instead");
    ATEN_CHECK(input.size(1) == weight.size(0), "Given transposed=1, weight of size ",
               weight.sizes(), ", expected input", input.sizes(), " to have ", weight.size(0),
               " channels, but got ", input.size(1), " channels instead");
  } else {
    ATEN_CHECK(weight.size(0) % p.groups == 0, "Given groups=", p.groups,
               ", expected weight to be divisible by ", p.groups,
               " at dimension 0, but got weight of size ", weight.sizes(), " instead");
    ATEN_CHECK(input.size(1) == weight.size(1) * p.groups, "Given groups=", p.groups,
               ", weight of size ", weight.sizes(), ", expected input", input.sizes(), " to have ",
               weight.size(1) * p.groups, " channels, but got ", input.size(1),
               " channels instead");
  }
  const int64_t out_channels = p.transposed ? weight.size(1) * p.groups : weight.size(0);
  if (bias.has_value() && bias->defined()) {
    ATEN_CHECK(bias->dim() == 1 && bias->size(0) == out_channels, "Given weight of size ",
               weight.sizes(), ", expected bias to be 1-dimensional with ", out_channels,
               " elements, but got bias of size ", bias->sizes(), " instead");
    ATEN_CHECK(bias->scalar_type() == input.scalar_type(), "convolution: input type (",
               input.scalar_type(), ") and bias type (", bias->scalar_type(),
               ") should be the same");
  }
  Dims out{input.size(0), out_channels};
  out.resize(n + 2);
  bool positive = true;
  for (size_t d = 0; d < n; ++d) {
    const auto dim = static_cast<int64_t>(d) + 2;
    if (!p.transposed) {
      const int64_t padded = input.size(dim) + 2 * p.padding[d];
      const int64_t extent = p.dilation[d] * (weight.size(dim) - 1) + 1;
      ATEN_CHECK(padded >= extent, "Calculated padded input size per channel: ", padded,
                 ". Kernel size: ", extent,
                 ". Kernel size can't be greater than actual input size");
    }
    out[d + 2] = p.output_size(d, input.size(dim), weight.size(dim));
    positive &= out[d + 2] > 0;
  }
  ATEN_CHECK(positive, "Given input size per channel: ", input.sizes().slice(2),
             ". Calculated output size per channel: ", IntArrayRef(out).slice(2),
             ". Output size is too small");
  // An empty batch or no channels give zeros (and the bias); ATen's backends take no other empty
  // input, though padding would give it an output.
  ATEN_CHECK(
      input.numel() != 0 || input.size(0) == 0 || input.size(1) == 0,
      "Only zero batch or zero channel inputs are supported, but got input shape: ", input.sizes());
  return out;
}

std::optional<Tensor> no_bias() { return std::nullopt; }

// `t` with `before` zeros ahead of it and `after` zeros behind it along `dim`.
Tensor zeros_around(const Tensor& t, int64_t dim, int64_t before, int64_t after) {
  if (before == 0 && after == 0) return t;
  // constant_pad_nd's pads run from the last dim backwards, two per dim.
  std::vector<int64_t> pad(static_cast<size_t>(2 * (t.dim() - dim)), 0);
  pad[pad.size() - 2] = before;
  pad.back() = after;
  return aten::constant_pad_nd(t, pad);
}

Tensor zeros_after(const Tensor& t, int64_t dim, int64_t count) {
  return zeros_around(t, dim, 0, count);
}

// A 2-d convolution of a batched input: im2col, one product per group.
Tensor conv2d_forward(const Tensor& input, const Tensor& weight, const ConvParams& p) {
  const int64_t n = input.size(0), out_channels = weight.size(0);
  const int64_t kh = weight.size(2), kw = weight.size(3);
  const int64_t oh = p.output_size(0, input.size(2), kh), ow = p.output_size(1, input.size(3), kw);
  const Tensor cols = im2col(input, {kh, kw}, p.dilation, p.padding, p.stride);  // [N, C*kh*kw, L]
  Tensor out;
  if (p.groups == 1) {
    out = matmul(weight.reshape({out_channels, -1}), cols);  // [N, O, L]
  } else {
    const Tensor w = weight.reshape({p.groups, out_channels / p.groups, -1});
    out = matmul(w, cols.view({n, p.groups, -1, oh * ow})).reshape({n, out_channels, oh * ow});
  }
  return out.view({n, out_channels, oh, ow});
}

// A transposed 2-d convolution: each input pixel times the weight gives a column of blocks,
// which col2im sums into the output (the gradient of conv2d_forward with respect to its input).
// output_padding extends the output after its end, into what the padding crops there (past the
// last block, zeros): the block grid grows by zero blocks to the size col2im expects.
Tensor conv_transpose2d_forward(const Tensor& input, const Tensor& weight, const ConvParams& p) {
  const int64_t n = input.size(0), h = input.size(2), w = input.size(3);
  const int64_t in_group = weight.size(0) / p.groups, out_group = weight.size(1);
  const int64_t kh = weight.size(2), kw = weight.size(3);
  const int64_t oh = p.output_size(0, h, kh), ow = p.output_size(1, w, kw);
  auto blocks = [&](size_t d, int64_t out, int64_t k) {
    return (out + 2 * p.padding[d] - p.dilation[d] * (k - 1) - 1) / p.stride[d] + 1;
  };
  const int64_t bh = blocks(0, oh, kh), bw = blocks(1, ow, kw);
  const Tensor wg = weight.reshape({p.groups, in_group, out_group * kh * kw}).transpose(1, 2);
  Tensor cols = matmul(wg, input.reshape({n, p.groups, in_group, h * w}))
                    .reshape({n, p.groups * out_group * kh * kw, h, w});
  cols = zeros_after(zeros_after(cols, 2, bh - h), 3, bw - w).reshape({n, -1, bh * bw});
  return col2im(cols, {oh, ow}, {kh, kw}, p.dilation, p.padding, p.stride);
}

// The 2-d parameters of a 3-d convolution's (H, W) planes.
ConvParams planes_of(const ConvParams& p) {
  auto tail = [](const Dims& v) { return Dims(v.begin() + 1, v.end()); };
  return {tail(p.stride),   tail(p.padding),
          tail(p.dilation), p.transposed ? tail(p.output_padding) : Dims{0, 0},
          p.transposed,     p.groups};
}

// [N, C, D, H, W] -> [N * D, C, H, W] and back.
Tensor frames_to_batch(const Tensor& t) {
  return t.permute({0, 2, 1, 3, 4})
      .reshape({t.size(0) * t.size(2), t.size(1), t.size(3), t.size(4)});
}
// (n and the frame count given, not divided out: either may be 0.)
Tensor batch_to_frames(const Tensor& t, int64_t n, int64_t frames) {
  return t.view({n, frames, t.size(1), t.size(2), t.size(3)}).permute({0, 2, 1, 3, 4});
}

// A 3-d convolution as a sum over the kernel's depth of 2-d convolutions of the input's frames.
Tensor conv3d_forward(const Tensor& input, const Tensor& weight, const ConvParams& p) {
  const int64_t n = input.size(0), kd = weight.size(2);
  const Tensor padded = zeros_around(input, 2, p.padding[0], p.padding[0]);
  const int64_t od = p.output_size(0, input.size(2), kd);
  const ConvParams planes = planes_of(p);
  Tensor out;
  for (int64_t k = 0; k < kd; ++k) {
    const int64_t first = k * p.dilation[0];
    const Tensor frames = padded.slice(2, first, first + (od - 1) * p.stride[0] + 1, p.stride[0]);
    const Tensor part = batch_to_frames(
        conv2d_forward(frames_to_batch(frames), weight.select(2, k), planes), n, frames.size(2));
    out = out.defined() ? out + part : part;
  }
  return out;
}

// A transposed 3-d convolution: each kernel depth's transposed 2-d convolution of the input's
// frames, added into the output frames it reaches.
Tensor conv_transpose3d_forward(const Tensor& input, const Tensor& weight, const ConvParams& p) {
  const int64_t n = input.size(0), d = input.size(2), kd = weight.size(2);
  const ConvParams planes = planes_of(p);
  // Every output frame a tap reaches, before padding crops both ends; output_padding may need
  // frames past the last one reached.
  const int64_t reached = (d - 1) * p.stride[0] + p.dilation[0] * (kd - 1) + 1;
  const int64_t od = p.output_size(0, d, kd);
  const int64_t full_depth = std::max(reached, p.padding[0] + od);
  Tensor full;
  for (int64_t k = 0; k < kd; ++k) {
    const Tensor part = batch_to_frames(
        conv_transpose2d_forward(frames_to_batch(input), weight.select(2, k), planes), n, d);
    if (!full.defined()) {
      full = zeros({n, part.size(1), full_depth, part.size(3), part.size(4)}, input.options());
    }
    const Tensor at = arange(k * p.dilation[0], k * p.dilation[0] + (d - 1) * p.stride[0] + 1,
                             p.stride[0],
                             TensorOptions().dtype(ScalarType::Long).device(input.device()));
    full = full.index_add(2, at, part);
  }
  return full.narrow(2, p.padding[0], od);
}

// A 1-d convolution as a 2-d one over [N, C, 1, L].
Tensor conv1d_forward(const Tensor& input, const Tensor& weight, const ConvParams& p) {
  const ConvParams wide{{1, p.stride[0]},   {0, p.padding[0]},
                        {1, p.dilation[0]}, {0, p.transposed ? p.output_padding[0] : 0},
                        p.transposed,       p.groups};
  const Tensor x = input.unsqueeze(2), w = weight.unsqueeze(2);
  return (p.transposed ? conv_transpose2d_forward(x, w, wide) : conv2d_forward(x, w, wide))
      .squeeze(2);
}

// An unbatched input ([C, ...]) gets a batch of one, as ATen's conv*d give it.
Tensor batchified(const Tensor& input, int64_t batched_dim, const char* op) {
  ATEN_CHECK(input.dim() == batched_dim || input.dim() == batched_dim - 1, "Expected ",
             batched_dim - 1, "D (unbatched) or ", batched_dim, "D (batched) input to ", op,
             ", but got input of size: ", input.sizes());
  return input.dim() == batched_dim ? input : input.unsqueeze(0);
}

Tensor conv_nd(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
               IntArrayRef stride, IntArrayRef padding, IntArrayRef dilation, bool transposed,
               IntArrayRef output_padding, int64_t groups, int64_t batched_dim, const char* op) {
  const Tensor x = batchified(input, batched_dim, op);
  const Tensor out = aten::convolution(x, weight, bias, stride, padding, dilation, transposed,
                                       output_padding, groups);
  return input.dim() == batched_dim ? out : out.squeeze(0);
}

// padding="valid" is no padding; "same" pads so that the output has the input's size (stride 1
// only), the odd extra element after the input, as ATen does.
Tensor conv_padding_mode(const Tensor& input, const Tensor& weight,
                         const std::optional<Tensor>& bias, IntArrayRef stride,
                         std::string_view padding, IntArrayRef dilation, int64_t groups,
                         int64_t batched_dim, const char* op) {
  const auto spatial = static_cast<size_t>(batched_dim - 2);
  if (padding == "valid") {
    return conv_nd(input, weight, bias, stride, Dims(spatial, 0), dilation, false, Dims(spatial, 0),
                   groups, batched_dim, op);
  }
  ATEN_CHECK(padding == "same", op, ": Invalid padding string: '", padding,
             "', expected 'valid' or 'same'");
  for (int64_t s : stride) {
    ATEN_CHECK(s == 1, op, ": padding='same' is not supported for strided convolutions");
  }
  ATEN_CHECK(weight.dim() == batched_dim, op, ": expected a weight of ", batched_dim,
             " dims, but got weight of size ", weight.sizes());
  // Read below per spatial dim, before convolution checks the lists.
  const Dims dilations = expanded(dilation, "dilation", static_cast<int64_t>(spatial));
  Tensor x = input;
  Dims symmetric(spatial);
  for (size_t d = 0; d < spatial; ++d) {
    const int64_t total = dilations[d] * (weight.size(static_cast<int64_t>(d) + 2) - 1);
    symmetric[d] = total / 2;
    x = zeros_after(x, x.dim() - static_cast<int64_t>(spatial - d), total - 2 * symmetric[d]);
  }
  return conv_nd(x, weight, bias, stride, symmetric, dilation, false, Dims(spatial, 0), groups,
                 batched_dim, op);
}

// A 2-d convolution's weight gradient as ATen's slow_conv2d computes it: im2col of the input
// ([N, C * kh * kw, L]) against grad_output ([N, O, L]), a matrix product per image and group,
// summed over the batch. The products' sides are the output channels and the kernel's taps, where
// the convolution form below has an image-sized kernel and an output of the kernel's size (a
// product of width kh * kw, which the matrix kernel serves badly).
Tensor conv2d_weight_grad(const Tensor& grad_output, const Tensor& input, const Tensor& weight,
                          const ConvParams& p) {
  const int64_t n = input.size(0), out_channels = weight.size(0);
  const Tensor cols = im2col(input, {weight.size(2), weight.size(3)}, p.dilation, p.padding,
                             p.stride);  // [N, C * kh * kw, L]
  const int64_t l = cols.size(2);
  const Tensor dy = grad_output.reshape({n, p.groups, out_channels / p.groups, l});
  // cols on the left, as im2col lays it out (the product reads a transposed right operand in
  // place, where a transposed left one would be copied: 58 MB for 3x3 over 64 channels of 8
  // images of 56 x 56).
  const Tensor per_image = matmul(cols.view({n, p.groups, -1, l}), dy.transpose(2, 3));
  return per_image.sum({0}, false, per_image.scalar_type()).transpose(1, 2).reshape(weight.sizes());
}

// The gradient of a convolution's weight, itself a convolution: with batch and channels swapped,
// the input (non-transposed) or grad_output (transposed) convolved with the other, stride and
// dilation exchanged; the result is at least the kernel's size and is cut to it.
Tensor conv_weight_grad(const Tensor& grad_output, const Tensor& input, const Tensor& weight,
                        const ConvParams& p) {
  const int64_t spatial = weight.dim() - 2;
  const int64_t in_group = p.transposed ? weight.size(0) / p.groups : weight.size(1);
  const int64_t out_group = p.transposed ? weight.size(1) : weight.size(0) / p.groups;
  std::vector<Tensor> per_group;
  for (int64_t g = 0; g < p.groups; ++g) {
    const Tensor x = input.narrow(1, g * in_group, in_group).transpose(0, 1);
    const Tensor dy = grad_output.narrow(1, g * out_group, out_group).transpose(0, 1);
    Tensor r = p.transposed ? aten::convolution(dy, x, no_bias(), p.dilation, p.padding, p.stride,
                                                false, Dims(p.stride.size(), 0), 1)
                            : aten::convolution(x, dy, no_bias(), p.dilation, p.padding, p.stride,
                                                false, Dims(p.stride.size(), 0), 1);
    for (int64_t d = 0; d < spatial; ++d) r = r.narrow(d + 2, 0, weight.size(d + 2));
    per_group.push_back(r.transpose(0, 1));
  }
  return p.groups == 1 ? per_group[0].contiguous() : cat(per_group, 0);
}

// A tensor's memory format as ATen's convolutions read it: a 1-d one's through its 2-d view
// [N, C, 1, L].
MemoryFormat format_of(const Tensor& t) {
  return (t.dim() == 3 ? t.unsqueeze(2) : t).suggest_memory_format();
}

// t laid out in `format` (a 1-d convolution's tensors through their 2-d views).
Tensor in_format(const Tensor& t, MemoryFormat format) {
  if (t.dim() == 3) return t.unsqueeze(2).contiguous(format).squeeze(2);
  return t.contiguous(format);
}

// The layout of convolution's result and gradients, as ATen's CPU backends give them:
// channels-last when a 2-d (or 1-d) convolution's input or weight is, contiguous for transposed
// and 3-d ones.
MemoryFormat backend_format(const Tensor& input, const Tensor& weight, bool transposed) {
  if (transposed || weight.dim() == 5) return MemoryFormat::Contiguous;
  const bool channels_last = format_of(input) == MemoryFormat::ChannelsLast ||
                             format_of(weight) == MemoryFormat::ChannelsLast;
  return channels_last ? MemoryFormat::ChannelsLast : MemoryFormat::Contiguous;
}

// Half and BFloat16, which the forms that add partial results compute in Float.
bool reduced_float(ScalarType t) { return t == ScalarType::Half || t == ScalarType::BFloat16; }

// Nothing to sum: no image, channel or tap (the forms below would reshape empty tensors).
bool empty_convolution(const Tensor& input, const Tensor& weight) {
  return input.numel() == 0 || weight.numel() == 0;
}

// convolution of checked arguments, before its layout; `sizes` its result's.
Tensor convolution_of(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
                      const ConvParams& p, const Dims& sizes) {
  auto add_bias = [&](const Tensor& out) {
    if (!bias.has_value() || !bias->defined()) return out;
    std::vector<int64_t> shape(sizes.size(), 1);
    shape[1] = bias->size(0);
    return out + bias->view(shape);
  };
  if (empty_convolution(input, weight)) return add_bias(zeros(sizes, input.options()));
  if (direct_conv2d_applies(input, weight, bias, p.stride, p.dilation, p.transposed, p.groups))
    return aten::_direct_conv2d(input, weight, bias, p.padding);
  // The forms that add partial results - a transposed convolution's overlapping columns, a 3-d
  // one's per-depth planes - compute Half and BFloat16 in Float and round once, as a kernel's
  // accumulator would (rounding each partial sum lost results to cancellation between them).
  const ScalarType t = input.scalar_type();
  const bool in_float = reduced_float(t) && (p.transposed || weight.dim() == 5);
  const Tensor x = in_float ? input.to(ScalarType::Float) : input;
  const Tensor w = in_float ? weight.to(ScalarType::Float) : weight;
  Tensor out;
  switch (weight.dim()) {
    case 3:
      out = conv1d_forward(x, w, p);
      break;
    case 4:
      out = p.transposed ? conv_transpose2d_forward(x, w, p) : conv2d_forward(x, w, p);
      break;
    default:
      out = p.transposed ? conv_transpose3d_forward(x, w, p) : conv3d_forward(x, w, p);
  }
  return add_bias(in_float ? out.to(t) : out);
}

}  // namespace

Tensor convolution(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
                   IntArrayRef stride, IntArrayRef padding, IntArrayRef dilation, bool transposed,
                   IntArrayRef output_padding, int64_t groups) {
  const ConvParams p = params_of(weight, stride, padding, dilation, transposed, output_padding,
                                 groups);
  const Dims sizes = check_convolution(input, weight, bias, p);
  return in_format(convolution_of(input, weight, bias, p, sizes),
                   backend_format(input, weight, transposed));
}

std::tuple<Tensor, Tensor, Tensor> convolution_backward(const Tensor& grad_output,
                                                        const Tensor& input, const Tensor& weight,
                                                        OptionalArrayRef<int64_t> /*bias_sizes*/,
                                                        IntArrayRef stride, IntArrayRef padding,
                                                        IntArrayRef dilation, bool transposed,
                                                        IntArrayRef output_padding, int64_t groups,
                                                        std::array<bool, 3> output_mask) {
  const ConvParams p = params_of(weight, stride, padding, dilation, transposed, output_padding,
                                 groups);
  const Dims sizes = check_convolution(input, weight, std::nullopt, p);
  ATEN_CHECK(grad_output.sizes() == IntArrayRef(sizes),
             "convolution_backward: expected grad_output of the convolution's output size ",
             IntArrayRef(sizes), ", got ", grad_output.sizes(), " for input ", input.sizes(),
             " and weight ", weight.sizes());
  const int64_t spatial = weight.dim() - 2;
  if (!transposed) {
    const bool unpadded = std::all_of(p.output_padding.begin(), p.output_padding.end(),
                                      [](int64_t v) { return v == 0; });
    ATEN_CHECK(unpadded, "output_padding is not supported for non-transposed convolutions; got: ",
               IntArrayRef(p.output_padding));
  }
  const bool empty = empty_convolution(input, weight) || grad_output.numel() == 0;
  const bool direct = !empty && grad_output.scalar_type() == ScalarType::Float &&
                      direct_conv2d_applies(input, weight, std::nullopt, p.stride, p.dilation,
                                            transposed, groups);
  Tensor grad_input, grad_weight, grad_bias;
  if (output_mask[0]) {
    const int64_t kh = weight.size(-2), kw = weight.size(-1);
    if (empty) {
      grad_input = zeros(input.sizes(), input.options());
    } else if (direct && p.padding[0] < kh && p.padding[1] < kw) {
      // The input's gradient of a stride-1 correlation is the full correlation of the gradient
      // with the kernel rotated by 180 degrees, input and output channels swapped: the direct
      // kernel again, with padding k - 1 - p (a padding of the kernel's size or more would need
      // a negative one).
      grad_input = aten::_direct_conv2d(grad_output, weight.transpose(0, 1).flip({2, 3}),
                                        std::nullopt,
                                        {kh - 1 - p.padding[0], kw - 1 - p.padding[1]});
    } else if (transposed) {
      // A plain convolution of grad_output; output_padding's extra rows reach no input.
      grad_input = aten::convolution(grad_output, weight, no_bias(), p.stride, p.padding,
                                     p.dilation, false, Dims(p.stride.size(), 0), groups);
      for (int64_t d = 0; d < spatial; ++d)
        grad_input = grad_input.narrow(d + 2, 0, input.size(d + 2));
    } else {
      // A transposed convolution, with the output_padding that gives back the input's size
      // (the rows a strided window never reached).
      Dims extra(static_cast<size_t>(spatial));
      for (int64_t d = 0; d < spatial; ++d) {
        const auto i = static_cast<size_t>(d);
        const int64_t reached = (grad_output.size(d + 2) - 1) * p.stride[i] - 2 * p.padding[i] +
                                p.dilation[i] * (weight.size(d + 2) - 1) + 1;
        extra[i] = input.size(d + 2) - reached;
      }
      grad_input = aten::convolution(grad_output, weight, no_bias(), p.stride, p.padding,
                                     p.dilation, true, extra, groups);
    }
  }
  if (output_mask[1]) {
    if (empty) {
      grad_weight = zeros(weight.sizes(), weight.options());
    } else if (direct) {
      grad_weight = aten::_direct_conv2d_weight(grad_output, input,
                                                {weight.size(2), weight.size(3)}, p.padding);
    } else {
      // A sum over the batch too: Half and BFloat16 are summed in Float and rounded once (a sum
      // of per-image products rounded each lost the weight's gradient to cancellation).
      const ScalarType t = input.scalar_type();
      const bool in_float = reduced_float(t);
      const Tensor dy = in_float ? grad_output.to(ScalarType::Float) : grad_output;
      const Tensor x = in_float ? input.to(ScalarType::Float) : input;
      grad_weight = spatial == 2 && !transposed ? conv2d_weight_grad(dy, x, weight, p)
                                                : conv_weight_grad(dy, x, weight, p);
      if (in_float) grad_weight = grad_weight.to(t);
    }
  }
  if (output_mask[2]) {
    std::vector<int64_t> dims = {0};
    for (int64_t d = 2; d < grad_output.dim(); ++d) dims.push_back(d);
    grad_bias = grad_output.sum(dims, false, grad_output.scalar_type());
  }
  // Laid out as ATen's, like the forward's result (the forms above leave a transposed
  // convolution's permuted).
  const MemoryFormat format = backend_format(input, weight, transposed);
  if (grad_input.defined()) grad_input = in_format(grad_input, format);
  if (grad_weight.defined()) grad_weight = in_format(grad_weight, format);
  return {grad_input, grad_weight, grad_bias};
}

Tensor conv1d(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
              IntArrayRef stride, IntArrayRef padding, IntArrayRef dilation, int64_t groups) {
  return conv_nd(input, weight, bias, stride, padding, dilation, false, {0}, groups, 3, "conv1d");
}

Tensor conv2d(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
              IntArrayRef stride, IntArrayRef padding, IntArrayRef dilation, int64_t groups) {
  return conv_nd(input, weight, bias, stride, padding, dilation, false, {0, 0}, groups, 4,
                 "conv2d");
}

Tensor conv3d(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
              IntArrayRef stride, IntArrayRef padding, IntArrayRef dilation, int64_t groups) {
  return conv_nd(input, weight, bias, stride, padding, dilation, false, {0, 0, 0}, groups, 5,
                 "conv3d");
}

Tensor conv1d(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
              IntArrayRef stride, std::string_view padding, IntArrayRef dilation, int64_t groups) {
  return conv_padding_mode(input, weight, bias, stride, padding, dilation, groups, 3, "conv1d");
}

Tensor conv2d(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
              IntArrayRef stride, std::string_view padding, IntArrayRef dilation, int64_t groups) {
  return conv_padding_mode(input, weight, bias, stride, padding, dilation, groups, 4, "conv2d");
}

Tensor conv3d(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
              IntArrayRef stride, std::string_view padding, IntArrayRef dilation, int64_t groups) {
  return conv_padding_mode(input, weight, bias, stride, padding, dilation, groups, 5, "conv3d");
}

Tensor conv_transpose1d(const Tensor& input, const Tensor& weight,
                        const std::optional<Tensor>& bias, IntArrayRef stride, IntArrayRef padding,
                        IntArrayRef output_padding, int64_t groups, IntArrayRef dilation) {
  return conv_nd(input, weight, bias, stride, padding, dilation, true, output_padding, groups, 3,
                 "conv_transpose1d");
}

Tensor conv_transpose2d(const Tensor& input, const Tensor& weight,
                        const std::optional<Tensor>& bias, IntArrayRef stride, IntArrayRef padding,
                        IntArrayRef output_padding, int64_t groups, IntArrayRef dilation) {
  return conv_nd(input, weight, bias, stride, padding, dilation, true, output_padding, groups, 4,
                 "conv_transpose2d");
}

Tensor conv_transpose3d(const Tensor& input, const Tensor& weight,
                        const std::optional<Tensor>& bias, IntArrayRef stride, IntArrayRef padding,
                        IntArrayRef output_padding, int64_t groups, IntArrayRef dilation) {
  return conv_nd(input, weight, bias, stride, padding, dilation, true, output_padding, groups, 5,
                 "conv_transpose3d");
}

}  // namespace aten::native
