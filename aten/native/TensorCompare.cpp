// Comparisons (eq ne lt le gt ge: structured, Bool results), the tests of values (isnan,
// isinf, isfinite, isclose: one TensorIterator each, Bool results) and the whole-tensor
// answers allclose and equal (C++ bools).
#include <aten/core/ScalarOps.h>
#include <aten/native/TensorCompare.h>
#include <aten/ops/allclose_native.h>
#include <aten/ops/eq_native.h>
#include <aten/ops/equal_native.h>
#include <aten/ops/ge_native.h>
#include <aten/ops/gt_native.h>
#include <aten/ops/isclose.h>
#include <aten/ops/isclose_native.h>
#include <aten/ops/isfinite_native.h>
#include <aten/ops/isinf_native.h>
#include <aten/ops/isnan_native.h>
#include <aten/ops/le_native.h>
#include <aten/ops/lt_native.h>
#include <aten/ops/ne_native.h>

namespace aten {
namespace meta {

ATEN_META_FUNC(eq_Tensor)(const Tensor& self, const Tensor& other) {
  build_comparison_op(maybe_get_output(), self, other);
}
ATEN_META_FUNC(eq_Scalar)(const Tensor& self, const Scalar& other) {
  build_comparison_op(maybe_get_output(), self, detail::wrapped_scalar_tensor(other));
}

ATEN_META_FUNC(ne_Tensor)(const Tensor& self, const Tensor& other) {
  build_comparison_op(maybe_get_output(), self, other);
}
ATEN_META_FUNC(ne_Scalar)(const Tensor& self, const Scalar& other) {
  build_comparison_op(maybe_get_output(), self, detail::wrapped_scalar_tensor(other));
}

ATEN_META_FUNC(lt_Tensor)(const Tensor& self, const Tensor& other) {
  build_comparison_op(maybe_get_output(), self, other);
}
ATEN_META_FUNC(lt_Scalar)(const Tensor& self, const Scalar& other) {
  build_comparison_op(maybe_get_output(), self, detail::wrapped_scalar_tensor(other));
}

ATEN_META_FUNC(le_Tensor)(const Tensor& self, const Tensor& other) {
  build_comparison_op(maybe_get_output(), self, other);
}
ATEN_META_FUNC(le_Scalar)(const Tensor& self, const Scalar& other) {
  build_comparison_op(maybe_get_output(), self, detail::wrapped_scalar_tensor(other));
}

ATEN_META_FUNC(gt_Tensor)(const Tensor& self, const Tensor& other) {
  build_comparison_op(maybe_get_output(), self, other);
}
ATEN_META_FUNC(gt_Scalar)(const Tensor& self, const Scalar& other) {
  build_comparison_op(maybe_get_output(), self, detail::wrapped_scalar_tensor(other));
}

ATEN_META_FUNC(ge_Tensor)(const Tensor& self, const Tensor& other) {
  build_comparison_op(maybe_get_output(), self, other);
}
ATEN_META_FUNC(ge_Scalar)(const Tensor& self, const Scalar& other) {
  build_comparison_op(maybe_get_output(), self, detail::wrapped_scalar_tensor(other));
}

}  // namespace meta

namespace native {

ATEN_DEFINE_DISPATCH(eq_stub);
ATEN_IMPL_FUNC(eq_Tensor_out)(const Tensor&, const Tensor&, const Tensor&) {
  eq_stub(device(), *this);
}
ATEN_IMPL_FUNC(eq_Scalar_out)(const Tensor&, const Scalar&, const Tensor&) {
  eq_stub(device(), *this);
}

ATEN_DEFINE_DISPATCH(ne_stub);
ATEN_IMPL_FUNC(ne_Tensor_out)(const Tensor&, const Tensor&, const Tensor&) {
  ne_stub(device(), *this);
}
ATEN_IMPL_FUNC(ne_Scalar_out)(const Tensor&, const Scalar&, const Tensor&) {
  ne_stub(device(), *this);
}

ATEN_DEFINE_DISPATCH(lt_stub);
ATEN_IMPL_FUNC(lt_Tensor_out)(const Tensor&, const Tensor&, const Tensor&) {
  lt_stub(device(), *this);
}
ATEN_IMPL_FUNC(lt_Scalar_out)(const Tensor&, const Scalar&, const Tensor&) {
  lt_stub(device(), *this);
}

ATEN_DEFINE_DISPATCH(le_stub);
ATEN_IMPL_FUNC(le_Tensor_out)(const Tensor&, const Tensor&, const Tensor&) {
  le_stub(device(), *this);
}
ATEN_IMPL_FUNC(le_Scalar_out)(const Tensor&, const Scalar&, const Tensor&) {
  le_stub(device(), *this);
}

ATEN_DEFINE_DISPATCH(gt_stub);
ATEN_IMPL_FUNC(gt_Tensor_out)(const Tensor&, const Tensor&, const Tensor&) {
  gt_stub(device(), *this);
}
ATEN_IMPL_FUNC(gt_Scalar_out)(const Tensor&, const Scalar&, const Tensor&) {
  gt_stub(device(), *this);
}

ATEN_DEFINE_DISPATCH(ge_stub);
ATEN_IMPL_FUNC(ge_Tensor_out)(const Tensor&, const Tensor&, const Tensor&) {
  ge_stub(device(), *this);
}
ATEN_IMPL_FUNC(ge_Scalar_out)(const Tensor&, const Scalar&, const Tensor&) {
  ge_stub(device(), *this);
}

ATEN_DEFINE_DISPATCH(isnan_stub);
ATEN_DEFINE_DISPATCH(isinf_stub);
ATEN_DEFINE_DISPATCH(isfinite_stub);
ATEN_DEFINE_DISPATCH(isclose_stub);
ATEN_DEFINE_DISPATCH(equal_stub);

namespace {

// out = pred(self), a fresh Bool tensor in self's layout. On a Meta tensor only the shape.
template <typename Stub>
Tensor unary_predicate(const Tensor& self, Stub& stub) {
  const Tensor out;  // undefined: allocated by the iterator (the config keeps a pointer to it)
  TensorIteratorConfig config;
  config.check_all_same_dtype(false).declare_static_dtype(ScalarType::Bool);
  config.add_output(out).add_input(self, "self");
  TensorIterator iter(config);
  if (!iter.is_meta()) stub(iter.device(), iter);
  return iter.output();
}

}  // namespace

Tensor isnan(const Tensor& self) { return unary_predicate(self, isnan_stub); }
Tensor isinf(const Tensor& self) { return unary_predicate(self, isinf_stub); }
Tensor isfinite(const Tensor& self) { return unary_predicate(self, isfinite_stub); }

Tensor isclose(const Tensor& self, const Tensor& other, double rtol, double atol, bool equal_nan) {
  ATEN_CHECK(self.scalar_type() == other.scalar_type(), self.scalar_type(), " did not match ",
             other.scalar_type(), " (self ", self.toString(), ", other ", other.toString(), ")");
  ATEN_CHECK(rtol >= 0, "rtol must be greater than or equal to zero, but got ", rtol);
  ATEN_CHECK(atol >= 0, "atol must be greater than or equal to zero, but got ", atol);
  const Tensor out;  // undefined: allocated by the iterator (the config keeps a pointer to it)
  TensorIteratorConfig config;
  config.check_all_same_dtype(false)
      .declare_static_dtype(ScalarType::Bool)
      .allow_cpu_scalars(true)
      .add_output(out)
      .add_input(self, "self")
      .add_input(other, "other");
  TensorIterator iter(config);
  if (!iter.is_meta()) isclose_stub(iter.device(), iter, rtol, atol, equal_nan);
  return iter.output();
}

bool allclose(const Tensor& self, const Tensor& other, double rtol, double atol, bool equal_nan) {
  const Tensor close = aten::isclose(self, other, rtol, atol, equal_nan);
  // A fresh iterator output: dense, so its numel bytes are one run whatever its strides.
  ATEN_INTERNAL_ASSERT(close.is_non_overlapping_and_dense());
  const auto* p = static_cast<const uint8_t*>(close.data_ptr());
  for (int64_t i = 0, n = close.numel(); i < n; ++i)
    if (p[i] == 0) return false;
  return true;
}

bool equal(const Tensor& self, const Tensor& other) {
  ATEN_CHECK(self.device() == other.device(), "Expected both tensors on one device, but got ",
             self.device(), " and ", other.device());
  if (self.sizes() != other.sizes()) return false;
  // Tensors of two dtypes are compared in their promoted dtype, as ATen compares them (Int
  // [1, 2] equals Byte [1, 2]; Float 0.1 does not equal Double 0.1).
  if (self.scalar_type() != other.scalar_type()) {
    const ScalarType common = promote_types(self.scalar_type(), other.scalar_type());
    return equal(self.to(common), other.to(common));
  }
  // The same elements are equal to themselves, unless they may be NaN.
  if (self.is_same(other) && !isFloatingType(self.scalar_type()) &&
      !isComplexType(self.scalar_type()))
    return true;
  TensorIteratorConfig config;
  config.set_check_mem_overlap(false).add_input(self, "self").add_input(other, "other");
  TensorIterator iter(config);
  return equal_stub(iter.device(), iter);
}

}  // namespace native
}  // namespace aten
