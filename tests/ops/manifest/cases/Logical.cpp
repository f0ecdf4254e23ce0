// bitwise_and/or/xor (integral and Bool; Tensor and Scalar overloads) and logical_and/or/xor
// (any dtype, nonzero is true; Bool results, self's dtype in place).
#include "../OpCase.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/bitwise_and.h>
#include <aten/ops/bitwise_or.h>
#include <aten/ops/bitwise_xor.h>
#include <aten/ops/logical_and.h>
#include <aten/ops/logical_or.h>
#include <aten/ops/logical_xor.h>

#include <concepts>

namespace aten::optest {

namespace {

template <typename T>
bool truth(T x) {
  return x != T(0);
}

// The three calls and the Scalar overloads of one bitwise op, with its reference f.
#define ATEN_BITWISE_CASES(op, expr)                                                    \
  cases.push_back(binary_case(                                                          \
      {#op ".Tensor", #op ".Tensor_out", #op "_.Tensor"}, ATEN_OPTEST_BINARY_CALLS(op), \
      pointwise([](std::integral auto x, std::integral auto y) { return expr; })));     \
  cases.push_back(unary_case(                                                           \
      {#op ".Scalar", #op ".Scalar_out", #op "_.Scalar"},                               \
      [](const Tensors& in) { return Tensors{op(in[0], 6)}; },                          \
      [](const Tensors& in, Tensors& out) { op##_out(out[0], in[0], 6); },              \
      [](Tensors& in) { in[0].op##_(6); }, pointwise([](std::integral auto x) {         \
        const decltype(x) y = 6;                                                        \
        return expr;                                                                    \
      }),                                                                               \
      Values::any, with_wrapped_int));                                                  \
  cases.back().promoted_dtypes = {ScalarType::Bool};

std::vector<ScalarType> with_wrapped_int(std::span<const ScalarType> dtypes) {
  return {dtypes[0] == ScalarType::Bool ? ScalarType::Long : dtypes[0]};
}

}  // namespace

ATEN_OP_CASES(logical) {
  std::vector<OpCase> cases;
  ATEN_BITWISE_CASES(bitwise_and, x & y)
  ATEN_BITWISE_CASES(bitwise_or, x | y)
  ATEN_BITWISE_CASES(bitwise_xor, x ^ y)

  // Values::unit: many zeros among the integers, so that false occurs on both sides.
  auto logical = [](std::vector<std::string> overloads, auto call, auto call_out, auto call_inplace,
                    auto f) {
    OpCase c = binary_case(std::move(overloads), call, call_out, call_inplace,
                           pointwise([f](auto x, auto y) { return f(truth(x), truth(y)); }),
                           Values::unit, Values::unit, boolean);
    c.inplace_keeps_self_dtype = true;
    return c;
  };
  cases.push_back(logical({"logical_and", "logical_and.out", "logical_and_"},
                          ATEN_OPTEST_BINARY_CALLS(logical_and),
                          [](bool a, bool b) { return a && b; }));
  cases.push_back(logical({"logical_or", "logical_or.out", "logical_or_"},
                          ATEN_OPTEST_BINARY_CALLS(logical_or),
                          [](bool a, bool b) { return a || b; }));
  cases.push_back(logical({"logical_xor", "logical_xor.out", "logical_xor_"},
                          ATEN_OPTEST_BINARY_CALLS(logical_xor),
                          [](bool a, bool b) { return a != b; }));
  return cases;
}

#undef ATEN_BITWISE_CASES

}  // namespace aten::optest
