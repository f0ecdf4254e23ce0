#pragma once
// How a loss reduces its per-element values: the `int reduction` argument of the loss ops, with
// ATen's names and numbers.
#include <cstdint>

namespace aten::Reduction {

enum Reduction : int64_t {
  None = 0,  // a loss per element
  Mean = 1,  // their mean (nll_loss: their sum over the total weight)
  Sum = 2,
};

}  // namespace aten::Reduction
