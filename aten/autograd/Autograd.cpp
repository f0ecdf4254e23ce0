#include <aten/autograd/Autograd.h>
#include <aten/autograd/AutogradMeta.h>
#include <aten/autograd/Engine.h>
#include <aten/ops/ones_like.h>

namespace aten::autograd {
namespace {

// One gradient per output: the given one (checked against the output's shape), or ones for a
// one-element output that requires grad.
variable_list make_grads(const variable_list& outputs, const variable_list& grad_outputs) {
  ATEN_CHECK(grad_outputs.empty() || grad_outputs.size() == outputs.size(), "got ", outputs.size(),
             " tensors and ", grad_outputs.size(), " gradients");
  variable_list grads;
  grads.reserve(outputs.size());
  for (size_t i = 0; i < outputs.size(); ++i) {
    const Tensor& output = outputs[i];
    ATEN_CHECK(output.defined(), "element ", i, " of tensors is undefined");
    const Tensor grad = grad_outputs.empty() ? Tensor() : grad_outputs[i];
    if (grad.defined()) {
      ATEN_CHECK(grad.sizes() == output.sizes(), "Mismatch in shape: grad_output[", i,
                 "] has a shape of ", grad.sizes(), " and output[", i, "] has a shape of ",
                 output.sizes(), ".");
      grads.push_back(grad);
    } else if (output.requires_grad()) {
      ATEN_CHECK(output.numel() == 1, "grad can be implicitly created only for scalar outputs");
      grads.push_back(ones_like(output, TensorOptions(), MemoryFormat::Contiguous));
    } else {
      grads.emplace_back();
    }
  }
  return grads;
}

variable_list run(const variable_list& outputs, const variable_list& grad_outputs, bool keep_graph,
                  bool create_graph, const variable_list& inputs, bool allow_unused,
                  bool accumulate_grad) {
  variable_list grads = make_grads(outputs, grad_outputs);
  edge_list roots;
  roots.reserve(outputs.size());
  for (size_t i = 0; i < outputs.size(); ++i) {
    Edge edge = impl::gradient_edge(outputs[i]);
    ATEN_CHECK(edge.is_valid(), "element ", i,
               " of tensors does not require grad and does not have a grad_fn");
    roots.push_back(std::move(edge));
  }
  edge_list input_edges;
  input_edges.reserve(inputs.size());
  for (const Tensor& input : inputs) {
    ATEN_CHECK(input.defined() && input.requires_grad(),
               "One of the differentiated Tensors does not require grad");
    if (accumulate_grad) input.retain_grad();
    if (!input.is_leaf()) {
      input_edges.emplace_back(input.grad_fn(), input.output_nr());
    } else {
      // A leaf no graph uses has no AccumulateGrad: its edge leads nowhere.
      input_edges.emplace_back(impl::try_get_grad_accumulator(input), 0);
    }
  }
  variable_list result = run_backward(roots, std::move(grads), keep_graph, create_graph,
                                      input_edges, accumulate_grad);
  if (!accumulate_grad && !allow_unused) {
    for (const Tensor& g : result)
      ATEN_CHECK(g.defined(),
                 "One of the differentiated Tensors appears to not have been used in the graph. "
                 "Set allow_unused=True if this is the desired behavior.");
  }
  return result;
}

}  // namespace

void backward(const variable_list& tensors, const variable_list& grad_tensors,
              std::optional<bool> retain_graph, bool create_graph, const variable_list& inputs) {
  run(tensors, grad_tensors, retain_graph.value_or(create_graph), create_graph, inputs,
      /*allow_unused=*/true, /*accumulate_grad=*/true);
}

variable_list grad(const variable_list& outputs, const variable_list& inputs,
                   const variable_list& grad_outputs, std::optional<bool> retain_graph,
                   bool create_graph, bool allow_unused) {
  ATEN_CHECK(!inputs.empty(), "grad requires at least one input");
  return run(outputs, grad_outputs, retain_graph.value_or(create_graph), create_graph, inputs,
             allow_unused, /*accumulate_grad=*/false);
}

}  // namespace aten::autograd
