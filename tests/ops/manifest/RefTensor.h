#pragma once
// The reference side of the manifest suite: a tensor's logical values copied out of whatever
// layout it has, in C order, as complex<double>. Integers up to 2^53 and every float, double,
// Half and BFloat16 value are exact in it, so one element type serves every dtype; references
// convert to int64 / double / complex<double> when they compute (Domain.h).
#include <aten/core/Convert.h>
#include <aten/core/ScalarType.h>
#include <aten/core/Tensor.h>

#include <complex>
#include <cstdint>
#include <functional>
#include <vector>

namespace aten::optest {

using Shape = std::vector<int64_t>;

struct RefTensor {
  Shape sizes;
  ScalarType dtype = ScalarType::Undefined;
  std::vector<std::complex<double>> values;  // C order
  // Set for the results of sampling ops (uniform_, rand, ...), whose values are random draws
  // no reference can know: then `values` is not compared, and every value (both parts of a
  // complex one) must satisfy `support`, the distribution's (mismatch in Compare.h).
  std::function<bool(double)> support = nullptr;
  // Set for sums (per element, C order): the sum of the magnitudes of the terms. A floating sum's
  // rounding error grows with it, not with the result (terms that cancel to near 0), so each
  // element's absolute tolerance is at least the relative one times its magnitude.
  std::vector<double> magnitudes = {};

  int64_t numel() const { return static_cast<int64_t>(values.size()); }
  int64_t dim() const { return static_cast<int64_t>(sizes.size()); }

  // The linear position of coordinates idx (one per dim).
  int64_t offset(const Shape& idx) const {
    int64_t off = 0;
    for (size_t d = 0; d < sizes.size(); ++d) off = off * sizes[d] + idx[d];
    return off;
  }
  std::complex<double>& at(const Shape& idx) { return values[offset(idx)]; }
  const std::complex<double>& at(const Shape& idx) const { return values[offset(idx)]; }
};

inline int64_t numel_of(const Shape& s) {
  int64_t n = 1;
  for (int64_t x : s) n *= x;
  return n;
}

// Calls f(idx) for every coordinate of sizes, in C order.
inline void for_each_index(const Shape& sizes, const std::function<void(const Shape&)>& f) {
  const int64_t n = numel_of(sizes);
  Shape idx(sizes.size(), 0);
  for (int64_t i = 0; i < n; ++i) {
    f(idx);
    for (int64_t d = static_cast<int64_t>(sizes.size()) - 1; d >= 0; --d) {
      if (++idx[d] < sizes[d]) break;
      idx[d] = 0;
    }
  }
}

// v as dtype would hold it: integers wrap, floats round, Bool is v != 0.
std::complex<double> round_to(ScalarType dtype, std::complex<double> v);

// The element of t (any strides, CPU) at idx, exactly.
std::complex<double> read_element(const Tensor& t, const Shape& idx);
void write_element(const Tensor& t, const Shape& idx, std::complex<double> v);

// t's values, read through its own sizes and strides (plain index arithmetic, no aten ops).
RefTensor to_ref(const Tensor& t);

// A RefTensor of sizes and dtype with every element v.
RefTensor filled(const Shape& sizes, ScalarType dtype, std::complex<double> v = 0);

// The broadcast shape of shapes (trailing dims aligned); throws std::invalid_argument when they
// do not broadcast.
Shape broadcast_shapes(const std::vector<Shape>& shapes);

// t's element for coordinates idx of a broadcast result of rank idx.size().
std::complex<double> read_broadcast(const RefTensor& t, const Shape& idx);

// Dim d of a tensor of rank `rank`, negative d counted from the end (a 0-dim tensor has dim 0,
// alias -1).
int64_t wrap(int64_t d, int64_t rank);

// A result of sizes and dtype whose element at idx is x at source(idx), converted.
RefTensor moved(const RefTensor& x, const Shape& sizes, ScalarType dtype,
                const std::function<Shape(const Shape&)>& source);

}  // namespace aten::optest
