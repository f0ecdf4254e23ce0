// where(condition, self, other): a structured op on TensorIterator, as in ATen; the overloads
// with a Scalar self or other are composites on it.
#include <aten/core/ScalarOps.h>
#include <aten/iterator/ResultType.h>
#include <aten/native/Where.h>
#include <aten/ops/to.h>
#include <aten/ops/where.h>
#include <aten/ops/where_native.h>

namespace aten {
namespace meta {

// self and other are converted to their result type before the iterator sees them (the
// condition must not be promoted with them); out must have that type.
ATEN_META_FUNC(where_self)(const Tensor& condition, const Tensor& self, const Tensor& other) {
  ATEN_CHECK(condition.scalar_type() == ScalarType::Bool,
             "where expected condition to be a boolean tensor, but got a tensor with dtype ",
             condition.scalar_type(), " (condition: ", condition.toString(), ")");
  const ScalarType dtype = ResultTypeState().update(self).update(other).result();
  const Tensor& out = maybe_get_output();
  ATEN_CHECK(!out.defined() || out.scalar_type() == dtype, "Expected out tensor to have dtype ",
             dtype, " (the result type of self and other), but got ", out.scalar_type(),
             " instead (out: ", out.toString(), ")");
  // The iterator owns the converted operands: they die with this function, before impl() runs.
  // 0-dim CPU inputs (the Scalar overloads' wrapped numbers) join tensors of any device.
  TensorIteratorConfig config;
  config.set_check_mem_overlap(true)
      .check_all_same_dtype(false)
      .declare_static_dtype(dtype)
      .allow_cpu_scalars(true);
  config.add_output(out)
      .add_input(condition, "condition")
      .add_owned_input(self.to(dtype), "self")
      .add_owned_input(other.to(dtype), "other");
  build(config);
}

}  // namespace meta

namespace native {

ATEN_DEFINE_DISPATCH(where_stub);

ATEN_IMPL_FUNC(where_self_out)
(const Tensor& /*condition*/, const Tensor& /*self*/, const Tensor& /*other*/,
 const Tensor& /*out*/) {
  where_stub(device(), *this);
}

// A Scalar becomes a wrapped number, so where.self's promotion ranks it below every tensor, as
// for `t + 2`; it is a CPU tensor, which the iterator takes beside tensors of any device.
Tensor where(const Tensor& condition, const Scalar& self, const Tensor& other) {
  return aten::where(condition, detail::wrapped_scalar_tensor(self), other);
}

Tensor where(const Tensor& condition, const Tensor& self, const Scalar& other) {
  return aten::where(condition, self, detail::wrapped_scalar_tensor(other));
}

Tensor where(const Tensor& condition, const Scalar& self, const Scalar& other) {
  return aten::where(condition, detail::wrapped_scalar_tensor(self),
                     detail::wrapped_scalar_tensor(other));
}

}  // namespace native
}  // namespace aten
