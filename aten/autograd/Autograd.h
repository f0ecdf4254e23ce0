#pragma once
// The two ways to run a backward (torch::autograd's functions): backward() accumulates into the
// leaves' grad(), grad() returns the gradients with respect to given inputs and touches no
// grad().
#include <aten/core/Tensor.h>

#include <optional>
#include <vector>

namespace aten::autograd {

using variable_list = std::vector<Tensor>;

// grad_tensors[i] is d(loss)/d(tensors[i]); an absent or undefined one is taken as 1 for a
// one-element tensor. retain_graph defaults to create_graph. With inputs, only their grad()
// accumulate (a non-leaf input retains its gradient).
void backward(const variable_list& tensors, const variable_list& grad_tensors = {},
              std::optional<bool> retain_graph = std::nullopt, bool create_graph = false,
              const variable_list& inputs = {});

// d(outputs)/d(inputs), weighted by grad_outputs (absent: 1 for one-element outputs). An input
// the outputs do not depend on is an error, or an undefined gradient with allow_unused.
variable_list grad(const variable_list& outputs, const variable_list& inputs,
                   const variable_list& grad_outputs = {},
                   std::optional<bool> retain_graph = std::nullopt, bool create_graph = false,
                   bool allow_unused = false);

}  // namespace aten::autograd
