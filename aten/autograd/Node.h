#pragma once
// A node of the backward graph: the derivative of one recorded op. Its inputs are the gradients
// with respect to the op's outputs; apply() turns them into the gradients with respect to the op's
// inputs, one per next edge. Generated code derives one class per overload (MulBackward0) that
// holds what its formula needs as SavedVariables.
//
// Nodes are owned by shared_ptr: by the grad_fn of the tensors they produced and by the edges of
// later nodes. Nothing points back up the graph, so a graph is freed with its last output.
#include <aten/autograd/Edge.h>
#include <aten/autograd/InputMetadata.h>
#include <aten/core/Tensor.h>

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace aten::autograd {

using variable_list = std::vector<Tensor>;
// Called with a gradient; a defined result replaces it.
using TensorHook = std::function<Tensor(const Tensor&)>;

// Nodes that must run as soon as they are ready (leaves' AccumulateGrad, the graph root) take
// this sequence number; the engine runs the highest ready one first.
constexpr uint64_t kRunFirst = std::numeric_limits<uint64_t>::max();

class Node {
 public:
  // Numbers the node after every node this thread created before: among ready nodes, the
  // engine runs the most recent first, which is the reverse of the forward order.
  explicit Node(edge_list next_edges = {});
  Node(uint64_t sequence_nr, edge_list next_edges);
  virtual ~Node() = default;
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;

  // grads has num_inputs() entries, undefined where no gradient reached the input (a zero the
  // node may skip). Returns one gradient per next edge, undefined where there is none.
  virtual variable_list apply(variable_list&& grads) = 0;
  // The name errors give: the class name without namespaces ("MulBackward0").
  virtual std::string name() const;
  // Frees what apply() needs, after a backward that does not retain the graph; apply() then
  // fails with the "backward through the graph a second time" error.
  virtual void release_variables() {}

  uint64_t sequence_nr() const { return sequence_nr_; }

  const edge_list& next_edges() const { return next_edges_; }
  const Edge& next_edge(size_t i) const { return next_edges_[i]; }
  size_t num_outputs() const { return next_edges_.size(); }
  void set_next_edges(edge_list edges) { next_edges_ = std::move(edges); }
  void add_next_edge(Edge edge) { next_edges_.push_back(std::move(edge)); }

  // Registers one output of the forward op as this node's next input; returns its number.
  uint32_t add_input_metadata(const TensorBase& output);
  size_t num_inputs() const { return input_metadata_.size(); }
  const InputMetadata& input_metadata(size_t i) const { return input_metadata_[i]; }

  // Whether gradient i leads anywhere (its input required grad): what a kernel asks when it
  // decides what to save.
  bool should_compute_output(size_t i) const { return next_edges_[i].is_valid(); }
  // ... and whether the running backward wants it (for grad() or backward(inputs=...), only
  // gradients on the way to a requested input are): what apply() asks before computing a
  // formula, returning undefined for the others.
  bool task_should_compute_output(size_t i) const;

  // Hooks on the gradient of input input_nr, run before apply() in the order they were added;
  // the retains-grad hook (one per input) runs after them, so grad() shows hooked values.
  // Returns the hook's number among this node's tensor hooks.
  unsigned add_tensor_pre_hook(uint32_t input_nr, TensorHook hook);
  void set_retains_grad_hook(uint32_t input_nr, TensorHook hook);
  // Removes and returns input_nr's retains-grad hook (empty if none): an in-place op moves it
  // to the tensor's new grad_fn.
  TensorHook pop_retains_grad_hook(uint32_t input_nr);
  // Runs the hooks on grads (the engine calls it once, before capturing or applying).
  virtual void call_tensor_pre_hooks(variable_list& grads);

 private:
  struct InputHook {
    uint32_t input_nr;
    TensorHook hook;
  };
  struct Hooks {
    std::vector<InputHook> tensor_pre;
    std::vector<InputHook> retains_grad;
  };
  Hooks& hooks();

  uint64_t sequence_nr_;
  edge_list next_edges_;
  // Most ops have one output: kept inline, no allocation.
  SmallVector<InputMetadata, 1> input_metadata_;
  // Created by the first hook: few nodes have any, and a node that fits the small-block pool
  // (512 bytes) costs a free-list pop instead of a malloc.
  std::unique_ptr<Hooks> hooks_;
};

// Runs hook on grad; the hook's result replaces grad when defined.
void apply_hook(const TensorHook& hook, Tensor& grad);

}  // namespace aten::autograd
