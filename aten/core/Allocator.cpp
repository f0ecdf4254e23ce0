#include <aten/core/Allocator.h>
#include <aten/core/Error.h>

#include <cstdlib>

namespace aten {
namespace {

class CPUAllocator final : public Allocator {
 public:
  DataPtr allocate(size_t nbytes) override {
    if (nbytes == 0) return {};
    // aligned_alloc wants a multiple of the alignment.
    size_t rounded = (nbytes + kAlignment - 1) / kAlignment * kAlignment;
    void* p = std::aligned_alloc(kAlignment, rounded);
    ATEN_CHECK(p != nullptr, "out of memory: failed to allocate ", nbytes, " bytes");
    return {p, p, &std::free};
  }
};

}  // namespace

Allocator* getCPUAllocator() {
  static CPUAllocator allocator;
  return &allocator;
}

}  // namespace aten
