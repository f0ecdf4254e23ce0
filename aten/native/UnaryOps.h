#pragma once
// The kernels of unary pointwise ops, one DispatchStub each; kernels live in
// native/cpu/UnaryOpsKernel.cpp.
#include <aten/cpu/DispatchStub.h>
#include <aten/iterator/TensorIterator.h>

#include <optional>

namespace aten::native {

using unary_fn = void (*)(TensorIteratorBase& iter);

ATEN_DECLARE_DISPATCH(unary_fn, neg_stub);
ATEN_DECLARE_DISPATCH(unary_fn, abs_stub);
ATEN_DECLARE_DISPATCH(unary_fn, sign_stub);
ATEN_DECLARE_DISPATCH(unary_fn, sgn_stub);
ATEN_DECLARE_DISPATCH(unary_fn, reciprocal_stub);
ATEN_DECLARE_DISPATCH(unary_fn, sqrt_stub);
ATEN_DECLARE_DISPATCH(unary_fn, rsqrt_stub);
ATEN_DECLARE_DISPATCH(unary_fn, exp_stub);
ATEN_DECLARE_DISPATCH(unary_fn, exp2_stub);
ATEN_DECLARE_DISPATCH(unary_fn, expm1_stub);
ATEN_DECLARE_DISPATCH(unary_fn, log_stub);
ATEN_DECLARE_DISPATCH(unary_fn, log2_stub);
ATEN_DECLARE_DISPATCH(unary_fn, log10_stub);
ATEN_DECLARE_DISPATCH(unary_fn, log1p_stub);
ATEN_DECLARE_DISPATCH(unary_fn, sin_stub);
ATEN_DECLARE_DISPATCH(unary_fn, cos_stub);
ATEN_DECLARE_DISPATCH(unary_fn, tan_stub);
ATEN_DECLARE_DISPATCH(unary_fn, asin_stub);
ATEN_DECLARE_DISPATCH(unary_fn, acos_stub);
ATEN_DECLARE_DISPATCH(unary_fn, atan_stub);
ATEN_DECLARE_DISPATCH(unary_fn, sinh_stub);
ATEN_DECLARE_DISPATCH(unary_fn, cosh_stub);
ATEN_DECLARE_DISPATCH(unary_fn, tanh_stub);
ATEN_DECLARE_DISPATCH(unary_fn, sigmoid_stub);
ATEN_DECLARE_DISPATCH(unary_fn, erf_stub);
ATEN_DECLARE_DISPATCH(unary_fn, erfc_stub);
ATEN_DECLARE_DISPATCH(unary_fn, floor_stub);
ATEN_DECLARE_DISPATCH(unary_fn, ceil_stub);
ATEN_DECLARE_DISPATCH(unary_fn, round_stub);
ATEN_DECLARE_DISPATCH(unary_fn, trunc_stub);
ATEN_DECLARE_DISPATCH(unary_fn, frac_stub);
ATEN_DECLARE_DISPATCH(unary_fn, bitwise_not_stub);
ATEN_DECLARE_DISPATCH(unary_fn, logical_not_stub);

// round(self * 10^decimals) / 10^decimals (for decimals < 0: round(self / 10^-decimals) * ...).
using round_decimals_fn = void (*)(TensorIteratorBase& iter, int64_t decimals);
ATEN_DECLARE_DISPATCH(round_decimals_fn, round_decimals_stub);

// The replacements of NaN, +inf and -inf; nullopt means 0, the largest and the lowest finite
// value of the dtype.
using nan_to_num_fn = void (*)(TensorIteratorBase& iter, std::optional<double> nan,
                               std::optional<double> posinf, std::optional<double> neginf);
ATEN_DECLARE_DISPATCH(nan_to_num_fn, nan_to_num_stub);

}  // namespace aten::native
