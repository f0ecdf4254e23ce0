// The cases of aten/native/Sorting.cpp's ops: sort (stable and not), argsort, msort. The
// reference sorts each line stably, NaN above every number; the unstable overloads run on lines
// of at most 16 elements, which introsort leaves to insertion sort, a stable one.
#include "../OpCase.h"

#include <aten/core/Tensor.h>
#include <aten/ops/argsort.h>
#include <aten/ops/msort.h>
#include <aten/ops/sort.h>

#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>

namespace aten::optest {

namespace {

// Values and indices of in[0] sorted along dim (stably).
auto sort_reference(int64_t dim, bool descending) {
  return [=](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor& x = in[0];
    RefTensor values = x, indices = filled(x.sizes, ScalarType::Long);
    values.dtype = dtypes[0];
    if (x.dim() == 0) return {values, indices};
    const int64_t d = wrap(dim, x.dim());
    Shape outer = x.sizes;
    outer[d] = 1;
    for_each_index(outer, [&](const Shape& base) {
      std::vector<std::pair<double, int64_t>> line;
      for (int64_t k = 0; k < x.sizes[d]; ++k) {
        Shape at = base;
        at[d] = k;
        line.emplace_back(x.at(at).real(), k);
      }
      std::stable_sort(line.begin(), line.end(), [&](const auto& a, const auto& b) {
        const bool na = std::isnan(a.first), nb = std::isnan(b.first);
        if (descending) return (na && !nb) || a.first > b.first;
        return (!na && nb) || a.first < b.first;
      });
      for (int64_t k = 0; k < x.sizes[d]; ++k) {
        Shape at = base, from = base;
        at[d] = k;
        from[d] = line[static_cast<size_t>(k)].second;
        values.at(at) = x.at(from);
        indices.at(at) = static_cast<double>(from[d]);
      }
    });
    return {values, indices};
  };
}

std::vector<ScalarType> values_and_long(std::span<const ScalarType> dtypes) {
  return {dtypes[0], ScalarType::Long};
}

}  // namespace

ATEN_OP_CASES(sorting) {
  std::vector<OpCase> cases;

  for (bool descending : {false, true}) {
    OpCase c;
    c.overloads = {"sort.stable", "sort.values_stable"};
    c.inputs = {Input{kShape}};
    c.call = [descending](const Tensors& in) {
      auto [v, i] = sort(in[0], std::optional<bool>(true), -1, descending);
      return Tensors{v, i};
    };
    c.call_out = [descending](const Tensors& in, Tensors& out) {
      sort_out(out[0], out[1], in[0], std::optional<bool>(true), -1, descending);
    };
    c.result_dtypes = values_and_long;
    c.reference = sort_reference(-1, descending);
    // The large layout's lines are as long as they are here; once is enough.
    if (descending) c.skip_layouts = {Layout::large};
    cases.push_back(c);
  }

  // The unstable overloads along dim 0: 6 elements a line (insertion sort, stable).
  OpCase plain;
  plain.overloads = {"sort", "sort.values"};
  plain.inputs = {Input{kShape}};
  plain.call = [](const Tensors& in) {
    auto [v, i] = sort(in[0], int64_t{0});
    return Tensors{v, i};
  };
  plain.call_out = [](const Tensors& in, Tensors& out) {
    sort_outf(in[0], 0, false, out[0], out[1]);
  };
  plain.result_dtypes = values_and_long;
  plain.reference = sort_reference(0, false);
  plain.skip_layouts = {Layout::large};  // 1873-element lines: introsort proper
  cases.push_back(plain);

  OpCase arg;
  arg.overloads = {"argsort", "argsort.stable"};
  arg.inputs = {Input{kShape}};
  arg.call = [](const Tensors& in) {
    return Tensors{argsort(in[0], int64_t{0}, true), in[0].argsort(true, -1, false)};
  };
  arg.result_dtypes = [](std::span<const ScalarType>) {
    return std::vector<ScalarType>{ScalarType::Long, ScalarType::Long};
  };
  arg.reference = [](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const ScalarType t[] = {dtypes[0], ScalarType::Long};
    return {sort_reference(0, true)(in, t)[1], sort_reference(-1, false)(in, t)[1]};
  };
  arg.skip_layouts = {Layout::large};
  arg.undeclared_error = "\"sort\" not implemented for";  // argsort is sort's indices
  cases.push_back(arg);

  OpCase m;
  m.overloads = {"msort", "msort.out"};
  m.inputs = {Input{kShape}};
  m.call = [](const Tensors& in) { return Tensors{msort(in[0])}; };
  m.call_out = [](const Tensors& in, Tensors& out) { msort_out(out[0], in[0]); };
  m.result_dtypes = first_dtype;
  m.reference = [](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    return {sort_reference(0, false)(in, dtypes)[0]};
  };
  m.skip_layouts = {Layout::large};
  m.undeclared_error = "\"sort\" not implemented for";  // msort is sort's values
  cases.push_back(m);
  return cases;
}

}  // namespace aten::optest
