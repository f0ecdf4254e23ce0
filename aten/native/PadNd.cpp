// constant_pad_nd and pad. The constant padding fills a new tensor and copies self (cropped by
// negative amounts) into its middle; the other modes are an index_select per padded dim, whose
// indices say which element of self each position of the result repeats. Their gradients are
// index_select's (index_add), so no backward of their own.
#include <aten/ops/constant_pad_nd.h>
#include <aten/ops/constant_pad_nd_dtypes.h>
#include <aten/ops/constant_pad_nd_native.h>
#include <aten/ops/copy.h>
#include <aten/ops/empty.h>
#include <aten/ops/fill.h>
#include <aten/ops/index_select.h>
#include <aten/ops/narrow.h>
#include <aten/ops/pad_native.h>

#include <algorithm>
#include <vector>

namespace aten::native {

// pad[2k], pad[2k + 1]: the amounts before and after dim (rank - 1 - k).
Tensor constant_pad_nd(const Tensor& self, IntArrayRef pad, const Scalar& value) {
  ATEN_DISPATCH_constant_pad_nd_TYPES(self.scalar_type(), [] {});
  ATEN_CHECK(pad.size() % 2 == 0, "Length of pad must be even but instead it equals ", pad.size());
  const int64_t rank = self.dim(), padded = static_cast<int64_t>(pad.size()) / 2;
  ATEN_CHECK(rank >= padded,
             "Length of pad should be no more than twice the number of dimensions of the input. "
             "Pad length is ",
             pad.size(), " while the input has ", rank, " dimensions.");
  // Negative amounts crop self first.
  Tensor src = self;
  bool grows = false;
  for (int64_t d = rank - padded; d < rank; ++d) {
    const int64_t before = pad[2 * (rank - 1 - d)], after = pad[2 * (rank - 1 - d) + 1];
    if (before < 0) src = src.narrow(d, -before, src.size(d) + before);
    if (after < 0) src = src.narrow(d, 0, src.size(d) + after);
    grows = grows || before > 0 || after > 0;
  }
  if (!grows) return src.clone();
  DimVector shape(self.sizes());
  for (int64_t d = rank - padded; d < rank; ++d) {
    const int64_t before = pad[2 * (rank - 1 - d)], after = pad[2 * (rank - 1 - d) + 1];
    shape[d] = self.sizes()[d] + before + after;
    ATEN_CHECK(shape[d] > 0, "The input size ", self.sizes()[d], ", plus negative padding ", before,
               " and ", after,
               " resulted in a negative output size, which is invalid. Check dimension ", d,
               " of your input.");
  }
  Tensor result = aten::empty(shape, self.options(), self.suggest_memory_format());
  result.fill_(value);
  Tensor middle = result;
  for (int64_t d = rank - padded; d < rank; ++d) {
    const int64_t before = pad[2 * (rank - 1 - d)], after = pad[2 * (rank - 1 - d) + 1];
    if (before > 0) middle = middle.narrow(d, before, middle.size(d) - before);
    if (after > 0) middle = middle.narrow(d, 0, middle.size(d) - after);
  }
  middle.copy_(src);
  return result;
}

namespace {

enum class PadMode { reflect, replicate, circular };

// For each of the n + before + after positions of the result along a dim of size n, the index of
// the element of self it holds. Meta tensors get indices of the right shape and no values.
Tensor source_indices(const Tensor& self, int64_t n, int64_t before, int64_t after, PadMode mode) {
  const int64_t m = n + before + after;
  Tensor indices = aten::empty({m}, self.options().dtype(kLong));
  if (self.is_meta()) return indices;
  auto* p = indices.data_ptr<int64_t>();
  for (int64_t j = 0; j < m; ++j) {
    const int64_t s = j - before;
    switch (mode) {
      case PadMode::reflect:
        p[j] = s < 0 ? -s : s >= n ? 2 * (n - 1) - s : s;
        break;
      case PadMode::replicate:
        p[j] = std::clamp<int64_t>(s, 0, n - 1);
        break;
      case PadMode::circular:
        p[j] = (s % n + n) % n;
        break;
    }
  }
  return indices;
}

const char* name_of(PadMode mode) {
  switch (mode) {
    case PadMode::reflect:
      return "reflect";
    case PadMode::replicate:
      return "replicate";
    case PadMode::circular:
      return "circular";
  }
  return "";
}

}  // namespace

Tensor pad(const Tensor& self, IntArrayRef pad, std::string_view mode,
           std::optional<double> value) {
  PadMode m = PadMode::reflect;
  if (mode == "replicate") {
    m = PadMode::replicate;
  } else if (mode == "circular") {
    m = PadMode::circular;
  } else if (mode != "reflect" && mode != "constant") {
    ATEN_ERROR("Unrecognised padding mode ", mode);
  }
  const int64_t rank = self.dim(), padded = static_cast<int64_t>(pad.size()) / 2;
  ATEN_CHECK(pad.size() % 2 == 0, "Padding length must be divisible by 2");
  ATEN_CHECK(padded <= rank, "Padding length too large (pad ", pad, ", input of shape ",
             self.sizes(), ")");
  if (mode == "constant") return aten::constant_pad_nd(self, pad, value.value_or(0.0));
  ATEN_CHECK(!value.has_value() || *value == 0, "Padding mode \"", mode,
             "\" doesn't take in value argument");
  // 1, 2 or 3 padded dims after one channel dim, with or without a batch dim before it.
  ATEN_CHECK(padded >= 1 && padded <= 3 && (rank == padded + 1 || rank == padded + 2),
             "Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for now (", mode,
             " padding ", pad, " of an input of shape ", self.sizes(), ")");
  if (m == PadMode::circular) {
    ATEN_CHECK(rank == padded + 2, "Expected padding of length ", 2 * (rank - 2), " but got ",
               pad.size());
  } else {
    // The batch dim (when there is one) may be empty; the others may not.
    for (int64_t d = rank - padded - 1; d < rank; ++d)
      ATEN_CHECK(self.sizes()[d] != 0, "Expected ", padded + 1, "D or ", padded + 2,
                 "D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions "
                 "for input, but got: ",
                 self.sizes());
  }
  if (m != PadMode::circular) {
    // ATen's reflect and replicate kernels take a padded dim emptied by negative pads, so long as
    // another padded dim keeps an element.
    std::vector<int64_t> out;
    for (int64_t d = rank - padded; d < rank; ++d)
      out.push_back(self.sizes()[d] + pad[2 * (rank - 1 - d)] + pad[2 * (rank - 1 - d) + 1]);
    ATEN_CHECK(std::any_of(out.begin(), out.end(), [](int64_t o) { return o >= 1; }), "input ",
               self.sizes(),
               " is too small. Calculated output size of the padded dims: ", IntArrayRef(out), " (",
               name_of(m), " padding ", pad, ")");
  }
  Tensor result = self;
  for (int64_t d = rank - padded; d < rank; ++d) {
    const int64_t n = self.sizes()[d];
    const int64_t before = pad[2 * (rank - 1 - d)], after = pad[2 * (rank - 1 - d) + 1];
    switch (m) {
      case PadMode::reflect:
        ATEN_CHECK(before < n && after < n,
                   "Argument #4: Padding size should be less than the corresponding input "
                   "dimension, but got: padding (",
                   before, ", ", after, ") at dimension ", d, " of input ", self.sizes());
        break;
      case PadMode::circular:
        ATEN_CHECK(before <= n && after <= n,
                   "Padding value causes wrapping around more than once (", name_of(m),
                   " padding (", before, ", ", after, ") at dimension ", d, " of input ",
                   self.sizes(), ")");
        break;
      case PadMode::replicate:
        break;
    }
    // Any mode may empty a dim (the others: see above), none make it negative.
    if (m == PadMode::circular)
      ATEN_CHECK(n + before + after >= 0,
                 "Negative padding value is resulting in an empty dimension (circular padding (",
                 before, ", ", after, ") at dimension ", d, " of input ", self.sizes(), ")");
    else
      ATEN_CHECK(n + before + after >= 0, "input (dimension ", d, " of size ", n,
                 ") is too small. Calculated output size: ", n + before + after, " (", name_of(m),
                 " padding (", before, ", ", after, "))");
    result = result.index_select(d, source_indices(self, n, before, after, m));
  }
  return result;
}

}  // namespace aten::native
