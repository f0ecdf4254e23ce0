#pragma once
// The strides TensorIterator gives an output it allocates itself over these inputs: their
// broadcast shape, laid out in the order of their strides as build() does. For ops whose result
// ATen allocates like one of their inputs (empty_like(grad_output), zeros_like(self)) and its
// iterator lays out anew only when the inputs broadcast to another shape. Computed over Meta
// stand-ins of the inputs: no data is allocated; their dtypes need not agree.
#include <aten/core/ArrayRef.h>
#include <aten/core/Tensor.h>

#include <functional>
#include <initializer_list>

namespace aten {

DimVector iterator_output_strides(
    std::initializer_list<std::reference_wrapper<const Tensor>> inputs);

}  // namespace aten
