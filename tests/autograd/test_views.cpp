// Views under autograd: an in-place op on a view rebases its base's history (CopySlices), a view
// whose base was written gets its history rebuilt from the base's, and ATen's error for a view
// of a leaf that requires grad. Expected values are PyTorch's for the same programs.
#include "Reference.h"
#include "autograd/AutogradTestHelpers.h"

#include <aten/autograd/Autograd.h>
#include <aten/autograd/GradMode.h>
#include <aten/autograd/Gradcheck.h>
#include <aten/ops/as_strided.h>
#include <aten/ops/mul.h>
#include <aten/ops/narrow.h>
#include <aten/ops/sum.h>
#include <aten/ops/zeros.h>
#include <gtest/gtest.h>

using namespace aten;
using aten::autograd::test::double_leaves;
using aten::autograd::test::leaf;
using aten::autograd::test::values;
using aten::ref::error_of;
using FloatVec = std::vector<float>;

namespace {

Tensor matrix23(bool requires_grad = true) {
  Tensor x = tensor({{1.f, 2.f, 3.f}, {4.f, 5.f, 6.f}});
  x.requires_grad_(requires_grad);
  return x;
}

}  // namespace

TEST(Views, InplaceOnAViewOfAViewRebasesTheBase) {
  Tensor x = matrix23(), w = leaf({2, 3});
  Tensor a = mul(x, 1);
  a.narrow(1, 1, 1).squeeze(1).mul_(w);
  EXPECT_EQ(a.grad_fn()->name(), "CopySlices");
  sum(mul(a, a)).backward();
  EXPECT_EQ(values(x.grad()), (FloatVec{2, 16, 6, 8, 90, 12}));
  EXPECT_EQ(values(w.grad()), (FloatVec{16, 150}));
}

TEST(Views, InplaceThroughSelectSliceAndNarrow) {
  Tensor x = matrix23();
  Tensor a = mul(x, 1);
  a.select(0, 0).mul_(2);       // row 0 doubled
  a.slice(1, 0, 3, 2).mul_(3);  // columns 0 and 2 tripled
  a.narrow(1, 1, 1).mul_(5);    // column 1 times 5
  sum(a).backward();
  EXPECT_EQ(values(x.grad()), (FloatVec{6, 10, 6, 3, 5, 3}));
  EXPECT_EQ(values(a), (FloatVec{6, 20, 18, 12, 25, 18}));
}

TEST(Views, TheWrittenViewTakesItsHistoryFromTheBase) {
  Tensor x = matrix23();
  Tensor a = mul(x, 1);
  Tensor v = a.select(0, 1);
  v.mul_(2);
  EXPECT_EQ(v.grad_fn()->name(), "AsStridedBackward0");
  EXPECT_EQ(v.grad_fn()->next_edge(0).function, a.grad_fn());
  sum(v).backward();
  EXPECT_EQ(values(x.grad()), (FloatVec{0, 0, 0, 2, 2, 2}));
}

TEST(Views, AViewSeesALaterWriteToItsBase) {
  Tensor x = matrix23();
  Tensor a = mul(x, 1);
  Tensor v = a.select(0, 0);
  EXPECT_EQ(v.grad_fn()->name(), "SelectBackward0");
  a.mul_(3);
  EXPECT_EQ(v.grad_fn()->name(), "AsStridedBackward0");
  sum(v).backward();
  EXPECT_EQ(values(x.grad()), (FloatVec{3, 3, 3, 0, 0, 0}));
}

TEST(Views, AViewSeesAWriteThroughASiblingView) {
  Tensor x = matrix23();
  Tensor a = mul(x, 1);
  Tensor row = a.select(0, 0), column = a.select(1, 2);
  column.mul_(4);  // writes row's last element too
  sum(row).backward();
  EXPECT_EQ(values(x.grad()), (FloatVec{1, 1, 4, 0, 0, 0}));
}

TEST(Views, WritingATensorThatRequiresGradIntoABaseThatDoesNot) {
  Tensor base = zeros({2, 3}), w = leaf({1, 2, 3});
  base.select(0, 1).copy_(w);
  EXPECT_TRUE(base.requires_grad());
  EXPECT_EQ(base.grad_fn()->name(), "CopySlices");
  sum(mul(base, base)).backward();
  EXPECT_EQ(values(w.grad()), (FloatVec{2, 4, 6}));
}

TEST(Views, AViewOfALeafThatRequiresGradRefusesInplaceOpsAndChangesNothing) {
  Tensor x = leaf({1, 2, 3, 4});
  Tensor v = x.slice(0, 0, 2);
  EXPECT_EQ(error_of([&] { v.mul_(2); }),
            "a view of a leaf Variable that requires grad is being used in an in-place "
            "operation.");
  EXPECT_EQ(values(x), (FloatVec{1, 2, 3, 4}));
  EXPECT_EQ(x._version(), 0);
  {
    NoGradGuard no_grad;  // an optimizer's update through a view is allowed
    v.mul_(2);
  }
  EXPECT_EQ(values(x), (FloatVec{2, 4, 3, 4}));
}

TEST(Views, ADetachedAliasIsNoView) {
  Tensor x = matrix23();
  Tensor a = mul(x, 2);
  Tensor d = a.detach();
  d.mul_(leaf({1, 1, 1}));  // records on d alone
  EXPECT_EQ(a.grad_fn()->name(), "MulBackward1");
  EXPECT_EQ(d.grad_fn()->name(), "MulBackward0");
}

TEST(Views, ARetainedGradientStaysWithTheWrittenView) {
  Tensor x = matrix23();
  Tensor a = mul(x, 1);
  Tensor v = a.select(0, 1);
  v.retain_grad();
  v.mul_(2);
  sum(mul(v, v)).backward();
  EXPECT_EQ(values(v.grad()), (FloatVec{16, 20, 24}));  // 2 * v after the write
}

TEST(Views, ResultsThatAliasScratchMemoryKeepTheirOwnHistory) {
  // A reduction over every dim but one may hand back a view of its scratch result: an in-place
  // op on it must extend its own history, not its scratch buffer's.
  Tensor x = matrix23();
  Tensor s = sum(x, {0});
  s.mul_(2);
  sum(s).backward();
  EXPECT_EQ(values(x.grad()), (FloatVec{2, 2, 2, 2, 2, 2}));
}

TEST(Views, GradcheckAndGradgradcheckThroughInplaceOnViews) {
  auto fn = [](const std::vector<Tensor>& in) {
    Tensor a = mul(in[0], 1);
    a.narrow(1, 1, 2).mul_(in[1]);
    a.select(0, 0).add_(in[1].sum());
    return std::vector<Tensor>{mul(a, a)};
  };
  const auto inputs = double_leaves({matrix23(false), tensor({{0.5f, -1.5f}, {2.f, 0.25f}})});
  EXPECT_TRUE(autograd::gradcheck(fn, inputs));
  EXPECT_TRUE(autograd::gradgradcheck(fn, inputs));
}

TEST(Views, AsStridedGradientsAddUpOverlappingElements) {
  const auto inputs = double_leaves({tensor({1.f, 2.f, 3.f, 4.f, 5.f})});
  auto overlapping = [](const std::vector<Tensor>& in) {
    return std::vector<Tensor>{as_strided(in[0], {2, 2}, {1, 1}, 1)};
  };
  auto broadcast = [](const std::vector<Tensor>& in) {
    return std::vector<Tensor>{as_strided(in[0], {3, 2}, {0, 2})};
  };
  EXPECT_TRUE(autograd::gradcheck(overlapping, inputs));
  EXPECT_TRUE(autograd::gradcheck(broadcast, inputs));
  Tensor x = leaf({1, 2, 3, 4, 5});
  sum(as_strided(x, {2, 2}, {1, 1}, 1)).backward();
  EXPECT_EQ(values(x.grad()), (FloatVec{0, 1, 2, 1, 0}));
}

TEST(Views, MetaTensorsGoThroughCopySlices) {
  Tensor x = empty({2, 3}, TensorOptions(ScalarType::Float).device(kMeta)).requires_grad_(true);
  Tensor a = mul(x, 2);
  a.select(0, 1).mul_(3);
  sum(a).backward();
  EXPECT_EQ(x.grad().device(), kMeta);
  EXPECT_EQ(x.grad().sizes(), x.sizes());
}
