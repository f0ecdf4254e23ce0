// Backward runs on the calling thread with all its state in the run: threads that run backward
// and forward at once, on graphs of their own or on shared leaves, get the gradients they would
// get alone.
#include "autograd/AutogradTestHelpers.h"

#include <aten/autograd/Autograd.h>
#include <aten/autograd/GradMode.h>
#include <aten/ops/add.h>
#include <aten/ops/mul.h>
#include <aten/ops/sum.h>
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

using namespace aten;
using aten::autograd::test::leaf;
using aten::autograd::test::values;
using FloatVec = std::vector<float>;

namespace {
constexpr int kRounds = 300;
}  // namespace

TEST(AutogradThreads, BackwardOnOneThreadWhileAnotherRunsForward) {
  std::atomic<bool> backward_ok{true}, forward_ok{true};
  std::thread backward_thread([&] {
    for (int i = 0; i < kRounds; ++i) {
      Tensor a = leaf({1, 2, 3}), b = leaf({4, 5, 6});
      sum(add(mul(a, b), a)).backward();
      if (values(a.grad()) != FloatVec{5, 6, 7} || values(b.grad()) != FloatVec{1, 2, 3})
        backward_ok = false;
    }
  });
  std::thread forward_thread([&] {
    for (int i = 0; i < kRounds; ++i) {
      Tensor p = leaf({1, 2}), q = leaf({3, 4}, false);
      Tensor r = add(mul(p, q), q);
      if (!r.requires_grad() || r.grad_fn()->name() != "AddBackward0" ||
          values(r) != FloatVec{6, 12})
        forward_ok = false;
      NoGradGuard no_grad;  // grad mode is per thread: the other thread keeps recording
      if (mul(p, q).requires_grad()) forward_ok = false;
    }
  });
  backward_thread.join();
  forward_thread.join();
  EXPECT_TRUE(backward_ok);
  EXPECT_TRUE(forward_ok);
}

TEST(AutogradThreads, ConcurrentBackwardsAccumulateIntoASharedLeaf) {
  Tensor w = leaf({1, 2});
  auto run = [&] {
    for (int i = 0; i < kRounds; ++i) {
      Tensor x = leaf({3, 4}, false);
      sum(mul(w, x)).backward();
    }
  };
  std::thread t1(run), t2(run);
  t1.join();
  t2.join();
  EXPECT_EQ(values(w.grad()), (FloatVec{3.f * 2 * kRounds, 4.f * 2 * kRounds}));
}
