// CPU kernel of where. Compiled once per CPU capability (see DispatchStub.h).
#include <aten/cpu/Loops.h>
#include <aten/native/Where.h>
#include <aten/ops/where_dtypes.h>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

void where_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_where_TYPES(iter.dtype(0), [&] {
    cpu_kernel(iter, [](bool c, scalar_t a, scalar_t b) -> scalar_t { return c ? a : b; });
  });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(where_stub, &where_kernel);

}  // namespace aten::native
