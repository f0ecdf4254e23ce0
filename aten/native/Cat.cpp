// cat and stack. cat copies each input into a narrow() of the result with copy_ (which
// converts dtypes and handles any layout); when every input and the result are contiguous in
// one dtype it copies rows with memcpy instead. stack is cat of the inputs unsqueezed.
#include <aten/core/MemoryOverlap.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/cat.h>
#include <aten/ops/cat_dtypes.h>
#include <aten/ops/cat_native.h>
#include <aten/ops/copy.h>
#include <aten/ops/narrow.h>
#include <aten/ops/stack_dtypes.h>
#include <aten/ops/stack_native.h>
#include <aten/ops/unsqueeze.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace aten::native {
namespace {

// ATen keeps accepting 1-d empty tensors (shape [0]) next to tensors of any shape, for
// backward compatibility: they are skipped, whatever dim says.
bool cat_should_skip(const Tensor& t) { return t.dim() == 1 && t.sizes()[0] == 0; }

struct CatDims {
  int64_t dim;   // wrapped against the first tensor not skipped
  size_t valid;  // that tensor's position; tensors.size() when all are skipped
};

CatDims check_cat(ArrayRef<Tensor> tensors, int64_t dim) {
  ATEN_CHECK(!tensors.empty(), "expected a non-empty list of Tensors");
  size_t valid = tensors.size();
  for (size_t i = 0; i < tensors.size() && valid == tensors.size(); ++i)
    if (!cat_should_skip(tensors[i])) valid = i;
  const int64_t d = valid < tensors.size() ? maybe_wrap_dim(dim, tensors[valid].dim()) : dim;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const Tensor& t = tensors[i];
    ATEN_CHECK(t.dim() > 0, "zero-dimensional tensor (at position ", i, ") cannot be concatenated");
    ATEN_CHECK(t.device() == tensors[0].device(),
               "Expected all tensors to be on the same device, but "
               "tensor number 0 is on ",
               tensors[0].device(), " and tensor number ", i, " on ", t.device());
    if (cat_should_skip(t)) continue;
    const Tensor& first = tensors[valid];
    ATEN_CHECK(t.dim() == first.dim(), "Tensors must have same number of dimensions: got ",
               first.dim(), " and ", t.dim(), " (tensor number ", valid, " has shape ",
               first.sizes(), ", tensor number ", i, " has shape ", t.sizes(), ")");
    for (int64_t k = 0; k < t.dim(); ++k)
      ATEN_CHECK(k == d || t.sizes()[k] == first.sizes()[k],
                 "Sizes of tensors must match except in "
                 "dimension ",
                 d, ". Expected size ", first.sizes()[k], " but got size ", t.sizes()[k],
                 " for tensor number ", i, " in the list (shapes ", first.sizes(), " and ",
                 t.sizes(), ")");
  }
  return {d, valid};
}

// The inputs' layout when they all share one, else contiguous (ATen's rule).
MemoryFormat cat_memory_format(ArrayRef<Tensor> tensors) {
  const MemoryFormat first = tensors[0].suggest_memory_format();
  for (const Tensor& t : tensors)
    if (t.suggest_memory_format() != first) return MemoryFormat::Contiguous;
  return first;
}

// Every input and out contiguous, one dtype: out is `outer` rows, each the inputs' chunks one
// after another.
bool cat_contiguous(ArrayRef<Tensor> tensors, int64_t dim, const Tensor& out) {
  if (!out.is_contiguous()) return false;
  for (const Tensor& t : tensors)
    if (!cat_should_skip(t) && (!t.is_contiguous() || t.scalar_type() != out.scalar_type()))
      return false;
  int64_t outer = 1, inner = 1;
  for (int64_t k = 0; k < dim; ++k) outer *= out.sizes()[k];
  for (int64_t k = dim + 1; k < out.dim(); ++k) inner *= out.sizes()[k];
  const int64_t item = out.element_size(), row = out.sizes()[dim] * inner * item;
  struct Chunk {
    const char* data;
    int64_t bytes, offset;
  };
  std::vector<Chunk> chunks;
  int64_t offset = 0;
  for (const Tensor& t : tensors) {
    if (cat_should_skip(t) || t.numel() == 0) continue;
    const int64_t bytes = t.sizes()[dim] * inner * item;
    chunks.push_back({static_cast<const char*>(t.data_ptr()), bytes, offset});
    offset += bytes;
  }
  char* dst = static_cast<char*>(out.data_ptr());
  const int64_t grain = std::max<int64_t>(1, GRAIN_SIZE * 4 / std::max<int64_t>(1, row));
  parallel_for(0, outer, grain, [&](int64_t begin, int64_t end) {
    for (int64_t r = begin; r < end; ++r)
      for (const Chunk& c : chunks)
        std::memcpy(dst + r * row + c.offset, c.data + r * c.bytes, static_cast<size_t>(c.bytes));
  });
  return true;
}

}  // namespace
}  // namespace aten::native

namespace aten::meta {

ATEN_META_FUNC(cat)(ArrayRef<Tensor> tensors, int64_t dim) {
  const auto [d, valid] = native::check_cat(tensors, dim);
  // Every tensor takes part in type promotion, skipped ones too (as in ATen).
  ScalarType dtype = tensors[0].scalar_type();
  for (const Tensor& t : tensors) dtype = promote_types(dtype, t.scalar_type());
  ATEN_DISPATCH_cat_TYPES(dtype, [] {});
  if (const Tensor& out = maybe_get_output(); out.defined()) {
    ATEN_CHECK(can_cast(dtype, out.scalar_type()),
               "input types can't be cast to the desired output type ", out.dtype(),
               " (the inputs promote to ", dtype, ")");
    dtype = out.scalar_type();
    assert_no_internal_overlap(out);
    for (size_t i = 0; i < tensors.size(); ++i)
      assert_no_overlap(out, tensors[i], ("tensors[" + std::to_string(i) + "]").c_str());
  }
  DimVector sizes{0};
  if (valid < tensors.size()) {
    sizes = DimVector(tensors[valid].sizes());
    sizes[d] = 0;
    for (const Tensor& t : tensors)
      if (!native::cat_should_skip(t)) sizes[d] += t.sizes()[d];
  }
  set_output_raw_strided(0, sizes, {},
                         TensorOptions(dtype)
                             .device(tensors[0].device())
                             .memory_format(native::cat_memory_format(tensors)));
}

}  // namespace aten::meta

namespace aten::native {

ATEN_IMPL_FUNC(cat_out_cpu)(ArrayRef<Tensor> tensors, int64_t dim, const Tensor& out) {
  if (out.numel() == 0) return;
  const int64_t d = check_cat(tensors, dim).dim;
  if (cat_contiguous(tensors, d, out)) return;
  int64_t offset = 0;
  for (const Tensor& t : tensors) {
    if (cat_should_skip(t)) continue;
    const int64_t n = t.sizes()[d];
    out.narrow(d, offset, n).copy_(t);
    offset += n;
  }
}

namespace {
// The inputs, all of one shape, each with a new dim of size 1 at dim.
std::vector<Tensor> stack_inputs(ArrayRef<Tensor> tensors, int64_t dim) {
  ATEN_CHECK(!tensors.empty(), "stack expects a non-empty TensorList");
  std::vector<Tensor> inputs;
  for (size_t i = 0; i < tensors.size(); ++i) {
    ATEN_CHECK(tensors[i].sizes() == tensors[0].sizes(),
               "stack expects each tensor to be equal size, but got ", tensors[0].sizes(),
               " at entry 0 and ", tensors[i].sizes(), " at entry ", i);
    inputs.push_back(tensors[i].unsqueeze(dim));
  }
  return inputs;
}
}  // namespace

Tensor stack(ArrayRef<Tensor> tensors, int64_t dim) {
  ATEN_CHECK(!tensors.empty(), "stack expects a non-empty TensorList");
  const int64_t d = maybe_wrap_dim(dim, tensors[0].dim() + 1);
  ATEN_DISPATCH_stack_TYPES(tensors[0].scalar_type(), [] {});
  return aten::cat(stack_inputs(tensors, d), d);
}

Tensor& stack_out(ArrayRef<Tensor> tensors, int64_t dim, Tensor& out) {
  ATEN_CHECK(!tensors.empty(), "stack expects a non-empty TensorList");
  const int64_t d = maybe_wrap_dim(dim, tensors[0].dim() + 1);
  ATEN_DISPATCH_stack_TYPES(tensors[0].scalar_type(), [] {});
  return aten::cat_out(out, stack_inputs(tensors, d), d);
}

}  // namespace aten::native
