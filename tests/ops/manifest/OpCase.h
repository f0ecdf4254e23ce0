#pragma once
// One operator as the manifest suite runs it. A case says how to call the op (functional,
// out=, in-place), which inputs it takes, and how to compute the answer from the inputs' values
// alone (the reference, plain loops in int64 / double / complex<double>). The suite
// (Runner.cpp) runs every case for every dtype the op declares in native_functions.yaml, on
// every input layout (Layout below), on CPU and on Meta, and checks that every overload of the
// manifest has a case.
//
// Cases live in cases/*.cpp, one file per aten/native/ file, named like it (the cases of
// BinaryOps.cpp's ops in cases/BinaryOps.cpp), each registering its cases with ATEN_OP_CASES.
// A typical pointwise case:
//
//   ATEN_OP_CASES(unary) {
//     return {unary_case({"exp", "exp.out", "exp_"}, ATEN_OPTEST_UNARY_CALLS(exp),
//                        pointwise([](auto x) { return std::exp(x); }), Values::any)};
//   }
#include "Domain.h"
#include "RefTensor.h"

#include <aten/core/Scalar.h>
#include <aten/core/Tensor.h>

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace aten::optest {

using Tensors = std::vector<Tensor>;
using Refs = std::vector<RefTensor>;

// How each input is laid out in memory; every case runs on each, with the same logical values
// where the shapes allow.
enum class Layout {
  contiguous,
  transposed,  // dims reversed in memory (permute of a contiguous tensor of reversed shape)
  sliced,      // last dim a step-2 slice at offset 1 of a wider tensor
  broadcast,   // pointwise ops: inputs with size-1 dims broadcast against each other; others:
               // every input an expand (stride 0 along dim 0)
  zero_size,   // dim 0 of every input of rank >= 1 is 0
  zero_dim,    // every input 0-dim
  large,       // contiguous, >= 2^16 elements: the vectorized and multi-threaded paths
};
inline constexpr Layout kLayouts[] = {Layout::contiguous, Layout::transposed, Layout::sliced,
                                      Layout::broadcast,  Layout::zero_size,  Layout::zero_dim,
                                      Layout::large};
const char* name_of(Layout layout);

// The values an input is filled with (Domain.h draws them, per dtype).
enum class Values {
  any,       // floats in [-3, 3], integers in [-9, 9], Bool both
  positive,  // floats in [0.125, 4], integers in [1, 9]
  nonzero,   // |x| in [0.25, 3] / [1, 9] with either sign
  unit,      // floats in (-1, 1), integers in {-1, 0, 1}
  small,     // floats in [-1.5, 1.5], integers in [-3, 3]: bases of pow, products of many
};

struct Input {
  Shape shape;  // at Layout::contiguous; the other layouts derive theirs from it
  Values values = Values::any;
  // Unset: the dtype under test. Set: this input always has this dtype (an index, a mask).
  std::optional<ScalarType> dtype = std::nullopt;
  // Overrides `values`: the value of element i (C order) of this input.
  std::function<double(int64_t i)> custom = nullptr;
  // The values along every line must stay distinct (custom makes them so): the fuzzer expands
  // none of this input's dims, whose repeats would make the op choose among equal elements
  // (topk's and kthvalue's indices), which the reference does not model.
  bool distinct = false;
};

struct OpCase {
  // The manifest overloads the calls below exercise ("exp", "exp.out", "exp_"); the first one's
  // operator name is the case's name, and its declared dtypes are the ones run.
  std::vector<std::string> overloads;
  std::vector<Input> inputs;
  // Set by all_cases(), unique in the registry: the first overload with '.' as '_', then _2,
  // _3 for later cases of the same overload in their file's order. Test suites, the fuzzer's
  // regression inputs and failure messages name a case by it.
  std::string name = {};

  std::function<Tensors(const Tensors&)> call;
  // out= variant: fills outs (one per result); null when the op has none.
  std::function<void(const Tensors&, Tensors& outs)> call_out = nullptr;
  // In-place variant on inputs[0]; null when the op has none.
  std::function<void(Tensors&)> call_inplace = nullptr;

  // The expected results' dtypes from the inputs' dtypes.
  std::function<std::vector<ScalarType>(std::span<const ScalarType>)> result_dtypes;
  // The expected results from the inputs' values (dtypes as result_dtypes gives them).
  std::function<Refs(const Refs&, std::span<const ScalarType> result_dtypes)> reference;

  // Pointwise ops broadcast their inputs against each other (Layout::broadcast).
  bool pointwise = false;
  std::vector<Layout> skip_layouts = {};
  // Dtypes run besides the declared ones, that the op accepts by promoting them to a
  // declared one (exp of an Int tensor computes in Float).
  std::vector<ScalarType> promoted_dtypes = {};
  // When the op's overloads declare no dtypes (composites): the dtypes to run.
  std::vector<ScalarType> dtypes = {};
  // In-place into a self with internal overlap (an expand) is an error, except for ops whose
  // every write to a location is the same value (fill_), as in ATen.
  bool inplace_allows_overlap = false;
  double tolerance_scale = 1.0;  // multiplies the per-dtype tolerances (Tolerance.h)
  // Floating inputs the op has no derivative for (nll_loss's class weights, as in ATen): the
  // gradcheck sweep keeps them constant.
  std::vector<size_t> not_differentiable_inputs = {};
  // Not run on Meta, with the reason (e.g. the result is a bool read from the data).
  const char* no_meta_reason = nullptr;
  // For the dtypes it does not accept: a fragment of the error the op gives instead of the
  // generated `"<op>" not implemented for '<dtype>'`, where ATen checks first with a message
  // of its own (sub of Bool tensors, maximum of complex ones).
  const char* undeclared_error = nullptr;
  // Per dtype, where the op's own messages differ by dtype (relu: one for Bool, clamp's for
  // complex); overrides undeclared_error for the dtypes listed.
  std::vector<std::pair<ScalarType, std::string>> undeclared_errors = {};
  // The in-place form writes the result converted to self's dtype instead of requiring self to
  // have it (comparisons and logical ops: ATen's eq_ on a Float self writes 1.0 / 0.0).
  bool inplace_keeps_self_dtype = false;
  // The reference covers ordinary values only: no NaN / Inf goes in (the special-values test,
  // the fuzzer). nan_to_num's reference is the identity; its replacements are checked against
  // ATen's in test_unary_ops.cpp.
  bool reference_ordinary_values_only = false;
  // Where the right answer depends on an order of evaluation the reference does not model: the
  // expected results, adjusted to accept the one the op gave (var_mean's running mean over values
  // holding an infinity is NaN or that infinity). Null: the reference's answer is the only one.
  std::function<Refs(const Tensors& results, Refs expected)> accept_order_dependent = nullptr;
};

// The results c's op may give, the reference's expected ones allowing for
// accept_order_dependent.
inline Refs acceptable_results(const OpCase& c, const Tensors& results, Refs expected) {
  return c.accept_order_dependent ? c.accept_order_dependent(results, std::move(expected))
                                  : expected;
}

// Registration: each cases/*.cpp defines ATEN_OP_CASES(group) { return {...}; }.
bool register_cases(std::vector<OpCase> (*make)());
const std::vector<OpCase>& all_cases();
// The registry's case of that name, or null.
const OpCase* find_case(std::string_view name);
#define ATEN_OP_CASES(group)                                            \
  static std::vector<::aten::optest::OpCase> aten_op_cases_##group();   \
  [[maybe_unused]] static const bool aten_op_cases_registered_##group = \
      ::aten::optest::register_cases(&aten_op_cases_##group);           \
  static std::vector<::aten::optest::OpCase> aten_op_cases_##group()

// ---- result dtype rules ------------------------------------------------------------------------

// The promoted dtype of the inputs (those of dtype under test; fixed-dtype inputs excluded by
// the runner, which passes only the tested ones).
std::vector<ScalarType> same_as_promoted(std::span<const ScalarType> dtypes);
// As promoted, with integral and Bool results becoming Float (ATen's default dtype).
std::vector<ScalarType> promoted_to_float(std::span<const ScalarType> dtypes);
// Bool, whatever the inputs.
std::vector<ScalarType> boolean(std::span<const ScalarType> dtypes);
// The first input's (self's), whatever the others'.
std::vector<ScalarType> first_dtype(std::span<const ScalarType> dtypes);
// The real counterpart of the first input's (abs and the norms of a complex input).
std::vector<ScalarType> real_of(std::span<const ScalarType> dtypes);
// With an integral Scalar operand (a wrapped int): a Bool tensor becomes Long, the Scalar's
// kind; the others keep their dtype.
std::vector<ScalarType> with_wrapped_int(std::span<const ScalarType> dtypes);

// ---- references -------------------------------------------------------------------------------

// A pointwise reference: broadcasts the inputs, converts each element to the computation
// domain (int64, double or complex<double>; compute_domain in Domain.h), calls f, and rounds
// the result to the result dtype. f is usually a generic lambda; constrain its parameters
// (`[](std::integral auto x)`) when it only makes sense in some domains.
template <typename F>
auto pointwise(F f) {
  return [f](const Refs& in, std::span<const ScalarType> result_dtypes) -> Refs {
    std::vector<Shape> shapes;
    std::vector<ScalarType> dtypes;
    for (const RefTensor& t : in) {
      shapes.push_back(t.sizes);
      dtypes.push_back(t.dtype);
    }
    RefTensor out = filled(broadcast_shapes(shapes), result_dtypes[0]);
    const Domain domain = compute_domain(dtypes, result_dtypes[0]);
    std::vector<std::complex<double>> args(in.size());
    for_each_index(out.sizes, [&](const Shape& idx) {
      for (size_t k = 0; k < in.size(); ++k) args[k] = read_broadcast(in[k], idx);
      out.at(idx) = round_to(out.dtype, apply_in_domain(f, domain, args, out.dtype));
    });
    return {out};
  };
}

// The reference of a sampling op, whose values are random draws: the inputs' broadcast shape,
// the result dtype, and the support every value must lie in (RefTensor::support).
std::function<Refs(const Refs&, std::span<const ScalarType>)> sampled(
    std::function<bool(double)> support);

// ---- case builders -----------------------------------------------------------------------------

// The default shapes: big enough for a vector loop with a tail, small enough to be quick.
inline const Shape kShape = {6, 35};

// A pointwise op of one tensor: inputs {kShape}, result dtype by `result`.
OpCase unary_case(
    std::vector<std::string> overloads, std::function<Tensors(const Tensors&)> call,
    std::function<void(const Tensors&, Tensors&)> call_out,
    std::function<void(Tensors&)> call_inplace,
    std::function<Refs(const Refs&, std::span<const ScalarType>)> reference,
    Values values = Values::any,
    std::function<std::vector<ScalarType>(std::span<const ScalarType>)> result = same_as_promoted);

// A pointwise op of two tensors.
OpCase binary_case(
    std::vector<std::string> overloads, std::function<Tensors(const Tensors&)> call,
    std::function<void(const Tensors&, Tensors&)> call_out,
    std::function<void(Tensors&)> call_inplace,
    std::function<Refs(const Refs&, std::span<const ScalarType>)> reference,
    Values values = Values::any, Values other_values = Values::any,
    std::function<std::vector<ScalarType>(std::span<const ScalarType>)> result = same_as_promoted);

// c, also run on the dtypes `promoted` (which the op accepts by promoting them), with its result
// dtypes by `result`.
OpCase promoting(OpCase c, std::vector<ScalarType> promoted,
                 std::vector<ScalarType> (*result)(std::span<const ScalarType>));
// c, refusing each of `dtypes` with `message` (ATen's own, or a fragment of it).
OpCase with_errors(OpCase c, std::vector<ScalarType> dtypes, const std::string& message);

// All thirteen dtypes: for ops that take any input (shape and copy ops).
inline const std::vector<ScalarType> kEveryDtype = {
    kBool,   kByte, kChar,     kShort,        kInt,           kLong,       kFloat,
    kDouble, kHalf, kBFloat16, kComplexFloat, kComplexDouble, kComplexHalf};
// The complex dtypes, which ops that refuse them do with a message of their own.
inline const std::vector<ScalarType> kComplex = {kComplexHalf, kComplexFloat, kComplexDouble};
// clamp's refusal of complex dtypes, which relu (clamp_min(x, 0)) gives too.
inline const std::string kComplexClamp = "clamp is not supported for complex types";

// The three calls of a structured unary op `op` with no other arguments.
#define ATEN_OPTEST_UNARY_CALLS(op)                                                             \
  [](const ::aten::optest::Tensors& in) { return ::aten::optest::Tensors{::aten::op(in[0])}; }, \
      [](const ::aten::optest::Tensors& in, ::aten::optest::Tensors& out) {                     \
        ::aten::op##_out(out[0], in[0]);                                                        \
      },                                                                                        \
      [](::aten::optest::Tensors& in) { in[0].op##_(); }

// The three calls of a structured binary op `op` with no other arguments.
#define ATEN_OPTEST_BINARY_CALLS(op)                                        \
  [](const ::aten::optest::Tensors& in) {                                   \
    return ::aten::optest::Tensors{::aten::op(in[0], in[1])};               \
  },                                                                        \
      [](const ::aten::optest::Tensors& in, ::aten::optest::Tensors& out) { \
        ::aten::op##_out(out[0], in[0], in[1]);                             \
      },                                                                    \
      [](::aten::optest::Tensors& in) { in[0].op##_(in[1]); }

}  // namespace aten::optest
