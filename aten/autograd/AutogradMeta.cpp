#include <aten/autograd/AccumulateGrad.h>
#include <aten/autograd/AutogradMeta.h>
#include <aten/autograd/ViewHistory.h>
#include <aten/core/PoolAllocator.h>

namespace aten::autograd::impl {
namespace {

bool is_differentiable_type(ScalarType t) { return isFloatingType(t) || isComplexType(t); }

void sync_autograd_key(const TensorBase& t, const AutogradMeta& meta) {
  t.unsafeGetTensorImpl()->set_autograd_key(meta.requires_grad());
}

}  // namespace

AutogradMeta& materialize_autograd_meta(const TensorBase& t) {
  ATEN_CHECK(t.defined(), "cannot use autograd on an undefined tensor");
  TensorImpl* impl = t.unsafeGetTensorImpl();
  if (impl->autograd_meta() == nullptr)
    impl->set_autograd_meta(aten::detail::make_shared_pooled<AutogradMeta>());
  return *impl->autograd_meta();
}

void set_requires_grad(const TensorBase& t, bool requires_grad) {
  ATEN_CHECK(!requires_grad || is_differentiable_type(t.scalar_type()),
             "only Tensors of floating point and complex dtype can require gradients (got ",
             t.scalar_type(), ")");
  if (!requires_grad && get_autograd_meta(t) == nullptr) return;
  AutogradMeta& meta = materialize_autograd_meta(t);
  meta.requires_grad_ = requires_grad;
  sync_autograd_key(t, meta);
}

void set_gradient_edge(const TensorBase& t, Edge edge) {
  AutogradMeta& meta = materialize_autograd_meta(t);
  meta.grad_fn_ = std::move(edge.function);
  meta.output_nr_ = edge.input_nr;
  meta.attr_version_ = static_cast<uint32_t>(t._version());
  sync_autograd_key(t, meta);
}

Edge gradient_edge(const TensorBase& t) {
  refresh_view_history(t);
  const AutogradMeta* meta = get_autograd_meta(t);
  if (meta == nullptr) return Edge();
  if (meta->grad_fn_ != nullptr) return Edge(meta->grad_fn_, meta->output_nr_);
  return Edge(grad_accumulator(t), 0);
}

std::shared_ptr<Node> grad_accumulator(const TensorBase& t) {
  AutogradMeta* meta = get_autograd_meta(t);
  if (meta == nullptr || !meta->requires_grad_ || meta->grad_fn_ != nullptr) return nullptr;
  std::lock_guard<SpinLock> lock(meta->mutex_);
  std::shared_ptr<Node> acc = meta->grad_accumulator_.lock();
  if (acc == nullptr) {
    acc = aten::detail::make_shared_pooled<AccumulateGrad>(Tensor(t));
    meta->grad_accumulator_ = acc;
  }
  return acc;
}

std::shared_ptr<Node> try_get_grad_accumulator(const TensorBase& t) {
  AutogradMeta* meta = get_autograd_meta(t);
  if (meta == nullptr) return nullptr;
  std::lock_guard<SpinLock> lock(meta->mutex_);
  return meta->grad_accumulator_.lock();
}

}  // namespace aten::autograd::impl
