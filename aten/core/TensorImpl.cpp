#include <aten/core/TensorImpl.h>

#include <algorithm>
#include <numeric>

namespace aten {
namespace {

bool compute_contiguous(IntArrayRef sizes, IntArrayRef strides, int64_t numel) {
  if (numel == 0) return true;
  int64_t expected = 1;
  for (int64_t d = static_cast<int64_t>(sizes.size()) - 1; d >= 0; --d) {
    if (sizes[d] == 1) continue;
    if (strides[d] != expected) return false;
    expected *= sizes[d];
  }
  return true;
}

// Dense in the given dim order (fastest first), ignoring size-1 dims.
bool dense_in_order(IntArrayRef sizes, IntArrayRef strides, std::initializer_list<int> order) {
  int64_t expected = 1;
  for (int d : order) {
    if (sizes[d] == 1) continue;
    if (strides[d] != expected) return false;
    expected *= sizes[d];
  }
  return true;
}

// Whether strides are ordered like channels-last, even with gaps (e.g. a slice of an NHWC
// tensor). Ambiguous cases (a size-1 channel, N111 tensors) count as contiguous-format, as in
// ATen, so that plain NCHW tensors never suggest channels-last.
bool strides_like_channels_last(IntArrayRef sizes, IntArrayRef strides,
                                std::initializer_list<int> order) {
  if (strides[1] == 0) return false;
  int64_t min = 0;
  for (int d : order) {
    if (sizes[d] == 0 || strides[d] < min) return false;
    if (d == 0 && min == strides[1]) return false;
    min = strides[d];
    if (sizes[d] > 1) min *= sizes[d];
  }
  return true;
}

// Out of line (it sorts): refresh() then stays cheap for the contiguous case.
[[gnu::noinline]] bool compute_non_overlapping_and_dense(IntArrayRef sizes, IntArrayRef strides) {
  const size_t n = sizes.size();
  if (n == 1) return sizes[0] < 2 || strides[0] == 1;
  SmallVector<int64_t, 5> perm(n);
  std::iota(perm.begin(), perm.end(), 0);
  // Size-0/1 dims go last: their strides are irrelevant.
  std::sort(perm.begin(), perm.end(), [&](int64_t a, int64_t b) {
    if (sizes[a] < 2) return false;
    if (sizes[b] < 2) return true;
    return strides[a] < strides[b];
  });
  int64_t expected = 1;
  for (int64_t d : perm) {
    if (sizes[d] < 2) return true;
    if (strides[d] != expected) return false;
    expected *= sizes[d];
  }
  return true;
}

// Strides of a dense layout visiting dims in order (fastest first). A size-0 dim counts as 1,
// so a zero-size tensor can still have strides too large for int64: that is an error.
DimVector dense_strides(IntArrayRef sizes, IntArrayRef order) {
  DimVector strides(sizes.size());
  int64_t running = 1;
  bool overflow = false;
  for (size_t k = 0; k < order.size(); ++k) {
    const int64_t d = order[k];
    strides[d] = running;
    if (k + 1 < order.size())
      overflow |= __builtin_mul_overflow(running, std::max<int64_t>(sizes[d], 1), &running);
  }
  ATEN_CHECK(!overflow, "stride calculation overflowed for a tensor of shape ", sizes);
  return strides;
}

// Row-major strides for sizes into strides[0, sizes.size()): a plain loop, checked like
// dense_strides.
void fill_contiguous_strides(IntArrayRef sizes, int64_t* strides) {
  int64_t running = 1;
  bool overflow = false;
  for (int64_t d = static_cast<int64_t>(sizes.size()) - 1; d >= 0; --d) {
    strides[d] = running;
    if (d > 0)
      overflow |= __builtin_mul_overflow(running, std::max<int64_t>(sizes[d], 1), &running);
  }
  ATEN_CHECK(!overflow, "stride calculation overflowed for a tensor of shape ", sizes);
}

}  // namespace

void check_sizes(IntArrayRef sizes) {
  int64_t numel = 1;
  bool overflow = false, has_zero = false;
  for (int64_t s : sizes) {
    ATEN_CHECK(s >= 0, "Trying to create tensor with negative dimension ", s, ": ", sizes);
    overflow |= __builtin_mul_overflow(numel, s, &numel);
    has_zero |= s == 0;
  }
  // A zero anywhere makes the tensor empty whatever the other sizes are.
  ATEN_CHECK(has_zero || !overflow, "the number of elements of a tensor of shape ", sizes,
             " overflows int64");
}

TensorImpl::TensorImpl(Storage storage, ScalarType dtype, Device device)
    : storage_(std::move(storage)),
      dtype_(dtype),
      device_(device),
      key_set_(dispatchKeyFor(device)) {}

void TensorImpl::set_wrapped_number(bool wrapped) {
  ATEN_CHECK(!wrapped || dim() == 0, "only a 0-dim tensor can be a wrapped number, got shape ",
             sizes_);
  is_wrapped_number_ = wrapped;
}

void TensorImpl::refresh(bool known_contiguous) {
  // check_sizes ran before sizes_ was assigned: no overflow here.
  numel_ = 1;
  for (int64_t s : sizes_) {
    if (s == 0) {
      numel_ = 0;
      break;
    }
    numel_ *= s;
  }
  is_channels_last_contiguous_ = false;
  is_channels_last_3d_contiguous_ = false;
  is_channels_last_ = false;
  is_channels_last_3d_ = false;
  is_contiguous_ = known_contiguous || compute_contiguous(sizes_, strides_, numel_);
  if (sizes_.size() == 4) {
    is_channels_last_contiguous_ = dense_in_order(sizes_, strides_, {1, 3, 2, 0});
    is_channels_last_ = strides_like_channels_last(sizes_, strides_, {1, 3, 2, 0});
  } else if (sizes_.size() == 5) {
    is_channels_last_3d_contiguous_ = dense_in_order(sizes_, strides_, {1, 4, 3, 2, 0});
    is_channels_last_3d_ = strides_like_channels_last(sizes_, strides_, {1, 4, 3, 2, 0});
  }
  is_non_overlapping_and_dense_ = is_contiguous_ || is_channels_last_contiguous_ ||
                                  is_channels_last_3d_contiguous_ ||
                                  compute_non_overlapping_and_dense(sizes_, strides_);
}

MemoryFormat TensorImpl::suggest_memory_format() const {
  if (is_channels_last_) return MemoryFormat::ChannelsLast;
  if (is_channels_last_3d_) return MemoryFormat::ChannelsLast3d;
  return MemoryFormat::Contiguous;
}

void TensorImpl::set_sizes_contiguous(IntArrayRef sizes) {
  // On the path of every functional op's output, so the usual case is one check and one loop.
  // With every size positive and their product in range, no stride can overflow either.
  const size_t n = sizes.size();
  int64_t product = 1;
  bool usual = true;
  for (int64_t s : sizes) usual &= s > 0 && !__builtin_mul_overflow(product, s, &product);
  if (!usual) [[unlikely]] {
    // Empty or invalid: check_sizes and fill_contiguous_strides name what is wrong, before
    // anything changes. Out of line, so that the usual path needs no frame for it.
    auto set_checked = [this](IntArrayRef checked) __attribute__((noinline)) {
      check_sizes(checked);
      DimVector strides(checked.size());
      fill_contiguous_strides(checked, strides.data());
      sizes_ = DimVector(checked);
      strides_ = std::move(strides);
    };
    set_checked(sizes);
    product = 0;  // valid sizes that are not all positive: one of them is 0
  } else {
    sizes_.resize(n);
    strides_.resize(n);
    int64_t running = 1;
    for (size_t d = n; d-- > 0;) {
      sizes_[d] = sizes[d];
      strides_[d] = running;
      running *= sizes[d];
    }
  }
  if (n >= 4) {
    refresh(/*known_contiguous=*/true);
    return;
  }
  // Every functional op's fresh output: numel is the product taken above, and with too few dims
  // for channels-last every flag is known, so refresh() would walk the sizes for nothing.
  numel_ = product;
  is_contiguous_ = true;
  is_non_overlapping_and_dense_ = true;
  is_channels_last_contiguous_ = false;
  is_channels_last_3d_contiguous_ = false;
  is_channels_last_ = false;
  is_channels_last_3d_ = false;
}

void TensorImpl::set_sizes_and_strides(IntArrayRef sizes, IntArrayRef strides,
                                       std::optional<int64_t> storage_offset) {
  ATEN_CHECK(sizes.size() == strides.size(), "sizes ", sizes, " and strides ", strides,
             " must have the same length");
  check_sizes(sizes);
  ATEN_CHECK(storage_offset.value_or(0) >= 0, "storage offset must be non-negative, got ",
             storage_offset.value_or(0));
  sizes_ = DimVector(sizes);
  strides_ = DimVector(strides);
  if (storage_offset) storage_offset_ = *storage_offset;
  refresh();
}

void TensorImpl::resize(IntArrayRef sizes, IntArrayRef strides) {
  check_sizes(sizes);
  DimVector new_strides = strides.empty() ? contiguous_strides(sizes) : DimVector(strides);
  int64_t needed = compute_storage_nbytes(sizes, new_strides, itemsize());
  if (needed != 0) {
    ATEN_CHECK(!__builtin_add_overflow(needed, storage_offset_ * itemsize(), &needed),
               "storage size calculation overflowed with sizes=", sizes, " and storage offset ",
               storage_offset_);
  }
  if (static_cast<size_t>(needed) > storage_->nbytes()) {
    ATEN_CHECK(storage_->resizable(), "cannot resize a tensor of shape ", sizes_, " to ", sizes,
               ": its storage (", storage_->nbytes(), " bytes) is not resizable and ", needed,
               " bytes are needed");
    ATEN_CHECK(storage_->grow(static_cast<size_t>(needed)), "out of memory: failed to allocate ",
               needed, " bytes to resize a tensor to shape ", sizes, " and dtype ", dtype_);
  }
  sizes_ = DimVector(sizes);
  strides_ = std::move(new_strides);
  refresh();
}

DimVector contiguous_strides(IntArrayRef sizes) {
  DimVector strides(sizes.size());
  fill_contiguous_strides(sizes, strides.data());
  return strides;
}

DimVector strides_for_format(IntArrayRef sizes, MemoryFormat format) {
  auto with_order = [&](std::initializer_list<int64_t> order) {
    return dense_strides(sizes, order);
  };
  switch (format) {
    case MemoryFormat::ChannelsLast:
      ATEN_CHECK(sizes.size() == 4, "required rank 4 tensor to use channels_last format, got ",
                 sizes);
      return with_order({1, 3, 2, 0});
    case MemoryFormat::ChannelsLast3d:
      ATEN_CHECK(sizes.size() == 5, "required rank 5 tensor to use channels_last_3d format, got ",
                 sizes);
      return with_order({1, 4, 3, 2, 0});
    case MemoryFormat::Contiguous:
      return contiguous_strides(sizes);
    case MemoryFormat::Preserve:
      break;
  }
  ATEN_ERROR("memory format Preserve needs a tensor to preserve the layout of");
}

int64_t compute_storage_nbytes(IntArrayRef sizes, IntArrayRef strides, int64_t itemsize) {
  int64_t span = 1;  // elements from the first to one past the last
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] == 0) return 0;
    int64_t extent;
    bool overflow = __builtin_mul_overflow(sizes[d] - 1, strides[d], &extent) ||
                    __builtin_add_overflow(span, extent, &span);
    ATEN_CHECK(!overflow, "storage size calculation overflowed with sizes=", sizes,
               " and strides=", strides);
  }
  int64_t nbytes;
  ATEN_CHECK(!__builtin_mul_overflow(span, itemsize, &nbytes),
             "storage size calculation overflowed with sizes=", sizes, " and strides=", strides);
  return nbytes;
}

}  // namespace aten
