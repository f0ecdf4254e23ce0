// The view operators: new sizes, strides and storage offset over self's storage, never a copy
// (reshape copies when no view can express the result). Each builds its geometry and hands it
// to detail::alias_with_sizes_and_strides, which keeps self's storage, dtype and device, so a
// view of a Meta tensor is Meta and a view keeps its base's memory alive.
#include <aten/core/Alias.h>
#include <aten/iterator/Broadcast.h>
#include <aten/native/ViewGeometry.h>
#include <aten/ops/as_strided_native.h>
#include <aten/ops/broadcast_tensors_native.h>
#include <aten/ops/broadcast_to_native.h>
#include <aten/ops/chunk_native.h>
#include <aten/ops/clone.h>
#include <aten/ops/diagonal_native.h>
#include <aten/ops/expand.h>
#include <aten/ops/expand_as_native.h>
#include <aten/ops/expand_native.h>
#include <aten/ops/flatten_native.h>
#include <aten/ops/meshgrid.h>
#include <aten/ops/meshgrid_native.h>
#include <aten/ops/movedim.h>
#include <aten/ops/movedim_native.h>
#include <aten/ops/narrow.h>
#include <aten/ops/narrow_native.h>
#include <aten/ops/permute.h>
#include <aten/ops/permute_native.h>
#include <aten/ops/reshape.h>
#include <aten/ops/reshape_native.h>
#include <aten/ops/select_native.h>
#include <aten/ops/slice.h>
#include <aten/ops/slice_native.h>
#include <aten/ops/split.h>
#include <aten/ops/split_native.h>
#include <aten/ops/split_with_sizes.h>
#include <aten/ops/split_with_sizes_native.h>
#include <aten/ops/squeeze_native.h>
#include <aten/ops/t_native.h>
#include <aten/ops/transpose.h>
#include <aten/ops/transpose_native.h>
#include <aten/ops/unbind_native.h>
#include <aten/ops/unfold_native.h>
#include <aten/ops/unsqueeze_native.h>
#include <aten/ops/view.h>
#include <aten/ops/view_as_complex_native.h>
#include <aten/ops/view_as_real_native.h>
#include <aten/ops/view_native.h>

#include <algorithm>
#include <limits>
#include <utility>
#include <vector>

namespace aten::native {

namespace {
// self without dim d, starting at offset.
Tensor without_dim(const Tensor& self, int64_t d, int64_t offset) {
  DimVector sizes, strides;
  for (int64_t i = 0; i < self.dim(); ++i) {
    if (i == d) continue;
    sizes.push_back(self.sizes()[i]);
    strides.push_back(self.strides()[i]);
  }
  return detail::alias_with_sizes_and_strides(self, sizes, strides, offset);
}
}  // namespace

Tensor as_strided(const Tensor& self, IntArrayRef size, IntArrayRef stride,
                  std::optional<int64_t> storage_offset) {
  const int64_t offset = storage_offset.value_or(self.storage_offset());
  ATEN_CHECK(size.size() == stride.size(), "mismatch in length of strides and shape (sizes ", size,
             ", strides ", stride, ")");
  for (int64_t s : stride)
    ATEN_CHECK(s >= 0, "Negative strides are not supported at the moment, got strides: ", stride);
  ATEN_CHECK(offset >= 0, "Tensor: invalid storage offset ", offset);
  check_sizes(size);
  // The last element must lie inside the storage (checked on Meta too: it records a size).
  const int64_t itemsize = self.element_size();
  const int64_t span = compute_storage_nbytes(size, stride, itemsize);
  const auto available = static_cast<int64_t>(self.unsafeGetTensorImpl()->storage()->nbytes());
  int64_t needed = 0;
  const bool overflow = __builtin_mul_overflow(offset, itemsize, &needed) ||
                        __builtin_add_overflow(needed, span, &needed);
  // A view with no elements reaches no memory, so any offset is fine (as in ATen).
  ATEN_CHECK(span == 0 || (!overflow && needed <= available), "setStorage: sizes ", size,
             ", strides ", stride, ", storage offset ", offset, ", and itemsize ", itemsize,
             " requiring a storage size of ", needed, " are out of bounds for storage of size ",
             available);
  return detail::alias_with_sizes_and_strides(self, size, stride, offset);
}

Tensor view(const Tensor& self, IntArrayRef size) {
  const DimVector shape = infer_view_size(size, self.numel());
  const std::optional<DimVector> strides = compute_view_strides(self.sizes(), self.strides(),
                                                                shape);
  ATEN_CHECK(strides.has_value(),
             "view size is not compatible with input tensor's size and stride (at least one "
             "dimension spans across two contiguous subspaces). Use .reshape(...) instead. (input ",
             self.toString(), ", requested size ", size, ")");
  return detail::alias_with_sizes_and_strides(self, shape, *strides);
}

// A view when the strides allow one (exactly when view would succeed), else a contiguous copy.
Tensor reshape(const Tensor& self, IntArrayRef shape) {
  const DimVector sizes = infer_view_size(shape, self.numel());
  if (compute_view_strides(self.sizes(), self.strides(), sizes).has_value())
    return self.view(sizes);
  return self.clone(MemoryFormat::Contiguous).view(sizes);
}

Tensor flatten(const Tensor& self, int64_t start_dim, int64_t end_dim) {
  const int64_t start = maybe_wrap_dim(start_dim, self.dim());
  const int64_t end = maybe_wrap_dim(end_dim, self.dim());
  ATEN_CHECK(start <= end, "flatten() has invalid args: start_dim (", start_dim,
             ") cannot come after end_dim (", end_dim, ")");
  if (self.dim() == 0) return self.reshape({1});
  if (start == end) return self;  // ATen returns self itself: its strides, size-1 dims' included
  DimVector shape(self.sizes().begin(), self.sizes().begin() + start);
  int64_t n = 1;
  for (int64_t d = start; d <= end; ++d) n *= self.sizes()[d];
  shape.push_back(n);
  shape.append(self.sizes().begin() + end + 1, self.sizes().end());
  return self.reshape(shape);
}

Tensor permute(const Tensor& self, IntArrayRef dims) {
  const int64_t n = self.dim();
  ATEN_CHECK(static_cast<int64_t>(dims.size()) == n,
             "number of dimensions in the tensor input does not match the length of the desired "
             "ordering of dimensions i.e. input.dim() = ",
             n, " is not equal to len(dims) = ", dims.size(), " (dims ", dims, ")");
  DimVector sizes(n), strides(n);
  std::vector<bool> seen(n, false);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t d = maybe_wrap_dim(dims[i], n);
    ATEN_CHECK(!seen[d], "duplicate dims are not allowed (dims ", dims, ")");
    seen[d] = true;
    sizes[i] = self.sizes()[d];
    strides[i] = self.strides()[d];
  }
  return detail::alias_with_sizes_and_strides(self, sizes, strides);
}

// A permute: dim source[i] goes to destination[i], the other dims fill the remaining places in
// their order.
Tensor movedim(const Tensor& self, IntArrayRef source, IntArrayRef destination) {
  ATEN_CHECK(source.size() == destination.size(),
             "movedim: Invalid source or destination dims: source (", source,
             " dims) should contain the same number of dims as destination (", destination,
             " dims)");
  const int64_t n = self.dim();
  const auto wrapped = [n](IntArrayRef dims, const char* name) {
    DimVector w;
    std::vector<bool> seen(static_cast<size_t>(std::max<int64_t>(n, 1)), false);
    for (int64_t d : dims) {
      w.push_back(maybe_wrap_dim(d, n));
      ATEN_CHECK(!seen[w.back()], "movedim: repeated dim in `", name, "` (", dims, ")");
      seen[w.back()] = true;
    }
    return w;
  };
  const DimVector src = wrapped(source, "source"), dst = wrapped(destination, "destination");
  if (n == 0) return aten::permute(self, {});
  DimVector order(n, -1);
  std::vector<bool> moved(n, false);
  for (size_t i = 0; i < src.size(); ++i) {
    order[dst[i]] = src[i];
    moved[src[i]] = true;
  }
  int64_t next = 0;  // the next dim that stays, in order
  for (int64_t& o : order) {
    if (o != -1) continue;
    while (moved[next]) ++next;
    o = next++;
  }
  return aten::permute(self, order);
}

Tensor movedim(const Tensor& self, int64_t source, int64_t destination) {
  return aten::movedim(self, IntArrayRef(source), IntArrayRef(destination));
}

Tensor transpose(const Tensor& self, int64_t dim0, int64_t dim1) {
  const int64_t a = maybe_wrap_dim(dim0, self.dim()), b = maybe_wrap_dim(dim1, self.dim());
  DimVector sizes(self.sizes()), strides(self.strides());
  if (self.dim() > 0) {
    std::swap(sizes[a], sizes[b]);
    std::swap(strides[a], strides[b]);
  }
  return detail::alias_with_sizes_and_strides(self, sizes, strides);
}

Tensor t(const Tensor& self) {
  ATEN_CHECK(self.dim() <= 2, "t() expects a tensor with <= 2 dimensions, but self is ", self.dim(),
             "D (", self.toString(), ")");
  return self.transpose(0, self.dim() < 2 ? 0 : 1);
}

// Size-1 dims (and new leading dims) stretch to any size with stride 0; -1 keeps a size.
Tensor expand(const Tensor& self, IntArrayRef size, bool /*implicit*/) {
  const auto n = static_cast<int64_t>(size.size());
  ATEN_CHECK(n >= self.dim(), "the number of sizes provided (", n,
             ") must be greater or equal to the number of dimensions in the tensor (", self.dim(),
             ") (target sizes ", size, ", tensor sizes ", self.sizes(), ")");
  DimVector sizes(n), strides(n);
  for (int64_t i = n - 1; i >= 0; --i) {
    const int64_t d = i - (n - self.dim());  // the matching dim of self; < 0 for a new one
    int64_t s = d >= 0 ? self.sizes()[d] : 1;
    // A new dim continues the dims after it; a 0-dim self has only new dims, all of stride 0
    // (its one element is repeated), as in ATen, size-1 ones included.
    int64_t st = d >= 0            ? self.strides()[d]
                 : self.dim() == 0 ? 0
                 : i + 1 < n       ? sizes[i + 1] * strides[i + 1]
                                   : 1;
    int64_t target = size[i];
    if (target == -1) {
      ATEN_CHECK(d >= 0,
                 "The expanded size of the tensor (-1) isn't allowed in a leading, "
                 "non-existing dimension ",
                 i, " (target sizes ", size, ")");
      target = s;
    }
    ATEN_CHECK(target >= 0, "The expanded size of the tensor (", target, ") at dimension ", i,
               " is invalid: only -1 may be negative (target sizes ", size, ")");
    if (s != target) {
      ATEN_CHECK(s == 1, "The expanded size of the tensor (", target,
                 ") must match the existing size (", s, ") at non-singleton dimension ", i,
                 ".  Target sizes: ", size, ".  Tensor sizes: ", self.sizes());
      s = target;
      st = 0;
    }
    sizes[i] = s;
    strides[i] = st;
  }
  return detail::alias_with_sizes_and_strides(self, sizes, strides);
}

Tensor expand_as(const Tensor& self, const Tensor& other) { return self.expand(other.sizes()); }

Tensor broadcast_to(const Tensor& self, IntArrayRef size) { return self.expand(size); }

std::vector<Tensor> broadcast_tensors(ArrayRef<Tensor> tensors) {
  DimVector shape;
  for (const Tensor& t : tensors) shape = infer_size(shape, t.sizes());
  std::vector<Tensor> result;
  result.reserve(tensors.size());
  for (const Tensor& t : tensors) result.push_back(t.expand(shape));
  return result;
}

Tensor squeeze(const Tensor& self) {
  DimVector sizes, strides;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (self.sizes()[d] == 1) continue;
    sizes.push_back(self.sizes()[d]);
    strides.push_back(self.strides()[d]);
  }
  return detail::alias_with_sizes_and_strides(self, sizes, strides);
}

// Only a size-1 dim goes; any other leaves the shape as it is (ATen's rule).
Tensor squeeze(const Tensor& self, int64_t dim) {
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  if (self.dim() > 0 && self.sizes()[d] == 1) return without_dim(self, d, self.storage_offset());
  return detail::alias_with_sizes_and_strides(self, self.sizes(), self.strides());
}

Tensor unsqueeze(const Tensor& self, int64_t dim) {
  const int64_t d = maybe_wrap_dim(dim, self.dim() + 1);
  DimVector sizes, strides;
  for (int64_t i = 0; i <= self.dim(); ++i) {
    if (i == d) {
      sizes.push_back(1);
      // Any stride works for a size-1 dim; this one keeps a contiguous tensor contiguous.
      strides.push_back(d == self.dim() ? 1 : self.sizes()[d] * self.strides()[d]);
    }
    if (i < self.dim()) {
      sizes.push_back(self.sizes()[i]);
      strides.push_back(self.strides()[i]);
    }
  }
  return detail::alias_with_sizes_and_strides(self, sizes, strides);
}

Tensor select(const Tensor& self, int64_t dim, int64_t index) {
  ATEN_CHECK(self.dim() > 0, "select() cannot be applied to a 0-dim tensor.");
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  const int64_t size = self.sizes()[d];
  ATEN_CHECK_INDEX(index >= -size && index < size, "select(): index ", index,
                   " out of range for tensor of size ", self.sizes(), " at dimension ", d);
  if (index < 0) index += size;
  return without_dim(self, d, self.storage_offset() + index * self.strides()[d]);
}

Tensor slice(const Tensor& self, int64_t dim, std::optional<int64_t> start,
             std::optional<int64_t> end, int64_t step) {
  ATEN_CHECK(self.dim() > 0, "slice() cannot be applied to a 0-dim tensor.");
  ATEN_CHECK(step > 0, "slice step must be positive, got ", step);
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  const int64_t size = self.sizes()[d];
  // Python's clamping: negative bounds count from the end, then both are clamped into [0, size]
  // with end >= start.
  int64_t lo = start.value_or(0), hi = end.value_or(std::numeric_limits<int64_t>::max());
  if (lo < 0) lo += size;
  if (hi < 0) hi += size;
  lo = std::clamp<int64_t>(lo, 0, size);
  hi = std::clamp<int64_t>(hi, lo, size);
  DimVector sizes(self.sizes()), strides(self.strides());
  const int64_t offset = self.storage_offset() + lo * strides[d];
  sizes[d] = (hi - lo + step - 1) / step;
  strides[d] *= step;
  return detail::alias_with_sizes_and_strides(self, sizes, strides, offset);
}

Tensor narrow(const Tensor& self, int64_t dim, int64_t start, int64_t length) {
  ATEN_CHECK(self.dim() > 0, "narrow() cannot be applied to a 0-dim tensor.");
  ATEN_CHECK(length >= 0, "narrow(): length must be non-negative, got ", length);
  const int64_t size = self.size(dim);
  // As ATen, a negative start wraps as a dim index does, so a size-0 dim takes -1 (as 0).
  const int64_t wrap = std::max<int64_t>(size, 1);
  ATEN_CHECK(start >= -wrap && start <= size, "start out of range (expected to be in range of [",
             -wrap, ", ", size, "], but got ", start, ")");
  if (start < 0) start += wrap;
  ATEN_CHECK(start <= size - length, "start (", start, ") + length (", length,
             ") exceeds dimension size (", size, ").");
  return aten::slice(self, dim, start, start + length, 1);
}

// Windows of `size` elements every `step` along dim, as a new last dim.
Tensor unfold(const Tensor& self, int64_t dimension, int64_t size, int64_t step) {
  const int64_t d = maybe_wrap_dim(dimension, self.dim());
  const int64_t max_size = self.dim() == 0 ? 1 : self.sizes()[d];
  ATEN_CHECK(size <= max_size, "maximum size for tensor at dimension ", d, " is ", max_size,
             " but size is ", size);
  ATEN_CHECK(size >= 0, "size is ", size, " but must be >= 0");
  ATEN_CHECK(step > 0, "step is ", step, " but must be > 0");
  DimVector sizes(self.sizes()), strides(self.strides());
  if (self.dim() > 0) {
    sizes.push_back(size);
    strides.push_back(strides[d]);
    sizes[d] = (sizes[d] - size) / step + 1;
    strides[d] *= step;
  } else {
    sizes.push_back(size);
    strides.push_back(1);
  }
  return detail::alias_with_sizes_and_strides(self, sizes, strides);
}

// The elements (i, i + offset) of dims dim1 and dim2, as a new last dim.
Tensor diagonal(const Tensor& self, int64_t offset, int64_t dim1, int64_t dim2) {
  const int64_t a = maybe_wrap_dim(dim1, self.dim()), b = maybe_wrap_dim(dim2, self.dim());
  ATEN_CHECK(a != b, "diagonal dimensions cannot be identical ", dim1, ", ", dim2);
  const int64_t rows = self.sizes()[a], cols = self.sizes()[b];
  const int64_t n = std::max<int64_t>(
      offset >= 0 ? std::min(rows, cols - offset) : std::min(rows + offset, cols), 0);
  int64_t storage_offset = self.storage_offset();
  if (n > 0)
    storage_offset += offset >= 0 ? offset * self.strides()[b] : -offset * self.strides()[a];
  DimVector sizes, strides;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (d == a || d == b) continue;
    sizes.push_back(self.sizes()[d]);
    strides.push_back(self.strides()[d]);
  }
  sizes.push_back(n);
  strides.push_back(self.strides()[a] + self.strides()[b]);
  return detail::alias_with_sizes_and_strides(self, sizes, strides, storage_offset);
}

std::vector<Tensor> split(const Tensor& self, int64_t split_size, int64_t dim) {
  ATEN_CHECK(self.dim() != 0, "split expects at least a 1-dimensional tensor");
  ATEN_CHECK(split_size >= 0,
             "split expects split_size be non-negative, but got split_size=", split_size);
  const int64_t size = self.size(dim);
  ATEN_CHECK(split_size > 0 || size == 0,
             "split_size can only be 0 if dimension size is 0, but got dimension size of ", size);
  // A size-0 dim still gives one (empty) piece.
  const int64_t pieces = split_size == 0
                             ? 1
                             : std::max<int64_t>((size + split_size - 1) / split_size, 1);
  std::vector<Tensor> result;
  result.reserve(pieces);
  for (int64_t i = 0; i < pieces; ++i) {
    const int64_t start = i * split_size;
    result.push_back(aten::narrow(self, dim, start, std::min(split_size, size - start)));
  }
  return result;
}

std::vector<Tensor> split_with_sizes(const Tensor& self, IntArrayRef split_sizes, int64_t dim) {
  ATEN_CHECK(self.dim() != 0, "split expects at least a 1-dimensional tensor");
  const int64_t size = self.size(dim);
  int64_t total = 0;
  for (int64_t s : split_sizes) {
    ATEN_CHECK(
        s >= 0,
        "split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes=",
        split_sizes);
    total += s;
  }
  ATEN_CHECK(total == size, "split_with_sizes expects split_sizes to sum exactly to ", size,
             " (input tensor's size at dimension ", dim, "), but got split_sizes=", split_sizes);
  std::vector<Tensor> result;
  result.reserve(split_sizes.size());
  int64_t start = 0;
  for (int64_t s : split_sizes) {
    result.push_back(aten::narrow(self, dim, start, s));
    start += s;
  }
  return result;
}

// ceil(size / chunks) per piece, so there may be fewer than `chunks` pieces (ATen's rule).
std::vector<Tensor> chunk(const Tensor& self, int64_t chunks, int64_t dim) {
  ATEN_CHECK(self.dim() > 0, "chunk expects at least a 1-dimensional tensor");
  ATEN_CHECK(chunks > 0, "chunk expects `chunks` to be greater than 0, got: ", chunks);
  const int64_t size = self.size(dim);
  // split would give one piece of a size-0 dim; chunk gives `chunks` of them.
  if (size == 0) return aten::split_with_sizes(self, DimVector(chunks, 0), dim);
  return aten::split(self, (size + chunks - 1) / chunks, dim);
}

std::vector<Tensor> unbind(const Tensor& self, int64_t dim) {
  ATEN_CHECK(self.dim() > 0, "unbind: dimension specified as ", dim,
             " but tensor has no dimensions");
  const int64_t size = self.size(dim);
  std::vector<Tensor> result;
  result.reserve(size);
  for (int64_t i = 0; i < size; ++i) result.push_back(self.select(dim, i));
  return result;
}

std::vector<Tensor> meshgrid(ArrayRef<Tensor> tensors) { return aten::meshgrid(tensors, "ij"); }

// "xy" is "ij" with the first two inputs, and the first two grids, swapped.
std::vector<Tensor> meshgrid(ArrayRef<Tensor> tensors, std::string_view indexing) {
  const auto n = static_cast<int64_t>(tensors.size());
  ATEN_CHECK(n > 0, "meshgrid expects a non-empty TensorList");
  for (int64_t i = 0; i + 1 < n; ++i) {
    ATEN_CHECK(tensors[i].dtype() == tensors[i + 1].dtype(),
               "meshgrid expects all tensors to have the same dtype (tensor ", i, " is ",
               tensors[i].dtype(), ", tensor ", i + 1, " is ", tensors[i + 1].dtype(), ")");
    ATEN_CHECK(tensors[i].device() == tensors[i + 1].device(),
               "meshgrid expects all tensors to have the same device");
  }
  ATEN_CHECK(indexing == "xy" || indexing == "ij",
             "torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: ", indexing);
  std::vector<Tensor> inputs(tensors.begin(), tensors.end());
  const bool swap = indexing == "xy" && n >= 2;
  if (swap) std::swap(inputs[0], inputs[1]);
  DimVector shape;
  for (const Tensor& t : inputs) {
    ATEN_CHECK(t.dim() <= 1,
               "torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: ",
               t.toString(), " of shape ", t.sizes());
    shape.push_back(t.numel());  // a 0-d tensor counts as 1-d
  }
  std::vector<Tensor> grids;
  DimVector view_shape(n, 1);
  for (int64_t i = 0; i < n; ++i) {
    view_shape[i] = -1;
    grids.push_back(inputs[i].view(view_shape).expand(shape));
    view_shape[i] = 1;
  }
  if (swap) std::swap(grids[0], grids[1]);
  return grids;
}

// A complex tensor as (..., 2) reals: twice the strides, plus a last dim of stride 1.
Tensor view_as_real(const Tensor& self) {
  ATEN_CHECK(isComplexType(self.scalar_type()),
             "view_as_real is only supported for complex tensors, got ", self.toString());
  const ScalarType real = toRealValueType(self.scalar_type());
  DimVector sizes(self.sizes()), strides(self.strides());
  for (int64_t& s : strides) s *= 2;
  sizes.push_back(2);
  strides.push_back(1);
  return detail::alias_as_dtype(self, real, sizes, strides, self.storage_offset() * 2);
}

Tensor view_as_complex(const Tensor& self) {
  const ScalarType t = self.scalar_type();
  ATEN_CHECK(t == ScalarType::Half || t == ScalarType::Float || t == ScalarType::Double,
             "view_as_complex is only supported for half, float and double tensors, but got a "
             "tensor of scalar type: ",
             t);
  ATEN_CHECK(self.dim() != 0, "Input tensor must have one or more dimensions");
  ATEN_CHECK(self.sizes().back() == 2, "Tensor must have a last dimension of size 2 (",
             self.toString(), ")");
  ATEN_CHECK(self.strides().back() == 1, "Tensor must have a last dimension with stride 1 (",
             self.toString(), ")");
  DimVector sizes(self.sizes().begin(), self.sizes().end() - 1);
  DimVector strides(self.strides().begin(), self.strides().end() - 1);
  for (int64_t& s : strides) {
    ATEN_CHECK(s % 2 == 0, "Tensor must have a stride divisible by 2 for all but last dimension (",
               self.toString(), ")");
    s /= 2;
  }
  ATEN_CHECK(self.storage_offset() % 2 == 0,
             "Tensor must have a storage_offset divisible by 2 (offset ", self.storage_offset(),
             ")");
  return detail::alias_as_dtype(self, toComplexType(t), sizes, strides, self.storage_offset() / 2);
}

}  // namespace aten::native
