// Kernels of the factory operators. The dispatcher picks CPU or Meta from the `device`
// argument; both create the tensor through aten/core/Empty.h, the one place storage is made.
// The filled factories (zeros, ones, full, scalar_tensor, eye and the _like forms) are
// composites: an empty tensor, then fill_ (a no-op check on Meta). Ranges are in
// RangeFactories.cpp.
#include <aten/core/Empty.h>
#include <aten/ops/diagonal.h>
#include <aten/ops/empty.h>
#include <aten/ops/empty_like.h>
#include <aten/ops/empty_like_native.h>
#include <aten/ops/empty_native.h>
#include <aten/ops/empty_strided.h>
#include <aten/ops/empty_strided_native.h>
#include <aten/ops/eye_dtypes.h>
#include <aten/ops/eye_native.h>
#include <aten/ops/fill.h>
#include <aten/ops/full_like_native.h>
#include <aten/ops/full_native.h>
#include <aten/ops/ones_like_native.h>
#include <aten/ops/ones_native.h>
#include <aten/ops/scalar_tensor_native.h>
#include <aten/ops/zero.h>
#include <aten/ops/zeros.h>
#include <aten/ops/zeros_like_native.h>
#include <aten/ops/zeros_native.h>

#include <algorithm>

namespace aten::native {
namespace {

// The fields of a factory's scattered TensorOptions arguments, checked once for every factory.
TensorOptions factory_options(std::optional<ScalarType> dtype, std::optional<Layout> layout,
                              std::optional<Device> device, std::optional<bool> pin_memory) {
  // Layout has one value, Strided, so there is nothing to check about it yet.
  TensorOptions options = TensorOptions().dtype(dtype).layout(layout).device(device);
  // ATen pins host memory for fast copies to an accelerator; MiniATen has no accelerator, so
  // a request to pin is refused rather than silently ignored.
  ATEN_CHECK(!pin_memory.value_or(false),
             "pin_memory=True needs an accelerator, and MiniATen has none");
  return options;
}

// Dense strides that keep self's dim order: how ATen lays out a copy of a tensor with gaps (a
// slice, a permuted slice, an expanded view). Dims are ordered as TensorIterator orders an
// operand's (reorder_dimensions): starting from C order, an insertion sort moves a dim after
// another whose stride is smaller, or equal with a smaller size; a stride of 0 (an expanded
// dim) decides nothing, so such a dim stays where C order put it relative to the dims it
// meets. Size-0 and size-1 dims count as 1 in the strides of the dims after them.
DimVector infer_dense_strides(IntArrayRef sizes, IntArrayRef strides) {
  const int64_t n = static_cast<int64_t>(sizes.size());
  DimVector perm(n);  // perm[i]: the dim visited i-th, fastest first
  for (int64_t i = 0; i < n; ++i) perm[i] = n - 1 - i;
  // 1: d0 goes after d1; -1: before it; 0: no opinion.
  auto should_swap = [&](int64_t d0, int64_t d1) {
    const int64_t s0 = strides[d0], s1 = strides[d1];
    if (s0 == 0 || s1 == 0) return 0;
    if (s0 != s1) return s0 < s1 ? -1 : 1;
    return sizes[d0] > sizes[d1] ? 1 : 0;
  };
  for (int64_t i = 1; i < n; ++i) {
    int64_t d1 = i;
    for (int64_t d0 = i - 1; d0 >= 0; --d0) {
      const int c = should_swap(perm[d0], perm[d1]);
      if (c > 0) {
        std::swap(perm[d0], perm[d1]);
        d1 = d0;
      } else if (c < 0) {
        break;
      }
    }
  }
  DimVector out(n);
  int64_t next = 1;
  bool overflow = false;
  for (int64_t d : perm) {
    out[d] = next;
    overflow |= __builtin_mul_overflow(next, std::max<int64_t>(sizes[d], 1), &next);
  }
  ATEN_CHECK(!overflow, "stride calculation overflowed for a tensor of shape ", sizes);
  return out;
}

}  // namespace

Tensor empty_cpu(IntArrayRef size, std::optional<ScalarType> dtype, std::optional<Layout> layout,
                 std::optional<Device> device, std::optional<bool> pin_memory,
                 std::optional<MemoryFormat> memory_format) {
  TensorOptions options = factory_options(dtype, layout, device, pin_memory);
  return Tensor(detail::empty_generic(size, options.memory_format(memory_format)));
}

// Meta tensors have no memory to pin: pin_memory is accepted and means nothing (as in ATen).
Tensor empty_meta(IntArrayRef size, std::optional<ScalarType> dtype, std::optional<Layout> layout,
                  std::optional<Device> device, std::optional<bool> /*pin_memory*/,
                  std::optional<MemoryFormat> memory_format) {
  TensorOptions options = factory_options(dtype, layout, device, std::nullopt);
  return Tensor(detail::empty_generic(size, options.memory_format(memory_format)));
}

Tensor empty_strided_cpu(IntArrayRef size, IntArrayRef stride, std::optional<ScalarType> dtype,
                         std::optional<Layout> layout, std::optional<Device> device,
                         std::optional<bool> pin_memory) {
  return Tensor(detail::empty_strided_generic(size, stride,
                                              factory_options(dtype, layout, device, pin_memory)));
}

Tensor empty_strided_meta(IntArrayRef size, IntArrayRef stride, std::optional<ScalarType> dtype,
                          std::optional<Layout> layout, std::optional<Device> device,
                          std::optional<bool> /*pin_memory*/) {
  return Tensor(detail::empty_strided_generic(
      size, stride, factory_options(dtype, layout, device, std::nullopt)));
}

// ATen's rules: options default to self's; with Preserve (the default), a dense self of any
// layout is matched stride for stride, anything else gets dense strides in self's dim order.
Tensor empty_like(const Tensor& self, std::optional<ScalarType> dtype, std::optional<Layout> layout,
                  std::optional<Device> device, std::optional<bool> pin_memory,
                  std::optional<MemoryFormat> memory_format) {
  const ScalarType t = dtype.value_or(self.scalar_type());
  const Device d = device.value_or(self.device());
  const MemoryFormat format = memory_format.value_or(MemoryFormat::Preserve);
  if (format != MemoryFormat::Preserve)
    return empty(self.sizes(), t, layout, d, pin_memory, format);
  const IntArrayRef strides = self.strides();
  if (self.is_non_overlapping_and_dense())
    return empty_strided(self.sizes(), strides, t, layout, d, pin_memory);
  return empty_strided(self.sizes(), infer_dense_strides(self.sizes(), strides), t, layout, d,
                       pin_memory);
}

Tensor zeros(IntArrayRef size, std::optional<ScalarType> dtype, std::optional<Layout> layout,
             std::optional<Device> device, std::optional<bool> pin_memory) {
  return aten::empty(size, dtype, layout, device, pin_memory, std::nullopt).zero_();
}

Tensor ones(IntArrayRef size, std::optional<ScalarType> dtype, std::optional<Layout> layout,
            std::optional<Device> device, std::optional<bool> pin_memory) {
  return aten::empty(size, dtype, layout, device, pin_memory, std::nullopt).fill_(1);
}

// ATen's rule for a dtype-less full: the value's kind decides, floats and complex numbers
// taking the default dtype (Float) and its complex counterpart.
Tensor full(IntArrayRef size, const Scalar& fill_value, std::optional<ScalarType> dtype,
            std::optional<Layout> layout, std::optional<Device> device,
            std::optional<bool> pin_memory) {
  if (!dtype) {
    switch (fill_value.type()) {
      case ScalarType::Bool:
      case ScalarType::Long:
        dtype = fill_value.type();
        break;
      case ScalarType::ComplexDouble:
        dtype = ScalarType::ComplexFloat;
        break;
      default:
        dtype = ScalarType::Float;
    }
  }
  return aten::empty(size, dtype, layout, device, pin_memory, std::nullopt).fill_(fill_value);
}

// Unlike full, no dtype means the default one (Float), whatever s's kind.
Tensor scalar_tensor(const Scalar& s, std::optional<ScalarType> dtype, std::optional<Layout> layout,
                     std::optional<Device> device, std::optional<bool> pin_memory) {
  return aten::empty({}, dtype, layout, device, pin_memory, std::nullopt).fill_(s);
}

// The _like forms take self's dtype (not the value's) and layout, by empty_like's rules.
Tensor zeros_like(const Tensor& self, std::optional<ScalarType> dtype, std::optional<Layout> layout,
                  std::optional<Device> device, std::optional<bool> pin_memory,
                  std::optional<MemoryFormat> memory_format) {
  return aten::empty_like(self, dtype, layout, device, pin_memory, memory_format).zero_();
}

Tensor ones_like(const Tensor& self, std::optional<ScalarType> dtype, std::optional<Layout> layout,
                 std::optional<Device> device, std::optional<bool> pin_memory,
                 std::optional<MemoryFormat> memory_format) {
  return aten::empty_like(self, dtype, layout, device, pin_memory, memory_format).fill_(1);
}

Tensor full_like(const Tensor& self, const Scalar& fill_value, std::optional<ScalarType> dtype,
                 std::optional<Layout> layout, std::optional<Device> device,
                 std::optional<bool> pin_memory, std::optional<MemoryFormat> memory_format) {
  return aten::empty_like(self, dtype, layout, device, pin_memory, memory_format).fill_(fill_value);
}

Tensor eye(int64_t n, int64_t m, std::optional<ScalarType> dtype, std::optional<Layout> layout,
           std::optional<Device> device, std::optional<bool> pin_memory) {
  ATEN_CHECK(n >= 0, "n must be greater or equal to 0, got ", n);
  ATEN_CHECK(m >= 0, "m must be greater or equal to 0, got ", m);
  ATEN_DISPATCH_eye_TYPES(dtype.value_or(ScalarType::Float), [] {});
  Tensor result = aten::zeros({n, m}, dtype, layout, device, pin_memory);
  result.diagonal().fill_(1);
  return result;
}

Tensor eye(int64_t n, std::optional<ScalarType> dtype, std::optional<Layout> layout,
           std::optional<Device> device, std::optional<bool> pin_memory) {
  ATEN_CHECK(n >= 0, "n must be greater or equal to 0, got ", n);
  // Directly, not through the dispatcher, so that errors name the overload called.
  return native::eye(n, n, dtype, layout, device, pin_memory);
}

}  // namespace aten::native
