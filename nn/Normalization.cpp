#include <aten/autograd/GradMode.h>
#include <aten/core/Error.h>
#include <aten/ops/batch_norm.h>
#include <aten/ops/empty.h>
#include <aten/ops/layer_norm.h>
#include <aten/ops/zeros.h>
#include <nn/Init.h>
#include <nn/Normalization.h>

namespace aten::nn {

namespace {
std::optional<Tensor> maybe(const Tensor& t) {
  return t.defined() ? std::optional<Tensor>(t) : std::nullopt;
}
}  // namespace

BatchNorm2dImpl::BatchNorm2dImpl(BatchNorm2dOptions options_) : options(options_) {
  const int64_t c = options.num_features();
  ATEN_CHECK(c > 0, "BatchNorm2d: num_features must be positive, got ", c);
  if (options.affine()) {
    weight = register_parameter("weight", aten::empty({c}));
    bias = register_parameter("bias", aten::empty({c}));
  }
  if (options.track_running_stats()) {
    running_mean = register_buffer("running_mean", aten::empty({c}));
    running_var = register_buffer("running_var", aten::empty({c}));
    num_batches_tracked = register_buffer("num_batches_tracked", aten::zeros({}, kLong));
  }
  reset_parameters();
}

void BatchNorm2dImpl::reset_parameters() {
  if (weight.defined()) {
    init::ones_(weight);
    init::zeros_(bias);
  }
  if (running_mean.defined()) {
    init::zeros_(running_mean);
    init::ones_(running_var);
    init::zeros_(num_batches_tracked);
  }
}

Tensor BatchNorm2dImpl::forward(const Tensor& input) const {
  ATEN_CHECK(input.dim() == 4, "BatchNorm2d: expected a 4-D input [N, C, H, W], got ",
             input.toString());
  const bool use_batch_stats = is_training() || !running_mean.defined();
  if (is_training() && num_batches_tracked.defined()) {
    NoGradGuard no_grad;
    num_batches_tracked.add_(1);
  }
  return aten::batch_norm(input, maybe(weight), maybe(bias), maybe(running_mean),
                          maybe(running_var), use_batch_stats, options.momentum(), options.eps(),
                          /*cudnn_enabled=*/false);
}

LayerNormImpl::LayerNormImpl(LayerNormOptions options_) : options(std::move(options_)) {
  if (options.elementwise_affine()) {
    weight = register_parameter("weight", aten::empty(options.normalized_shape()));
    bias = register_parameter("bias", aten::empty(options.normalized_shape()));
  }
  reset_parameters();
}

void LayerNormImpl::reset_parameters() {
  if (!weight.defined()) return;
  init::ones_(weight);
  init::zeros_(bias);
}

Tensor LayerNormImpl::forward(const Tensor& input) const {
  return aten::layer_norm(input, options.normalized_shape(), maybe(weight), maybe(bias),
                          options.eps(), /*cudnn_enable=*/false);
}

}  // namespace aten::nn
