// The cases of aten/native/Copy.cpp's ops: copy_ (broadcast source, converting), clone,
// contiguous, to, type_as.
#include "../OpCase.h"

#include <aten/core/Tensor.h>
#include <aten/ops/copy.h>
#include <aten/ops/empty_like.h>
#include <aten/ops/t.h>
#include <aten/ops/to.h>
#include <aten/ops/type_as.h>

namespace aten::optest {

namespace {

// copy_ into a fresh tensor shaped like self, so that the functional call leaves self alone.
Tensors copied(const Tensors& in) {
  Tensor self = empty_like(in[0]);
  self.copy_(in[1]);
  return {self};
}

auto source = pointwise([](auto, auto src) { return src; });

}  // namespace

ATEN_OP_CASES(copy) {
  std::vector<OpCase> cases;
  // Same dtype, and from Float into every dtype (rounding, truncation toward zero, Bool).
  OpCase same = binary_case(
      {"copy_"}, copied, nullptr, [](Tensors& in) { in[0].copy_(in[1]); }, source);
  same.result_dtypes = first_dtype;
  cases.push_back(same);
  OpCase from_float = same;
  from_float.inputs[1].dtype = ScalarType::Float;
  from_float.inputs[1].values = Values::positive;  // a negative float into Byte is undefined in C++
  cases.push_back(from_float);
  OpCase into_double = same;  // every dtype into Double
  into_double.inputs[0].dtype = ScalarType::Double;
  into_double.result_dtypes = [](std::span<const ScalarType>) {
    return std::vector{ScalarType::Double};
  };
  cases.push_back(into_double);

  auto identity = pointwise([](auto x) { return x; });
  cases.push_back(unary_case(
      {"clone"}, [](const Tensors& in) { return Tensors{in[0].clone()}; }, nullptr, nullptr,
      identity));
  cases.push_back(unary_case(
      {"contiguous"}, [](const Tensors& in) { return Tensors{in[0].contiguous()}; }, nullptr,
      nullptr, identity));
  for (ScalarType to : {ScalarType::Double, ScalarType::Half, ScalarType::Long, ScalarType::Bool,
                        ScalarType::ComplexHalf}) {
    OpCase c = unary_case(
        {"to.dtype"}, [to](const Tensors& in) { return Tensors{in[0].to(to)}; }, nullptr, nullptr,
        identity, Values::positive);
    c.result_dtypes = [to](std::span<const ScalarType>) { return std::vector{to}; };
    cases.push_back(c);
  }

  // to(other) and type_as take other's dtype (and device): a fixed Double other converts, one
  // of the dtype under test gives self back.
  for (bool same : {false, true}) {
    OpCase to_other = binary_case(
        {"to.other"}, [](const Tensors& in) { return Tensors{in[0].to(in[1])}; }, nullptr, nullptr,
        pointwise([](auto x, auto) { return x; }));
    to_other.inputs[1].shape = {1};
    if (!same) to_other.inputs[1].dtype = ScalarType::Double;
    to_other.result_dtypes = [same](std::span<const ScalarType> t) {
      return std::vector{same ? t[0] : ScalarType::Double};
    };
    to_other.reference = [](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
      RefTensor out = in[0];
      out.dtype = dtypes[0];
      for (auto& v : out.values) v = round_to(out.dtype, v);
      return {out};
    };
    to_other.pointwise = false;
    cases.push_back(to_other);
    OpCase type_as = to_other;
    type_as.overloads = {"type_as"};
    type_as.call = [](const Tensors& in) { return Tensors{in[0].type_as(in[1])}; };
    cases.push_back(type_as);
  }
  return cases;
}

}  // namespace aten::optest
