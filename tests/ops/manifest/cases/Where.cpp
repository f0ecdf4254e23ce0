// The cases of aten/native/Where.cpp's ops: where (self, and the ScalarOther, ScalarSelf and
// Scalar overloads). ATen's promotion buckets and the condition's errors are in
// tests/ops/test_where.cpp.
#include "../OpCase.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/where.h>

namespace aten::optest {

ATEN_OP_CASES(where) {
  std::vector<OpCase> cases;
  auto add = [&](OpCase c) { cases.push_back(std::move(c)); };

  add([] {
    OpCase c = binary_case(
        {"where.self", "where.self_out"},
        [](const Tensors& in) { return Tensors{aten::where(in[0], in[1], in[2])}; },
        [](const Tensors& in, Tensors& out) { aten::where_out(out[0], in[0], in[1], in[2]); },
        nullptr,
        pointwise([](auto cond, auto a, auto b) { return cond != decltype(cond)(0) ? a : b; }));
    c.inputs[0].dtype = kBool;
    c.inputs.push_back(Input{kShape});
    return c;
  }());
  // The Scalar overloads: the Scalar is a wrapped number, so an int one leaves the tensor's
  // dtype (a Bool tensor becomes Long) and a float one makes integral tensors Float.
  add([] {
    OpCase c = binary_case(
        {"where.ScalarOther"},
        [](const Tensors& in) { return Tensors{aten::where(in[0], in[1], 7)}; }, nullptr, nullptr,
        pointwise([](auto cond, auto a) { return cond != decltype(cond)(0) ? a : decltype(a)(7); }),
        Values::any, Values::any, with_wrapped_int);
    c.inputs[0].dtype = kBool;
    return c;
  }());
  add([] {
    OpCase c = binary_case(
        {"where.ScalarSelf"},
        [](const Tensors& in) { return Tensors{aten::where(in[0], -2.5, in[1])}; }, nullptr,
        nullptr, pointwise([](auto cond, auto b) {
          return cond != decltype(cond)(0) ? decltype(b)(-2.5) : b;
        }),
        Values::any, Values::any, promoted_to_float);
    c.inputs[0].dtype = kBool;
    return c;
  }());
  // Two Scalars: nothing of the dtype under test but the condition, so Bool is the one dtype
  // that runs, and every other is refused by the condition check.
  add([] {
    OpCase c = unary_case(
        {"where.Scalar"}, [](const Tensors& in) { return Tensors{aten::where(in[0], 1, 0.5)}; },
        nullptr, nullptr, pointwise([](auto cond) {
          return cond != decltype(cond)(0) ? decltype(cond)(1) : decltype(cond)(0.5);
        }),
        Values::any, [](std::span<const ScalarType>) { return std::vector{ScalarType::Float}; });
    c.dtypes = {kBool};
    c.undeclared_error = "where expected condition to be a boolean tensor";
    return c;
  }());
  return cases;
}

}  // namespace aten::optest
