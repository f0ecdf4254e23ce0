// The optimizers' updates against the same updates computed here, in double, by plain loops
// over the elements (torch.optim's formulas written out): a few steps of each variant on small
// float parameters with changing gradients. Then the multi-tensor kernel's independence of the
// thread count, parameters without a gradient, and the errors.
#include "Reference.h"
#include "nn/NnTestHelpers.h"

#include <aten/Factories.h>
#include <aten/TensorOperators.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/empty_like.h>
#include <aten/ops/randn.h>
#include <aten/ops/zeros.h>
#include <gtest/gtest.h>
#include <nn/nn.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>

using namespace aten;
using aten::nn::test::bitwise_equal;
using aten::nn::test::doubles;
using aten::ref::expect_error;
using Vec = std::vector<double>;

namespace {

// ---- references ------------------------------------------------------------------------------
struct SGDRef {
  explicit SGDRef(double lr, double momentum = 0, double dampening = 0, double weight_decay = 0,
                  bool nesterov = false)
      : lr(lr),
        momentum(momentum),
        dampening(dampening),
        weight_decay(weight_decay),
        nesterov(nesterov) {}
  double lr, momentum, dampening, weight_decay;
  bool nesterov;
  std::vector<Vec> buf;  // per parameter; empty before its first step
  void step(size_t k, Vec& p, const Vec& g) {
    if (buf.size() <= k) buf.resize(k + 1);
    Vec d(p.size());
    for (size_t i = 0; i < p.size(); ++i) d[i] = g[i] + weight_decay * p[i];
    if (momentum != 0) {
      if (buf[k].empty()) {
        buf[k] = d;
      } else {
        for (size_t i = 0; i < p.size(); ++i)
          buf[k][i] = momentum * buf[k][i] + (1 - dampening) * d[i];
      }
      for (size_t i = 0; i < p.size(); ++i)
        d[i] = nesterov ? d[i] + momentum * buf[k][i] : buf[k][i];
    }
    for (size_t i = 0; i < p.size(); ++i) p[i] -= lr * d[i];
  }
};

struct AdamRef {
  explicit AdamRef(double lr, double beta1 = 0.9, double beta2 = 0.999, double eps = 1e-8,
                   double weight_decay = 0, bool amsgrad = false, bool decoupled = false)
      : lr(lr),
        beta1(beta1),
        beta2(beta2),
        eps(eps),
        weight_decay(weight_decay),
        amsgrad(amsgrad),
        decoupled(decoupled) {}
  double lr, beta1, beta2, eps, weight_decay;
  bool amsgrad, decoupled;
  std::vector<Vec> m, v, vmax;
  std::vector<int> t;
  void step(size_t k, Vec& p, const Vec& g) {
    if (m.size() <= k) {
      m.resize(k + 1), v.resize(k + 1), vmax.resize(k + 1), t.resize(k + 1);
    }
    if (m[k].empty())
      m[k].assign(p.size(), 0), v[k].assign(p.size(), 0), vmax[k].assign(p.size(), 0);
    const int step = ++t[k];
    const double bc1 = 1 - std::pow(beta1, step), bc2 = 1 - std::pow(beta2, step);
    for (size_t i = 0; i < p.size(); ++i) {
      double gi = g[i];
      if (decoupled) {
        p[i] *= 1 - lr * weight_decay;
      } else {
        gi += weight_decay * p[i];
      }
      m[k][i] = beta1 * m[k][i] + (1 - beta1) * gi;
      v[k][i] = beta2 * v[k][i] + (1 - beta2) * gi * gi;
      double s = v[k][i];
      if (amsgrad) s = vmax[k][i] = std::max(vmax[k][i], v[k][i]);
      p[i] -= lr / bc1 * m[k][i] / (std::sqrt(s) / std::sqrt(bc2) + eps);
    }
  }
};

// ---- the runner --------------------------------------------------------------------------------
// Two parameters ([5] and [2, 3]); each step gives them new gradients (the same floats to both
// sides), steps the optimizer and the reference, and compares.
template <typename Ref>
void run(const std::function<std::unique_ptr<optim::Optimizer>(std::vector<Tensor>)>& make, Ref ref,
         int steps = 5) {
  std::vector<Tensor> params = {aten::tensor({0.5f, -1.25f, 2.f, 0.125f, -0.75f}),
                                aten::tensor({0.3f, -0.2f, 1.1f, -2.f, 0.f, 0.7f}, {2, 3})};
  for (Tensor& p : params) p.requires_grad_(true);
  std::vector<Vec> expected = {doubles(params[0]), doubles(params[1])};
  std::unique_ptr<optim::Optimizer> opt = make(params);
  for (int k = 0; k < steps; ++k) {
    for (size_t j = 0; j < params.size(); ++j) {
      Tensor g = aten::empty_like(params[j]).detach();
      float* gp = g.data_ptr<float>();
      for (int64_t i = 0; i < g.numel(); ++i) {
        gp[i] = static_cast<float>(std::sin(1.3 * static_cast<double>(i + 7 * j) + 0.7 * k) *
                                   (1 + 0.1 * k));
      }
      params[j].mutable_grad() = g;
      ref.step(j, expected[j], doubles(g));
    }
    opt->step();
    for (size_t j = 0; j < params.size(); ++j) {
      const Vec got = doubles(params[j]);
      for (size_t i = 0; i < got.size(); ++i) {
        EXPECT_NEAR(got[i], expected[j][i], 2e-6 + 2e-6 * std::abs(expected[j][i]))
            << "step " << k + 1 << ", parameter " << j << ", element " << i;
      }
    }
  }
}

template <typename O, typename Options>
auto maker(Options options) {
  return [options](std::vector<Tensor> params) -> std::unique_ptr<optim::Optimizer> {
    return std::make_unique<O>(std::move(params), options);
  };
}

}  // namespace

TEST(NnOptim, SGDPlain) { run(maker<optim::SGD>(optim::SGDOptions(0.1)), SGDRef{0.1}); }

TEST(NnOptim, SGDMomentumAndDampening) {
  run(maker<optim::SGD>(optim::SGDOptions(0.05).momentum(0.9).dampening(0.25)),
      SGDRef{0.05, 0.9, 0.25});
}

TEST(NnOptim, SGDNesterovWithWeightDecay) {
  run(maker<optim::SGD>(optim::SGDOptions(0.05).momentum(0.8).nesterov(true).weight_decay(0.01)),
      SGDRef{0.05, 0.8, 0, 0.01, true});
}

TEST(NnOptim, Adam) { run(maker<optim::Adam>(optim::AdamOptions(0.01)), AdamRef{0.01}); }

TEST(NnOptim, AdamWeightDecayAmsgradBetas) {
  run(maker<optim::Adam>(
          optim::AdamOptions(0.02).betas({0.8, 0.99}).eps(1e-6).weight_decay(0.1).amsgrad(true)),
      AdamRef{0.02, 0.8, 0.99, 1e-6, 0.1, true});
}

TEST(NnOptim, AdamW) {
  run(maker<optim::AdamW>(optim::AdamWOptions(0.01)),
      AdamRef{0.01, 0.9, 0.999, 1e-8, 0.01, false, true});
  run(maker<optim::AdamW>(optim::AdamWOptions(0.01).weight_decay(0.5).amsgrad(true)),
      AdamRef{0.01, 0.9, 0.999, 1e-8, 0.5, true, true});
}

TEST(NnOptim, ParametersWithoutGradientStayAndKeepNoState) {
  Tensor a = aten::tensor({1.f, 2.f}).requires_grad_(true);
  Tensor b = aten::tensor({3.f, 4.f}).requires_grad_(true);
  optim::Adam opt({a, b}, optim::AdamOptions(0.1));
  a.mutable_grad() = aten::tensor({1.f, -1.f});
  const int64_t version = b._version();
  opt.step();
  EXPECT_TRUE(bitwise_equal(b, aten::tensor({3.f, 4.f})));
  EXPECT_EQ(b._version(), version);
  EXPECT_GT(a._version(), 0);  // bumped, as an in-place op would
  // Adam's first step moves each element by lr against its gradient's sign.
  EXPECT_NEAR(a[0].item<float>(), 0.9f, 1e-6);
  EXPECT_NEAR(a[1].item<float>(), 2.1f, 1e-6);
  for (const auto& [name, t] : opt.state_dict()) EXPECT_EQ(name.rfind("state.0.", 0), 0u) << name;
  // zero_grad drops the gradients; the step after that changes nothing.
  opt.zero_grad();
  EXPECT_FALSE(a.grad().defined());
  Tensor before = a.detach().clone();
  opt.step();
  EXPECT_TRUE(bitwise_equal(a, before));
}

TEST(NnOptim, TheUpdateIsTheSameAtAnyThreadCount) {
  const int threads = get_num_threads();
  auto run_once = [](int n, bool adam) {
    set_num_threads(n);
    // Large enough for several chunks on each thread.
    std::vector<Tensor> params = {aten::randn({300, 500}, make_generator(1)),
                                  aten::randn({77}, make_generator(2))};
    for (Tensor& p : params) p.requires_grad_(true);
    std::unique_ptr<optim::Optimizer> opt;
    if (adam) opt = std::make_unique<optim::AdamW>(params, optim::AdamWOptions(0.01).amsgrad(true));
    else
      opt = std::make_unique<optim::SGD>(params,
                                         optim::SGDOptions(0.1).momentum(0.9).nesterov(true));
    for (int k = 0; k < 3; ++k) {
      for (size_t j = 0; j < params.size(); ++j) {
        params[j].mutable_grad() = aten::randn(params[j].sizes(), make_generator(10 + k + j));
      }
      opt->step();
    }
    return params;
  };
  for (bool adam : {false, true}) {
    auto one = run_once(1, adam), two = run_once(2, adam);
    for (size_t j = 0; j < one.size(); ++j) EXPECT_TRUE(bitwise_equal(one[j], two[j])) << j;
  }
  set_num_threads(threads);
}

TEST(NnOptim, DoubleParameters) {
  Tensor p = aten::tensor({1.0, -2.0}).requires_grad_(true);
  optim::SGD opt({p}, optim::SGDOptions(0.5));
  p.mutable_grad() = aten::tensor({0.25, 1.0});
  opt.step();
  EXPECT_EQ(doubles(p), (Vec{0.875, -2.5}));
}

TEST(NnOptim, Errors) {
  Tensor p = aten::zeros({2}).requires_grad_(true);
  expect_error([&] { optim::SGD({p}, optim::SGDOptions(0.1).nesterov(true)); },
               {"Nesterov momentum requires a momentum"});
  expect_error([&] { optim::SGD({p}, optim::SGDOptions(-1)); }, {"invalid learning rate"});
  expect_error(
      [&] {
        optim::Adam({p}, optim::AdamOptions().betas({1.0, 0.9}));
      },
      {"invalid betas"});
  expect_error([&] { optim::SGD({aten::zeros({2}, kLong)}, optim::SGDOptions(0.1)); },
               {"must be Float or Double"});
  expect_error(
      [&] {
        optim::SGD({p, aten::zeros({2}, kDouble).requires_grad_(true)}, 0.1);
      },
      {"one dtype"});
  optim::SGD opt({p}, optim::SGDOptions(0.1));
  p.mutable_grad() = aten::zeros({3});
  expect_error([&] { opt.step(); }, {"the gradient of parameter 0"});
}
