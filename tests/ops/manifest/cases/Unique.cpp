// The cases of aten/native/Unique.cpp's op: _unique2, sorted, with the inverse and the counts,
// and with neither (empty Long tensors in their place). The reference sorts the distinct values
// of the flattened input.
#include "../OpCase.h"

#include <aten/core/Tensor.h>
#include <aten/ops/_unique2.h>

#include <map>
#include <tuple>
#include <vector>

namespace aten::optest {

namespace {

double repeating(int64_t i) { return static_cast<double>((i * 7) % 11 - 5); }

auto unique_reference(bool with_inverse) {
  return [=](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor& x = in[0];
    std::map<double, int64_t> count;
    for (const auto& v : x.values) ++count[v.real()];
    RefTensor values = filled({static_cast<int64_t>(count.size())}, dtypes[0]);
    RefTensor counts = filled({with_inverse ? static_cast<int64_t>(count.size()) : 0},
                              ScalarType::Long);
    std::map<double, int64_t> position;
    int64_t k = 0;
    for (const auto& [v, c] : count) {
      values.values[static_cast<size_t>(k)] = v;
      if (with_inverse) counts.values[static_cast<size_t>(k)] = static_cast<double>(c);
      position[v] = k++;
    }
    RefTensor inverse = filled(with_inverse ? x.sizes : Shape{0}, ScalarType::Long);
    if (with_inverse)
      for (size_t i = 0; i < x.values.size(); ++i)
        inverse.values[i] = static_cast<double>(position[x.values[i].real()]);
    return {values, inverse, counts};
  };
}

}  // namespace

ATEN_OP_CASES(unique) {
  std::vector<OpCase> cases;
  for (bool with_inverse : {true, false}) {
    OpCase c;
    c.overloads = {"_unique2"};
    c.inputs = {Input{{6, 7}, Values::any, std::nullopt, repeating}};
    c.call = [with_inverse](const Tensors& in) {
      auto [v, i, n] = _unique2(in[0], true, with_inverse, with_inverse);
      return Tensors{v, i, n};
    };
    c.result_dtypes = [](std::span<const ScalarType> t) {
      return std::vector<ScalarType>{t[0], ScalarType::Long, ScalarType::Long};
    };
    c.reference = unique_reference(with_inverse);
    c.no_meta_reason = "the result's size is the number of distinct values";
    cases.push_back(c);
  }
  return cases;
}

}  // namespace aten::optest
