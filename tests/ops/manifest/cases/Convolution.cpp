// The cases of aten/native/Convolution.cpp's ops: convolution, conv2d and conv1d, with stride,
// padding, dilation, groups and bias, batched and not. The reference is the convolution's sum,
// written out.
#include "../ReductionCases.h"

#include <aten/core/Tensor.h>
#include <aten/ops/conv1d.h>
#include <aten/ops/conv2d.h>
#include <aten/ops/convolution.h>

namespace aten::optest {

namespace {

struct Conv {
  int64_t in_channels, out_channels, kh, kw, sh, sw, ph, pw, dh, dw, groups;
  bool bias;
};

constexpr int64_t kBatch = 2, kH = 6, kW = 7;

// out[n, o, y, x] = bias[o] + sum over the group's channels c and the kernel (i, j) of
// w[o, c, i, j] * in[n, g * C/g + c, y * sh - ph + i * dh, x * sw - pw + j * dw].
Refs conv_reference(const Conv& p, const Refs& in, ScalarType dtype, bool batched) {
  // Channels, kernel and plane from the inputs (the fuzzer draws other sizes than the case's).
  const RefTensor &x = in[0], &wt = in[1];
  const bool one_d = wt.dim() == 3;  // conv1d: no H dim
  const int64_t n = batched ? x.sizes[0] : 1, in_channels = x.sizes[batched ? 1 : 0];
  const int64_t h = one_d ? 1 : x.sizes[x.dim() - 2], w = x.sizes.back();
  const int64_t out_channels = wt.sizes[0], kh = one_d ? 1 : wt.sizes[2], kw = wt.sizes.back();
  const int64_t oh = (h + 2 * p.ph - (p.dh * (kh - 1) + 1)) / p.sh + 1;
  const int64_t ow = (w + 2 * p.pw - (p.dw * (kw - 1) + 1)) / p.sw + 1;
  const int64_t cg = in_channels / p.groups, og = out_channels / p.groups;
  Shape sizes = batched ? Shape{n, out_channels, oh, ow} : Shape{out_channels, oh, ow};
  if (one_d) sizes.erase(sizes.end() - 2);
  RefTensor out = filled(sizes, dtype);
  for (int64_t b = 0; b < n; ++b)
    for (int64_t o = 0; o < out_channels; ++o)
      for (int64_t y = 0; y < oh; ++y)
        for (int64_t xx = 0; xx < ow; ++xx) {
          std::complex<double> acc = p.bias ? in[2].values[static_cast<size_t>(o)] : 0.0;
          const int64_t g = o / og;
          for (int64_t c = 0; c < cg; ++c)
            for (int64_t i = 0; i < kh; ++i)
              for (int64_t j = 0; j < kw; ++j) {
                const int64_t iy = y * p.sh - p.ph + i * p.dh, ix = xx * p.sw - p.pw + j * p.dw;
                const int64_t ci = g * cg + c;
                // The padding holds zeros, multiplied like any element (0 * inf is NaN, as in
                // ATen).
                const bool inside = iy >= 0 && iy < h && ix >= 0 && ix < w;
                const std::complex<double> v =
                    inside
                        ? x.values[static_cast<size_t>(((b * in_channels + ci) * h + iy) * w + ix)]
                        : 0.0;
                acc += wt.values[static_cast<size_t>(((o * cg + c) * kh + i) * kw + j)] * v;
              }
          out.values[static_cast<size_t>(((b * out_channels + o) * oh + y) * ow + xx)] = round_to(
              dtype, acc);
        }
  return {out};
}

std::optional<Tensor> bias_of(const Tensors& in, bool bias) {
  return bias ? std::optional<Tensor>(in[2]) : std::nullopt;
}

OpCase conv2d_case(const Conv& p, bool batched, bool through_convolution) {
  OpCase c;
  c.overloads = {through_convolution ? "convolution" : "conv2d"};
  const Shape x = batched ? Shape{kBatch, p.in_channels, kH, kW} : Shape{p.in_channels, kH, kW};
  c.inputs = {Input{x}, Input{{p.out_channels, p.in_channels / p.groups, p.kh, p.kw}}};
  if (p.bias) c.inputs.push_back(Input{{p.out_channels}});
  c.result_dtypes = same;
  c.reference = [p, batched](const Refs& in, std::span<const ScalarType> dtypes) {
    return conv_reference(p, in, dtypes[0], batched);
  };
  c.call = [p, through_convolution](const Tensors& in) {
    if (through_convolution)
      return Tensors{convolution(in[0], in[1], bias_of(in, p.bias), {p.sh, p.sw}, {p.ph, p.pw},
                                 {p.dh, p.dw}, false, {0, 0}, p.groups)};
    return Tensors{conv2d(in[0], in[1], bias_of(in, p.bias), {p.sh, p.sw}, {p.ph, p.pw},
                          {p.dh, p.dw}, p.groups)};
  };
  c.undeclared_error = "not implemented for";
  // Channels, kernel and plane are tied across the inputs.
  c.skip_layouts = {Layout::large, Layout::zero_dim, Layout::zero_size};
  c.tolerance_scale = 8;
  return c;
}

OpCase conv1d_case(const Conv& p) {
  OpCase c;
  c.overloads = {"conv1d"};
  c.inputs = {Input{{kBatch, p.in_channels, kW}},
              Input{{p.out_channels, p.in_channels / p.groups, p.kw}}};
  if (p.bias) c.inputs.push_back(Input{{p.out_channels}});
  c.result_dtypes = same;
  c.reference = [p](const Refs& in, std::span<const ScalarType> dtypes) {
    return conv_reference(p, in, dtypes[0], true);
  };
  c.call = [p](const Tensors& in) {
    return Tensors{conv1d(in[0], in[1], bias_of(in, p.bias), {p.sw}, {p.pw}, {p.dw}, p.groups)};
  };
  c.undeclared_error = "not implemented for";
  c.skip_layouts = {Layout::large, Layout::zero_dim, Layout::zero_size};
  c.tolerance_scale = 8;
  return c;
}

}  // namespace

ATEN_OP_CASES(convolution) {
  // in, out, kh, kw, sh, sw, ph, pw, dh, dw, groups, bias
  const Conv plain{3, 4, 3, 3, 1, 1, 0, 0, 1, 1, 1, true};
  const Conv strided{2, 4, 2, 3, 2, 1, 1, 2, 1, 2, 1, false};
  const Conv grouped{4, 6, 3, 2, 1, 2, 1, 0, 2, 1, 2, true};
  const Conv one_d{4, 2, 1, 3, 1, 2, 0, 1, 1, 2, 2, true};
  return {conv2d_case(plain, true, true),    conv2d_case(strided, true, true),
          conv2d_case(grouped, true, false), conv2d_case(plain, false, false),
          conv2d_case(strided, true, false), conv1d_case(one_d)};
}

}  // namespace aten::optest
