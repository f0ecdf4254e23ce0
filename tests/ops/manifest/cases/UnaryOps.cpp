// The cases of aten/native/UnaryOps.cpp's ops: math functions, rounding, sign, bitwise/logical
// not, nan_to_num. Special values (NaN, inf, -0) and ATen's error messages are in
// tests/ops/test_unary_ops.cpp.
#include "../OpCase.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/abs.h>
#include <aten/ops/acos.h>
#include <aten/ops/add.h>
#include <aten/ops/any.h>
#include <aten/ops/asin.h>
#include <aten/ops/atan.h>
#include <aten/ops/bitwise_not.h>
#include <aten/ops/ceil.h>
#include <aten/ops/cos.h>
#include <aten/ops/cosh.h>
#include <aten/ops/erf.h>
#include <aten/ops/erfc.h>
#include <aten/ops/exp.h>
#include <aten/ops/exp2.h>
#include <aten/ops/expm1.h>
#include <aten/ops/floor.h>
#include <aten/ops/frac.h>
#include <aten/ops/log.h>
#include <aten/ops/log10.h>
#include <aten/ops/log1p.h>
#include <aten/ops/log2.h>
#include <aten/ops/logical_not.h>
#include <aten/ops/nan_to_num.h>
#include <aten/ops/neg.h>
#include <aten/ops/reciprocal.h>
#include <aten/ops/round.h>
#include <aten/ops/rsqrt.h>
#include <aten/ops/sgn.h>
#include <aten/ops/sigmoid.h>
#include <aten/ops/sign.h>
#include <aten/ops/sin.h>
#include <aten/ops/sinh.h>
#include <aten/ops/sqrt.h>
#include <aten/ops/std.h>
#include <aten/ops/t.h>
#include <aten/ops/tan.h>
#include <aten/ops/tanh.h>
#include <aten/ops/trunc.h>

#include <cmath>

namespace aten::optest {

namespace {

using C = std::complex<double>;

// Integer and Bool inputs of the floating-point ops: accepted, computed in Float.
const std::vector<ScalarType> kIntegral = {
    kBool, ScalarType::Byte, ScalarType::Char, ScalarType::Short, ScalarType::Int, kLong};

OpCase float_op(OpCase c) {
  c.promoted_dtypes = kIntegral;
  c.result_dtypes = promoted_to_float;
  return c;
}
}  // namespace

ATEN_OP_CASES(unary) {
  std::vector<OpCase> cases;
  auto add = [&](OpCase c) { cases.push_back(std::move(c)); };

  // ---- computed in floating point ----
#define ATEN_FLOAT_CASE(op, values, fn) \
  add(float_op(                         \
      unary_case({#op, #op ".out", #op "_"}, ATEN_OPTEST_UNARY_CALLS(op), pointwise(fn), values)))
  ATEN_FLOAT_CASE(reciprocal, Values::nonzero, [](auto x) { return decltype(x)(1) / x; });
  ATEN_FLOAT_CASE(sqrt, Values::positive, [](auto x) { return std::sqrt(x); });
  ATEN_FLOAT_CASE(rsqrt, Values::positive, [](auto x) { return decltype(x)(1) / std::sqrt(x); });
  ATEN_FLOAT_CASE(exp, Values::any, [](auto x) { return std::exp(x); });
  ATEN_FLOAT_CASE(exp2, Values::any, [](Real auto x) { return std::exp2(x); });
  ATEN_FLOAT_CASE(expm1, Values::any, [](Real auto x) { return std::expm1(x); });
  ATEN_FLOAT_CASE(log, Values::positive, [](auto x) { return std::log(x); });
  ATEN_FLOAT_CASE(log2, Values::positive, [](auto x) { return std::log(x) / std::log(2.0); });
  ATEN_FLOAT_CASE(log10, Values::positive, [](auto x) { return std::log10(x); });
  ATEN_FLOAT_CASE(log1p, Values::unit, [](Real auto x) { return std::log1p(x); });
  ATEN_FLOAT_CASE(sin, Values::any, [](auto x) { return std::sin(x); });
  ATEN_FLOAT_CASE(cos, Values::any, [](auto x) { return std::cos(x); });
  ATEN_FLOAT_CASE(tan, Values::unit, [](auto x) { return std::tan(x); });
  ATEN_FLOAT_CASE(asin, Values::unit, [](auto x) { return std::asin(x); });
  ATEN_FLOAT_CASE(acos, Values::unit, [](auto x) { return std::acos(x); });
  ATEN_FLOAT_CASE(atan, Values::any, [](auto x) { return std::atan(x); });
  ATEN_FLOAT_CASE(sinh, Values::any, [](auto x) { return std::sinh(x); });
  ATEN_FLOAT_CASE(cosh, Values::any, [](auto x) { return std::cosh(x); });
  ATEN_FLOAT_CASE(tanh, Values::any, [](auto x) { return std::tanh(x); });
  ATEN_FLOAT_CASE(sigmoid, Values::any,
                  [](auto x) { return decltype(x)(1) / (decltype(x)(1) + std::exp(-x)); });
  ATEN_FLOAT_CASE(erf, Values::any, [](Real auto x) { return std::erf(x); });
  ATEN_FLOAT_CASE(erfc, Values::any, [](Real auto x) { return std::erfc(x); });
#undef ATEN_FLOAT_CASE

  // ---- same dtype in and out ----
  add(with_errors(unary_case({"neg", "neg.out", "neg_"}, ATEN_OPTEST_UNARY_CALLS(neg),
                             pointwise([](auto x) { return -x; })),
                  {kBool}, "Negation, the `-` operator, on a bool tensor is not supported"));
  add([] {
    OpCase c = unary_case({"abs", "abs.out", "abs_"}, ATEN_OPTEST_UNARY_CALLS(abs),
                          pointwise([](auto x) { return std::abs(x); }));
    c.result_dtypes = real_of;  // and in place on a complex self, an error
    return c;
  }());
  add(with_errors(unary_case({"sign", "sign.out", "sign_"}, ATEN_OPTEST_UNARY_CALLS(sign),
                             pointwise([](Real auto x) {
                               return (decltype(x)(0) < x) - (x < decltype(x)(0));
                             })),
                  kComplex, "Please use torch.sgn instead"));
  add(unary_case({"sgn", "sgn.out", "sgn_"}, ATEN_OPTEST_UNARY_CALLS(sgn), pointwise([](auto x) {
                   if constexpr (std::is_same_v<decltype(x), C>) {
                     return x == C(0) ? C(0) : x / std::abs(x);
                   } else {
                     return static_cast<decltype(x)>((decltype(x)(0) < x) - (x < decltype(x)(0)));
                   }
                 })));

  // Rounding: integers unchanged; complex an error of its own (round's is the generic one).
#define ATEN_ROUNDING_CASE(op, fn)                   \
  pointwise([](Real auto x) {                        \
    if constexpr (std::is_integral_v<decltype(x)>) { \
      return x;                                      \
    } else {                                         \
      return fn(x);                                  \
    }                                                \
  })
  for (const char* op : {"floor", "ceil", "trunc"}) {
    OpCase c = std::string(op) == "floor"
                   ? unary_case({"floor", "floor.out", "floor_"}, ATEN_OPTEST_UNARY_CALLS(floor),
                                ATEN_ROUNDING_CASE(floor, std::floor))
               : std::string(op) == "ceil"
                   ? unary_case({"ceil", "ceil.out", "ceil_"}, ATEN_OPTEST_UNARY_CALLS(ceil),
                                ATEN_ROUNDING_CASE(ceil, std::ceil))
                   : unary_case({"trunc", "trunc.out", "trunc_"}, ATEN_OPTEST_UNARY_CALLS(trunc),
                                ATEN_ROUNDING_CASE(trunc, std::trunc));
    add(with_errors(c, kComplex, std::string(op) + " is not supported for complex inputs"));
  }
  add(unary_case({"round", "round.out", "round_"}, ATEN_OPTEST_UNARY_CALLS(round),
                 ATEN_ROUNDING_CASE(round, std::nearbyint)));
#undef ATEN_ROUNDING_CASE
  // round.decimals: floating dtypes only ("round" not implemented for integers, as in ATen).
  for (int64_t d : {2, -1}) {
    OpCase c = unary_case(
        {"round.decimals", "round.decimals_out", "round_.decimals"},
        [d](const Tensors& in) { return Tensors{aten::round(in[0], d)}; },
        [d](const Tensors& in, Tensors& out) { aten::round_out(out[0], in[0], d); },
        [d](Tensors& in) { in[0].round_(d); }, pointwise([d](std::floating_point auto x) {
          // Float, Half and BFloat16 scale in float, as ATen does (1.675f * 100 is the tie
          // 167.5 in float): their values are exactly floats; random Double values are not.
          const float xf = static_cast<float>(x);
          if (static_cast<decltype(x)>(xf) == x) {
            const float sf = std::pow(10.0f, static_cast<float>(std::abs(d)));
            return static_cast<decltype(x)>(d > 0 ? std::nearbyint(xf * sf) / sf
                                                  : std::nearbyint(xf / sf) * sf);
          }
          const double s = std::pow(10.0, static_cast<double>(std::abs(d)));
          return d > 0 ? std::nearbyint(x * s) / s : std::nearbyint(x / s) * s;
        }));
    c.dtypes = {ScalarType::Float, ScalarType::Double, ScalarType::BFloat16};
    add(c);
  }
  add(unary_case({"frac", "frac.out", "frac_"}, ATEN_OPTEST_UNARY_CALLS(frac),
                 pointwise([](std::floating_point auto x) { return x - std::trunc(x); })));

  // bitwise_not of a Bool is logical not, so the reference looks at the result dtype.
  add([] {
    OpCase c = unary_case({"bitwise_not", "bitwise_not.out", "bitwise_not_"},
                          ATEN_OPTEST_UNARY_CALLS(bitwise_not), nullptr);
    c.reference = [](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
      RefTensor out = in[0];
      out.dtype = dtypes[0];
      for (auto& v : out.values) {
        const auto x = static_cast<int64_t>(v.real());
        v = out.dtype == kBool ? C(x == 0) : round_to(out.dtype, C(static_cast<double>(~x)));
      }
      return {out};
    };
    return c;
  }());
  // logical_not: a Bool result; in place (or into out=) of another dtype, 0 or 1 in it.
  add([] {
    OpCase c = unary_case(
        {"logical_not", "logical_not.out", "logical_not_"}, ATEN_OPTEST_UNARY_CALLS(logical_not),
        pointwise([](auto x) { return x == decltype(x)(0); }), Values::any, boolean);
    c.inplace_keeps_self_dtype = true;
    return c;
  }());
  // ---- nan_to_num ----
  // Ordinary values pass through (the replacements are in test_unary_ops.cpp).
  add([] {
    OpCase c = unary_case(
        {"nan_to_num", "nan_to_num.out", "nan_to_num_"},
        [](const Tensors& in) { return Tensors{aten::nan_to_num(in[0], 1.0)}; },
        [](const Tensors& in, Tensors& out) { aten::nan_to_num_out(out[0], in[0]); },
        [](Tensors& in) { in[0].nan_to_num_(); }, pointwise([](Real auto x) { return x; }));
    c.reference_ordinary_values_only = true;
    return c;
  }());
  return cases;
}

}  // namespace aten::optest
