// CPU kernels of binary pointwise ops. Compiled once per CPU capability (see DispatchStub.h).
#include <aten/cpu/Loops.h>
#include <aten/native/BinaryOps.h>
#include <aten/ops/add_dtypes.h>
#include <aten/ops/mul_dtypes.h>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

void add_kernel(TensorIteratorBase& iter, const Scalar& alpha_scalar) {
  ATEN_DISPATCH_add_TYPES(iter.common_dtype(), [&] {
    using Vec = vec::Vectorized<scalar_t>;
    const auto alpha = alpha_scalar.to<scalar_t>();
    if (alpha == scalar_t(1)) {
      // The common case skips the multiply; it is the one memory-bound benchmarks measure.
      cpu_kernel_vec(
          iter, [](scalar_t a, scalar_t b) -> scalar_t { return a + b; },
          [](Vec a, Vec b) { return a + b; });
    } else {
      const Vec alpha_vec(alpha);
      cpu_kernel_vec(
          iter, [=](scalar_t a, scalar_t b) -> scalar_t { return a + alpha * b; },
          [=](Vec a, Vec b) { return a + alpha_vec * b; });
    }
  });
}

void mul_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_mul_TYPES(iter.common_dtype(), [&] {
    cpu_kernel_vec(
        iter, [](scalar_t a, scalar_t b) -> scalar_t { return a * b; },
        [](vec::Vectorized<scalar_t> a, vec::Vectorized<scalar_t> b) { return a * b; });
  });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(add_stub, &add_kernel);
ATEN_REGISTER_DISPATCH(mul_stub, &mul_kernel);

}  // namespace aten::native
