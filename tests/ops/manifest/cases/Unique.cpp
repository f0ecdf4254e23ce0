// The cases of aten/native/Unique.cpp's ops. _unique2, sorted, with the inverse and the counts,
// and with neither (empty Long tensors in their place): the reference sorts the distinct values
// of the flattened input. unique_dim and unique_dim_consecutive (and unique_consecutive with a
// dim) along dims 0 and 1 of a 2-d input whose slices repeat, and dims 1 and 2 of a 3-d one (where
// the order a slice is read in matters), with and without asking for the inverse and counts
// (always computed): the reference keys a std::map by each slice's values, or compares each slice
// with the one before. unique_consecutive without dim, with the inverse and the counts in every
// combination: the reference compares each element with the one before. The dim cases skip the
// 0-dim inputs, which have no dim, and along dims other than 0 the zero-size ones, whose size-0
// dim 0 is an error there.
#include "../OpCase.h"

#include <aten/core/Tensor.h>
#include <aten/ops/_unique2.h>
#include <aten/ops/unique_consecutive.h>
#include <aten/ops/unique_dim.h>
#include <aten/ops/unique_dim_consecutive.h>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
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

// Element i (C order) of a [rows, 7] input: p(row) * 3 + q(col) - 4, so two rows are equal when
// their p are, two columns when their q are; the rows repeat in runs and apart.
double repeating_slices(int64_t i) {
  constexpr int64_t p[] = {0, 0, 2, 0, 1, 1};
  constexpr int64_t q[] = {1, 1, 0, 2, 1, 0, 0};
  return static_cast<double>(p[(i / 7) % 6] * 3 + q[i % 7] - 4);
}

// The slices of x along dim, each read in the C order of x with dims 0 and dim swapped (the
// order ATen compares them in), the distinct ones sorted (unique_dim) or the runs of equal
// neighbours (consecutive), with the inverse and the counts.
auto unique_dim_reference(int64_t dim, bool consecutive) {
  return [=](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor& x = in[0];
    const auto d = static_cast<size_t>(dim);
    const int64_t n = x.sizes[d];
    Shape rest = x.sizes;  // the shape of a slice, as read
    std::swap(rest[0], rest[d]);
    rest.erase(rest.begin());
    auto slice = [&](int64_t k) {
      std::vector<double> s;
      for_each_index(rest, [&](const Shape& r) {
        Shape idx{k};
        idx.insert(idx.end(), r.begin(), r.end());
        std::swap(idx[0], idx[d]);
        s.push_back(x.at(idx).real());
      });
      return s;
    };
    std::vector<std::vector<double>> distinct;
    std::vector<int64_t> counts;
    RefTensor inverse = filled({n}, ScalarType::Long);
    if (consecutive) {
      for (int64_t k = 0; k < n; ++k) {
        std::vector<double> s = slice(k);
        if (distinct.empty() || distinct.back() != s) {
          distinct.push_back(s);
          counts.push_back(0);
        }
        ++counts.back();
        inverse.values[static_cast<size_t>(k)] = static_cast<double>(distinct.size() - 1);
      }
    } else {
      std::map<std::vector<double>, int64_t> count;
      for (int64_t k = 0; k < n; ++k) ++count[slice(k)];
      std::map<std::vector<double>, int64_t> position;
      for (const auto& [s, c] : count) {
        position[s] = static_cast<int64_t>(distinct.size());
        distinct.push_back(s);
        counts.push_back(c);
      }
      for (int64_t k = 0; k < n; ++k)
        inverse.values[static_cast<size_t>(k)] = static_cast<double>(position[slice(k)]);
    }
    const auto m = static_cast<int64_t>(distinct.size());
    Shape sizes = x.sizes;
    sizes[d] = m;
    RefTensor values = filled(sizes, dtypes[0]);
    for_each_index(sizes, [&](const Shape& idx) {
      Shape t = idx;  // the distinct slice t[0], at t[1:] as read
      std::swap(t[0], t[d]);
      int64_t at = 0;
      for (size_t k = 1; k < t.size(); ++k) at = at * rest[k - 1] + t[k];
      values.at(idx) = distinct[static_cast<size_t>(t[0])][static_cast<size_t>(at)];
    });
    RefTensor counted = filled({m}, ScalarType::Long);
    for (int64_t j = 0; j < m; ++j)
      counted.values[static_cast<size_t>(j)] = static_cast<double>(counts[static_cast<size_t>(j)]);
    return {values, inverse, counted};
  };
}

// unique_consecutive without dim: the runs of equal elements of x flattened, the inverse in x's
// shape and the counts when asked for, empty otherwise.
auto unique_consecutive_reference(bool with_inverse, bool with_counts) {
  return [=](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor& x = in[0];
    std::vector<double> firsts;
    std::vector<int64_t> counts;
    RefTensor inverse = filled(with_inverse ? x.sizes : Shape{0}, ScalarType::Long);
    for (size_t i = 0; i < x.values.size(); ++i) {
      const double v = x.values[i].real();
      if (firsts.empty() || firsts.back() != v) {
        firsts.push_back(v);
        counts.push_back(0);
      }
      ++counts.back();
      if (with_inverse) inverse.values[i] = static_cast<double>(firsts.size() - 1);
    }
    RefTensor values = filled({static_cast<int64_t>(firsts.size())}, dtypes[0]);
    for (size_t j = 0; j < firsts.size(); ++j) values.values[j] = firsts[j];
    RefTensor counted = filled({with_counts ? static_cast<int64_t>(counts.size()) : 0},
                               ScalarType::Long);
    if (with_counts)
      for (size_t j = 0; j < counts.size(); ++j) counted.values[j] = static_cast<double>(counts[j]);
    return {values, inverse, counted};
  };
}

// Element i of a [3, 2, 7] input: 0, 0, 1 repeating, so that slices along dim 2 repeat and the
// order a slice is read in (x.transpose(0, 2)'s, not x.movedim(2, 0)'s) decides which of two
// sorts first.
double bits_by_three(int64_t i) { return static_cast<double>(i % 3 == 2); }

// A case of one of the unique ops on an input of that shape and values: the values, the inverse
// and the counts.
OpCase unique_op_case(std::string overload, Shape shape, double (*values)(int64_t),
                      std::function<std::tuple<Tensor, Tensor, Tensor>(const Tensor&)> op) {
  OpCase c;
  c.overloads = {std::move(overload)};
  c.inputs = {Input{std::move(shape), Values::any, std::nullopt, values}};
  c.call = [op = std::move(op)](const Tensors& in) {
    auto [v, i, n] = op(in[0]);
    return Tensors{v, i, n};
  };
  c.result_dtypes = [](std::span<const ScalarType> t) {
    return std::vector<ScalarType>{t[0], ScalarType::Long, ScalarType::Long};
  };
  c.no_meta_reason = "the result's size is the number of distinct values";
  return c;
}

}  // namespace

ATEN_OP_CASES(unique_dim) {
  std::vector<OpCase> cases;
  for (int64_t dim : {0, 1}) {
    for (bool asked : {true, false}) {
      // unique_dim, unique_dim_consecutive and unique_consecutive with a dim: each its case.
      OpCase sorted = unique_op_case("unique_dim", {6, 7}, repeating_slices, [=](const Tensor& t) {
        return unique_dim(t, dim, true, asked, asked);
      });
      sorted.reference = unique_dim_reference(dim, false);
      OpCase runs = unique_op_case(
          "unique_dim_consecutive", {6, 7}, repeating_slices,
          [=](const Tensor& t) { return unique_dim_consecutive(t, dim - 2, asked, asked); });
      runs.reference = unique_dim_reference(dim, true);
      OpCase runs_by_dim = unique_op_case(
          "unique_consecutive", {6, 7}, repeating_slices,
          [=](const Tensor& t) { return unique_consecutive(t, asked, asked, dim); });
      runs_by_dim.reference = unique_dim_reference(dim, true);
      for (OpCase* c : {&sorted, &runs, &runs_by_dim}) {
        c->skip_layouts = {Layout::zero_dim};
        if (dim == 1) c->skip_layouts.push_back(Layout::zero_size);
        cases.push_back(*c);
      }
    }
  }
  // Slices of a 3-d input along dims 1 and 2, read in ATen's order.
  for (int64_t dim : {1, 2}) {
    OpCase sorted = unique_op_case("unique_dim", {3, 2, 7}, bits_by_three, [=](const Tensor& t) {
      return unique_dim(t, dim - 3, true, false, false);
    });
    sorted.reference = unique_dim_reference(dim, false);
    OpCase runs = unique_op_case(
        "unique_dim_consecutive", {3, 2, 7}, bits_by_three,
        [=](const Tensor& t) { return unique_dim_consecutive(t, dim, true, true); });
    runs.reference = unique_dim_reference(dim, true);
    for (OpCase* c : {&sorted, &runs}) {
      c->skip_layouts = {Layout::zero_dim, Layout::zero_size};
      cases.push_back(*c);
    }
  }
  // unique_dim's sorted=False sorts too.
  OpCase unsorted = unique_op_case("unique_dim", {6, 7}, repeating_slices, [](const Tensor& t) {
    return unique_dim(t, 0, false, true, true);
  });
  unsorted.reference = unique_dim_reference(0, false);
  unsorted.skip_layouts = {Layout::zero_dim};
  cases.push_back(unsorted);
  return cases;
}

ATEN_OP_CASES(unique_consecutive) {
  std::vector<OpCase> cases;
  for (auto flags : {std::pair{true, true}, std::pair{true, false}, std::pair{false, true},
                     std::pair{false, false}}) {
    // Named copies: clang 14 refuses lambdas capturing structured bindings.
    const bool with_inverse = flags.first, with_counts = flags.second;
    OpCase c = unique_op_case("unique_consecutive", {6, 7}, repeating_slices, [=](const Tensor& t) {
      return unique_consecutive(t, with_inverse, with_counts);
    });
    c.reference = unique_consecutive_reference(with_inverse, with_counts);
    cases.push_back(c);
  }
  return cases;
}

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
