#include <aten/core/Empty.h>

namespace aten::detail {
namespace {

// Inline into both callers: on the path of every functional op's output, where a call and a
// frame of its own cost more than the rest of it.
[[gnu::always_inline]] inline Storage make_storage(int64_t nbytes, IntArrayRef sizes,
                                                   TensorOptions options) {
  if (options.device().is_meta())
    return Storage::make(DataPtr(), static_cast<size_t>(nbytes), nullptr);
  Allocator* alloc = getCPUAllocator();
  DataPtr data = alloc->allocate(static_cast<size_t>(nbytes));
  ATEN_CHECK(nbytes == 0 || data.get() != nullptr, "out of memory: failed to allocate ", nbytes,
             " bytes for a tensor of shape ", sizes, " and dtype ", options.dtype());
  return Storage::make(std::move(data), static_cast<size_t>(nbytes), alloc);
}

}  // namespace

TensorBase empty_strided_generic(IntArrayRef sizes, IntArrayRef strides, TensorOptions options) {
  ATEN_CHECK(sizes.size() == strides.size(), "empty_strided: sizes ", sizes, " and strides ",
             strides, " must have the same length");
  check_sizes(sizes);
  int64_t nbytes = compute_storage_nbytes(sizes, strides, elementSize(options.dtype()));
  auto impl = intrusive_ptr<TensorImpl>::make(make_storage(nbytes, sizes, options), options.dtype(),
                                              options.device());
  impl->set_sizes_and_strides(sizes, strides);
  return TensorBase(std::move(impl));
}

TensorBase empty_generic(IntArrayRef sizes, TensorOptions options) {
  MemoryFormat format = options.memory_format_opt().value_or(MemoryFormat::Contiguous);
  if (format != MemoryFormat::Contiguous)
    return empty_strided_generic(sizes, strides_for_format(sizes, format), options);
  // The common case, kept short: it is on the path of every functional op.
  int64_t nbytes = elementSize(options.dtype());
  for (int64_t s : sizes) {
    ATEN_CHECK(s >= 0, "Trying to create tensor with negative dimension ", s, ": ", sizes);
    ATEN_CHECK(!__builtin_mul_overflow(nbytes, s, &nbytes),
               "storage size calculation overflowed with sizes=", sizes);
  }
  auto impl = intrusive_ptr<TensorImpl>::make(make_storage(nbytes, sizes, options), options.dtype(),
                                              options.device());
  impl->set_sizes_contiguous(sizes);
  return TensorBase(std::move(impl));
}

}  // namespace aten::detail
