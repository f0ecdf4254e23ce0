// In-place ops under autograd: version counters shared by views, the saved-tensor check that
// names the op and the versions, and ATen's error for a leaf that requires grad.
#include "Reference.h"
#include "autograd/AutogradTestHelpers.h"

#include <aten/autograd/Autograd.h>
#include <aten/autograd/AutogradKernel.h>
#include <aten/autograd/GradMode.h>
#include <aten/autograd/Gradcheck.h>
#include <aten/dispatch/TypedOp.h>
#include <aten/ops/mul.h>
#include <aten/ops/sum.h>
#include <gtest/gtest.h>

using namespace aten;
using aten::autograd::test::double_leaves;
using aten::autograd::test::leaf;
using aten::autograd::test::values;
using aten::ref::error_of;
using FloatVec = std::vector<float>;

TEST(Inplace, VersionIsSharedByViewsAndDetach) {
  Tensor a = tensor({{1.f, 2.f}, {3.f, 4.f}});
  Tensor view = a.select(0, 1), detached = a.detach();
  EXPECT_EQ(a._version(), 0);
  detail::count_write(view);
  EXPECT_EQ(a._version(), 1);
  EXPECT_EQ(detached._version(), 1);
  EXPECT_EQ(tensor({1.f})._version(), 0);  // other storage, other counter
}

TEST(Inplace, AnInplaceOpRecordsAndBumpsTheVersion) {
  Tensor x = leaf({1, 2, 3}), b = leaf({2, 3, 4}, false);
  Tensor a = mul(x, b);
  EXPECT_EQ(a._version(), 0);
  a.mul_(b);
  EXPECT_EQ(a._version(), 1);
  EXPECT_EQ(a.grad_fn()->name(), "MulBackward0");
  sum(a).backward();
  EXPECT_EQ(values(x.grad()), (FloatVec{4, 9, 16}));  // b^2
}

TEST(Inplace, ModifyingASavedTensorIsAnErrorNamingTheOpAndVersions) {
  Tensor x = leaf({1, 2, 3}), b = leaf({2, 3, 4}, false);
  Tensor a = mul(x, b);
  Tensor y = sum(mul(a, a));  // saves a at version 0
  a.mul_(b);
  a.mul_(b);
  EXPECT_EQ(error_of([&] { y.backward(); }),
            "one of the variables needed for gradient computation has been modified by an "
            "inplace operation: [Float [3]], which is output 0 of MulBackward0, is at version "
            "2; expected version 0 instead.");
}

TEST(Inplace, ModifyingASavedLeafUnderNoGradIsCaughtToo) {
  Tensor x = leaf({1, 2}), b = leaf({3, 4});
  Tensor y = sum(mul(x, b));  // saves x and b
  {
    NoGradGuard no_grad;
    x.mul_(b);  // an optimizer's step: allowed on a leaf
  }
  EXPECT_EQ(x._version(), 1);
  EXPECT_EQ(values(x), (FloatVec{3, 8}));
  EXPECT_EQ(error_of([&] { y.backward(); }),
            "one of the variables needed for gradient computation has been modified by an "
            "inplace operation: [Float [2]] is at version 1; expected version 0 instead.");
}

TEST(Inplace, ALeafThatRequiresGradRefusesInplaceOps) {
  Tensor x = leaf({1, 2}), b = leaf({3, 4}, false);
  EXPECT_NE(error_of([&] {
              x.mul_(b);
            }).find("a leaf Variable that requires grad is being used in an in-place operation."),
            std::string::npos);
  EXPECT_EQ(values(x), (FloatVec{1, 2}));  // checked before the write
  EXPECT_EQ(x._version(), 0);
  Tensor plain = leaf({1, 2}, false);
  plain.mul_(b);  // no autograd involved
  EXPECT_EQ(values(plain), (FloatVec{3, 8}));
}

TEST(Inplace, ARetainedGradientFollowsTheTensorsNewHistory) {
  Tensor x = leaf({1, 2}), b = leaf({3, 4}, false);
  Tensor a = mul(x, b);
  a.retain_grad();
  a.mul_(b);
  sum(mul(a, b)).backward();
  EXPECT_EQ(values(a.grad()), (FloatVec{3, 4}));    // d/d(a after mul_) = b
  EXPECT_EQ(values(x.grad()), (FloatVec{27, 64}));  // b^3
}

TEST(Inplace, ASavedTensorThatRequiresNoGradIsStillCaughtWhenWritten) {
  // b skips the Autograd key (it requires nothing): the backend kernel counts mul_'s write.
  Tensor a = leaf({1, 2}), b = leaf({3, 4}, false);
  Tensor y = sum(mul(a, b));
  b.mul_(b);
  EXPECT_NE(error_of([&] { y.backward(); }).find("modified by an inplace operation"),
            std::string::npos);
}

TEST(Inplace, OutCallsRefuseInputsThatRequireGradUnlessGradModeIsOff) {
  Tensor a = leaf({1, 2}), b = leaf({3, 4}, false), out = leaf({0, 0}, false);
  EXPECT_NE(error_of([&] { mul_out(out, a, b); })
                .find("mul.out(): functions with out=... arguments don't support automatic "
                      "differentiation, but one of the arguments requires grad."),
            std::string::npos);
  EXPECT_EQ(out._version(), 0);  // refused before the kernel ran
  mul_out(out, b, b);            // nothing requires grad
  EXPECT_EQ(values(out), (FloatVec{9, 16}));
  EXPECT_EQ(out._version(), 1);
  NoGradGuard no_grad;
  mul_out(out, a, b);
  EXPECT_EQ(values(out), (FloatVec{3, 8}));
  EXPECT_FALSE(out.requires_grad());
}

TEST(Inplace, DoubleBackwardReachesSelfAsTheOpFoundIt) {
  // mul_'s gradient for other reads self before the write: the saved copy is recorded, so the
  // second derivative in self is there.
  auto fn = [](const std::vector<Tensor>& in) {
    Tensor a = mul(in[0], 1);
    a.mul_(in[1]);
    return std::vector<Tensor>{a};
  };
  const auto inputs = double_leaves({tensor({1.f, -2.f, 3.f}), tensor({0.5f, 2.f, -1.f})});
  EXPECT_TRUE(autograd::gradgradcheck(fn, inputs));
}
