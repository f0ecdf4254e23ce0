#include <aten/autograd/AutogradKernel.h>
#include <aten/autograd/ViewHistory.h>

namespace aten::autograd {

void set_history(const Tensor& output, const std::shared_ptr<Node>& grad_fn) {
  const uint32_t output_nr = grad_fn->add_input_metadata(output);
  if (output.defined()) impl::set_gradient_edge(output, Edge(grad_fn, output_nr));
}

void set_history(ArrayRef<Tensor> outputs, const std::shared_ptr<Node>& grad_fn) {
  for (const Tensor& output : outputs) set_history(output, grad_fn);
}

void rebase_history(const Tensor& self, const std::shared_ptr<Node>& grad_fn) {
  if (rebases_view_base(self)) {
    rebase_view_history(self, grad_fn);
    return;
  }
  TensorHook retains_grad;
  if (self.retains_grad() && self.grad_fn() != nullptr)
    retains_grad = self.grad_fn()->pop_retains_grad_hook(self.output_nr());
  set_history(self, grad_fn);
  if (retains_grad) grad_fn->set_retains_grad_hook(self.output_nr(), std::move(retains_grad));
}

void check_inplace(const Tensor& self, bool requires_grad) {
  if (!requires_grad || !GradMode::is_enabled()) return;
  ATEN_CHECK(!(self.is_leaf() && self.requires_grad()),
             "a leaf Variable that requires grad is being used in an in-place operation.");
  check_inplace_on_view(self);
}

}  // namespace aten::autograd
