#pragma once
// The kernels of clamp, clamp_min and clamp_max; they live in native/cpu/ClampKernel.cpp.
#include <aten/cpu/DispatchStub.h>
#include <aten/iterator/TensorIterator.h>

#include <optional>

namespace aten::native {

// out = clamp(self, min, max) with Scalar bounds; a missing bound does not limit.
using clamp_scalar_fn = void (*)(TensorIteratorBase& iter, const std::optional<Scalar>& min,
                                 const std::optional<Scalar>& max);
ATEN_DECLARE_DISPATCH(clamp_scalar_fn, clamp_scalar_stub);

// Tensor bounds: the iterator's inputs are self, then min and/or max, as given.
using clamp_tensor_fn = void (*)(TensorIteratorBase& iter, bool has_min, bool has_max);
ATEN_DECLARE_DISPATCH(clamp_tensor_fn, clamp_tensor_stub);

}  // namespace aten::native
