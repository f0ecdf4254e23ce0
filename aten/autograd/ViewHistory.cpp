#include <aten/autograd/AutogradKernel.h>
#include <aten/autograd/AutogradMeta.h>
#include <aten/autograd/FunctionsManual.h>
#include <aten/autograd/ViewHistory.h>
#include <aten/core/PoolAllocator.h>
#include <aten/ops/as_strided.h>
#include <aten/ops/clone.h>
#include <aten/ops/copy.h>
#include <aten/ops/empty_strided.h>
#include <aten/ops/zero.h>

namespace aten::autograd {
namespace {

Tensor base_of(const TensorBase& view) {
  return Tensor(intrusive_ptr<TensorImpl>(view.unsafeGetTensorImpl()->view_base()));
}

// Where a tensor's elements sit in its storage.
struct Geometry {
  explicit Geometry(const TensorBase& t)
      : sizes(t.sizes()), strides(t.strides()), offset(t.storage_offset()) {}
  DimVector sizes;
  DimVector strides;
  int64_t offset;
};

// A view's node once its history is rebuilt: the gradient of the base's elements it covers.
// Named as ATen names the node it uses for the same.
class ViewOfBaseBackward final : public Node {
 public:
  ViewOfBaseBackward(const TensorBase& base, const TensorBase& view) : base_(base), view_(view) {}
  std::string name() const override { return "AsStridedBackward0"; }
  variable_list apply(variable_list&& grads) override {
    if (!grads[0].defined() || !task_should_compute_output(0)) return {Tensor()};
    return {as_strided_backward(grads[0], base_.sizes, base_.strides, base_.offset, view_.sizes,
                                view_.strides, view_.offset)};
  }

 private:
  Geometry base_;
  Geometry view_;
};

// The base's node after fn, an in-place op, wrote one of its views: the base's gradient with the
// view's elements replaced by what fn makes of them; fn's other inputs get fn's gradients.
class CopySlices final : public Node {
 public:
  CopySlices(const Tensor& base, const TensorBase& view, std::shared_ptr<Node> fn)
      : base_(base), view_(view), fn_(std::move(fn)) {
    edge_list edges = fn_->next_edges();
    edges[0] = impl::gradient_edge(base);
    // fn's first edge led to the view's old history, which is part of the base's: fn asks its
    // edges whether the running backward wants a gradient, so they must be this node's.
    fn_->set_next_edges(edges);
    set_next_edges(std::move(edges));
  }
  std::string name() const override { return "CopySlices"; }
  void release_variables() override { fn_->release_variables(); }
  variable_list apply(variable_list&& grads) override;

 private:
  Geometry base_;
  Geometry view_;
  std::shared_ptr<Node> fn_;
};

variable_list CopySlices::apply(variable_list&& grads) {
  variable_list result(num_outputs());
  const Tensor& grad = grads[0];
  if (!grad.defined()) return result;
  // The gradient laid out as the base, so the view's geometry finds its elements in it.
  Tensor buffer = empty_strided(base_.sizes, base_.strides, grad.options());
  buffer.copy_(grad);
  Tensor slice = buffer.as_strided(view_.sizes, view_.strides, view_.offset - base_.offset);
  // fn may save its gradient input; the slice is overwritten below.
  variable_list fn_grads = fn_->apply({slice.clone()});
  if (fn_grads[0].defined()) {
    slice.copy_(fn_grads[0]);
  } else {
    slice.zero_();
  }
  result[0] = std::move(buffer);
  for (size_t i = 1; i < fn_grads.size(); ++i) result[i] = std::move(fn_grads[i]);
  return result;
}

// Gives view the history "these elements of base"; a retained gradient moves along.
void set_view_history(const TensorBase& view, const Tensor& base) {
  TensorHook retains_grad;
  AutogradMeta* meta = impl::get_autograd_meta(view);
  if (meta != nullptr && meta->retains_grad_ && meta->grad_fn_ != nullptr)
    retains_grad = meta->grad_fn_->pop_retains_grad_hook(meta->output_nr_);
  auto node = aten::detail::make_shared_pooled<ViewOfBaseBackward>(base, view);
  node->set_next_edges({impl::gradient_edge(base)});
  set_history(Tensor(view), node);
  if (retains_grad) node->set_retains_grad_hook(0, std::move(retains_grad));
}

}  // namespace

bool rebases_view_base(const TensorBase& self) {
  TensorImpl* base = self.unsafeGetTensorImpl()->view_base();
  if (base == nullptr) return false;
  const AutogradMeta* base_meta = base->autograd_meta();
  return (base_meta != nullptr && base_meta->requires_grad()) || !self.requires_grad();
}

void check_inplace_on_view(const TensorBase& self) {
  if (!rebases_view_base(self)) return;
  const Tensor base = base_of(self);
  ATEN_CHECK(!(base.is_leaf() && base.requires_grad()),
             "a view of a leaf Variable that requires grad is being used in an in-place "
             "operation.");
  ATEN_CHECK(base.scalar_type() == self.scalar_type(),
             "an in-place operation on a view that reads its base as another dtype (",
             base.scalar_type(), " read as ", self.scalar_type(),
             ") is not supported by autograd; write the base instead");
}

void rebase_view_history(const Tensor& self, const std::shared_ptr<Node>& fn) {
  const Tensor base = base_of(self);
  rebase_history(base, aten::detail::make_shared_pooled<CopySlices>(base, self, fn));
  set_view_history(self, base);
}

namespace impl {

void refresh_stale_view_history(const TensorBase& view) {
  AutogradMeta* meta = get_autograd_meta(view);
  if (meta == nullptr || meta->grad_fn_ == nullptr ||
      meta->attr_version_ == static_cast<uint32_t>(view._version()))
    return;
  const Tensor base = base_of(view);
  if (!base.requires_grad() || base.scalar_type() != view.scalar_type()) return;
  // Threads recording ops on one stale view rebuild its history once.
  std::lock_guard lock(meta->mutex_);
  if (meta->attr_version_ == static_cast<uint32_t>(view._version())) return;
  set_view_history(view, base);
}

}  // namespace impl
}  // namespace aten::autograd
