#pragma once
// The kernels of the comparisons and the tests of values (isnan, isclose, equal, ...).
#include <aten/cpu/DispatchStub.h>
#include <aten/iterator/TensorIterator.h>

namespace aten::native {

// Operands: out (Bool, or the common dtype when the user's out has another), self, other.
using compare_fn = void (*)(TensorIteratorBase& iter);
ATEN_DECLARE_DISPATCH(compare_fn, eq_stub);
ATEN_DECLARE_DISPATCH(compare_fn, ne_stub);
ATEN_DECLARE_DISPATCH(compare_fn, lt_stub);
ATEN_DECLARE_DISPATCH(compare_fn, le_stub);
ATEN_DECLARE_DISPATCH(compare_fn, gt_stub);
ATEN_DECLARE_DISPATCH(compare_fn, ge_stub);

// Operands: out (Bool), self.
using unary_predicate_fn = void (*)(TensorIteratorBase& iter);
ATEN_DECLARE_DISPATCH(unary_predicate_fn, isnan_stub);
ATEN_DECLARE_DISPATCH(unary_predicate_fn, isinf_stub);
ATEN_DECLARE_DISPATCH(unary_predicate_fn, isfinite_stub);

// Operands: out (Bool), self, other (one dtype).
using isclose_fn = void (*)(TensorIteratorBase& iter, double rtol, double atol, bool equal_nan);
ATEN_DECLARE_DISPATCH(isclose_fn, isclose_stub);

// Operands: self, other (one dtype, same shape), no output. Whether every element pair is equal.
using equal_fn = bool (*)(TensorIteratorBase& iter);
ATEN_DECLARE_DISPATCH(equal_fn, equal_stub);

}  // namespace aten::native
