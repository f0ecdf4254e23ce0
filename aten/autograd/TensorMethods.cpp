// Tensor's autograd methods (declared in TensorBase.h and the generated TensorBody.h).
#include <aten/autograd/Autograd.h>
#include <aten/autograd/AutogradMeta.h>
#include <aten/autograd/ViewHistory.h>
#include <aten/core/Alias.h>
#include <aten/ops/add.h>
#include <aten/ops/clone.h>

namespace aten {

using autograd::AutogradMeta;

bool TensorBase::is_leaf() const {
  const AutogradMeta* meta = autograd::impl::get_autograd_meta(*this);
  return meta == nullptr || meta->grad_fn_ == nullptr;
}

const std::shared_ptr<autograd::Node>& TensorBase::grad_fn() const {
  static const std::shared_ptr<autograd::Node> none;
  autograd::impl::refresh_view_history(*this);
  const AutogradMeta* meta = autograd::impl::get_autograd_meta(*this);
  return meta == nullptr ? none : meta->grad_fn_;
}

uint32_t TensorBase::output_nr() const {
  const AutogradMeta* meta = autograd::impl::get_autograd_meta(*this);
  return meta == nullptr ? 0 : meta->output_nr_;
}

bool TensorBase::retains_grad() const {
  const AutogradMeta* meta = autograd::impl::get_autograd_meta(*this);
  return meta != nullptr && meta->retains_grad_;
}

const Tensor& Tensor::requires_grad_(bool requires_grad) const {
  ATEN_CHECK(is_leaf() || requires_grad,
             "you can only change requires_grad flags of leaf variables. If you want to use a "
             "computed variable in a subgraph that doesn't require differentiation use "
             "var_no_grad = var.detach().");
  autograd::impl::set_requires_grad(*this, requires_grad);
  return *this;
}

const Tensor& Tensor::grad() const {
  static const Tensor none;
  const AutogradMeta* meta = autograd::impl::get_autograd_meta(*this);
  return meta == nullptr ? none : meta->grad_;
}

Tensor& Tensor::mutable_grad() const {
  return autograd::impl::materialize_autograd_meta(*this).grad_;
}

Tensor Tensor::detach() const {
  Tensor alias = detail::alias_with_sizes_and_strides(*this, sizes(), strides());
  alias.unsafeGetTensorImpl()->set_wrapped_number(is_wrapped_number());
  // The data is shared, the history is not: writing the detached tensor in place must leave
  // the graph of *this alone (ATen's non-differentiable view), so it is no view for autograd.
  alias.unsafeGetTensorImpl()->set_view_base({});
  return alias;
}

const Tensor& Tensor::detach_() const {
  if (autograd::impl::get_autograd_meta(*this) == nullptr) return *this;
  autograd::impl::set_gradient_edge(*this, autograd::Edge());
  autograd::impl::set_requires_grad(*this, false);
  return *this;
}

void Tensor::retain_grad() const {
  ATEN_CHECK(requires_grad(), "can't retain_grad on Tensor that has requires_grad=False");
  if (is_leaf()) return;  // a leaf's grad() accumulates anyway
  AutogradMeta& meta = autograd::impl::materialize_autograd_meta(*this);
  if (meta.retains_grad_) return;
  // Weak: the hook lives on grad_fn, which the tensor owns.
  std::weak_ptr<AutogradMeta> weak_meta = unsafeGetTensorImpl()->shared_autograd_meta();
  grad_fn()->set_retains_grad_hook(output_nr(), [weak_meta](const Tensor& grad) {
    if (std::shared_ptr<AutogradMeta> m = weak_meta.lock()) {
      m->grad_ = m->grad_.defined() ? aten::add(m->grad_, grad)
                                    : aten::clone(grad, MemoryFormat::Contiguous);
    }
    return Tensor();
  });
  meta.retains_grad_ = true;
}

unsigned Tensor::register_hook(Hook hook) const {
  ATEN_CHECK(requires_grad(), "cannot register a hook on a tensor that doesn't require gradient");
  if (!is_leaf()) return grad_fn()->add_tensor_pre_hook(output_nr(), std::move(hook));
  AutogradMeta& meta = autograd::impl::materialize_autograd_meta(*this);
  meta.hooks_.push_back(std::move(hook));
  return static_cast<unsigned>(meta.hooks_.size() - 1);
}

void Tensor::backward(const Tensor& gradient, std::optional<bool> retain_graph, bool create_graph,
                      const std::vector<Tensor>& inputs) const {
  autograd::backward({*this}, {gradient}, retain_graph, create_graph, inputs);
}

}  // namespace aten
