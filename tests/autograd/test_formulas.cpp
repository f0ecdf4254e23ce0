// Backward formulas at the points where the conformance suite found MiniATen's gradients
// differing from libtorch's: each expectation is what libtorch 1.13 gives for the same call
// (torch.autograd.grad in Python), unless the test says why MiniATen differs on purpose.
#include "autograd/AutogradTestHelpers.h"

#include <aten/autograd/Autograd.h>
#include <aten/core/Formatting.h>
#include <aten/ops/add.h>
#include <aten/ops/addcdiv.h>
#include <aten/ops/cat.h>
#include <aten/ops/clamp.h>
#include <aten/ops/clamp_min.h>
#include <aten/ops/empty.h>
#include <aten/ops/erf.h>
#include <aten/ops/full.h>
#include <aten/ops/max.h>
#include <aten/ops/maximum.h>
#include <aten/ops/mean.h>
#include <aten/ops/minimum.h>
#include <aten/ops/mm.h>
#include <aten/ops/mul.h>
#include <aten/ops/norm.h>
#include <aten/ops/ones.h>
#include <aten/ops/ones_like.h>
#include <aten/ops/pow.h>
#include <aten/ops/prod.h>
#include <aten/ops/relu.h>
#include <aten/ops/repeat.h>
#include <aten/ops/silu.h>
#include <aten/ops/sin.h>
#include <aten/ops/unfold.h>
#include <aten/ops/var.h>
#include <aten/ops/zeros.h>
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <limits>

using namespace aten;
using aten::autograd::test::leaf;
using aten::autograd::test::values;
using FloatVec = std::vector<float>;
using Strides = std::vector<int64_t>;

namespace {

// d(output)/d(input) weighted by grad_output.
Tensor grad_of(const Tensor& output, const Tensor& input, const Tensor& grad_output) {
  return autograd::grad({output}, {input}, {grad_output})[0];
}

}  // namespace

// ---- 0-dim inputs ---------------------------------------------------------------------------

TEST(Formulas, MeanOverDimMinusOneOfA0DimTensorIsItsElement) {
  Tensor x = tensor({2.5f}, {}).requires_grad_();
  EXPECT_EQ(grad_of(mean(x, IntArrayRef{-1}), x, tensor({3.f}, {})).item<float>(), 3.f);
}

TEST(Formulas, UnfoldOfA0DimTensor) {
  Tensor x = tensor({3.f}, {}).requires_grad_();
  EXPECT_EQ(grad_of(x.unfold(0, 1, 1), x, tensor({2.f})).item<float>(), 2.f);
  EXPECT_EQ(grad_of(x.unfold(0, 0, 1), x, empty({0})).item<float>(), 0.f);
}
