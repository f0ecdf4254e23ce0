#pragma once
// The backward engine. It runs a graph on the calling thread, keeping all of one run's state
// in that run: backward calls on several threads (on graphs that share no node but leaves)
// and backward called again from inside a hook are independent runs.
//
// A run counts, for every node reachable from the roots, how many edges lead to it; a node is
// ready when that many gradients have arrived (summed where several edges reach one input),
// and the ready node with the highest sequence number runs first.
#include <aten/autograd/Edge.h>
#include <aten/autograd/Node.h>

namespace aten::autograd {

// Feeds grad_roots[i] into roots[i] and runs every node needed:
//  - outputs empty: every reachable node (a plain backward);
//  - accumulate_grad: the nodes on the way to the functions of `outputs` (backward with inputs=;
//    the functions are AccumulateGrads or grad_fns that retain their gradient);
//  - otherwise: the nodes on the way to the outputs, whose input gradient is captured and
//    returned, one per output, undefined where none arrived (autograd::grad).
// keep_graph: nodes keep their saved tensors. create_graph: the backward records (grad mode on).
variable_list run_backward(const edge_list& roots, variable_list grad_roots, bool keep_graph,
                           bool create_graph, const edge_list& outputs, bool accumulate_grad);

namespace detail {
// For Node::task_should_compute_output: whether the run on this thread will execute fn (true
// outside a run).
bool running_task_executes(const Node* fn);
}  // namespace detail

}  // namespace aten::autograd
