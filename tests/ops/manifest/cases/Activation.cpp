// The cases of aten/native/Activation.cpp's ops: relu, gelu (exact and tanh), silu, leaky_relu
// and softplus and their backward (slopes, betas and thresholds exact in every dtype, which the
// ops convert them to).
#include "../OpCase.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/gelu.h>
#include <aten/ops/leaky_relu.h>
#include <aten/ops/leaky_relu_backward.h>
#include <aten/ops/relu.h>
#include <aten/ops/silu.h>
#include <aten/ops/softplus.h>
#include <aten/ops/softplus_backward.h>

#include <cmath>

namespace aten::optest {

ATEN_OP_CASES(activation) {
  std::vector<OpCase> cases;
  auto add = [&](OpCase c) { cases.push_back(std::move(c)); };

  add([] {
    OpCase c = unary_case(
        {"relu", "relu_"}, [](const Tensors& in) { return Tensors{aten::relu(in[0])}; }, nullptr,
        [](Tensors& in) { aten::relu_(in[0]); },
        pointwise([](Real auto x) { return x < decltype(x)(0) ? decltype(x)(0) : x; }));
    c.dtypes = {
        ScalarType::Byte,  ScalarType::Char,   ScalarType::Short, ScalarType::Int,     kLong,
        ScalarType::Float, ScalarType::Double, ScalarType::Half,  ScalarType::BFloat16};
    c = with_errors(c, {kBool}, "Boolean inputs not supported for relu");
    return with_errors(c, kComplex, kComplexClamp);
  }());
  add(unary_case(
      {"gelu", "gelu.out", "gelu_"}, [](const Tensors& in) { return Tensors{aten::gelu(in[0])}; },
      [](const Tensors& in, Tensors& out) { aten::gelu_out(out[0], in[0]); },
      [](Tensors& in) { aten::gelu_(in[0]); },
      pointwise([](Real auto x) { return 0.5 * x * std::erfc(-x / std::sqrt(2.0)); })));
  add(unary_case(
      {"gelu", "gelu.out", "gelu_"},
      [](const Tensors& in) { return Tensors{aten::gelu(in[0], "tanh")}; },
      [](const Tensors& in, Tensors& out) { aten::gelu_out(out[0], in[0], "tanh"); },
      [](Tensors& in) { aten::gelu_(in[0], "tanh"); }, pointwise([](Real auto x) {
        return 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
      })));
  add(unary_case(
      {"silu", "silu.out", "silu_"}, [](const Tensors& in) { return Tensors{aten::silu(in[0])}; },
      [](const Tensors& in, Tensors& out) { aten::silu_out(out[0], in[0]); },
      [](Tensors& in) { aten::silu_(in[0]); },
      pointwise([](auto x) { return x / (decltype(x)(1) + std::exp(-x)); })));
  for (double slope : {0.25, -0.5}) {
    add(unary_case(
        {"leaky_relu", "leaky_relu.out", "leaky_relu_"},
        [slope](const Tensors& in) { return Tensors{aten::leaky_relu(in[0], slope)}; },
        [slope](const Tensors& in, Tensors& out) { aten::leaky_relu_out(out[0], in[0], slope); },
        [slope](Tensors& in) { aten::leaky_relu_(in[0], slope); },
        pointwise([slope](Real auto x) { return x > 0 ? x : x * slope; })));
    add(binary_case(
        {"leaky_relu_backward", "leaky_relu_backward.grad_input"},
        [slope](const Tensors& in) {
          return Tensors{aten::leaky_relu_backward(in[0], in[1], slope, false)};
        },
        [slope](const Tensors& in, Tensors& out) {
          aten::leaky_relu_backward_out(out[0], in[0], in[1], slope, false);
        },
        nullptr, pointwise([slope](Real auto g, Real auto x) { return x > 0 ? g : g * slope; })));
  }
  // beta 2 and threshold 3: inputs past the threshold (x > 1.5) and below it.
  for (auto [beta_value, threshold_value] : {std::pair{1.0, 20.0}, std::pair{2.0, 3.0}}) {
    // Plain variables: clang 14 cannot capture structured bindings in the lambdas below.
    const double beta = beta_value, threshold = threshold_value;
    add(unary_case(
        {"softplus", "softplus.out"},
        [=](const Tensors& in) { return Tensors{aten::softplus(in[0], beta, threshold)}; },
        [=](const Tensors& in, Tensors& out) {
          aten::softplus_out(out[0], in[0], beta, threshold);
        },
        nullptr, pointwise([=](Real auto x) {
          return x * beta > threshold ? x : std::log1p(std::exp(x * beta)) / beta;
        })));
    add(binary_case(
        {"softplus_backward", "softplus_backward.grad_input"},
        [=](const Tensors& in) {
          return Tensors{aten::softplus_backward(in[0], in[1], beta, threshold)};
        },
        [=](const Tensors& in, Tensors& out) {
          aten::softplus_backward_out(out[0], in[0], in[1], beta, threshold);
        },
        nullptr, pointwise([=](Real auto g, Real auto x) {
          const double z = std::exp(x * beta);
          return x * beta > threshold ? g : g * z / (z + 1);
        })));
  }
  return cases;
}

}  // namespace aten::optest
