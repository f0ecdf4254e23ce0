#pragma once
// The helpers derivatives.yaml's formulas call where a formula would not fit on a line (ATen's
// name for the same file). Each is written with operators, so a backward graph records like any
// other (create_graph) and runs on Meta tensors. Gradients reaching an input with a broadcast
// shape or another dtype are reduced and cast by the engine, not here.
#include <aten/autograd/SumTo.h>
#include <aten/core/Scalar.h>
#include <aten/core/Tensor.h>

#include <optional>
#include <string_view>
#include <vector>

namespace aten::autograd {

// ---- dtypes and complex numbers ---------------------------------------------------------------

// The complex conjugate; a real tensor itself (ATen's convention: gradients are conjugate
// Wirtinger derivatives, so formulas multiply by conjugates).
Tensor conj(const Tensor& t);
Scalar conj(const Scalar& s);
// A gradient for an input of dtype `input_type`: its real part when the input is real and the
// gradient complex (a real input's gradient is real).
Tensor handle_r_to_c(ScalarType input_type, const Tensor& gradient);
// s / t, one division in t's dtype (a floating one; Float for an integral t), as ATen's
// Scalar / Tensor.
Tensor scalar_over(const Scalar& s, const Tensor& t);
// grad * s, without a multiplication when s is 1.
Tensor maybe_multiply(const Tensor& grad, const Scalar& s);
// t, a tensor a formula has just made, with value written where mask is set: ATen's
// masked_fill_ on a temporary, which keeps t's layout (the functional masked_fill's result is
// contiguous).
Tensor fill_where(Tensor t, const Tensor& mask, const Scalar& value);
// An error at backward time for an overload without a formula yet (never returns).
Tensor not_implemented(std::string_view what);

// ---- shapes -----------------------------------------------------------------------------------

// A reduction's gradient (dims removed unless keepdim) brought back to the input's rank, the
// reduced dims of size 1, ready to broadcast.
Tensor restore_reduced_dims(const Tensor& grad, OptionalIntArrayRef dim, int64_t input_dim,
                            bool keepdim);
Tensor sum_backward(const Tensor& grad, IntArrayRef sizes, OptionalIntArrayRef dim, bool keepdim);
Tensor mean_backward(const Tensor& grad, IntArrayRef sizes, OptionalIntArrayRef dim, int64_t numel,
                     bool keepdim);
// Elements of a reduction over `dim` (all of them when dim is empty or absent).
int64_t reduced_numel(IntArrayRef sizes, OptionalIntArrayRef dim);
Tensor permute_backward(const Tensor& grad, IntArrayRef dims);
Tensor squeeze_backward(const Tensor& grad, IntArrayRef sizes);
Tensor select_backward(const Tensor& grad, IntArrayRef sizes, int64_t dim, int64_t index);
Tensor slice_backward(const Tensor& grad, IntArrayRef sizes, int64_t dim,
                      std::optional<int64_t> start, std::optional<int64_t> end, int64_t step);
Tensor diagonal_backward(const Tensor& grad, IntArrayRef sizes, int64_t offset, int64_t dim1,
                         int64_t dim2);
// trace's: grad (0-dim) on the main diagonal of a matrix of `sizes`, zeros elsewhere.
Tensor trace_backward(const Tensor& grad, IntArrayRef sizes);
// constant_pad_nd's: grad cropped by the padding (padded by its negation).
Tensor constant_pad_nd_backward(const Tensor& grad, IntArrayRef pad);
Tensor unfold_backward(const Tensor& grad, IntArrayRef sizes, int64_t dimension, int64_t size,
                       int64_t step);
Tensor repeat_backward(const Tensor& grad, IntArrayRef repeats, IntArrayRef sizes);
Tensor roll_backward(const Tensor& grad, IntArrayRef shifts, IntArrayRef dims);
// The sizes of each tensor of a list (or of what its node saved of them): a formula that needs
// only these saves only these.
template <class List>
std::vector<std::vector<int64_t>> to_args_sizes(const List& tensors) {
  std::vector<std::vector<int64_t>> sizes;
  for (const auto& t : tensors) sizes.emplace_back(t.sizes().begin(), t.sizes().end());
  return sizes;
}
std::vector<Tensor> cat_backward(const Tensor& grad, const std::vector<std::vector<int64_t>>& sizes,
                                 int64_t dim);
std::vector<Tensor> stack_backward(const Tensor& grad, int64_t count, int64_t dim);

// The gradient of x.as_strided(sizes, strides, offset) for an input x laid out as
// (input_sizes, input_strides, input_offset): grad's elements added up where they sit in the
// storage, then read back with the input's geometry. Overlapping output elements (a stride of
// 0) add up; an input whose own elements overlap is refused.
Tensor as_strided_backward(const Tensor& grad, IntArrayRef input_sizes, IntArrayRef input_strides,
                           int64_t input_offset, IntArrayRef sizes, IntArrayRef strides,
                           std::optional<int64_t> offset);

// ---- indexing ---------------------------------------------------------------------------------

// scatter with reduce="add" passes grad to self and gathers it for src; "multiply" has no
// formula (nor in ATen).
Tensor scatter_reduce_self_backward(const Tensor& grad, std::string_view reduce);
Tensor scatter_reduce_src_backward(const Tensor& grad, int64_t dim, const Tensor& index,
                                   std::string_view reduce);
Tensor gather_backward(const Tensor& grad, IntArrayRef sizes, int64_t dim, const Tensor& index);
// scatter_reduce.two's gradient for self (which = 0) or src (1), ATen's: sum passes grad on;
// mean divides it by each position's count; prod by the factor itself (with the product of the
// others where it is 0, from a product that leaves it out); amax and amin share it evenly
// between the values equal to the result. Self's values left out (include_self=False) get none.
Tensor scatter_reduce_two_backward(int64_t which, const Tensor& grad, const Tensor& self,
                                   int64_t dim, const Tensor& index, const Tensor& src,
                                   std::string_view reduce, bool include_self,
                                   const Tensor& result);
// index_copy's for source: the rows of grad that source's rows went to.
Tensor index_copy_source_backward(const Tensor& grad, int64_t dim, const Tensor& index,
                                  IntArrayRef source_sizes);
// masked_scatter's for source: grad where mask is true, in order, then zeros for the elements of
// source that were not used, in source's shape.
Tensor masked_scatter_backward(const Tensor& grad, const Tensor& mask, IntArrayRef sizes);
Tensor index_select_backward(const Tensor& grad, IntArrayRef sizes, int64_t dim,
                             const Tensor& index);
// index's: grad added (accumulate=True, so repeated indices sum) into zeros of self's shape.
// Functional, so that it is itself differentiable.
Tensor index_backward(const Tensor& zeros, ArrayRef<std::optional<Tensor>> indices,
                      const Tensor& grad);
// masked_select's: grad put back where the (broadcast) mask is true, in zeros laid out like
// self, then summed to self's shape.
Tensor masked_select_backward(const Tensor& grad, const Tensor& self, const Tensor& mask);
// convolution's gradient of its input (which 0), weight (1) or bias (2): convolution_backward's,
// given the conjugate of the other operand (the Wirtinger convention of a complex convolution).
Tensor convolution_backward_part(int64_t which, const Tensor& grad, const Tensor& input,
                                 const Tensor& weight, IntArrayRef stride, IntArrayRef padding,
                                 IntArrayRef dilation, bool transposed, IntArrayRef output_padding,
                                 int64_t groups);
// adaptive_max_pool2d's: grad added at the flat H * W positions `indices` name, laid out like
// self (ATen's adaptive_max_pool2d_backward).
Tensor adaptive_max_pool2d_grad(const Tensor& grad, const Tensor& self, const Tensor& indices);
// embedding_dense_backward's with respect to grad_output: each index's row of grad, divided by
// the index's count with scale_grad_by_freq, zero for padding_idx, in indices' shape + [D].
Tensor embedding_dense_double_backward(const Tensor& grad, const Tensor& indices,
                                       int64_t padding_idx, bool scale_grad_by_freq);
// max.dim / min.dim: the gradient goes to the element each output came from.
Tensor value_selecting_reduction_backward(const Tensor& grad, int64_t dim, const Tensor& indices,
                                          IntArrayRef sizes, bool keepdim);
// max() / min() / amax / amin: the gradient is shared evenly between the elements equal to the
// result (ATen's choice at ties). The first form is max()'s and min()'s, over every element.
Tensor evenly_distribute_backward(const Tensor& grad, const Tensor& input, const Tensor& result);
Tensor evenly_distribute_backward(const Tensor& grad, const Tensor& input, const Tensor& result,
                                  OptionalIntArrayRef dim, bool keepdim);

// ---- pointwise --------------------------------------------------------------------------------

Tensor mul_tensor_backward(const Tensor& grad, const Tensor& other, ScalarType self_type);
Tensor div_tensor_self_backward(const Tensor& grad, const Tensor& other, ScalarType self_type,
                                std::optional<std::string_view> rounding_mode = std::nullopt);
Tensor div_tensor_other_backward(const Tensor& grad, const Tensor& self, const Tensor& other,
                                 std::optional<std::string_view> rounding_mode = std::nullopt);
// d/dx x^p: zero where p is 0, so that 0^0 has gradient 0 (ATen's subgradient).
Tensor pow_backward(const Tensor& grad, const Tensor& self, const Scalar& exponent);
Tensor pow_backward_self(const Tensor& grad, const Tensor& self, const Tensor& exponent);
// d/dp x^p = x^p log x: zero where x is 0 and p >= 0.
Tensor pow_backward_exponent(const Tensor& grad, const Tensor& self, const Tensor& exponent,
                             const Tensor& result);
Tensor pow_backward_exponent(const Tensor& grad, const Scalar& base, const Tensor& exponent,
                             const Tensor& result);
// Gradient through min <= self <= max: passes where self is inside the bounds (both included).
Tensor clamp_backward(const Tensor& grad, const Tensor& self, const std::optional<Scalar>& min,
                      const std::optional<Scalar>& max);
Tensor clamp_backward(const Tensor& grad, const Tensor& self, const std::optional<Tensor>& min,
                      const std::optional<Tensor>& max);
// The gradient of one of a clamp's tensor bounds: where that bound was the result. clamp is
// min(max(self, min), max): max wins where min > max.
Tensor clamp_bound_backward(const Tensor& grad, const Tensor& self,
                            const std::optional<Tensor>& min, const std::optional<Tensor>& max,
                            bool for_min);
// maximum / minimum: the winner takes the gradient, ties share it.
Tensor extremum_backward(const Tensor& grad, const Tensor& self, const Tensor& other, bool is_max,
                         bool for_self);
Tensor abs_backward(const Tensor& grad, const Tensor& self);
Tensor sgn_backward(const Tensor& grad, const Tensor& self, const Tensor& result);
Tensor gelu_backward(const Tensor& grad, const Tensor& self, std::string_view approximate);
Tensor silu_backward(const Tensor& grad, const Tensor& self);

// ---- reductions -------------------------------------------------------------------------------

Tensor prod_backward(const Tensor& grad, const Tensor& self, const Tensor& result);
Tensor prod_dim_backward(const Tensor& grad, const Tensor& self, const Tensor& result, int64_t dim,
                         bool keepdim);
Tensor var_backward(const Tensor& grad, const Tensor& self, OptionalIntArrayRef dim,
                    std::optional<int64_t> correction, bool keepdim);
Tensor std_backward(const Tensor& grad, const Tensor& self, const Tensor& result,
                    OptionalIntArrayRef dim, std::optional<int64_t> correction, bool keepdim);
Tensor var_mean_backward(const Tensor& grad_var, const Tensor& grad_mean, const Tensor& self,
                         OptionalIntArrayRef dim, std::optional<int64_t> correction, bool keepdim);
Tensor std_mean_backward(const Tensor& grad_std, const Tensor& grad_mean, const Tensor& self,
                         const Tensor& std, OptionalIntArrayRef dim,
                         std::optional<int64_t> correction, bool keepdim);
Tensor norm_backward(const Tensor& grad, const Tensor& self, const std::optional<Scalar>& p,
                     const Tensor& norm, OptionalIntArrayRef dim, bool keepdim);
Tensor logsumexp_backward(const Tensor& grad, const Tensor& self, const Tensor& result,
                          IntArrayRef dim, bool keepdim);
Tensor cumsum_backward(const Tensor& grad, int64_t dim);
Tensor cumprod_backward(const Tensor& grad, const Tensor& self, int64_t dim, const Tensor& result);

// ---- softmax ----------------------------------------------------------------------------------

// The gradient of _softmax_backward_data(grad_output, output) with respect to output.
Tensor softmax_double_backward(const Tensor& grad, const Tensor& grad_output, int64_t dim,
                               const Tensor& output);

// ---- losses -----------------------------------------------------------------------------------

// nll_loss_forward's gradient for self; undefined when only total_weight's gradient (which has
// none) reached the node.
Tensor nll_loss_self_backward(const Tensor& grad, const Tensor& self, const Tensor& target,
                              const std::optional<Tensor>& weight, int64_t reduction,
                              int64_t ignore_index, const Tensor& total_weight);

// binary_cross_entropy_with_logits's gradients for self and target, ATen's formulas (its weight
// and pos_weight are not differentiable).
Tensor binary_cross_entropy_with_logits_backward(const Tensor& grad, const Tensor& self,
                                                 const Tensor& target,
                                                 const std::optional<Tensor>& weight,
                                                 const std::optional<Tensor>& pos_weight,
                                                 int64_t reduction);
Tensor binary_cross_entropy_with_logits_target_backward(const Tensor& grad, const Tensor& self,
                                                        const Tensor& target,
                                                        const std::optional<Tensor>& weight,
                                                        const std::optional<Tensor>& pos_weight,
                                                        int64_t reduction);

// The pointwise losses' second derivatives (ATen's), each the backward op's derivative for self:
// grad times the loss's second derivative, divided by self.numel() for a mean (reduction 1).
Tensor scale_for_reduction(const Tensor& grad, const Tensor& self, int64_t reduction);
Tensor smooth_l1_loss_double_backward(const Tensor& grad, const Tensor& self, const Tensor& target,
                                      int64_t reduction, double beta);
Tensor huber_loss_double_backward(const Tensor& grad, const Tensor& self, const Tensor& target,
                                  int64_t reduction, double delta);
// binary_cross_entropy's gradient for target: w (log(1 - x) - log(x)) grad, unclamped.
Tensor binary_cross_entropy_target_backward(const Tensor& grad, const Tensor& self,
                                            const Tensor& target,
                                            const std::optional<Tensor>& weight, int64_t reduction);
// binary_cross_entropy_backward's gradients for self and target, grad being grad * grad_output,
// and for grad_output.
Tensor binary_cross_entropy_double_backward(const Tensor& grad, const Tensor& self,
                                            const Tensor& target,
                                            const std::optional<Tensor>& weight, int64_t reduction);
Tensor binary_cross_entropy_double_backward_target(const Tensor& grad, const Tensor& self,
                                                   const Tensor& target,
                                                   const std::optional<Tensor>& weight,
                                                   int64_t reduction);
Tensor binary_cross_entropy_double_backward_grad_output(const Tensor& grad, const Tensor& self,
                                                        const Tensor& target,
                                                        const std::optional<Tensor>& weight,
                                                        int64_t reduction);

// ---- pooling ----------------------------------------------------------------------------------

// The gradient of max_pool2d_with_indices_backward with respect to grad_output: grad gathered
// at indices over the last dim pooled dims.
Tensor max_pool_double_backward(const Tensor& grad, const Tensor& indices, int64_t dim);
// The gradient of _adaptive_avg_pool2d_backward with respect to grad_output: grad pooled to
// grad_output's H and W.
Tensor adaptive_avg_pool2d_double_backward(const Tensor& grad, const Tensor& grad_output);

// ---- activations ------------------------------------------------------------------------------

// The gradient of softplus_backward(grad_output, self, beta, threshold) with respect to self, for
// grad = the incoming gradient times grad_output: beta * sigmoid'(self * beta) below the
// threshold, 0 past it.
Tensor softplus_double_backward(const Tensor& grad, const Tensor& self, const Scalar& beta,
                                const Scalar& threshold);
// The gradient of elu_backward(grad_output, ..., self_or_result) with respect to
// self_or_result, for grad the incoming gradient: input_scale times elu_backward's own factor
// below 0 (of the result, when is_result), 0 above, as ATen's.
Tensor elu_double_backward(const Tensor& grad, const Tensor& grad_output, const Scalar& alpha,
                           const Scalar& scale, const Scalar& input_scale, bool is_result,
                           const Tensor& self_or_result);
// The gradient of hardswish_backward(grad_output, self) with respect to self: grad *
// grad_output / 3 inside (-3, 3), 0 outside.
Tensor hardswish_double_backward(const Tensor& grad, const Tensor& grad_output, const Tensor& self);
// log_sigmoid_forward's gradient for self from its output's and its buffer's (either may be
// undefined): log_sigmoid_backward, plus -sign(self) * buffer for buffer = exp(-|self|).
Tensor log_sigmoid_forward_backward(const Tensor& grad_output, const Tensor& grad_buffer,
                                    const Tensor& self, const Tensor& buffer);
// The gradient of log_sigmoid_backward with respect to self, for grad the incoming gradient
// times grad_output: the second derivative of log sigmoid, -sigmoid(x) (1 - sigmoid(x)).
Tensor log_sigmoid_double_backward(const Tensor& grad, const Tensor& self);
// The gradients of glu_backward(grad_output, self, dim) with respect to self and to grad_output,
// as ATen's.
Tensor glu_double_backward(const Tensor& grad, const Tensor& grad_output, const Tensor& self,
                           int64_t dim);
Tensor glu_double_backward_grad_output(const Tensor& grad, const Tensor& self, int64_t dim);

// ---- normalisation ----------------------------------------------------------------------------

// One gradient of native_batch_norm, native_layer_norm or native_group_norm (which: 0 the
// input's, 1 the weight's, 2 the bias's), the backward op asked for it alone, from grad (the
// first result's gradient); the input's adds the gradients grad_mean and grad_rstd of the
// statistics the forward returns (any of the three may be undefined).
Tensor batch_norm_backward_part(int64_t which, const Tensor& grad, const Tensor& grad_mean,
                                const Tensor& grad_rstd, const Tensor& input,
                                const std::optional<Tensor>& weight,
                                const std::optional<Tensor>& running_mean,
                                const std::optional<Tensor>& running_var, const Tensor& save_mean,
                                const Tensor& save_invstd, bool train, double eps);
Tensor layer_norm_backward_part(int64_t which, const Tensor& grad, const Tensor& grad_mean,
                                const Tensor& grad_rstd, const Tensor& input,
                                IntArrayRef normalized_shape, const Tensor& mean,
                                const Tensor& rstd, const std::optional<Tensor>& weight,
                                const std::optional<Tensor>& bias);
Tensor group_norm_backward_part(int64_t which, const Tensor& grad, const Tensor& grad_mean,
                                const Tensor& grad_rstd, const Tensor& input, const Tensor& mean,
                                const Tensor& rstd, const std::optional<Tensor>& weight, int64_t N,
                                int64_t C, int64_t HxW, int64_t group);
// The gradients of the backward ops (which: 0 grad_out's, 1 input's, 2 weight's) given the
// gradients ggI, ggW, ggB of their three results (any may be undefined). The statistics are
// treated as the functions of the input they are (in training; batch_norm's running ones are
// constants).
Tensor batch_norm_double_backward(int64_t which, const Tensor& ggI, const Tensor& ggW,
                                  const Tensor& ggB, const Tensor& grad_out, const Tensor& input,
                                  const std::optional<Tensor>& weight,
                                  const std::optional<Tensor>& running_mean,
                                  const std::optional<Tensor>& running_var,
                                  const std::optional<Tensor>& save_mean,
                                  const std::optional<Tensor>& save_invstd, bool train, double eps);
Tensor layer_norm_double_backward(int64_t which, const Tensor& ggI, const Tensor& ggW,
                                  const Tensor& ggB, const Tensor& grad_out, const Tensor& input,
                                  IntArrayRef normalized_shape, const Tensor& mean,
                                  const Tensor& rstd, const std::optional<Tensor>& weight);
Tensor group_norm_double_backward(int64_t which, const Tensor& ggI, const Tensor& ggW,
                                  const Tensor& ggB, const Tensor& grad_out, const Tensor& input,
                                  const Tensor& mean, const Tensor& rstd,
                                  const std::optional<Tensor>& weight, int64_t N, int64_t C,
                                  int64_t HxW, int64_t group);

// ---- linear algebra ---------------------------------------------------------------------------

// The gradients of mat1 @ mat2 (times alpha), given the sizes and strides of the matrix whose
// gradient it is: a column-major one gets a column-major gradient, as in ATen.
Tensor mm_mat1_backward(const Tensor& grad, const Tensor& mat2, IntArrayRef sizes,
                        IntArrayRef strides, const Scalar& alpha);
Tensor mm_mat2_backward(const Tensor& grad, const Tensor& mat1, IntArrayRef sizes,
                        IntArrayRef strides, const Scalar& alpha);

}  // namespace aten::autograd
