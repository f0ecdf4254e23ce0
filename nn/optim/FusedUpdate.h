#pragma once
// The optimizers' update kernels. Each applies the whole update of an optimizer to a set of
// parameters in one pass over their data: one vectorizable loop per element range that reads
// the parameter, its gradient and its state once and writes them once, where the same update
// written with ops would be a dozen calls per parameter, each a pass over memory. The
// parameters' elements are cut into fixed chunks (kUpdateChunk) spread over the threads: the
// update is element by element, so the result is the same at any thread count.
//
// Every tensor passed is a contiguous CPU tensor of the parameter's dtype (Float or Double)
// and size; the optimizers check that. The arithmetic is in the parameter's dtype, the
// hyperparameters rounded to it once, as in PyTorch's single-tensor (for-loop) path.
#include <aten/core/Tensor.h>

#include <cstdint>
#include <vector>

namespace aten::optim::detail {

// Elements per chunk: large enough that a chunk's start-up is noise, small enough that a
// 2-thread machine balances parameters of a few hundred thousand elements.
constexpr int64_t kUpdateChunk = 16384;

struct SGDStep {
  double lr, momentum, dampening, weight_decay;
  bool nesterov;
};
// g = grad + weight_decay * p; with momentum, buf = g on the first step, else
// momentum * buf + (1 - dampening) * g, and g = nesterov ? g + momentum * buf : buf;
// then p -= lr * g. momentum_buffers[i] is undefined without momentum; first_step[i] says
// whether parameter i's buffer is new (its old contents are ignored).
void sgd_update(const std::vector<Tensor>& params, const std::vector<Tensor>& grads,
                const std::vector<Tensor>& momentum_buffers, const std::vector<bool>& first_step,
                const SGDStep& h);

struct AdamStep {
  double lr, beta1, beta2, eps, weight_decay;
  bool amsgrad;
  bool decoupled_weight_decay;  // AdamW: p *= 1 - lr * weight_decay; Adam: g += weight_decay * p
};
// With t = steps[i] (already counted for this step): m += (1 - beta1) * (g - m);
// v = beta2 * v + (1 - beta2) * g^2; vmax = max(vmax, v) with amsgrad;
// p -= lr / (1 - beta1^t) * m / (sqrt(v or vmax) / sqrt(1 - beta2^t) + eps).
void adam_update(const std::vector<Tensor>& params, const std::vector<Tensor>& grads,
                 const std::vector<Tensor>& exp_avgs, const std::vector<Tensor>& exp_avg_sqs,
                 const std::vector<Tensor>& max_exp_avg_sqs, const std::vector<int64_t>& steps,
                 const AdamStep& h);

}  // namespace aten::optim::detail
