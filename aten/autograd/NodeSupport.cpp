#include <aten/autograd/NodeSupport.h>

#include <aten/autograd/AutogradKernel.h>

namespace aten::autograd {

SavedVariable save_original(const Tensor& self) {
  // Recorded when self requires grad (as ATen's generated code does): a formula reading self
  // is then differentiable in self's value before the write, so double backward reaches it.
  return SavedVariable(self.clone(), false);
}

void record_output(const Tensor& output, const std::shared_ptr<Node>& grad_fn) {
  const bool differentiable = output.defined() && (isFloatingType(output.scalar_type()) ||
                                                   isComplexType(output.scalar_type()));
  set_history(differentiable ? output : Tensor(), grad_fn);
}

}  // namespace aten::autograd
