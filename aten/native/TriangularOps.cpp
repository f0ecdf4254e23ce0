// Matrix-shaped ops over the last two dims (or two chosen ones): tril and triu (a kernel that
// copies each matrix's kept triangle and zeroes the rest), diag_embed, diag and trace (composites
// of zeros, diagonal, copy_ and sum).
#include <aten/core/MemoryOverlap.h>
#include <aten/native/CompositeOut.h>
#include <aten/ops/clone.h>
#include <aten/ops/copy.h>
#include <aten/ops/diag.h>
#include <aten/ops/diag_embed.h>
#include <aten/ops/diag_embed_dtypes.h>
#include <aten/ops/diag_embed_native.h>
#include <aten/ops/diag_native.h>
#include <aten/ops/diagonal.h>
#include <aten/ops/sum.h>
#include <aten/ops/trace_dtypes.h>
#include <aten/ops/trace_native.h>
#include <aten/ops/tril_dtypes.h>
#include <aten/ops/tril_native.h>
#include <aten/ops/triu_dtypes.h>
#include <aten/ops/triu_native.h>
#include <aten/ops/zeros.h>
#include <aten/structured/StructuredOutputs.h>

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace aten::meta {

ATEN_META_FUNC(tril)(const Tensor& self, int64_t /*diagonal*/) {
  ATEN_CHECK(self.dim() >= 2, "tril: input tensor must have at least 2 dimensions (self of shape ",
             self.sizes(), ")");
  // Elements that share memory (an expand) would get different values.
  if (const Tensor& out = maybe_get_output(); out.defined()) assert_no_internal_overlap(out);
  set_output_raw_strided(0, self.sizes(), {}, self.options());
}

ATEN_META_FUNC(triu)(const Tensor& self, int64_t /*diagonal*/) {
  ATEN_CHECK(self.dim() >= 2, "triu: input tensor must have at least 2 dimensions (self of shape ",
             self.sizes(), ")");
  if (const Tensor& out = maybe_get_output(); out.defined()) assert_no_internal_overlap(out);
  set_output_raw_strided(0, self.sizes(), {}, self.options());
}

}  // namespace aten::meta

namespace aten::native {

namespace {

// out[..., i, j] = self[..., i, j] where keep(j - i), else 0; out and self have the same shape
// and dtype, any strides. out may be self (tril_): each element is read before it is written.
template <typename scalar_t, typename Keep>
void triangle_loop(const Tensor& self, const Tensor& out, Keep keep) {
  const int64_t n = self.dim(), rows = self.sizes()[n - 2], cols = self.sizes()[n - 1];
  if (out.numel() == 0) return;
  const auto* src = static_cast<const scalar_t*>(self.data_ptr());
  auto* dst = static_cast<scalar_t*>(out.data_ptr());
  const int64_t sr = self.strides()[n - 2], sc = self.strides()[n - 1];
  const int64_t dr = out.strides()[n - 2], dc = out.strides()[n - 1];
  // The batch dims, walked as an odometer.
  DimVector counter(static_cast<size_t>(n - 2), 0);
  const int64_t batches = out.numel() / (rows * cols);
  for (int64_t b = 0; b < batches; ++b) {
    int64_t src_off = 0, dst_off = 0;
    for (int64_t d = 0; d < n - 2; ++d) {
      src_off += counter[d] * self.strides()[d];
      dst_off += counter[d] * out.strides()[d];
    }
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols; ++j)
        dst[dst_off + i * dr + j * dc] = keep(j - i) ? src[src_off + i * sr + j * sc] : scalar_t{};
    for (int64_t d = n - 3; d >= 0; --d) {
      if (++counter[d] < self.sizes()[d]) break;
      counter[d] = 0;
    }
  }
}

}  // namespace

ATEN_IMPL_FUNC(tril_out)(const Tensor& self, int64_t diagonal, const Tensor& out) {
  ATEN_DISPATCH_tril_TYPES(self.scalar_type(), [&] {
    triangle_loop<scalar_t>(self, out, [diagonal](int64_t k) { return k <= diagonal; });
  });
}

ATEN_IMPL_FUNC(triu_out)(const Tensor& self, int64_t diagonal, const Tensor& out) {
  ATEN_DISPATCH_triu_TYPES(self.scalar_type(), [&] {
    triangle_loop<scalar_t>(self, out, [diagonal](int64_t k) { return k >= diagonal; });
  });
}

// self's last dim becomes the offset diagonal of two new dims dim1 and dim2 (dims of the result).
Tensor diag_embed(const Tensor& self, int64_t offset, int64_t dim1, int64_t dim2) {
  ATEN_DISPATCH_diag_embed_TYPES(self.scalar_type(), [] {});
  const int64_t n = self.dim() + 1;
  const int64_t a = maybe_wrap_dim(dim1, n), b = maybe_wrap_dim(dim2, n);
  ATEN_CHECK(a != b, "diagonal dimensions cannot be identical ", dim1, ", ", dim2);
  const int64_t len = std::abs(offset) + self.size(-1);
  std::vector<int64_t> sizes(self.sizes().begin(), self.sizes().end() - 1);
  sizes.insert(sizes.begin() + std::min(a, b), len);
  sizes.insert(sizes.begin() + std::max(a, b), len);
  Tensor result = aten::zeros(sizes, self.options());
  result.diagonal(offset, a, b).copy_(self);
  return result;
}

Tensor diag(const Tensor& self, int64_t diagonal) {
  ATEN_CHECK(self.dim() == 1 || self.dim() == 2, "diag(): Supports 1D or 2D tensors. Got ",
             self.dim(), "D (self of shape ", self.sizes(), ")");
  if (self.dim() == 1) return aten::diag_embed(self, diagonal);
  return aten::diagonal(self, diagonal).clone(MemoryFormat::Contiguous);
}

Tensor& diag(const Tensor& self, int64_t diagonal, Tensor& out) {
  return copy_into_out(aten::diag(self, diagonal), out);
}

Tensor trace(const Tensor& self) {
  ATEN_CHECK(self.dim() == 2, "trace: expected a matrix, but got tensor with dim ", self.dim(),
             " (self of shape ", self.sizes(), ")");
  ATEN_DISPATCH_trace_TYPES(self.scalar_type(), [] {});
  return aten::sum(self.diagonal());
}

}  // namespace aten::native
