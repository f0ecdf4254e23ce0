// Meta tensors through backward (shapes and dtypes, no data), and graph lifetime: nothing in a
// graph keeps itself alive.
#include "autograd/AutogradTestHelpers.h"

#include <aten/autograd/Autograd.h>
#include <aten/ops/add.h>
#include <aten/ops/empty.h>
#include <aten/ops/exp.h>
#include <aten/ops/mul.h>
#include <aten/ops/sum.h>
#include <gtest/gtest.h>

using namespace aten;
using aten::autograd::test::leaf;

namespace {
Tensor meta_leaf(IntArrayRef sizes) {
  Tensor t = empty(sizes, TensorOptions(kDouble).device(kMeta));
  t.requires_grad_();
  return t;
}
}  // namespace

TEST(AutogradMeta, MetaTensorsGetGradientsOfTheRightShape) {
  Tensor a = meta_leaf({2, 3}), b = meta_leaf({3});
  Tensor y = sum(add(mul(a, b), a));
  EXPECT_TRUE(y.is_meta());
  EXPECT_EQ(y.dim(), 0);
  y.backward();
  ASSERT_TRUE(a.grad().defined());
  EXPECT_TRUE(a.grad().is_meta());
  EXPECT_EQ(a.grad().sizes(), IntArrayRef({2, 3}));
  EXPECT_EQ(a.grad().scalar_type(), kDouble);
  EXPECT_TRUE(b.grad().is_meta());
  EXPECT_EQ(b.grad().sizes(), IntArrayRef({3}));  // summed over the broadcast dim
}

TEST(AutogradMeta, MetaSecondDerivatives) {
  Tensor a = meta_leaf({4});
  Tensor dy = autograd::grad({sum(mul(mul(a, a), a))}, {a}, {}, std::nullopt, true)[0];
  EXPECT_TRUE(dy.is_meta());
  EXPECT_TRUE(dy.requires_grad());
  sum(dy).backward();
  EXPECT_EQ(a.grad().sizes(), IntArrayRef({4}));
}

TEST(GraphLifetime, ANodeThatSavesItsOutputDiesWithTheOutput) {
  std::weak_ptr<autograd::Node> node;
  {
    Tensor a = leaf({0, 1});
    Tensor y = exp(a);
    node = y.grad_fn();
    EXPECT_EQ(node.use_count(), 1);  // held by y alone, not by its own saved output
  }
  EXPECT_TRUE(node.expired());
}

TEST(GraphLifetime, AGraphIsFreedAfterBackwardAndWithItsOutput) {
  std::weak_ptr<autograd::Node> mul_node, accumulate;
  {
    Tensor a = leaf({0, 1});
    Tensor e = exp(a);
    Tensor y = sum(mul(e, e));
    mul_node = y.grad_fn()->next_edge(0).function;
    accumulate = e.grad_fn()->next_edge(0).function;
    EXPECT_EQ(accumulate.lock()->name(), "AccumulateGrad");
    y.backward();
    // a's gradient holds no graph.
    EXPECT_EQ(a.grad().grad_fn(), nullptr);
  }
  EXPECT_TRUE(mul_node.expired());
  EXPECT_TRUE(accumulate.expired());
}

TEST(GraphLifetime, ARetainedGradientHoldsNoGraph) {
  std::weak_ptr<autograd::Node> node;
  {
    Tensor a = leaf({1, 2});
    Tensor c = mul(a, a);
    c.retain_grad();
    node = c.grad_fn();
    sum(c).backward();
  }
  EXPECT_TRUE(node.expired());
}
