#pragma once
// Autograd and views. A view (TensorImpl::view_base) shares its base's memory, so an in-place
// op on the view changes the base, and one on the base or on another view changes the view.
// As in ATen:
//  - an in-place op recorded on a view gives the base a new grad_fn, CopySlices: the gradient
//    of the elements the view covers goes through the op's node, the rest passes by. The view's
//    own history becomes "these elements of the base" (an as_strided node on the base).
//  - a view whose memory was written since its history was set gets that history rebuilt from
//    its base's the next time autograd looks at it (grad_fn(), or an op recording it).
//
// A view's history is rebuilt only once it has one: a view taken of a base that does not
// require grad, whose base is then written with a tensor that does, stays without a history
// (ATen gives it one; the Autograd dispatch key is set per tensor here, so the view could not
// record anyway).
#include <aten/autograd/Node.h>
#include <aten/core/Tensor.h>

#include <memory>

namespace aten::autograd {

// Whether an in-place op recorded on self must rebase its base's history (CopySlices) rather
// than self's. True for a view whose base requires grad, and for a view that does not require
// grad yet (writing a tensor that requires grad into a slice makes its base require grad).
// False for a tensor that aliases memory it does not take its history from: a result an op
// returns as a view of its own scratch buffer (a reduction's squeezed keepdim result), whose
// base never requires grad.
bool rebases_view_base(const TensorBase& self);

// After the in-place op recorded by fn wrote the view self: its base's history becomes
// CopySlices(fn), self's becomes a view of the base. A retained gradient stays with self.
void rebase_view_history(const Tensor& self, const std::shared_ptr<Node>& fn);

// The error an in-place op on self raises when self is a view of a leaf that requires grad.
void check_inplace_on_view(const TensorBase& self);

namespace impl {
void refresh_stale_view_history(const TensorBase& view);

// Rebuilds a view's history from its base's if its memory was written since it was set.
inline void refresh_view_history(const TensorBase& t) {
  if (t.defined() && t.unsafeGetTensorImpl()->view_base() != nullptr) refresh_stale_view_history(t);
}
}  // namespace impl

}  // namespace aten::autograd
