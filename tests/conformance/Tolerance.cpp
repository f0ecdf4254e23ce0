// The bounds of the comparison, in one place. Everything not listed here is compared bit for
// bit: integer arithmetic, float add/sub/mul/div, copies and casts, comparisons, min/max,
// indexing, views, rounding.
#include "Compare.h"

#include <cmath>
#include <limits>
#include <set>

namespace aten::conformance {

namespace {

// Elementwise functions whose kernels are accurate to a few units in the last place but not
// correctly rounded: both libraries' vectorized polynomials differ in their last bits.
const std::set<std::string, std::less<>> kUlpOps = {
    "exp",      "exp2",    "expm1",    "log",       "log2",  "log10",      "log1p",    "sin",
    "cos",      "tan",     "asin",     "acos",      "atan",  "sinh",       "cosh",     "tanh",
    "sigmoid",  "erf",     "erfc",     "sqrt",      "rsqrt", "reciprocal", "gelu",     "silu",
    "pow",      "atan2",   "hypot",    "lerp",      "sgn",   "abs",        "addcdiv",  "addcmul",
    "linspace", "isclose", "allclose", "remainder", "fmod",  "add_alpha",  "sub_alpha"};

// Reductions and products: the order of additions differs, so the bound grows with the
// magnitude of the inputs and the number of terms.
const std::set<std::string, std::less<>> kSumOps = {
    "sum", "nansum", "mean", "prod", "var", "std", "var_mean", "std_mean", "norm", "logsumexp",
    "cumsum", "cumprod", "mm", "bmm", "addmm", "dot", "mv", "matmul",
    // a sum of exponentials over the row, then a scale or a shift
    "softmax", "_softmax", "log_softmax", "_log_softmax", "_softmax_backward_data",
    "_log_softmax_backward_data",
    // losses: a sum over the rows; linear: a matrix product
    "nll_loss", "nll_loss_nd", "nll_loss_forward", "nll_loss_backward", "cross_entropy_loss",
    "linear",
    // libtorch accumulates a BFloat16 gradient in BFloat16, a rounding per window; MiniATen in
    // Float, rounding once
    "avg_pool2d_backward", "_adaptive_avg_pool2d_backward",
    // a 1 x 1 adaptive average pooling is the mean over H and W
    "adaptive_avg_pool2d"};

double epsilon(ScalarType t) {
  switch (t) {
    case ScalarType::Half:
      return 0x1.0p-10;
    case ScalarType::BFloat16:
      return 0x1.0p-7;
    case ScalarType::Float:
    case ScalarType::ComplexFloat:
      return std::numeric_limits<float>::epsilon();
    case ScalarType::Double:
    case ScalarType::ComplexDouble:
      return std::numeric_limits<double>::epsilon();
    default:
      return 0;  // integers and Bool: exact
  }
}

}  // namespace

double tolerance(const std::string& op, ScalarType dtype, double input_magnitude, int64_t n,
                 double expected) {
  const double eps = epsilon(dtype);
  if (eps == 0) return 0;
  // Complex products and quotients are not correctly rounded in either library.
  if (kUlpOps.count(op) || isComplexType(dtype)) {
    return 16 * eps * std::abs(expected) + 16 * eps * std::numeric_limits<float>::min();
  }
  if (kSumOps.count(op)) {
    const double terms = static_cast<double>(std::max<int64_t>(n, 1));
    return 4 * eps *
           (std::abs(expected) + input_magnitude * input_magnitude * terms +
            input_magnitude * terms);
  }
  return 0;
}

}  // namespace aten::conformance
