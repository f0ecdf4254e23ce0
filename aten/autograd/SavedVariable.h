#pragma once
// A tensor a node keeps for its backward formula, with the version its bytes had when it was
// saved: unpack() refuses a tensor that was modified in place since (the formula would compute
// with the wrong values), naming it, the node that produced it, and both versions.
//
// A node that saves one of its own outputs (exp saves its result) must not hold it as it is:
// the output holds the node as its grad_fn, so the two would keep each other alive. It keeps the
// data without autograd state, and a weak pointer to itself to rebuild the output's history on
// unpack.
#include <aten/autograd/Node.h>
#include <aten/core/Tensor.h>

#include <cstdint>
#include <memory>

namespace aten::autograd {

class SavedVariable {
 public:
  SavedVariable() = default;
  // is_output: t is an output of the node that saves it (t's grad_fn is that node).
  SavedVariable(const Tensor& t, bool is_output);

  // The saved tensor, with its gradient history; undefined if an undefined tensor was saved.
  // Errors if the tensor was modified in place since it was saved, or was released.
  Tensor unpack() const;
  // Drops the tensor (Node::release_variables); unpack() then reports a second backward.
  void reset_data();

 private:
  // An input: the tensor itself. An output: an alias of its data with no autograd state.
  Tensor data_;
  // An output's node, to rebuild its history.
  std::weak_ptr<Node> weak_grad_fn_;
  uint32_t saved_version_ = 0;
  uint32_t output_nr_ = 0;
  bool is_output_ = false;
  bool was_default_constructed_ = true;
};

}  // namespace aten::autograd
