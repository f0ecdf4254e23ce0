// Advanced indexing and the ops that find or select elements by a mask: nonzero, argwhere,
// masked_select, masked_scatter_, take, index, index_put_ / index_put; index_add, index_copy and
// index_fill_. Indices are checked, and masks turned into coordinates, before anything is
// written, so bad input changes nothing.
#include <aten/core/Alias.h>
#include <aten/core/Convert.h>
#include <aten/core/MemoryOverlap.h>
#include <aten/cpu/Parallel.h>
#include <aten/iterator/Broadcast.h>
#include <aten/native/Indexing.h>
#include <aten/native/ScatterGather.h>
#include <aten/ops/argwhere_native.h>
#include <aten/ops/clone.h>
#include <aten/ops/empty.h>
#include <aten/ops/expand.h>
#include <aten/ops/index.h>
#include <aten/ops/index_add_dtypes.h>
#include <aten/ops/index_add_native.h>
#include <aten/ops/index_copy_dtypes.h>
#include <aten/ops/index_copy_native.h>
#include <aten/ops/index_dtypes.h>
#include <aten/ops/index_fill.h>
#include <aten/ops/index_fill_dtypes.h>
#include <aten/ops/index_fill_native.h>
#include <aten/ops/index_native.h>
#include <aten/ops/index_put.h>
#include <aten/ops/index_put_dtypes.h>
#include <aten/ops/index_put_native.h>
#include <aten/ops/masked_fill.h>
#include <aten/ops/masked_scatter.h>
#include <aten/ops/masked_scatter_dtypes.h>
#include <aten/ops/masked_scatter_native.h>
#include <aten/ops/masked_select_dtypes.h>
#include <aten/ops/masked_select_native.h>
#include <aten/ops/mul.h>
#include <aten/ops/narrow.h>
#include <aten/ops/nonzero.h>
#include <aten/ops/nonzero_dtypes.h>
#include <aten/ops/nonzero_native.h>
#include <aten/ops/permute.h>
#include <aten/ops/reshape.h>
#include <aten/ops/scalar_tensor.h>
#include <aten/ops/select.h>
#include <aten/ops/sum.h>
#include <aten/ops/take_native.h>
#include <aten/ops/to.h>
#include <aten/ops/unsqueeze.h>
#include <aten/structured/StructuredOutputs.h>

#include <algorithm>
#include <atomic>
#include <optional>
#include <sstream>
#include <utility>
#include <vector>

namespace aten::native {

ATEN_DEFINE_DISPATCH(index_stub);
ATEN_DEFINE_DISPATCH(index_put_stub);
ATEN_DEFINE_DISPATCH(embedding_backward_stub);

// ---- nonzero ----------------------------------------------------------------------------------

namespace {

template <typename T>
bool is_nonzero(const T& v) {
  if constexpr (is_complex_v<T>) {
    return static_cast<double>(v.real()) != 0 || static_cast<double>(v.imag()) != 0;
  } else if constexpr (std::is_same_v<T, bool>) {
    return v;
  } else {
    return static_cast<double>(v) != 0;
  }
}

// Chunks of this many elements are counted, then written, each by one thread: fixed
// boundaries, so the result never depends on the thread count.
constexpr int64_t kNonzeroChunk = 1 << 15;

// The coordinates of self's nonzero elements in C order into out, resized to [n, dim] with
// ATen's CPU strides [1, n] when it is resized (a fresh or empty out).
template <typename T>
void nonzero_into(const Tensor& self, const Tensor& out) {
  const Tensor c = self.contiguous();
  const T* v = c.data_ptr<T>();
  const int64_t numel = c.numel();
  const int64_t chunks = (numel + kNonzeroChunk - 1) / kNonzeroChunk;
  std::vector<int64_t> counts(static_cast<size_t>(chunks) + 1, 0);
  parallel_for(0, chunks, 1, [&](int64_t b, int64_t e) {
    for (int64_t k = b; k < e; ++k) {
      int64_t n = 0;
      const int64_t end = std::min(numel, (k + 1) * kNonzeroChunk);
      for (int64_t i = k * kNonzeroChunk; i < end; ++i) n += is_nonzero(v[i]) ? 1 : 0;
      counts[static_cast<size_t>(k) + 1] = n;
    }
  });
  for (size_t k = 1; k < counts.size(); ++k) counts[k] += counts[k - 1];
  const int64_t total = counts.back();
  const int64_t ndim = self.dim();
  detail::resize_out(out, {total, ndim}, {1, std::max<int64_t>(total, 1)}, out.options());
  if (total == 0 || ndim == 0) return;
  int64_t* o = out.data_ptr<int64_t>();
  const int64_t row_stride = out.strides()[0], col_stride = out.strides()[1];
  const IntArrayRef sizes = self.sizes();
  parallel_for(0, chunks, 1, [&](int64_t b, int64_t e) {
    DimVector coord(static_cast<size_t>(ndim), 0);
    for (int64_t k = b; k < e; ++k) {
      const int64_t begin = k * kNonzeroChunk;
      const int64_t end = std::min(numel, begin + kNonzeroChunk);
      int64_t rest = begin;
      for (int64_t d = ndim - 1; d >= 0; --d) {
        coord[d] = rest % sizes[d];
        rest /= sizes[d];
      }
      int64_t row = counts[static_cast<size_t>(k)];
      for (int64_t i = begin; i < end; ++i) {
        if (is_nonzero(v[i])) {
          int64_t* dst = o + row * row_stride;
          for (int64_t d = 0; d < ndim; ++d) dst[d * col_stride] = coord[d];
          ++row;
        }
        for (int64_t d = ndim - 1; d >= 0; --d) {
          if (++coord[d] < sizes[d]) break;
          coord[d] = 0;
        }
      }
    }
  });
}

}  // namespace

Tensor& nonzero_out_cpu(const Tensor& self, Tensor& out) {
  ATEN_CHECK(out.scalar_type() == ScalarType::Long,
             "nonzero: Expected out tensor to have scalar type Long but got scalar type ",
             out.scalar_type());
  assert_no_internal_overlap(out);
  assert_no_overlap(out, self, "self");
  ATEN_DISPATCH_nonzero_TYPES(self.scalar_type(), [&] { nonzero_into<scalar_t>(self, out); });
  return out;
}

Tensor nonzero_cpu(const Tensor& self) {
  Tensor out = aten::empty({0}, self.options().dtype(ScalarType::Long));
  return nonzero_out_cpu(self, out);
}

Tensor argwhere(const Tensor& self) { return aten::nonzero(self); }

// ---- planning an advanced index --------------------------------------------------------------

namespace {

// The broadcast shape of a and b, or none when they do not broadcast.
std::optional<DimVector> broadcast(IntArrayRef a, IntArrayRef b) {
  const size_t n = std::max(a.size(), b.size());
  DimVector out(n, 1);
  for (size_t i = 0; i < n; ++i) {
    const int64_t x = i < a.size() ? a[a.size() - 1 - i] : 1;
    const int64_t y = i < b.size() ? b[b.size() - 1 - i] : 1;
    if (x != y && x != 1 && y != 1) return std::nullopt;
    out[n - 1 - i] = x == 1 ? y : x;
  }
  return out;
}

bool is_mask(const Tensor& t) {
  return t.scalar_type() == ScalarType::Bool || t.scalar_type() == ScalarType::Byte;
}

// Every value of a Long index in [-size, size); the error names the first one in C order that
// is not (a parallel scan finds whether there is one, a serial one which).
void check_index_range(const Tensor& index, int64_t dim, int64_t size) {
  if (index.numel() == 0) return;
  const Tensor c = index.contiguous();
  const int64_t* v = c.data_ptr<int64_t>();
  const int64_t n = c.numel();
  std::atomic<bool> bad{false};
  parallel_for(0, n, GRAIN_SIZE, [&](int64_t b, int64_t e) {
    bool any = false;
    // v + size in [0, 2 size) as unsigned: one compare per value.
    for (int64_t i = b; i < e; ++i)
      any |= static_cast<uint64_t>(v[i] + size) >= static_cast<uint64_t>(2 * size);
    if (any) bad.store(true, std::memory_order_relaxed);
  });
  if (!bad.load()) return;
  for (int64_t i = 0; i < n; ++i)
    ATEN_CHECK(v[i] >= -size && v[i] < size, "index ", v[i], " is out of bounds for dimension ",
               dim, " with size ", size);
}

}  // namespace

IndexPlan make_index_plan(const Tensor& self, ArrayRef<std::optional<Tensor>> indices) {
  // How many dims the indices consume: a mask one per dim of its own.
  int64_t consumed = 0;
  for (const std::optional<Tensor>& index : indices) {
    if (!index.has_value() || !index->defined()) {
      ++consumed;
      continue;
    }
    const ScalarType t = index->scalar_type();
    ATEN_CHECK(t == ScalarType::Long || is_mask(*index),
               "tensors used as indices must be long, byte or bool tensors (got ", t, ")");
    ATEN_CHECK(index->device() == self.device(), "indices must be on the device of self (",
               self.device(), "), but one is on ", index->device());
    ATEN_CHECK(!is_mask(*index) || index->dim() > 0,
               "index: a 0-dim bool or byte index is not supported (the Python frontend turns "
               "t[True] into an unsqueeze); got one at position ",
               &index - indices.begin());
    consumed += is_mask(*index) ? index->dim() : 1;
  }
  ATEN_CHECK(consumed <= self.dim(), "too many indices for tensor of dimension ", self.dim(),
             " (got ", consumed, ")");

  // One Long index (or none) per dim of self; masks become their nonzero() coordinates.
  std::vector<Tensor> per_dim(static_cast<size_t>(self.dim()));
  int64_t d = 0;
  for (const std::optional<Tensor>& index : indices) {
    if (!index.has_value() || !index->defined()) {
      ++d;
      continue;
    }
    if (!is_mask(*index)) {
      per_dim[static_cast<size_t>(d++)] = *index;
      continue;
    }
    for (int64_t j = 0; j < index->dim(); ++j)
      ATEN_CHECK(index->sizes()[j] == self.sizes()[d + j], "The shape of the mask ", index->sizes(),
                 " at index ", j, " does not match the shape of the indexed tensor ", self.sizes(),
                 " at index ", d + j);
    const Tensor coords = aten::nonzero(*index);  // [n, mask dims]; Meta: the Dispatcher's error
    for (int64_t j = 0; j < index->dim(); ++j)
      per_dim[static_cast<size_t>(d++)] = coords.select(1, j);
  }

  // The indices broadcast together; where they sit decides the result's layout.
  std::vector<int64_t> dims;
  DimVector shape;
  bool first = true;
  for (int64_t k = 0; k < self.dim(); ++k) {
    const Tensor& index = per_dim[static_cast<size_t>(k)];
    if (!index.defined()) continue;
    dims.push_back(k);
    if (first) {
      shape = DimVector(index.sizes());
      first = false;
      continue;
    }
    std::optional<DimVector> joined = broadcast(shape, index.sizes());
    if (!joined.has_value()) {
      std::ostringstream shapes;
      const char* sep = "";
      for (const Tensor& t : per_dim) {
        if (!t.defined()) continue;
        shapes << sep << t.sizes();
        sep = ", ";
      }
      ATEN_ERROR("shape mismatch: indexing tensors could not be broadcast together with shapes ",
                 shapes.str());
    }
    shape = *joined;
  }
  IndexPlan plan;
  if (dims.empty()) {
    // Nothing indexed (every entry None): the result is a copy of self.
    plan.src = self;
    plan.result_shape = DimVector(self.sizes());
    return plan;
  }
  // An index with elements into an indexed dim of size 0 cannot be in range, whatever else is
  // empty: ATen refuses it up front, by shapes alone (so on Meta too).
  bool indexes_empty_dim = false, has_elements = true;
  for (int64_t k : dims) indexes_empty_dim |= self.sizes()[k] == 0;
  for (int64_t s : shape) has_elements &= s != 0;
  ATEN_CHECK_INDEX(!(indexes_empty_dim && has_elements),
                   "index is out of bounds for dimension with size 0");
  // A Meta index has no values to check. ATen checks each index as its kernel visits it, so an
  // indexing that visits no element (an empty broadcast shape, or an empty dim of self that is
  // not indexed) checks none.
  bool visits = true;
  for (int64_t s : shape) visits &= s != 0;
  for (int64_t k = 0; k < self.dim(); ++k)
    visits &= per_dim[static_cast<size_t>(k)].defined() || self.sizes()[k] != 0;
  if (!self.is_meta() && visits)
    for (size_t k = 0; k < dims.size(); ++k)
      check_index_range(per_dim[static_cast<size_t>(dims[k])], dims[k], self.sizes()[dims[k]]);

  // Separated indices (a kept dim between two): the indexed dims go first, as in ATen/NumPy.
  const bool adjacent = dims.back() - dims.front() + 1 == static_cast<int64_t>(dims.size());
  Tensor src = self;
  std::vector<Tensor> ordered = per_dim;
  if (!adjacent) {
    std::vector<int64_t> perm(dims.begin(), dims.end());
    for (int64_t k = 0; k < self.dim(); ++k)
      if (!per_dim[static_cast<size_t>(k)].defined()) perm.push_back(k);
    src = self.permute(perm);
    for (size_t k = 0; k < perm.size(); ++k) ordered[k] = per_dim[static_cast<size_t>(perm[k])];
  }
  const int64_t before = adjacent ? dims.front() : 0;
  const auto count = static_cast<int64_t>(dims.size());
  const int64_t after = self.dim() - before - count;

  DimVector sizes, strides;
  for (int64_t k = 0; k < before; ++k) {
    sizes.push_back(src.sizes()[k]);
    strides.push_back(src.strides()[k]);
  }
  for (int64_t s : shape) {
    sizes.push_back(s);
    strides.push_back(0);
  }
  for (int64_t k = before + count; k < self.dim(); ++k) {
    sizes.push_back(src.sizes()[k]);
    strides.push_back(src.strides()[k]);
  }
  plan.src = detail::alias_with_sizes_and_strides(src, sizes, strides);
  plan.result_shape = sizes;
  for (int64_t k = before; k < before + count; ++k) {
    const Tensor& index = ordered[static_cast<size_t>(k)];
    plan.indexed_sizes.push_back(src.sizes()[k]);
    plan.indexed_strides.push_back(src.strides()[k] * self.element_size());
    DimVector view(static_cast<size_t>(before), 1);
    // Right-aligned in the broadcast shape, then one per kept dim after.
    for (size_t j = index.dim(); j < shape.size(); ++j) view.push_back(1);
    for (int64_t s : index.sizes()) view.push_back(s);
    for (int64_t j = 0; j < after; ++j) view.push_back(1);
    plan.indices.push_back(index.reshape(view));
  }
  return plan;
}

// ---- index ------------------------------------------------------------------------------------

namespace {

// out: undefined (allocated with the layout the iterator picks, as ATen's) or the user's,
// already of the result's shape.
Tensor run_index(const Tensor& self, const IndexPlan& plan, const Tensor& out) {
  if (plan.indices.empty()) {
    if (!out.defined()) return self.clone();
    return out.copy_(self);
  }
  TensorIteratorConfig config;
  // An empty out= is resized by the iterator, to the layout a new result gets (ATen's).
  config.set_check_mem_overlap(false).check_all_same_dtype(false).resize_outputs(true);
  if (out.defined()) {
    config.add_output(out, "out");
  } else {
    config.add_owned_output(Tensor(), "out").declare_static_dtype(self.scalar_type());
  }
  config.add_input(plan.src, "self");
  for (const Tensor& index : plan.indices) config.add_input(index, "indices");
  TensorIterator iter(config);
  if (!iter.is_meta() && iter.numel() > 0)
    index_stub(iter.device(), iter, plan.indexed_sizes, plan.indexed_strides);
  return iter.output(0);
}

}  // namespace

Tensor index(const Tensor& self, ArrayRef<std::optional<Tensor>> indices) {
  ATEN_DISPATCH_index_TYPES(self.scalar_type(), [] {});
  const IndexPlan plan = make_index_plan(self, indices);
  return run_index(self, plan, Tensor());
}

Tensor& index_out(const Tensor& self, ArrayRef<std::optional<Tensor>> indices, Tensor& out) {
  ATEN_DISPATCH_index_TYPES(self.scalar_type(), [] {});
  const IndexPlan plan = make_index_plan(self, indices);
  // dtype, device and shape checked; the resizing of an empty out is the iterator's.
  detail::resize_out(out, out.sizes(), {}, self.options());
  ATEN_CHECK(out.sizes() == IntArrayRef(plan.result_shape) || out.numel() == 0,
             "out tensor has shape ", out.sizes(), " but the result has shape ",
             IntArrayRef(plan.result_shape),
             "; only an empty out tensor is resized (out: ", out.toString(), ")");
  if (plan.indices.empty()) detail::resize_out(out, plan.result_shape, {}, self.options());
  assert_no_internal_overlap(out);
  assert_no_overlap(out, self, "self");
  for (const std::optional<Tensor>& index : indices)
    if (index.has_value() && index->defined()) assert_no_overlap(out, *index, "indices");
  run_index(self, plan, out);
  return out;
}

// ---- index_put --------------------------------------------------------------------------------

namespace {

// ATen's shortcut, kept for what it accepts: no accumulation, one value (on CPU) and one mask
// among Nones is masked_fill_, which converts the value to self's dtype and refuses a Byte mask
// holding anything but 0 and 1. The mask, with trailing dims for the dims after it; undefined
// when the shortcut does not apply.
Tensor masked_fill_mask(const Tensor& self, ArrayRef<std::optional<Tensor>> indices,
                        const Tensor& values, bool accumulate) {
  if (accumulate || values.numel() != 1 || values.is_meta() || self.is_meta()) return Tensor();
  Tensor mask;
  int64_t at = 0;
  for (const std::optional<Tensor>& index : indices) {
    if (!index.has_value() || !index->defined()) {
      if (!mask.defined()) ++at;
      continue;
    }
    if (!is_mask(*index) || mask.defined() || index->dim() == 0) return Tensor();
    mask = *index;
  }
  if (!mask.defined() || at + mask.dim() > self.dim()) return Tensor();
  for (int64_t j = 0; j < mask.dim(); ++j)
    ATEN_CHECK(mask.sizes()[j] == self.sizes()[at + j], "The shape of the mask ", mask.sizes(),
               " at index ", j, " does not match the shape of the indexed tensor ", self.sizes(),
               " at index ", at + j);
  if (mask.scalar_type() == ScalarType::Byte) {
    const Tensor c = mask.contiguous();
    const uint8_t* v = c.data_ptr<uint8_t>();
    for (int64_t i = 0; i < c.numel(); ++i)
      ATEN_CHECK(v[i] <= 1, "Mask tensor can take 0 and 1 values only");
    mask = mask.to(ScalarType::Bool);
  }
  DimVector shape(mask.sizes());
  for (int64_t d = at + mask.dim(); d < self.dim(); ++d) shape.push_back(1);
  return mask.reshape(shape);
}

}  // namespace

Tensor& index_put_(Tensor& self, ArrayRef<std::optional<Tensor>> indices, const Tensor& values,
                   bool accumulate) {
  ATEN_DISPATCH_index_put_TYPES(self.scalar_type(), [] {});
  if (const Tensor mask = masked_fill_mask(self, indices, values, accumulate); mask.defined())
    return self.masked_fill_(mask, values.item());
  ATEN_CHECK(self.scalar_type() == values.scalar_type(),
             "Index put requires the source and destination dtypes match, got ", self.scalar_type(),
             " for the destination and ", values.scalar_type(), " for the source.");
  ATEN_CHECK(values.device() == self.device(), "index_put_: values must be on the device of self (",
             self.device(), "), but are on ", values.device());
  // Writing into an expanded self is a race (ATen's "unsupported operation" on overlap).
  assert_no_internal_overlap(self);
  assert_no_overlap(self, values, "values");
  for (const std::optional<Tensor>& index : indices)
    if (index.has_value() && index->defined()) assert_no_overlap(self, *index, "indices");
  const IndexPlan plan = make_index_plan(self, indices);
  const std::optional<DimVector> joined = broadcast(values.sizes(), plan.result_shape);
  ATEN_CHECK(joined.has_value() && *joined == plan.result_shape,
             "shape mismatch: value tensor of shape ", values.sizes(),
             " cannot be broadcast to indexing result of shape ", IntArrayRef(plan.result_shape));
  if (self.is_meta() || values.numel() == 0 || self.numel() == 0) return self;
  if (plan.indices.empty()) {
    // Every entry None: the whole of self is the indexed result.
    if (accumulate) return self.add_(values);
    return self.copy_(values);
  }
  TensorIteratorConfig config;
  config.set_check_mem_overlap(false).check_all_same_dtype(false).resize_outputs(false);
  config.add_output(plan.src, "self").add_input(values, "values");
  for (const Tensor& index : plan.indices) config.add_input(index, "indices");
  TensorIterator iter(config);
  if (iter.numel() > 0)
    index_put_stub(iter.device(), iter, plan.indexed_sizes, plan.indexed_strides, accumulate);
  return self;
}

Tensor index_put(const Tensor& self, ArrayRef<std::optional<Tensor>> indices, const Tensor& values,
                 bool accumulate) {
  Tensor result = self.clone(MemoryFormat::Preserve);
  return aten::index_put_(result, indices, values, accumulate);
}

// ---- masked_select ----------------------------------------------------------------------------

namespace {

// self and mask broadcast together, at least 1-d (a 0-dim pair selects from one element).
std::pair<Tensor, Tensor> masked_select_operands(const Tensor& self, const Tensor& mask) {
  ATEN_CHECK(is_mask(mask), "masked_select: expected BoolTensor or ByteTensor for mask (got ",
             mask.scalar_type(), ")");
  ATEN_DISPATCH_masked_select_TYPES(self.scalar_type(), [] {});
  DimVector shape = infer_size(self.sizes(), mask.sizes());
  if (shape.empty()) shape.push_back(1);
  return {self.expand(shape), mask.expand(shape)};
}

}  // namespace

Tensor masked_select_cpu(const Tensor& self, const Tensor& mask) {
  auto [s, m] = masked_select_operands(self, mask);
  return aten::index(s, {std::optional<Tensor>(m)});
}

Tensor& masked_select_out_cpu(const Tensor& self, const Tensor& mask, Tensor& out) {
  auto [s, m] = masked_select_operands(self, mask);
  ATEN_CHECK(out.scalar_type() == self.scalar_type(),
             "masked_select(): self and result must have the same scalar type (self ",
             self.scalar_type(), ", result ", out.scalar_type(), ")");
  assert_no_internal_overlap(out);
  assert_no_overlap(out, self, "self");
  assert_no_overlap(out, mask, "mask");
  return aten::index_out(out, s, {std::optional<Tensor>(m)});
}

// ---- masked_scatter_, take ----------------------------------------------------------------------

namespace {

void check_masked_scatter(const Tensor& self, const Tensor& mask, const Tensor& source) {
  ATEN_DISPATCH_masked_scatter_TYPES(self.scalar_type(), [] {});
  ATEN_CHECK(is_mask(mask), "masked_scatter_ only supports boolean masks, but got mask with dtype ",
             mask.scalar_type());
  ATEN_CHECK(self.scalar_type() == source.scalar_type(),
             "masked_scatter: expected self and source to have same dtypes but got ",
             self.scalar_type(), " and ", source.scalar_type());
  ATEN_CHECK(self.device() == mask.device() && self.device() == source.device(),
             "masked_scatter_: self, mask and source must be on one device (self on ",
             self.device(), ", mask on ", mask.device(), ", source on ", source.device(), ")");
  ATEN_CHECK(IntArrayRef(infer_size(self.sizes(), mask.sizes())) == self.sizes(),
             "masked_scatter_: mask of shape ", mask.sizes(),
             " does not broadcast to self's shape ", self.sizes());
  assert_no_internal_overlap(self);
}

// take's index: Long, and (on CPU, where its values can be read) each in [-numel, numel).
void check_take(const Tensor& self, const Tensor& index) {
  ATEN_CHECK(index.scalar_type() == ScalarType::Long,
             "take(): Expected a long tensor for index, but got ", index.scalar_type());
  ATEN_CHECK(self.device() == index.device(),
             "take(): self and index must be on one device (self on ", self.device(), ", index on ",
             index.device(), ")");
  ATEN_CHECK(!(self.numel() == 0 && index.numel() != 0),
             "take(): tried to take from an empty tensor");
  if (index.is_meta() || index.numel() == 0) return;
  const Tensor c = index.contiguous();
  const int64_t* v = c.data_ptr<int64_t>();
  const int64_t n = self.numel();
  for (int64_t i = 0; i < c.numel(); ++i)
    ATEN_CHECK(v[i] >= -n && v[i] < n, "out of range: tried to access index ", v[i],
               " on a tensor of ", n, " elements.");
}

}  // namespace

// The writes go through index_put_ with the mask (in C order), after counting its true elements.
Tensor& masked_scatter__cpu(Tensor& self, const Tensor& mask, const Tensor& source) {
  check_masked_scatter(self, mask, source);
  Tensor s = self.dim() == 0 ? self.reshape({1}) : self;
  const Tensor m = mask.expand(s.sizes());
  const auto n = aten::sum(m).item().to<int64_t>();
  ATEN_CHECK(source.numel() >= n, "Number of elements of source < number of ones in mask");
  if (n == 0) return self;
  aten::index_put_(s, {std::optional<Tensor>(m)}, aten::narrow(source.reshape({-1}), 0, 0, n));
  return self;
}

Tensor& masked_scatter__meta(Tensor& self, const Tensor& mask, const Tensor& source) {
  check_masked_scatter(self, mask, source);
  return self;
}

Tensor masked_scatter(const Tensor& self, const Tensor& mask, const Tensor& source) {
  ATEN_CHECK(is_mask(mask), "masked_scatter_ only supports boolean masks, but got mask with dtype ",
             mask.scalar_type());
  Tensor result =
      self.expand(infer_size(self.sizes(), mask.sizes())).clone(MemoryFormat::Contiguous);
  return aten::masked_scatter_(result, mask, source);
}

Tensor take(const Tensor& self, const Tensor& index) {
  check_take(self, index);
  // Laid out contiguously (strides of size-1 dims included), as ATen's take; index's layout
  // otherwise.
  Tensor result = aten::index(self.reshape({-1}), {std::optional<Tensor>(index)});
  int64_t stride = 1;
  bool contiguous = true;
  for (int64_t d = result.dim() - 1; d >= 0; --d) {
    contiguous = contiguous && result.strides()[d] == stride;
    stride *= std::max<int64_t>(result.sizes()[d], 1);
  }
  return contiguous ? result : result.clone(MemoryFormat::Contiguous);
}

Tensor& take_out(const Tensor& self, const Tensor& index, Tensor& out) {
  check_take(self, index);
  ATEN_CHECK(out.scalar_type() == self.scalar_type(),
             "take(): self and out expected to have the same dtype, but got self.dtype = ",
             self.scalar_type(), " and out.dtype = ", out.scalar_type());
  assert_no_internal_overlap(out);
  assert_no_overlap(out, self, "self");
  assert_no_overlap(out, index, "index");
  return aten::index_out(out, self.reshape({-1}), {std::optional<Tensor>(index)});
}

}  // namespace aten::native

// ---- index_add, index_fill_ ---------------------------------------------------------------------

namespace aten::native {
namespace {

// ATen treats a 0-dim tensor as 1-d of size 1 in these ops.
Tensor as_1d(const Tensor& t) { return t.dim() == 0 ? t.reshape({1}) : t; }

// out.select(d, idx[i]) (op)= src.select(d, i) for each i in order: a scatter along d, out
// restrided to src's shape, the index repeated along every other dim. out and src at least 1-d,
// idx 1-d Long, checked.
void scatter_along(const Tensor& out, int64_t d, const Tensor& idx, const Tensor& src,
                   ScatterReduce reduce) {
  DimVector index_strides(static_cast<size_t>(src.dim()), 0);
  index_strides[d] = idx.strides()[0];
  const Tensor idx_r = detail::alias_with_sizes_and_strides(idx, src.sizes(), index_strides);
  const Tensor o_r = detail::alias_with_sizes_and_strides(out, src.sizes(), out.strides());
  TensorIteratorConfig config;
  config.add_output(o_r, "out").add_input(src, "source").add_input(idx_r, "index");
  config.check_all_same_dtype(false)
      .set_check_mem_overlap(false)
      .resize_outputs(false)
      .declare_static_shape(src.sizes(), {d});
  TensorIterator iter(config);
  const ScatterDim sd{src.sizes()[d], out.strides()[d] * out.element_size(),
                      idx_r.strides()[d] * idx_r.element_size(),
                      src.strides()[d] * src.element_size()};
  scatter_stub(iter.device(), iter, sd, reduce);
}

void check_index_vector(const Tensor& index, const char* op) {
  ATEN_CHECK(index.dim() <= 1, op,
             "(): Index is supposed to be a vector, but got dim: ", index.dim(),
             " with type: ", index.scalar_type(), " and size: ", index.sizes());
}

}  // namespace
}  // namespace aten::native

namespace aten::meta {

ATEN_META_FUNC(index_add)
(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, const Scalar& alpha) {
  const int64_t d = maybe_wrap_dim(dim, std::max<int64_t>(self.dim(), 1));
  ATEN_DISPATCH_index_add_TYPES(self.scalar_type(), [&] { (void)alpha.to<scalar_t>(); });
  ATEN_CHECK(index.scalar_type() == ScalarType::Long || index.scalar_type() == ScalarType::Int,
             "index_add_(): Expected dtype int32/int64 for index but got: ", index.scalar_type());
  native::check_index_vector(index, "index_add_");
  ATEN_CHECK(self.scalar_type() == source.scalar_type(), "index_add_(): self (", self.scalar_type(),
             ") and source (", source.scalar_type(), ") must have the same scalar type");
  ATEN_CHECK(index.device() == self.device() && source.device() == self.device(),
             "index_add_(): self, index and source must be on one device (self on ", self.device(),
             ", index on ", index.device(), ", source on ", source.device(), ")");
  const Tensor s = native::as_1d(source), x = native::as_1d(self);
  ATEN_CHECK(s.dim() == x.dim(), "index_add_(): source (", source.sizes(),
             ") must have as many dims as self (", self.sizes(), ")");
  ATEN_CHECK(index.numel() == s.sizes()[d], "index_add_(): Number of indices (", index.numel(),
             ") should be equal to source.size(dim): (", s.sizes()[d], "), for dim: ", d);
  // As in ATen, the other dims must agree only when there is something to add.
  for (int64_t k = 0; k < x.dim() && index.numel() > 0; ++k)
    ATEN_CHECK(k == d || s.sizes()[k] == x.sizes()[k], "index_add_(): source ", source.sizes(),
               " and self ", self.sizes(), " differ at dim ", k, " (they may differ at dim ", d,
               " only)");
  if (const Tensor& out = maybe_get_output(); out.defined()) {
    assert_no_internal_overlap(out);
    assert_no_overlap(out, index, "index");
    assert_no_overlap(out, source, "source");
  }
  set_output_raw_strided(0, self.sizes(), {}, self.options());
}

// ATen's checks and messages.
ATEN_META_FUNC(index_copy)
(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source) {
  const int64_t d = maybe_wrap_dim(dim, std::max<int64_t>(self.dim(), 1));
  ATEN_DISPATCH_index_copy_TYPES(self.scalar_type(), [] {});
  ATEN_CHECK(index.dim() < 2, "index_copy_(): Index should have dimension 1 or 0 (got ",
             index.dim(), ")");
  const int64_t n = index.numel();
  ATEN_CHECK(source.dim() != 0 || n == 1,
             "index_copy_(): When source is scalar, index should have one element (got ", n, ")");
  ATEN_CHECK(source.dim() == self.dim() || source.dim() == 0 || self.dim() == 0,
             "index_copy_(): When source and destination are not scalars, their dimensionality "
             "must match. Source dimensionality (",
             source.dim(), "), destination dimensionality (", self.dim(), ")");
  ATEN_CHECK(index.scalar_type() == ScalarType::Long,
             "index_copy_(): Expected a long tensor for index, but got ", index.scalar_type());
  ATEN_CHECK(self.scalar_type() == source.scalar_type(),
             "index_copy_(): self and source expected to have the same dtype, but got (self) ",
             self.scalar_type(), " and (source) ", source.scalar_type());
  ATEN_CHECK(index.device() == self.device() && source.device() == self.device(),
             "index_copy_(): self, index and source must be on one device (self on ", self.device(),
             ", index on ", index.device(), ", source on ", source.device(), ")");
  std::vector<int64_t> self_slice(self.sizes().begin(), self.sizes().end());
  std::vector<int64_t> source_slice(source.sizes().begin(), source.sizes().end());
  if (!self_slice.empty()) self_slice.erase(self_slice.begin() + d);
  if (!source_slice.empty()) source_slice.erase(source_slice.begin() + d);
  ATEN_CHECK(IntArrayRef(self_slice) == IntArrayRef(source_slice),
             "index_copy_(): Source/destination tensor must have same slice shapes. Destination "
             "slice shape: ",
             IntArrayRef(self_slice), " at dimension ", d,
             " and source slice shape: ", IntArrayRef(source_slice), " at dimension 0.");
  ATEN_CHECK(source.dim() == 0 || n == source.size(d), "index_copy_(): Number of indices (", n,
             ") should be equal to source.size(dim) (", source.size(d), ")");
  if (const Tensor& out = maybe_get_output(); out.defined()) {
    assert_no_internal_overlap(out);
    assert_no_overlap(out, index, "index");
    assert_no_overlap(out, source, "source");
  }
  set_output_raw_strided(0, self.sizes(), {}, self.options());
}

}  // namespace aten::meta

namespace aten::native {

ATEN_IMPL_FUNC(index_copy_out)
(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, const Tensor& out) {
  const Tensor x = as_1d(self), s = as_1d(source);
  const int64_t d = maybe_wrap_dim(dim, x.dim());
  const Tensor idx = as_1d(index).contiguous();
  const int64_t* v = idx.data_ptr<int64_t>();
  for (int64_t i = 0; i < idx.numel(); ++i)
    ATEN_CHECK(v[i] >= 0 && v[i] < x.sizes()[d], "index_copy_(): index ", v[i],
               " is out of bounds for dimension ", d, " with size ", x.sizes()[d]);
  if (!out.is_same(self)) out.copy_(self);
  if (idx.numel() == 0 || s.numel() == 0) return;
  scatter_along(as_1d(out), d, idx, s, ScatterReduce::none);
}

ATEN_IMPL_FUNC(index_add_out)
(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, const Scalar& alpha,
 const Tensor& out) {
  const Tensor x = as_1d(self), s = as_1d(source);
  const int64_t d = maybe_wrap_dim(dim, x.dim());
  const Tensor idx = as_1d(index).to(ScalarType::Long).contiguous();
  // In [0, size): negative indices are out of range here, as in ATen.
  const int64_t* v = idx.data_ptr<int64_t>();
  for (int64_t i = 0; i < idx.numel(); ++i)
    ATEN_CHECK(v[i] >= 0 && v[i] < x.sizes()[d], "index_add_(): index ", v[i],
               " is out of range for dimension ", d, " with size ", x.sizes()[d]);
  if (!out.is_same(self)) out.copy_(self);
  if (idx.numel() == 0 || s.numel() == 0) return;
  // A scatter-add along d: out restrided to source's shape, the index repeated along every
  // other dim; the kernel walks d in index order, so repeated indices sum in order.
  const Tensor o = as_1d(out);
  // alpha in self's dtype (2.5 adds twice an integer source), multiplied in only when not 1.
  const Tensor a = aten::scalar_tensor(alpha, s.options());
  // A complex source is multiplied even by 1, as ATen's add with alpha does (an infinite part
  // then makes the other NaN in both libraries).
  bool one = false;
  ATEN_DISPATCH_index_add_TYPES(s.scalar_type(), [&] {
    one = !isComplexType(s.scalar_type()) && a.item().to<scalar_t>() == static_cast<scalar_t>(1);
  });
  const Tensor src = one ? s : aten::mul(s, a).to(s.scalar_type());
  scatter_along(o, d, idx, src, ScatterReduce::add);
}

Tensor& index_fill_(Tensor& self, int64_t dim, const Tensor& index, const Scalar& value) {
  ATEN_DISPATCH_index_fill_TYPES(self.scalar_type(), [&] { (void)value.to<scalar_t>(); });
  // ATen refuses to drop an imaginary part here, where Scalar conversions elsewhere do.
  ATEN_CHECK(!value.isComplex() || isComplexType(self.scalar_type()),
             "index_fill_(): Converting complex Scalar to non-complex type is not supported");
  ATEN_CHECK(index.scalar_type() == ScalarType::Long,
             "index_fill_(): Expected dtype int64 for index (got ", index.scalar_type(), ")");
  ATEN_CHECK(index.dim() <= 1, "index_fill_(): Index has to be a vector/scalar (got ", index.dim(),
             " dims)");
  const int64_t d = maybe_wrap_dim(dim, std::max<int64_t>(self.dim(), 1));
  Tensor x = self.dim() == 0 ? self.unsqueeze(0) : self;
  // Another dim empty: nothing to fill, and ATen's kernel, which checks each index as it fills,
  // reads none.
  int64_t others = 1;
  for (int64_t k = 0; k < x.dim(); ++k)
    if (k != d) others *= x.sizes()[k];
  if (others == 0) return self;
  std::vector<std::optional<Tensor>> indices(static_cast<size_t>(d), std::nullopt);
  indices.emplace_back(as_1d(index));
  aten::index_put_(x, indices, aten::scalar_tensor(value, self.options()));
  return self;
}

Tensor& index_fill_(Tensor& self, int64_t dim, const Tensor& index, const Tensor& value) {
  ATEN_CHECK(value.dim() == 0,
             "index_fill_ only supports a 0-dimensional value tensor, but got tensor with ",
             value.dim(), " dimension(s).");
  if (value.is_meta() || self.is_meta()) {
    // No number to read: the checks with a stand-in of self's dtype.
    return native::index_fill_(self, dim, index, Scalar(0));
  }
  return native::index_fill_(self, dim, index, value.item());
}

Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value) {
  Tensor result = self.clone(MemoryFormat::Preserve);
  return result.index_fill_(dim, index, value);
}

Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& value) {
  Tensor result = self.clone(MemoryFormat::Preserve);
  return result.index_fill_(dim, index, value);
}

}  // namespace aten::native
