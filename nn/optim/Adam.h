#pragma once
// Adam and AdamW, as torch::optim::Adam / AdamW (the update is in FusedUpdate.h):
//   Adam:  g = grad + weight_decay * p          AdamW: p *= 1 - lr * weight_decay
//   m = beta1 * m + (1 - beta1) * g;  v = beta2 * v + (1 - beta2) * g^2  (vmax = max(vmax, v))
//   p -= lr / (1 - beta1^t) * m / (sqrt(v) / sqrt(1 - beta2^t) + eps)
#include <nn/optim/Optimizer.h>

#include <tuple>

namespace aten::optim {

using Betas = std::tuple<double, double>;

struct AdamOptions {
  AdamOptions(double lr = 1e-3) : lr_(lr) {}  // NOLINT: conversion, as libtorch's
  ATEN_NN_ARG(double, lr);
  ATEN_NN_ARG(Betas, betas) = Betas(0.9, 0.999);
  ATEN_NN_ARG(double, eps) = 1e-8;
  ATEN_NN_ARG(double, weight_decay) = 0;
  ATEN_NN_ARG(bool, amsgrad) = false;
};

// AdamOptions with AdamW's default weight decay, 0.01.
struct AdamWOptions {
  AdamWOptions(double lr = 1e-3) : lr_(lr) {}  // NOLINT: conversion, as libtorch's
  ATEN_NN_ARG(double, lr);
  ATEN_NN_ARG(Betas, betas) = Betas(0.9, 0.999);
  ATEN_NN_ARG(double, eps) = 1e-8;
  ATEN_NN_ARG(double, weight_decay) = 1e-2;
  ATEN_NN_ARG(bool, amsgrad) = false;

 public:
  operator AdamOptions() const {  // NOLINT: conversion
    return AdamOptions(lr_).betas(betas_).eps(eps_).weight_decay(weight_decay_).amsgrad(amsgrad_);
  }
};

class Adam : public Optimizer {
 public:
  Adam(std::vector<Tensor> parameters, AdamOptions options = {});
  void step() override;
  // "state.<i>.step" (0-dim Long), "state.<i>.exp_avg", "state.<i>.exp_avg_sq", and with
  // amsgrad "state.<i>.max_exp_avg_sq", for each parameter stepped at least once.
  NamedTensors state_dict() const override;
  void load_state_dict(const NamedTensors& state) override;

  AdamOptions options;

 protected:
  Adam(std::vector<Tensor> parameters, AdamOptions options, bool decoupled_weight_decay);

 private:
  const char* name() const { return decoupled_ ? "AdamW" : "Adam"; }

  struct State {
    int64_t step = 0;
    Tensor exp_avg, exp_avg_sq, max_exp_avg_sq;
  };
  std::vector<State> state_;
  bool decoupled_;
};

// Adam with decoupled weight decay (default 0.01).
class AdamW : public Adam {
 public:
  AdamW(std::vector<Tensor> parameters, AdamWOptions options = {})
      : Adam(std::move(parameters), options, /*decoupled_weight_decay=*/true) {}
};

}  // namespace aten::optim
