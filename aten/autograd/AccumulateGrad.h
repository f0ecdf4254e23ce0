#pragma once
// The node at the end of every path to a leaf that requires grad: it adds the gradient that
// reaches it into the leaf's grad(). Runs as soon as it is ready (kRunFirst), so a leaf's grad
// is complete before the rest of the backward goes on.
#include <aten/autograd/Node.h>

#include <mutex>

namespace aten::autograd {

class AccumulateGrad final : public Node {
 public:
  explicit AccumulateGrad(Tensor variable);

  variable_list apply(variable_list&& grads) override;
  std::string name() const override { return "AccumulateGrad"; }
  // A leaf's hooks are the tensor's own (registered before any graph existed, perhaps).
  void call_tensor_pre_hooks(variable_list& grads) override;

  const Tensor& variable() const { return variable_; }

 private:
  Tensor variable_;
  // Backward calls on several threads may reach one leaf; its grad is summed under this lock.
  std::mutex mutex_;
};

}  // namespace aten::autograd
