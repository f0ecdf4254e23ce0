#include <aten/core/FromBlob.h>

namespace aten {
namespace {

struct BlobOwner {
  BlobDeleter deleter;
  void* data;
};

void release_blob(void* ctx) {
  auto* owner = static_cast<BlobOwner*>(ctx);
  owner->deleter(owner->data);
  delete owner;
}

}  // namespace

Tensor from_blob(void* data, IntArrayRef sizes, IntArrayRef strides, BlobDeleter deleter,
                 TensorOptions options) {
  // Every check comes before the deleter is taken over: a failed call leaves the memory to
  // the caller.
  ATEN_CHECK(options.device().is_cpu(), "from_blob: memory must be on the CPU, got device ",
             options.device());
  check_sizes(sizes);
  DimVector st = strides.empty() ? contiguous_strides(sizes) : DimVector(strides);
  ATEN_CHECK(st.size() == sizes.size(), "from_blob: sizes ", sizes, " and strides ", strides,
             " must have the same length");
  for (int64_t s : st)
    ATEN_CHECK(s >= 0, "from_blob: negative strides are not supported, got ", strides);
  const int64_t nbytes = compute_storage_nbytes(sizes, st, elementSize(options.dtype()));
  ATEN_CHECK(data != nullptr || nbytes == 0, "from_blob: null data for shape ", sizes);

  DataPtr ptr = deleter ? DataPtr(data, new BlobOwner{std::move(deleter), data}, &release_blob)
                        : DataPtr(data, nullptr, nullptr);
  auto storage = Storage::make(std::move(ptr), static_cast<size_t>(nbytes), getCPUAllocator(),
                               /*resizable=*/false);
  auto impl = intrusive_ptr<TensorImpl>::make(std::move(storage), options.dtype(), kCPU);
  impl->set_sizes_and_strides(sizes, st);
  return Tensor(std::move(impl));
}

}  // namespace aten
