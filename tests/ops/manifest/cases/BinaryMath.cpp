// pow (Tensor-Tensor, Tensor-Scalar with its special exponents, Scalar-Tensor), maximum,
// minimum, atan2, hypot, lerp, addcmul, addcdiv.
#include "../OpCase.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/addcdiv.h>
#include <aten/ops/addcmul.h>
#include <aten/ops/atan2.h>
#include <aten/ops/hypot.h>
#include <aten/ops/lerp.h>
#include <aten/ops/max.h>
#include <aten/ops/maximum.h>
#include <aten/ops/min.h>
#include <aten/ops/minimum.h>
#include <aten/ops/pow.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <concepts>

namespace aten::optest {

namespace {

std::vector<ScalarType> with_wrapped_int(std::span<const ScalarType> dtypes) {
  return {dtypes[0] == ScalarType::Bool ? ScalarType::Long : dtypes[0]};
}

OpCase promoting(OpCase c, std::vector<ScalarType> promoted,
                 std::vector<ScalarType> (*result)(std::span<const ScalarType>)) {
  c.promoted_dtypes = std::move(promoted);
  c.result_dtypes = result;
  return c;
}

// base ** exp as ATen defines it for integers: exact (wrapping) products, and for a negative
// exponent the integer part of 1 / base ** |exp|.
template <typename T>
T pow_ref(T base, T exp) {
  if constexpr (std::integral<T>) {
    if (exp < 0) return base == 1 ? 1 : base == -1 ? (exp % 2 ? -1 : 1) : 0;
    T r = 1;
    for (T k = 0; k < exp; ++k)
      r = static_cast<T>(static_cast<uint64_t>(r) * static_cast<uint64_t>(base));
    return r;
  } else {
    // x ** 0 is 1 for every x, complex 0 and NaN included (std::pow(complex) computes
    // exp(0 * log(0)) = NaN there).
    return exp == T(0) ? T(1) : std::pow(base, exp);
  }
}

// pow with a Scalar exponent: ATen computes x ** 0.5 as sqrt(x) and x ** -0.5 as 1 / sqrt(x),
// which differ from pow on -inf (NaN, not inf / 0) and -0 (-0 and -inf, not 0 and inf); checked
// against libtorch 1.13.1. A tensor of exponents goes through pow, whatever their values.
template <typename T>
T pow_scalar_ref(T base, T exp) {
  if constexpr (std::floating_point<T>) {
    if (exp == T(0.5)) return std::sqrt(base);
    if (exp == T(-0.5)) return T(1) / std::sqrt(base);
  }
  return pow_ref(base, exp);
}

// pow(x, e) for a Scalar exponent e (an integral or a floating Scalar, as given).
OpCase pow_scalar_case(Scalar e, Values values,
                       std::vector<ScalarType> (*result)(std::span<const ScalarType>)) {
  const double ed = e.toComplexDouble().real();
  OpCase c = unary_case(
      {"pow.Tensor_Scalar", "pow.Tensor_Scalar_out", "pow_.Scalar"},
      [=](const Tensors& in) { return Tensors{pow(in[0], e)}; },
      [=](const Tensors& in, Tensors& out) { pow_out(out[0], in[0], e); },
      [=](Tensors& in) { in[0].pow_(e); },
      pointwise([=](auto x) { return pow_scalar_ref(x, static_cast<decltype(x)>(ed)); }), values,
      result);
  return promoting(c, {kBool}, result);
}

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

ATEN_OP_CASES(binary_math) {
  std::vector<OpCase> cases;

  // ---- pow ----
  // Positive bases and exponents in (-1, 1) (integers {-1, 0, 1}): no NaN, and complex powers of
  // moderate size. Integer overflow and negative bases are in tests/ops/test_binary.cpp.
  OpCase pow_tt = binary_case(
      {"pow.Tensor_Tensor", "pow.Tensor_Tensor_out", "pow_.Tensor"}, ATEN_OPTEST_BINARY_CALLS(pow),
      pointwise([](auto x, auto y) { return pow_ref(x, y); }), Values::positive, Values::unit);
  pow_tt.tolerance_scale = 4;  // complex<float> pow: exp and log, a few ULP of the modulus
  cases.push_back(pow_tt);
  // The Scalar exponents with a special form (2, 3, 0.5, -1, -2, -0.5), one without.
  // Integral ones keep the dtype; floating ones make integers Float (a negative integral one
  // is an error for integer tensors, in test_binary.cpp).
  for (int64_t e : {2, 3, 0, 1}) cases.push_back(pow_scalar_case(e, Values::any, with_wrapped_int));
  for (double e : {0.5, -0.5, 2.5})
    cases.push_back(pow_scalar_case(e, Values::positive, promoted_to_float));
  for (double e : {-1.0, -2.0})
    cases.push_back(pow_scalar_case(e, Values::nonzero, promoted_to_float));
  // pow(Scalar, Tensor): the Scalar is the base, a wrapped number.
  OpCase pow_st = unary_case(
      {"pow.Scalar", "pow.Scalar_out"}, [](const Tensors& in) { return Tensors{pow(2, in[0])}; },
      [](const Tensors& in, Tensors& out) { pow_out(out[0], 2, in[0]); }, nullptr,
      pointwise([](auto y) { return pow_ref(decltype(y)(2), y); }), Values::small);
  cases.push_back(promoting(pow_st, {kBool}, with_wrapped_int));
  OpCase pow_st_float = unary_case(
      {"pow.Scalar", "pow.Scalar_out"}, [](const Tensors& in) { return Tensors{pow(1.5, in[0])}; },
      [](const Tensors& in, Tensors& out) { pow_out(out[0], 1.5, in[0]); }, nullptr,
      pointwise([](auto y) { return pow_ref(decltype(y)(1.5), y); }), Values::any,
      promoted_to_float);
  cases.push_back(promoting(pow_st_float, {kBool}, promoted_to_float));
  // 1 ** anything is 1 (the fill ATen special-cases), for every dtype, ComplexHalf included.
  OpCase pow_one = unary_case(
      {"pow.Scalar", "pow.Scalar_out"}, [](const Tensors& in) { return Tensors{pow(1, in[0])}; },
      [](const Tensors& in, Tensors& out) { pow_out(out[0], 1, in[0]); }, nullptr,
      pointwise([](auto y) { return decltype(y)(1); }));
  cases.push_back(promoting(pow_one, {kBool, kComplexHalf}, with_wrapped_int));

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
