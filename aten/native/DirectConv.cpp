// _direct_conv2d and the test convolution makes before taking it (DirectConv.h).
#include <aten/native/DirectConv.h>
#include <aten/ops/_direct_conv2d_dtypes.h>
#include <aten/ops/_direct_conv2d_native.h>
#include <aten/ops/constant_pad_nd.h>
#include <aten/ops/empty.h>

namespace aten::native {

ATEN_DEFINE_DISPATCH(direct_conv2d_stub);

namespace {

// Up to this many input channels times kernel taps the direct kernel beats im2col and a matrix
// product (whose buffer is the input times the taps), as measured: LeNet-5's layers, 25 taps
// (1.8x libtorch, from 0.5x) and 150 (1.5x faster than im2col); 3x3 over 64 channels, 576 (22
// against 32 ms). Wider reductions are left to the product, not measured against this kernel.
constexpr int64_t kMaxTaps = 1024;

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
  ATEN_CHECK(padding.size() == 2 && padding[0] >= 0 && padding[1] >= 0,
             "_direct_conv2d: padding must be two non-negative values, got ", padding);
  const Tensor b = bias.value_or(Tensor());
  ATEN_CHECK(!b.defined() || (b.dim() == 1 && b.size(0) == weight.size(0)),
             "_direct_conv2d: bias must have one element per output channel (", weight.size(0),
             "), got shape ", b.sizes());
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
  const Tensor padded = padding[0] == 0 && padding[1] == 0
                            ? input.contiguous()
                            : aten::constant_pad_nd(
                                  input, {padding[1], padding[1], padding[0], padding[0]})
                                  .contiguous();
  direct_conv2d_stub(out.device(), out, padded, weight.contiguous(),
                     b.defined() ? b.contiguous() : b);
  return out;
}

}  // namespace aten::native
