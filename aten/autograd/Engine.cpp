#include <aten/autograd/Engine.h>
#include <aten/autograd/GradMode.h>
#include <aten/autograd/SumTo.h>
#include <aten/core/PoolAllocator.h>
#include <aten/ops/add.h>
#include <aten/ops/view_as_real.h>

#include <algorithm>
#include <unordered_map>
#include <utility>

namespace aten::autograd {
namespace {

// The node every run starts from: it hands the roots' gradients to the roots.
class GraphRoot final : public Node {
 public:
  GraphRoot(edge_list roots, variable_list grads)
      : Node(kRunFirst, std::move(roots)), grads_(std::move(grads)) {}
  variable_list apply(variable_list&&) override { return grads_; }
  std::string name() const override { return "GraphRoot"; }

 private:
  variable_list grads_;
};

// What a run keeps per reachable node: one hash lookup per edge finds all of it.
struct NodeState {
  struct Capture {
    uint32_t input_nr;
    size_t output_index;
  };
  // With outputs: whether the run reaches the node at all.
  bool should_execute() const { return needed || !captures.empty(); }

  int dependencies = 0;           // edges from reachable nodes still to deliver a gradient
  variable_list buffer;           // the input gradients delivered so far, summed per input
  bool needed = false;            // with outputs: apply() runs (the node leads to an output)
  bool visited = false;           // init_to_execute's walk has decided the node
  std::vector<Capture> captures;  // with outputs: input gradients the run returns
};

// A ready node with its input gradients.
struct ReadyNode {
  std::shared_ptr<Node> fn;
  variable_list inputs;
};

// Max-heap on sequence numbers.
bool runs_later(const ReadyNode& a, const ReadyNode& b) {
  return a.fn->sequence_nr() < b.fn->sequence_nr();
}

class GraphTask {
 public:
  GraphTask(bool keep_graph, size_t num_outputs)
      : keep_graph_(keep_graph), captured_(num_outputs) {}

  void compute_dependencies(Node* root);
  void init_to_execute(Node* root, const edge_list& outputs, bool accumulate_grad);
  void execute(std::shared_ptr<Node> root);
  bool executes(const Node* fn) const {
    if (!filtered_) return true;
    auto it = nodes_.find(fn);
    return it != nodes_.end() && it->second.should_execute();
  }
  variable_list take_captured() { return std::move(captured_); }

 private:
  void run(ReadyNode task);
  void validate_outputs(const Node& fn, variable_list& grads) const;

  bool keep_graph_;
  // Set by init_to_execute: only the nodes it marks run.
  bool filtered_ = false;
  std::unordered_map<const Node*, NodeState> nodes_;
  std::vector<ReadyNode> ready_;
  variable_list captured_;
};

constinit thread_local const GraphTask* running_task = nullptr;

void GraphTask::compute_dependencies(Node* root) {
  nodes_.reserve(32);
  nodes_.try_emplace(root);
  std::vector<Node*> stack{root};
  while (!stack.empty()) {
    Node* fn = stack.back();
    stack.pop_back();
    for (const Edge& edge : fn->next_edges()) {
      Node* next = edge.function.get();
      if (next == nullptr) continue;
      auto [it, first_time] = nodes_.try_emplace(next);
      ++it->second.dependencies;
      if (first_time) stack.push_back(next);
    }
  }
}

void GraphTask::init_to_execute(Node* root, const edge_list& outputs, bool accumulate_grad) {
  filtered_ = true;
  for (size_t i = 0; i < outputs.size(); ++i) {
    const Edge& edge = outputs[i];
    if (!edge.is_valid()) continue;  // an input no graph leads to: its gradient stays undefined
    NodeState& state = nodes_[edge.function.get()];
    if (accumulate_grad) {
      state.needed = true;
    } else {
      state.captures.push_back({edge.input_nr, i});
    }
  }
  // A node is needed when one of its next nodes executes: post-order over the graph, so each
  // node is decided after everything below it.
  struct Frame {
    Node* fn;
    size_t next_edge;
  };
  std::vector<Frame> stack{{root, 0}};
  nodes_.at(root).visited = true;
  while (!stack.empty()) {
    Frame& frame = stack.back();
    const edge_list& edges = frame.fn->next_edges();
    if (frame.next_edge < edges.size()) {
      Node* next = edges[frame.next_edge++].function.get();
      if (next == nullptr) continue;
      NodeState& state = nodes_.at(next);
      if (!state.visited) {
        state.visited = true;
        stack.push_back({next, 0});
      }
      continue;
    }
    Node* fn = frame.fn;
    stack.pop_back();
    const bool leads_to_output = std::any_of(edges.begin(), edges.end(), [&](const Edge& e) {
      return e.function != nullptr && executes(e.function.get());
    });
    if (leads_to_output) nodes_.at(fn).needed = true;
  }
}

void GraphTask::execute(std::shared_ptr<Node> root) {
  ready_.push_back({std::move(root), {}});
  while (!ready_.empty()) {
    std::pop_heap(ready_.begin(), ready_.end(), runs_later);
    ReadyNode task = std::move(ready_.back());
    ready_.pop_back();
    run(std::move(task));
  }
}

void GraphTask::run(ReadyNode task) {
  Node& fn = *task.fn;
  variable_list inputs = std::move(task.inputs);
  if (inputs.size() < fn.num_inputs()) inputs.resize(fn.num_inputs());
  fn.call_tensor_pre_hooks(inputs);
  NodeState& state = nodes_.at(&fn);
  if (filtered_) {
    for (const NodeState::Capture& c : state.captures)
      captured_[c.output_index] = inputs[c.input_nr];
    if (!state.needed) return;
  }
  variable_list grads = fn.apply(std::move(inputs));
  if (!keep_graph_) fn.release_variables();
  validate_outputs(fn, grads);

  const edge_list& edges = fn.next_edges();
  for (size_t i = 0; i < edges.size(); ++i) {
    const Edge& edge = edges[i];
    if (!edge.is_valid()) continue;
    const Node* next = edge.function.get();
    NodeState& next_state = nodes_.at(next);
    if (filtered_ && !next_state.should_execute()) continue;
    variable_list& buffer = next_state.buffer;
    if (buffer.size() <= edge.input_nr)
      buffer.resize(std::max<size_t>(next->num_inputs(), edge.input_nr + 1));
    Tensor& slot = buffer[edge.input_nr];
    if (grads[i].defined()) slot = slot.defined() ? aten::add(slot, grads[i]) : std::move(grads[i]);
    if (--next_state.dependencies == 0) {
      ready_.push_back({edge.function, std::move(buffer)});
      std::push_heap(ready_.begin(), ready_.end(), runs_later);
    }
  }
}

// Each gradient must fit the input it flows to: the right count, a shape equal to it or
// broadcast from it (then summed down), its dtype (converted) and its device.
void GraphTask::validate_outputs(const Node& fn, variable_list& grads) const {
  ATEN_CHECK(grads.size() == fn.num_outputs(), "function ", fn.name(),
             " returned an incorrect number of gradients (expected ", fn.num_outputs(), ", got ",
             grads.size(), ")");
  for (size_t i = 0; i < grads.size(); ++i) {
    const Edge& edge = fn.next_edge(i);
    Tensor& grad = grads[i];
    if (!edge.is_valid() || !grad.defined() || edge.input_nr >= edge.function->num_inputs())
      continue;
    const InputMetadata& meta = edge.function->input_metadata(edge.input_nr);
    if (!meta.defined()) continue;
    if (grad.sizes() != meta.sizes()) {
      ATEN_CHECK(is_expandable_to(meta.sizes(), grad.sizes()), "Function ", fn.name(),
                 " returned an invalid gradient at index ", i, " - got ", grad.sizes(),
                 " but expected shape compatible with ", meta.sizes());
      grad = sum_to(grad, meta.sizes());
    }
    ATEN_CHECK(grad.device() == meta.device(), "Function ", fn.name(),
               " returned an invalid gradient at index ", i, " - expected device ", meta.device(),
               " but got ", grad.device());
    // A real input's gradient is the real part of a complex one: a view, as ATen's formulas take
    // it (handle_r_to_c's at::real), then cast.
    if (isComplexType(grad.scalar_type()) && !isComplexType(meta.dtype()))
      grad = view_as_real(grad).select(-1, 0);
    if (grad.scalar_type() != meta.dtype()) grad = grad.to(meta.dtype());
  }
}

// Makes the run visible to Node::task_should_compute_output for its duration.
class RunningTaskGuard {
 public:
  explicit RunningTaskGuard(const GraphTask* task) : previous_(running_task) {
    running_task = task;
  }
  ~RunningTaskGuard() { running_task = previous_; }
  RunningTaskGuard(const RunningTaskGuard&) = delete;
  RunningTaskGuard& operator=(const RunningTaskGuard&) = delete;

 private:
  const GraphTask* previous_;
};

}  // namespace

variable_list run_backward(const edge_list& roots, variable_list grad_roots, bool keep_graph,
                           bool create_graph, const edge_list& outputs, bool accumulate_grad) {
  auto root = aten::detail::make_shared_pooled<GraphRoot>(roots, std::move(grad_roots));
  GraphTask task(keep_graph, outputs.size());
  task.compute_dependencies(root.get());
  if (!outputs.empty()) task.init_to_execute(root.get(), outputs, accumulate_grad);
  if (!task.executes(root.get())) return task.take_captured();
  AutoGradMode grad_mode(create_graph);
  RunningTaskGuard running(&task);
  task.execute(std::move(root));
  return task.take_captured();
}

namespace detail {
bool running_task_executes(const Node* fn) {
  return running_task == nullptr || running_task->executes(fn);
}
}  // namespace detail

}  // namespace aten::autograd
