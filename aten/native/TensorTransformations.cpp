// flip, roll, repeat, tile and repeat_interleave: the same elements in another order. flip has
// its own kernel (a copy that walks the output backwards); roll and repeat are copy_ between
// views; tile is repeat; repeat_interleave is index_select by the indices its Tensor overload
// makes.
#include <aten/core/Alias.h>
#include <aten/native/TensorTransformations.h>
#include <aten/ops/contiguous.h>
#include <aten/ops/copy.h>
#include <aten/ops/empty.h>
#include <aten/ops/empty_like.h>
#include <aten/ops/flatten.h>
#include <aten/ops/flip_dtypes.h>
#include <aten/ops/flip_native.h>
#include <aten/ops/full.h>
#include <aten/ops/index_select.h>
#include <aten/ops/narrow.h>
#include <aten/ops/repeat.h>
#include <aten/ops/repeat_dtypes.h>
#include <aten/ops/repeat_interleave.h>
#include <aten/ops/repeat_interleave_dtypes.h>
#include <aten/ops/repeat_interleave_native.h>
#include <aten/ops/repeat_native.h>
#include <aten/ops/roll.h>
#include <aten/ops/roll_dtypes.h>
#include <aten/ops/roll_native.h>
#include <aten/ops/tile_native.h>
#include <aten/ops/view.h>

#include <algorithm>
#include <vector>

namespace aten::native {

ATEN_DEFINE_DISPATCH(flip_stub);

Tensor flip(const Tensor& self, IntArrayRef dims) {
  ATEN_DISPATCH_flip_TYPES(self.scalar_type(), [] {});
  // A 0-dim self takes dim 0 (or -1) once, as in ATen.
  std::vector<bool> flipped(static_cast<size_t>(std::max<int64_t>(self.dim(), 1)), false);
  for (int64_t d : dims) {
    const int64_t w = maybe_wrap_dim(d, self.dim());
    ATEN_CHECK(!flipped[w], "dim ", w, " appears multiple times in the list of dims ", dims);
    flipped[w] = true;
  }
  Tensor out = aten::empty_like(self, {}, MemoryFormat::Preserve);
  if (self.is_meta()) return out;

  // A marker operand that stands still along the dims that really flip (size > 1, not
  // expanded). The iterator then cannot merge such a dim with one that does not flip, and
  // after it has reordered and merged dims, the flipped ones are where the marker's stride is 0
  // and self's is not.
  DimVector marker_strides(self.strides());
  bool any = false;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (flipped[d] && self.sizes()[d] > 1 && self.strides()[d] != 0) {
      marker_strides[d] = 0;
      any = true;
    }
  }
  if (!any) return out.copy_(self);
  const Tensor marker = detail::alias_with_sizes_and_strides(self, self.sizes(), marker_strides);
  TensorIteratorConfig config;
  config.add_output(out, "out")
      .add_input(self, "self")
      .add_input(marker, "self")
      .set_check_mem_overlap(false);
  TensorIterator iter(config);
  // Start out at the far end of each flipped dim and walk it backwards.
  DimVector out_strides(iter.strides(0));
  char* data = static_cast<char*>(iter.data_ptr(0));
  for (int d = 0; d < iter.ndim(); ++d) {
    if (iter.strides(2)[d] == 0 && iter.strides(1)[d] != 0) {
      data += out_strides[d] * (iter.shape()[d] - 1);
      out_strides[d] = -out_strides[d];
    }
  }
  iter._unsafe_set_arg_strides(0, out_strides);
  iter._unsafe_set_arg_data(0, data);
  flip_stub(iter.device(), iter);
  return out;
}

// Each rolled dim splits self into two blocks that trade places; every combination of blocks
// (one per rolled dim) is one copy_ between narrowed views, so any number of dims is one pass.
// There are never more blocks than elements.
Tensor roll(const Tensor& self, IntArrayRef shifts, IntArrayRef dims) {
  ATEN_DISPATCH_roll_TYPES(self.scalar_type(), [] {});
  ATEN_CHECK(!shifts.empty(), "`shifts` required");
  if (dims.empty() && shifts.size() == 1) {  // rolled as if flattened, then shaped back
    const int64_t n = self.numel(), zero = 0;
    return aten::roll(self.contiguous().view(n), shifts, zero).view(self.sizes());
  }
  ATEN_CHECK(shifts.size() == dims.size(),
             "shifts and dimensions must align. shifts: ", shifts.size(), ", dims: ", dims.size());
  Tensor result = aten::empty(self.sizes(), self.options(), self.suggest_memory_format());
  // The net shift of each dim, in [0, size); a dim may be named twice.
  DimVector shift(static_cast<size_t>(self.dim()), 0);
  for (size_t k = 0; k < dims.size(); ++k) {
    const int64_t d = maybe_wrap_dim(dims[k], self.dim());
    // ATen reads self.size(d), which a 0-dim tensor does not have.
    ATEN_CHECK(self.dim() > 0, "dimension specified as ", dims[k], " but tensor has no dimensions");
    const int64_t size = self.sizes()[d];
    if (size == 0) continue;
    shift[d] = ((shift[d] + shifts[k] % size) % size + size) % size;
  }
  if (self.numel() == 0) return result;
  std::vector<int64_t> rolled;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (shift[d] != 0) rolled.push_back(d);
  for (uint64_t blocks = 0; blocks < (uint64_t{1} << rolled.size()); ++blocks) {
    Tensor src = self, dst = result;
    for (size_t k = 0; k < rolled.size(); ++k) {
      const int64_t d = rolled[k], size = self.sizes()[d], s = shift[d];
      if (blocks >> k & 1) {  // the last s elements wrap around to the front
        src = src.narrow(d, size - s, s);
        dst = dst.narrow(d, 0, s);
      } else {  // the first size - s elements move back by s
        src = src.narrow(d, 0, size - s);
        dst = dst.narrow(d, s, size - s);
      }
    }
    dst.copy_(src);
  }
  return result;
}

// result (contiguous) is viewed as [r0, p0, r1, p1, ...] (repeats and self's sizes, self padded
// with leading 1s), and self as the same shape standing still along the r's: one copy_.
Tensor repeat(const Tensor& self, IntArrayRef repeats) {
  ATEN_DISPATCH_repeat_TYPES(self.scalar_type(), [] {});
  const auto n = static_cast<int64_t>(repeats.size());
  ATEN_CHECK(n >= self.dim(),
             "Number of dimensions of repeat dims can not be smaller than number of "
             "dimensions of tensor (repeats ",
             repeats, ", self of shape ", self.sizes(), ")");
  for (int64_t r : repeats) ATEN_CHECK(r >= 0, "repeats must be non-negative, but got ", repeats);
  const int64_t pad = n - self.dim();
  DimVector target;
  for (int64_t i = 0; i < n; ++i)
    target.push_back(repeats[i] * (i < pad ? 1 : self.sizes()[i - pad]));
  Tensor result = aten::empty(target, self.options());
  if (result.numel() == 0) return result;
  DimVector sizes, src_strides, dst_strides;
  for (int64_t i = 0; i < n; ++i) {
    const int64_t p = i < pad ? 1 : self.sizes()[i - pad];
    sizes.push_back(repeats[i]);
    sizes.push_back(p);
    src_strides.push_back(0);
    src_strides.push_back(i < pad ? 0 : self.strides()[i - pad]);
    dst_strides.push_back(result.strides()[i] * p);
    dst_strides.push_back(result.strides()[i]);
  }
  detail::alias_with_sizes_and_strides(result, sizes, dst_strides)
      .copy_(detail::alias_with_sizes_and_strides(self, sizes, src_strides));
  return result;
}

Tensor tile(const Tensor& self, IntArrayRef dims) {
  const auto given = static_cast<int64_t>(dims.size());
  if (self.dim() <= given) return self.repeat(dims);
  DimVector repeats(self.dim() - given, 1);
  repeats.append(dims.begin(), dims.end());
  return self.repeat(repeats);
}

// [0] * repeats[0], [1] * repeats[1], ...: repeats' dtype.
Tensor repeat_interleave_cpu(const Tensor& repeats, std::optional<int64_t> output_size) {
  Tensor result;
  ATEN_DISPATCH_repeat_interleave_TYPES(repeats.scalar_type(), [&] {
    ATEN_CHECK(repeats.dim() == 1,
               "repeat_interleave only accept 1D vector as repeat (repeats of "
               "shape ",
               repeats.sizes(), ")");
    const Tensor r = repeats.contiguous();
    const auto* rp = static_cast<const scalar_t*>(r.data_ptr());
    const int64_t n = r.numel();
    int64_t total = 0;
    for (int64_t i = 0; i < n; ++i) {
      ATEN_CHECK(rp[i] >= 0, "repeats can not be negative (repeats[", i, "] is ",
                 static_cast<int64_t>(rp[i]), ")");
      total += rp[i];
    }
    if (n == 0) {  // ATen's early return, whatever output_size says
      result = aten::empty({0}, repeats.options());
      return;
    }
    // ATen leaves the elements past the sum uninitialised when output_size is larger; an error
    // here.
    ATEN_CHECK(!output_size.has_value() || total == *output_size,
               "allocated size does not match required size (output_size ", *output_size,
               ", repeats sum to ", total, ")");
    result = aten::empty({total}, repeats.options());
    auto* out = static_cast<scalar_t*>(result.data_ptr());
    int64_t k = 0;
    for (int64_t i = 0; i < n; ++i)
      for (scalar_t j = 0; j < rp[i]; ++j) out[k++] = static_cast<scalar_t>(i);
  });
  return result;
}

Tensor repeat_interleave(const Tensor& self, const Tensor& repeats, std::optional<int64_t> dim,
                         std::optional<int64_t> output_size) {
  const Tensor input = dim.has_value() ? self : aten::flatten(self);
  const int64_t d = dim.value_or(0);
  ATEN_CHECK(input.dim() > 0, "repeat_interleave: dimension specified as ", d,
             " but tensor has no dimensions");
  Tensor counts = repeats;
  if (repeats.dim() == 0 || (repeats.dim() == 1 && repeats.size(0) == 1)) {
    counts = repeats.reshape({1}).expand({input.size(d)});
  } else {
    ATEN_CHECK(repeats.dim() == 1, "repeats must be 0-dim or 1-dim tensor (repeats of shape ",
               repeats.sizes(), ")");
    ATEN_CHECK(repeats.size(0) == input.size(d),
               "repeats must have the same size as input along dim (repeats of shape ",
               repeats.sizes(), ", input of shape ", input.sizes(), ", dim ", d, ")");
  }
  return input.index_select(d, aten::repeat_interleave(counts, output_size));
}

Tensor repeat_interleave(const Tensor& self, int64_t repeats, std::optional<int64_t> dim,
                         std::optional<int64_t> output_size) {
  return aten::repeat_interleave(self, aten::full({1}, repeats, self.options().dtype(kLong)), dim,
                                 output_size);
}

}  // namespace aten::native
