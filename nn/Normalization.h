#pragma once
// BatchNorm2d and LayerNorm, as libtorch's. BatchNorm2d keeps running statistics as buffers
// (running_mean, running_var, num_batches_tracked): in training it normalises with the batch's
// statistics and moves the running ones by `momentum` (running = (1 - momentum) * running +
// momentum * batch, the variance unbiased); in eval it normalises with the running ones.
#include <nn/Layers.h>

#include <vector>

namespace aten::nn {

struct BatchNorm2dOptions {
  BatchNorm2dOptions(int64_t num_features) : num_features_(num_features) {}  // NOLINT: conversion
  ATEN_NN_ARG(int64_t, num_features);
  ATEN_NN_ARG(double, eps) = 1e-5;
  ATEN_NN_ARG(double, momentum) = 0.1;
  // weight (ones) and bias (zeros) as parameters.
  ATEN_NN_ARG(bool, affine) = true;
  // Without running statistics, eval normalises with the batch's too.
  ATEN_NN_ARG(bool, track_running_stats) = true;
};

class BatchNorm2dImpl : public Module {
 public:
  explicit BatchNorm2dImpl(BatchNorm2dOptions options);
  // Running statistics back to mean 0, variance 1, no batches; weight 1, bias 0.
  void reset_parameters();
  Tensor forward(const Tensor& input) const;

  BatchNorm2dOptions options;
  Tensor weight, bias;                                    // undefined without affine
  Tensor running_mean, running_var, num_batches_tracked;  // undefined without tracking
};
ATEN_NN_MODULE(BatchNorm2d);

struct LayerNormOptions {
  LayerNormOptions(std::vector<int64_t> normalized_shape)  // NOLINT: conversion
      : normalized_shape_(std::move(normalized_shape)) {}
  ATEN_NN_ARG(std::vector<int64_t>, normalized_shape);
  ATEN_NN_ARG(double, eps) = 1e-5;
  ATEN_NN_ARG(bool, elementwise_affine) = true;
};

class LayerNormImpl : public Module {
 public:
  explicit LayerNormImpl(LayerNormOptions options);
  void reset_parameters();
  Tensor forward(const Tensor& input) const;

  LayerNormOptions options;
  Tensor weight, bias;  // of normalized_shape; undefined without elementwise_affine
};
ATEN_NN_MODULE(LayerNorm);

}  // namespace aten::nn
