#include <aten/autograd/AccumulateGrad.h>
#include <aten/autograd/AutogradMeta.h>
#include <aten/autograd/GradMode.h>
#include <aten/ops/add.h>
#include <aten/ops/clone.h>

namespace aten::autograd {
namespace {

// Whether new_grad can become the leaf's grad as it is: nothing else holds it or its bytes (so
// nobody sees later accumulation into it) and it has the leaf's layout (ATen's layout
// contract: a grad is laid out like its leaf, never, say, an expanded tensor with zero strides).
bool can_steal(const Tensor& new_grad, const Tensor& variable) {
  const TensorImpl* impl = new_grad.unsafeGetTensorImpl();
  return new_grad.use_count() == 1 && impl->storage().use_count() == 1 &&
         impl->autograd_meta() == nullptr && new_grad.is_non_overlapping_and_dense() &&
         new_grad.strides() == variable.strides();
}

}  // namespace

AccumulateGrad::AccumulateGrad(Tensor variable)
    : Node(kRunFirst, {}), variable_(std::move(variable)) {
  add_input_metadata(variable_);
}

void AccumulateGrad::call_tensor_pre_hooks(variable_list& grads) {
  Node::call_tensor_pre_hooks(grads);
  const AutogradMeta* meta = impl::get_autograd_meta(variable_);
  if (meta == nullptr) return;
  for (const TensorHook& hook : meta->hooks_) apply_hook(hook, grads[0]);
}

variable_list AccumulateGrad::apply(variable_list&& grads) {
  Tensor new_grad = std::move(grads[0]);
  grads.clear();
  if (!new_grad.defined()) return {};
  std::lock_guard<std::mutex> lock(mutex_);
  Tensor& grad = impl::materialize_autograd_meta(variable_).grad_;
  if (!grad.defined()) {
    // With create_graph, the stored grad keeps its history (a clone records one), so that
    // the gradient can be differentiated again.
    if (!GradMode::is_enabled() && can_steal(new_grad, variable_)) {
      grad = std::move(new_grad);
    } else {
      grad = aten::clone(new_grad, variable_.is_contiguous()
                                       ? std::optional<MemoryFormat>(MemoryFormat::Contiguous)
                                       : std::nullopt);
    }
  } else if (!GradMode::is_enabled()) {
    // In place, as ATen does: a reference to grad() taken before this backward sees the sum.
    grad.add_(new_grad);
  } else {
    grad = aten::add(grad, new_grad);
  }
  return {};
}

}  // namespace aten::autograd
