#pragma once
// The broadcast shape of two shapes, NumPy's rules: align trailing dims; sizes must match or
// one of them must be 1.
#include <aten/core/SmallVector.h>

namespace aten {

DimVector infer_size(IntArrayRef a, IntArrayRef b);

}  // namespace aten
