// The cases of aten/native/Clamp.cpp's ops: clamp, clamp_min, clamp_max (Scalar and Tensor
// bounds). Min > max, NaN bounds and ATen's error messages are in tests/ops/test_clamp.cpp.
#include "../OpCase.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/clamp.h>
#include <aten/ops/clamp_max.h>
#include <aten/ops/clamp_min.h>

#include <optional>

namespace aten::optest {

namespace {

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

}  // namespace

ATEN_OP_CASES(clamp) {
  std::vector<OpCase> cases;
  auto add = [&](OpCase c) { cases.push_back(std::move(c)); };

  // Scalar bounds: integral ones keep the dtype (Bool becomes Long), floating ones make
  // integral selves Float. (Negative bounds convert to Byte by wrapping, as in ATen: -1 is 255.)
  add(with_errors(unary_case(
                      {"clamp", "clamp.out", "clamp_"},
                      [](const Tensors& in) { return Tensors{aten::clamp(in[0], 0, 2)}; },
                      [](const Tensors& in, Tensors& out) { aten::clamp_out(out[0], in[0], 0, 2); },
                      [](Tensors& in) { in[0].clamp_(0, 2); },
                      pointwise([](Real auto x) { return clamp_ref<decltype(x)>(x, 0, 2); }),
                      Values::any, with_wrapped_int),
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
          Values::any, with_wrapped_int),
      kComplex, kComplexClamp));
  for (bool is_min : {true, false}) {
    OpCase c =
        is_min ? unary_case(
                     {"clamp_min", "clamp_min.out", "clamp_min_"},
                     [](const Tensors& in) { return Tensors{aten::clamp_min(in[0], 1)}; },
                     [](const Tensors& in, Tensors& out) { aten::clamp_min_out(out[0], in[0], 1); },
                     [](Tensors& in) { in[0].clamp_min_(1); },
                     pointwise([](Real auto x) { return x < decltype(x)(1) ? decltype(x)(1) : x; }),
                     Values::any, with_wrapped_int)
               : unary_case(
                     {"clamp_max", "clamp_max.out", "clamp_max_"},
                     [](const Tensors& in) { return Tensors{aten::clamp_max(in[0], 1)}; },
                     [](const Tensors& in, Tensors& out) { aten::clamp_max_out(out[0], in[0], 1); },
                     [](Tensors& in) { in[0].clamp_max_(1); },
                     pointwise([](Real auto x) { return decltype(x)(1) < x ? decltype(x)(1) : x; }),
                     Values::any, with_wrapped_int);
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
  return cases;
}

}  // namespace aten::optest
