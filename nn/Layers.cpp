#include <aten/TensorOperators.h>
#include <aten/autograd/GradMode.h>
#include <aten/core/Error.h>
#include <aten/ops/conv2d.h>
#include <aten/ops/embedding.h>
#include <aten/ops/empty.h>
#include <aten/ops/flatten.h>
#include <aten/ops/linear.h>
#include <aten/ops/max_pool2d.h>
#include <aten/ops/relu.h>
#include <nn/Init.h>
#include <nn/Layers.h>

#include <cmath>

namespace aten::nn {

namespace {

// The bias's bound for a weight of this fan_in: 1 / sqrt(fan_in), as libtorch's layers.
void init_bias(const Tensor& bias, const Tensor& weight, const std::optional<Generator>& gen) {
  const int64_t fan_in = init::calculate_fan_in_and_fan_out(weight).fan_in;
  const double bound = fan_in > 0 ? 1 / std::sqrt(static_cast<double>(fan_in)) : 0;
  init::uniform_(bias, -bound, bound, gen);
}

}  // namespace

// ---- Linear
// ---------------------------------------------------------------------------------------

LinearImpl::LinearImpl(LinearOptions options_) : options(std::move(options_)) {
  ATEN_CHECK(options.in_features() >= 0 && options.out_features() >= 0,
             "Linear: in_features and out_features must be non-negative, got ",
             options.in_features(), " and ", options.out_features());
  weight = register_parameter("weight",
                              aten::empty({options.out_features(), options.in_features()}));
  if (options.bias()) bias = register_parameter("bias", aten::empty({options.out_features()}));
  reset_parameters();
}

void LinearImpl::reset_parameters() {
  init::kaiming_uniform_(weight, std::sqrt(5.0), options.generator());
  if (bias.defined()) init_bias(bias, weight, options.generator());
}

Tensor LinearImpl::forward(const Tensor& input) const {
  return aten::linear(input, weight, bias.defined() ? std::optional<Tensor>(bias) : std::nullopt);
}

// ---- Conv2d
// ---------------------------------------------------------------------------------------

Conv2dImpl::Conv2dImpl(Conv2dOptions options_) : options(std::move(options_)) {
  const int64_t groups = options.groups();
  ATEN_CHECK(
      groups > 0 && options.in_channels() % groups == 0 && options.out_channels() % groups == 0,
      "Conv2d: in_channels (", options.in_channels(), ") and out_channels (",
      options.out_channels(), ") must be divisible by groups (", groups, ")");
  const auto& k = options.kernel_size().v;
  weight = register_parameter(
      "weight", aten::empty({options.out_channels(), options.in_channels() / groups, k[0], k[1]}));
  if (options.bias()) bias = register_parameter("bias", aten::empty({options.out_channels()}));
  reset_parameters();
}

void Conv2dImpl::reset_parameters() {
  init::kaiming_uniform_(weight, std::sqrt(5.0), options.generator());
  if (bias.defined()) init_bias(bias, weight, options.generator());
}

Tensor Conv2dImpl::forward(const Tensor& input) const {
  return aten::conv2d(input, weight, bias.defined() ? std::optional<Tensor>(bias) : std::nullopt,
                      options.stride().ref(), options.padding().ref(), options.dilation().ref(),
                      options.groups());
}

// ---- MaxPool2d
// ------------------------------------------------------------------------------------

Tensor MaxPool2dImpl::forward(const Tensor& input) const {
  const Int2 stride = options.stride().value_or(options.kernel_size());
  return aten::max_pool2d(input, options.kernel_size().ref(), stride.ref(), options.padding().ref(),
                          options.dilation().ref(), options.ceil_mode());
}

// ---- Dropout
// --------------------------------------------------------------------------------------

DropoutImpl::DropoutImpl(DropoutOptions options_) : options(std::move(options_)) {
  ATEN_CHECK(options.p() >= 0 && options.p() <= 1,
             "Dropout: the probability must be between 0 and 1, got ", options.p());
}

// The mask as aten::dropout draws it (bernoulli_(1 - p), then divided by 1 - p), from the
// options' generator: with the default generator the two give the same values.
Tensor DropoutImpl::forward(const Tensor& input) const {
  const double p = options.p();
  if (!is_training() || p == 0 || input.numel() == 0) return input;
  if (p == 1) return input * 0;
  Tensor noise = aten::empty(input.sizes(), input.options());
  {
    NoGradGuard no_grad;
    noise.bernoulli_(1 - p, options.generator());
    noise.div_(1 - p);
  }
  return input * noise;
}

// ---- Embedding
// ------------------------------------------------------------------------------------

EmbeddingImpl::EmbeddingImpl(EmbeddingOptions options_) : options(std::move(options_)) {
  const int64_t n = options.num_embeddings();
  if (const std::optional<int64_t> idx = options.padding_idx()) {
    ATEN_CHECK(*idx >= -n && *idx < n, "Embedding: padding_idx ", *idx,
               " is out of range for num_embeddings ", n);
    if (*idx < 0) options.padding_idx(*idx + n);
  }
  weight = register_parameter("weight", aten::empty({n, options.embedding_dim()}));
  reset_parameters();
}

void EmbeddingImpl::reset_parameters() {
  NoGradGuard no_grad;
  weight.normal_(0, 1, options.generator());
  if (options.padding_idx().has_value()) weight[*options.padding_idx()].zero_();
}

Tensor EmbeddingImpl::forward(const Tensor& indices) const {
  return aten::embedding(weight, indices, options.padding_idx().value_or(-1));
}

// ---- Flatten, ReLU
// --------------------------------------------------------------------------------

Tensor FlattenImpl::forward(const Tensor& input) const {
  return aten::flatten(input, options.start_dim(), options.end_dim());
}

Tensor ReLUImpl::forward(const Tensor& input) const { return aten::relu(input); }

}  // namespace aten::nn
