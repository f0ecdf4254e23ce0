// The case registry, the result-dtype rules and the pointwise case builders of OpCase.h.
#include "OpCase.h"

#include <aten/core/TypePromotion.h>

#include <algorithm>
#include <map>
#include <string>

namespace aten::optest {

namespace {

std::vector<std::vector<OpCase> (*)()>& makers() {
  static std::vector<std::vector<OpCase> (*)()> m;
  return m;
}

ScalarType promote_all(std::span<const ScalarType> dtypes) {
  ScalarType t = dtypes.empty() ? ScalarType::Float : dtypes[0];
  for (ScalarType d : dtypes) t = promote_types(t, d);
  return t;
}

}  // namespace

const char* name_of(Layout layout) {
  switch (layout) {
    case Layout::contiguous:
      return "contiguous";
    case Layout::transposed:
      return "transposed";
    case Layout::sliced:
      return "sliced";
    case Layout::broadcast:
      return "broadcast";
    case Layout::zero_size:
      return "zero_size";
    case Layout::zero_dim:
      return "zero_dim";
    case Layout::large:
      return "large";
  }
  return "?";
}

bool register_cases(std::vector<OpCase> (*make)()) {
  makers().push_back(make);
  return true;
}

// Built on first use, after every file's registration ran (static initialisation order
// across files is unspecified, so the cases themselves are not built then).
const std::vector<OpCase>& all_cases() {
  static const std::vector<OpCase> cases = [] {
    std::vector<OpCase> all;
    std::map<std::string, int> seen;
    for (auto* make : makers())
      for (OpCase& c : make()) {
        std::string name = c.overloads.at(0);
        std::replace(name.begin(), name.end(), '.', '_');
        if (int n = seen[name]++; n > 0) name.append("_").append(std::to_string(n + 1));
        c.name = std::move(name);
        all.push_back(std::move(c));
      }
    return all;
  }();
  return cases;
}

const OpCase* find_case(std::string_view name) {
  for (const OpCase& c : all_cases())
    if (c.name == name) return &c;
  return nullptr;
}

std::vector<ScalarType> same_as_promoted(std::span<const ScalarType> dtypes) {
  return {promote_all(dtypes)};
}

std::vector<ScalarType> promoted_to_float(std::span<const ScalarType> dtypes) {
  ScalarType t = promote_all(dtypes);
  return {isIntegralType(t, /*include_bool=*/true) ? ScalarType::Float : t};
}

std::vector<ScalarType> boolean(std::span<const ScalarType>) { return {ScalarType::Bool}; }

std::vector<ScalarType> first_dtype(std::span<const ScalarType> dtypes) { return {dtypes[0]}; }
std::vector<ScalarType> real_of(std::span<const ScalarType> dtypes) {
  return {toRealValueType(dtypes[0])};
}

std::vector<ScalarType> with_wrapped_int(std::span<const ScalarType> dtypes) {
  return {dtypes[0] == ScalarType::Bool ? ScalarType::Long : dtypes[0]};
}

OpCase unary_case(std::vector<std::string> overloads, std::function<Tensors(const Tensors&)> call,
                  std::function<void(const Tensors&, Tensors&)> call_out,
                  std::function<void(Tensors&)> call_inplace,
                  std::function<Refs(const Refs&, std::span<const ScalarType>)> reference,
                  Values values,
                  std::function<std::vector<ScalarType>(std::span<const ScalarType>)> result) {
  OpCase c;
  c.overloads = std::move(overloads);
  c.inputs = {Input{kShape, values}};
  c.call = std::move(call);
  c.call_out = std::move(call_out);
  c.call_inplace = std::move(call_inplace);
  c.result_dtypes = std::move(result);
  c.reference = std::move(reference);
  c.pointwise = true;
  return c;
}

OpCase binary_case(std::vector<std::string> overloads, std::function<Tensors(const Tensors&)> call,
                   std::function<void(const Tensors&, Tensors&)> call_out,
                   std::function<void(Tensors&)> call_inplace,
                   std::function<Refs(const Refs&, std::span<const ScalarType>)> reference,
                   Values values, Values other_values,
                   std::function<std::vector<ScalarType>(std::span<const ScalarType>)> result) {
  OpCase c = unary_case(std::move(overloads), std::move(call), std::move(call_out),
                        std::move(call_inplace), std::move(reference), values, std::move(result));
  c.inputs.push_back(Input{kShape, other_values});
  return c;
}

OpCase promoting(OpCase c, std::vector<ScalarType> promoted,
                 std::vector<ScalarType> (*result)(std::span<const ScalarType>)) {
  c.promoted_dtypes = std::move(promoted);
  c.result_dtypes = result;
  return c;
}

std::function<Refs(const Refs&, std::span<const ScalarType>)> sampled(
    std::function<bool(double)> support) {
  return [support = std::move(support)](const Refs& in, std::span<const ScalarType> result_dtypes) {
    // The inputs' broadcast shape (normal's mean and std broadcast against each other).
    std::vector<Shape> shapes;
    for (const RefTensor& t : in) shapes.push_back(t.sizes);
    RefTensor r = filled(broadcast_shapes(shapes), result_dtypes[0]);
    r.support = support;
    return Refs{r};
  };
}

OpCase with_errors(OpCase c, std::vector<ScalarType> dtypes, const std::string& message) {
  for (ScalarType t : dtypes) c.undeclared_errors.emplace_back(t, message);
  return c;
}

}  // namespace aten::optest
