// The negative log-likelihood loss and cross entropy (ATen's LossNLL.cpp): nll_loss_forward
// and its backward on [N, C] or [C] inputs, and the composites on top of them.
#include <aten/TensorOperators.h>
#include <aten/core/DtypeDispatch.h>
#include <aten/core/MemoryOverlap.h>
#include <aten/core/OptionalTensor.h>
#include <aten/ops/_log_softmax.h>
#include <aten/ops/cross_entropy_loss_native.h>
#include <aten/ops/gather.h>
#include <aten/ops/log_softmax.h>
#include <aten/ops/logical_not.h>
#include <aten/ops/masked_fill.h>
#include <aten/ops/neg.h>
#include <aten/ops/nll_loss_backward_dtypes.h>
#include <aten/ops/nll_loss_backward_native.h>
#include <aten/ops/nll_loss_forward.h>
#include <aten/ops/nll_loss_forward_dtypes.h>
#include <aten/ops/nll_loss_forward_native.h>
#include <aten/ops/nll_loss_native.h>
#include <aten/ops/nll_loss_nd.h>
#include <aten/ops/nll_loss_nd_native.h>
#include <aten/ops/permute.h>
#include <aten/ops/reshape.h>
#include <aten/ops/sum.h>
#include <aten/ops/to.h>
#include <aten/ops/view.h>
#include <aten/ops/zero.h>

#include <limits>
#include <vector>

namespace aten {
namespace {

enum Reduction : int64_t { kNone = 0, kMean = 1, kSum = 2 };

// A row's target class, or -1 for a row to ignore; ATen's error for a class out of range.
int64_t target_class(int64_t t, int64_t ignore_index, int64_t n_classes) {
  if (t == ignore_index) return -1;
  ATEN_CHECK(t >= 0 && t < n_classes, "Target ", t, " is out of bounds.");
  return t;
}

// What the kernels read: contiguous self and weight (of self's dtype), the targets as Long.
struct NllInputs {
  NllInputs(const Tensor& self, const Tensor& target, const std::optional<Tensor>& weight)
      : x(self.contiguous()),
        t(target.scalar_type() == ScalarType::Long ? target.contiguous()
                                                   : target.to(ScalarType::Long).contiguous()),
        w(given(weight) ? weight->contiguous() : Tensor()),
        rows(self.dim() == 1 ? 1 : self.size(0)),
        classes(self.size(-1)) {}
  Tensor x, t, w;
  int64_t rows, classes;
};

}  // namespace

namespace meta {

ATEN_META_FUNC(nll_loss_forward)
(const Tensor& self, const Tensor& target, const std::optional<Tensor>& weight_opt,
 int64_t reduction, int64_t /*ignore_index*/) {
  ATEN_DISPATCH_nll_loss_forward_TYPES(self.scalar_type(), [] {});
  ATEN_CHECK(self.dim() > 0 && self.dim() <= 2, "input tensor should be 1D or 2D");
  ATEN_CHECK(target.dim() <= 1, "0D or 1D target tensor expected, multi-target not supported");
  ATEN_CHECK(target.scalar_type() == ScalarType::Long || target.scalar_type() == ScalarType::Byte,
             "expected scalar type Long but found ", target.scalar_type());
  const bool no_batch_dim = self.dim() == 1 && target.dim() == 0;
  ATEN_CHECK(no_batch_dim || self.size(0) == target.size(0),
             "size mismatch (got input: ", self.sizes(), ", target: ", target.sizes(), ")");
  const int64_t n_classes = self.size(-1);
  if (given(weight_opt)) {
    const Tensor& weight = *weight_opt;
    ATEN_CHECK(weight.dim() == 1 && weight.numel() == n_classes,
               "weight tensor should be defined either for all ", n_classes,
               " classes or no classes but got weight tensor of shape: ", weight.sizes());
    ATEN_CHECK(weight.scalar_type() == self.scalar_type(), "expected scalar type ",
               self.scalar_type(), " but found ", weight.scalar_type());
  }
  if (reduction == kNone && self.dim() == 2) {
    set_output_raw_strided(0, {self.size(0)}, {}, self.options());
  } else {
    set_output_raw_strided(0, {}, {}, self.options());
  }
  set_output_raw_strided(1, {}, {}, self.options());
}

ATEN_META_FUNC(nll_loss_backward)
(const Tensor& grad_output, const Tensor& self, const Tensor& target,
 const std::optional<Tensor>& weight_opt, int64_t reduction, int64_t /*ignore_index*/,
 const Tensor& total_weight) {
  ATEN_DISPATCH_nll_loss_backward_TYPES(self.scalar_type(), [] {});
  ATEN_CHECK(self.dim() > 0 && self.dim() <= 2, "input tensor should be 1D or 2D");
  ATEN_CHECK(target.dim() <= 1, "0D or 1D target tensor expected, multi-target not supported");
  const bool no_batch_dim = self.dim() == 1 && target.dim() == 0;
  ATEN_CHECK(no_batch_dim || self.size(0) == target.size(0),
             "size mismatch (got input: ", self.sizes(), ", target: ", target.sizes(), ")");
  ATEN_CHECK(target.scalar_type() == ScalarType::Long || target.scalar_type() == ScalarType::Byte,
             "expected scalar type Long but found ", target.scalar_type());
  ATEN_CHECK(total_weight.numel() == 1,
             "expected total_weight to be a single element tensor, got: ", total_weight.sizes(),
             " (", total_weight.numel(), " elements)");
  const int64_t n_classes = self.size(-1);
  ATEN_CHECK(!given(weight_opt) || weight_opt->numel() == n_classes,
             "weight tensor should be defined either for all or no classes");
  if (reduction == kNone && self.dim() == 2) {
    ATEN_CHECK(grad_output.dim() == 1 && grad_output.size(0) == self.size(0),
               "Expected a tensor of dimension 1 and tensor.size[0] == ", self.size(0),
               " but got: dimension ", grad_output.dim(),
               " and tensor.size[0] == ", grad_output.dim() > 0 ? grad_output.size(0) : 1);
  } else {
    ATEN_CHECK(grad_output.dim() <= 1 && grad_output.numel() == 1,
               "Expected a single element grad_output tensor, but got: ", grad_output.sizes());
  }
  set_output_raw_strided(0, self.sizes(), {}, self.options());
}

}  // namespace meta

namespace native {

ATEN_IMPL_FUNC(nll_loss_forward_out_cpu)
(const Tensor& self, const Tensor& target, const std::optional<Tensor>& weight, int64_t reduction,
 int64_t ignore_index, const Tensor& output, const Tensor& total_weight) {
  assert_no_internal_overlap(output);
  assert_no_internal_overlap(total_weight);
  const NllInputs in(self, target, weight);
  ATEN_DISPATCH_nll_loss_forward_TYPES(self.scalar_type(), [&] {
    using acc_t = std::conditional_t<std::is_same_v<scalar_t, double>, double, float>;
    const scalar_t* x = in.x.data_ptr<scalar_t>();
    const int64_t* t = in.t.data_ptr<int64_t>();
    const scalar_t* w = in.w.defined() ? in.w.data_ptr<scalar_t>() : nullptr;
    auto weight_of = [&](int64_t c) { return w ? static_cast<acc_t>(w[c]) : acc_t(1); };
    if (reduction == kNone && self.dim() == 2) {
      scalar_t* out = output.data_ptr<scalar_t>();
      for (int64_t i = 0; i < in.rows; ++i) {
        const int64_t c = target_class(t[i], ignore_index, in.classes);
        out[i * output.stride(0)] = c < 0 ? scalar_t(0)
                                          : static_cast<scalar_t>(
                                                -static_cast<acc_t>(x[i * in.classes + c]) *
                                                weight_of(c));
      }
      total_weight.zero_();
      return;
    }
    // Summed in double: the order of the terms then hardly matters.
    double loss = 0, weight_sum = 0;
    for (int64_t i = 0; i < in.rows && in.t.numel() > 0; ++i) {
      const int64_t c = target_class(t[i], ignore_index, in.classes);
      if (c < 0) continue;
      weight_sum += weight_of(c);
      loss -= static_cast<double>(x[i * in.classes + c]) * weight_of(c);
    }
    if (reduction == kMean) loss /= weight_sum;  // NaN when no row counts, as in ATen
    *output.data_ptr<scalar_t>() = static_cast<scalar_t>(loss);
    *total_weight.data_ptr<scalar_t>() = static_cast<scalar_t>(weight_sum);
  });
}

ATEN_IMPL_FUNC(nll_loss_backward_out_cpu)
(const Tensor& grad_output, const Tensor& self, const Tensor& target,
 const std::optional<Tensor>& weight, int64_t reduction, int64_t ignore_index,
 const Tensor& total_weight, const Tensor& grad_input) {
  assert_no_internal_overlap(grad_input);
  const NllInputs in(self, target, weight);
  grad_input.zero_();
  if (in.t.numel() == 0) return;
  ATEN_DISPATCH_nll_loss_backward_TYPES(self.scalar_type(), [&] {
    using acc_t = std::conditional_t<std::is_same_v<scalar_t, double>, double, float>;
    const Tensor g = grad_output.contiguous();
    const scalar_t* gp = g.data_ptr<scalar_t>();
    const int64_t* t = in.t.data_ptr<int64_t>();
    const scalar_t* w = in.w.defined() ? in.w.data_ptr<scalar_t>() : nullptr;
    scalar_t* gi = grad_input.data_ptr<scalar_t>();
    const int64_t row_stride = self.dim() == 2 ? grad_input.stride(0) : 0;
    const int64_t class_stride = grad_input.stride(-1);
    const bool per_row = reduction == kNone && self.dim() == 2;
    acc_t scale = per_row ? acc_t(1) : static_cast<acc_t>(gp[0]);
    if (!per_row && reduction == kMean)
      scale /= static_cast<acc_t>(*total_weight.data_ptr<scalar_t>());
    for (int64_t i = 0; i < in.rows; ++i) {
      const int64_t c = target_class(t[i], ignore_index, in.classes);
      if (c < 0) continue;
      const acc_t g_i = per_row ? static_cast<acc_t>(gp[i]) : scale;
      const acc_t w_c = w ? static_cast<acc_t>(w[c]) : acc_t(1);
      gi[i * row_stride + c * class_stride] = static_cast<scalar_t>(-w_c * g_i);
    }
  });
}

// [N, C, d1, ...] inputs: classes last, one row per position.
Tensor nll_loss_nd(const Tensor& self, const Tensor& target, const std::optional<Tensor>& weight,
                   int64_t reduction, int64_t ignore_index) {
  ATEN_CHECK(self.dim() >= 1, "Expected 1 or more dimensions (got ", self.dim(), ")");
  ATEN_CHECK(self.dim() == 1 || (target.dim() >= 1 && self.size(0) == target.size(0)),
             "Expected input batch_size (", self.size(0), ") to match target batch_size (",
             target.dim() >= 1 ? target.size(0) : 0, ").");
  if (self.dim() <= 2) {
    return std::get<0>(nll_loss_forward(self, target, weight, reduction, ignore_index));
  }
  std::vector<int64_t> expected(self.sizes().begin(), self.sizes().end());
  expected.erase(expected.begin() + 1);
  ATEN_CHECK(target.sizes() == IntArrayRef(expected), "Expected target size ",
             IntArrayRef(expected), ", got ", target.sizes());
  std::vector<int64_t> order = {0};
  for (int64_t d = 2; d < self.dim(); ++d) order.push_back(d);
  order.push_back(1);
  const Tensor rows = self.permute(order).reshape({-1, self.size(1)});
  const Tensor loss = std::get<0>(
      nll_loss_forward(rows, target.reshape({-1}), weight, reduction, ignore_index));
  return reduction == kNone ? loss.view(target.sizes()) : loss;
}

Tensor nll_loss(const Tensor& self, const Tensor& target, const std::optional<Tensor>& weight,
                int64_t reduction, int64_t ignore_index) {
  return aten::nll_loss_nd(self, target, weight, reduction, ignore_index);
}

namespace {

// weight shaped to broadcast along the class dim of an input of `dim` dims.
Tensor class_weight(const Tensor& weight, int64_t dim, int64_t class_dim) {
  std::vector<int64_t> shape(static_cast<size_t>(dim), 1);
  shape[class_dim] = weight.size(0);
  return weight.view(shape);
}

void check_reduction(int64_t reduction) {
  ATEN_CHECK(reduction == kNone || reduction == kMean || reduction == kSum,
             "Invalid reduction type encountered in cross_entropy: ", reduction);
}

void check_class_weight(const std::optional<Tensor>& weight, int64_t n_classes) {
  ATEN_CHECK(!given(weight) || (weight->dim() == 1 && weight->numel() == n_classes),
             "cross_entropy: weight tensor should be defined either for all ", n_classes,
             " classes or no classes but got weight tensor of shape: ", weight->sizes());
}

Tensor reduce(const Tensor& loss, int64_t reduction, double count) {
  if (reduction == kNone) return loss;
  const Tensor total = loss.sum();
  return reduction == kSum ? total : total / count;
}

// Targets given as class probabilities (target shaped like self).
Tensor cross_entropy_probabilities(const Tensor& log_p, const Tensor& target,
                                   const std::optional<Tensor>& weight, int64_t reduction,
                                   int64_t class_dim, double label_smoothing) {
  const int64_t n_classes = log_p.size(class_dim);
  check_reduction(reduction);
  check_class_weight(weight, n_classes);
  Tensor p = label_smoothing > 0 ? target * (1 - label_smoothing) + label_smoothing / n_classes
                                 : target;
  Tensor terms = log_p * p;
  if (given(weight)) terms = terms * class_weight(*weight, log_p.dim(), class_dim);
  const Tensor loss = terms.sum(class_dim).neg();
  return reduce(loss, reduction,
                static_cast<double>(log_p.numel()) / static_cast<double>(n_classes));
}

// Class indices with label smoothing: (1 - s) * nll + s / C * (the loss against a uniform
// target), the ignored rows counting in neither.
Tensor cross_entropy_smoothed(const Tensor& log_p, const Tensor& target,
                              const std::optional<Tensor>& weight, int64_t reduction,
                              int64_t ignore_index, int64_t class_dim, double label_smoothing) {
  const int64_t n_classes = log_p.size(class_dim);
  check_reduction(reduction);
  check_class_weight(weight, n_classes);
  const Tensor nll = aten::nll_loss_nd(log_p, target, weight, reduction, ignore_index);
  const Tensor ignored = target == ignore_index;
  Tensor smooth = given(weight)
                      ? (log_p * class_weight(*weight, log_p.dim(), class_dim)).sum(class_dim).neg()
                      : log_p.sum(class_dim).neg();
  smooth = smooth.masked_fill(ignored, 0.0);
  Tensor ret;
  if (reduction == kNone) {
    ret = smooth;
  } else if (reduction == kSum) {
    ret = smooth.sum();
  } else if (given(weight)) {
    const Tensor counted = target.masked_fill(ignored, 0);
    const Tensor weights = weight->gather(0, counted.reshape({-1})).view(counted.sizes());
    ret = smooth.sum() / weights.masked_fill(ignored, 0.0).sum();
  } else {
    ret = smooth.sum() / ignored.logical_not().sum();
  }
  return nll * (1 - label_smoothing) + ret * (label_smoothing / static_cast<double>(n_classes));
}

}  // namespace

Tensor cross_entropy_loss(const Tensor& self, const Tensor& target,
                          const std::optional<Tensor>& weight, int64_t reduction,
                          int64_t ignore_index, double label_smoothing) {
  const int64_t class_dim = self.dim() == 1 ? 0 : 1;
  const Tensor log_p = aten::log_softmax(self, class_dim, self.scalar_type());
  if (self.sizes() == target.sizes()) {
    ATEN_CHECK(isFloatingType(target.scalar_type()),
               "Expected floating point type for target with class probabilities, got ",
               target.scalar_type());
    ATEN_CHECK(ignore_index < 0, "ignore_index is not supported for floating point target");
    ATEN_CHECK(label_smoothing <= 1.0,
               "label_smoothing must be between 0.0 and 1.0. Got: ", label_smoothing);
    return cross_entropy_probabilities(log_p, target, weight, reduction, class_dim,
                                       label_smoothing);
  }
  if (label_smoothing > 0.0) {
    ATEN_CHECK(label_smoothing <= 1.0,
               "label_smoothing must be between 0.0 and 1.0. Got: ", label_smoothing);
    return cross_entropy_smoothed(log_p, target, weight, reduction, ignore_index, class_dim,
                                  label_smoothing);
  }
  return aten::nll_loss_nd(log_p, target, weight, reduction, ignore_index);
}

}  // namespace native
}  // namespace aten
