// The cases of aten/native/Pow.cpp's ops: pow (Tensor-Tensor, Tensor-Scalar with its special
// exponents, Scalar-Tensor).
#include "../OpCase.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/pow.h>

#include <cmath>
#include <complex>
#include <concepts>

namespace aten::optest {

namespace {

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

}  // namespace

ATEN_OP_CASES(pow) {
  std::vector<OpCase> cases;

  // Positive bases and exponents in (-1, 1) (integers {-1, 0, 1}): no NaN, and complex powers of
  // moderate size. Integer overflow and negative bases are in tests/ops/test_pow.cpp.
  OpCase pow_tt = binary_case(
      {"pow.Tensor_Tensor", "pow.Tensor_Tensor_out", "pow_.Tensor"}, ATEN_OPTEST_BINARY_CALLS(pow),
      pointwise([](auto x, auto y) { return pow_ref(x, y); }), Values::positive, Values::unit);
  pow_tt.tolerance_scale = 4;  // complex<float> pow: exp and log, a few ULP of the modulus
  cases.push_back(pow_tt);
  // The Scalar exponents with a special form (2, 3, 0.5, -1, -2, -0.5), one without.
  // Integral ones keep the dtype; floating ones make integers Float (a negative integral one
  // is an error for integer tensors, in test_pow.cpp).
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
  return cases;
}

}  // namespace aten::optest
