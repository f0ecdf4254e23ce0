// The cases of aten/native/PointwiseOps.cpp's ops: lerp (Scalar and Tensor weights), addcmul,
// addcdiv.
#include "../OpCase.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/addcdiv.h>
#include <aten/ops/addcmul.h>
#include <aten/ops/lerp.h>

#include <cmath>
#include <complex>
#include <concepts>

namespace aten::optest {

namespace {

// ATen's lerp is defined by two forms, each exact at the end it is used near: x + w (y - x) for
// |w| < 1/2, else y - (y - x) (1 - w). They differ on infinities: lerp(1.5, inf, 0.75) is
// inf - inf = NaN, not the inf of x + w (y - x) (checked against libtorch 1.13.1).
template <typename T>
T lerp_ref(T x, T y, T w) {
  return std::abs(w) < 0.5 ? x + w * (y - x) : y - (y - x) * (T(1) - w);
}

// addcdiv evaluates self + value * tensor1 / tensor2 left to right in the op's computation type
// (float for Float, Half and BFloat16), and its intermediates overflow and underflow there: in
// Float, 0.5 * denorm_min / denorm_min is 0, not 0.5, and 0.5 * -1.5 / denorm_min is -inf, so
// inf plus it is NaN (checked against libtorch 1.13.1). Double and complex compute in the domain.
Refs addcdiv_ref(const Refs& in, std::span<const ScalarType> result_dtypes) {
  auto f = [](auto s, auto a, auto b) { return s + decltype(s)(0.5) * a / b; };
  const ScalarType r = result_dtypes[0];
  if (r == ScalarType::Float || r == ScalarType::Half || r == ScalarType::BFloat16)
    return pointwise([f]<std::floating_point T>(T s, T a, T b) {
      return static_cast<T>(f(static_cast<float>(s), static_cast<float>(a), static_cast<float>(b)));
    })(in, result_dtypes);
  return pointwise(f)(in, result_dtypes);
}

}  // namespace

ATEN_OP_CASES(pointwise_ops) {
  std::vector<OpCase> cases;

  // ---- lerp: both forms of the Scalar weight (|w| < 1/2 and not), and a tensor weight ----
  for (double w : {0.3, 0.75}) {
    cases.push_back(binary_case(
        {"lerp.Scalar", "lerp.Scalar_out", "lerp_.Scalar"},
        [=](const Tensors& in) { return Tensors{lerp(in[0], in[1], w)}; },
        [=](const Tensors& in, Tensors& out) { lerp_out(out[0], in[0], in[1], w); },
        [=](Tensors& in) { in[0].lerp_(in[1], w); },
        pointwise([=](auto x, auto y) { return lerp_ref(x, y, decltype(x)(w)); })));
  }
  OpCase lerp_t = binary_case(
      {"lerp.Tensor", "lerp.Tensor_out", "lerp_.Tensor"},
      [](const Tensors& in) { return Tensors{lerp(in[0], in[1], in[2])}; },
      [](const Tensors& in, Tensors& out) { lerp_out(out[0], in[0], in[1], in[2]); },
      [](Tensors& in) { in[0].lerp_(in[1], in[2]); },
      pointwise([](auto x, auto y, auto w) { return lerp_ref(x, y, w); }));
  lerp_t.inputs.push_back(Input{kShape, Values::any});
  cases.push_back(lerp_t);

  // ---- addcmul / addcdiv (two integral divisors' operands refused with ATen's message) ----
  OpCase addcmul_c = binary_case(
      {"addcmul", "addcmul.out", "addcmul_"},
      [](const Tensors& in) { return Tensors{addcmul(in[0], in[1], in[2], 2)}; },
      [](const Tensors& in, Tensors& out) { addcmul_out(out[0], in[0], in[1], in[2], 2); },
      [](Tensors& in) { in[0].addcmul_(in[1], in[2], 2); },
      pointwise([](auto s, auto a, auto b) { return s + decltype(s)(2) * a * b; }), Values::small,
      Values::small);
  addcmul_c.inputs.push_back(Input{kShape, Values::small});
  cases.push_back(addcmul_c);
  OpCase addcdiv_c = binary_case(
      {"addcdiv", "addcdiv.out", "addcdiv_"},
      [](const Tensors& in) { return Tensors{addcdiv(in[0], in[1], in[2], 0.5)}; },
      [](const Tensors& in, Tensors& out) { addcdiv_out(out[0], in[0], in[1], in[2], 0.5); },
      [](Tensors& in) { in[0].addcdiv_(in[1], in[2], 0.5); }, addcdiv_ref);
  addcdiv_c.inputs.push_back(Input{kShape, Values::nonzero});
  addcdiv_c.undeclared_error = "Integer division with addcdiv is no longer supported";
  addcdiv_c.undeclared_errors = {{ScalarType::ComplexHalf, "\"addcdiv\" not implemented"}};
  cases.push_back(addcdiv_c);
  return cases;
}

}  // namespace aten::optest
