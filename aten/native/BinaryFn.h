#pragma once
// The signatures of binary pointwise kernels, which the stubs of BinaryOps.h, BinaryMath.h and
// BinaryLogic.h share.
#include <aten/cpu/DispatchStub.h>
#include <aten/iterator/TensorIterator.h>

namespace aten::native {

using binary_fn_alpha = void (*)(TensorIteratorBase& iter, const Scalar& alpha);

using binary_fn = void (*)(TensorIteratorBase& iter);

}  // namespace aten::native
