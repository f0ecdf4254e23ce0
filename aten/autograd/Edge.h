#pragma once
// One arrow of the backward graph: the gradient a node computes for one of its forward inputs
// goes to input `input_nr` of `function` (the node that produced that input, or the
// AccumulateGrad of a leaf). An edge without a function leads nowhere: the forward input did
// not require grad.
#include <aten/core/PoolAllocator.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace aten::autograd {

class Node;

struct Edge {
  Edge() = default;
  Edge(std::shared_ptr<Node> function, uint32_t input_nr)
      : function(std::move(function)), input_nr(input_nr) {}

  bool is_valid() const { return function != nullptr; }

  std::shared_ptr<Node> function;
  uint32_t input_nr = 0;
};

// From the small-block pool: every recorded op makes one.
using edge_list = std::vector<Edge, aten::detail::PoolAllocator<Edge>>;

}  // namespace aten::autograd
