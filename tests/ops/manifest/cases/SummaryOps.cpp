// The cases of aten/native/SummaryOps.cpp's op: bincount, counting and summing Float and Double
// weights, with and without a minlength above the largest value.
#include "../OpCase.h"

#include <aten/core/Tensor.h>
#include <aten/ops/bincount.h>

#include <algorithm>
#include <optional>
#include <vector>

namespace aten::optest {

namespace {

double small_count(int64_t i) { return static_cast<double>((i * 7) % 9); }
double weight(int64_t i) { return 0.25 * static_cast<double>(i % 5) - 0.5; }

// in[0] the values, in[1] (when weighted) the weights.
auto bincount_reference(int64_t minlength, ScalarType result) {
  return [=](const Refs& in, std::span<const ScalarType>) -> Refs {
    const RefTensor& x = in[0];
    int64_t bins = minlength;
    for (const auto& v : x.values) bins = std::max(bins, static_cast<int64_t>(v.real()) + 1);
    // An empty input gives Long zeros, weights or not (ATen's).
    RefTensor out = filled({bins}, x.numel() == 0 ? ScalarType::Long : result);
    for (size_t i = 0; i < x.values.size(); ++i)
      out.values[static_cast<size_t>(x.values[i].real())] += in.size() > 1 ? in[1].values[i] : 1.0;
    if (out.dtype == ScalarType::Float)
      for (auto& v : out.values) v = round_to(ScalarType::Float, v);
    return {out};
  };
}

}  // namespace

ATEN_OP_CASES(summary_ops) {
  std::vector<OpCase> cases;
  const char* no_meta = "the result's size is the largest value's";
  OpCase plain;
  plain.overloads = {"bincount"};
  plain.inputs = {Input{{40}, Values::any, std::nullopt, small_count}};
  plain.call = [](const Tensors& in) { return Tensors{bincount(in[0])}; };
  plain.result_dtypes = [](std::span<const ScalarType>) {
    return std::vector<ScalarType>{ScalarType::Long};
  };
  plain.reference = bincount_reference(0, ScalarType::Long);
  plain.skip_layouts = {Layout::zero_dim};  // a 1-d input only (test_summary_ops.cpp)
  plain.no_meta_reason = no_meta;
  cases.push_back(plain);

  for (ScalarType w : {ScalarType::Float, ScalarType::Double}) {
    OpCase c;
    c.overloads = {"bincount"};
    c.inputs = {Input{{40}, Values::any, std::nullopt, small_count},
                Input{{40}, Values::any, w, weight}};
    c.call = [](const Tensors& in) { return Tensors{in[0].bincount(in[1], 12)}; };
    c.result_dtypes = [w](std::span<const ScalarType>) { return std::vector<ScalarType>{w}; };
    c.reference = bincount_reference(12, w);
    c.skip_layouts = {Layout::zero_dim};
    c.no_meta_reason = no_meta;
    cases.push_back(c);
  }
  return cases;
}

}  // namespace aten::optest
