#pragma once
// Undoing a broadcast: the gradient of an input that was broadcast to a larger shape is the
// gradient of the result summed over the broadcast dims.
#include <aten/core/Tensor.h>

namespace aten::autograd {

// Whether a tensor of shape `shape` broadcasts to `to` (leading dims added, size-1 dims grown).
bool is_expandable_to(IntArrayRef shape, IntArrayRef to);

// grad summed down to `shape`, which must be expandable to grad's shape; grad itself when the
// shapes are equal. Made of ops, so it records when grad mode is on.
Tensor sum_to(const Tensor& grad, IntArrayRef shape);

}  // namespace aten::autograd
