#include <aten/autograd/GradMode.h>
#include <aten/core/Error.h>
#include <aten/ops/uniform.h>
#include <nn/Init.h>

#include <cmath>

namespace aten::nn::init {

Fans calculate_fan_in_and_fan_out(const Tensor& weight) {
  ATEN_CHECK(weight.dim() >= 2,
             "nn::init: fan in and fan out need a tensor of at least 2 dims, got ",
             weight.toString());
  int64_t receptive = 1;
  for (int64_t d = 2; d < weight.dim(); ++d) receptive *= weight.size(d);
  return {weight.size(1) * receptive, weight.size(0) * receptive};
}

Tensor uniform_(Tensor tensor, double from, double to, const std::optional<Generator>& generator) {
  NoGradGuard no_grad;
  tensor.uniform_(from, to, generator);
  return tensor;
}

Tensor kaiming_uniform_(Tensor tensor, double a, const std::optional<Generator>& generator) {
  const int64_t fan_in = calculate_fan_in_and_fan_out(tensor).fan_in;
  ATEN_CHECK(fan_in > 0, "nn::init::kaiming_uniform_: fan_in is 0 for ", tensor.toString());
  const double gain = std::sqrt(2.0 / (1 + a * a));
  const double bound = gain * std::sqrt(3.0 / static_cast<double>(fan_in));
  return uniform_(std::move(tensor), -bound, bound, generator);
}

Tensor zeros_(Tensor tensor) {
  NoGradGuard no_grad;
  tensor.zero_();
  return tensor;
}

Tensor ones_(Tensor tensor) {
  NoGradGuard no_grad;
  tensor.fill_(1);
  return tensor;
}

}  // namespace aten::nn::init
