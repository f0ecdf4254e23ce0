#pragma once
// What the reduction and scan cases share (cases/ReduceOps.cpp, MinMax.cpp, Moments.cpp,
// Norms.cpp, Cumulative.cpp): every overload runs over several dim lists, with and without
// keepdim, and with dtype= / correction / p where the op has them. One reference reducer serves
// them all: it hands each output's elements (C order of the reduced dims) to a function of the op.
#include "OpCase.h"

#include <aten/core/Tensor.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace aten::optest {

using Values1d = std::vector<std::complex<double>>;
// One output position's elements -> its results (one per result tensor).
using Reducer = std::function<Values1d(const Values1d&)>;
using Dims = std::optional<std::vector<int64_t>>;  // None: every dim

// Which dims of a rank-`rank` tensor dims names (None or [] -> all; a 0-dim tensor has none).
inline std::vector<bool> reduced_dims(const Dims& dims, int64_t rank) {
  std::vector<bool> reduced(static_cast<size_t>(rank), !dims || dims->empty());
  if (dims)
    for (int64_t d : *dims) {
      if (rank == 0) continue;
      reduced[static_cast<size_t>(d < 0 ? d + rank : d)] = true;
    }
  return reduced;
}

// The generic reference: in[0] reduced over dims, keepdim or not; f gets every output
// position's elements and returns its results, rounded to result_dtypes.
// With `magnitude` (sums), each result also gets magnitude(group) as its RefTensor::magnitudes.
inline auto reduce_reference(Dims dims, bool keepdim, Reducer f,
                             std::function<double(const Values1d&)> magnitude = nullptr) {
  return [dims, keepdim, f, magnitude](const Refs& in,
                                       std::span<const ScalarType> result_dtypes) -> Refs {
    const RefTensor& x = in[0];
    const std::vector<bool> reduced = reduced_dims(dims, x.dim());
    Shape kept, out_shape;
    for (size_t d = 0; d < x.sizes.size(); ++d) {
      if (!reduced[d]) kept.push_back(x.sizes[d]);
      if (!reduced[d]) out_shape.push_back(x.sizes[d]);
      else if (keepdim) out_shape.push_back(1);
    }
    std::vector<Values1d> groups(static_cast<size_t>(numel_of(kept)));
    for_each_index(x.sizes, [&](const Shape& idx) {
      int64_t o = 0;
      for (size_t d = 0; d < idx.size(); ++d)
        if (!reduced[d]) o = o * x.sizes[d] + idx[d];
      groups[static_cast<size_t>(o)].push_back(x.at(idx));
    });
    Refs outs;
    for (ScalarType t : result_dtypes) outs.push_back(filled(out_shape, t));
    for (size_t o = 0; o < groups.size(); ++o) {
      const Values1d r = f(groups[o]);
      for (size_t k = 0; k < outs.size(); ++k) outs[k].values[o] = round_to(outs[k].dtype, r[k]);
      if (magnitude)
        for (RefTensor& out : outs) out.magnitudes.push_back(magnitude(groups[o]));
    }
    return outs;
  };
}

// ---- the reducers of several ops ----

// The sum of the terms' magnitudes: what a floating sum's rounding error grows with.
inline double total_magnitude(const Values1d& v) {
  double m = 0;
  for (const auto& x : v) m += std::abs(x);
  return m;
}
inline std::complex<double> total(const Values1d& v) {
  std::complex<double> s = 0;
  for (auto x : v) s += x;
  return s;
}
inline std::complex<double> average(const Values1d& v) {
  // 0 / 0: NaN, in both parts of a complex mean (round_to keeps the real part for real dtypes).
  return v.empty() ? std::complex<double>(std::nan(""), std::nan(""))
                   : total(v) / static_cast<double>(v.size());
}

// ---- result dtypes ----

inline std::vector<ScalarType> same(std::span<const ScalarType> t) { return {t[0]}; }
// sum, nansum, prod, cumsum: integral and Bool into Long.
inline std::vector<ScalarType> long_if_integral(std::span<const ScalarType> t) {
  return {isIntegralType(t[0], true) ? ScalarType::Long : t[0]};
}

// ---- case shapes ----

// A 3-d input, so that dim lists can skip a dim; its dim 0 is the one zero_size empties.
inline const Shape kShape3 = {5, 6, 7};

struct DimCase {
  Dims dims;
  bool keepdim;
};
// The dim lists every dim-list reduction runs: all (None), all ([]), one inner dim, the
// leading dim (the outer path), two dims around a kept one, negative dims.
inline const DimCase kDimLists[] = {{std::nullopt, false},
                                    {std::vector<int64_t>{}, true},
                                    {std::vector<int64_t>{1}, false},
                                    {std::vector<int64_t>{0}, true},
                                    {std::vector<int64_t>{0, 2}, false},
                                    {std::vector<int64_t>{-1, -2}, true}};
// Single dims, for ops that take one.
inline const DimCase kSingleDims[] = {{std::vector<int64_t>{0}, false},
                                      {std::vector<int64_t>{1}, true},
                                      {std::vector<int64_t>{-1}, false}};

inline bool reduces_dim0(const Dims& dims) {
  if (!dims || dims->empty()) return true;
  return std::any_of(dims->begin(), dims->end(), [](int64_t d) { return d == 0 || d == -3; });
}
// A 0-dim tensor has only dim 0 (alias -1), so only None, [], [0] and [-1] apply to it.
inline bool fits_zero_dim(const Dims& dims) {
  return !dims || dims->size() == 0 || (dims->size() == 1 && ((*dims)[0] == 0 || (*dims)[0] == -1));
}

// A reduction case over kShape3 with the layouts its dims allow; ops without an identity skip
// zero_size when they reduce the emptied dim (an error, tested in test_min_max.cpp).
inline OpCase reduction_case(
    std::vector<std::string> overloads, const DimCase& dc, bool has_identity,
    std::function<std::vector<ScalarType>(std::span<const ScalarType>)> result, Reducer f) {
  OpCase c;
  c.overloads = std::move(overloads);
  c.inputs = {Input{kShape3}};
  c.result_dtypes = std::move(result);
  c.reference = reduce_reference(dc.dims, dc.keepdim, std::move(f));
  c.tolerance_scale = 10;  // up to thousands of terms
  if (!fits_zero_dim(dc.dims)) c.skip_layouts.push_back(Layout::zero_dim);
  if (!has_identity && reduces_dim0(dc.dims)) c.skip_layouts.push_back(Layout::zero_size);
  return c;
}

inline std::optional<IntArrayRef> opt_dims(const Dims& d) {
  return d ? std::optional<IntArrayRef>(IntArrayRef(*d)) : std::nullopt;
}
inline IntArrayRef dims_or_all(const Dims& d) { return d ? IntArrayRef(*d) : IntArrayRef(); }

// Every dtype but ComplexFloat and ComplexDouble (which every op here declares): for cases whose
// dtype= makes any input valid (a ComplexHalf input converted to it, as in ATen).
inline const std::vector<ScalarType> kEveryDtypeButComplex = {
    ScalarType::Bool,  ScalarType::Byte,   ScalarType::Char,       ScalarType::Short,
    ScalarType::Int,   ScalarType::Long,   ScalarType::Half,       ScalarType::BFloat16,
    ScalarType::Float, ScalarType::Double, ScalarType::ComplexHalf};

// Products stay finite and exact in every dtype, Byte included: mostly 1, among the first
// elements four 2s (a product of 16, small enough that a finite difference of its second
// derivative in double is not lost in rounding).
inline double product_values(int64_t i) { return i % 53 == 5 && i < 200 ? 2.0 : 1.0; }

}  // namespace aten::optest
