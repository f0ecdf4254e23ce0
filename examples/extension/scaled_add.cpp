// The hand-written half of my_ops.yaml's operators, written as MiniATen writes its own: meta()
// decides the output, impl() computes into it, and the composite midpoint calls other ops.
#include <aten/cpu/Loops.h>
#include <my_ops/ops/midpoint_native.h>
#include <my_ops/ops/scaled_add.h>
#include <my_ops/ops/scaled_add_dtypes.h>
#include <my_ops/ops/scaled_add_native.h>

namespace my_ops {
namespace meta {

// Broadcasting, type promotion and the output's layout, as for aten::add; on a Meta tensor
// this is all that runs.
ATEN_META_FUNC(scaled_add)(const Tensor& self, const Tensor& other, const Scalar& /*scale*/) {
  build_binary_op(maybe_get_output(), self, other);
}

}  // namespace meta

namespace native {

// (self + other) * scale, for the dtypes my_ops.yaml declares (Float, Double); any other is
// the error "my_ops::scaled_add" not implemented for 'Int'. The tensors are already this
// TensorIterator's operands (meta() built it), so only scale is read here.
ATEN_IMPL_FUNC(scaled_add_out)(const Tensor&, const Tensor&, const Scalar& scale, const Tensor&) {
  ATEN_DISPATCH_my_ops_scaled_add_TYPES(common_dtype(), [&] {
    using Vec = vec::Vectorized<scalar_t>;
    const auto s = scale.to<scalar_t>();
    const Vec s_vec(s);
    aten::native::cpu_kernel_vec(
        *this, [=](scalar_t a, scalar_t b) -> scalar_t { return (a + b) * s; },
        [=](Vec a, Vec b) { return (a + b) * s_vec; });
  });
}

Tensor midpoint(const Tensor& self, const Tensor& other) {
  return my_ops::scaled_add(self, other, 0.5);
}

}  // namespace native
}  // namespace my_ops
