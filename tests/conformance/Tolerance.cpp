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
    "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan", "asin", "acos",
    "atan", "sinh", "cosh", "tanh", "sigmoid", "erf", "erfc", "sqrt", "rsqrt", "reciprocal", "gelu",
    "silu", "pow", "atan2", "hypot", "lerp", "sgn", "abs", "addcdiv", "addcmul", "linspace",
    "isclose", "allclose", "remainder", "fmod", "add_alpha", "sub_alpha", "softplus",
    "softplus_backward", "elu", "elu_alpha", "elu_backward", "elu_backward_alpha", "selu", "celu",
    "celu_alpha", "mish", "mish_backward", "log_sigmoid", "log_sigmoid_forward",
    "log_sigmoid_backward", "glu", "glu_backward",
    // losses: a few roundings per element (ATen's Half and BFloat16 kernels round each step)
    "mse_loss", "mse_loss_backward", "l1_loss", "smooth_l1_loss", "smooth_l1_loss_backward",
    "huber_loss", "huber_loss_backward", "binary_cross_entropy", "binary_cross_entropy_backward",
    "binary_cross_entropy_with_logits", "kl_div"};

// Reductions and products: the order of additions differs, so the bound grows with the
// magnitude of the inputs and the number of terms.
const std::set<std::string, std::less<>> kSumOps = {
    "sum", "nansum", "mean", "prod", "var", "std", "var_mean", "std_mean", "norm", "logsumexp",
    "cumsum", "cumprod", "mm", "bmm", "addmm", "dot", "mv", "matmul", "addmv", "addbmm", "baddbmm",
    "tensordot", "einsum",
    // rows of the weight summed per bag (libtorch scales each with a fused multiply-add)
    "embedding_bag", "_embedding_bag",
    // the sum of a matrix's diagonal
    "trace",
    // a sum of exponentials over the row, then a scale or a shift
    "softmax", "_softmax", "log_softmax", "_log_softmax", "_softmax_backward_data",
    "_log_softmax_backward_data",
    // losses: a sum over the rows; linear: a matrix product
    "nll_loss", "nll_loss_nd", "nll_loss_forward", "nll_loss_backward", "cross_entropy_loss",
    "mse_loss", "l1_loss", "smooth_l1_loss", "huber_loss", "binary_cross_entropy",
    "binary_cross_entropy_with_logits", "kl_div", "linear",
    // libtorch accumulates a BFloat16 gradient in BFloat16, a rounding per window; MiniATen in
    // Float, rounding once
    "avg_pool2d_backward", "_adaptive_avg_pool2d_backward", "max_pool2d_with_indices_backward",
    // a 1 x 1 adaptive average pooling is the mean over H and W; the 1-d and 3-d poolings are
    // separable passes (MiniATen) or one sum per window (libtorch)
    "adaptive_avg_pool2d", "_adaptive_avg_pool2d", "adaptive_avg_pool1d", "adaptive_avg_pool3d",
    "avg_pool3d",
    // normalisation: a mean and a variance over the group, then a scale and a shift (the
    // backward: two sums over the group)
    "batch_norm", "native_batch_norm", "native_batch_norm_backward", "instance_norm", "layer_norm",
    "native_layer_norm", "native_layer_norm_backward", "group_norm", "native_group_norm",
    "native_group_norm_backward",
    // rows summed per index; libtorch adds each scaled by 1 / count with a fused multiply-add
    "embedding_dense_backward", "embedding_backward",
    // a scatter-add along dim, alpha multiplied in before (libtorch: fused)
    "index_add",
    // sums over the input channels and the kernel's taps (oneDNN's order in libtorch)
    "convolution", "convolution_backward", "conv1d", "conv2d", "conv3d", "conv_transpose1d",
    "conv_transpose2d", "conv_transpose3d"};

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

// ---- gradients ----
// A gradient is the output's gradient pushed through the op's backward formula: a few tensor
// ops that ATen (derivatives.yaml, FunctionsManual.cpp) and MiniATen write each their own way,
// in another order of operands, each op rounded to its dtype (Half and BFloat16 included). So
// gradients get bounds of their own, by family of formula:
//   - moves, exact: the gradient is the output's gradient (or zeros) selected, put in place,
//     masked, negated, cast: views, copies, indexing, rounding ops, clamps, comparisons'
//     selections, add / sub.
//   - arithmetic, 16 units in the last place of the value: products and quotients of the
//     inputs, the result and the gradient, in another order (mul, div, addcdiv, lerp, pow,
//     amax's share of a tie, mean's division ...), and any formula on complex numbers, whose
//     products are not correctly rounded in either library.
//   - functions, 128 units in the last place: formulas that evaluate the derivative through the
//     functions of kUlpOps (exp, tanh, erf, sqrt ...), each a few units off, chained, and near
//     a zero of the derivative (1 - tanh^2 for large x) with cancellation.
// Where a gradient element is a sum of several terms (reductions, matrix products, an input
// broadcast, expanded, repeated or indexed more than once), the sum term of kSumOps is added,
// with the count of terms and their magnitude.
const std::set<std::string, std::less<>> kGradMoveOps = {"clone",
                                                         "contiguous",
                                                         "view",
                                                         "reshape",
                                                         "flatten",
                                                         "permute",
                                                         "transpose",
                                                         "t",
                                                         "expand",
                                                         "expand_as",
                                                         "squeeze",
                                                         "unsqueeze",
                                                         "select",
                                                         "slice",
                                                         "narrow",
                                                         "unfold",
                                                         "diagonal",
                                                         "view_as_real",
                                                         "view_as_complex",
                                                         "cat",
                                                         "stack",
                                                         "split",
                                                         "split_with_sizes",
                                                         "chunk",
                                                         "flip",
                                                         "roll",
                                                         "repeat",
                                                         "tile",
                                                         "repeat_interleave",
                                                         "movedim",
                                                         "broadcast_to",
                                                         "tril",
                                                         "triu",
                                                         "diag",
                                                         "diag_embed",
                                                         "trace",
                                                         "constant_pad_nd",
                                                         "index_select",
                                                         "gather",
                                                         "scatter",
                                                         "masked_fill",
                                                         "where",
                                                         "to",
                                                         "type_as",
                                                         "copy",
                                                         "fill",
                                                         "zero",
                                                         "neg",
                                                         "sign",
                                                         "floor",
                                                         "ceil",
                                                         "round",
                                                         "trunc",
                                                         "frac",
                                                         "relu",
                                                         "relu6",
                                                         "hardtanh",
                                                         "hardtanh_backward",
                                                         "threshold",
                                                         "threshold_backward",
                                                         "softshrink",
                                                         "softshrink_backward",
                                                         "hardshrink",
                                                         "hardshrink_backward",
                                                         "clamp",
                                                         "clamp_min",
                                                         "clamp_max",
                                                         "nan_to_num",
                                                         "maximum",
                                                         "minimum",
                                                         "max",
                                                         "min",
                                                         "add",
                                                         "sub",
                                                         "remainder",
                                                         "fmod",
                                                         "sum",
                                                         "nansum",
                                                         "cumsum",
                                                         "uniform",
                                                         "normal",
                                                         "bernoulli",
                                                         "random",
                                                         "exponential",
                                                         "geometric",
                                                         "log_normal",
                                                         "cauchy",
                                                         "poisson",
                                                         "dropout",
                                                         "feature_dropout"};

const std::set<std::string, std::less<>> kGradFunctionOps = {
    "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan", "asin", "acos",
    "atan", "sinh", "cosh", "tanh", "sigmoid", "erf", "erfc", "sqrt", "rsqrt", "gelu", "silu",
    "pow", "atan2", "hypot", "sgn", "abs", "norm", "std", "std_mean", "logsumexp", "reciprocal",
    // an exponential, then a difference with the row's sum
    "softmax", "_softmax", "log_softmax", "_log_softmax", "_softmax_backward_data",
    "_log_softmax_backward_data", "cross_entropy_loss", "softplus", "softplus_backward",
    // an exponential (elu's family), tanh of softplus (mish)
    "elu", "elu_alpha", "elu_backward", "elu_backward_alpha", "selu", "celu", "celu_alpha", "mish",
    "mish_backward", "log_sigmoid", "log_sigmoid_forward", "log_sigmoid_backward", "glu",
    "glu_backward",
    // an inverse square root of the variance, and sums over the group
    "batch_norm", "native_batch_norm", "native_batch_norm_backward", "instance_norm", "layer_norm",
    "native_layer_norm", "native_layer_norm_backward", "group_norm", "native_group_norm",
    "native_group_norm_backward"};

// Ops whose gradient elements are sums of several terms, whatever the shapes.
const std::set<std::string, std::less<>> kGradSumOps = {
    "mm", "bmm", "addmm", "matmul", "dot", "mv", "cumsum", "cumprod", "prod", "var", "std",
    "var_mean", "std_mean", "norm", "logsumexp", "mean", "amax", "amin", "max", "min",
    "index_select", "gather", "repeat", "expand", "expand_as", "unfold", "masked_fill", "tile",
    "repeat_interleave", "broadcast_to", "broadcast_tensors", "meshgrid", "pad",
    // each output's gradient added into the input's (a sign of zero may not survive)
    "unbind",
    // a sum over a row, the batch, or a block's elements
    "softmax", "_softmax", "log_softmax", "_log_softmax", "_softmax_backward_data",
    "_log_softmax_backward_data", "nll_loss", "nll_loss_nd", "nll_loss_forward",
    "nll_loss_backward", "cross_entropy_loss", "mse_loss", "mse_loss_backward", "l1_loss",
    "smooth_l1_loss", "smooth_l1_loss_backward", "huber_loss", "huber_loss_backward",
    "binary_cross_entropy", "binary_cross_entropy_backward", "binary_cross_entropy_with_logits",
    "kl_div", "linear", "convolution", "convolution_backward", "conv1d", "conv2d", "conv3d",
    "conv_transpose1d", "conv_transpose2d", "conv_transpose3d", "im2col", "col2im",
    // products that contract dims
    "tensordot", "einsum", "addmv", "addbmm", "baddbmm", "embedding_bag", "_embedding_bag",
    // an element's gradient sums the windows that cover it, or whose maximum it is (libtorch's
    // BFloat16 backward rounds after each, MiniATen's once)
    "avg_pool2d", "adaptive_avg_pool2d", "_adaptive_avg_pool2d", "max_pool2d",
    "max_pool2d_with_indices", "max_pool1d", "max_pool1d_with_indices", "max_pool3d",
    "max_pool3d_with_indices", "adaptive_max_pool1d", "adaptive_max_pool2d", "batch_norm",
    "native_batch_norm", "native_batch_norm_backward", "instance_norm", "layer_norm",
    "native_layer_norm", "native_layer_norm_backward", "group_norm", "native_group_norm",
    "native_group_norm_backward",
    // repeated indices sum their gradients
    "index", "index_put", "masked_select", "embedding", "embedding_backward",
    "embedding_dense_backward",
    // a weight shared by a channel's elements
    "prelu"};

}  // namespace

double grad_tolerance(const std::string& op, ScalarType dtype, bool complex, double magnitude,
                      int64_t terms, double largest, double expected) {
  const double eps = epsilon(dtype);
  if (eps == 0) return 0;
  // Only the moves compare the signs of zeros: other formulas reach a zero along other paths.
  double bound = 0;
  if (kGradFunctionOps.count(op)) {
    // Relative to the value, and to the largest element of the gradient or of the one flowing
    // in: a derivative near one of its zeros (sgn's, silu's at -1.28) is a difference of terms
    // that size.
    bound = 128 * eps * std::abs(expected) + 16 * eps * largest +
            16 * eps * std::numeric_limits<float>::min();
  } else if (!kGradMoveOps.count(op) || complex) {
    bound = 16 * eps * (std::abs(expected) + std::numeric_limits<float>::min());
  }
  if (terms > 1) bound += 4 * eps * static_cast<double>(terms) * magnitude;
  return bound;
}

bool grad_sums(const std::string& op) { return kGradSumOps.count(op) > 0; }

double tolerance(const std::string& op, ScalarType dtype, double input_magnitude, int64_t n,
                 double expected) {
  const double eps = epsilon(dtype);
  if (eps == 0) return 0;
  double bound = 0;
  // Complex products and quotients are not correctly rounded in either library.
  if (kUlpOps.count(op) || isComplexType(dtype)) {
    bound = 16 * eps * std::abs(expected) + 16 * eps * std::numeric_limits<float>::min();
  }
  // A sum's bound grows with its terms: for a loss both apply (a per-element loss that is a
  // difference of terms cancels: binary_cross_entropy_with_logits's (1 - t) x and its log).
  if (kSumOps.count(op)) {
    const double terms = static_cast<double>(std::max<int64_t>(n, 1));
    bound = std::max(bound, 4 * eps *
                                (std::abs(expected) + input_magnitude * input_magnitude * terms +
                                 input_magnitude * terms));
  }
  return bound;
}

}  // namespace aten::conformance
