// The cases of aten/native/Convolution.cpp's ops: convolution (1, 2 and 3 spatial dims,
// transposed or not), conv1d/2d/3d (batched and not, int and string padding),
// conv_transpose1d/2d/3d and convolution_backward, with stride, padding, dilation,
// output_padding, groups and bias. The references are the convolution's sums, written out over
// its taps: each (input position, output position, kernel position) the convolution connects.
#include "../ReductionCases.h"

#include <aten/core/Tensor.h>
#include <aten/ops/_direct_conv2d.h>
#include <aten/ops/_direct_conv2d_weight.h>
#include <aten/ops/conv1d.h>
#include <aten/ops/conv2d.h>
#include <aten/ops/conv3d.h>
#include <aten/ops/conv_transpose1d.h>
#include <aten/ops/conv_transpose2d.h>
#include <aten/ops/conv_transpose3d.h>
#include <aten/ops/convolution.h>
#include <aten/ops/convolution_backward.h>

#include <algorithm>
#include <string>

namespace aten::optest {

namespace {

// The parameters per spatial dim; `out_channels` is per group times groups.
struct Conv {
  int64_t in_channels, out_channels;
  Shape kernel, stride, padding, dilation, output_padding = {};
  int64_t groups = 1;
  bool bias = false;
  bool transposed = false;
  // Zeros after the input beyond `padding` (padding="same" with an odd total); empty: none.
  Shape extra_after = {};

  int64_t extra(size_t d) const { return extra_after.empty() ? 0 : extra_after[d]; }
};

constexpr int64_t kBatch = 2;

// The spatial extents of the case's input, by rank.
Shape plane(size_t spatial) {
  if (spatial == 1) return {7};
  if (spatial == 2) return {6, 7};
  return {4, 5, 4};
}

int64_t product(const Shape& s) {
  int64_t n = 1;
  for (int64_t v : s) n *= v;
  return n;
}

// One connection: in[in_pos] * w[k] contributes to out[out_pos] (flat spatial indices); in_pos
// is -1 for a tap on the padding, which holds zeros (0 * inf is NaN there, as in ATen).
struct Tap {
  int64_t in_pos, out_pos, k;
};

struct Geometry {
  Shape in, kernel, out;
  std::vector<Tap> taps;
};

Geometry geometry(const Conv& p, const Shape& in, const Shape& kernel) {
  Geometry g{in, kernel, Shape(in.size()), {}};
  const size_t n = in.size();
  for (size_t d = 0; d < n; ++d) {
    const int64_t extent = p.dilation[d] * (kernel[d] - 1) + 1;
    g.out[d] = p.transposed
                   ? (in[d] - 1) * p.stride[d] - 2 * p.padding[d] + extent + p.output_padding[d]
                   : (in[d] + 2 * p.padding[d] + p.extra(d) - extent) / p.stride[d] + 1;
  }
  // Walk every (output or input position, kernel position) pair, dims in C order.
  const Shape& walked = p.transposed ? in : g.out;
  for (int64_t pos = 0; pos < product(walked); ++pos) {
    for (int64_t k = 0; k < product(kernel); ++k) {
      int64_t other = 0, rest_pos = pos, rest_k = k, stride_pos = 1;
      bool inside = true;
      Shape pos_idx(n), k_idx(n);
      for (size_t d = n; d-- > 0;) {
        pos_idx[d] = rest_pos % walked[d];
        rest_pos /= walked[d];
        k_idx[d] = rest_k % kernel[d];
        rest_k /= kernel[d];
      }
      const Shape& target = p.transposed ? g.out : in;
      for (size_t d = n; d-- > 0;) {
        const int64_t at = pos_idx[d] * p.stride[d] - p.padding[d] + k_idx[d] * p.dilation[d];
        inside &= at >= 0 && at < target[d];
        other += at * stride_pos;
        stride_pos *= target[d];
      }
      if (p.transposed) {
        if (inside) g.taps.push_back({pos, other, k});  // positions past the output: cropped
      } else {
        g.taps.push_back({inside ? other : -1, pos, k});
      }
    }
  }
  return g;
}

// Channel bookkeeping of input x [N, C, in...] and weight w, from their sizes (the fuzzer draws
// other sizes than the case's).
struct Channels {
  int64_t n, in, out, in_group, out_group;
  Shape plane, kernel;
};

Channels channels_of(const Conv& p, const RefTensor& x, const RefTensor& w, bool batched) {
  const size_t lead = batched ? 2 : 1;
  Channels c{batched ? x.sizes[0] : 1,
             x.sizes[lead - 1],
             0,
             0,
             0,
             Shape(x.sizes.begin() + static_cast<std::ptrdiff_t>(lead), x.sizes.end()),
             Shape(w.sizes.begin() + 2, w.sizes.end())};
  c.in_group = c.in / p.groups;
  c.out_group = p.transposed ? w.sizes[1] : w.sizes[0] / p.groups;
  c.out = c.out_group * p.groups;
  return c;
}

// Flat index of weight element (input channel ci, output channel co, kernel position k).
int64_t weight_index(const Conv& p, const Channels& c, int64_t ci, int64_t co, int64_t k) {
  const int64_t kernel = product(c.kernel);
  if (p.transposed) return (ci * c.out_group + co % c.out_group) * kernel + k;
  return (co * c.in_group + ci % c.in_group) * kernel + k;
}

Refs forward_reference(const Conv& p, const Refs& in, ScalarType dtype, bool batched) {
  const Channels c = channels_of(p, in[0], in[1], batched);
  const Geometry g = geometry(p, c.plane, c.kernel);
  const int64_t in_plane = product(g.in), out_plane = product(g.out);
  Shape sizes = {c.n, c.out};
  if (!batched) sizes.erase(sizes.begin());
  sizes.insert(sizes.end(), g.out.begin(), g.out.end());
  // Integral dtypes exactly, wrapping (ProductSum): products of 2^26-sized values pass 2^53.
  std::vector<ProductSum> acc(static_cast<size_t>(c.n * c.out * out_plane), ProductSum(dtype));
  for (int64_t b = 0; b < c.n; ++b)
    for (int64_t co = 0; co < c.out; ++co) {
      const int64_t group = co / c.out_group;
      if (p.bias)
        for (int64_t j = 0; j < out_plane; ++j)
          acc[static_cast<size_t>((b * c.out + co) * out_plane + j)].add(
              in[2].values[static_cast<size_t>(co)], 1.0);
      for (int64_t ci = group * c.in_group; ci < (group + 1) * c.in_group; ++ci)
        for (const Tap& t : g.taps) {
          // A tap on padding multiplies a zero, as the kernels do (an infinite weight gives NaN).
          const std::complex<double> v =
              t.in_pos < 0
                  ? 0.0
                  : in[0].values[static_cast<size_t>((b * c.in + ci) * in_plane + t.in_pos)];
          acc[static_cast<size_t>((b * c.out + co) * out_plane + t.out_pos)].add(
              in[1].values[static_cast<size_t>(weight_index(p, c, ci, co, t.k))], v);
        }
    }
  RefTensor out = filled(sizes, dtype);
  for (size_t i = 0; i < acc.size(); ++i) out.values[i] = round_to(dtype, acc[i].value());
  return {out};
}

// grad_output in[0], input in[1], weight in[2].
Refs backward_reference(const Conv& p, const Refs& in, std::span<const ScalarType> dtypes) {
  const Channels c = channels_of(p, in[1], in[2], true);
  const Geometry g = geometry(p, c.plane, c.kernel);
  const int64_t in_plane = product(g.in), out_plane = product(g.out);
  // Each gradient element is a sum: the sum of its terms' magnitudes goes with it (its rounding
  // error grows with them, not with a result that cancels to near 0).
  struct Sums {
    std::vector<ProductSum> value;  // integral dtypes exactly, as the forward's
    std::vector<double> magnitude;
    Sums(size_t n, ScalarType dtype) : value(n, ProductSum(dtype)), magnitude(n) {}
    void add(size_t i, std::complex<double> x, std::complex<double> y) {
      value[i].add(x, y);
      magnitude[i] += std::abs(x * y);
    }
  };
  Sums gx(in[1].values.size(), dtypes[0]), gw(in[2].values.size(), dtypes[1]),
      gb(static_cast<size_t>(c.out), dtypes[2]);
  for (int64_t b = 0; b < c.n; ++b)
    for (int64_t co = 0; co < c.out; ++co) {
      const int64_t group = co / c.out_group;
      for (int64_t j = 0; j < out_plane; ++j)
        gb.add(static_cast<size_t>(co),
               in[0].values[static_cast<size_t>((b * c.out + co) * out_plane + j)], 1.0);
      for (int64_t ci = group * c.in_group; ci < (group + 1) * c.in_group; ++ci)
        for (const Tap& t : g.taps) {
          if (t.in_pos < 0) continue;
          const auto gy =
              in[0].values[static_cast<size_t>((b * c.out + co) * out_plane + t.out_pos)];
          const auto xi = static_cast<size_t>((b * c.in + ci) * in_plane + t.in_pos);
          const auto wi = static_cast<size_t>(weight_index(p, c, ci, co, t.k));
          gx.add(xi, in[2].values[wi], gy);
          gw.add(wi, in[1].values[xi], gy);
        }
    }
  auto rounded = [](const Shape& sizes, ScalarType dtype, const Sums& sums) {
    RefTensor t = filled(sizes, dtype);
    for (size_t i = 0; i < sums.value.size(); ++i)
      t.values[i] = round_to(dtype, sums.value[i].value());
    t.magnitudes = sums.magnitude;
    return t;
  };
  return {rounded(in[1].sizes, dtypes[0], gx), rounded(in[2].sizes, dtypes[1], gw),
          rounded({c.out}, dtypes[2], gb)};
}

std::optional<Tensor> bias_of(const Tensors& in, bool bias) {
  return bias ? std::optional<Tensor>(in[2]) : std::nullopt;
}

Shape weight_shape(const Conv& p) {
  Shape w = p.transposed ? Shape{p.in_channels, p.out_channels / p.groups}
                         : Shape{p.out_channels, p.in_channels / p.groups};
  w.insert(w.end(), p.kernel.begin(), p.kernel.end());
  return w;
}

Shape input_shape(const Conv& p, bool batched) {
  Shape x = batched ? Shape{kBatch, p.in_channels} : Shape{p.in_channels};
  const Shape s = plane(p.kernel.size());
  x.insert(x.end(), s.begin(), s.end());
  return x;
}

// How a case calls the op: through convolution, or its conv*d / conv_transpose*d form.
enum class Form { convolution, named, padding_string, direct };

Tensor call_named(const Conv& p, const Tensors& in) {
  const auto b = bias_of(in, p.bias);
  switch (p.kernel.size() * 2 + (p.transposed ? 1 : 0)) {
    case 2:
      return conv1d(in[0], in[1], b, p.stride, p.padding, p.dilation, p.groups);
    case 3:
      return conv_transpose1d(in[0], in[1], b, p.stride, p.padding, p.output_padding, p.groups,
                              p.dilation);
    case 4:
      return conv2d(in[0], in[1], b, p.stride, p.padding, p.dilation, p.groups);
    case 5:
      return conv_transpose2d(in[0], in[1], b, p.stride, p.padding, p.output_padding, p.groups,
                              p.dilation);
    case 6:
      return conv3d(in[0], in[1], b, p.stride, p.padding, p.dilation, p.groups);
    default:
      return conv_transpose3d(in[0], in[1], b, p.stride, p.padding, p.output_padding, p.groups,
                              p.dilation);
  }
}

std::string named_overload(const Conv& p, Form form) {
  const std::string d = std::to_string(p.kernel.size()) + "d";
  if (form == Form::convolution) return "convolution";
  if (form == Form::direct) return "_direct_conv2d";
  if (form == Form::padding_string) return "conv" + d + ".padding";
  if (!p.transposed) return "conv" + d;
  return p.kernel.size() == 1 ? "conv_transpose1d" : "conv_transpose" + d + ".input";
}

// `padding` a string: "valid" for p.padding all 0, "same" for the padding that keeps the size.
OpCase conv_case(const Conv& p, Form form, bool batched = true) {
  OpCase c;
  c.overloads = {named_overload(p, form)};
  c.inputs = {Input{input_shape(p, batched)}, Input{weight_shape(p)}};
  if (p.bias) c.inputs.push_back(Input{{p.out_channels}});
  c.result_dtypes = same;
  c.reference = [p, batched, form](const Refs& in, std::span<const ScalarType> dtypes) {
    Conv q = p;
    const bool same = !(p.extra_after.empty() && std::all_of(p.padding.begin(), p.padding.end(),
                                                             [](int64_t v) { return v == 0; }));
    if (form == Form::padding_string && same) {
      // padding="same" for the kernel given (the fuzzer's may differ from the case's): half the
      // dilated extent before, the odd element after.
      const size_t spatial = q.padding.size();
      q.extra_after.resize(spatial);
      const Shape& w = in[1].sizes;
      for (size_t d = 0; d < spatial; ++d) {
        const int64_t total = q.dilation[d] * (w[w.size() - spatial + d] - 1);
        q.padding[d] = total / 2;
        q.extra_after[d] = total - 2 * q.padding[d];
      }
    }
    return forward_reference(q, in, dtypes[0], batched);
  };
  c.call = [p, form](const Tensors& in) {
    if (form == Form::convolution) {
      return Tensors{convolution(in[0], in[1], bias_of(in, p.bias), p.stride, p.padding, p.dilation,
                                 p.transposed, p.output_padding, p.groups)};
    }
    if (form == Form::named) return Tensors{call_named(p, in)};
    if (form == Form::direct)
      return Tensors{_direct_conv2d(in[0], in[1], bias_of(in, p.bias), p.padding)};
    const bool valid = p.extra_after.empty() && std::all_of(p.padding.begin(), p.padding.end(),
                                                            [](int64_t v) { return v == 0; });
    const char* mode = valid ? "valid" : "same";
    const auto b = bias_of(in, p.bias);
    switch (p.kernel.size()) {
      case 1:
        return Tensors{conv1d(in[0], in[1], b, p.stride, mode, p.dilation, p.groups)};
      case 2:
        return Tensors{conv2d(in[0], in[1], b, p.stride, mode, p.dilation, p.groups)};
      default:
        return Tensors{conv3d(in[0], in[1], b, p.stride, mode, p.dilation, p.groups)};
    }
  };
  c.undeclared_error = "not implemented for";
  // Channels, kernel and plane are tied across the inputs.
  c.skip_layouts = {Layout::large, Layout::zero_dim, Layout::zero_size};
  c.tolerance_scale = 8;
  return c;
}

OpCase backward_case(const Conv& p) {
  OpCase c;
  c.overloads = {"convolution_backward"};
  const Shape x = input_shape(p, true);
  const Shape out = geometry(p, Shape(x.begin() + 2, x.end()), p.kernel).out;
  Shape gy = {kBatch, p.out_channels};
  gy.insert(gy.end(), out.begin(), out.end());
  c.inputs = {Input{gy}, Input{x}, Input{weight_shape(p)}};
  c.result_dtypes = [](std::span<const ScalarType> t) { return std::vector{t[0], t[0], t[0]}; };
  c.reference = [p](const Refs& in, std::span<const ScalarType> dtypes) {
    return backward_reference(p, in, dtypes);
  };
  c.call = [p](const Tensors& in) {
    auto [gx, gw, gb] = convolution_backward(in[0], in[1], in[2], Shape{p.out_channels}, p.stride,
                                             p.padding, p.dilation, p.transposed, p.output_padding,
                                             p.groups, {true, true, true});
    return Tensors{gx, gw, gb};
  };
  c.undeclared_error = "not implemented for";
  c.skip_layouts = {Layout::large, Layout::zero_dim, Layout::zero_size};
  c.tolerance_scale = 8;
  // Sums of products: with infinities of both signs among them the result (NaN or an
  // infinity) depends on the order of the additions, which the reference does not model.
  c.reference_ordinary_values_only = true;
  return c;
}

// _direct_conv2d_weight: convolution_backward's weight gradient, from the same reference.
OpCase direct_weight_case(const Conv& p) {
  OpCase c = backward_case(p);
  c.overloads = {"_direct_conv2d_weight"};
  c.inputs.pop_back();  // the weight
  c.result_dtypes = same;
  c.reference = [p](const Refs& in, std::span<const ScalarType> dtypes) {
    const ScalarType all[] = {dtypes[0], dtypes[0], dtypes[0]};
    // The weight's channels are the inputs' (the fuzzer changes them), its kernel the case's.
    const Shape weight = {in[0].sizes[1], in[1].sizes[1], p.kernel[0], p.kernel[1]};
    return Refs{backward_reference(p, {in[0], in[1], filled(weight, dtypes[0])}, all)[1]};
  };
  c.call = [p](const Tensors& in) {
    return Tensors{_direct_conv2d_weight(in[0], in[1], p.kernel, p.padding)};
  };
  return c;
}

}  // namespace

ATEN_OP_CASES(convolution) {
  // Conv{in, out, kernel, stride, padding, dilation, output_padding, groups, bias, transposed}
  const Conv plain{3, 4, {3, 3}, {1, 1}, {0, 0}, {1, 1}, {0, 0}, 1, true};
  const Conv strided{2, 4, {2, 3}, {2, 1}, {1, 2}, {1, 2}, {0, 0}, 1, false};
  const Conv grouped{4, 6, {3, 2}, {1, 2}, {1, 0}, {2, 1}, {0, 0}, 2, true};
  const Conv one_d{4, 2, {3}, {2}, {1}, {2}, {0}, 2, true};
  const Conv three_d{2, 3, {2, 3, 2}, {1, 2, 1}, {1, 0, 1}, {1, 1, 2}, {0, 0, 0}, 1, true};
  const Conv transposed_2d{3, 4, {3, 2}, {2, 1}, {1, 0}, {1, 2}, {1, 0}, 1, true, true};
  const Conv transposed_grouped{4, 6, {2, 3}, {1, 2}, {0, 1}, {2, 1}, {1, 1}, 2, false, true};
  const Conv transposed_1d{2, 3, {3}, {3}, {1}, {1}, {2}, 1, true, true};
  const Conv transposed_3d{2,         2,         {2, 2, 3}, {2, 1, 1}, {1, 0, 1},
                           {1, 2, 1}, {1, 0, 0}, 1,         true,      true};
  const Conv same_2d{3, 2, {3, 4}, {1, 1}, {1, 1}, {1, 1}, {0, 0}, 1, true, false, {0, 1}};
  const Conv same_1d{2, 2, {3}, {1}, {2}, {2}, {0}, 2, false};
  const Conv valid_3d{2, 2, {2, 2, 2}, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}, {0, 0, 0}, 1, true};
  // Nine output channels: a full tile of the direct kernel and one more.
  const Conv direct{2, 9, {3, 2}, {1, 1}, {1, 2}, {1, 1}, {0, 0}, 1, true};
  return {conv_case(plain, Form::convolution),
          conv_case(strided, Form::convolution),
          conv_case(grouped, Form::named),
          conv_case(plain, Form::named, false),
          conv_case(strided, Form::named),
          conv_case(one_d, Form::named),
          conv_case(three_d, Form::named),
          conv_case(three_d, Form::convolution),
          conv_case(transposed_2d, Form::named),
          conv_case(transposed_2d, Form::convolution),
          conv_case(transposed_grouped, Form::named),
          conv_case(transposed_1d, Form::named),
          conv_case(transposed_3d, Form::named),
          conv_case(same_2d, Form::padding_string),
          conv_case(same_1d, Form::padding_string),
          conv_case(valid_3d, Form::padding_string),
          conv_case(direct, Form::direct),
          direct_weight_case(direct),
          backward_case(strided),
          backward_case(grouped),
          backward_case(transposed_grouped),
          backward_case(three_d)};
}

}  // namespace aten::optest
