// _direct_conv2d, _direct_conv2d_weight and the test convolution makes before taking the direct
// kernel (DirectConv.h).
#include <aten/native/DirectConv.h>
#include <aten/ops/_direct_conv2d_dtypes.h>
#include <aten/ops/_direct_conv2d_native.h>
#include <aten/ops/_direct_conv2d_weight_dtypes.h>
#include <aten/ops/_direct_conv2d_weight_native.h>
#include <aten/ops/constant_pad_nd.h>
#include <aten/ops/empty.h>
#include <aten/ops/zeros.h>

namespace aten::native {

ATEN_DEFINE_DISPATCH(direct_conv2d_stub);
ATEN_DEFINE_DISPATCH(direct_conv2d_weight_stub);

namespace {

// Up to this many input channels times kernel taps the direct kernel beats im2col and a matrix
// product (whose buffer is the input times the taps), as measured on LeNet-5's layers (25 and
// 150 taps) and on 3x3 over 64 channels (576; bench/README.md). Wider reductions are left to the
// product, not measured against this kernel.
constexpr int64_t kMaxTaps = 1024;

// The input with `padding` zeros around its last two dims, contiguous: what the kernels read.
Tensor padded(const Tensor& input, IntArrayRef padding) {
  if (padding[0] == 0 && padding[1] == 0) return input.contiguous();
  return aten::constant_pad_nd(input, {padding[1], padding[1], padding[0], padding[0]})
      .contiguous();
}

void check_padding(const char* op, IntArrayRef padding) {
  ATEN_CHECK(padding.size() == 2 && padding[0] >= 0 && padding[1] >= 0, op,
             ": padding must be two non-negative values, got ", padding);
}

}  // namespace

bool direct_conv2d_applies(const Tensor& input, const Tensor& weight,
                           const std::optional<Tensor>& bias, IntArrayRef stride,
                           IntArrayRef dilation, bool transposed, int64_t groups) {
  auto ones = [](IntArrayRef v) {
    for (int64_t x : v)
      if (x != 1) return false;
    return true;
  };
  const bool floats = input.scalar_type() == ScalarType::Float &&
                      weight.scalar_type() == ScalarType::Float &&
                      (!bias || !bias->defined() || bias->scalar_type() == ScalarType::Float);
  return !transposed && groups == 1 && input.dim() == 4 && weight.dim() == 4 && floats &&
         ones(stride) && ones(dilation) && !input.is_meta() &&
         input.suggest_memory_format() == MemoryFormat::Contiguous &&
         weight.size(1) * weight.size(2) * weight.size(3) <= kMaxTaps;
}

Tensor _direct_conv2d(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
                      IntArrayRef padding) {
  ATEN_CHECK(input.dim() == 4 && weight.dim() == 4 && input.size(1) == weight.size(1),
             "_direct_conv2d: expected input [N, C, H, W] and weight [O, C, KH, KW], got input ",
             input.sizes(), " and weight ", weight.sizes());
  check_padding("_direct_conv2d", padding);
  const Tensor b = bias.value_or(Tensor());
  ATEN_CHECK(!b.defined() || (b.dim() == 1 && b.size(0) == weight.size(0)),
             "_direct_conv2d: bias must have one element per output channel (", weight.size(0),
             "), got shape ", b.sizes());
  ATEN_CHECK(weight.size(2) > 0 && weight.size(3) > 0, "_direct_conv2d: kernel ",
             weight.sizes().slice(2), " has a dim of size 0");
  ATEN_DISPATCH__direct_conv2d_TYPES(input.scalar_type(), [] {});
  for (const Tensor* t : {&weight, &b})
    ATEN_CHECK(!t->defined() || t->scalar_type() == input.scalar_type(),
               "_direct_conv2d: weight and bias must have input's dtype (", input.scalar_type(),
               "), got ", t->scalar_type());
  const int64_t oh = input.size(2) + 2 * padding[0] - weight.size(2) + 1;
  const int64_t ow = input.size(3) + 2 * padding[1] - weight.size(3) + 1;
  ATEN_CHECK(oh > 0 && ow > 0, "_direct_conv2d: kernel ", weight.sizes().slice(2),
             " larger than the padded input ", input.sizes().slice(2));
  Tensor out = aten::empty({input.size(0), weight.size(0), oh, ow}, input.options());
  if (input.is_meta() || out.numel() == 0) return out;
  direct_conv2d_stub(out.device(), out, padded(input, padding), weight.contiguous(),
                     b.defined() ? b.contiguous() : b);
  return out;
}

Tensor _direct_conv2d_weight(const Tensor& grad_output, const Tensor& input,
                             IntArrayRef kernel_size, IntArrayRef padding) {
  ATEN_CHECK(grad_output.dim() == 4 && input.dim() == 4 && grad_output.size(0) == input.size(0),
             "_direct_conv2d_weight: expected grad_output [N, O, OH, OW] and input [N, C, H, W], "
             "got grad_output ",
             grad_output.sizes(), " and input ", input.sizes());
  ATEN_CHECK(kernel_size.size() == 2 && kernel_size[0] > 0 && kernel_size[1] > 0,
             "_direct_conv2d_weight: kernel_size must be two positive values, got ", kernel_size);
  check_padding("_direct_conv2d_weight", padding);
  ATEN_DISPATCH__direct_conv2d_weight_TYPES(input.scalar_type(), [] {});
  ATEN_CHECK(grad_output.scalar_type() == input.scalar_type(),
             "_direct_conv2d_weight: grad_output must have input's dtype (", input.scalar_type(),
             "), got ", grad_output.scalar_type());
  const int64_t oh = input.size(2) + 2 * padding[0] - kernel_size[0] + 1;
  const int64_t ow = input.size(3) + 2 * padding[1] - kernel_size[1] + 1;
  ATEN_CHECK(grad_output.size(2) == oh && grad_output.size(3) == ow,
             "_direct_conv2d_weight: grad_output ", grad_output.sizes(), " is not the output of a ",
             kernel_size, " kernel over input ", input.sizes(), " with padding ", padding);
  const std::vector<int64_t> shape{grad_output.size(1), input.size(1), kernel_size[0],
                                   kernel_size[1]};
  if (input.is_meta()) return aten::empty(shape, input.options());
  if (grad_output.numel() == 0) return aten::zeros(shape, input.options());
  Tensor grad_weight = aten::empty(shape, input.options());
  if (grad_weight.numel() == 0) return grad_weight;
  direct_conv2d_weight_stub(grad_weight.device(), grad_weight, grad_output.contiguous(),
                            padded(input, padding));
  return grad_weight;
}

}  // namespace aten::native
