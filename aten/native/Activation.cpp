// Activation functions: gelu, silu, leaky_relu, softplus, elu, hardsigmoid, hardswish,
// threshold, mish, softshrink, hardshrink and log_sigmoid_forward are structured unary ops (the
// backward ops binary or ternary ones), glu a binary op on self's halves; relu is
// clamp_min(self, 0), hardtanh clamp, relu6 hardtanh(self, 0, 6), selu and celu elu,
// log_sigmoid log_sigmoid_forward's output, mish_backward and glu_backward composites of
// pointwise ops.
#include <aten/TensorOperators.h>
#include <aten/core/DtypeDispatch.h>
#include <aten/core/MemoryOverlap.h>
#include <aten/core/TypePromotion.h>
#include <aten/iterator/Broadcast.h>
#include <aten/iterator/OutputLayout.h>
#include <aten/native/Activation.h>
#include <aten/ops/cat.h>
#include <aten/ops/celu_native.h>
#include <aten/ops/clamp.h>
#include <aten/ops/clamp_min.h>
#include <aten/ops/elu.h>
#include <aten/ops/elu_backward_native.h>
#include <aten/ops/elu_native.h>
#include <aten/ops/empty.h>
#include <aten/ops/empty_like.h>
#include <aten/ops/gelu_native.h>
#include <aten/ops/glu_backward_native.h>
#include <aten/ops/glu_native.h>
#include <aten/ops/hardshrink_backward_native.h>
#include <aten/ops/hardshrink_native.h>
#include <aten/ops/hardsigmoid_backward_native.h>
#include <aten/ops/hardsigmoid_native.h>
#include <aten/ops/hardswish_backward_native.h>
#include <aten/ops/hardswish_native.h>
#include <aten/ops/hardtanh.h>
#include <aten/ops/hardtanh_backward_native.h>
#include <aten/ops/hardtanh_native.h>
#include <aten/ops/leaky_relu_backward_native.h>
#include <aten/ops/leaky_relu_native.h>
#include <aten/ops/log_sigmoid_backward_dtypes.h>
#include <aten/ops/log_sigmoid_backward_native.h>
#include <aten/ops/log_sigmoid_forward.h>
#include <aten/ops/log_sigmoid_forward_native.h>
#include <aten/ops/log_sigmoid_native.h>
#include <aten/ops/mish_backward_native.h>
#include <aten/ops/mish_native.h>
#include <aten/ops/prelu_native.h>
#include <aten/ops/relu6_native.h>
#include <aten/ops/relu_native.h>
#include <aten/ops/selu_native.h>
#include <aten/ops/sigmoid.h>
#include <aten/ops/silu_native.h>
#include <aten/ops/softplus.h>
#include <aten/ops/softplus_backward_native.h>
#include <aten/ops/softplus_native.h>
#include <aten/ops/softshrink_backward_native.h>
#include <aten/ops/softshrink_native.h>
#include <aten/ops/tanh.h>
#include <aten/ops/threshold_backward_native.h>
#include <aten/ops/threshold_native.h>
#include <aten/ops/where.h>
#include <aten/structured/StructuredOutputs.h>

namespace aten {
namespace native {

GeluType gelu_type(std::string_view approximate) {
  if (approximate == "none") return GeluType::None;
  if (approximate == "tanh") return GeluType::Tanh;
  ATEN_ERROR("approximate argument must be either none or tanh (got \"", approximate, "\")");
}

}  // namespace native

namespace meta {

// The argument is checked here, so a bad one fails before anything is written (and on Meta).
ATEN_META_FUNC(gelu)(const Tensor& self, std::string_view approximate) {
  native::gelu_type(approximate);
  build_unary_op(maybe_get_output(), self);
}

ATEN_META_FUNC(silu)(const Tensor& self) { build_unary_op(maybe_get_output(), self); }

ATEN_META_FUNC(leaky_relu)(const Tensor& self, const Scalar& /*negative_slope*/) {
  build_unary_op(maybe_get_output(), self);
}

ATEN_META_FUNC(leaky_relu_backward)
(const Tensor& grad_output, const Tensor& self, const Scalar& negative_slope, bool self_is_result) {
  ATEN_CHECK(!self_is_result || negative_slope.toDouble() >= 0.0,
             "In-place leakyReLu backward calculation is triggered with a negative slope which is "
             "not supported. This is caused by calling in-place forward function with a negative "
             "slope, please call out-of-place version instead.");
  build_binary_op(maybe_get_output(), self, grad_output);
}

ATEN_META_FUNC(softplus)(const Tensor& self, const Scalar& /*beta*/, const Scalar& /*threshold*/) {
  build_unary_op(maybe_get_output(), self);
}

// grad_output first, as ATen's: the result is laid out like it.
ATEN_META_FUNC(softplus_backward)
(const Tensor& grad_output, const Tensor& self, const Scalar& /*beta*/,
 const Scalar& /*threshold*/) {
  build_binary_op(maybe_get_output(), grad_output, self);
}

ATEN_META_FUNC(elu)
(const Tensor& self, const Scalar& /*alpha*/, const Scalar& /*scale*/,
 const Scalar& /*input_scale*/) {
  build_unary_op(maybe_get_output(), self);
}

ATEN_META_FUNC(elu_backward)
(const Tensor& grad_output, const Scalar& alpha, const Scalar& /*scale*/,
 const Scalar& /*input_scale*/, bool is_result, const Tensor& self_or_result) {
  ATEN_CHECK(!is_result || alpha.toDouble() >= 0.0,
             "In-place elu backward calculation is triggered with a negative slope which is not "
             "supported. This is caused by calling in-place forward function with a negative "
             "slope, please call out-of-place version instead.");
  build_binary_op(maybe_get_output(), grad_output, self_or_result);
}

ATEN_META_FUNC(hardtanh_backward)
(const Tensor& grad_output, const Tensor& self, const Scalar& /*min_val*/,
 const Scalar& /*max_val*/) {
  build_binary_op(maybe_get_output(), grad_output, self);
}

ATEN_META_FUNC(hardsigmoid)(const Tensor& self) { build_unary_op(maybe_get_output(), self); }

ATEN_META_FUNC(hardsigmoid_backward)(const Tensor& grad_output, const Tensor& self) {
  build_binary_op(maybe_get_output(), grad_output, self);
}

ATEN_META_FUNC(hardswish)(const Tensor& self) { build_unary_op(maybe_get_output(), self); }

ATEN_META_FUNC(hardswish_backward)(const Tensor& grad_output, const Tensor& self) {
  build_binary_op(maybe_get_output(), grad_output, self);
}

// threshold's iterator is (self, other): the forward passes self as other, the backward
// grad_output. The iterator checks no overlap, as ATen's: in place, every write of a location is
// the same value. An out= that is not self is checked here, as every other op's is.
namespace {
void check_threshold_out(const Tensor& out, const Tensor& self, const Tensor& other) {
  if (!out.defined() || is_same_view(out, self)) return;
  assert_no_internal_overlap(out);
  assert_no_overlap(out, self, "self");
  assert_no_overlap(out, other, "other");
}

TensorIteratorConfig threshold_config() {
  TensorIteratorConfig config;
  config.set_check_mem_overlap(false)
      .promote_inputs_to_common_dtype(true)
      .cast_common_dtype_to_outputs(true)
      .enforce_safe_casting_to_output(true);
  return config;
}
}  // namespace

ATEN_META_FUNC(threshold)
(const Tensor& self, const Scalar& /*threshold*/, const Scalar& /*value*/) {
  check_threshold_out(maybe_get_output(), self, self);
  TensorIteratorConfig config = threshold_config();
  config.add_output(maybe_get_output()).add_input(self, "self").add_input(self, "other");
  build(config);
}

ATEN_META_FUNC(threshold_backward)
(const Tensor& grad_output, const Tensor& self, const Scalar& /*threshold*/) {
  check_threshold_out(maybe_get_output(), self, grad_output);
  TensorIteratorConfig config = threshold_config();
  config.add_output(maybe_get_output()).add_input(self, "self").add_input(grad_output, "other");
  build(config);
}

ATEN_META_FUNC(mish)(const Tensor& self) { build_unary_op(maybe_get_output(), self); }

ATEN_META_FUNC(softshrink)(const Tensor& self, const Scalar& lambd) {
  ATEN_CHECK(lambd.toDouble() >= 0, "lambda must be greater or equal to 0, but found to be ",
             lambd.toDouble(), ".");
  build_unary_op(maybe_get_output(), self);
}

ATEN_META_FUNC(softshrink_backward)
(const Tensor& grad_output, const Tensor& self, const Scalar& /*lambd*/) {
  build_binary_op(maybe_get_output(), grad_output, self);
}

ATEN_META_FUNC(hardshrink)(const Tensor& self, const Scalar& /*lambd*/) {
  build_unary_op(maybe_get_output(), self);
}

ATEN_META_FUNC(hardshrink_backward)
(const Tensor& grad_out, const Tensor& self, const Scalar& /*lambd*/) {
  build_binary_op(maybe_get_output(), grad_out, self);
}

// Both results contiguous, as ATen's. A given out= that overlaps itself is refused (its proxy
// would hide that from the kernel's iterator).
ATEN_META_FUNC(log_sigmoid_forward)(const Tensor& self) {
  for (int64_t i : {0, 1}) {
    const Tensor& out = maybe_get_output(i);
    if (out.defined()) assert_no_internal_overlap(out);
  }
  set_output_contiguous(0, self.sizes(), self.options());
  set_output_contiguous(1, self.sizes(), self.options());
}

// The three of one dtype, broadcast together. The result is laid out as ATen's
// empty_like(grad_output), which its iterator keeps when the inputs broadcast to grad_output's
// shape; an out= (or another shape) the iterator lays out.
ATEN_META_FUNC(log_sigmoid_backward)
(const Tensor& grad_output, const Tensor& self, const Tensor& buffer) {
  for (const Tensor* t : {&self, &buffer})
    ATEN_CHECK(t->scalar_type() == grad_output.scalar_type(),
               "log_sigmoid_backward: expected self and buffer of grad_output's dtype (",
               grad_output.scalar_type(), "), got ", self.scalar_type(), " and ",
               buffer.scalar_type());
  ATEN_DISPATCH_log_sigmoid_backward_TYPES(grad_output.scalar_type(), [] {});
  const DimVector shape = infer_size(infer_size(grad_output.sizes(), self.sizes()), buffer.sizes());
  const Tensor& out = maybe_get_output();
  if (!out.defined() && IntArrayRef(shape) == grad_output.sizes()) {
    const Tensor like = aten::empty_like(grad_output, grad_output.options().device(kMeta));
    set_output_raw_strided(0, shape, like.strides(), grad_output.options());
    return;
  }
  if (out.defined()) assert_no_internal_overlap(out);
  set_output_raw_strided(0, shape, iterator_output_strides({grad_output, self, buffer}),
                         grad_output.options());
}

namespace {
// glu's dim, wrapped, after ATen's checks: self has dims and an even size along dim.
int64_t glu_dim(const Tensor& self, int64_t dim) {
  ATEN_CHECK(self.dim() > 0, "glu does not support 0-dimensional tensors");
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  ATEN_CHECK(self.size(d) % 2 == 0, "Halving dimension must be even, but dimension ", d,
             " is size ", self.size(d));
  return d;
}
}  // namespace

ATEN_META_FUNC(glu)(const Tensor& self, int64_t dim) {
  const int64_t d = glu_dim(self, dim);
  const int64_t half = self.size(d) / 2;
  // The halves are views made here: the iterator owns them.
  TensorIteratorConfig config;
  config.set_check_mem_overlap(true)
      .promote_inputs_to_common_dtype(true)
      .cast_common_dtype_to_outputs(true)
      .enforce_safe_casting_to_output(true);
  config.add_output(maybe_get_output())
      .add_owned_input(self.narrow(d, 0, half), "self")
      .add_owned_input(self.narrow(d, half, half), "self");
  build(config);
}

}  // namespace meta

namespace native {

ATEN_DEFINE_DISPATCH(gelu_stub);
ATEN_DEFINE_DISPATCH(silu_stub);
ATEN_DEFINE_DISPATCH(leaky_relu_stub);
ATEN_DEFINE_DISPATCH(leaky_relu_backward_stub);
ATEN_DEFINE_DISPATCH(softplus_stub);
ATEN_DEFINE_DISPATCH(softplus_backward_stub);
ATEN_DEFINE_DISPATCH(elu_stub);
ATEN_DEFINE_DISPATCH(elu_backward_stub);
ATEN_DEFINE_DISPATCH(hardtanh_backward_stub);
ATEN_DEFINE_DISPATCH(hardsigmoid_stub);
ATEN_DEFINE_DISPATCH(hardsigmoid_backward_stub);
ATEN_DEFINE_DISPATCH(hardswish_stub);
ATEN_DEFINE_DISPATCH(hardswish_backward_stub);
ATEN_DEFINE_DISPATCH(threshold_stub);
ATEN_DEFINE_DISPATCH(threshold_backward_stub);
ATEN_DEFINE_DISPATCH(mish_stub);
ATEN_DEFINE_DISPATCH(softshrink_stub);
ATEN_DEFINE_DISPATCH(hardshrink_stub);
ATEN_DEFINE_DISPATCH(softshrink_backward_stub);
ATEN_DEFINE_DISPATCH(hardshrink_backward_stub);
ATEN_DEFINE_DISPATCH(log_sigmoid_forward_stub);
ATEN_DEFINE_DISPATCH(log_sigmoid_backward_stub);
ATEN_DEFINE_DISPATCH(glu_stub);

ATEN_IMPL_FUNC(gelu_out)
(const Tensor& /*self*/, std::string_view approximate, const Tensor& /*out*/) {
  gelu_stub(device(), *this, gelu_type(approximate));
}

ATEN_IMPL_FUNC(silu_out)(const Tensor& /*self*/, const Tensor& /*out*/) {
  silu_stub(device(), *this);
}

ATEN_IMPL_FUNC(leaky_relu_out)
(const Tensor& /*self*/, const Scalar& negative_slope, const Tensor& /*out*/) {
  leaky_relu_stub(device(), *this, negative_slope);
}

ATEN_IMPL_FUNC(leaky_relu_backward_out)
(const Tensor& /*grad_output*/, const Tensor& /*self*/, const Scalar& negative_slope,
 bool /*self_is_result*/, const Tensor& /*grad_input*/) {
  leaky_relu_backward_stub(device(), *this, negative_slope);
}

ATEN_IMPL_FUNC(softplus_out)
(const Tensor& /*self*/, const Scalar& beta, const Scalar& threshold, const Tensor& /*out*/) {
  softplus_stub(device(), *this, beta, threshold);
}

ATEN_IMPL_FUNC(softplus_backward_out)
(const Tensor& /*grad_output*/, const Tensor& /*self*/, const Scalar& beta, const Scalar& threshold,
 const Tensor& /*grad_input*/) {
  softplus_backward_stub(device(), *this, beta, threshold);
}

ATEN_IMPL_FUNC(elu_out)
(const Tensor& /*self*/, const Scalar& alpha, const Scalar& scale, const Scalar& input_scale,
 const Tensor& /*out*/) {
  elu_stub(device(), *this, alpha, scale, input_scale);
}

ATEN_IMPL_FUNC(elu_backward_out)
(const Tensor& /*grad_output*/, const Scalar& alpha, const Scalar& scale, const Scalar& input_scale,
 bool is_result, const Tensor& /*self_or_result*/, const Tensor& /*grad_input*/) {
  elu_backward_stub(device(), *this, alpha, scale, input_scale, is_result);
}

ATEN_IMPL_FUNC(hardtanh_backward_out)
(const Tensor& /*grad_output*/, const Tensor& /*self*/, const Scalar& min_val,
 const Scalar& max_val, const Tensor& /*grad_input*/) {
  hardtanh_backward_stub(device(), *this, min_val, max_val);
}

ATEN_IMPL_FUNC(hardsigmoid_out)(const Tensor& /*self*/, const Tensor& /*out*/) {
  hardsigmoid_stub(device(), *this);
}

ATEN_IMPL_FUNC(hardsigmoid_backward_out)
(const Tensor& /*grad_output*/, const Tensor& /*self*/, const Tensor& /*grad_input*/) {
  hardsigmoid_backward_stub(device(), *this);
}

ATEN_IMPL_FUNC(hardswish_out)(const Tensor& /*self*/, const Tensor& /*out*/) {
  hardswish_stub(device(), *this);
}

ATEN_IMPL_FUNC(hardswish_backward_out)
(const Tensor& /*grad_output*/, const Tensor& /*self*/, const Tensor& /*out*/) {
  hardswish_backward_stub(device(), *this);
}

ATEN_IMPL_FUNC(threshold_out)
(const Tensor& /*self*/, const Scalar& threshold, const Scalar& value, const Tensor& /*out*/) {
  threshold_stub(device(), *this, threshold, value);
}

ATEN_IMPL_FUNC(threshold_backward_out)
(const Tensor& /*grad_output*/, const Tensor& /*self*/, const Scalar& threshold,
 const Tensor& /*grad_input*/) {
  threshold_backward_stub(device(), *this, threshold, 0);
}

ATEN_IMPL_FUNC(mish_out)(const Tensor& /*self*/, const Tensor& /*out*/) {
  mish_stub(device(), *this);
}

ATEN_IMPL_FUNC(softshrink_out)(const Tensor& /*self*/, const Scalar& lambd, const Tensor& /*out*/) {
  softshrink_stub(device(), *this, lambd);
}

ATEN_IMPL_FUNC(softshrink_backward_out)
(const Tensor& /*grad_output*/, const Tensor& /*self*/, const Scalar& lambd,
 const Tensor& /*grad_input*/) {
  softshrink_backward_stub(device(), *this, lambd);
}

ATEN_IMPL_FUNC(hardshrink_out)(const Tensor& /*self*/, const Scalar& lambd, const Tensor& /*out*/) {
  hardshrink_stub(device(), *this, lambd);
}

ATEN_IMPL_FUNC(hardshrink_backward_out)
(const Tensor& /*grad_out*/, const Tensor& /*self*/, const Scalar& lambd,
 const Tensor& /*grad_input*/) {
  hardshrink_backward_stub(device(), *this, lambd);
}

ATEN_IMPL_FUNC(log_sigmoid_forward_out)
(const Tensor& self, const Tensor& output, const Tensor& buffer) {
  TensorIteratorConfig config;
  config.set_check_mem_overlap(true).resize_outputs(false);
  config.add_output(output, "output").add_output(buffer, "buffer").add_input(self, "self");
  TensorIterator iter(config);
  log_sigmoid_forward_stub(iter.device(), iter);
}

ATEN_IMPL_FUNC(log_sigmoid_backward_out)
(const Tensor& grad_output, const Tensor& self, const Tensor& buffer, const Tensor& grad_input) {
  TensorIteratorConfig config;
  config.set_check_mem_overlap(true)
      .add_output(grad_input, "grad_input")
      .add_input(grad_output, "grad_output")
      .add_input(self, "self")
      .add_input(buffer, "buffer");
  TensorIterator iter(config);
  log_sigmoid_backward_stub(iter.device(), iter);
}

ATEN_IMPL_FUNC(glu_out)(const Tensor& /*self*/, int64_t /*dim*/, const Tensor& /*out*/) {
  glu_stub(device(), *this);
}

// A Bool relu would be the identity through clamp_min's promotion to Long; ATen refuses it.
Tensor relu(const Tensor& self) {
  ATEN_CHECK(self.scalar_type() != ScalarType::Bool, "Boolean inputs not supported for relu");
  return aten::clamp_min(self, 0);
}

Tensor& relu_(Tensor& self) {
  ATEN_CHECK(self.scalar_type() != ScalarType::Bool, "Boolean inputs not supported for relu");
  return aten::clamp_min_(self, 0);
}

// selu's constants, as ATen's (Klambauer et al., "Self-Normalizing Neural Networks").
constexpr double kSeluAlpha = 1.6732632423543772848170429916717;
constexpr double kSeluScale = 1.0507009873554804934193349852946;

Tensor selu(const Tensor& self) { return aten::elu(self, kSeluAlpha, kSeluScale); }

Tensor& selu_(Tensor& self) { return aten::elu_(self, kSeluAlpha, kSeluScale); }

// celu(x, alpha) is elu(x, alpha, 1, 1 / alpha).
Tensor celu(const Tensor& self, const Scalar& alpha) {
  ATEN_CHECK(alpha.toDouble() != 0, "ZeroDivisionError: alpha cannot be 0 for CELU");
  return aten::elu(self, alpha, 1.0, 1.0 / alpha.toDouble());
}

Tensor& celu_(Tensor& self, const Scalar& alpha) {
  ATEN_CHECK(alpha.toDouble() != 0, "ZeroDivisionError: alpha cannot be 0 for CELU");
  return aten::elu_(self, alpha, 1.0, 1.0 / alpha.toDouble());
}

namespace {
// hardtanh's bounds for clamp. An integral self takes them truncated to integers, so that they
// do not promote the result to Float (ATen's legacy behaviour); Bool is refused, and Byte with
// a negative bound.
std::pair<Scalar, Scalar> hardtanh_bounds(const Tensor& self, const Scalar& min_val,
                                          const Scalar& max_val) {
  ATEN_CHECK(self.scalar_type() != ScalarType::Bool, "Bool inputs not supported for hardtanh");
  if (!isIntegralType(self.scalar_type(), /*include_bool=*/false)) return {min_val, max_val};
  const int64_t lo = min_val.toLong(), hi = max_val.toLong();
  ATEN_CHECK(self.scalar_type() != ScalarType::Byte || (lo >= 0 && hi >= 0),
             "cannot do hardtanh on an unsigned type with negative limits");
  return {lo, hi};
}
}  // namespace

// Into empty_like(self), as ATen's: the result has self's strides.
Tensor hardtanh(const Tensor& self, const Scalar& min_val, const Scalar& max_val) {
  const auto [lo, hi] = hardtanh_bounds(self, min_val, max_val);
  Tensor out = aten::empty_like(self);
  return aten::clamp_out(out, self, lo, hi);
}

Tensor& hardtanh_(Tensor& self, const Scalar& min_val, const Scalar& max_val) {
  const auto [lo, hi] = hardtanh_bounds(self, min_val, max_val);
  return aten::clamp_(self, lo, hi);
}

Tensor& hardtanh_out(const Tensor& self, const Scalar& min_val, const Scalar& max_val,
                     Tensor& out) {
  const auto [lo, hi] = hardtanh_bounds(self, min_val, max_val);
  return aten::clamp_out(out, self, lo, hi);
}

Tensor relu6(const Tensor& self) { return aten::hardtanh(self, 0, 6); }

Tensor& relu6_(Tensor& self) { return aten::hardtanh_(self, 0, 6); }

// d/dx x tanh(softplus(x)) = tanh(sp) + x sigmoid(x) (1 - tanh(sp)^2), sp = softplus(x).
// Computed in grad_output's and self's common dtype, as ATen's kernel computes (so a Half self
// with a Double grad_output is computed in Double), and written in a floating self's dtype, as
// ATen's result is.
Tensor mish_backward(const Tensor& grad_output, const Tensor& self) {
  const ScalarType common = promote_types(grad_output.scalar_type(), self.scalar_type());
  const Tensor x = self.to(common);
  const Tensor t = aten::tanh(aten::softplus(x));
  const Tensor g = grad_output * (t + x * aten::sigmoid(x) * ((t * t).neg() + 1));
  return isFloatingType(self.scalar_type()) && isFloatingType(common) ? g.to(self.scalar_type())
                                                                      : g;
}

Tensor log_sigmoid(const Tensor& self) { return std::get<0>(aten::log_sigmoid_forward(self)); }

// out= and a buffer of no use to the caller, as ATen's.
Tensor& log_sigmoid(const Tensor& self, Tensor& out) {
  Tensor buffer = aten::empty({0}, self.options());
  aten::log_sigmoid_forward_out(out, buffer, self);
  return out;
}

Tensor glu_backward(const Tensor& grad_output, const Tensor& self, int64_t dim) {
  Tensor grad_input = aten::empty({0}, self.options());
  return glu_backward_out(grad_output, self, dim, grad_input);
}

// d/da = sigmoid(b), d/db = (1 - sigmoid(b)) sigmoid(b) a, each times grad_output, in the order
// ATen's kernel multiplies them.
Tensor& glu_backward_out(const Tensor& grad_output, const Tensor& self, int64_t dim,
                         Tensor& grad_input) {
  const int64_t d = meta::glu_dim(self, dim);
  // glu's dtypes, refused as its kernel does.
  const ScalarType t = self.scalar_type();
  if (t != ScalarType::Float && t != ScalarType::Double && t != ScalarType::BFloat16)
    detail::dtype_not_implemented("glu_backward", t);
  const int64_t half = self.size(d) / 2;
  const Tensor a = self.narrow(d, 0, half);
  // grad_output broadcasts to a half, never the other way, as into ATen's kernel's output.
  ATEN_CHECK(IntArrayRef(infer_size(a.sizes(), grad_output.sizes())) == a.sizes(),
             "output with shape ", a.sizes(), " doesn't match the broadcast shape ",
             IntArrayRef(infer_size(a.sizes(), grad_output.sizes())));
  // An empty grad_input becomes contiguous, as ATen resizes it (cat would follow the inputs'
  // layout).
  if (grad_input.numel() == 0) detail::resize_out(grad_input, self.sizes(), {}, self.options());
  const Tensor s = aten::sigmoid(self.narrow(d, half, half));
  const Tensor grad_b = (s.neg() + 1) * s * a * grad_output;
  return aten::cat_out(grad_input, {s * grad_output, grad_b}, d);
}

namespace {
// prelu's weight, checked as ATen's and viewed to broadcast against self: one element for every
// channel, or one per channel (self's dim 1; a 1-dim self has one channel).
Tensor prelu_weight(const Tensor& self, const Tensor& weight) {
  const ScalarType t = self.scalar_type();
  if (t != ScalarType::Float && t != ScalarType::Double && t != ScalarType::BFloat16)
    detail::dtype_not_implemented("prelu", t);
  ATEN_CHECK(weight.dim() <= 1,
             "Expected `weight` to be a scalar or 1D tensor, but got ndim = ", weight.dim());
  // A weight of another dtype is converted to self's, the result's, as ATen's kernel does.
  const Tensor w = weight.to(t);
  const int64_t n = w.numel();
  if (n == 1) return w.reshape({});
  ATEN_CHECK(self.dim() > 0, "Not allow zero-dim input tensor.");
  const int64_t channels = self.dim() > 1 ? self.size(1) : 1;
  ATEN_CHECK(channels == n,
             "Mismatch of parameter numbers and input channel size. Found parameter "
             "numbers = ",
             n, " and channel size = ", channels, ".");
  std::vector<int64_t> shape(static_cast<size_t>(self.dim()), 1);
  shape[1] = n;
  return w.reshape(shape);
}
}  // namespace

// Computed on a contiguous self, so that the result and self's gradient are contiguous, as
// ATen's are. Self times its slope (1 or the weight), so that self's gradient is the gradient
// times that slope, as ATen's kernel gives it: where(x > 0, x, w * x) would multiply an infinite
// weight by the zero gradient of the branch not taken (NaN).
Tensor prelu(const Tensor& self, const Tensor& weight) {
  const Tensor w = prelu_weight(self, weight);
  const Tensor x = self.contiguous();
  return x * aten::where(x > 0, Scalar(1), w);
}

}  // namespace native
}  // namespace aten
