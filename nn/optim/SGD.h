#pragma once
// Stochastic gradient descent with momentum, dampening, Nesterov momentum and weight decay,
// as torch::optim::SGD:
//   g = grad + weight_decay * p
//   with momentum: buf = g (first step), else momentum * buf + (1 - dampening) * g;
//                  g = nesterov ? g + momentum * buf : buf
//   p -= lr * g
#include <nn/optim/Optimizer.h>

namespace aten::optim {

struct SGDOptions {
  SGDOptions(double lr) : lr_(lr) {}  // NOLINT: conversion, as libtorch's
  ATEN_NN_ARG(double, lr);
  ATEN_NN_ARG(double, momentum) = 0;
  ATEN_NN_ARG(double, dampening) = 0;
  ATEN_NN_ARG(double, weight_decay) = 0;
  ATEN_NN_ARG(bool, nesterov) = false;
};

class SGD : public Optimizer {
 public:
  SGD(std::vector<Tensor> parameters, SGDOptions options);
  void step() override;
  // "state.<i>.momentum_buffer" for each parameter that has one.
  NamedTensors state_dict() const override;
  void load_state_dict(const NamedTensors& state) override;

  SGDOptions options;

 private:
  std::vector<Tensor> momentum_buffers_;  // per parameter; undefined until its first step
};

}  // namespace aten::optim
