#pragma once
// Parameter initialisation as libtorch does it (torch::nn::init), drawing from a given
// Generator or, without one, the default generator. Each function fills the tensor in place
// with no autograd recording and returns it.
#include <aten/core/Generator.h>
#include <aten/core/Tensor.h>

#include <optional>

namespace aten::nn::init {

// fan_in of a weight: size(1) times the product of the dims after it (a Linear's in_features,
// a Conv2d's in_channels * kH * kW); fan_out likewise with size(0).
struct Fans {
  int64_t fan_in;
  int64_t fan_out;
};
Fans calculate_fan_in_and_fan_out(const Tensor& weight);

// U(from, to).
Tensor uniform_(Tensor tensor, double from, double to,
                const std::optional<Generator>& generator = std::nullopt);
// U(-bound, bound) with bound = gain * sqrt(3 / fan_in), gain = sqrt(2 / (1 + a^2)) (the
// leaky-ReLU gain, libtorch's default nonlinearity). With a = sqrt(5), what libtorch's layers
// use, bound = 1 / sqrt(fan_in).
Tensor kaiming_uniform_(Tensor tensor, double a = 0,
                        const std::optional<Generator>& generator = std::nullopt);
Tensor zeros_(Tensor tensor);
Tensor ones_(Tensor tensor);

}  // namespace aten::nn::init
