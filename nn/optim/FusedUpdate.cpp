#include <aten/core/Error.h>
#include <aten/cpu/Parallel.h>
#include <nn/optim/FusedUpdate.h>

#include <algorithm>
#include <cmath>

namespace aten::optim::detail {

namespace {

// One range of one parameter's elements.
struct Chunk {
  size_t param;
  int64_t begin, end;
};

// The chunks of every parameter, spread over the threads together (the multi-tensor part: a
// step with many small parameters is one parallel region, not one per parameter). Below
// GRAIN_SIZE elements in all, one thread does everything.
template <typename F>
void for_each_chunk(const std::vector<Tensor>& params, const F& f) {
  std::vector<Chunk> chunks;
  for (size_t i = 0; i < params.size(); ++i) {
    const int64_t n = params[i].numel();
    for (int64_t b = 0; b < n; b += kUpdateChunk)
      chunks.push_back({i, b, std::min(n, b + kUpdateChunk)});
  }
  const int64_t grain = std::max<int64_t>(1, GRAIN_SIZE / kUpdateChunk);
  parallel_for(0, static_cast<int64_t>(chunks.size()), grain, [&](int64_t begin, int64_t end) {
    for (int64_t c = begin; c < end; ++c) f(chunks[c]);
  });
}

template <typename T>
T* ptr(const Tensor& t, int64_t offset) {
  return t.defined() ? t.data_ptr<T>() + offset : nullptr;
}

// The dtype switch: the optimizers accept Float and Double parameters.
template <typename F>
void dispatch_floating(ScalarType t, const char* who, const F& f) {
  if (t == kFloat) {
    f(float{});
  } else if (t == kDouble) {
    f(double{});
  } else {
    ATEN_ERROR(who, ": parameters must be Float or Double, got ", toString(t));
  }
}

template <typename T, bool kMomentum>
void sgd_chunk(T* __restrict p, const T* __restrict g, T* __restrict buf, int64_t n,
               const SGDStep& h, bool first) {
  const T lr = static_cast<T>(h.lr), wd = static_cast<T>(h.weight_decay);
  const T momentum = static_cast<T>(h.momentum), keep = static_cast<T>(1 - h.dampening);
  const bool decay = h.weight_decay != 0, nesterov = h.nesterov;
#pragma omp simd
  for (int64_t i = 0; i < n; ++i) {
    T d = g[i];
    if (decay) d += wd * p[i];
    if constexpr (kMomentum) {
      const T b = first ? d : momentum * buf[i] + keep * d;
      buf[i] = b;
      d = nesterov ? d + momentum * b : b;
    }
    p[i] -= lr * d;
  }
}

// How weight decay enters Adam's update; a template argument, so that the loop has no branch
// (GCC does not vectorize this loop with one).
enum class Decay { kNone, kCoupled, kDecoupled };

template <typename T, bool kAmsgrad, Decay kDecay>
void adam_chunk(T* __restrict p, const T* __restrict g, T* __restrict m, T* __restrict v,
                T* __restrict vmax, int64_t n, const AdamStep& h, int64_t step) {
  const double t = static_cast<double>(step);
  const T step_size = static_cast<T>(h.lr / (1 - std::pow(h.beta1, t)));
  const T bias2_sqrt = static_cast<T>(std::sqrt(1 - std::pow(h.beta2, t)));
  const T one_minus_beta1 = static_cast<T>(1 - h.beta1), beta2 = static_cast<T>(h.beta2);
  const T one_minus_beta2 = static_cast<T>(1 - h.beta2), eps = static_cast<T>(h.eps);
  const T wd = static_cast<T>(h.weight_decay), shrink = static_cast<T>(1 - h.lr * h.weight_decay);
#pragma omp simd
  for (int64_t i = 0; i < n; ++i) {
    T gi = g[i];
    T pi = p[i];
    if constexpr (kDecay == Decay::kCoupled) gi += wd * pi;
    if constexpr (kDecay == Decay::kDecoupled) pi *= shrink;
    const T mi = m[i] + one_minus_beta1 * (gi - m[i]);
    const T vi = beta2 * v[i] + one_minus_beta2 * gi * gi;
    m[i] = mi;
    v[i] = vi;
    T s = vi;
    if constexpr (kAmsgrad) {
      s = vmax[i] > vi ? vmax[i] : vi;
      vmax[i] = s;
    }
    p[i] = pi - step_size * mi / (std::sqrt(s) / bias2_sqrt + eps);
  }
}

}  // namespace

void sgd_update(const std::vector<Tensor>& params, const std::vector<Tensor>& grads,
                const std::vector<Tensor>& momentum_buffers, const std::vector<bool>& first_step,
                const SGDStep& h) {
  if (params.empty()) return;
  dispatch_floating(params[0].scalar_type(), "SGD", [&](auto zero) {
    using T = decltype(zero);
    for_each_chunk(params, [&](const Chunk& c) {
      T* p = ptr<T>(params[c.param], c.begin);
      const T* g = ptr<T>(grads[c.param], c.begin);
      const int64_t n = c.end - c.begin;
      if (h.momentum != 0) {
        sgd_chunk<T, true>(p, g, ptr<T>(momentum_buffers[c.param], c.begin), n, h,
                           first_step[c.param]);
      } else {
        sgd_chunk<T, false>(p, g, nullptr, n, h, false);
      }
    });
  });
}

void adam_update(const std::vector<Tensor>& params, const std::vector<Tensor>& grads,
                 const std::vector<Tensor>& exp_avgs, const std::vector<Tensor>& exp_avg_sqs,
                 const std::vector<Tensor>& max_exp_avg_sqs, const std::vector<int64_t>& steps,
                 const AdamStep& h) {
  if (params.empty()) return;
  dispatch_floating(params[0].scalar_type(), "Adam", [&](auto zero) {
    using T = decltype(zero);
    for_each_chunk(params, [&](const Chunk& c) {
      const size_t i = c.param;
      T* p = ptr<T>(params[i], c.begin);
      const T* g = ptr<T>(grads[i], c.begin);
      T* m = ptr<T>(exp_avgs[i], c.begin);
      T* v = ptr<T>(exp_avg_sqs[i], c.begin);
      const int64_t n = c.end - c.begin;
      T* vmax = ptr<T>(max_exp_avg_sqs[i], c.begin);
      auto run = [&]<bool kAmsgrad, Decay kDecay>() {
        adam_chunk<T, kAmsgrad, kDecay>(p, g, m, v, vmax, n, h, steps[i]);
      };
      const Decay decay = h.weight_decay == 0        ? Decay::kNone
                          : h.decoupled_weight_decay ? Decay::kDecoupled
                                                     : Decay::kCoupled;
      if (h.amsgrad) {
        if (decay == Decay::kNone) run.template operator()<true, Decay::kNone>();
        else if (decay == Decay::kCoupled) run.template operator()<true, Decay::kCoupled>();
        else run.template operator()<true, Decay::kDecoupled>();
      } else {
        if (decay == Decay::kNone) run.template operator()<false, Decay::kNone>();
        else if (decay == Decay::kCoupled) run.template operator()<false, Decay::kCoupled>();
        else run.template operator()<false, Decay::kDecoupled>();
      }
    });
  });
}

}  // namespace aten::optim::detail
