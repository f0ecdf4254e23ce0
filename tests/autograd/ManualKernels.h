#pragma once
// By hand, what the generator will emit from derivatives.yaml for a few overloads: a Node per
// overload and an Autograd-key kernel that records it. Registered with the Dispatcher when the
// test binary starts (ManualKernels.cpp):
//   mul.Tensor, mul_.Tensor  MulBackward0   self: grad * other, other: grad * self
//   add.Tensor               AddBackward0   self: grad, other: grad * alpha
//   sum                      SumBackward0   self: grad.expand(self.sizes())
//   exp                      ExpBackward0   self: grad * result (saves its own output)
//   dot                      DotBackward0   self: grad * other, other: grad * self
// matmul has none: it is CompositeImplicitAutograd, so its decomposition (dot, ...) records.
#include <aten/autograd/AutogradKernel.h>
#include <aten/autograd/SavedVariable.h>

#include <atomic>

namespace aten::autograd::test {

struct MulBackward0 : Node {
  variable_list apply(variable_list&& grads) override;
  std::string name() const override { return "MulBackward0"; }
  void release_variables() override;
  SavedVariable self_;
  SavedVariable other_;
};

struct DotBackward0 : MulBackward0 {
  std::string name() const override { return "DotBackward0"; }
};

struct AddBackward0 : Node {
  variable_list apply(variable_list&& grads) override;
  std::string name() const override { return "AddBackward0"; }
  Scalar alpha;
};

struct SumBackward0 : Node {
  variable_list apply(variable_list&& grads) override;
  std::string name() const override { return "SumBackward0"; }
  DimVector self_sizes;
};

struct ExpBackward0 : Node {
  ExpBackward0();
  ~ExpBackward0() override;
  variable_list apply(variable_list&& grads) override;
  std::string name() const override { return "ExpBackward0"; }
  void release_variables() override;
  SavedVariable result_;
  // Live ExpBackward0 objects: a graph that keeps itself alive shows here.
  static std::atomic<int> live;
};

}  // namespace aten::autograd::test
