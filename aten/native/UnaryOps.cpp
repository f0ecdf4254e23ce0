// Structured unary pointwise ops: meta() builds the TensorIterator (ATen's unary_op, same dtype
// in and out, or unary_float_op, integers computed in Float), impl() calls the op's stub.
#include <aten/core/DtypeDispatch.h>
#include <aten/native/UnaryOps.h>
#include <aten/ops/abs_native.h>
#include <aten/ops/acos_native.h>
#include <aten/ops/asin_native.h>
#include <aten/ops/atan_native.h>
#include <aten/ops/bitwise_not_native.h>
#include <aten/ops/ceil_native.h>
#include <aten/ops/cos_native.h>
#include <aten/ops/cosh_native.h>
#include <aten/ops/erf_native.h>
#include <aten/ops/erfc_native.h>
#include <aten/ops/exp2_native.h>
#include <aten/ops/exp_native.h>
#include <aten/ops/expm1_native.h>
#include <aten/ops/floor_native.h>
#include <aten/ops/frac_native.h>
#include <aten/ops/log10_native.h>
#include <aten/ops/log1p_native.h>
#include <aten/ops/log2_native.h>
#include <aten/ops/log_native.h>
#include <aten/ops/logical_not_native.h>
#include <aten/ops/nan_to_num_native.h>
#include <aten/ops/neg_native.h>
#include <aten/ops/reciprocal_native.h>
#include <aten/ops/round_native.h>
#include <aten/ops/rsqrt_native.h>
#include <aten/ops/sgn_native.h>
#include <aten/ops/sigmoid_native.h>
#include <aten/ops/sign_native.h>
#include <aten/ops/sin_native.h>
#include <aten/ops/sinh_native.h>
#include <aten/ops/sqrt_native.h>
#include <aten/ops/tan_native.h>
#include <aten/ops/tanh_native.h>
#include <aten/ops/trunc_native.h>

namespace aten {
namespace meta {

// meta() of an op computed in floating point: integer and Bool inputs give Float.
#define ATEN_UNARY_FLOAT_META(op) \
  ATEN_META_FUNC(op)(const Tensor& self) { build_unary_float_op(maybe_get_output(), self); }
ATEN_UNARY_FLOAT_META(reciprocal)
ATEN_UNARY_FLOAT_META(sqrt)
ATEN_UNARY_FLOAT_META(rsqrt)
ATEN_UNARY_FLOAT_META(exp)
ATEN_UNARY_FLOAT_META(exp2)
ATEN_UNARY_FLOAT_META(expm1)
ATEN_UNARY_FLOAT_META(log)
ATEN_UNARY_FLOAT_META(log2)
ATEN_UNARY_FLOAT_META(log10)
ATEN_UNARY_FLOAT_META(log1p)
ATEN_UNARY_FLOAT_META(sin)
ATEN_UNARY_FLOAT_META(cos)
ATEN_UNARY_FLOAT_META(tan)
ATEN_UNARY_FLOAT_META(asin)
ATEN_UNARY_FLOAT_META(acos)
ATEN_UNARY_FLOAT_META(atan)
ATEN_UNARY_FLOAT_META(sinh)
ATEN_UNARY_FLOAT_META(cosh)
ATEN_UNARY_FLOAT_META(tanh)
ATEN_UNARY_FLOAT_META(sigmoid)
ATEN_UNARY_FLOAT_META(erf)
ATEN_UNARY_FLOAT_META(erfc)
#undef ATEN_UNARY_FLOAT_META

// meta() of an op whose result has self's dtype.
#define ATEN_UNARY_META(op) \
  ATEN_META_FUNC(op)(const Tensor& self) { build_unary_op(maybe_get_output(), self); }
ATEN_UNARY_META(sgn)
ATEN_UNARY_META(round)
ATEN_UNARY_META(frac)
ATEN_UNARY_META(bitwise_not)
#undef ATEN_UNARY_META

// Rounding a complex number has no single meaning.
#define ATEN_UNARY_REAL_META(op)                                                                \
  ATEN_META_FUNC(op)(const Tensor& self) {                                                      \
    ATEN_CHECK(!isComplexType(self.scalar_type()), #op " is not supported for complex inputs"); \
    build_unary_op(maybe_get_output(), self);                                                   \
  }
ATEN_UNARY_REAL_META(floor)
ATEN_UNARY_REAL_META(ceil)
ATEN_UNARY_REAL_META(trunc)
#undef ATEN_UNARY_REAL_META

// Rounding to decimals is for floating dtypes only, as in ATen (whose integer path is plain
// round's, which round.decimals does not take).
ATEN_META_FUNC(round_decimals)(const Tensor& self, int64_t /*decimals*/) {
  if (!isFloatingType(self.scalar_type()))
    detail::dtype_not_implemented("round", self.scalar_type());
  build_unary_op(maybe_get_output(), self);
}

ATEN_META_FUNC(neg)(const Tensor& self) {
  ATEN_CHECK(self.scalar_type() != ScalarType::Bool,
             "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to "
             "invert a mask, use the `~` or `logical_not()` operator instead.");
  build_unary_op(maybe_get_output(), self);
}

ATEN_META_FUNC(sign)(const Tensor& self) {
  ATEN_CHECK(!isComplexType(self.scalar_type()),
             "Unlike NumPy, torch.sign is not intended to support complex numbers. Please use "
             "torch.sgn instead.");
  build_unary_op(maybe_get_output(), self);
}

// Complex input: the result is real. A fresh result (or an out= of that real dtype) receives
// |z| directly; another out= dtype that the real one casts to safely gets |z| + 0i through a
// temporary of self's dtype, cast (complex -> real keeps the real part), as in ATen.
ATEN_META_FUNC(abs)(const Tensor& self) {
  const Tensor& out = maybe_get_output();
  const ScalarType dtype = self.scalar_type();
  if (!isComplexType(dtype)) {
    build_unary_op(out, self);
    return;
  }
  const ScalarType real = toRealValueType(dtype);
  ATEN_CHECK(!(out.defined() && out.is_same(self)),
             "In-place abs is not supported for complex tensors: its result type ", real,
             " can't be written into self (", dtype, ")");
  TensorIteratorConfig config;
  config.set_check_mem_overlap(true).check_all_same_dtype(false);
  config.add_output(out).add_input(self, "self");
  if (!out.defined() || out.scalar_type() == real) {
    config.declare_static_dtype(real);
  } else {
    const ScalarType want = out.scalar_type();
    ATEN_CHECK(isFloatingType(want) || isComplexType(want), "result type ", real,
               " can't be cast to the desired output type ", want, " (out: ", out.toString(), ")");
    config.cast_common_dtype_to_outputs(true);
  }
  build(config);
}

// A fresh result is Bool. out= (or self, in place) of another dtype receives 0 or 1: of self's
// dtype directly, of any other through a temporary of self's dtype.
ATEN_META_FUNC(logical_not)(const Tensor& self) {
  const Tensor& out = maybe_get_output();
  TensorIteratorConfig config;
  config.set_check_mem_overlap(true).check_all_same_dtype(false);
  config.add_output(out).add_input(self, "self");
  if (!out.defined()) {
    config.declare_static_dtype(ScalarType::Bool);
  } else if (out.scalar_type() != ScalarType::Bool && out.scalar_type() != self.scalar_type()) {
    config.cast_common_dtype_to_outputs(true);
  }
  build(config);
}

// out must have self's dtype (an iterator check, as for every unary_op).
ATEN_META_FUNC(nan_to_num)
(const Tensor& self, std::optional<double>, std::optional<double>, std::optional<double>) {
  build_unary_op(maybe_get_output(), self);
}

}  // namespace meta

namespace native {

#define ATEN_UNARY_IMPL(op)                                                 \
  ATEN_DEFINE_DISPATCH(op##_stub);                                          \
  ATEN_IMPL_FUNC(op##_out)(const Tensor& /*self*/, const Tensor& /*out*/) { \
    op##_stub(device(), *this);                                             \
  }
ATEN_UNARY_IMPL(neg)
ATEN_UNARY_IMPL(abs)
ATEN_UNARY_IMPL(sign)
ATEN_UNARY_IMPL(sgn)
ATEN_UNARY_IMPL(reciprocal)
ATEN_UNARY_IMPL(sqrt)
ATEN_UNARY_IMPL(rsqrt)
ATEN_UNARY_IMPL(exp)
ATEN_UNARY_IMPL(exp2)
ATEN_UNARY_IMPL(expm1)
ATEN_UNARY_IMPL(log)
ATEN_UNARY_IMPL(log2)
ATEN_UNARY_IMPL(log10)
ATEN_UNARY_IMPL(log1p)
ATEN_UNARY_IMPL(sin)
ATEN_UNARY_IMPL(cos)
ATEN_UNARY_IMPL(tan)
ATEN_UNARY_IMPL(asin)
ATEN_UNARY_IMPL(acos)
ATEN_UNARY_IMPL(atan)
ATEN_UNARY_IMPL(sinh)
ATEN_UNARY_IMPL(cosh)
ATEN_UNARY_IMPL(tanh)
ATEN_UNARY_IMPL(sigmoid)
ATEN_UNARY_IMPL(erf)
ATEN_UNARY_IMPL(erfc)
ATEN_UNARY_IMPL(floor)
ATEN_UNARY_IMPL(ceil)
ATEN_UNARY_IMPL(round)
ATEN_UNARY_IMPL(trunc)
ATEN_UNARY_IMPL(frac)
ATEN_UNARY_IMPL(bitwise_not)
ATEN_UNARY_IMPL(logical_not)
#undef ATEN_UNARY_IMPL

ATEN_DEFINE_DISPATCH(round_decimals_stub);

ATEN_IMPL_FUNC(round_decimals_out)
(const Tensor& /*self*/, int64_t decimals, const Tensor& /*out*/) {
  if (decimals == 0) {
    round_stub(device(), *this);
  } else {
    round_decimals_stub(device(), *this, decimals);
  }
}

ATEN_DEFINE_DISPATCH(nan_to_num_stub);

ATEN_IMPL_FUNC(nan_to_num_out)
(const Tensor& /*self*/, std::optional<double> nan, std::optional<double> posinf,
 std::optional<double> neginf, const Tensor& /*out*/) {
  nan_to_num_stub(device(), *this, nan, posinf, neginf);
}

}  // namespace native
}  // namespace aten
