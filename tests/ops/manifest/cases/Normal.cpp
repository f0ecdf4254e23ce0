// normal with tensor parameters and of a size (aten/native/Normal.cpp): normal.Tensor_float,
// normal.float_Tensor, normal.Tensor_Tensor, normal.float_float, each with its out= form. The
// values are random draws: each reference gives the result's shape and dtype, and finite values
// (the inputs are ordinary numbers, std positive). The distributions are tested in
// tests/ops/test_normal.cpp.
#include "../OpCase.h"

#include <aten/ops/normal.h>

#include <cmath>

namespace aten::optest {

namespace {

bool finite(double x) { return std::isfinite(x); }

// A std tensor is refused when complex, before its dtype is looked at.
const char* kComplexStd = "normal expects standard deviation to be non-complex";
const std::vector<ScalarType> kRealFloating = {kFloat, kDouble, kHalf, kBFloat16};

OpCase normal_case(std::vector<std::string> overloads, std::vector<Input> inputs,
                   std::function<Tensors(const Tensors&)> call,
                   std::function<void(const Tensors&, Tensors&)> call_out) {
  OpCase c;
  c.overloads = std::move(overloads);
  c.inputs = std::move(inputs);
  c.call = std::move(call);
  c.call_out = std::move(call_out);
  c.result_dtypes = same_as_promoted;
  c.reference = sampled(finite);
  c.reference_ordinary_values_only = true;
  return c;
}

}  // namespace

ATEN_OP_CASES(normal) {
  OpCase tensor_float = normal_case(
      {"normal.Tensor_float", "normal.Tensor_float_out"}, {{kShape}},
      [](const Tensors& in) { return Tensors{aten::normal(in[0], 2.0)}; },
      [](const Tensors& in, Tensors& out) { aten::normal_out(out[0], in[0], 2.0); });
  OpCase float_tensor = normal_case(
      {"normal.float_Tensor", "normal.float_Tensor_out"}, {{kShape, Values::positive}},
      [](const Tensors& in) { return Tensors{aten::normal(1.0, in[0])}; },
      [](const Tensors& in, Tensors& out) { aten::normal_out(out[0], 1.0, in[0]); });
  OpCase tensor_tensor = normal_case(
      {"normal.Tensor_Tensor", "normal.Tensor_Tensor_out"}, {{kShape}, {kShape, Values::positive}},
      [](const Tensors& in) { return Tensors{aten::normal(in[0], in[1])}; },
      [](const Tensors& in, Tensors& out) { aten::normal_out(out[0], in[0], in[1]); });
  for (OpCase* c : {&float_tensor, &tensor_tensor}) {
    c->dtypes = kRealFloating;
    *c = with_errors(*c, kComplex, kComplexStd);
  }
  // float_float: the input gives the shape, dtype and device asked for.
  OpCase float_float = normal_case(
      {"normal.float_float", "normal.float_float_out"}, {{kShape}},
      [](const Tensors& in) {
        const Tensor& t = in[0];
        return Tensors{aten::normal(1.0, 2.0, t.sizes(), std::nullopt,
                                    TensorOptions(t.scalar_type()).device(t.device()))};
      },
      [](const Tensors& in, Tensors& out) { aten::normal_out(out[0], 1.0, 2.0, in[0].sizes()); });
  return {tensor_float, float_tensor, tensor_tensor, float_float};
}

}  // namespace aten::optest
