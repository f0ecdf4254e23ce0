// The cases of aten/native/Sorting.cpp's ops: sort (stable and not), argsort, msort, topk,
// kthvalue, median, nanmedian, mode. The reference sorts each line stably, NaN above every
// number, as every MiniATen sort does (stable=False included). topk and kthvalue, whose indices
// among equal elements are their algorithm's, run on values distinct along every line (the
// conformance suite compares their ties with libtorch's); median's order is (value, index), exact
// with ties; mode's lines are short and full of repeats.
#include "../ReductionCases.h"

#include <aten/core/Tensor.h>
#include <aten/ops/argsort.h>
#include <aten/ops/kthvalue.h>
#include <aten/ops/median.h>
#include <aten/ops/mode.h>
#include <aten/ops/msort.h>
#include <aten/ops/nanmedian.h>
#include <aten/ops/sort.h>
#include <aten/ops/topk.h>

#include <algorithm>
#include <cmath>
#include <map>
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

// Distinct along any line of up to 211 elements (i counted along the line, C order) and exact
// in every dtype: integers in [-105, 105] (Byte wraps them, still distinct).
double distinct(int64_t i) { return static_cast<double>((i * 97) % 211 - 105); }

// The first k of sort_reference's lines along dim (largest first when largest).
auto topk_reference(int64_t dim, int64_t k, bool largest) {
  return [=](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const Refs sorted = sort_reference(dim, largest)(in, dtypes);
    if (in[0].dim() == 0) return sorted;
    Shape sizes = in[0].sizes;
    sizes[wrap(dim, in[0].dim())] = k;
    auto same = [](const Shape& idx) { return idx; };
    return {moved(sorted[0], sizes, dtypes[0], same),
            moved(sorted[1], sizes, ScalarType::Long, same)};
  };
}

// The positions of v in (value, index) order, NaN last.
std::vector<int64_t> order_of(const Values1d& v) {
  std::vector<int64_t> idx(v.size());
  for (size_t i = 0; i < v.size(); ++i) idx[i] = static_cast<int64_t>(i);
  std::stable_sort(idx.begin(), idx.end(), [&](int64_t a, int64_t b) {
    const double x = v[static_cast<size_t>(a)].real(), y = v[static_cast<size_t>(b)].real();
    return (!std::isnan(x) && std::isnan(y)) || x < y;
  });
  return idx;
}

Values1d kth_of(const Values1d& v, int64_t k) {
  const int64_t i = order_of(v)[static_cast<size_t>(k - 1)];
  return {v[static_cast<size_t>(i)], static_cast<double>(i)};
}

// median: the first NaN, else the lower median; nanmedian: the lower median of the others. Of no
// values NaN, as ATen's (an integral dtype then gets what NaN converts to).
Values1d median_of(const Values1d& v, bool ignore_nan) {
  if (v.empty()) return {std::numeric_limits<double>::quiet_NaN(), 0.0};
  int64_t nans = 0;
  for (size_t i = 0; i < v.size(); ++i) {
    if (!std::isnan(v[i].real())) continue;
    if (!ignore_nan) return {v[i], static_cast<double>(i)};
    ++nans;
  }
  const int64_t n = static_cast<int64_t>(v.size()) - nans;
  if (n == 0) return {v[0], 0.0};
  const int64_t i = order_of(v)[static_cast<size_t>((n - 1) / 2)];
  return {v[static_cast<size_t>(i)], static_cast<double>(i)};
}

// The most frequent value (the smallest of them), and its last index: what ATen's sort by value
// then scan gives on lines insertion sort handles (stable).
Values1d mode_of(const Values1d& v) {
  std::map<double, std::pair<int64_t, int64_t>> runs;  // value -> (count, last index)
  for (size_t i = 0; i < v.size(); ++i) {
    auto& r = runs[v[i].real()];
    ++r.first;
    r.second = static_cast<int64_t>(i);
  }
  double best = 0;
  int64_t count = 0, index = 0;
  for (const auto& [value, r] : runs) {
    if (r.first > count) {
      best = value;
      count = r.first;
      index = r.second;
    }
  }
  return {best, static_cast<double>(index)};
}

void selection_cases(std::vector<OpCase>& cases) {
  // topk along the last dim (largest) and dim 0 (smallest): the nth_element path.
  // (Named copies of the tuple's fields: clang 14 refuses lambdas capturing structured bindings.)
  for (const auto& params : {std::tuple<int64_t, int64_t, bool>{-1, 3, true},
                             std::tuple<int64_t, int64_t, bool>{0, 2, false}}) {
    const int64_t dim = std::get<0>(params), k = std::get<1>(params);
    const bool largest = std::get<2>(params);
    OpCase c;
    c.overloads = {"topk", "topk.values"};
    c.inputs = {Input{kShape3, Values::any, std::nullopt, distinct}};
    c.inputs[0].distinct = true;
    c.call = [=](const Tensors& in) {
      auto [v, i] = topk(in[0], k, dim, largest);
      return Tensors{v, i};
    };
    c.call_out = [=](const Tensors& in, Tensors& out) {
      topk_out(out[0], out[1], in[0], k, dim, largest);
    };
    c.result_dtypes = values_and_long;
    c.reference = topk_reference(dim, k, largest);
    c.skip_layouts = {Layout::large, Layout::zero_dim};
    if (dim == 0) {
      c.skip_layouts.push_back(Layout::zero_size);  // k > 0 elements of none
      c.skip_layouts.push_back(Layout::broadcast);  // lines of one value: the algorithm's ties
    }
    cases.push_back(c);
  }
  // Lines of 200 with k = 2: the heap path (k * 64 <= 200).
  for (bool largest : {true, false}) {
    OpCase c;
    c.overloads = {"topk"};
    c.inputs = {
        Input{{3, 200}, Values::any, std::nullopt, [](int64_t i) { return distinct(i % 200); }}};
    c.inputs[0].distinct = true;
    c.call = [=](const Tensors& in) {
      auto [v, i] = in[0].topk(2, -1, largest);
      return Tensors{v, i};
    };
    c.result_dtypes = values_and_long;
    c.reference = topk_reference(-1, 2, largest);
    c.skip_layouts = {Layout::large, Layout::zero_dim};
    cases.push_back(c);
  }

  for (const DimCase& dc : kSingleDims) {
    const int64_t dim = (*dc.dims)[0];
    const bool keepdim = dc.keepdim;
    // k = 1 along dim 0, where the 0-dim layout runs too.
    const int64_t k = dim == 0 ? 1 : dim == 1 ? 3 : 4;
    OpCase kth = reduction_case({"kthvalue", "kthvalue.values"}, dc, false, values_and_long,
                                [k](const Values1d& v) { return kth_of(v, k); });
    kth.inputs[0].custom = distinct;
    kth.inputs[0].distinct = true;
    kth.call = [=](const Tensors& in) {
      auto [v, i] = kthvalue(in[0], k, dim, keepdim);
      return Tensors{v, i};
    };
    kth.call_out = [=](const Tensors& in, Tensors& out) {
      kthvalue_out(out[0], out[1], in[0], k, dim, keepdim);
    };
    kth.skip_layouts.push_back(Layout::large);
    if (k > 1) kth.skip_layouts.push_back(Layout::zero_dim);
    if (dim == 0) kth.skip_layouts.push_back(Layout::broadcast);  // lines of one value: ties
    cases.push_back(kth);

    for (bool ignore_nan : {false, true}) {
      OpCase m = reduction_case({ignore_nan ? "nanmedian.dim" : "median.dim",
                                 ignore_nan ? "nanmedian.dim_values" : "median.dim_values"},
                                dc, false, values_and_long,
                                [=](const Values1d& v) { return median_of(v, ignore_nan); });
      m.call = [=](const Tensors& in) {
        auto [v, i] = ignore_nan ? nanmedian(in[0], dim, keepdim) : median(in[0], dim, keepdim);
        return Tensors{v, i};
      };
      m.call_out = [=](const Tensors& in, Tensors& out) {
        if (ignore_nan) nanmedian_out(out[0], out[1], in[0], dim, keepdim);
        else median_out(out[0], out[1], in[0], dim, keepdim);
      };
      cases.push_back(m);
    }

    OpCase mo = reduction_case({"mode", "mode.values"}, dc, false, values_and_long, mode_of);
    mo.inputs[0].custom = [](int64_t i) { return static_cast<double>((i * 7) % 5 - 2); };
    mo.call = [=](const Tensors& in) {
      auto [v, i] = in[0].mode(dim, keepdim);
      return Tensors{v, i};
    };
    mo.call_out = [=](const Tensors& in, Tensors& out) {
      mode_out(out[0], out[1], in[0], dim, keepdim);
    };
    mo.skip_layouts.push_back(Layout::large);  // long lines: introsort proper
    cases.push_back(mo);
  }

  for (bool ignore_nan : {false, true}) {
    OpCase m = reduction_case(
        {ignore_nan ? "nanmedian" : "median"}, {std::nullopt, false}, false, same,
        [=](const Values1d& v) { return Values1d{median_of(v, ignore_nan)[0]}; });
    m.call = [=](const Tensors& in) {
      return Tensors{ignore_nan ? in[0].nanmedian() : median(in[0])};
    };
    cases.push_back(m);
  }
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
  selection_cases(cases);
  return cases;
}

}  // namespace aten::optest
