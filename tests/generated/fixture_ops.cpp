// Kernels of the test-only operators of fixture_ops.yaml, and their registration.
#include "generated/fixture_ops.h"

#include <aten/core/TensorImpl.h>
#include <aten/dispatch/Dispatcher.h>
#include <aten/ops/_test_iota_dtypes.h>
#include <aten/ops/_test_iota_native.h>

#include <mutex>

namespace aten {
namespace meta {

// Asks for exact (contiguous) strides, as ops that do not use TensorIterator do.
ATEN_META_FUNC(_test_iota)(const Tensor& self) {
  set_output_raw_strided(0, self.sizes(), contiguous_strides(self.sizes()), self.options());
}

}  // namespace meta

namespace native {

// out[i] = i in memory order: right only if out really has the contiguous strides meta() asked
// for, which is what a proxy output guarantees.
ATEN_IMPL_FUNC(_test_iota_out)(const Tensor& /*self*/, const Tensor& out) {
  ATEN_DISPATCH__test_iota_TYPES(out.dtype(), [&] {
    scalar_t* data = out.data_ptr<scalar_t>();
    for (int64_t i = 0; i < out.numel(); ++i) data[i] = static_cast<scalar_t>(i);
  });
}

}  // namespace native

namespace detail {
void register__test_iota_schemas(Dispatcher& d);
void register__test_iota_CPU(Dispatcher& d);
void register__test_iota_Meta(Dispatcher& d);
}  // namespace detail

namespace test {

void register_fixture_ops() {
  static std::once_flag once;
  std::call_once(once, [] {
    Dispatcher& d = Dispatcher::singleton();
    detail::register__test_iota_schemas(d);
    detail::register__test_iota_CPU(d);
    detail::register__test_iota_Meta(d);
  });
}

}  // namespace test
}  // namespace aten
