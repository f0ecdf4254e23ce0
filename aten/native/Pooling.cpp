// 2-d pooling (ATen's DilatedMaxPool2d.cpp, AveragePool2d.cpp and AdaptiveAveragePooling.cpp):
// the argument and shape checks and output shapes of ATen 1.13, in its order and words, and
// the calls of the kernels. The kernels take contiguous (or channels-last) Float or Double
// tensors; BFloat16 computes in Float and rounds once at the end.
#include <aten/core/DtypeDispatch.h>
#include <aten/core/MemoryOverlap.h>
#include <aten/native/Pooling.h>
#include <aten/ops/_adaptive_avg_pool2d.h>
#include <aten/ops/_adaptive_avg_pool2d_backward_dtypes.h>
#include <aten/ops/_adaptive_avg_pool2d_backward_native.h>
#include <aten/ops/_adaptive_avg_pool2d_dtypes.h>
#include <aten/ops/_adaptive_avg_pool2d_native.h>
#include <aten/ops/adaptive_avg_pool2d_native.h>
#include <aten/ops/as_strided.h>
#include <aten/ops/avg_pool2d_backward_dtypes.h>
#include <aten/ops/avg_pool2d_backward_native.h>
#include <aten/ops/avg_pool2d_dtypes.h>
#include <aten/ops/avg_pool2d_native.h>
#include <aten/ops/copy.h>
#include <aten/ops/empty.h>
#include <aten/ops/max_pool2d_native.h>
#include <aten/ops/max_pool2d_with_indices.h>
#include <aten/ops/max_pool2d_with_indices_backward_dtypes.h>
#include <aten/ops/max_pool2d_with_indices_backward_native.h>
#include <aten/ops/max_pool2d_with_indices_dtypes.h>
#include <aten/ops/max_pool2d_with_indices_native.h>
#include <aten/ops/mean.h>
#include <aten/ops/to.h>
#include <aten/ops/zero.h>

#include <limits>
#include <string>

namespace aten {
namespace {

// ATen's safe_downcast<int, int64_t>: the max pooling and the avg_pool2d_backward parameters
// are ints.
int64_t as_int(int64_t v) {
  ATEN_CHECK(v >= std::numeric_limits<int>::min() && v <= std::numeric_limits<int>::max(),
             "integer out of range");
  return v;
}

// Division rounding toward negative infinity (ATen's div_rtn).
int64_t div_rtn(int64_t x, int64_t y) {
  int64_t q = x / y, r = x % y;
  if (r != 0 && ((r < 0) != (y < 0))) --q;
  return q;
}

// kernel_size, stride (empty: the kernel size), padding and dilation as ATen's meta functions
// read them, with op's messages.
native::Pool2dParams pool_params(const char* op, IntArrayRef kernel_size, IntArrayRef stride,
                                 IntArrayRef padding, std::optional<IntArrayRef> dilation,
                                 bool to_int) {
  auto cast = [to_int](int64_t v) { return to_int ? as_int(v) : v; };
  native::Pool2dParams p{};
  ATEN_CHECK(kernel_size.size() == 1 || kernel_size.size() == 2, op,
             ": kernel_size must either be a single int, or a tuple of two ints");
  p.kH = cast(kernel_size[0]);
  p.kW = kernel_size.size() == 1 ? p.kH : cast(kernel_size[1]);
  ATEN_CHECK(stride.empty() || stride.size() == 1 || stride.size() == 2, op,
             ": stride must either be omitted, a single int, or a tuple of two ints");
  p.dH = stride.empty() ? p.kH : cast(stride[0]);
  p.dW = stride.empty() ? p.kW : stride.size() == 1 ? p.dH : cast(stride[1]);
  ATEN_CHECK(padding.size() == 1 || padding.size() == 2, op,
             ": padding must either be a single int, or a tuple of two ints");
  p.padH = cast(padding[0]);
  p.padW = padding.size() == 1 ? p.padH : cast(padding[1]);
  if (dilation) {
    ATEN_CHECK(dilation->size() == 1 || dilation->size() == 2, op,
               ": dilation must be either a single int, or a tuple of two ints");
    p.dilationH = cast((*dilation)[0]);
    p.dilationW = dilation->size() == 1 ? p.dilationH : cast((*dilation)[1]);
  }
  return p;
}

// ATen's pool2d_shape_check.
void pool2d_shape_check(const Tensor& input, const native::Pool2dParams& p, int64_t planes,
                        int64_t in_h, int64_t in_w, int64_t out_h, int64_t out_w,
                        MemoryFormat format) {
  const int64_t ndim = input.dim();
  ATEN_CHECK(p.kW > 0 && p.kH > 0, "kernel size should be greater than zero, but got ",
             "kH: ", p.kH, " kW: ", p.kW);
  ATEN_CHECK(p.dW > 0 && p.dH > 0, "stride should be greater than zero, but got ", "dH: ", p.dH,
             " dW: ", p.dW);
  ATEN_CHECK(p.dilationH > 0 && p.dilationW > 0, "dilation should be greater than zero, but got ",
             "dilationH: ", p.dilationH, " dilationW: ", p.dilationW);
  const bool valid_dims = input.size(1) != 0 && input.size(2) != 0;
  if (format == MemoryFormat::ChannelsLast) {
    ATEN_CHECK(ndim == 4 && valid_dims && input.size(3) != 0,
               "Expected 4D (batch mode) tensor expected for input with channels_last layout"
               " with optional 0 dim batch size for input, but got: ",
               input.sizes());
  } else {
    ATEN_CHECK((ndim == 3 && input.size(0) != 0 && valid_dims) ||
                   (ndim == 4 && valid_dims && input.size(3) != 0),
               "Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, "
               "but got:",
               input.sizes());
  }
  ATEN_CHECK(p.kW / 2 >= p.padW && p.kH / 2 >= p.padH,
             "pad should be smaller than or equal to half of kernel size, but got ",
             "padW = ", p.padW, ", padH = ", p.padH, ", kW = ", p.kW, ", kH = ", p.kH);
  ATEN_CHECK(out_w >= 1 && out_h >= 1, "Given input size: (", planes, "x", in_h, "x", in_w, "). ",
             "Calculated output size: (", planes, "x", out_h, "x", out_w, "). ",
             "Output size is too small");
}

// ATen's check_dim_size: t has dim dims and size `size` at dim_size.
void check_dim_size(const Tensor& t, int64_t dim, int64_t dim_size, int64_t size) {
  ATEN_CHECK(t.dim() == dim && t.size(dim_size) == size, "Expected a tensor of dimension ", dim,
             " and tensor.size[", dim_size, "] == ", size, " but got: dimension ", t.dim(),
             " and tensor.size[", dim_size, "] == ", t.size(dim_size));
}

// The max pooling ops' memory format check.
MemoryFormat max_pool_format(const Tensor& input) {
  const MemoryFormat format = input.suggest_memory_format();
  if (format == MemoryFormat::ChannelsLast) {
    ATEN_CHECK(input.dim() == 4,
               "non-empty 4D (batch mode) tensor expected for input with channels_last layout");
  } else if (format == MemoryFormat::Contiguous) {
    ATEN_CHECK(input.dim() == 3 || input.dim() == 4,
               "non-empty 3D or 4D (batch mode) tensor expected for input");
  } else {
    ATEN_CHECK(false, "Unsupport memory format. Supports only ChannelsLast, Contiguous");
  }
  return format;
}

// The shape of a pooling result: input's with H and W replaced.
std::vector<int64_t> pooled_sizes(const Tensor& input, int64_t out_h, int64_t out_w) {
  std::vector<int64_t> s(input.sizes().begin(), input.sizes().end());
  s[s.size() - 2] = out_h;
  s[s.size() - 1] = out_w;
  return s;
}

ScalarType compute_dtype(ScalarType t) { return t == ScalarType::BFloat16 ? ScalarType::Float : t; }

// t in format and dtype, as the kernels read it.
Tensor kernel_input(const Tensor& t, ScalarType dtype, MemoryFormat format) {
  const Tensor c = t.scalar_type() == dtype ? t : t.to(dtype);
  return c.contiguous(format);
}

// Runs kernel(result) into out directly when out is laid out in format and of dtype, else into
// a temporary copied into out afterwards.
template <typename F>
void into(const Tensor& out, ScalarType dtype, MemoryFormat format, F kernel) {
  if (out.numel() == 0) return;
  if (out.scalar_type() == dtype && out.is_contiguous(format)) {
    kernel(out);
    return;
  }
  const Tensor result = empty(out.sizes(),
                              TensorOptions(dtype).device(out.device()).memory_format(format));
  kernel(result);
  out.copy_(result);
}

// The layout the kernels use: channels-last for a channels-last 4-d input, else contiguous.
MemoryFormat kernel_format(const Tensor& input) {
  return input.dim() == 4 && input.suggest_memory_format() == MemoryFormat::ChannelsLast
             ? MemoryFormat::ChannelsLast
             : MemoryFormat::Contiguous;
}

}  // namespace

int64_t native::pooling_output_shape(int64_t input, int64_t kernel, int64_t pad, int64_t stride,
                                     int64_t dilation, bool ceil_mode) {
  ATEN_CHECK(stride != 0, "stride should not be zero");
  ATEN_CHECK(pad >= 0, "pad must be non-negative, but got pad: ", pad);
  ATEN_CHECK(pad <= kernel / 2, "pad should be at most half of kernel size, but got pad=", pad,
             " and kernel_size=", kernel);
  int64_t out = div_rtn(
                    input + 2 * pad - dilation * (kernel - 1) - 1 + (ceil_mode ? stride - 1 : 0),
                    stride) +
                1;
  // The last window of ceil mode starts inside the input or its left padding.
  if (ceil_mode && (out - 1) * stride >= input + pad) --out;
  return out;
}

namespace meta {

namespace {
// Sets output i of a pooling op; an out= tensor whose elements overlap is refused first, as
// setting its strides for the memory format would hide the overlap.
void set_pool_output(impl::MetaBase& meta, int64_t i, IntArrayRef sizes, TensorOptions options) {
  const Tensor& out = meta.maybe_get_output(i);
  if (out.defined()) assert_no_internal_overlap(out);
  meta.set_output_raw_strided(i, sizes, {}, options);
}
}  // namespace

ATEN_META_FUNC(max_pool2d_with_indices)
(const Tensor& input, IntArrayRef kernel_size, IntArrayRef stride, IntArrayRef padding,
 IntArrayRef dilation, bool ceil_mode) {
  const native::Pool2dParams p = pool_params("max_pool2d", kernel_size, stride, padding, dilation,
                                             true);
  const MemoryFormat format = max_pool_format(input);
  const int64_t planes = input.size(-3), in_h = input.size(-2), in_w = input.size(-1);
  const int64_t out_h = native::pooling_output_shape(in_h, p.kH, p.padH, p.dH, p.dilationH,
                                                     ceil_mode);
  const int64_t out_w = native::pooling_output_shape(in_w, p.kW, p.padW, p.dW, p.dilationW,
                                                     ceil_mode);
  pool2d_shape_check(input, p, planes, in_h, in_w, out_h, out_w, format);
  const std::vector<int64_t> sizes = pooled_sizes(input, out_h, out_w);
  set_pool_output(*this, 0, sizes, input.options().memory_format(format));
  set_pool_output(*this, 1, sizes, input.options().memory_format(format).dtype(ScalarType::Long));
}

ATEN_META_FUNC(max_pool2d_with_indices_backward)
(const Tensor& grad_output, const Tensor& input, IntArrayRef kernel_size, IntArrayRef stride,
 IntArrayRef padding, IntArrayRef dilation, bool ceil_mode, const Tensor& indices) {
  const native::Pool2dParams p = pool_params("max_pool2d", kernel_size, stride, padding, dilation,
                                             true);
  ATEN_CHECK(input.scalar_type() == grad_output.scalar_type(), "expected dtype ",
             input.scalar_type(), " for `gradOutput` but got dtype ", grad_output.scalar_type());
  const MemoryFormat format = max_pool_format(input);
  const int64_t planes = input.size(-3), in_h = input.size(-2), in_w = input.size(-1);
  const int64_t out_h = native::pooling_output_shape(in_h, p.kH, p.padH, p.dH, p.dilationH,
                                                     ceil_mode);
  const int64_t out_w = native::pooling_output_shape(in_w, p.kW, p.padW, p.dW, p.dilationW,
                                                     ceil_mode);
  pool2d_shape_check(input, p, planes, in_h, in_w, out_h, out_w, format);
  const int64_t ndim = input.dim();
  // The batch too, which ATen leaves unchecked (and writes out of bounds).
  if (ndim == 4) {
    check_dim_size(grad_output, ndim, 0, input.size(0));
    check_dim_size(indices, ndim, 0, input.size(0));
  }
  check_dim_size(grad_output, ndim, ndim - 3, planes);
  check_dim_size(grad_output, ndim, ndim - 2, out_h);
  check_dim_size(grad_output, ndim, ndim - 1, out_w);
  check_dim_size(indices, ndim, ndim - 3, planes);
  check_dim_size(indices, ndim, ndim - 2, out_h);
  check_dim_size(indices, ndim, ndim - 1, out_w);
  set_pool_output(*this, 0, input.sizes(), input.options().memory_format(format));
}

ATEN_META_FUNC(avg_pool2d)
(const Tensor& input, IntArrayRef kernel_size, IntArrayRef stride, IntArrayRef padding,
 bool ceil_mode, bool /*count_include_pad*/, std::optional<int64_t> divisor_override) {
  const native::Pool2dParams p = pool_params("avg_pool2d", kernel_size, stride, padding,
                                             std::nullopt, false);
  ATEN_CHECK(!divisor_override.has_value() || *divisor_override != 0, "divisor must be not zero");
  const int64_t planes = input.size(-3), in_h = input.size(-2), in_w = input.size(-1);
  const int64_t out_h = native::pooling_output_shape(in_h, p.kH, p.padH, p.dH, 1, ceil_mode);
  const int64_t out_w = native::pooling_output_shape(in_w, p.kW, p.padW, p.dW, 1, ceil_mode);
  const MemoryFormat format = input.suggest_memory_format();
  pool2d_shape_check(input, p, planes, in_h, in_w, out_h, out_w, format);
  set_pool_output(
      *this, 0, pooled_sizes(input, out_h, out_w),
      input.options().memory_format(input.dim() == 3 ? MemoryFormat::Contiguous : format));
}

ATEN_META_FUNC(avg_pool2d_backward)
(const Tensor& grad_output, const Tensor& input, IntArrayRef kernel_size, IntArrayRef stride,
 IntArrayRef padding, bool ceil_mode, bool /*count_include_pad*/,
 std::optional<int64_t> divisor_override) {
  const native::Pool2dParams p = pool_params("avg_pool2d", kernel_size, stride, padding,
                                             std::nullopt, true);
  ATEN_CHECK(!divisor_override.has_value() || *divisor_override != 0, "divisor must be not zero");
  const int64_t planes = input.size(-3), in_h = input.size(-2), in_w = input.size(-1);
  const int64_t out_w = native::pooling_output_shape(in_w, p.kW, p.padW, p.dW, 1, ceil_mode);
  const int64_t out_h = native::pooling_output_shape(in_h, p.kH, p.padH, p.dH, 1, ceil_mode);
  const MemoryFormat format = input.suggest_memory_format();
  pool2d_shape_check(input, p, planes, in_h, in_w, out_h, out_w, format);
  const int64_t ndim = input.dim();
  // The batch too, which ATen leaves unchecked (and reads out of bounds).
  if (ndim == 4) check_dim_size(grad_output, ndim, 0, input.size(0));
  check_dim_size(grad_output, ndim, ndim - 3, planes);
  check_dim_size(grad_output, ndim, ndim - 2, out_h);
  check_dim_size(grad_output, ndim, ndim - 1, out_w);
  set_pool_output(*this, 0, input.sizes(), input.options().memory_format(format));
}

ATEN_META_FUNC(_adaptive_avg_pool2d)(const Tensor& input, IntArrayRef output_size) {
  ATEN_CHECK(output_size.size() == 2, "adaptive_avg_pool2d: output_size must be 2");
  const int64_t ndim = input.dim();
  ATEN_CHECK(ndim == 3 || ndim == 4, "adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got ",
             input.sizes());
  for (int64_t i : {-2, -1}) {
    ATEN_CHECK(input.size(i) > 0,
               "adaptive_avg_pool2d(): Expected input to have non-zero size for non-batch "
               "dimensions, but input has sizes ",
               input.sizes(), " with dimension ", i + ndim, " being empty");
  }
  ATEN_CHECK(output_size[0] >= 0 && output_size[1] >= 0,
             "adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 ",
             "but received {", output_size[0], ", ", output_size[1], "}");
  const std::vector<int64_t> sizes = pooled_sizes(input, output_size[0], output_size[1]);
  set_pool_output(*this, 0, sizes,
                  input.options().memory_format(ndim == 4 ? input.suggest_memory_format()
                                                          : MemoryFormat::Contiguous));
}

ATEN_META_FUNC(_adaptive_avg_pool2d_backward)(const Tensor& grad_output, const Tensor& input) {
  const int64_t ndim = grad_output.dim();
  for (int64_t i = 1; i < ndim; ++i) {
    ATEN_CHECK(grad_output.size(i) > 0,
               "adaptive_avg_pool2d_backward(): Expected grad_output to have non-zero size for "
               "non-batch dimensions, but grad_output has sizes ",
               grad_output.sizes(), " with dimension ", i, " being empty");
  }
  ATEN_CHECK(ndim == 3 || ndim == 4,
             "adaptive_avg_pool2d_backward(): Expected 3D or 4D tensor, but got ", input.sizes());
  ATEN_CHECK(input.scalar_type() == grad_output.scalar_type(), "expected dtype ",
             input.scalar_type(), " for `grad_output` but got dtype ", grad_output.scalar_type());
  // ATen's kernel reads input's planes with grad_output's geometry, unchecked.
  ATEN_CHECK(input.dim() == ndim && input.size(-3) == grad_output.size(-3) &&
                 (ndim == 3 || input.size(0) == grad_output.size(0)),
             "adaptive_avg_pool2d_backward(): expected grad_output of ", ndim,
             " dims with input's batch and channels ", input.sizes(), ", got ",
             grad_output.sizes());
  set_pool_output(*this, 0, input.sizes(),
                  input.options().memory_format(input.suggest_memory_format()));
}

}  // namespace meta

namespace native {

ATEN_DEFINE_DISPATCH(max_pool2d_stub);
ATEN_DEFINE_DISPATCH(max_pool2d_backward_stub);
ATEN_DEFINE_DISPATCH(avg_pool2d_stub);
ATEN_DEFINE_DISPATCH(avg_pool2d_backward_stub);
ATEN_DEFINE_DISPATCH(adaptive_avg_pool2d_stub);
ATEN_DEFINE_DISPATCH(adaptive_avg_pool2d_backward_stub);

ATEN_IMPL_FUNC(max_pool2d_with_indices_out_cpu)
(const Tensor& input, IntArrayRef kernel_size, IntArrayRef stride, IntArrayRef padding,
 IntArrayRef dilation, bool /*ceil_mode*/, const Tensor& output, const Tensor& indices) {
  // The dtype checks are the kernels' in ATen, not meta's: a Meta tensor of any dtype passes.
  ATEN_DTYPE_SWITCH("max_pool2d", input.scalar_type(), ATEN_DTYPE_SET_floating_BFloat16, [] {});
  if (output.numel() == 0) return;
  const Pool2dParams p = pool_params("max_pool2d", kernel_size, stride, padding, dilation, true);
  const ScalarType dtype = compute_dtype(input.scalar_type());
  const MemoryFormat format = kernel_format(input);
  const Tensor x = kernel_input(input, dtype, format);
  const bool direct_indices = indices.is_contiguous(format);
  const Tensor ind =
      direct_indices
          ? indices
          : empty(indices.sizes(),
                  TensorOptions(ScalarType::Long).device(indices.device()).memory_format(format));
  into(output, dtype, format,
       [&](const Tensor& result) { max_pool2d_stub(input.device(), result, ind, x, p); });
  if (!direct_indices) indices.copy_(ind);
}

ATEN_IMPL_FUNC(max_pool2d_with_indices_backward_out_cpu)
(const Tensor& grad_output, const Tensor& input, IntArrayRef, IntArrayRef, IntArrayRef, IntArrayRef,
 bool, const Tensor& indices, const Tensor& grad_input) {
  ATEN_DTYPE_SWITCH("max_pool2d_backward", input.scalar_type(), ATEN_DTYPE_SET_floating_BFloat16,
                    [] {});
  ATEN_CHECK(indices.scalar_type() == ScalarType::Long, "expected scalar type Long but found ",
             indices.scalar_type());
  if (grad_input.numel() == 0) return;
  const ScalarType dtype = compute_dtype(input.scalar_type());
  const MemoryFormat format = kernel_format(input);
  const Tensor g = kernel_input(grad_output, dtype, format);
  const Tensor ind = indices.contiguous(format);
  into(grad_input, dtype, format,
       [&](const Tensor& result) { max_pool2d_backward_stub(input.device(), result, g, ind); });
}

ATEN_IMPL_FUNC(avg_pool2d_out_cpu)
(const Tensor& input, IntArrayRef kernel_size, IntArrayRef stride, IntArrayRef padding,
 bool /*ceil_mode*/, bool count_include_pad, std::optional<int64_t> divisor_override,
 const Tensor& output) {
  ATEN_DISPATCH_avg_pool2d_TYPES(input.scalar_type(), [] {});
  const Pool2dParams p = pool_params("avg_pool2d", kernel_size, stride, padding, std::nullopt,
                                     false);
  const ScalarType dtype = compute_dtype(input.scalar_type());
  const MemoryFormat format = kernel_format(input);
  const Tensor x = kernel_input(input, dtype, format);
  into(output, dtype, format, [&](const Tensor& result) {
    avg_pool2d_stub(input.device(), result, x, p, count_include_pad, divisor_override);
  });
}

ATEN_IMPL_FUNC(avg_pool2d_backward_out_cpu)
(const Tensor& grad_output, const Tensor& input, IntArrayRef kernel_size, IntArrayRef stride,
 IntArrayRef padding, bool /*ceil_mode*/, bool count_include_pad,
 std::optional<int64_t> divisor_override, const Tensor& grad_input) {
  ATEN_DISPATCH_avg_pool2d_backward_TYPES(input.scalar_type(), [] {});
  ATEN_CHECK(grad_output.scalar_type() == input.scalar_type(), "expected scalar type ",
             input.scalar_type(), " but found ", grad_output.scalar_type());
  const Pool2dParams p = pool_params("avg_pool2d", kernel_size, stride, padding, std::nullopt,
                                     true);
  const ScalarType dtype = compute_dtype(input.scalar_type());
  const MemoryFormat format = kernel_format(input);
  const Tensor g = kernel_input(grad_output, dtype, format);
  into(grad_input, dtype, format, [&](const Tensor& result) {
    avg_pool2d_backward_stub(input.device(), result, g, p, count_include_pad, divisor_override);
  });
}

ATEN_IMPL_FUNC(adaptive_avg_pool2d_out_cpu)
(const Tensor& input, IntArrayRef, const Tensor& output) {
  // ATen's kernel, which checks the dtype, is not called for an empty result.
  if (output.numel() == 0) return;
  ATEN_DTYPE_SWITCH("adaptive_avg_pool2d", input.scalar_type(), ATEN_DTYPE_SET_floating_BFloat16,
                    [] {});
  const ScalarType dtype = compute_dtype(input.scalar_type());
  const MemoryFormat format = kernel_format(input);
  const Tensor x = kernel_input(input, dtype, format);
  into(output, dtype, format,
       [&](const Tensor& result) { adaptive_avg_pool2d_stub(input.device(), result, x); });
}

ATEN_IMPL_FUNC(adaptive_avg_pool2d_backward_out_cpu)
(const Tensor& grad_output, const Tensor& input, const Tensor& grad_input) {
  ATEN_DTYPE_SWITCH("adaptive_avg_pool2d_backward", input.scalar_type(),
                    ATEN_DTYPE_SET_floating_BFloat16, [] {});
  const ScalarType dtype = compute_dtype(input.scalar_type());
  const MemoryFormat format = kernel_format(input);
  const Tensor g = kernel_input(grad_output, dtype, format);
  into(grad_input, dtype, format,
       [&](const Tensor& result) { adaptive_avg_pool2d_backward_stub(input.device(), result, g); });
}

// ATen's composite: the values of max_pool2d_with_indices.
Tensor max_pool2d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride,
                  IntArrayRef padding, IntArrayRef dilation, bool ceil_mode) {
  return std::get<0>(
      aten::max_pool2d_with_indices(self, kernel_size, stride, padding, dilation, ceil_mode));
}

// ATen's composite: a 1 x 1 output is the mean over H and W (channels-last strides kept).
Tensor adaptive_avg_pool2d(const Tensor& self, IntArrayRef output_size) {
  ATEN_CHECK(output_size.size() == 2, "adaptive_avg_pool2d: output_size must be 2");
  ATEN_CHECK(output_size[0] >= 0 && output_size[1] >= 0,
             "adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 ",
             "but received {", output_size[0], ", ", output_size[1], "}");
  if (output_size[0] == 1 && output_size[1] == 1) {
    Tensor out = self.mean({-1, -2}, true);
    if (self.suggest_memory_format() == MemoryFormat::ChannelsLast) {
      const int64_t n = self.size(0), c = self.size(1);
      out = aten::as_strided(out, {n, c, 1, 1}, {c, 1, c, c});
    }
    return out;
  }
  return aten::_adaptive_avg_pool2d(self, output_size);
}

}  // namespace native
}  // namespace aten
