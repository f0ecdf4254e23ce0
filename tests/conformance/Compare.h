#pragma once
// Whether two outcomes of one call agree, and if not, how: the category and a one-line detail.
// Values are compared bit for bit (NaN matching any NaN) unless the op is listed in
// Tolerance.cpp with a bound.
#include "Calls.h"
#include "Run.h"

#include <functional>
#include <optional>
#include <string>

namespace aten::conformance {

struct Disagreement {
  std::string category;
  // error, returns, dtype, sizes, strides, values; "written <that>" for a written argument,
  // "written after error <that>" when both calls threw.
  std::string detail;
};

std::optional<Disagreement> compare(const Call& call, const Outcome& mine, const Outcome& torch);

// The bound on |mine - libtorch's| for an element of a gradient through op `op` (its name without
// overload or trailing '_'), in units of `dtype` (the least precise floating dtype of the call);
// `complex` when the call involves complex numbers; `terms` the count of terms summed into one
// element (1: none) and `magnitude` a bound on theirs; `largest` the gradient's largest finite
// magnitude.
double grad_tolerance(const std::string& op, ScalarType dtype, bool complex, double magnitude,
                      int64_t terms, double largest, double expected);
// Whether op's gradient elements are sums of several terms whatever the shapes (reductions,
// matrix products, expand ...).
bool grad_sums(const std::string& op);

// Whether two tensors agree: defined, dtype, sizes, strides (with check_strides; not for empty
// tensors), then each element within bound(|libtorch's element|) (NaN matching any NaN, and -0
// apart from +0 where the bound is 0); without a bound, not the values. `what` names the tensor
// in the detail.
std::optional<Disagreement> compare_tensors(const std::string& what, const Tensor& a,
                                            const Tensor& b, bool check_strides,
                                            const std::function<double(double)>& bound);

// The largest finite magnitude among t's elements (0 if none).
double max_finite(const Tensor& t);

// Whether every element of t is zero, of either sign (true for an empty or Meta tensor).
bool all_zero(const Tensor& t);

// What the bounds scale with: the largest finite magnitude among a call's tensor and Scalar
// inputs, and the largest input's element count.
struct Scale {
  double magnitude = 0;
  int64_t n = 1;
};
Scale input_scale(const Call& call);

// The bound on |mine - torch| for an element of op `op` in dtype `dtype`, given the largest
// finite magnitude among the call's inputs and the largest input's element count; 0 means
// exact.
double tolerance(const std::string& op, ScalarType dtype, double input_magnitude, int64_t n,
                 double expected);

}  // namespace aten::conformance
