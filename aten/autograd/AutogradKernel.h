#pragma once
// The steps of an Autograd-key kernel, as functions: whether a call records
// (compute_requires_grad), the node with its next edges (make_node), the outputs' history
// (set_history, or rebase_history for an in-place self, after check_inplace). The kernels that
// run them in order are the templates of <aten/autograd/AutogradWrappers.h>, which generated
// code registers per overload. The backend kernels count the write to every in-place self and
// out= tensor (detail::count_write in <aten/dispatch/TypedOp.h>). A node saves its own outputs
// after set_history, with is_output = true.
#include <aten/autograd/AutogradMeta.h>
#include <aten/autograd/GradMode.h>
#include <aten/autograd/Node.h>
#include <aten/autograd/SavedVariable.h>
#include <aten/core/PoolAllocator.h>
#include <aten/core/Tensor.h>
#include <aten/dispatch/DispatchKeyExtractor.h>
#include <aten/dispatch/LocalDispatchKeySet.h>

#include <memory>
#include <utility>

namespace aten::autograd {

// Whether the op records: grad mode is on and a tensor argument (plain, optional, or in a
// list) requires grad. Non-tensor arguments are ignored.
template <typename... Args>
bool compute_requires_grad(const Args&... args) {
  return GradMode::is_enabled() &&
         (DispatchKeySet() | ... | aten::detail::tensor_key_set(args)).has(DispatchKey::Autograd);
}

namespace detail {
// How many edges arg gives.
template <typename T>
size_t count_edges(const T& arg) {
  if constexpr (aten::detail::TensorLike<T> || aten::detail::OptionalTensor<T>) {
    return 1;
  } else if constexpr (aten::detail::TensorList<T>) {
    return arg.size();
  } else {
    return 0;
  }
}

template <typename T>
void collect_edges(edge_list& edges, const T& arg) {
  if constexpr (aten::detail::TensorLike<T>) {
    edges.push_back(arg.defined() ? impl::gradient_edge(arg) : Edge());
  } else if constexpr (aten::detail::OptionalTensor<T>) {
    edges.push_back(arg.has_value() && arg->defined() ? impl::gradient_edge(*arg) : Edge());
  } else if constexpr (aten::detail::TensorList<T>) {
    for (const auto& t : arg) collect_edges(edges, t);
  }
}
}  // namespace detail

// Where the gradients of the tensor arguments go, in argument order (a list gives one edge per
// element); an edge that leads nowhere for a tensor that does not require grad.
template <typename... Args>
edge_list collect_next_edges(const Args&... args) {
  edge_list edges;
  edges.reserve((size_t{0} + ... + detail::count_edges(args)));
  (detail::collect_edges(edges, args), ...);
  return edges;
}

// A node whose next edges lead to the gradients of args.
template <typename NodeT, typename... Args>
std::shared_ptr<NodeT> make_node(const Args&... args) {
  auto node = aten::detail::make_shared_pooled<NodeT>();
  node->set_next_edges(collect_next_edges(args...));
  return node;
}

// Makes output the node's next output (and so the node its grad_fn); an undefined output
// keeps its number. Call it once per output, in order.
void set_history(const Tensor& output, const std::shared_ptr<Node>& grad_fn);
void set_history(ArrayRef<Tensor> outputs, const std::shared_ptr<Node>& grad_fn);

// self was modified in place by the op grad_fn records: its history now starts at grad_fn
// (a retained gradient moves along). For a view, its base's history takes the write
// (CopySlices, <aten/autograd/ViewHistory.h>).
void rebase_history(const Tensor& self, const std::shared_ptr<Node>& grad_fn);

// The check an in-place op makes before writing self when it records (requires_grad): ATen's
// errors for a leaf that requires grad and for a view of one. With grad mode off (an optimizer's
// update) it passes.
void check_inplace(const Tensor& self, bool requires_grad);

}  // namespace aten::autograd
