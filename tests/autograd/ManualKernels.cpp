#include "autograd/ManualKernels.h"

#include <aten/dispatch/Dispatcher.h>
#include <aten/ops/add_ops.h>
#include <aten/ops/clone.h>
#include <aten/ops/dot_ops.h>
#include <aten/ops/exp_ops.h>
#include <aten/ops/mul.h>
#include <aten/ops/mul_ops.h>
#include <aten/ops/sum_ops.h>

namespace aten::autograd::test {

std::atomic<int> ExpBackward0::live{0};

variable_list MulBackward0::apply(variable_list&& grads) {
  // Unpacked first, as generated code does: a stale saved tensor is an error whichever
  // gradient is wanted.
  const Tensor self = self_.unpack();
  const Tensor other = other_.unpack();
  const Tensor& grad = grads[0];
  variable_list result(2);
  if (!grad.defined()) return result;
  if (task_should_compute_output(0)) result[0] = aten::mul(grad, other);
  if (task_should_compute_output(1)) result[1] = aten::mul(grad, self);
  return result;
}

void MulBackward0::release_variables() {
  self_.reset_data();
  other_.reset_data();
}

variable_list AddBackward0::apply(variable_list&& grads) {
  const Tensor& grad = grads[0];
  variable_list result(2);
  if (!grad.defined()) return result;
  if (task_should_compute_output(0)) result[0] = grad;
  // The engine sums a broadcast gradient down to the input's shape.
  if (task_should_compute_output(1))
    result[1] = alpha.isComplex() || alpha.toDouble() != 1.0 ? aten::mul(grad, alpha) : grad;
  return result;
}

variable_list SumBackward0::apply(variable_list&& grads) {
  const Tensor& grad = grads[0];
  variable_list result(1);
  if (grad.defined() && task_should_compute_output(0)) result[0] = grad.expand(self_sizes);
  return result;
}

ExpBackward0::ExpBackward0() { ++live; }
ExpBackward0::~ExpBackward0() { --live; }

variable_list ExpBackward0::apply(variable_list&& grads) {
  const Tensor result = result_.unpack();
  const Tensor& grad = grads[0];
  variable_list out(1);
  if (grad.defined() && task_should_compute_output(0)) out[0] = aten::mul(grad, result);
  return out;
}

void ExpBackward0::release_variables() { result_.reset_data(); }

namespace {

Tensor mul_Tensor(const Tensor& self, const Tensor& other) {
  std::shared_ptr<MulBackward0> grad_fn;
  if (compute_requires_grad(self, other)) {
    grad_fn = make_node<MulBackward0>(self, other);
    if (grad_fn->should_compute_output(1)) grad_fn->self_ = SavedVariable(self, false);
    if (grad_fn->should_compute_output(0)) grad_fn->other_ = SavedVariable(other, false);
  }
  Tensor result = [&] {
    AutoDispatchBelowAutograd guard;
    return _ops::mul_Tensor::call(self, other);
  }();
  if (grad_fn) set_history(result, grad_fn);
  return result;
}

Tensor& mul__Tensor(Tensor& self, const Tensor& other) {
  const bool requires_grad = compute_requires_grad(self, other);
  check_inplace(self, requires_grad);
  std::shared_ptr<MulBackward0> grad_fn;
  if (requires_grad) {
    grad_fn = make_node<MulBackward0>(self, other);
    // self's value before the write: a copy, since the op overwrites it.
    if (grad_fn->should_compute_output(1)) grad_fn->self_ = SavedVariable(aten::clone(self), false);
    if (grad_fn->should_compute_output(0)) grad_fn->other_ = SavedVariable(other, false);
  }
  {
    AutoDispatchBelowAutograd guard;
    _ops::mul__Tensor::call(self, other);
  }
  increment_version(self);
  if (grad_fn) rebase_history(self, grad_fn);
  return self;
}

Tensor add_Tensor(const Tensor& self, const Tensor& other, const Scalar& alpha) {
  std::shared_ptr<AddBackward0> grad_fn;
  if (compute_requires_grad(self, other)) {
    grad_fn = make_node<AddBackward0>(self, other);
    grad_fn->alpha = alpha;
  }
  Tensor result = [&] {
    AutoDispatchBelowAutograd guard;
    return _ops::add_Tensor::call(self, other, alpha);
  }();
  if (grad_fn) set_history(result, grad_fn);
  return result;
}

Tensor sum(const Tensor& self, std::optional<ScalarType> dtype) {
  std::shared_ptr<SumBackward0> grad_fn;
  if (compute_requires_grad(self)) {
    grad_fn = make_node<SumBackward0>(self);
    grad_fn->self_sizes = DimVector(self.sizes());
  }
  Tensor result = [&] {
    AutoDispatchBelowAutograd guard;
    return _ops::sum::call(self, dtype);
  }();
  if (grad_fn) set_history(result, grad_fn);
  return result;
}

Tensor exp(const Tensor& self) {
  std::shared_ptr<ExpBackward0> grad_fn;
  if (compute_requires_grad(self)) grad_fn = make_node<ExpBackward0>(self);
  Tensor result = [&] {
    AutoDispatchBelowAutograd guard;
    return _ops::exp::call(self);
  }();
  if (grad_fn) {
    set_history(result, grad_fn);
    grad_fn->result_ = SavedVariable(result, /*is_output=*/true);
  }
  return result;
}

// A 0-dim grad times a vector: the mul broadcasts, as dot's formula wants.
Tensor dot(const Tensor& self, const Tensor& other) {
  std::shared_ptr<DotBackward0> grad_fn;
  if (compute_requires_grad(self, other)) {
    grad_fn = make_node<DotBackward0>(self, other);
    if (grad_fn->should_compute_output(1)) grad_fn->self_ = SavedVariable(self, false);
    if (grad_fn->should_compute_output(0)) grad_fn->other_ = SavedVariable(other, false);
  }
  Tensor result = [&] {
    AutoDispatchBelowAutograd guard;
    return _ops::dot::call(self, other);
  }();
  if (grad_fn) set_history(result, grad_fn);
  return result;
}

// Registers every kernel above when the test binary starts.
const bool registered = [] {
  Dispatcher& d = Dispatcher::singleton();
  d.registerKernel({"mul", "Tensor"}, DispatchKey::Autograd, &mul_Tensor);
  d.registerKernel({"mul_", "Tensor"}, DispatchKey::Autograd, &mul__Tensor);
  d.registerKernel({"add", "Tensor"}, DispatchKey::Autograd, &add_Tensor);
  d.registerKernel({"sum", ""}, DispatchKey::Autograd, &sum);
  d.registerKernel({"exp", ""}, DispatchKey::Autograd, &exp);
  d.registerKernel({"dot", ""}, DispatchKey::Autograd, &dot);
  return true;
}();

}  // namespace
}  // namespace aten::autograd::test
