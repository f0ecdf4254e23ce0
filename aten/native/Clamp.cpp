// clamp, clamp_min, clamp_max (Scalar and Tensor bounds): structured ops on TensorIterator, as
// in ATen.
#include <aten/core/OptionalTensor.h>
#include <aten/iterator/ResultType.h>
#include <aten/native/Clamp.h>
#include <aten/ops/clamp_max_native.h>
#include <aten/ops/clamp_min_native.h>
#include <aten/ops/clamp_native.h>
#include <aten/ops/to.h>

namespace aten {
namespace {

void check_not_complex(ScalarType self) {
  ATEN_CHECK(!isComplexType(self), "clamp is not supported for complex types");
}

// A floating self keeps its dtype and the kernel converts the bounds to it, so a complex bound
// is a real number there when its imaginary part is zero (as in ATen). Checked here, before any
// output is written.
void check_real_bound(const std::optional<Scalar>& bound, ScalarType dtype) {
  if (!bound || !bound->isComplex()) return;
  ATEN_CHECK(bound->toComplexDouble().imag() == 0, "value ", *bound,
             " cannot be converted to type ", dtype, " without overflow");
}

// Scalar bounds take part in type promotion below self (clamp(int32, 0.5) is Float, clamp(int32,
// 2) stays Int), except that a floating self keeps its dtype, as in ATen. In place, self must be
// able to hold that dtype.
void build_clamp_scalar(TensorIteratorBase& iter, const Tensor& out, const Tensor& self,
                        const std::optional<Scalar>& min, const std::optional<Scalar>& max) {
  check_not_complex(self.scalar_type());
  ScalarType dtype = self.scalar_type();
  if (isFloatingType(dtype)) {
    check_real_bound(min, dtype);
    check_real_bound(max, dtype);
  } else {
    ResultTypeState state;
    state.update(self);
    if (min) state.update(*min);
    if (max) state.update(*max);
    dtype = state.result();
    check_not_complex(dtype);
  }
  ATEN_CHECK(dtype == self.scalar_type() || !(out.defined() && out.is_same(self)), "result type ",
             dtype, " can't be cast to the desired output type ", self.scalar_type());
  // The iterator owns the converted self: it dies with this function, before impl() runs.
  TensorIteratorConfig config;
  config.set_check_mem_overlap(true).check_all_same_dtype(true);
  config.add_output(out).add_owned_input(self.to(dtype), "self");
  iter.build(config);
}

// Tensor bounds broadcast with self and promote with it, like a binary op's operands.
void build_clamp_tensor(TensorIteratorBase& iter, const Tensor& out, const Tensor& self,
                        const std::optional<Tensor>& min, const std::optional<Tensor>& max) {
  check_not_complex(self.scalar_type());
  TensorIteratorConfig config;
  config.set_check_mem_overlap(true)
      .promote_inputs_to_common_dtype(true)
      .cast_common_dtype_to_outputs(true)
      .enforce_safe_casting_to_output(true);
  config.add_output(out).add_input(self, "self");
  if (given(min)) config.add_input(*min, "min");
  if (given(max)) config.add_input(*max, "max");
  iter.build(config);
  // A complex bound makes the computation complex.
  check_not_complex(iter.common_dtype());
}

}  // namespace

namespace meta {

ATEN_META_FUNC(clamp)
(const Tensor& self, const std::optional<Scalar>& min, const std::optional<Scalar>& max) {
  ATEN_CHECK(min || max, "torch.clamp: At least one of 'min' or 'max' must not be None");
  build_clamp_scalar(*this, maybe_get_output(), self, min, max);
}

// Unlike clamp's, ATen's clamp_min and clamp_max refuse a complex bound whatever self is.
ATEN_META_FUNC(clamp_min)(const Tensor& self, const Scalar& min) {
  ATEN_CHECK(!min.isComplex(), "clamp is not supported for complex types");
  build_clamp_scalar(*this, maybe_get_output(), self, min, std::nullopt);
}

ATEN_META_FUNC(clamp_max)(const Tensor& self, const Scalar& max) {
  ATEN_CHECK(!max.isComplex(), "clamp is not supported for complex types");
  build_clamp_scalar(*this, maybe_get_output(), self, std::nullopt, max);
}

ATEN_META_FUNC(clamp_Tensor)
(const Tensor& self, const std::optional<Tensor>& min, const std::optional<Tensor>& max) {
  ATEN_CHECK(given(min) || given(max),
             "torch.clamp: At least one of 'min' or 'max' must not be None");
  build_clamp_tensor(*this, maybe_get_output(), self, min, max);
}

ATEN_META_FUNC(clamp_min_Tensor)(const Tensor& self, const Tensor& min) {
  build_clamp_tensor(*this, maybe_get_output(), self, min, std::nullopt);
}

ATEN_META_FUNC(clamp_max_Tensor)(const Tensor& self, const Tensor& max) {
  build_clamp_tensor(*this, maybe_get_output(), self, std::nullopt, max);
}

}  // namespace meta

namespace native {

ATEN_DEFINE_DISPATCH(clamp_scalar_stub);
ATEN_DEFINE_DISPATCH(clamp_tensor_stub);

ATEN_IMPL_FUNC(clamp_out)
(const Tensor& /*self*/, const std::optional<Scalar>& min, const std::optional<Scalar>& max,
 const Tensor& /*out*/) {
  clamp_scalar_stub(device(), *this, min, max);
}

ATEN_IMPL_FUNC(clamp_min_out)(const Tensor& /*self*/, const Scalar& min, const Tensor& /*out*/) {
  clamp_scalar_stub(device(), *this, min, std::nullopt);
}

ATEN_IMPL_FUNC(clamp_max_out)(const Tensor& /*self*/, const Scalar& max, const Tensor& /*out*/) {
  clamp_scalar_stub(device(), *this, std::nullopt, max);
}

ATEN_IMPL_FUNC(clamp_Tensor_out)
(const Tensor& /*self*/, const std::optional<Tensor>& min, const std::optional<Tensor>& max,
 const Tensor& /*out*/) {
  clamp_tensor_stub(device(), *this, given(min), given(max));
}

ATEN_IMPL_FUNC(clamp_min_Tensor_out)
(const Tensor& /*self*/, const Tensor& /*min*/, const Tensor& /*out*/) {
  clamp_tensor_stub(device(), *this, true, false);
}

ATEN_IMPL_FUNC(clamp_max_Tensor_out)
(const Tensor& /*self*/, const Tensor& /*max*/, const Tensor& /*out*/) {
  clamp_tensor_stub(device(), *this, false, true);
}

}  // namespace native
}  // namespace aten
