// The pointwise unary group: math functions, rounding, sign, bitwise/logical not, activations,
// clamp (Scalar and Tensor bounds), nan_to_num and where. Special values (NaN, inf, -0) and
// ATen's error messages are in tests/ops/test_unary.cpp.
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
#include <aten/ops/clamp.h>
#include <aten/ops/clamp_max.h>
#include <aten/ops/clamp_min.h>
#include <aten/ops/cos.h>
#include <aten/ops/cosh.h>
#include <aten/ops/erf.h>
#include <aten/ops/erfc.h>
#include <aten/ops/exp.h>
#include <aten/ops/exp2.h>
#include <aten/ops/expm1.h>
#include <aten/ops/floor.h>
#include <aten/ops/frac.h>
#include <aten/ops/gelu.h>
#include <aten/ops/log.h>
#include <aten/ops/log10.h>
#include <aten/ops/log1p.h>
#include <aten/ops/log2.h>
#include <aten/ops/logical_not.h>
#include <aten/ops/nan_to_num.h>
#include <aten/ops/neg.h>
#include <aten/ops/reciprocal.h>
#include <aten/ops/relu.h>
#include <aten/ops/round.h>
#include <aten/ops/rsqrt.h>
#include <aten/ops/sgn.h>
#include <aten/ops/sigmoid.h>
#include <aten/ops/sign.h>
#include <aten/ops/silu.h>
#include <aten/ops/sin.h>
#include <aten/ops/sinh.h>
#include <aten/ops/sqrt.h>
#include <aten/ops/std.h>
#include <aten/ops/t.h>
#include <aten/ops/tan.h>
#include <aten/ops/tanh.h>
#include <aten/ops/trunc.h>
#include <aten/ops/where.h>

#include <cmath>

namespace aten::optest {

namespace {

using C = std::complex<double>;
// The complex dtypes, which ops that refuse them do with a message of their own.
const std::vector<ScalarType> kComplex = {kComplexHalf, kComplexFloat, kComplexDouble};

// Integer and Bool inputs of the floating-point ops: accepted, computed in Float.
const std::vector<ScalarType> kIntegral = {
    kBool, ScalarType::Byte, ScalarType::Char, ScalarType::Short, ScalarType::Int, kLong};

OpCase float_op(OpCase c) {
  c.promoted_dtypes = kIntegral;
  c.result_dtypes = promoted_to_float;
  return c;
}

OpCase with_errors(OpCase c, std::vector<ScalarType> dtypes, const std::string& message) {
  for (ScalarType t : dtypes) c.undeclared_errors.emplace_back(t, message);
  return c;
}

// A Scalar bound of integral value: a Bool self becomes Long (the wrapped int's kind).
std::vector<ScalarType> bool_to_long(std::span<const ScalarType> dtypes) {
  return {dtypes[0] == kBool ? kLong : dtypes[0]};
}

// |z| of a complex self is real.
std::vector<ScalarType> real_of(std::span<const ScalarType> dtypes) {
  return {toRealValueType(dtypes[0])};
}

// ATen's clamp with one tensor bound is maximum / minimum (clamp_min.Tensor, clamp.Tensor with
// max None): NaN in self or in the bound gives NaN.
template <typename T>
T clamp_min_ref(T a, T lo) {
  return lo != lo ? lo : a < lo ? lo : a;
}
template <typename T>
T clamp_max_ref(T a, T hi) {
  return hi != hi ? hi : hi < a ? hi : a;
}

// ATen's clamp with both bounds: NaN in self or in either bound gives NaN.
template <typename T>
T clamp_ref(T a, T lo, T hi) {
  return clamp_max_ref(clamp_min_ref(a, lo), hi);
}

const std::string kComplexClamp = "clamp is not supported for complex types";

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

  // ---- activations ----
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

  // ---- clamp ----
  // Scalar bounds: integral ones keep the dtype (Bool becomes Long), floating ones make
  // integral selves Float. (Negative bounds convert to Byte by wrapping, as in ATen: -1 is 255.)
  add(with_errors(unary_case(
                      {"clamp", "clamp.out", "clamp_"},
                      [](const Tensors& in) { return Tensors{aten::clamp(in[0], 0, 2)}; },
                      [](const Tensors& in, Tensors& out) { aten::clamp_out(out[0], in[0], 0, 2); },
                      [](Tensors& in) { in[0].clamp_(0, 2); },
                      pointwise([](Real auto x) { return clamp_ref<decltype(x)>(x, 0, 2); }),
                      Values::any, bool_to_long),
                  kComplex, kComplexClamp));
  add(with_errors(
      unary_case(
          {"clamp"}, [](const Tensors& in) { return Tensors{aten::clamp(in[0], 0.5, 1.5)}; },
          [](const Tensors& in, Tensors& out) { aten::clamp_out(out[0], in[0], 0.5, 1.5); },
          [](Tensors& in) { in[0].clamp_(0.5, 1.5); }, pointwise([](Real auto x) {
            return clamp_ref<double>(static_cast<double>(x), 0.5, 1.5);
          }),
          Values::any, promoted_to_float),
      kComplex, kComplexClamp));
  add(with_errors(
      unary_case(
          {"clamp"}, [](const Tensors& in) { return Tensors{aten::clamp(in[0], std::nullopt, 1)}; },
          nullptr, [](Tensors& in) { in[0].clamp_(std::nullopt, 1); },
          pointwise([](Real auto x) { return x != x || x < decltype(x)(1) ? x : decltype(x)(1); }),
          Values::any, bool_to_long),
      kComplex, kComplexClamp));
  for (bool is_min : {true, false}) {
    OpCase c =
        is_min ? unary_case(
                     {"clamp_min", "clamp_min.out", "clamp_min_"},
                     [](const Tensors& in) { return Tensors{aten::clamp_min(in[0], 1)}; },
                     [](const Tensors& in, Tensors& out) { aten::clamp_min_out(out[0], in[0], 1); },
                     [](Tensors& in) { in[0].clamp_min_(1); },
                     pointwise([](Real auto x) { return x < decltype(x)(1) ? decltype(x)(1) : x; }),
                     Values::any, bool_to_long)
               : unary_case(
                     {"clamp_max", "clamp_max.out", "clamp_max_"},
                     [](const Tensors& in) { return Tensors{aten::clamp_max(in[0], 1)}; },
                     [](const Tensors& in, Tensors& out) { aten::clamp_max_out(out[0], in[0], 1); },
                     [](Tensors& in) { in[0].clamp_max_(1); },
                     pointwise([](Real auto x) { return decltype(x)(1) < x ? decltype(x)(1) : x; }),
                     Values::any, bool_to_long);
    add(with_errors(c, kComplex, kComplexClamp));
  }
  // Tensor bounds broadcast and promote like operands.
  add([] {
    OpCase c = binary_case(
        {"clamp.Tensor", "clamp.Tensor_out", "clamp_.Tensor"},
        [](const Tensors& in) { return Tensors{aten::clamp(in[0], in[1], in[2])}; },
        [](const Tensors& in, Tensors& out) { aten::clamp_out(out[0], in[0], in[1], in[2]); },
        [](Tensors& in) { in[0].clamp_(in[1], in[2]); },
        pointwise([](Real auto a, Real auto lo, Real auto hi) { return clamp_ref(a, lo, hi); }));
    c.inputs.push_back(Input{kShape});
    return with_errors(c, kComplex, kComplexClamp);
  }());
  add(with_errors(
      binary_case(
          {"clamp.Tensor"},
          [](const Tensors& in) { return Tensors{aten::clamp(in[0], in[1], std::nullopt)}; },
          nullptr, nullptr,
          pointwise([](Real auto a, Real auto lo) { return clamp_min_ref(a, lo); })),
      kComplex, kComplexClamp));
  add(with_errors(
      binary_case({"clamp_min.Tensor", "clamp_min.Tensor_out", "clamp_min_.Tensor"},
                  ATEN_OPTEST_BINARY_CALLS(clamp_min),
                  pointwise([](Real auto a, Real auto lo) { return clamp_min_ref(a, lo); })),
      kComplex, kComplexClamp));
  add(with_errors(
      binary_case({"clamp_max.Tensor", "clamp_max.Tensor_out", "clamp_max_.Tensor"},
                  ATEN_OPTEST_BINARY_CALLS(clamp_max),
                  pointwise([](Real auto a, Real auto hi) { return clamp_max_ref(a, hi); })),
      kComplex, kComplexClamp));

  // ---- nan_to_num, where ----
  // Ordinary values pass through (the replacements are in test_unary.cpp).
  add([] {
    OpCase c = unary_case(
        {"nan_to_num", "nan_to_num.out", "nan_to_num_"},
        [](const Tensors& in) { return Tensors{aten::nan_to_num(in[0], 1.0)}; },
        [](const Tensors& in, Tensors& out) { aten::nan_to_num_out(out[0], in[0]); },
        [](Tensors& in) { in[0].nan_to_num_(); }, pointwise([](Real auto x) { return x; }));
    c.reference_ordinary_values_only = true;
    return c;
  }());
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
        Values::any, Values::any, bool_to_long);
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
