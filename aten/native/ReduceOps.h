#pragma once
// Reductions: the stubs, and the shape/dtype rules every reduction's meta function shares.
#include <aten/core/Tensor.h>
#include <aten/cpu/DispatchStub.h>
#include <aten/iterator/TensorIterator.h>
#include <aten/structured/MetaBase.h>

#include <bitset>
#include <optional>

namespace aten::native {

using reduce_fn = void (*)(TensorIteratorBase& iter);
ATEN_DECLARE_DISPATCH(reduce_fn, sum_stub);

// Which dims a dim list names; None or [] means all (ATen's rule). Dims are wrapped and
// checked, and naming one twice is an error.
using DimMask = std::bitset<64>;
DimMask make_dim_mask(std::optional<IntArrayRef> dims, int64_t ndim);

// The result shape of reducing self over mask.
DimVector reduction_shape(const Tensor& self, const DimMask& mask, bool keepdim);

// meta(): announces the (contiguous) result.
void resize_reduction(impl::MetaBase& meta, const Tensor& self, std::optional<IntArrayRef> dims,
                      bool keepdim, ScalarType out_dtype);

// A reduce-op iterator over self into result (viewed with the reduced dims kept).
TensorIterator make_reduction(const Tensor& result, const Tensor& self, const DimMask& mask,
                              bool keepdim);

}  // namespace aten::native
