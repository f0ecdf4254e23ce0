// embedding (a lookup of weight's rows: index_select along dim 0), its backward (the rows'
// gradients summed per weight row, padding_idx's row left at zero, optionally each scaled by
// one over its index's count), and one_hot.
#include <aten/native/Indexing.h>
#include <aten/ops/embedding_backward_native.h>
#include <aten/ops/embedding_dense_backward.h>
#include <aten/ops/embedding_dense_backward_dtypes.h>
#include <aten/ops/embedding_dense_backward_native.h>
#include <aten/ops/embedding_native.h>
#include <aten/ops/empty.h>
#include <aten/ops/index_select.h>
#include <aten/ops/one_hot_native.h>
#include <aten/ops/reshape.h>
#include <aten/ops/view.h>
#include <aten/ops/zeros.h>

#include <algorithm>
#include <vector>

namespace aten::native {

namespace {

void check_indices(const Tensor& indices, const char* argument, const char* op) {
  ATEN_CHECK(indices.scalar_type() == ScalarType::Long || indices.scalar_type() == ScalarType::Int,
             "Expected tensor for argument ", argument,
             " 'indices' to have one of the following scalar types: Long, Int; but got ",
             indices.scalar_type(), " instead (while checking arguments for ", op, ")");
}

// Every index in [0, num_weights): ATen's CPU backward skips the others silently, which would
// hide a wrong gradient.
template <typename I>
void check_embedding_range(const Tensor& indices, int64_t num_weights) {
  const I* v = indices.data_ptr<I>();
  for (int64_t i = 0; i < indices.numel(); ++i)
    ATEN_CHECK(v[i] >= 0 && v[i] < num_weights, "embedding_dense_backward: index ",
               static_cast<int64_t>(v[i]), " is out of range for num_weights ", num_weights);
}

}  // namespace

Tensor embedding(const Tensor& weight, const Tensor& indices, int64_t /*padding_idx*/,
                 bool /*scale_grad_by_freq*/, bool /*sparse*/) {
  ATEN_CHECK(weight.dim() == 2, "'weight' must be 2-D (got weight of shape ", weight.sizes(), ")");
  check_indices(indices, "#1", "embedding");
  if (indices.dim() == 1) return aten::index_select(weight, 0, indices);
  DimVector size(indices.sizes());
  size.push_back(weight.sizes()[1]);
  return aten::index_select(weight, 0, indices.reshape({-1})).view(size);
}

Tensor embedding_backward(const Tensor& grad, const Tensor& indices, int64_t num_weights,
                          int64_t padding_idx, bool scale_grad_by_freq, bool sparse) {
  ATEN_CHECK(!sparse,
             "embedding_backward: sparse=True asks for a sparse gradient, and MiniATen has no "
             "sparse tensors (use sparse=False)");
  return aten::embedding_dense_backward(grad, indices, num_weights, padding_idx,
                                        scale_grad_by_freq);
}

Tensor embedding_dense_backward(const Tensor& grad_output, const Tensor& indices,
                                int64_t num_weights, int64_t padding_idx, bool scale_grad_by_freq) {
  check_indices(indices, "#2", "embedding_backward");
  ATEN_DISPATCH_embedding_dense_backward_TYPES(grad_output.scalar_type(), [] {});
  ATEN_CHECK(grad_output.device() == indices.device(),
             "embedding_dense_backward: indices must be on grad_output's device (",
             grad_output.device(), "), but are on ", indices.device());
  const int64_t n = indices.numel();
  ATEN_CHECK(grad_output.dim() >= 1 && grad_output.numel() == n * grad_output.sizes().back(),
             "embedding_dense_backward: grad_output of shape ", grad_output.sizes(),
             " does not hold one row per index (indices of shape ", indices.sizes(), ")");
  const int64_t d = grad_output.sizes().back();
  Tensor grad_weight = aten::zeros({num_weights, d}, grad_output.options());
  if (grad_output.is_meta()) return grad_weight;
  // The indices are checked even when there is nothing to add (rows of no elements).
  const Tensor flat = indices.reshape({-1}).contiguous();
  if (flat.scalar_type() == ScalarType::Int) check_embedding_range<int32_t>(flat, num_weights);
  else check_embedding_range<int64_t>(flat, num_weights);
  if (n == 0 || d == 0) return grad_weight;
  std::vector<double> scale;
  if (scale_grad_by_freq) {
    std::vector<int64_t> counts(static_cast<size_t>(num_weights), 0);
    for (int64_t i = 0; i < n; ++i) {
      const int64_t k = flat.scalar_type() == ScalarType::Int ? flat.data_ptr<int32_t>()[i]
                                                              : flat.data_ptr<int64_t>()[i];
      ++counts[static_cast<size_t>(k)];
    }
    scale.resize(counts.size());
    for (size_t k = 0; k < counts.size(); ++k) scale[k] = counts[k] > 0 ? 1.0 / counts[k] : 0.0;
  }
  const Tensor grad = grad_output.contiguous().reshape({n, d});
  embedding_backward_stub(grad.device(), grad_weight, grad, flat, padding_idx,
                          scale_grad_by_freq ? &scale : nullptr);
  return grad_weight;
}

Tensor one_hot(const Tensor& self, int64_t num_classes) {
  ATEN_CHECK(self.scalar_type() == ScalarType::Long, "one_hot is only applicable to index tensor.");
  DimVector shape(self.sizes());
  // An empty self first, so that a Meta one is checked as a CPU one is.
  if (self.numel() == 0) {
    ATEN_CHECK(num_classes > 0, "Can not infer total number of classes from empty tensor.");
    shape.push_back(num_classes);
    return aten::zeros(shape, self.options());
  }
  if (self.is_meta()) {
    ATEN_CHECK(num_classes != -1, "Can not infer total number of classes from meta tensor.");
    shape.push_back(num_classes);
    return aten::zeros(shape, self.options());
  }
  const Tensor c = self.contiguous();
  const int64_t* v = c.data_ptr<int64_t>();
  const int64_t n = c.numel();
  int64_t lo = v[0], hi = v[0];
  for (int64_t i = 1; i < n; ++i) {
    lo = std::min(lo, v[i]);
    hi = std::max(hi, v[i]);
  }
  ATEN_CHECK(lo >= 0, "Class values must be non-negative.");
  if (num_classes == -1) num_classes = hi + 1;
  ATEN_CHECK(num_classes > hi, "Class values must be smaller than num_classes.");
  shape.push_back(num_classes);
  Tensor result = aten::zeros(shape, self.options());
  int64_t* out = result.data_ptr<int64_t>();
  for (int64_t i = 0; i < n; ++i) out[i * num_classes + v[i]] = 1;
  return result;
}

}  // namespace aten::native
