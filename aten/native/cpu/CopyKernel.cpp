// copy_'s CPU kernel: a vectorized copy within one dtype, an element-wise conversion across
// two. Compiled once per CPU capability.
#include <aten/cpu/Loops.h>
#include <aten/native/Copy.h>
#include <aten/ops/copy_dtypes.h>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

void copy_kernel(TensorIteratorBase& iter) {
  const ScalarType dst = iter.dtype(0), src = iter.dtype(1);
  if (dst == src) {
    ATEN_DISPATCH_copy_TYPES(dst, [&] {
      cpu_kernel_vec(
          iter, [](scalar_t x) -> scalar_t { return x; },
          [](vec::Vectorized<scalar_t> x) { return x; });
    });
    return;
  }
  ATEN_DISPATCH_copy_TYPES(dst, [&] {
    using dst_t = scalar_t;
    ATEN_DISPATCH_copy_TYPES(src, [&] {
      cpu_kernel(iter, [](scalar_t x) -> dst_t { return static_cast<dst_t>(x); });
    });
  });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(copy_stub, &copy_kernel);

}  // namespace aten::native
