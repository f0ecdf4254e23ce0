// Pointwise losses (ATen's Loss.cpp): mse, smooth_l1 and huber are structured on
// TensorIteratorBase (a binary op when unreduced; a loss tensor reduced into a 0-dim result
// otherwise), binary_cross_entropy is structured with its result shaped like self, and l1_loss,
// binary_cross_entropy_with_logits and kl_div are composites.
#include <aten/TensorOperators.h>
#include <aten/core/MemoryOverlap.h>
#include <aten/core/OptionalTensor.h>
#include <aten/core/Reduction.h>
#include <aten/iterator/Broadcast.h>
#include <aten/iterator/OutputLayout.h>
#include <aten/iterator/ResultType.h>
#include <aten/native/Loss.h>
#include <aten/ops/abs.h>
#include <aten/ops/binary_cross_entropy_backward_dtypes.h>
#include <aten/ops/binary_cross_entropy_backward_native.h>
#include <aten/ops/binary_cross_entropy_dtypes.h>
#include <aten/ops/binary_cross_entropy_native.h>
#include <aten/ops/binary_cross_entropy_with_logits_dtypes.h>
#include <aten/ops/binary_cross_entropy_with_logits_native.h>
#include <aten/ops/clamp_min.h>
#include <aten/ops/empty.h>
#include <aten/ops/empty_like.h>
#include <aten/ops/exp.h>
#include <aten/ops/huber_loss_backward_dtypes.h>
#include <aten/ops/huber_loss_backward_native.h>
#include <aten/ops/huber_loss_dtypes.h>
#include <aten/ops/huber_loss_native.h>
#include <aten/ops/kl_div_native.h>
#include <aten/ops/l1_loss_native.h>
#include <aten/ops/log.h>
#include <aten/ops/mean.h>
#include <aten/ops/mse_loss_backward_dtypes.h>
#include <aten/ops/mse_loss_backward_native.h>
#include <aten/ops/mse_loss_dtypes.h>
#include <aten/ops/mse_loss_native.h>
#include <aten/ops/neg.h>
#include <aten/ops/smooth_l1_loss_backward_dtypes.h>
#include <aten/ops/smooth_l1_loss_backward_native.h>
#include <aten/ops/smooth_l1_loss_dtypes.h>
#include <aten/ops/smooth_l1_loss_native.h>
#include <aten/ops/sum.h>
#include <aten/ops/to.h>
#include <aten/ops/where.h>

#include <optional>

namespace aten {
namespace {

void check_reduction(const char* op, int64_t reduction) {
  ATEN_CHECK(reduction >= Reduction::None && reduction <= Reduction::Sum, op,
             ": reduction must be 0 (none), 1 (mean) or 2 (sum), got ", reduction);
}

// ATen's apply_loss_reduction. A Half or BFloat16 mean is taken in Float: their sum of many
// elements would overflow or lose the small ones before the division.
Tensor reduce_loss(const Tensor& loss, int64_t reduction) {
  if (reduction == Reduction::Mean) {
    const ScalarType t = loss.scalar_type();
    if (t == ScalarType::Half || t == ScalarType::BFloat16)
      return loss.to(ScalarType::Float).mean().to(t);
    return loss.mean();
  }
  if (reduction == Reduction::Sum) return loss.sum();
  return loss;
}

// The meta() of mse, smooth_l1 and huber. Unreduced, the iterator is the op's (the result laid
// out as a binary op's); reduced, the result is 0-dim of the inputs' common dtype, and impl()
// builds another iterator, over a temporary.
template <class Check>
void pointwise_loss_meta(TensorIteratorBase& iter, const char* op, const Tensor& self,
                         const Tensor& target, int64_t reduction, Check check_dtype) {
  check_reduction(op, reduction);
  if (reduction == Reduction::None) {
    iter.build_binary_op(iter.maybe_get_output(0), self, target);
    check_dtype(iter.common_dtype());
    return;
  }
  infer_size(self.sizes(), target.sizes());  // the broadcast error, as the iterator gives it
  const ScalarType dtype = result_type(self, target);
  check_dtype(dtype);
  // The iterator announces the 0-dim result (and checks an out= against it, which may take any
  // dtype the result casts to safely, as ATen's mean_out); impl() does not run it.
  TensorIteratorConfig config;
  config.promote_inputs_to_common_dtype(true)
      .cast_common_dtype_to_outputs(true)
      .enforce_safe_casting_to_output(true)
      .add_output(iter.maybe_get_output(0))
      .add_owned_input(aten::empty({}, self.options().dtype(dtype)));
  iter.build(config);
}

// impl(): the stub on the op's iterator, or on one over a temporary then reduced into out.
template <class Stub>
void pointwise_loss_impl(TensorIteratorBase& iter, Stub& stub, const Tensor& self,
                         const Tensor& target, int64_t reduction, double param, const Tensor& out) {
  if (reduction == Reduction::None) {
    stub(iter.device(), iter, param);
    return;
  }
  TensorIterator loss = TensorIterator::binary_op(Tensor(), self, target);
  stub(loss.device(), loss, param);
  const_cast<Tensor&>(out).copy_(reduce_loss(loss.maybe_get_output(0), reduction));
}

// The backward ops' meta(): the result has the broadcast shape of (grad_output, self, target)
// and self's dtype; the kernel computes in the three's common dtype, which must cast to self's.
// Its layout is ATen's: a contiguous zeros_like(self), which ATen's iterator lays out anew, as it
// would an output of its own, when the inputs broadcast to another shape than self's; an out= of
// another shape is laid out by the iterator too. Any reduction is taken, as ATen's backward ops
// take it: the gradient is scaled for Mean, left as it is otherwise.
template <class Check>
void loss_backward_meta(impl::MetaBase& meta, const Tensor& grad_output, const Tensor& self,
                        const Tensor& target, Check check_dtype) {
  const DimVector shape = infer_size(infer_size(self.sizes(), target.sizes()), grad_output.sizes());
  ResultTypeState state;
  const ScalarType common = state.update(self).update(target).update(grad_output).result();
  check_dtype(common);
  check_dtype(self.scalar_type());
  ATEN_CHECK(can_cast(common, self.scalar_type()), "result type ", common,
             " can't be cast to the desired output type ", self.scalar_type());
  const Tensor& out = meta.maybe_get_output(0);
  if (!out.defined() && IntArrayRef(shape) == self.sizes()) {
    meta.set_output_raw_strided(0, shape, {}, self.options());
    return;
  }
  // An out= laid out otherwise computes through a proxy, which would hide its own overlap.
  if (out.defined()) assert_no_internal_overlap(out);
  meta.set_output_raw_strided(0, shape, iterator_output_strides({self, target, grad_output}),
                              self.options());
}

// Runs a backward op's stub: grad_input from (self, target, grad_output), computed in their
// common dtype (in a temporary when grad_input has another, then converted).
template <class Run>
void run_loss_backward(const Tensor& grad_output, const Tensor& self, const Tensor& target,
                       const Tensor& grad_input, Run run) {
  ResultTypeState state;
  const ScalarType common = state.update(self).update(target).update(grad_output).result();
  const Tensor out = grad_input.scalar_type() == common
                         ? grad_input
                         : aten::empty(grad_input.sizes(), grad_input.options().dtype(common));
  TensorIteratorConfig config;
  config.promote_inputs_to_common_dtype(true)
      .add_output(out)
      .add_input(self, "self")
      .add_input(target, "target")
      .add_input(grad_output, "grad_output");
  TensorIterator iter(config);
  run(iter);
  if (!out.is_same(grad_input)) const_cast<Tensor&>(grad_input).copy_(out);
}

// The mean's 1 / numel for a backward op, of self's elements as ATen's.
double mean_norm(const Tensor& self, int64_t reduction) {
  return reduction == Reduction::Mean ? 1.0 / static_cast<double>(self.numel()) : 1.0;
}

// binary_cross_entropy: target (and weight, and the backward's grad_output) of self's dtype,
// broadcasting to self's shape, which is the result's.
void check_bce_operand(const char* op, const Tensor& self, const Tensor& t, const char* name) {
  ATEN_CHECK(t.scalar_type() == self.scalar_type(), "Found dtype ", t.scalar_type(),
             " but expected ", self.scalar_type());
  ATEN_CHECK(IntArrayRef(infer_size(self.sizes(), t.sizes())) == self.sizes(), op, ": ", name,
             " of shape ", t.sizes(), " does not broadcast to self's shape ", self.sizes());
}

// The weights multiply the loss in place (ATen's loss.mul_(weight)): of any dtype that product
// casts back to self's.
void check_bce_weight(const char* op, const Tensor& self, const Tensor& weight) {
  const ScalarType t = result_type(self, weight);
  ATEN_CHECK(can_cast(t, self.scalar_type()), op, ": result type ", t,
             " can't be cast to the desired output type ", self.scalar_type());
  ATEN_CHECK(IntArrayRef(infer_size(self.sizes(), weight.sizes())) == self.sizes(), op,
             ": weight of shape ", weight.sizes(), " does not broadcast to self's shape ",
             self.sizes());
}

// binary_cross_entropy's results are laid out as ATen's empty_like(self): with self's strides
// when its elements are dense, else contiguous.
IntArrayRef like_self(const Tensor& self) {
  return self.is_non_overlapping_and_dense() ? self.strides() : IntArrayRef();
}

}  // namespace

namespace meta {

ATEN_META_FUNC(mse_loss)(const Tensor& self, const Tensor& target, int64_t reduction) {
  pointwise_loss_meta(*this, "mse_loss", self, target, reduction,
                      [](ScalarType t) { ATEN_DISPATCH_mse_loss_TYPES(t, [] {}); });
}

ATEN_META_FUNC(smooth_l1_loss)
(const Tensor& self, const Tensor& target, int64_t reduction, double beta) {
  ATEN_CHECK(beta >= 0, "smooth_l1_loss does not support negative values for beta.");
  pointwise_loss_meta(*this, "smooth_l1_loss", self, target, reduction,
                      [](ScalarType t) { ATEN_DISPATCH_smooth_l1_loss_TYPES(t, [] {}); });
}

ATEN_META_FUNC(mse_loss_backward)
(const Tensor& grad_output, const Tensor& self, const Tensor& target, int64_t /*reduction*/) {
  loss_backward_meta(*this, grad_output, self, target,
                     [](ScalarType t) { ATEN_DISPATCH_mse_loss_backward_TYPES(t, [] {}); });
}

ATEN_META_FUNC(smooth_l1_loss_backward)
(const Tensor& grad_output, const Tensor& self, const Tensor& target, int64_t /*reduction*/,
 double beta) {
  // smooth_l1_loss's own check, as huber_loss_backward's below.
  ATEN_CHECK(beta >= 0, "smooth_l1_loss_backward does not support negative values for beta.");
  loss_backward_meta(*this, grad_output, self, target,
                     [](ScalarType t) { ATEN_DISPATCH_smooth_l1_loss_backward_TYPES(t, [] {}); });
}

ATEN_META_FUNC(huber_loss_backward)
(const Tensor& grad_output, const Tensor& self, const Tensor& target, int64_t /*reduction*/,
 double delta) {
  // huber_loss's own check: libtorch 1.13's backward skips it, and then its vector and scalar
  // loops order their branches differently.
  ATEN_CHECK(delta > 0, "huber_loss_backward does not support non-positive values for delta.");
  loss_backward_meta(*this, grad_output, self, target,
                     [](ScalarType t) { ATEN_DISPATCH_huber_loss_backward_TYPES(t, [] {}); });
}

ATEN_META_FUNC(binary_cross_entropy)
(const Tensor& self, const Tensor& target, const std::optional<Tensor>& weight, int64_t reduction) {
  check_reduction("binary_cross_entropy", reduction);
  ATEN_DISPATCH_binary_cross_entropy_TYPES(self.scalar_type(), [] {});
  check_bce_operand("binary_cross_entropy", self, target, "target");
  if (given(weight)) check_bce_weight("binary_cross_entropy", self, *weight);
  if (const Tensor& out = maybe_get_output(0); out.defined()) assert_no_internal_overlap(out);
  if (reduction == Reduction::None) {
    set_output_raw_strided(0, self.sizes(), like_self(self), self.options());
  } else {
    set_output_raw_strided(0, {}, {}, self.options());
  }
}

ATEN_META_FUNC(binary_cross_entropy_backward)
(const Tensor& grad_output, const Tensor& self, const Tensor& target,
 const std::optional<Tensor>& weight, int64_t reduction) {
  const char* op = "binary_cross_entropy_backward";
  check_reduction(op, reduction);
  ATEN_DISPATCH_binary_cross_entropy_backward_TYPES(self.scalar_type(), [] {});
  check_bce_operand(op, self, grad_output, "grad_output");
  check_bce_operand(op, self, target, "target");
  if (given(weight)) check_bce_weight(op, self, *weight);
  if (const Tensor& out = maybe_get_output(0); out.defined()) assert_no_internal_overlap(out);
  set_output_raw_strided(0, self.sizes(), like_self(self), self.options());
}

}  // namespace meta

namespace native {

ATEN_DEFINE_DISPATCH(mse_stub);
ATEN_DEFINE_DISPATCH(smooth_l1_stub);
ATEN_DEFINE_DISPATCH(huber_stub);
ATEN_DEFINE_DISPATCH(mse_backward_stub);
ATEN_DEFINE_DISPATCH(smooth_l1_backward_stub);
ATEN_DEFINE_DISPATCH(huber_backward_stub);
ATEN_DEFINE_DISPATCH(binary_cross_entropy_stub);
ATEN_DEFINE_DISPATCH(binary_cross_entropy_backward_stub);

ATEN_IMPL_FUNC(mse_loss_out)
(const Tensor& self, const Tensor& target, int64_t reduction, const Tensor& out) {
  pointwise_loss_impl(*this, mse_stub, self, target, reduction, 0.0, out);
}

ATEN_IMPL_FUNC(smooth_l1_loss_out)
(const Tensor& self, const Tensor& target, int64_t reduction, double beta, const Tensor& out) {
  pointwise_loss_impl(*this, smooth_l1_stub, self, target, reduction, beta, out);
}

Tensor& huber_loss_out(const Tensor& self, const Tensor& target, int64_t reduction, double delta,
                       Tensor& out) {
  ATEN_CHECK(delta > 0, "huber_loss does not support non-positive values for delta.");
  check_reduction("huber_loss", reduction);
  TensorIterator iter = TensorIterator::binary_op(out, self, target);
  ATEN_DISPATCH_huber_loss_TYPES(iter.common_dtype(), [] {});
  if (!out.is_meta()) huber_stub(iter.device(), iter, delta);
  if (reduction != Reduction::None) {
    const Tensor reduced = reduce_loss(out, reduction);
    out.resize_({});
    out.copy_(reduced);
  }
  return out;
}

Tensor huber_loss(const Tensor& self, const Tensor& target, int64_t reduction, double delta) {
  Tensor loss = aten::empty_like(self);
  huber_loss_out(self, target, Reduction::None, delta, loss);
  return reduce_loss(loss, reduction);
}

ATEN_IMPL_FUNC(mse_loss_backward_out)
(const Tensor& grad_output, const Tensor& self, const Tensor& target, int64_t reduction,
 const Tensor& grad_input) {
  run_loss_backward(grad_output, self, target, grad_input, [&](TensorIterator& iter) {
    mse_backward_stub(iter.device(), iter, 2.0 * mean_norm(self, reduction), 0.0);
  });
}

ATEN_IMPL_FUNC(smooth_l1_loss_backward_out)
(const Tensor& grad_output, const Tensor& self, const Tensor& target, int64_t reduction,
 double beta, const Tensor& grad_input) {
  run_loss_backward(grad_output, self, target, grad_input, [&](TensorIterator& iter) {
    smooth_l1_backward_stub(iter.device(), iter, mean_norm(self, reduction), beta);
  });
}

ATEN_IMPL_FUNC(huber_loss_backward_out)
(const Tensor& grad_output, const Tensor& self, const Tensor& target, int64_t reduction,
 double delta, const Tensor& grad_input) {
  run_loss_backward(grad_output, self, target, grad_input, [&](TensorIterator& iter) {
    huber_backward_stub(iter.device(), iter, mean_norm(self, reduction), delta);
  });
}

// The loss goes to a temporary first: the kernel's range check may fail part way, and out is
// then left as it was.
ATEN_IMPL_FUNC(binary_cross_entropy_out)
(const Tensor& self, const Tensor& target, const std::optional<Tensor>& weight, int64_t reduction,
 const Tensor& out) {
  Tensor loss = aten::empty(self.sizes(), self.options());
  TensorIteratorConfig config;
  config.add_output(loss).add_input(self, "self").add_input(target, "target");
  TensorIterator iter(config);
  binary_cross_entropy_stub(iter.device(), iter);
  if (given(weight)) loss.mul_(*weight);
  const_cast<Tensor&>(out).copy_(reduce_loss(loss, reduction));
}

ATEN_IMPL_FUNC(binary_cross_entropy_backward_out)
(const Tensor& grad_output, const Tensor& self, const Tensor& target,
 const std::optional<Tensor>& weight, int64_t reduction, const Tensor& grad_input) {
  TensorIteratorConfig config;
  config.add_output(grad_input)
      .add_input(grad_output, "grad_output")
      .add_input(self, "self")
      .add_input(target, "target");
  TensorIterator iter(config);
  binary_cross_entropy_backward_stub(iter.device(), iter);
  Tensor& result = const_cast<Tensor&>(grad_input);
  if (given(weight)) result.mul_(*weight);
  if (reduction == Reduction::Mean) result.div_(static_cast<double>(self.numel()));
}

Tensor l1_loss(const Tensor& self, const Tensor& target, int64_t reduction) {
  check_reduction("l1_loss", reduction);
  return reduce_loss((self - target).abs(), reduction);
}

// ATen's formula: with m = max(-x, 0), log(1 + e^-x) = m + log(e^-m + e^(-x-m)), no term of
// which overflows. Its steps too, in place into 1 - target: the result has target's dtype and
// layout (a target that does not have the input's shape is an error), its roundings ATen's.
Tensor binary_cross_entropy_with_logits(const Tensor& self, const Tensor& target,
                                        const std::optional<Tensor>& weight,
                                        const std::optional<Tensor>& pos_weight,
                                        int64_t reduction) {
  check_reduction("binary_cross_entropy_with_logits", reduction);
  ATEN_DISPATCH_binary_cross_entropy_with_logits_TYPES(self.scalar_type(), [] {});
  const Tensor max_val = self.neg().clamp_min(0);
  const Tensor log_exp = (max_val.neg().exp() + (self.neg() - max_val).exp()).log();
  Tensor loss = (target.neg() + 1).mul_(self);
  if (given(pos_weight)) {
    const Tensor log_weight = ((*pos_weight - 1) * target).add_(1);
    loss.add_(log_weight.mul_(log_exp + max_val));
  } else {
    loss.add_(max_val).add_(log_exp);
  }
  if (given(weight)) loss.mul_(*weight);
  return reduce_loss(loss, reduction);
}

// t log(t) is 0 where t is 0 (ATen's xlogy(t, t)); NaN stays NaN.
Tensor kl_div(const Tensor& self, const Tensor& target, int64_t reduction, bool log_target) {
  ATEN_CHECK(!isComplexType(self.scalar_type()) && !isComplexType(target.scalar_type()),
             "kl_div: Complex inputs not supported.");
  ATEN_CHECK(
      !isIntegralType(self.scalar_type(), true) && !isIntegralType(target.scalar_type(), true),
      "kl_div: Integral inputs not supported.");
  check_reduction("kl_div", reduction);
  // exp has no Half kernel (nor has ATen's, which refuses this): Half in Float, rounded once.
  if (log_target && promote_types(self.scalar_type(), target.scalar_type()) == ScalarType::Half) {
    return kl_div(self.to(ScalarType::Float), target.to(ScalarType::Float), reduction, log_target)
        .to(ScalarType::Half);
  }
  Tensor loss;
  if (log_target) {
    loss = target.exp() * (target - self);
  } else {
    // A Half target's t log(t) in Float, rounded to Half, as ATen's xlogy (log has no Half
    // kernel); the rest in the operands' dtypes, as ATen's composite.
    const bool half = target.scalar_type() == ScalarType::Half;
    const Tensor t = half ? target.to(ScalarType::Float) : target;
    Tensor t_log_t = aten::where(t == 0, Scalar(0), t * t.log());
    if (half) t_log_t = t_log_t.to(ScalarType::Half);
    loss = t_log_t - target * self;
  }
  return reduce_loss(loss, reduction);
}

}  // namespace native
}  // namespace aten
