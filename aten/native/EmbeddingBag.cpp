// embedding_bag: the sum, mean or max of weight's rows over each bag of indices, with ATen's
// bookkeeping outputs, and its two backward ops. The forward is one pass over the bags (parallel
// over them); the backward ops are index_select / index_add / scatter_add of the gradient, so a
// backward graph through them is differentiable again.
#include <aten/core/TypePromotion.h>
#include <aten/cpu/Parallel.h>
#include <aten/native/cpu/OpMath.h>
#include <aten/ops/_embedding_bag.h>
#include <aten/ops/_embedding_bag_backward.h>
#include <aten/ops/_embedding_bag_backward_native.h>
#include <aten/ops/_embedding_bag_dtypes.h>
#include <aten/ops/_embedding_bag_native.h>
#include <aten/ops/_embedding_bag_per_sample_weights_backward_native.h>
#include <aten/ops/bincount.h>
#include <aten/ops/embedding_bag_native.h>
#include <aten/ops/empty.h>
#include <aten/ops/eq.h>
#include <aten/ops/index_add.h>
#include <aten/ops/index_select.h>
#include <aten/ops/masked_fill.h>
#include <aten/ops/mul.h>
#include <aten/ops/ne.h>
#include <aten/ops/nonzero.h>
#include <aten/ops/reciprocal.h>
#include <aten/ops/scatter_add.h>
#include <aten/ops/sum.h>
#include <aten/ops/zeros.h>

#include <algorithm>
#include <vector>

namespace aten::native {

namespace {

enum class BagMode : int64_t { sum = 0, mean = 1, max = 2 };

BagMode bag_mode(int64_t mode) {
  ATEN_CHECK(mode >= 0 && mode <= 2, "embedding_bag: mode must be 0 (sum), 1 (mean) or 2 (max), ",
             "but got ", mode);
  return static_cast<BagMode>(mode);
}

void check_index_dtype(const Tensor& t, const char* name) {
  ATEN_CHECK(t.scalar_type() == ScalarType::Long || t.scalar_type() == ScalarType::Int,
             "Expected tensor for argument #1 '", name,
             "' to have one of the following scalar types: Long, Int; but got ", t.scalar_type(),
             " instead (while checking arguments for embedding_bag)");
}

// padding_idx in [-num_weights, num_weights), negative counting from the end; -1 (none) when
// absent.
int64_t normalized_padding_idx(std::optional<int64_t> padding_idx, int64_t num_weights) {
  if (!padding_idx) return -1;
  const int64_t p = *padding_idx;
  ATEN_CHECK(p >= -num_weights && p < num_weights,
             "padding_idx must be within the number of embeddings, ", -num_weights, " through ",
             num_weights - 1, ", but got ", p);
  return p < 0 ? p + num_weights : p;
}

// The bags as num_bags + 1 boundaries into indices, after ATen's checks on offsets (and two of
// MiniATen's: offsets must not decrease, and with include_last_offset their last element is the
// number of indices, where libtorch 1.13 reads or writes past its buffers).
std::vector<int64_t> bag_bounds(const Tensor& offsets, int64_t n, bool include_last_offset) {
  const Tensor o = offsets.to(ScalarType::Long).contiguous();
  const int64_t* p = o.data_ptr<int64_t>();
  const int64_t count = o.numel();
  std::vector<int64_t> bounds(p, p + count);
  if (!include_last_offset) bounds.push_back(n);
  ATEN_CHECK(!include_last_offset || count >= 1,
             "embedding_bag: include_last_offset: number of offset should be at least 1");
  ATEN_CHECK(count > 0 || n == 0, "embedding_bag: offsets is empty, so the ", n,
             " indices belong to no bag");
  if (count == 0) return bounds;
  ATEN_CHECK(bounds.front() == 0,
             "offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to start "
             "from position 0. However, got ",
             bounds.front());
  ATEN_CHECK(p[count - 1] <= n, "offsets[-1] can not be greater than input's length ", n,
             " but got offsets[-1] of ", p[count - 1]);
  const auto drop = std::is_sorted_until(bounds.begin(), bounds.end());
  ATEN_CHECK(drop == bounds.end(), "embedding_bag: offsets must not decrease, but offsets[",
             drop - bounds.begin() - 1, "] is ", drop == bounds.end() ? 0 : *(drop - 1),
             " and the next is ", drop == bounds.end() ? 0 : *drop);
  ATEN_CHECK(!include_last_offset || p[count - 1] == n,
             "embedding_bag: with include_last_offset=True, offsets' last element (", p[count - 1],
             ") must be the number of indices (", n, ")");
  return bounds;
}

template <typename T>
void bag_loop(const Tensor& weight, const int64_t* idx, const std::vector<int64_t>& bounds,
              BagMode mode, const T* psw, int64_t padding_idx, T* out, int64_t* bag_size,
              int64_t* max_idx) {
  using acc_t = opmath_t<T>;
  const int64_t d = weight.sizes()[1];
  const int64_t s0 = weight.strides()[0], s1 = weight.strides()[1];
  const T* w = weight.data_ptr<T>();
  const auto num_bags = static_cast<int64_t>(bounds.size()) - 1;
  const int64_t per_bag = std::max<int64_t>(1,
                                            (bounds.back() / std::max<int64_t>(num_bags, 1)) * d);
  parallel_for(0, num_bags, std::max<int64_t>(1, GRAIN_SIZE / per_bag),
               [&](int64_t b0, int64_t b1) {
                 std::vector<acc_t> acc(static_cast<size_t>(d));
                 for (int64_t b = b0; b < b1; ++b) {
                   std::fill(acc.begin(), acc.end(), acc_t(0));
                   int64_t* arg = max_idx != nullptr ? max_idx + b * d : nullptr;
                   int64_t taken = 0;
                   for (int64_t i = bounds[b]; i < bounds[b + 1]; ++i) {
                     const int64_t row = idx[i];
                     if (row == padding_idx) continue;
                     const T* r = w + row * s0;
                     if (mode == BagMode::max) {
                       for (int64_t c = 0; c < d; ++c) {
                         const auto v = static_cast<acc_t>(r[c * s1]);
                         if (taken == 0 || v > acc[c]) {
                           acc[c] = v;
                           arg[c] = row;
                         }
                       }
                     } else {
                       const acc_t scale = psw != nullptr ? static_cast<acc_t>(psw[i]) : acc_t(1);
                       for (int64_t c = 0; c < d; ++c)
                         acc[c] += scale * static_cast<acc_t>(r[c * s1]);
                     }
                     ++taken;
                   }
                   if (mode == BagMode::mean && taken > 0)
                     for (auto& v : acc) v /= static_cast<acc_t>(taken);
                   if (mode == BagMode::max && taken == 0) std::fill(arg, arg + d, 0);
                   if (mode != BagMode::sum) bag_size[b] = taken;
                   for (int64_t c = 0; c < d; ++c) out[b * d + c] = static_cast<T>(acc[c]);
                 }
               });
}

}  // namespace

std::tuple<Tensor, Tensor, Tensor, Tensor> _embedding_bag(
    const Tensor& weight, const Tensor& indices, const Tensor& offsets, bool /*scale_grad_by_freq*/,
    int64_t mode, bool /*sparse*/, const std::optional<Tensor>& per_sample_weights,
    bool include_last_offset, int64_t padding_idx) {
  check_index_dtype(indices, "indices");
  check_index_dtype(offsets, "offsets");
  ATEN_DISPATCH__embedding_bag_TYPES(weight.scalar_type(), [] {});
  ATEN_CHECK(weight.dim() == 2, "embedding_bag: 'weight' must be 2-D, but got weight of shape ",
             weight.sizes());
  ATEN_CHECK(indices.dim() == 1, "embedding_bag: 'indices' must be 1-D, but got indices of shape ",
             indices.sizes(),
             " (torch.nn.functional.embedding_bag flattens a 2-D input into bags of its rows)");
  ATEN_CHECK(offsets.dim() == 1, "offsets has to be a 1D Tensor, but got Tensor of dimension ",
             offsets.dim());
  const BagMode m = bag_mode(mode);
  const int64_t n = indices.numel();
  const int64_t num_weights = weight.sizes()[0];
  const int64_t d = weight.sizes()[1];
  const Tensor psw = per_sample_weights.value_or(Tensor());
  if (psw.defined()) {
    ATEN_CHECK(m == BagMode::sum,
               "embedding_bag: per_sample_weights only supported with mode='sum'");
    ATEN_CHECK(psw.scalar_type() == weight.scalar_type(), "embedding_bag: per_sample_weights (",
               psw.scalar_type(), ") must have weight's dtype (", weight.scalar_type(), ")");
    ATEN_CHECK(psw.dim() == 1 && psw.numel() == n, "embedding_bag: per_sample_weights of shape ",
               psw.sizes(), " must hold one weight per index (", n, ")");
  }
  // A negative padding_idx is "none" here, as in ATen: embedding_bag.padding_idx has already
  // made a negative one count from the end.
  ATEN_CHECK(padding_idx < num_weights, "_embedding_bag: padding_idx must be below num_weights (",
             num_weights, "), but got ", padding_idx);
  const bool int_bookkeeping = indices.scalar_type() == ScalarType::Int &&
                               offsets.scalar_type() == ScalarType::Int;
  const TensorOptions index_options = indices.options().dtype(int_bookkeeping ? ScalarType::Int
                                                                              : ScalarType::Long);
  const int64_t num_bags = std::max<int64_t>(offsets.numel() - (include_last_offset ? 1 : 0), 0);

  const bool is_max = m == BagMode::max;
  Tensor output = aten::empty({num_bags, d}, weight.options());
  Tensor offset2bag = aten::zeros({n}, index_options);
  Tensor bag_size = aten::zeros({num_bags}, index_options);
  Tensor max_indices = is_max ? aten::zeros({num_bags, d}, index_options)
                              : aten::zeros({num_bags}, index_options);
  if (weight.is_meta()) {
    ATEN_CHECK(!include_last_offset || offsets.numel() >= 1,
               "embedding_bag: include_last_offset: number of offset should be at least 1");
    return {output, offset2bag, bag_size, max_indices};
  }

  const std::vector<int64_t> bounds = bag_bounds(offsets, n, include_last_offset);
  const Tensor idx = indices.to(ScalarType::Long).contiguous();
  const int64_t* ip = idx.data_ptr<int64_t>();
  for (int64_t i = 0; i < n; ++i)
    ATEN_CHECK(ip[i] >= 0 && ip[i] < num_weights,
               "embedding_bag: Expected idx >= 0 && idx < num_embeddings but found idx to be ",
               ip[i]);

  const Tensor bag_size_long = aten::zeros({num_bags}, indices.options().dtype(ScalarType::Long));
  const Tensor max_long = is_max ? aten::empty({num_bags, d}, bag_size_long.options()) : Tensor();
  const Tensor psw_c = psw.defined() ? psw.contiguous() : Tensor();
  ATEN_DISPATCH__embedding_bag_TYPES(weight.scalar_type(), [&] {
    bag_loop<scalar_t>(weight, ip, bounds, m,
                       psw_c.defined() ? psw_c.data_ptr<scalar_t>() : nullptr, padding_idx,
                       output.data_ptr<scalar_t>(), bag_size_long.data_ptr<int64_t>(),
                       is_max ? max_long.data_ptr<int64_t>() : nullptr);
  });

  Tensor o2b_long = aten::empty({n}, bag_size_long.options());
  int64_t* o2b = o2b_long.data_ptr<int64_t>();
  for (int64_t b = 0; b < num_bags; ++b) std::fill(o2b + bounds[b], o2b + bounds[b + 1], b);
  offset2bag.copy_(o2b_long);
  bag_size.copy_(bag_size_long);
  if (is_max) max_indices.copy_(max_long);
  else if (m == BagMode::mean) max_indices.copy_(bag_size_long);
  return {output, offset2bag, bag_size, max_indices};
}

std::tuple<Tensor, Tensor, Tensor, Tensor> embedding_bag(
    const Tensor& weight, const Tensor& indices, const Tensor& offsets, bool scale_grad_by_freq,
    int64_t mode, bool sparse, const std::optional<Tensor>& per_sample_weights,
    bool include_last_offset) {
  return embedding_bag(weight, indices, offsets, scale_grad_by_freq, mode, sparse,
                       per_sample_weights, include_last_offset, std::nullopt);
}

std::tuple<Tensor, Tensor, Tensor, Tensor> embedding_bag(
    const Tensor& weight, const Tensor& indices, const Tensor& offsets, bool scale_grad_by_freq,
    int64_t mode, bool sparse, const std::optional<Tensor>& per_sample_weights,
    bool include_last_offset, std::optional<int64_t> padding_idx) {
  ATEN_CHECK(weight.dim() == 2, "embedding_bag: 'weight' must be 2-D, but got weight of shape ",
             weight.sizes());
  // Indices and offsets in their common dtype, as ATen's: Char indices with Long offsets are
  // read as Long; _embedding_bag then checks that it is Long or Int. (to() returns a tensor
  // already of that dtype itself.)
  const ScalarType common = promote_types(indices.scalar_type(), offsets.scalar_type());
  return aten::_embedding_bag(weight, indices.to(common), offsets.to(common), scale_grad_by_freq,
                              mode, sparse, per_sample_weights, include_last_offset,
                              normalized_padding_idx(padding_idx, weight.sizes()[0]));
}

namespace {

// The positions of indices other than padding_idx (all of them when there is none).
Tensor kept_positions(const Tensor& indices, int64_t padding_idx) {
  return aten::nonzero(aten::ne(indices, padding_idx)).squeeze(1);
}

}  // namespace

Tensor _embedding_bag_backward(const Tensor& grad, const Tensor& indices, const Tensor& /*offsets*/,
                               const Tensor& offset2bag, const Tensor& bag_size,
                               const Tensor& maximum_indices, int64_t num_weights,
                               bool scale_grad_by_freq, int64_t mode, bool sparse,
                               const std::optional<Tensor>& per_sample_weights,
                               int64_t padding_idx) {
  ATEN_CHECK(!sparse,
             "_embedding_bag_backward: sparse=True asks for a sparse gradient, and MiniATen has no "
             "sparse tensors (use sparse=False)");
  const BagMode m = bag_mode(mode);
  ATEN_CHECK(grad.dim() == 2, "_embedding_bag_backward: grad must be 2-D, but got shape ",
             grad.sizes());
  const int64_t d = grad.sizes()[1];
  Tensor grad_weight = aten::zeros({num_weights, d}, grad.options());
  if (grad.is_meta() || indices.numel() == 0) return grad_weight;

  if (m == BagMode::max) {
    // Each element goes to the row it came from; empty bags (and bags of padding only) have none.
    const Tensor bags = aten::nonzero(aten::ne(bag_size, 0)).squeeze(1);
    const Tensor rows = maximum_indices.index_select(0, bags).to(ScalarType::Long);
    return aten::scatter_add(grad_weight, 0, rows, grad.index_select(0, bags));
  }
  const Tensor kept = kept_positions(indices, padding_idx);
  const Tensor index = indices.index_select(0, kept).to(ScalarType::Long);
  const Tensor bag = offset2bag.index_select(0, kept).to(ScalarType::Long);
  Tensor rows = grad.index_select(0, bag);
  // The per-index factor the forward applied, and those of the gradient's options.
  Tensor scale;
  auto times = [&](const Tensor& factor) {
    scale = scale.defined() ? aten::mul(scale, factor) : factor;
  };
  if (per_sample_weights) times(per_sample_weights->index_select(0, kept));
  if (m == BagMode::mean)
    times(aten::reciprocal(bag_size.index_select(0, bag).to(grad.scalar_type())));
  if (scale_grad_by_freq) {
    const Tensor counts = aten::bincount(index, std::nullopt, num_weights);
    times(aten::reciprocal(counts.index_select(0, index).to(grad.scalar_type())));
  }
  if (scale.defined()) rows = aten::mul(rows, scale.unsqueeze(1));
  return aten::index_add(grad_weight, 0, index, rows);
}

Tensor _embedding_bag_per_sample_weights_backward(const Tensor& grad, const Tensor& weight,
                                                  const Tensor& indices, const Tensor& /*offsets*/,
                                                  const Tensor& offset2bag, int64_t mode,
                                                  int64_t padding_idx) {
  ATEN_CHECK(bag_mode(mode) == BagMode::sum,
             "embedding_bag_backward: per_sample_weights only supported for mode='sum'");
  const Tensor rows = weight.index_select(0, indices);
  const Tensor grads = grad.index_select(0, offset2bag);
  Tensor result = aten::sum(aten::mul(grads, rows), {1});
  if (padding_idx >= 0) result = aten::masked_fill(result, aten::eq(indices, padding_idx), 0);
  return result;
}

}  // namespace aten::native
