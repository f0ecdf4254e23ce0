// convolution through im2col and a matrix product per group, and its conv1d / conv2d forms. Its
// gradients are those of the ops it is made of (im2col's is col2im), so second derivatives come
// the same way.
#include <aten/TensorOperators.h>
#include <aten/ops/contiguous.h>
#include <aten/ops/conv1d_native.h>
#include <aten/ops/conv2d_native.h>
#include <aten/ops/convolution.h>
#include <aten/ops/convolution_native.h>
#include <aten/ops/im2col.h>
#include <aten/ops/matmul.h>
#include <aten/ops/reshape.h>
#include <aten/ops/squeeze.h>
#include <aten/ops/unsqueeze.h>
#include <aten/ops/view.h>

#include <vector>

namespace aten::native {

namespace {

// ATen's checks of convolution's arguments, with its messages.
void check_convolution(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
                       IntArrayRef stride, IntArrayRef padding, IntArrayRef dilation,
                       int64_t groups) {
  const int64_t spatial = weight.dim() - 2;
  ATEN_CHECK(spatial == 1 || spatial == 2,
             "convolution: expected a weight of 3 or 4 dims ([out_channels, in_channels / groups, "
             "kernel...]), but got weight of size ",
             weight.sizes());
  ATEN_CHECK(input.dim() == weight.dim(), "Expected ", weight.dim(), "-dimensional input for ",
             weight.dim(), "-dimensional weight ", weight.sizes(), ", but got ", input.dim(),
             "-dimensional input of size ", input.sizes(), " instead");
  ATEN_CHECK(input.scalar_type() == weight.scalar_type(), "convolution: input type (",
             input.scalar_type(), ") and weight type (", weight.scalar_type(),
             ") should be the same");
  ATEN_CHECK(groups > 0, "non-positive groups is not supported");
  ATEN_CHECK(static_cast<int64_t>(stride.size()) == spatial &&
                 static_cast<int64_t>(padding.size()) == spatial &&
                 static_cast<int64_t>(dilation.size()) == spatial,
             "convolution: expected stride, padding and dilation of ", spatial,
             " elements, got stride=", stride, ", padding=", padding, ", dilation=", dilation);
  for (int64_t d = 0; d < spatial; ++d) {
    ATEN_CHECK(stride[d] > 0, "non-positive stride is not supported");
    ATEN_CHECK(padding[d] >= 0, "negative padding is not supported");
    ATEN_CHECK(dilation[d] > 0, "dilation should be greater than zero");
  }
  ATEN_CHECK(weight.size(0) % groups == 0, "Given groups=", groups,
             ", expected weight to be divisible by ", groups,
             " at dimension 0, but got weight of size ", weight.sizes(), " instead");
  ATEN_CHECK(input.size(1) == weight.size(1) * groups, "Given groups=", groups, ", weight of size ",
             weight.sizes(), ", expected input", input.sizes(), " to have ",
             weight.size(1) * groups, " channels, but got ", input.size(1), " channels instead");
  if (bias.has_value() && bias->defined()) {
    ATEN_CHECK(bias->dim() == 1 && bias->size(0) == weight.size(0), "Given weight of size ",
               weight.sizes(), ", expected bias to be 1-dimensional with ", weight.size(0),
               " elements, but got bias of size ", bias->sizes(), " instead");
    ATEN_CHECK(bias->scalar_type() == input.scalar_type(), "convolution: input type (",
               input.scalar_type(), ") and bias type (", bias->scalar_type(),
               ") should be the same");
  }
  for (int64_t d = 0; d < spatial; ++d) {
    const int64_t padded = input.size(d + 2) + 2 * padding[d];
    const int64_t extent = dilation[d] * (weight.size(d + 2) - 1) + 1;
    ATEN_CHECK(padded >= extent, "Calculated padded input size per channel: ", padded,
               ". Kernel size: ", extent, ". Kernel size can't be greater than actual input size");
  }
}

// A 2-d convolution of a batched input: im2col, one product per group, the bias.
Tensor convolution_2d(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
                      IntArrayRef stride, IntArrayRef padding, IntArrayRef dilation,
                      int64_t groups) {
  const int64_t n = input.size(0), out_channels = weight.size(0);
  const int64_t kh = weight.size(2), kw = weight.size(3);
  const int64_t oh = (input.size(2) + 2 * padding[0] - (dilation[0] * (kh - 1) + 1)) / stride[0] +
                     1;
  const int64_t ow = (input.size(3) + 2 * padding[1] - (dilation[1] * (kw - 1) + 1)) / stride[1] +
                     1;
  const Tensor cols = im2col(input, {kh, kw}, dilation, padding, stride);  // [N, C*kh*kw, L]
  Tensor out;
  if (groups == 1) {
    out = matmul(weight.reshape({out_channels, -1}), cols);  // [N, O, L]
  } else {
    const Tensor w = weight.reshape({groups, out_channels / groups, -1});
    out = matmul(w, cols.view({n, groups, -1, oh * ow})).reshape({n, out_channels, oh * ow});
  }
  out = out.view({n, out_channels, oh, ow});
  if (bias.has_value() && bias->defined()) out = out + bias->view({1, out_channels, 1, 1});
  if (input.suggest_memory_format() == MemoryFormat::ChannelsLast)
    out = out.contiguous(MemoryFormat::ChannelsLast);
  return out;
}

// An unbatched input ([C, ...]) gets a batch of one, as ATen's conv1d/conv2d give it.
Tensor batchified(const Tensor& input, int64_t batched_dim, const char* op) {
  ATEN_CHECK(input.dim() == batched_dim || input.dim() == batched_dim - 1, "Expected ",
             batched_dim - 1, "D (unbatched) or ", batched_dim, "D (batched) input to ", op,
             ", but got input of size: ", input.sizes());
  return input.dim() == batched_dim ? input : input.unsqueeze(0);
}

}  // namespace

Tensor convolution(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
                   IntArrayRef stride, IntArrayRef padding, IntArrayRef dilation, bool transposed,
                   IntArrayRef /*output_padding*/, int64_t groups) {
  ATEN_CHECK(!transposed, "convolution: transposed convolution is not implemented");
  check_convolution(input, weight, bias, stride, padding, dilation, groups);
  if (weight.dim() == 4) {
    return convolution_2d(input, weight, bias, stride, padding, dilation, groups);
  }
  // 1-d: a 2-d convolution over [N, C, 1, L].
  const std::vector<int64_t> s = {1, stride[0]}, p = {0, padding[0]}, d = {1, dilation[0]};
  return convolution_2d(input.unsqueeze(2), weight.unsqueeze(2), bias, s, p, d, groups).squeeze(2);
}

Tensor conv2d(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
              IntArrayRef stride, IntArrayRef padding, IntArrayRef dilation, int64_t groups) {
  const Tensor x = batchified(input, 4, "conv2d");
  const Tensor out = aten::convolution(x, weight, bias, stride, padding, dilation, false, {0, 0},
                                       groups);
  return input.dim() == 4 ? out : out.squeeze(0);
}

Tensor conv1d(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
              IntArrayRef stride, IntArrayRef padding, IntArrayRef dilation, int64_t groups) {
  const Tensor x = batchified(input, 3, "conv1d");
  const Tensor out = aten::convolution(x, weight, bias, stride, padding, dilation, false, {0},
                                       groups);
  return input.dim() == 3 ? out : out.squeeze(0);
}

}  // namespace aten::native
