#include <aten/autograd/FunctionsManual.h>
#include <aten/autograd/GradMode.h>

#include <aten/TensorOperators.h>
#include <aten/autograd/SumTo.h>
#include <aten/core/Error.h>
#include <aten/core/OptionalTensor.h>
#include <aten/core/Reduction.h>
#include <aten/core/ScalarOps.h>
#include <aten/iterator/Broadcast.h>
#include <aten/ops/_adaptive_avg_pool2d.h>
#include <aten/ops/arange.h>
#include <aten/ops/as_strided.h>
#include <aten/ops/cat.h>
#include <aten/ops/constant_pad_nd.h>
#include <aten/ops/convolution_backward.h>
#include <aten/ops/cumsum.h>
#include <aten/ops/div.h>
#include <aten/ops/elu_backward.h>
#include <aten/ops/eq.h>
#include <aten/ops/erf.h>
#include <aten/ops/exp.h>
#include <aten/ops/expand.h>
#include <aten/ops/full.h>
#include <aten/ops/gather.h>
#include <aten/ops/glu_backward.h>
#include <aten/ops/index_put.h>
#include <aten/ops/index_select.h>
#include <aten/ops/log_sigmoid.h>
#include <aten/ops/log_sigmoid_backward.h>
#include <aten/ops/logical_and.h>
#include <aten/ops/masked_fill.h>
#include <aten/ops/masked_select.h>
#include <aten/ops/mm.h>
#include <aten/ops/narrow.h>
#include <aten/ops/nll_loss_backward.h>
#include <aten/ops/ones.h>
#include <aten/ops/ones_like.h>
#include <aten/ops/pow.h>
#include <aten/ops/prod.h>
#include <aten/ops/reshape.h>
#include <aten/ops/scalar_tensor.h>
#include <aten/ops/scatter.h>
#include <aten/ops/scatter_add.h>
#include <aten/ops/scatter_reduce.h>
#include <aten/ops/sigmoid.h>
#include <aten/ops/sign.h>
#include <aten/ops/split_with_sizes.h>
#include <aten/ops/stack.h>
#include <aten/ops/sum.h>
#include <aten/ops/tanh.h>
#include <aten/ops/to.h>
#include <aten/ops/unsqueeze.h>
#include <aten/ops/view_as_complex.h>
#include <aten/ops/view_as_real.h>
#include <aten/ops/where.h>
#include <aten/ops/zeros.h>
#include <aten/ops/zeros_like.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <numbers>
#include <numeric>
#include <string>

namespace aten::autograd {

// ---- dtypes and complex numbers ---------------------------------------------------------------

Tensor conj(const Tensor& t) {
  if (!isComplexType(t.scalar_type())) return t;
  // Laid out as t, as ATen's conj (a view of t) is: the parts stacked in t's dim order, from its
  // outermost dim to its innermost, then put back in place.
  const int64_t n = t.dim();
  std::vector<int64_t> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int64_t a, int64_t b) { return t.stride(a) > t.stride(b); });
  std::vector<int64_t> back(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) back[order[i]] = i;
  Tensor parts = view_as_real(t.permute(order));
  return view_as_complex(stack({parts.select(-1, 0), parts.select(-1, 1).neg()}, -1)).permute(back);
}

Scalar conj(const Scalar& s) {
  if (!s.isComplex()) return s;
  const auto z = s.toComplexDouble();
  return Scalar(std::complex<double>(z.real(), -z.imag()));
}

Tensor handle_r_to_c(ScalarType input_type, const Tensor& gradient) {
  if (!isComplexType(input_type) && isComplexType(gradient.scalar_type()))
    return view_as_real(gradient).select(-1, 0);
  return gradient;
}

Tensor scalar_over(const Scalar& s, const Tensor& t) {
  return div(aten::detail::wrapped_scalar_tensor(s), t);
}

Tensor maybe_multiply(const Tensor& grad, const Scalar& s) {
  if (!s.isComplex() && s.toDouble() == 1.0) return grad;
  return grad * s;
}

Tensor fill_where(Tensor t, const Tensor& mask, const Scalar& value) {
  t.masked_fill_(mask, value);
  return t;
}

Tensor not_implemented(std::string_view what) {
  ATEN_CHECK(false, "the derivative of ", what, " is not implemented");
  return Tensor();
}

// ---- shapes -----------------------------------------------------------------------------------

int64_t reduced_numel(IntArrayRef sizes, OptionalIntArrayRef dim) {
  int64_t n = 1;
  // A 0-dim tensor is its one element, whatever dim names (0 or -1).
  if (sizes.empty()) return 1;
  if (!dim.has_value() || dim->empty()) {
    for (int64_t s : sizes) n *= s;
    return n;
  }
  for (int64_t d : *dim) n *= sizes[maybe_wrap_dim(d, static_cast<int64_t>(sizes.size()))];
  return n;
}

Tensor restore_reduced_dims(const Tensor& grad, OptionalIntArrayRef dim, int64_t input_dim,
                            bool keepdim) {
  if (keepdim || input_dim == 0) return grad;
  if (!dim.has_value() || dim->empty()) {
    std::vector<int64_t> ones(static_cast<size_t>(input_dim), 1);
    return grad.reshape(ones);
  }
  std::vector<bool> reduced(static_cast<size_t>(input_dim), false);
  for (int64_t d : *dim) reduced[maybe_wrap_dim(d, input_dim)] = true;
  Tensor g = grad;
  for (int64_t d = 0; d < input_dim; ++d) {
    if (reduced[d]) g = g.unsqueeze(d);
  }
  return g;
}

Tensor sum_backward(const Tensor& grad, IntArrayRef sizes, OptionalIntArrayRef dim, bool keepdim) {
  return restore_reduced_dims(grad, dim, static_cast<int64_t>(sizes.size()), keepdim).expand(sizes);
}

Tensor mean_backward(const Tensor& grad, IntArrayRef sizes, OptionalIntArrayRef dim, int64_t numel,
                     bool keepdim) {
  return sum_backward(grad, sizes, dim, keepdim) / static_cast<double>(numel);
}

Tensor permute_backward(const Tensor& grad, IntArrayRef dims) {
  std::vector<int64_t> inverse(dims.size());
  for (size_t i = 0; i < dims.size(); ++i)
    inverse[maybe_wrap_dim(dims[i], static_cast<int64_t>(dims.size()))] = static_cast<int64_t>(i);
  return grad.permute(inverse);
}

Tensor squeeze_backward(const Tensor& grad, IntArrayRef sizes) { return grad.reshape(sizes); }

Tensor select_backward(const Tensor& grad, IntArrayRef sizes, int64_t dim, int64_t index) {
  Tensor input_grad = zeros(sizes, grad.options());
  input_grad.select(dim, index).copy_(grad);
  return input_grad;
}

Tensor slice_backward(const Tensor& grad, IntArrayRef sizes, int64_t dim,
                      std::optional<int64_t> start, std::optional<int64_t> end, int64_t step) {
  Tensor input_grad = zeros(sizes, grad.options());
  input_grad.slice(dim, start, end, step).copy_(grad);
  return input_grad;
}

namespace {

// Whether two elements of a tensor with this geometry may share a memory location: proven
// impossible when, dims sorted by stride, each stride steps past everything the smaller ones
// reach.
bool may_overlap(IntArrayRef sizes, IntArrayRef strides) {
  std::vector<std::pair<int64_t, int64_t>> dims;  // (stride, size) of dims with size > 1
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] > 1) dims.emplace_back(strides[d], sizes[d]);
  }
  std::sort(dims.begin(), dims.end());
  int64_t reach = 0;
  for (const auto& [stride, size] : dims) {
    if (stride <= reach) return true;
    reach += (size - 1) * stride;
  }
  return false;
}

// The highest storage offset, relative to the first element, a geometry reaches.
int64_t max_offset(IntArrayRef sizes, IntArrayRef strides) {
  int64_t reach = 0;
  for (size_t d = 0; d < sizes.size(); ++d) reach += (sizes[d] - 1) * strides[d];
  return reach;
}

}  // namespace

Tensor as_strided_backward(const Tensor& grad, IntArrayRef input_sizes, IntArrayRef input_strides,
                           int64_t input_offset, IntArrayRef sizes, IntArrayRef strides,
                           std::optional<int64_t> offset) {
  const int64_t output_offset = offset.value_or(input_offset);
  int64_t input_numel = 1;
  for (int64_t s : input_sizes) input_numel *= s;
  if (grad.numel() == 0 || input_numel == 0) return zeros(input_sizes, grad.options());
  ATEN_CHECK(!may_overlap(input_sizes, input_strides),
             "the derivative of as_strided is not implemented for an input whose elements "
             "overlap in memory (strides ",
             input_strides, " for sizes ", input_sizes, ")");
  // A storage just large enough for both geometries, starting at the lower of their offsets.
  const int64_t low = std::min(input_offset, output_offset);
  const int64_t extent = std::max(input_offset + max_offset(input_sizes, input_strides),
                                  output_offset + max_offset(sizes, strides)) -
                         low + 1;
  Tensor storage = zeros({extent}, grad.options());
  if (may_overlap(sizes, strides)) {
    const Tensor index = arange(extent, TensorOptions(kLong).device(grad.device()))
                             .as_strided(sizes, strides, output_offset - low);
    storage.scatter_(0, index.reshape({-1}), grad.reshape({-1}), "add");
  } else {
    storage.as_strided(sizes, strides, output_offset - low).copy_(grad);
  }
  return storage.as_strided(input_sizes, input_strides, input_offset - low);
}

Tensor diagonal_backward(const Tensor& grad, IntArrayRef sizes, int64_t offset, int64_t dim1,
                         int64_t dim2) {
  Tensor input_grad = zeros(sizes, grad.options());
  input_grad.diagonal(offset, dim1, dim2).copy_(grad);
  return input_grad;
}

Tensor trace_backward(const Tensor& grad, IntArrayRef sizes) {
  Tensor input_grad = zeros(sizes, grad.options());
  input_grad.diagonal().copy_(grad);  // grad broadcasts along the diagonal
  return input_grad;
}

Tensor constant_pad_nd_backward(const Tensor& grad, IntArrayRef pad) {
  // An input with no elements gets none: constant_pad_nd refuses to make a dim of size 0.
  DimVector sizes(grad.sizes());
  const int64_t rank = grad.dim(), padded = static_cast<int64_t>(pad.size()) / 2;
  for (int64_t d = rank - padded; d < rank; ++d)
    sizes[d] -= pad[2 * (rank - 1 - d)] + pad[2 * (rank - 1 - d) + 1];
  if (std::find(sizes.begin(), sizes.end(), 0) != sizes.end()) return zeros(sizes, grad.options());
  DimVector negated;
  for (int64_t p : pad) negated.push_back(-p);
  return constant_pad_nd(grad, negated, 0);
}

Tensor unfold_backward(const Tensor& grad, IntArrayRef sizes, int64_t dimension, int64_t size,
                       int64_t step) {
  // Window w of the input covers [w * step, w * step + size) along `dimension`; windows may
  // overlap, so each one's gradient is added in turn.
  // unfold of a 0-dim tensor is a 1-d tensor of `size` (0 or 1) copies of its element.
  if (sizes.empty()) return grad.numel() == 0 ? zeros(sizes, grad.options()) : grad.reshape(sizes);
  const int64_t d = maybe_wrap_dim(dimension, static_cast<int64_t>(sizes.size()));
  Tensor input_grad = zeros(sizes, grad.options());
  const int64_t windows = grad.size(d);
  // grad.select(d, w) has the window's elements as its last dim: move that dim back to d.
  std::vector<int64_t> order;
  for (int64_t p = 0; p < grad.dim() - 1; ++p)
    order.push_back(p < d ? p : p == d ? grad.dim() - 2 : p - 1);
  for (int64_t w = 0; w < windows; ++w) {
    Tensor target = input_grad.narrow(d, w * step, size);
    target.copy_(target + grad.select(d, w).permute(order));
  }
  return input_grad;
}

Tensor repeat_backward(const Tensor& grad, IntArrayRef repeats, IntArrayRef sizes) {
  // ATen's: zeros if anything is repeated 0 times; else the leading dims repeat added summed
  // away, and each dim repeated more than once viewed as (repeats, size) and its repeats summed
  // (a dim repeated once is left alone, so repeat(1, ...) gives the gradient itself back).
  if (std::find(repeats.begin(), repeats.end(), 0) != repeats.end())
    return zeros(sizes, grad.options());
  const int64_t lead = static_cast<int64_t>(repeats.size() - sizes.size());
  Tensor g = grad;
  for (int64_t d = 0; d < lead; ++d) g = sum(g, IntArrayRef{0});
  std::vector<int64_t> split_shape, summed;
  for (size_t i = 0; i < sizes.size(); ++i) {
    const int64_t r = repeats[lead + static_cast<int64_t>(i)];
    if (r == 1) {
      split_shape.push_back(sizes[i]);
      continue;
    }
    split_shape.push_back(r);
    summed.push_back(static_cast<int64_t>(split_shape.size()) - 1);
    split_shape.push_back(sizes[i]);
  }
  g = g.reshape(split_shape);
  return summed.empty() ? g : sum(g, IntArrayRef(summed));
}

Tensor roll_backward(const Tensor& grad, IntArrayRef shifts, IntArrayRef dims) {
  std::vector<int64_t> back(shifts.begin(), shifts.end());
  for (auto& s : back) s = -s;
  return grad.roll(back, dims);
}

std::vector<Tensor> cat_backward(const Tensor& grad, const std::vector<std::vector<int64_t>>& sizes,
                                 int64_t dim) {
  std::vector<Tensor> grads;
  int64_t offset = 0;
  for (const auto& s : sizes) {
    // cat skips 1-d empty tensors whatever `dim` is (ATen's legacy rule): they get no gradient.
    if (s.size() == 1 && s[0] == 0) {
      grads.push_back(zeros(s, grad.options()));
      continue;
    }
    const int64_t d = maybe_wrap_dim(dim, static_cast<int64_t>(s.size()));
    grads.push_back(grad.narrow(d, offset, s[d]));
    offset += s[d];
  }
  return grads;
}

std::vector<Tensor> stack_backward(const Tensor& grad, int64_t count, int64_t dim) {
  const int64_t d = maybe_wrap_dim(dim, grad.dim());
  std::vector<Tensor> grads;
  for (int64_t i = 0; i < count; ++i) grads.push_back(grad.select(d, i));
  return grads;
}

// ---- indexing ---------------------------------------------------------------------------------

Tensor scatter_reduce_self_backward(const Tensor& grad, std::string_view reduce) {
  if (reduce == "add") return grad;
  return not_implemented("scatter with reduce='multiply'");
}

Tensor scatter_reduce_src_backward(const Tensor& grad, int64_t dim, const Tensor& index,
                                   std::string_view reduce) {
  if (reduce == "add") return grad.gather(dim, index);
  return not_implemented("scatter with reduce='multiply'");
}

// scatter's index is int64 (gather's may be int32 too).
Tensor scatter_reduce_two_backward(int64_t which, const Tensor& grad, const Tensor& self,
                                   int64_t dim, const Tensor& index, const Tensor& src_in,
                                   std::string_view reduce, bool include_self,
                                   const Tensor& result) {
  if (!grad.defined()) return Tensor();
  // An empty index scatters nothing (ATen then accepts any src of any shape). The formulas below
  // still apply to self, as ATen's do: prod's is grad * self / self with self's zeros taken as
  // 1 (not grad where grad * self is subnormal or overflows); amax's and amin's has a count of
  // 1 where self is the result (laid out like self, NaN where self is NaN).
  if (index.numel() == 0) {
    if (which == 1) return zeros_like(src_in);
    if (reduce == "prod") {
      const Tensor masked_self = self.masked_fill(self == 0, 1);
      return grad * masked_self / masked_self;
    }
    if (reduce != "amax" && reduce != "amin") return grad;
    const Tensor self_is_result = (self == result).to(self.scalar_type());
    return self_is_result * (grad / self_is_result);
  }
  // A 0-dim src is one element at index's rank; src may be larger than index: only its elements
  // within index's extent were read.
  Tensor src = src_in.dim() == 0 ? src_in.reshape(DimVector(index.dim(), 1)) : src_in;
  for (int64_t d = 0; d < index.dim(); ++d)
    if (src.size(d) != index.size(d)) src = src.narrow(d, 0, index.size(d));
  Tensor grad_self, grad_src;
  if (reduce == "sum") {
    grad_self = grad;
    grad_src = grad.gather(dim, index);
  } else if (reduce == "mean") {
    Tensor n = include_self ? ones_like(grad) : zeros_like(grad);
    n = scatter_add(n, dim, index, ones_like(src));
    n = n.masked_fill(n == 0, 1);
    grad_self = grad / n;
    grad_src = grad.gather(dim, index) / n.gather(dim, index);
  } else if (reduce == "prod") {
    // Each factor's gradient is the product of the others: result / factor where it is not 0.
    const Tensor masked_self = self.masked_fill(self == 0, 1);
    const Tensor masked_self_result = scatter_reduce(masked_self, dim, index, src, reduce,
                                                     include_self);
    grad_self = grad * masked_self_result / masked_self;
    const Tensor src_zero = src == 0;
    const Tensor src_num_zeros = scatter_add(zeros_like(self), dim, index,
                                             src_zero.to(self.scalar_type()))
                                     .gather(dim, index);
    const Tensor src_single_zero = src_zero.logical_and(src_num_zeros == 1);
    // Where src holds the position's only 0, the product of the others, recomputed with that
    // factor 1.
    const Tensor masked_src = src.masked_fill(src_single_zero, 1);
    const Tensor masked_src_result = scatter_reduce(self, dim, index, masked_src, reduce,
                                                    include_self);
    grad_src = where(src_single_zero, (grad * masked_src_result).gather(dim, index),
                     (grad * result).gather(dim, index) / src.masked_fill(src_zero, 1));
  } else {  // amax, amin
    const Tensor value = result.gather(dim, index);
    const Tensor self_is_result = (self == result).to(self.scalar_type());
    const Tensor src_is_result = (src == value).to(self.scalar_type());
    const Tensor count = scatter_add(self_is_result, dim, index, src_is_result);
    const Tensor share = grad / count;
    grad_self = self_is_result * share;
    grad_src = src_is_result * share.gather(dim, index);
  }
  if (which == 0) return include_self ? grad_self : grad_self.scatter(dim, index, 0);
  if (grad_src.sizes() == src_in.sizes()) return grad_src;
  if (src_in.dim() == 0) return grad_src.reshape({});
  Tensor padded = zeros_like(src_in);
  Tensor region = padded;
  for (int64_t d = 0; d < grad_src.dim(); ++d) region = region.narrow(d, 0, grad_src.size(d));
  region.copy_(grad_src);
  return padded;
}

Tensor index_copy_source_backward(const Tensor& grad, int64_t dim, const Tensor& index,
                                  IntArrayRef source_sizes) {
  if (grad.dim() == 0) return grad.reshape(source_sizes);
  return grad.index_select(dim, index.reshape({-1})).reshape(source_sizes);
}

Tensor masked_scatter_backward(const Tensor& grad, const Tensor& mask, IntArrayRef sizes) {
  int64_t numel = 1;
  for (int64_t s : sizes) numel *= s;
  Tensor selected = grad.masked_select(mask);
  const int64_t missing = numel - selected.numel();
  if (missing > 0) selected = cat({selected, zeros({missing}, grad.options())}, 0);
  return selected.reshape(sizes);
}

Tensor gather_backward(const Tensor& grad, IntArrayRef sizes, int64_t dim, const Tensor& index) {
  return zeros(sizes, grad.options()).scatter(dim, index.to(ScalarType::Long), grad, "add");
}

Tensor index_backward(const Tensor& zeros, ArrayRef<std::optional<Tensor>> indices,
                      const Tensor& grad) {
  return zeros.index_put(indices, grad, true);
}

Tensor masked_select_backward(const Tensor& grad, const Tensor& self, const Tensor& mask) {
  DimVector shape = infer_size(self.sizes(), mask.sizes());
  if (shape.empty()) shape.push_back(1);
  // Laid out like self, as ATen's.
  const Tensor zeros = aten::zeros_like(self.expand(shape), grad.options());
  const Tensor full = zeros.index_put({std::optional<Tensor>(mask.expand(shape))}, grad, true);
  return sum_to(full, self.sizes());
}

Tensor convolution_backward_part(int64_t which, const Tensor& grad, const Tensor& input,
                                 const Tensor& weight, IntArrayRef stride, IntArrayRef padding,
                                 IntArrayRef dilation, bool transposed, IntArrayRef output_padding,
                                 int64_t groups) {
  if (!grad.defined()) return Tensor();
  const std::array<bool, 3> mask{which == 0, which == 1, which == 2};
  auto grads = convolution_backward(grad, conj(input), conj(weight), std::nullopt, stride, padding,
                                    dilation, transposed, output_padding, groups, mask);
  return which == 0 ? std::get<0>(grads) : which == 1 ? std::get<1>(grads) : std::get<2>(grads);
}

Tensor adaptive_max_pool2d_grad(const Tensor& grad, const Tensor& self, const Tensor& indices) {
  if (!grad.defined()) return Tensor();
  DimVector flat(self.sizes().begin(), self.sizes().end() - 2);
  flat.push_back(self.size(-2) * self.size(-1));
  const Tensor sums =
      aten::zeros(flat, grad.options()).scatter_add(-1, indices.flatten(-2), grad.flatten(-2));
  return sums.view(self.sizes()).contiguous(self.suggest_memory_format());
}

Tensor embedding_dense_double_backward(const Tensor& grad, const Tensor& indices,
                                       int64_t padding_idx, bool scale_grad_by_freq) {
  const Tensor flat = indices.reshape({-1});
  Tensor rows = grad.index_select(0, flat);
  if (scale_grad_by_freq) {
    const Tensor ones = aten::ones({flat.numel()}, grad.options());
    const Tensor counts = aten::zeros({grad.sizes()[0]}, grad.options())
                              .index_put({std::optional<Tensor>(flat.to(ScalarType::Long))}, ones,
                                         true);
    rows = rows / counts.index_select(0, flat).unsqueeze(1);
  }
  if (padding_idx >= 0) rows = rows.masked_fill(flat.eq(padding_idx).unsqueeze(1), 0);
  DimVector shape(indices.sizes());
  shape.push_back(grad.sizes()[1]);
  return rows.reshape(shape);
}

Tensor index_select_backward(const Tensor& grad, IntArrayRef sizes, int64_t dim,
                             const Tensor& index) {
  // index_add as a scatter-add: the index repeated along every other dim of the gradient.
  const int64_t d = maybe_wrap_dim(dim, grad.dim());
  std::vector<int64_t> shape(static_cast<size_t>(grad.dim()), 1);
  if (grad.dim() > 0) shape[d] = index.numel();
  const Tensor long_index = index.to(ScalarType::Long);
  Tensor expanded = grad.dim() == 0 ? long_index.reshape({})
                                    : long_index.reshape(shape).expand(grad.sizes());
  return zeros(sizes, grad.options()).scatter(d, expanded, grad, "add");
}

Tensor value_selecting_reduction_backward(const Tensor& grad, int64_t dim, const Tensor& indices,
                                          IntArrayRef sizes, bool keepdim) {
  const int64_t d = maybe_wrap_dim(dim, static_cast<int64_t>(sizes.size()));
  if (sizes.empty()) return grad.reshape(sizes);
  Tensor g = keepdim ? grad : grad.unsqueeze(d);
  Tensor i = keepdim ? indices : indices.unsqueeze(d);
  return zeros(sizes, grad.options()).scatter(d, i, g);
}

Tensor evenly_distribute_backward(const Tensor& grad, const Tensor& input, const Tensor& result) {
  // ATen's form: zeros, the gradient shared among the elements equal to the result (the NaNs,
  // if it is NaN) written in.
  Tensor hit = where(result.isnan(), input.isnan(), input == result);
  Tensor g = zeros(input.sizes(), input.options());
  g.masked_fill_(hit, grad / sum(hit));
  return g;
}

Tensor evenly_distribute_backward(const Tensor& grad, const Tensor& input, const Tensor& result,
                                  OptionalIntArrayRef dim, bool keepdim) {
  Tensor r = restore_reduced_dims(result, dim, input.dim(), keepdim);
  Tensor g = restore_reduced_dims(grad, dim, input.dim(), keepdim);
  // NaN results: the NaNs share the gradient, as ATen's comparison with isnan does.
  Tensor hit = where(r.isnan(), input.isnan(), input == r);
  Tensor count = sum(hit, dim.has_value() && !dim->empty() ? dim : OptionalIntArrayRef(), true);
  return g * hit / count;
}

// ---- pointwise --------------------------------------------------------------------------------

Tensor mul_tensor_backward(const Tensor& grad, const Tensor& other, ScalarType self_type) {
  return handle_r_to_c(self_type, grad * conj(other));
}

Tensor div_tensor_self_backward(const Tensor& grad, const Tensor& other, ScalarType self_type,
                                std::optional<std::string_view> rounding_mode) {
  if (rounding_mode.has_value()) return zeros_like(grad);
  return handle_r_to_c(self_type, grad / conj(other));
}

Tensor div_tensor_other_backward(const Tensor& grad, const Tensor& self, const Tensor& other,
                                 std::optional<std::string_view> rounding_mode) {
  if (rounding_mode.has_value()) return zeros_like(grad);
  return handle_r_to_c(other.scalar_type(), grad.neg() * conj(self / other / other));
}

Tensor pow_backward(const Tensor& grad, const Tensor& self, const Scalar& exponent) {
  // ATen's Scalar::equal: a bool exponent is never 0, so x ** False takes the formula below.
  if (!exponent.isComplex() && !exponent.isBoolean() && exponent.toDouble() == 0.0)
    return zeros(self.sizes(), self.options());
  const Scalar minus_one = exponent.isComplex()
                               ? Scalar(std::complex<double>(exponent.toComplexDouble().real() - 1,
                                                             exponent.toComplexDouble().imag()))
                           : exponent.isFloatingPoint() ? Scalar(exponent.toDouble() - 1)
                                                        : Scalar(exponent.toLong() - 1);
  return handle_r_to_c(self.scalar_type(), grad * conj(self.pow(minus_one) * exponent));
}

Tensor pow_backward_self(const Tensor& grad, const Tensor& self, const Tensor& exponent) {
  Tensor g = grad * conj(exponent * self.pow(exponent - 1));
  return handle_r_to_c(self.scalar_type(), where(exponent == 0, zeros_like(g), g));
}

namespace {
// Where the gradient with respect to the exponent of 0^exponent is 0 (ATen's choice): a real
// exponent >= 0, so also a complex one with no imaginary part.
Tensor nonnegative_real(const Tensor& exponent) {
  if (!isComplexType(exponent.scalar_type())) return exponent >= 0;
  Tensor parts = view_as_real(exponent);
  return (parts.select(-1, 1) == 0) & (parts.select(-1, 0) >= 0);
}
}  // namespace

Tensor pow_backward_exponent(const Tensor& grad, const Tensor& self, const Tensor& exponent,
                             const Tensor& result) {
  Tensor zero_base = (self == 0) & nonnegative_real(exponent);
  return handle_r_to_c(
      exponent.scalar_type(),
      grad * where(zero_base, scalar_tensor(0., grad.options()), conj(result * self.log())));
}

Tensor pow_backward_exponent(const Tensor& grad, const Scalar& base, const Tensor& exponent,
                             const Tensor& result) {
  // The base's own log, as ATen's Scalar::log(): NaN for a negative real base, whatever the
  // exponent's dtype; the complex log of a complex one.
  const auto z = base.toComplexDouble();
  const Scalar log_base = base.isComplex()
                              ? Scalar(std::log(std::complex<double>(z.real(), z.imag())))
                              : Scalar(std::log(base.toDouble()));
  Tensor d = conj(result * log_base);
  if (!base.isComplex() && base.toDouble() == 0.0)
    d = where(nonnegative_real(exponent), scalar_tensor(0., grad.options()), d);
  return handle_r_to_c(exponent.scalar_type(), grad * d);
}

// The gradient where `keep`, else 0: ATen's where(keep, grad, 0), which passes a NaN gradient
// only where kept and writes +0 elsewhere (grad * keep would give -0 and NaN there).
namespace {
Tensor grad_where(const Tensor& keep, const Tensor& grad) {
  return where(keep, grad, scalar_tensor(0., grad.options()));
}
}  // namespace

Tensor clamp_backward(const Tensor& grad, const Tensor& self, const std::optional<Scalar>& min,
                      const std::optional<Scalar>& max) {
  if (min && max) return grad_where((self >= *min) & (self <= *max), grad);
  if (min) return grad_where(self >= *min, grad);
  if (max) return grad_where(self <= *max, grad);
  return grad;
}

Tensor clamp_backward(const Tensor& grad, const Tensor& self, const std::optional<Tensor>& min,
                      const std::optional<Tensor>& max) {
  const bool has_min = given(min), has_max = given(max);
  if (has_min && has_max) return grad_where((self >= *min) & (self <= *max), grad);
  if (has_min) return grad_where(self >= *min, grad);
  if (has_max) return grad_where(self <= *max, grad);
  return grad;
}

Tensor clamp_bound_backward(const Tensor& grad, const Tensor& self,
                            const std::optional<Tensor>& min, const std::optional<Tensor>& max,
                            bool for_min) {
  const bool has_min = given(min), has_max = given(max);
  // ATen's clamp_backward_min_max: min takes the gradient where it clamps and is below max;
  // max where it clamps, or wherever it is below min (the result is max there).
  if (for_min) return grad_where(has_max ? (self < *min) & (*min < *max) : self < *min, grad);
  return grad_where(has_min ? (self > *max) | (*max < *min) : self > *max, grad);
}

Tensor extremum_backward(const Tensor& grad, const Tensor& self, const Tensor& other, bool is_max,
                         bool for_self) {
  // ATen's: half the gradient at ties, all of it elsewhere, then 0 where the other input wins
  // (so a NaN, which wins nowhere, passes the whole gradient to both inputs).
  Tensor loses = is_max == for_self ? self < other : self > other;
  return fill_where(where(self == other, grad / 2, grad), loses, 0);
}

Tensor abs_backward(const Tensor& grad, const Tensor& self) { return grad * self.sgn(); }

Tensor sgn_backward(const Tensor& grad, const Tensor& self, const Tensor& result) {
  if (!isComplexType(self.scalar_type())) return zeros_like(grad);
  // d sgn(z) for z != 0: (grad - sgn^2 * conj(grad)) / (2 |z|) (ATen's form); 0 at z = 0.
  Tensor magnitude = self.abs();
  return fill_where((grad - result * result * conj(grad)) / (magnitude * 2), magnitude == 0, 0);
}

Tensor gelu_backward(const Tensor& grad, const Tensor& self, std::string_view approximate) {
  if (approximate == "tanh") {
    constexpr double kBeta = std::numbers::sqrt2 * std::numbers::inv_sqrtpi;  // sqrt(2 / pi)
    constexpr double kKappa = 0.044715;
    Tensor inner = (self + self.pow(3) * kKappa) * kBeta;
    Tensor t = inner.tanh();
    Tensor d_inner = (self * self * (3 * kKappa) + 1) * kBeta;
    return grad * ((t + 1) * 0.5 + self * 0.5 * ((t * t).neg() + 1) * d_inner);
  }
  Tensor cdf = ((self * std::numbers::sqrt2 / 2).erf() + 1) * 0.5;
  Tensor pdf = (self * self * -0.5).exp() * (std::numbers::inv_sqrtpi / std::numbers::sqrt2);
  return grad * (cdf + self * pdf);
}

Tensor silu_backward(const Tensor& grad, const Tensor& self) {
  Tensor s = self.sigmoid();
  return grad * conj(s * (self * (s.neg() + 1) + 1));
}

// ---- reductions -------------------------------------------------------------------------------

namespace {
// The product of the other elements along `dim`, for every element, from exclusive cumulative
// products from both ends (ATen's prod_safe_zeros_backward).
Tensor prod_safe_zeros_backward(const Tensor& grad, const Tensor& self, int64_t d) {
  const int64_t n = self.size(d);
  if (n == 0) return grad.expand(self.sizes());
  Tensor ones = ones_like(self.narrow(d, 0, 1));
  Tensor before = cat({ones, self.narrow(d, 0, n - 1)}, d).cumprod(d);
  Tensor after = cat({ones, self.narrow(d, 1, n - 1).flip({d})}, d).cumprod(d).flip({d});
  return grad * conj(before * after);
}

// How many elements of t are 0 (none counted on Meta: the safe path is taken there).
int64_t count_zeros(const Tensor& t) { return t.is_meta() ? -1 : sum(t == 0).item<int64_t>(); }
}  // namespace

Tensor prod_backward(const Tensor& grad, const Tensor& self, const Tensor& result) {
  if (self.dim() == 0) return grad;
  // ATen's: without zeros, prod / x; with two or more, every product of the others is 0 (when
  // this backward is not itself recorded); with one, the products of the others.
  const int64_t zeros_in = count_zeros(self);
  if (zeros_in == 0) return grad * conj(result / self);
  if (zeros_in > 1 && !GradMode::is_enabled()) return zeros(self.sizes(), self.options());
  return prod_safe_zeros_backward(grad, self.contiguous().view({-1}), 0).view(self.sizes());
}

Tensor prod_dim_backward(const Tensor& grad, const Tensor& self, const Tensor& result, int64_t dim,
                         bool keepdim) {
  if (self.dim() == 0) return grad;
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  Tensor g = keepdim ? grad : grad.unsqueeze(d);
  Tensor r = keepdim ? result : result.unsqueeze(d);
  // ATen's: prod / x when the tensor holds no zero, else the products of the others in every
  // slice (so also in a slice with no zero but an infinity, where prod / x would be NaN).
  if (count_zeros(self) == 0) return g * conj(r / self);
  return prod_safe_zeros_backward(g, self, d);
}

Tensor var_backward(const Tensor& grad, const Tensor& self, OptionalIntArrayRef dim,
                    std::optional<int64_t> correction, bool keepdim) {
  const int64_t n = reduced_numel(self.sizes(), dim);
  const double dof = static_cast<double>(n - correction.value_or(1));
  OptionalIntArrayRef d = dim.has_value() && !dim->empty() ? dim : OptionalIntArrayRef();
  Tensor centered = self - self.mean(d, true);
  // ATen's order: the scale first, so that a Half gradient times a large deviation does not
  // overflow before it is scaled down.
  return restore_reduced_dims(grad, dim, self.dim(), keepdim) * (2.0 / dof) * centered;
}

namespace {
// A gradient with respect to std as one with respect to var: d std = d var / (2 std), and none
// where std is 0.
Tensor var_grad_of_std(const Tensor& grad_std, const Tensor& std) {
  return fill_where(grad_std / (std * 2), std == 0, 0);
}
}  // namespace

Tensor std_backward(const Tensor& grad, const Tensor& self, const Tensor& result,
                    OptionalIntArrayRef dim, std::optional<int64_t> correction, bool keepdim) {
  return var_backward(var_grad_of_std(grad, result), self, dim, correction, keepdim);
}

Tensor var_mean_backward(const Tensor& grad_var, const Tensor& grad_mean, const Tensor& self,
                         OptionalIntArrayRef dim, std::optional<int64_t> correction, bool keepdim) {
  Tensor g;
  if (grad_var.defined()) g = var_backward(grad_var, self, dim, correction, keepdim);
  if (grad_mean.defined()) {
    Tensor m = mean_backward(grad_mean, self.sizes(), dim, reduced_numel(self.sizes(), dim),
                             keepdim);
    g = g.defined() ? g + m : m;
  }
  return g.defined() ? g : zeros_like(self);
}

Tensor std_mean_backward(const Tensor& grad_std, const Tensor& grad_mean, const Tensor& self,
                         const Tensor& std, OptionalIntArrayRef dim,
                         std::optional<int64_t> correction, bool keepdim) {
  const Tensor grad_var = grad_std.defined() ? var_grad_of_std(grad_std, std) : Tensor();
  return var_mean_backward(grad_var, grad_mean, self, dim, correction, keepdim);
}

Tensor norm_backward(const Tensor& grad, const Tensor& self, const std::optional<Scalar>& p,
                     const Tensor& norm, OptionalIntArrayRef dim, bool keepdim) {
  // ATen's formulas, p by p (so its choices at zeros and ties: 0 where the norm or, for p < 1,
  // the element is 0; the largest |x| share the inf-norm's gradient).
  const double order = p.has_value() ? p->toDouble() : 2.0;
  Tensor g = restore_reduced_dims(grad, dim, self.dim(), keepdim);
  Tensor n = restore_reduced_dims(norm, dim, self.dim(), keepdim);
  if (order == 0.0) return zeros_like(self);
  if (order == 1.0) return self.sgn() * g;
  if (order == 2.0) return g * fill_where(self / n, n == 0, 0);
  if (std::isinf(order)) {
    Tensor is_max = ((self.abs() == n) | (self.isnan() & n.isnan())).to(n.scalar_type());
    Tensor count = sum(is_max != 0, dim.has_value() && !dim->empty() ? dim : OptionalIntArrayRef(),
                       true);
    return self.sgn() * is_max * (g / count);
  }
  if (order < 1.0) {
    Tensor scaled = self.sgn() * fill_where(self.abs().pow(order - 1), self == 0, 0);
    return scaled * g * n.pow(1 - order);
  }
  Tensor scaled = order < 2.0 ? self.sgn() * self.abs().pow(order - 1)
                              : self * self.abs().pow(order - 2);
  return scaled * fill_where(g / n.pow(order - 1), n == 0, 0);
}

Tensor logsumexp_backward(const Tensor& grad, const Tensor& self, const Tensor& result,
                          IntArrayRef dim, bool keepdim) {
  Tensor g = restore_reduced_dims(grad, dim, self.dim(), keepdim);
  Tensor r = restore_reduced_dims(result, dim, self.dim(), keepdim);
  return g * (self - r).exp();
}

Tensor cumsum_backward(const Tensor& grad, int64_t dim) {
  // Along a dim of one element the sum is the identity: grad itself, with its layout (ATen's).
  if (grad.numel() <= 1 || grad.size(dim) == 1) return grad;
  return grad.flip({dim}).cumsum(dim).flip({dim});
}

Tensor cumprod_backward(const Tensor& grad, const Tensor& self, int64_t dim, const Tensor& result) {
  if (self.numel() <= 1) return grad;
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  if (self.size(d) == 1) return grad;  // the identity, as in cumsum_backward
  // d out_k / d x_i = prod_{j <= k, j != i} x_j for k >= i. Without zeros that is out_k / x_i,
  // so the gradient is the reverse cumulative sum of grad * out, over x. With a zero, the
  // elements up to the first zero are handled the same way and the rest by the definition.
  Tensor plain = cumsum_backward(grad * conj(result), d) / conj(self);
  Tensor has_zero = sum(self == 0, IntArrayRef{d}, true) > 0;
  if (self.is_meta() || !has_zero.any().item<bool>()) return plain;
  const int64_t n = self.size(d);
  std::vector<Tensor> columns;
  for (int64_t i = 0; i < n; ++i) {
    // Element i: sum over k >= i of grad_k * prod_{j <= k, j != i} x_j.
    Tensor others = self.clone();
    others.narrow(d, i, 1).fill_(1);
    Tensor partial = others.narrow(d, 0, n).cumprod(d).narrow(d, i, n - i);
    columns.push_back(sum(grad.narrow(d, i, n - i) * conj(partial), IntArrayRef{d}, true));
  }
  return where(has_zero, cat(columns, d), plain);
}

// ---- linear algebra ---------------------------------------------------------------------------

Tensor softmax_double_backward(const Tensor& grad, const Tensor& grad_output, int64_t dim,
                               const Tensor& output) {
  // grad_input = output * (grad_output - sum(grad_output * output)), differentiated in output.
  return grad_output * grad - (output * grad_output).sum(dim, true) * grad -
         grad_output * (output * grad).sum(dim, true);
}

namespace {
// What both of binary_cross_entropy_with_logits's formulas end with, in place on their fresh
// gradient: weight's factor, then a mean's division by the element count.
Tensor weighted_and_reduced(Tensor g, const std::optional<Tensor>& weight, int64_t reduction,
                            int64_t numel) {
  if (given(weight)) g.mul_(*weight);
  if (reduction == Reduction::Mean) g.div_(static_cast<double>(numel));
  return g;
}
}  // namespace

// d/dx = sigmoid(x) (1 + (p - 1) t) - p t with p = pos_weight (1 without), times weight; in
// ATen's steps, in place on fresh tensors.
Tensor binary_cross_entropy_with_logits_backward(const Tensor& grad, const Tensor& self,
                                                 const Tensor& target,
                                                 const std::optional<Tensor>& weight,
                                                 const std::optional<Tensor>& pos_weight,
                                                 int64_t reduction) {
  Tensor grad_input;
  if (given(pos_weight)) {
    const Tensor t = *pos_weight * target;  // broadcast: not in place
    grad_input = (t + 1).sub_(target).mul_(self.sigmoid()).sub_(t).mul_(grad);
  } else {
    grad_input = (self.sigmoid() - target).mul_(grad);
  }
  return weighted_and_reduced(grad_input, weight, reduction, self.numel());
}

// d/dt = log(sigmoid(-x)) - p log(sigmoid(x)), -x without pos_weight, times weight.
Tensor binary_cross_entropy_with_logits_target_backward(const Tensor& grad, const Tensor& self,
                                                        const Tensor& target,
                                                        const std::optional<Tensor>& weight,
                                                        const std::optional<Tensor>& pos_weight,
                                                        int64_t reduction) {
  const Tensor grad_target =
      given(pos_weight)
          ? log_sigmoid(self.neg()).sub_(log_sigmoid(self).mul_(*pos_weight)).mul_(grad)
          : self.neg() * grad;
  return weighted_and_reduced(grad_target, weight, reduction, target.numel());
}

Tensor nll_loss_self_backward(const Tensor& grad, const Tensor& self, const Tensor& target,
                              const std::optional<Tensor>& weight, int64_t reduction,
                              int64_t ignore_index, const Tensor& total_weight) {
  if (!grad.defined()) return Tensor();
  return nll_loss_backward(grad, self, target, weight, reduction, ignore_index, total_weight);
}

Tensor scale_for_reduction(const Tensor& grad, const Tensor& self, int64_t reduction) {
  return reduction == 1 ? grad / static_cast<double>(self.numel()) : grad;
}

// A zero beta is l1, whose second derivative is zero (and the formula's division by beta NaN).
Tensor smooth_l1_loss_double_backward(const Tensor& grad, const Tensor& self, const Tensor& target,
                                      int64_t reduction, double beta) {
  if (beta == 0) return zeros_like(grad);
  const Tensor inside = ((self - target).abs() < beta).to(grad.scalar_type());
  return scale_for_reduction(grad * inside / beta, self, reduction);
}

Tensor huber_loss_double_backward(const Tensor& grad, const Tensor& self, const Tensor& target,
                                  int64_t reduction, double delta) {
  const Tensor inside = ((self - target).abs() < delta).to(grad.scalar_type());
  return scale_for_reduction(grad * inside, self, reduction);
}

namespace {
Tensor times_weight(const Tensor& t, const std::optional<Tensor>& weight) {
  return given(weight) ? t * *weight : t;
}
// What ATen's second derivatives add to x and 1 - x, or clamp x (1 - x) at.
constexpr double kBceEpsilon = 1e-12;
}  // namespace

Tensor binary_cross_entropy_target_backward(const Tensor& grad, const Tensor& self,
                                            const Tensor& /*target*/,
                                            const std::optional<Tensor>& weight,
                                            int64_t reduction) {
  const Tensor g = grad * (self.neg().log1p() - self.log());
  return scale_for_reduction(times_weight(g, weight), self, reduction);
}

// ATen's formulas, which add eps to x and 1 - x rather than clamp their product: d/dx of
// (x - t) / (x (1 - x)) is (x^2 - 2 x t + t) / (x (1 - x))^2.
Tensor binary_cross_entropy_double_backward(const Tensor& grad, const Tensor& self,
                                            const Tensor& target,
                                            const std::optional<Tensor>& weight,
                                            int64_t reduction) {
  const Tensor x_eps = self + kBceEpsilon, one_minus_x_eps = self.neg() + (1 + kBceEpsilon);
  const Tensor g = grad * (self * self - self * target * 2 + target) /
                   (x_eps * x_eps * one_minus_x_eps * one_minus_x_eps);
  return scale_for_reduction(times_weight(g, weight), self, reduction);
}

Tensor binary_cross_entropy_double_backward_grad_output(const Tensor& grad, const Tensor& self,
                                                        const Tensor& target,
                                                        const std::optional<Tensor>& weight,
                                                        int64_t reduction) {
  const Tensor g = (self - target) / ((self + kBceEpsilon) * (self.neg() + (1 + kBceEpsilon))) *
                   grad;
  return scale_for_reduction(times_weight(g, weight), self, reduction);
}

Tensor binary_cross_entropy_double_backward_target(const Tensor& grad, const Tensor& self,
                                                   const Tensor& /*target*/,
                                                   const std::optional<Tensor>& weight,
                                                   int64_t reduction) {
  const Tensor g = grad.neg() / ((self.neg() + 1) * self).clamp_min(kBceEpsilon);
  return scale_for_reduction(times_weight(g, weight), self, reduction);
}

// ATen's: the gradient of each output element is the gradient of the input element it took.
Tensor softplus_double_backward(const Tensor& grad, const Tensor& self, const Scalar& beta,
                                const Scalar& threshold) {
  const Tensor bx = self * beta;
  const Tensor s = bx.sigmoid();
  // ATen's formula in ATen's order (sigmoid's backward, then the mask, then beta), for the same
  // rounding. The mask is multiplied in rather than a where, so that a NaN input gives NaN; it is
  // bx < threshold, though the forward passes the gradient through only where bx > threshold,
  // as ATen's is.
  return grad * (s.neg() + 1) * s * (bx < threshold).to(grad.scalar_type()) * beta;
}

Tensor elu_double_backward(const Tensor& grad, const Tensor& grad_output, const Scalar& alpha,
                           const Scalar& scale, const Scalar& input_scale, bool is_result,
                           const Tensor& self_or_result) {
  const Tensor negative = (self_or_result < 0).to(grad.scalar_type());
  if (is_result) return grad * grad_output * input_scale * negative;
  return elu_backward(grad * grad_output * input_scale, alpha, scale, input_scale, false,
                      self_or_result) *
         negative;
}

Tensor hardswish_double_backward(const Tensor& grad, const Tensor& grad_output,
                                 const Tensor& self) {
  const Tensor inside = logical_and(self > -3.0, self < 3.0);
  return where(inside, grad * grad_output / 3.0, scalar_tensor(0., grad.options()));
}

Tensor log_sigmoid_forward_backward(const Tensor& grad_output, const Tensor& grad_buffer,
                                    const Tensor& self, const Tensor& buffer) {
  Tensor g;
  if (grad_output.defined()) g = log_sigmoid_backward(grad_output, self, buffer);
  if (grad_buffer.defined()) {
    const Tensor from_buffer = grad_buffer * buffer * self.sign().neg();
    g = g.defined() ? g + from_buffer : from_buffer;
  }
  return g;
}

Tensor log_sigmoid_double_backward(const Tensor& grad, const Tensor& self) {
  const Tensor z = self.sigmoid();
  return grad * (z - 1) * z;
}

Tensor glu_double_backward(const Tensor& grad, const Tensor& grad_output, const Tensor& self,
                           int64_t dim) {
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  const int64_t half = self.size(d) / 2;
  const Tensor a = self.narrow(d, 0, half);
  const Tensor sig = self.narrow(d, half, half).sigmoid();
  const Tensor one_sub_sig = sig.neg() + 1;
  const Tensor sig_one_sub_sig = sig * one_sub_sig;
  const Tensor gg_a = grad.narrow(d, 0, half);
  const Tensor gg_b = grad.narrow(d, half, half);
  const Tensor grad_a = gg_b * grad_output * sig_one_sub_sig;
  const Tensor second_order = sig_one_sub_sig * one_sub_sig - sig * sig_one_sub_sig;
  const Tensor grad_b = gg_b * a * grad_output * second_order +
                        gg_a * grad_output * sig_one_sub_sig;
  return cat({grad_a, grad_b}, d);
}

Tensor glu_double_backward_grad_output(const Tensor& grad, const Tensor& self, int64_t dim) {
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  std::vector<int64_t> sizes(self.sizes().begin(), self.sizes().end());
  sizes[d] /= 2;
  const Tensor t = grad * glu_backward(ones(sizes, self.options()), self, d);
  return t.narrow(d, 0, sizes[d]) + t.narrow(d, sizes[d], sizes[d]);
}

Tensor max_pool_double_backward(const Tensor& grad, const Tensor& indices, int64_t dim) {
  ATEN_CHECK(indices.dim() >= dim, "max_pool_double_backward: indices of ", indices.dim(),
             " dims for ", dim, " pooled dims");
  // Explicit sizes rather than ATen's -1, which a zero-size batch leaves ambiguous.
  auto flat = [dim](const Tensor& t) {
    std::vector<int64_t> size(t.sizes().begin(), t.sizes().end() - dim);
    int64_t n = 1;
    for (int64_t d = t.dim() - dim; d < t.dim(); ++d) n *= t.size(d);
    size.push_back(n);
    return size;
  };
  return grad.contiguous(indices.suggest_memory_format())
      .reshape(flat(grad))
      .gather(-1, indices.reshape(flat(indices)))
      .reshape(indices.sizes());
}

Tensor adaptive_avg_pool2d_double_backward(const Tensor& grad, const Tensor& grad_output) {
  return aten::_adaptive_avg_pool2d(grad, {grad_output.size(-2), grad_output.size(-1)});
}

namespace {
// A column-major matrix: its gradient is made column-major too (ATen's choice).
bool column_major(IntArrayRef sizes, IntArrayRef strides) {
  return sizes.size() == 2 && strides[0] == 1 && strides[1] == sizes[0];
}
}  // namespace

Tensor mm_mat1_backward(const Tensor& grad, const Tensor& mat2, IntArrayRef sizes,
                        IntArrayRef strides, const Scalar& alpha) {
  if (column_major(sizes, strides)) return maybe_multiply(conj(mat2).mm(grad.t()).t(), conj(alpha));
  return maybe_multiply(grad.mm(conj(mat2.t())), conj(alpha));
}

Tensor mm_mat2_backward(const Tensor& grad, const Tensor& mat1, IntArrayRef sizes,
                        IntArrayRef strides, const Scalar& alpha) {
  if (column_major(sizes, strides)) return maybe_multiply(grad.t().mm(conj(mat1)).t(), conj(alpha));
  return maybe_multiply(conj(mat1.t()).mm(grad), conj(alpha));
}

}  // namespace aten::autograd
