// fill_'s CPU kernel: one value broadcast into a vector register and stored, contiguous runs
// with vector stores, anything else element by element. Compiled once per CPU capability.
#include <aten/cpu/Loops.h>
#include <aten/native/Fill.h>
#include <aten/ops/fill_dtypes.h>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

void fill_kernel(TensorIteratorBase& iter, const Scalar& value) {
  ATEN_DISPATCH_fill_TYPES(iter.dtype(0), [&] {
    const scalar_t v = fill_value<scalar_t>(value);
    cpu_kernel_vec(
        iter, [v]() -> scalar_t { return v; }, [v]() { return vec::Vectorized<scalar_t>(v); });
  });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(fill_stub, &fill_kernel);

}  // namespace aten::native
