// The ops of aten/native/PoolingNd.cpp beyond the manifest: adaptive_max_pool's indices where a
// box holds NaNs, against libtorch 1.13's values (its kernel takes every NaN it meets, so it
// reports the last NaN in row-major order; a finite maximum stays the first; the gradient goes
// to the reported element), and the layouts, empty results and checks libtorch gives.
#include <aten/TensorOperators.h>
#include <aten/autograd/Autograd.h>
#include <aten/ops/abs.h>
#include <aten/ops/adaptive_avg_pool3d.h>
#include <aten/ops/adaptive_max_pool1d.h>
#include <aten/ops/adaptive_max_pool2d.h>
#include <aten/ops/avg_pool3d.h>
#include <aten/ops/isnan.h>
#include <aten/ops/max_pool1d.h>
#include <aten/ops/sum.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "Reference.h"

using namespace aten;

namespace {

const float kNaNf = std::numeric_limits<float>::quiet_NaN();

std::vector<int64_t> indices_of(const Tensor& t) {
  const Tensor c = t.contiguous();
  return {c.data_ptr<int64_t>(), c.data_ptr<int64_t>() + c.numel()};
}

}  // namespace

TEST(AdaptiveMaxPool, ReportsTheLastNaNOfABoxAndTheFirstFiniteMaximum) {
  // torch.nn.functional.adaptive_max_pool1d(tensor([[[1., nan, 3., nan, 2.]]]), 1,
  // return_indices=True) gives index 3.
  const Tensor x = ref::make<float>({1, 1, 5}, [](int64_t i) {
    const float v[] = {1, kNaNf, 3, kNaNf, 2};
    return v[i];
  });
  EXPECT_EQ(indices_of(std::get<1>(adaptive_max_pool1d(x, {1}))), std::vector<int64_t>({3}));
  // [[1, nan, 3], [nan, 2, nan], [0, 5, 1]]: libtorch gives 5 for the whole box and [3, 5, 3, 5]
  // for 2 x 2 boxes.
  const Tensor y = ref::make<float>({1, 1, 3, 3}, [](int64_t i) {
    const float v[] = {1, kNaNf, 3, kNaNf, 2, kNaNf, 0, 5, 1};
    return v[i];
  });
  EXPECT_EQ(indices_of(std::get<1>(adaptive_max_pool2d(y, {1, 1}))), std::vector<int64_t>({5}));
  EXPECT_EQ(indices_of(std::get<1>(adaptive_max_pool2d(y, {2, 2}))),
            std::vector<int64_t>({3, 5, 3, 5}));
  // Ties of finite maxima: the first, [[4, 4], [4, 1]] gives 0.
  const Tensor z = ref::make<float>({1, 1, 2, 2}, [](int64_t i) { return i == 3 ? 1.f : 4.f; });
  EXPECT_EQ(indices_of(std::get<1>(adaptive_max_pool2d(z, {1, 1}))), std::vector<int64_t>({0}));
  // The gradient goes to the reported element.
  const Tensor leaf = y.clone().requires_grad_();
  aten::sum(std::get<0>(adaptive_max_pool2d(leaf, {1, 1}))).backward();
  const Tensor g = leaf.grad().contiguous();
  for (int64_t i = 0; i < 9; ++i) EXPECT_EQ(g.data_ptr<float>()[i], i == 5 ? 1.f : 0.f) << i;
}

// Layouts, empty results and checks as libtorch 1.13 gives them.
TEST(PoolingNd, GradientLayoutsEmptyResultsAndChecks) {
  // adaptive_max_pool2d's gradient is laid out like a channels-last self (the raw gradient,
  // before any accumulation into .grad).
  const Tensor x = ref::make<float>({2, 3, 4, 5}, [](int64_t i) { return std::sin(0.3f * i); })
                       .contiguous(MemoryFormat::ChannelsLast)
                       .requires_grad_();
  const Tensor y = std::get<0>(adaptive_max_pool2d(x, {2, 2}));
  const Tensor gx = autograd::grad({y}, {x}, {y.detach() * 0 + 1})[0];
  EXPECT_TRUE(gx.is_contiguous(MemoryFormat::ChannelsLast));
  EXPECT_FLOAT_EQ(gx.sum().item<float>(), static_cast<float>(y.numel()));
  // max_pool1d where no window fits: an empty result (torch.max_pool1d(torch.rand(1, 4, 2), 2,
  // dilation=2) has size [1, 4, 0]) whose gradient is zeros.
  const Tensor l = ref::make<float>({1, 4, 2}, [](int64_t i) { return float(i); }).requires_grad_();
  const Tensor m = max_pool1d(l, {2}, {}, {0}, {2}, false);
  EXPECT_EQ(m.sizes(), (std::vector<int64_t>{1, 4, 0}));
  EXPECT_EQ(autograd::grad({m.sum()}, {l})[0].abs().sum().item<float>(), 0.f);
  // An empty 3-d adaptive average pooling has a zero gradient, as libtorch's 3-d backward gives.
  const Tensor v = ref::make<float>({2, 2, 3, 3}, [](int64_t i) {
                     return float(i);
                   }).requires_grad_();
  const Tensor a = adaptive_avg_pool3d(v, {0, 2, 2});
  EXPECT_EQ(a.sizes(), (std::vector<int64_t>{2, 0, 2, 2}));
  const Tensor ga = autograd::grad({a.sum()}, {v})[0];
  EXPECT_EQ(ga.sizes(), v.sizes());
  EXPECT_EQ(ga.abs().sum().item<float>(), 0.f);
  // avg_pool3d wants every window inside the unpadded input, as ATen.
  ref::expect_error(
      [&] {
        avg_pool3d(ref::make<float>({1, 2, 2, 4, 4}, [](int64_t i) { return float(i); }), {3, 2, 2},
                   {1, 1, 1}, {1, 0, 0}, true, true, std::nullopt);
      },
      {"avg_pool3d: input image (T: 2 H: 4 W: 4) smaller than kernel size (kT: 3 kH: 2 kW: 2)"});
}
