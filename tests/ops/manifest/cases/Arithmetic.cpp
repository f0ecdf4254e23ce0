// add and mul: Tensor-Tensor (with alpha), Tensor-Scalar (a wrapped number, below every tensor
// in promotion), functional / out= / in-place.
#include "../OpCase.h"

#include <aten/ATen.h>

namespace aten::optest {

namespace {

// A Scalar other joins promotion as a wrapped number: a floating one makes an integral tensor
// Float, an integral one changes nothing.
std::vector<ScalarType> with_wrapped_float(std::span<const ScalarType> dtypes) {
  return promoted_to_float(dtypes);
}

// Tensors of these dtypes run too: a floating Scalar makes them Float, an integral one makes a
// Bool tensor Long.
const std::vector<ScalarType> kIntoFloat = {ScalarType::Bool, ScalarType::Byte, ScalarType::Char,
                                            ScalarType::Short};
const std::vector<ScalarType> kIntoLong = {ScalarType::Bool};

// The result of an integral Scalar with a tensor: Long for Bool, else the tensor's dtype.
std::vector<ScalarType> with_wrapped_int(std::span<const ScalarType> dtypes) {
  return {dtypes[0] == ScalarType::Bool ? ScalarType::Long : dtypes[0]};
}

OpCase promoting(OpCase c, std::vector<ScalarType> promoted,
                 std::vector<ScalarType> (*result)(std::span<const ScalarType>)) {
  c.promoted_dtypes = std::move(promoted);
  c.result_dtypes = result;
  return c;
}

}  // namespace

ATEN_OP_CASES(arithmetic) {
  std::vector<OpCase> cases;
  cases.push_back(binary_case({"add.Tensor", "add.out", "add_.Tensor"}, ATEN_OPTEST_BINARY_CALLS(add),
                              pointwise([](auto x, auto y) { return x + y; })));
  cases.push_back(binary_case(
      {"add.Tensor", "add.out", "add_.Tensor"},
      [](const Tensors& in) { return Tensors{add(in[0], in[1], 3)}; },
      [](const Tensors& in, Tensors& out) { add_out(out[0], in[0], in[1], 3); },
      [](Tensors& in) { in[0].add_(in[1], 3); },
      pointwise([](auto x, auto y) { return x + decltype(x)(3) * y; })));
  cases.push_back(promoting(unary_case({"add.Scalar"}, [](const Tensors& in) { return Tensors{add(in[0], 2.5)}; },
                                       nullptr, nullptr, pointwise([](auto x) { return x + 2.5; })),
                            kIntoFloat, with_wrapped_float));
  cases.push_back(promoting(unary_case({"add.Scalar"}, [](const Tensors& in) { return Tensors{add(in[0], 4, 2)}; },
                                       nullptr, nullptr, pointwise([](auto x) { return x + decltype(x)(8); })),
                            kIntoLong, with_wrapped_int));
  cases.push_back(binary_case({"mul.Tensor", "mul.out", "mul_.Tensor"}, ATEN_OPTEST_BINARY_CALLS(mul),
                              pointwise([](auto x, auto y) { return x * y; })));
  cases.push_back(promoting(unary_case({"mul.Scalar"}, [](const Tensors& in) { return Tensors{mul(in[0], -1.5)}; },
                                       nullptr, nullptr, pointwise([](auto x) { return x * -1.5; })),
                            kIntoFloat, with_wrapped_float));
  cases.push_back(promoting(unary_case({"mul.Scalar"}, [](const Tensors& in) { return Tensors{mul(in[0], 3)}; },
                                       nullptr, nullptr, pointwise([](auto x) { return x * decltype(x)(3); })),
                            kIntoLong, with_wrapped_int));
  return cases;
}

}  // namespace aten::optest
