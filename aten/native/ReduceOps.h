#pragma once
// Reductions: the stubs, and the shape/dtype rules every reduction's meta function shares.
#include <aten/core/FunctionRef.h>
#include <aten/core/Scalar.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/DispatchStub.h>
#include <aten/iterator/TensorIterator.h>
#include <aten/structured/MetaBase.h>

#include <bitset>
#include <optional>

namespace aten::native {

using reduce_fn = void (*)(TensorIteratorBase& iter);
// sum, nansum, mean, prod, all, any: out = reduce(in) over a reduce-op iterator.
ATEN_DECLARE_DISPATCH(reduce_fn, sum_stub);
ATEN_DECLARE_DISPATCH(reduce_fn, nansum_stub);
ATEN_DECLARE_DISPATCH(reduce_fn, mean_stub);
ATEN_DECLARE_DISPATCH(reduce_fn, prod_stub);
ATEN_DECLARE_DISPATCH(reduce_fn, all_stub);
ATEN_DECLARE_DISPATCH(reduce_fn, any_stub);
ATEN_DECLARE_DISPATCH(reduce_fn, amax_stub);
ATEN_DECLARE_DISPATCH(reduce_fn, amin_stub);
// argmax/argmin: one Long output; max/min: values and Long indices (two outputs).
ATEN_DECLARE_DISPATCH(reduce_fn, argmax_stub);
ATEN_DECLARE_DISPATCH(reduce_fn, argmin_stub);
ATEN_DECLARE_DISPATCH(reduce_fn, max_stub);
ATEN_DECLARE_DISPATCH(reduce_fn, min_stub);
ATEN_DECLARE_DISPATCH(reduce_fn, logsumexp_stub);

// var/std and their _mean forms: output 0 the variance (or its square root), output 1 (when
// there is one) the mean.
using moments_fn = void (*)(TensorIteratorBase& iter, int64_t correction, bool take_sqrt);
ATEN_DECLARE_DISPATCH(moments_fn, moments_stub);

using norm_fn = void (*)(TensorIteratorBase& iter, double p);
ATEN_DECLARE_DISPATCH(norm_fn, norm_stub);

// out = scan(self) along dim; both of one dtype, same sizes.
using scan_fn = void (*)(const Tensor& out, const Tensor& self, int64_t dim);
ATEN_DECLARE_DISPATCH(scan_fn, cumsum_stub);
ATEN_DECLARE_DISPATCH(scan_fn, cumprod_stub);

// Which dims a dim list names; None or [] means all (ATen's rule). Dims are wrapped and
// checked, and naming one twice is an error.
using DimMask = std::bitset<64>;
DimMask make_dim_mask(OptionalIntArrayRef dims, int64_t ndim);

// The result shape of reducing self over mask.
DimVector reduction_shape(const Tensor& self, const DimMask& mask, bool keepdim);

// meta(): announces the (contiguous) result; a second output of the same shape when
// second_dtype is given.
void resize_reduction(impl::MetaBase& meta, const Tensor& self, OptionalIntArrayRef dims,
                      bool keepdim, ScalarType out_dtype,
                      std::optional<ScalarType> second_dtype = std::nullopt);

// A reduce-op iterator over self into result (viewed with the reduced dims kept); the two
// output form for values and indices.
TensorIterator make_reduction(const Tensor& result, const Tensor& self, const DimMask& mask,
                              bool keepdim);
TensorIterator make_reduction(const Tensor& result1, const Tensor& result2, const Tensor& self,
                              const DimMask& mask, bool keepdim);

// ATen's checks for reductions without an identity (max, amin, argmax, ...): every reduced dim
// must be non-empty; `op` is "max()" and the like.
void check_nonempty_reduction(const Tensor& self, const DimMask& mask, bool all_dims,
                              const char* op);

// Whether a result computed in dtype `from` may be written into a tensor of dtype `to`
// (no complex into real, no floating into integral, only Bool into Bool).
bool can_cast_result(ScalarType from, ScalarType to);

// Runs compute(result) into out directly when out has the compute dtype, else into a
// temporary that is then copied into out (after can_cast_result, or an error naming `op`).
void compute_into(const Tensor& out, ScalarType compute_dtype, const char* op,
                  FunctionRef<void(const Tensor&)> compute);

}  // namespace aten::native
