// The cases of aten/native/Activation.cpp's ops: relu, gelu (exact and tanh), silu.
#include "../OpCase.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/gelu.h>
#include <aten/ops/relu.h>
#include <aten/ops/silu.h>

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
  return cases;
}

}  // namespace aten::optest
