#pragma once
// Autograd's state of one tensor, hung off its TensorImpl only once the tensor requires grad,
// has a grad_fn, a grad or a hook: a tensor that never meets autograd pays one null pointer.
// The functions below are the only writers of requires_grad and grad_fn, so the tensor's
// Autograd dispatch key always says whether it requires grad.
#include <aten/autograd/Edge.h>
#include <aten/autograd/Node.h>
#include <aten/core/Tensor.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace aten::autograd {

// A lock around a few instructions (a weak pointer's check and, once per graph, its reset):
// uncontended, one atomic exchange and one store, where a std::mutex is two calls into the
// thread library; every op recorded on a leaf takes it. A waiting thread yields.
class SpinLock {
 public:
  void lock() {
    while (locked_.exchange(true, std::memory_order_acquire)) {
      while (locked_.load(std::memory_order_relaxed)) std::this_thread::yield();
    }
  }
  void unlock() { locked_.store(false, std::memory_order_release); }

 private:
  std::atomic<bool> locked_{false};
};

struct AutogradMeta {
  // A leaf requires grad when the user says so; a non-leaf because it has a grad_fn.
  bool requires_grad() const { return requires_grad_ || grad_fn_ != nullptr; }

  Tensor grad_;
  // The node that produced this tensor (null for a leaf) and which of its inputs this tensor's
  // gradient is.
  std::shared_ptr<Node> grad_fn_;
  uint32_t output_nr_ = 0;
  // For a view: its storage's version when grad_fn_ was set. A write to the base or to another
  // of its views since makes grad_fn_ stale; the next use rebuilds it (ViewHistory.h).
  uint32_t attr_version_ = 0;
  // A leaf's AccumulateGrad, held weakly: the graphs that use the leaf own it, and it owns the
  // leaf, so a strong pointer here would be a cycle.
  std::weak_ptr<Node> grad_accumulator_;
  // A leaf's hooks; AccumulateGrad runs them. A non-leaf's hooks live on its grad_fn.
  std::vector<TensorHook> hooks_;
  bool requires_grad_ = false;
  bool retains_grad_ = false;
  // Threads recording ops on one tensor create a leaf's grad_accumulator_, or rebuild a stale
  // view's grad_fn_, once.
  SpinLock mutex_;
};

namespace impl {

// The tensor's AutogradMeta, or null if it has none.
inline AutogradMeta* get_autograd_meta(const TensorBase& t) {
  return t.unsafeGetTensorImpl()->autograd_meta();
}
// The tensor's AutogradMeta, created if it has none.
AutogradMeta& materialize_autograd_meta(const TensorBase& t);

// Sets a leaf's flag (ATen's checks: floating-point or complex dtype only).
void set_requires_grad(const TensorBase& t, bool requires_grad);
// Makes t output edge.input_nr of edge.function (or a leaf again, for an invalid edge).
void set_gradient_edge(const TensorBase& t, Edge edge);

// Where the gradient with respect to t goes: its grad_fn, its leaf's AccumulateGrad (created
// if needed), or nowhere when t does not require grad.
Edge gradient_edge(const TensorBase& t);
// A leaf's AccumulateGrad, created on first use; null if t does not require grad or is not a
// leaf.
std::shared_ptr<Node> grad_accumulator(const TensorBase& t);
// ... only if some graph still holds it.
std::shared_ptr<Node> try_get_grad_accumulator(const TensorBase& t);

}  // namespace impl
}  // namespace aten::autograd
