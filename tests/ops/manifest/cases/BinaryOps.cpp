// The cases of aten/native/BinaryOps.cpp's ops. add, sub, mul, div (true and rounding),
// remainder, fmod: Tensor-Tensor (with alpha where the op has it), Tensor-Scalar (a wrapped
// number, below every tensor in promotion), and Scalar-Tensor for remainder; functional / out= /
// in-place. maximum, minimum, atan2, hypot. bitwise_and/or/xor (integral and Bool; Tensor and
// Scalar overloads) and logical_and/or/xor (any dtype, nonzero is true; Bool results, self's
// dtype in place).
#include "../OpCase.h"

#include <aten/TensorOperators.h>
#include <aten/core/BFloat16.h>
#include <aten/core/Half.h>
#include <aten/core/Tensor.h>
#include <aten/ops/add.h>
#include <aten/ops/atan2.h>
#include <aten/ops/bitwise_and.h>
#include <aten/ops/bitwise_or.h>
#include <aten/ops/bitwise_xor.h>
#include <aten/ops/div.h>
#include <aten/ops/fmod.h>
#include <aten/ops/hypot.h>
#include <aten/ops/logical_and.h>
#include <aten/ops/logical_or.h>
#include <aten/ops/logical_xor.h>
#include <aten/ops/maximum.h>
#include <aten/ops/minimum.h>
#include <aten/ops/mul.h>
#include <aten/ops/remainder.h>
#include <aten/ops/sub.h>

#include <algorithm>
#include <cmath>
#include <concepts>
#include <limits>

namespace aten::optest {

namespace {

// A floating Scalar makes an integral or Bool tensor Float (an integral one: with_wrapped_int).
std::vector<ScalarType> with_wrapped_float(std::span<const ScalarType> dtypes) {
  return promoted_to_float(dtypes);
}

// The dtypes the rounding modes of div take: real ones (ATen has no rounding of complex
// numbers and no Bool quotient).
const std::vector<ScalarType> kRealDtypes = {
    ScalarType::Byte,  ScalarType::Char,   ScalarType::Short, ScalarType::Int,     ScalarType::Long,
    ScalarType::Float, ScalarType::Double, ScalarType::Half,  ScalarType::BFloat16};

OpCase with_dtypes(OpCase c, std::vector<ScalarType> dtypes) {
  c.dtypes = std::move(dtypes);
  return c;
}

// ---- references of the integer-or-floating ops -----------------------------------------------

template <typename T>
T trunc_div(T x, T y) {
  if constexpr (std::integral<T>) {
    return x / y;
  } else {
    return std::trunc(x / y);
  }
}

// The floor of the exact quotient: in long double, whose extra bits keep a quotient just below
// an integer from rounding up to it. The special values follow Python's float //, which ATen
// follows (checked against libtorch 1.13.1): x // 0 is IEEE's x / 0, ±inf // y is NaN (not
// ±inf), and a finite nonzero x // ±inf is 0 with the quotient's sign when x and y have the same
// sign and -1 when they do not (1.5 // -inf is -1, not floor(-0.0)).
template <typename T>
T floor_div(T x, T y) {
  if constexpr (std::integral<T>) {
    const T q = x / y;
    return (x % y != 0 && (x < 0) != (y < 0)) ? q - 1 : q;
  } else {
    if (y == 0) return x / y;
    if (std::isinf(x) || std::isnan(x) || std::isnan(y)) return std::numeric_limits<T>::quiet_NaN();
    if (std::isinf(y)) return (x != 0 && (x < 0) != (y < 0)) ? T(-1) : std::copysign(T(0), x / y);
    return static_cast<T>(std::floor(static_cast<long double>(x) / y));
  }
}

// Half and BFloat16: ATen divides in the dtype, so the quotient is rounded to it before it is
// truncated; floor division rounds every step of its fmod-based formula to the dtype (ATen's
// vector loop converts to float and back around each operation), which can land next to the
// floor of the exact quotient. R is the dtype; x and y are its values, so float holds them and
// rounds their difference as the kernel does. The special values are floor_div's.
template <typename R>
float rounded_to(float v) {
  return static_cast<float>(R(v));
}
template <typename R>
double reduced_trunc_div(double x, double y) {
  return std::trunc(rounded_to<R>(static_cast<float>(x) / static_cast<float>(y)));
}
template <typename R>
double reduced_floor_div(double x, double y) {
  if (y == 0 || !std::isfinite(x) || !std::isfinite(y)) return floor_div(x, y);
  const float a = static_cast<float>(x), b = static_cast<float>(y);
  const float mod = std::fmod(a, b);
  float q = rounded_to<R>(rounded_to<R>(a - mod) / b);
  if (mod != 0 && (b < 0) != (mod < 0)) q = rounded_to<R>(q - 1);
  if (q == 0) return std::copysign(0.0, rounded_to<R>(a / b));
  float f = std::floor(q);
  if (rounded_to<R>(q - f) > 0.5f) f = rounded_to<R>(f + 1);
  return f;
}

// A rounding mode's reference: `exact`, a pointwise function of the domain's values, or for a
// Half or BFloat16 result `reduced(R(), x...)` with R that dtype's type and x doubles.
template <typename Exact, typename Reduced>
auto by_result_dtype(Exact exact, Reduced reduced) {
  // reduced with R fixed, taking as many doubles as reduced does (pointwise tries each arity).
  auto with = [reduced]<typename R>(R) {
    return [reduced](
        std::floating_point auto... x) requires std::invocable<const Reduced&, R, decltype(x)...> {
      return reduced(R(), x...);
    };
  };
  return [=](const Refs& in, std::span<const ScalarType> result) -> Refs {
    switch (result[0]) {
      case ScalarType::Half:
        return pointwise(with(Half()))(in, result);
      case ScalarType::BFloat16:
        return pointwise(with(BFloat16()))(in, result);
      default:
        return pointwise(exact)(in, result);
    }
  };
}

// Python's %: the remainder with the divisor's sign (fmod is exact, so this is too).
template <typename T>
T python_mod(T x, T y) {
  T r;
  if constexpr (std::integral<T>) {
    r = x % y;
  } else {
    r = std::fmod(x, y);
  }
  return (r != 0 && (r < 0) != (y < 0)) ? r + y : r;
}

template <typename T>
T c_mod(T x, T y) {
  if constexpr (std::integral<T>) {
    return x % y;
  } else {
    return std::fmod(x, y);
  }
}

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

}  // namespace

ATEN_OP_CASES(arithmetic) {
  std::vector<OpCase> cases;

  // ---- add / sub ----
  cases.push_back(binary_case({"add.Tensor", "add.out", "add_.Tensor"},
                              ATEN_OPTEST_BINARY_CALLS(add),
                              pointwise([](auto x, auto y) { return x + y; })));
  cases.push_back(binary_case(
      {"add.Tensor", "add.out", "add_.Tensor"},
      [](const Tensors& in) { return Tensors{add(in[0], in[1], 3)}; },
      [](const Tensors& in, Tensors& out) { add_out(out[0], in[0], in[1], 3); },
      [](Tensors& in) { in[0].add_(in[1], 3); },
      pointwise([](auto x, auto y) { return x + decltype(x)(3) * y; })));
  cases.push_back(promoting(
      unary_case(
          {"add.Scalar", "add.Scalar_out", "add_.Scalar"},
          [](const Tensors& in) { return Tensors{add(in[0], 2.5)}; },
          [](const Tensors& in, Tensors& out) { add_out(out[0], in[0], 2.5); },
          [](Tensors& in) { in[0].add_(2.5); }, pointwise([](auto x) { return x + 2.5; })),
      {kBool}, with_wrapped_float));
  cases.push_back(
      promoting(unary_case(
                    {"add.Scalar", "add.Scalar_out", "add_.Scalar"},
                    [](const Tensors& in) { return Tensors{add(in[0], 4, 2)}; },
                    [](const Tensors& in, Tensors& out) { add_out(out[0], in[0], 4, 2); },
                    [](Tensors& in) { in[0].add_(4, 2); },
                    pointwise([](auto x) { return x + decltype(x)(8); })),
                {kBool}, with_wrapped_int));

  // sub of a Bool tensor is ATen's error, which says what to use instead.
  OpCase sub_tt = binary_case({"sub.Tensor", "sub.out", "sub_.Tensor"},
                              ATEN_OPTEST_BINARY_CALLS(sub),
                              pointwise([](auto x, auto y) { return x - y; }));
  sub_tt.undeclared_error = "Subtraction, the `-` operator, with two bool tensors is not supported";
  cases.push_back(sub_tt);
  OpCase sub_alpha = binary_case(
      {"sub.Tensor", "sub.out", "sub_.Tensor"},
      [](const Tensors& in) { return Tensors{sub(in[0], in[1], -2)}; },
      [](const Tensors& in, Tensors& out) { sub_out(out[0], in[0], in[1], -2); },
      [](Tensors& in) { in[0].sub_(in[1], -2); },
      pointwise([](auto x, auto y) { return x + decltype(x)(2) * y; }));
  sub_alpha.undeclared_error = "with two bool tensors is not supported";
  cases.push_back(sub_alpha);
  OpCase sub_scalar = unary_case(
      {"sub.Scalar", "sub.Scalar_out", "sub_.Scalar"},
      [](const Tensors& in) { return Tensors{sub(in[0], 1.5, 2)}; },
      [](const Tensors& in, Tensors& out) { sub_out(out[0], in[0], 1.5, 2); },
      [](Tensors& in) { in[0].sub_(1.5, 2); }, pointwise([](auto x) { return x - 3.0; }),
      Values::any, with_wrapped_float);
  sub_scalar.undeclared_error = "with a bool tensor is not supported";
  cases.push_back(sub_scalar);
  OpCase sub_scalar_int = unary_case(
      {"sub.Scalar", "sub.Scalar_out", "sub_.Scalar"},
      [](const Tensors& in) { return Tensors{sub(in[0], 5)}; },
      [](const Tensors& in, Tensors& out) { sub_out(out[0], in[0], 5); },
      [](Tensors& in) { in[0].sub_(5); }, pointwise([](auto x) { return x - decltype(x)(5); }));
  sub_scalar_int.undeclared_error = "with a bool tensor is not supported";
  cases.push_back(sub_scalar_int);

  // ---- mul ----
  cases.push_back(binary_case({"mul.Tensor", "mul.out", "mul_.Tensor"},
                              ATEN_OPTEST_BINARY_CALLS(mul),
                              pointwise([](auto x, auto y) { return x * y; })));
  cases.push_back(promoting(
      unary_case(
          {"mul.Scalar", "mul.Scalar_out", "mul_.Scalar"},
          [](const Tensors& in) { return Tensors{mul(in[0], -1.5)}; },
          [](const Tensors& in, Tensors& out) { mul_out(out[0], in[0], -1.5); },
          [](Tensors& in) { in[0].mul_(-1.5); }, pointwise([](auto x) { return x * -1.5; })),
      {kBool}, with_wrapped_float));
  cases.push_back(promoting(
      unary_case(
          {"mul.Scalar", "mul.Scalar_out", "mul_.Scalar"},
          [](const Tensors& in) { return Tensors{mul(in[0], 3)}; },
          [](const Tensors& in, Tensors& out) { mul_out(out[0], in[0], 3); },
          [](Tensors& in) { in[0].mul_(3); }, pointwise([](auto x) { return x * decltype(x)(3); })),
      {kBool}, with_wrapped_int));

  // ---- div: true division (integers and Bool give Float) ----
  cases.push_back(binary_case({"div.Tensor", "div.out", "div_.Tensor"},
                              ATEN_OPTEST_BINARY_CALLS(div),
                              pointwise([](auto x, auto y) { return x / y; }), Values::any,
                              Values::nonzero, promoted_to_float));
  cases.push_back(unary_case(
      {"div.Scalar", "div.Scalar_out", "div_.Scalar"},
      [](const Tensors& in) { return Tensors{div(in[0], 4)}; },
      [](const Tensors& in, Tensors& out) { div_out(out[0], in[0], 4); },
      [](Tensors& in) { in[0].div_(4); }, pointwise([](auto x) { return x / 4.0; }), Values::any,
      promoted_to_float));
  // rounding_mode None is true division.
  cases.push_back(binary_case(
      {"div.Tensor_mode", "div.out_mode", "div_.Tensor_mode"},
      [](const Tensors& in) { return Tensors{div(in[0], in[1], std::nullopt)}; },
      [](const Tensors& in, Tensors& out) { div_out(out[0], in[0], in[1], std::nullopt); },
      [](Tensors& in) { in[0].div_(in[1], std::nullopt); },
      pointwise([](auto x, auto y) { return x / y; }), Values::any, Values::nonzero,
      promoted_to_float));

  // ---- div with rounding: the inputs' dtype; Bool and complex refused by name ----
  cases.push_back(with_dtypes(
      binary_case(
          {"div.Tensor_mode", "div.out_mode", "div_.Tensor_mode"},
          [](const Tensors& in) { return Tensors{div(in[0], in[1], "trunc")}; },
          [](const Tensors& in, Tensors& out) { div_out(out[0], in[0], in[1], "trunc"); },
          [](Tensors& in) { in[0].div_(in[1], "trunc"); },
          by_result_dtype(
              []<Real T>(T x, T y) { return trunc_div(x, y); },
              []<typename R>(R, double x, double y) { return reduced_trunc_div<R>(x, y); }),
          Values::any, Values::nonzero),
      kRealDtypes));
  cases.push_back(with_dtypes(
      binary_case(
          {"div.Tensor_mode", "div.out_mode", "div_.Tensor_mode"},
          [](const Tensors& in) { return Tensors{div(in[0], in[1], "floor")}; },
          [](const Tensors& in, Tensors& out) { div_out(out[0], in[0], in[1], "floor"); },
          [](Tensors& in) { in[0].div_(in[1], "floor"); },
          by_result_dtype(
              []<Real T>(T x, T y) { return floor_div(x, y); },
              []<typename R>(R, double x, double y) { return reduced_floor_div<R>(x, y); }),
          Values::any, Values::nonzero),
      kRealDtypes));
  OpCase div_scalar_floor = unary_case(
      {"div.Scalar_mode", "div.Scalar_mode_out", "div_.Scalar_mode"},
      [](const Tensors& in) { return Tensors{div(in[0], 3, "floor")}; },
      [](const Tensors& in, Tensors& out) { div_out(out[0], in[0], 3, "floor"); },
      [](Tensors& in) { in[0].div_(3, "floor"); },
      by_result_dtype([]<Real T>(T x) { return floor_div(x, T(3)); },
                      []<typename R>(R, double x) { return reduced_floor_div<R>(x, 3); }));
  cases.push_back(promoting(with_dtypes(div_scalar_floor, kRealDtypes), {kBool}, with_wrapped_int));
  OpCase div_scalar_trunc = unary_case(
      {"div.Scalar_mode", "div.Scalar_mode_out", "div_.Scalar_mode"},
      [](const Tensors& in) { return Tensors{div(in[0], 2.5, "trunc")}; },
      [](const Tensors& in, Tensors& out) { div_out(out[0], in[0], 2.5, "trunc"); },
      [](Tensors& in) { in[0].div_(2.5, "trunc"); },
      by_result_dtype([]<Real T>(T x) { return std::trunc(static_cast<double>(x) / 2.5); },
                      []<typename R>(R, double x) { return reduced_trunc_div<R>(x, 2.5); }),
      Values::any, with_wrapped_float);
  cases.push_back(
      promoting(with_dtypes(div_scalar_trunc, kRealDtypes), {kBool}, with_wrapped_float));

  // ---- remainder (Python's sign) and fmod (C's sign): no Bool, no complex ----
  // The Scalar divisors of these cases and div's Scalar_mode ones are positive: a negative one
  // converts to a Byte tensor's dtype by wrapping (ATen's rule), which an int64 reference does
  // not. Negative divisors come from the tensor cases; test_binary_ops.cpp has negative Scalars.
  cases.push_back(binary_case({"remainder.Tensor", "remainder.Tensor_out", "remainder_.Tensor"},
                              ATEN_OPTEST_BINARY_CALLS(remainder),
                              pointwise([]<Real T>(T x, T y) { return python_mod(x, y); }),
                              Values::any, Values::nonzero));
  cases.push_back(
      promoting(unary_case(
                    {"remainder.Scalar", "remainder.Scalar_out", "remainder_.Scalar"},
                    [](const Tensors& in) { return Tensors{remainder(in[0], 4)}; },
                    [](const Tensors& in, Tensors& out) { remainder_out(out[0], in[0], 4); },
                    [](Tensors& in) { in[0].remainder_(4); },
                    pointwise([]<Real T>(T x) { return python_mod(x, T(4)); })),
                {kBool}, with_wrapped_int));
  OpCase rem_scalar_tensor = unary_case(
      {"remainder.Scalar_Tensor", "remainder.Scalar_Tensor_out"},
      [](const Tensors& in) { return Tensors{remainder(5, in[0])}; },
      [](const Tensors& in, Tensors& out) { remainder_out(out[0], 5, in[0]); }, nullptr,
      pointwise([]<Real T>(T y) { return python_mod(T(5), y); }), Values::nonzero);
  cases.push_back(promoting(rem_scalar_tensor, {kBool}, with_wrapped_int));
  cases.push_back(binary_case(
      {"fmod.Tensor", "fmod.Tensor_out", "fmod_.Tensor"}, ATEN_OPTEST_BINARY_CALLS(fmod),
      pointwise([]<Real T>(T x, T y) { return c_mod(x, y); }), Values::any, Values::nonzero));
  cases.push_back(
      promoting(unary_case(
                    {"fmod.Scalar", "fmod.Scalar_out", "fmod_.Scalar"},
                    [](const Tensors& in) { return Tensors{fmod(in[0], 1.5)}; },
                    [](const Tensors& in, Tensors& out) { fmod_out(out[0], in[0], 1.5); },
                    [](Tensors& in) { in[0].fmod_(1.5); },
                    pointwise([]<Real T>(T x) { return std::fmod(static_cast<double>(x), 1.5); }),
                    Values::any, with_wrapped_float),
                {kBool}, with_wrapped_float));
  return cases;
}

ATEN_OP_CASES(maximum_minimum_atan2_hypot) {
  std::vector<OpCase> cases;

  // ---- maximum / minimum: NaN-propagating; complex refused with ATen's message ----
  // (std::max alone is not: std::max(x, NaN) is x.)
  OpCase max = binary_case(
      {"maximum", "maximum.out"}, [](const Tensors& in) { return Tensors{maximum(in[0], in[1])}; },
      [](const Tensors& in, Tensors& out) { maximum_out(out[0], in[0], in[1]); }, nullptr,
      pointwise([]<Real T>(T x, T y) { return x != x   ? x
                                              : y != y ? y
                                                       : std::max(x, y); }));
  max.undeclared_error = "maximum not implemented for complex tensors";
  cases.push_back(max);
  OpCase min = binary_case(
      {"minimum", "minimum.out"}, [](const Tensors& in) { return Tensors{minimum(in[0], in[1])}; },
      [](const Tensors& in, Tensors& out) { minimum_out(out[0], in[0], in[1]); }, nullptr,
      pointwise([]<Real T>(T x, T y) { return x != x   ? x
                                              : y != y ? y
                                                       : std::min(x, y); }));
  min.undeclared_error = "minimum not implemented for complex tensors";
  cases.push_back(min);

  // ---- atan2 (integers give Float), hypot (floating only) ----
  cases.push_back(binary_case({"atan2", "atan2.out", "atan2_"}, ATEN_OPTEST_BINARY_CALLS(atan2),
                              pointwise([]<Real T>(T y, T x) {
                                return std::atan2(static_cast<double>(y), static_cast<double>(x));
                              }),
                              Values::any, Values::any, promoted_to_float));
  cases.push_back(binary_case({"hypot", "hypot.out", "hypot_"}, ATEN_OPTEST_BINARY_CALLS(hypot),
                              pointwise([]<Real T>(T x, T y) { return std::hypot(x, y); })));
  return cases;
}

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
