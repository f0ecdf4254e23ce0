#pragma once
// The layers, each an `<Name>Impl` module with a `<Name>Options` and a holder `<Name>`, as in
// libtorch:
//
//   nn::Linear fc(nn::LinearOptions(64, 10).bias(false).generator(g));   // or nn::Linear(64, 10)
//   nn::Conv2d conv(nn::Conv2dOptions(1, 6, 5).padding(2));
//   Tensor y = fc(x);                                                      // fc->forward(x)
//
// Weights are initialised as libtorch's: Kaiming-uniform with a = sqrt(5) (U(-b, b),
// b = 1 / sqrt(fan_in)), biases U(-b, b) too, an Embedding's table N(0, 1); drawn from the
// options' generator, or the default generator without one. Forwards are the functional ops
// (aten::linear, aten::conv2d, ...), so gradients are theirs.
#include <aten/core/Generator.h>
#include <nn/Module.h>

#include <array>
#include <optional>

namespace aten::nn {

// Two ints (a kernel's height and width, ...): `3` means {3, 3}.
struct Int2 {
  Int2(int64_t v) : v{v, v} {}  // NOLINT: conversion, as libtorch's ExpandingArray
  Int2(int64_t a, int64_t b) : v{a, b} {}
  IntArrayRef ref() const { return IntArrayRef(v.data(), 2); }
  std::array<int64_t, 2> v;
};

// ---- Linear: y = x W^T + b, W [out_features, in_features] --------------------------------------
struct LinearOptions {
  LinearOptions(int64_t in_features, int64_t out_features)
      : in_features_(in_features), out_features_(out_features) {}
  ATEN_NN_ARG(int64_t, in_features);
  ATEN_NN_ARG(int64_t, out_features);
  ATEN_NN_ARG(bool, bias) = true;
  ATEN_NN_ARG(std::optional<Generator>, generator);
};

class LinearImpl : public Module {
 public:
  LinearImpl(int64_t in_features, int64_t out_features)
      : LinearImpl(LinearOptions(in_features, out_features)) {}
  explicit LinearImpl(LinearOptions options);
  // Draws the weight and bias again, from the options' generator.
  void reset_parameters();
  Tensor forward(const Tensor& input) const;

  LinearOptions options;
  Tensor weight;
  Tensor bias;  // undefined without bias
};
ATEN_NN_MODULE(Linear);

// ---- Conv2d: weight [out_channels, in_channels / groups, kH, kW] --------------------------------
struct Conv2dOptions {
  Conv2dOptions(int64_t in_channels, int64_t out_channels, Int2 kernel_size)
      : in_channels_(in_channels), out_channels_(out_channels), kernel_size_(kernel_size) {}
  ATEN_NN_ARG(int64_t, in_channels);
  ATEN_NN_ARG(int64_t, out_channels);
  ATEN_NN_ARG(Int2, kernel_size);
  ATEN_NN_ARG(Int2, stride) = 1;
  ATEN_NN_ARG(Int2, padding) = 0;
  ATEN_NN_ARG(Int2, dilation) = 1;
  ATEN_NN_ARG(int64_t, groups) = 1;
  ATEN_NN_ARG(bool, bias) = true;
  ATEN_NN_ARG(std::optional<Generator>, generator);
};

class Conv2dImpl : public Module {
 public:
  Conv2dImpl(int64_t in_channels, int64_t out_channels, Int2 kernel_size)
      : Conv2dImpl(Conv2dOptions(in_channels, out_channels, kernel_size)) {}
  explicit Conv2dImpl(Conv2dOptions options);
  void reset_parameters();
  Tensor forward(const Tensor& input) const;

  Conv2dOptions options;
  Tensor weight;
  Tensor bias;
};
ATEN_NN_MODULE(Conv2d);

// ---- MaxPool2d: stride defaults to the kernel size ----------------------------------------------
struct MaxPool2dOptions {
  MaxPool2dOptions(Int2 kernel_size) : kernel_size_(kernel_size) {}  // NOLINT: conversion
  ATEN_NN_ARG(Int2, kernel_size);
  ATEN_NN_ARG(std::optional<Int2>, stride);
  ATEN_NN_ARG(Int2, padding) = 0;
  ATEN_NN_ARG(Int2, dilation) = 1;
  ATEN_NN_ARG(bool, ceil_mode) = false;
};

class MaxPool2dImpl : public Module {
 public:
  explicit MaxPool2dImpl(Int2 kernel_size) : MaxPool2dImpl(MaxPool2dOptions(kernel_size)) {}
  explicit MaxPool2dImpl(MaxPool2dOptions options) : options(options) {}
  Tensor forward(const Tensor& input) const;

  MaxPool2dOptions options;
};
ATEN_NN_MODULE(MaxPool2d);

// ---- Dropout: in training, each element zeroed with probability p, the rest scaled by
// 1 / (1 - p) (the mask drawn from the options' generator); in eval, the input itself ------------
struct DropoutOptions {
  DropoutOptions(double p = 0.5) : p_(p) {}  // NOLINT: conversion
  ATEN_NN_ARG(double, p);
  ATEN_NN_ARG(std::optional<Generator>, generator);
};

class DropoutImpl : public Module {
 public:
  explicit DropoutImpl(DropoutOptions options = {});
  Tensor forward(const Tensor& input) const;

  DropoutOptions options;
};
ATEN_NN_MODULE(Dropout);

// ---- Embedding: a [num_embeddings, embedding_dim] table looked up by Long indices ---------------
struct EmbeddingOptions {
  EmbeddingOptions(int64_t num_embeddings, int64_t embedding_dim)
      : num_embeddings_(num_embeddings), embedding_dim_(embedding_dim) {}
  ATEN_NN_ARG(int64_t, num_embeddings);
  ATEN_NN_ARG(int64_t, embedding_dim);
  // This row is zero and gets no gradient; negative counts from the end.
  ATEN_NN_ARG(std::optional<int64_t>, padding_idx);
  ATEN_NN_ARG(std::optional<Generator>, generator);
};

class EmbeddingImpl : public Module {
 public:
  EmbeddingImpl(int64_t num_embeddings, int64_t embedding_dim)
      : EmbeddingImpl(EmbeddingOptions(num_embeddings, embedding_dim)) {}
  explicit EmbeddingImpl(EmbeddingOptions options);
  void reset_parameters();
  Tensor forward(const Tensor& indices) const;

  EmbeddingOptions options;
  Tensor weight;
};
ATEN_NN_MODULE(Embedding);

// ---- Flatten and ReLU ---------------------------------------------------------------------------
struct FlattenOptions {
  ATEN_NN_ARG(int64_t, start_dim) = 1;
  ATEN_NN_ARG(int64_t, end_dim) = -1;
};

class FlattenImpl : public Module {
 public:
  explicit FlattenImpl(FlattenOptions options = {}) : options(options) {}
  Tensor forward(const Tensor& input) const;

  FlattenOptions options;
};
ATEN_NN_MODULE(Flatten);

class ReLUImpl : public Module {
 public:
  Tensor forward(const Tensor& input) const;
};
ATEN_NN_MODULE(ReLU);

}  // namespace aten::nn
