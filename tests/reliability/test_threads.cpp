// Every case of the manifest suite called from 8 threads at once on shared inputs gives, in each
// thread, exactly the result of a serial call (functional and out=, each thread with its own
// out tensors). Sampling ops draw from a generator each call advances, so theirs are checked
// against their reference (shape, dtype, values in the support) instead. Run it under the tsan
// preset for the data races that happen to give the right answer.
#include "ops/manifest/Compare.h"
#include "ops/manifest/Inputs.h"

#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/empty.h>
#include <aten/ops/t.h>

#include <gtest/gtest.h>

#include <latch>
#include <thread>

namespace aten::optest {
namespace {

constexpr int kThreads = 8;

bool identical(const Tensor& a, const Tensor& b) {
  return a.scalar_type() == b.scalar_type() && a.sizes() == b.sizes() &&
         same_values(to_ref(a), to_ref(b));
}

// What a thread's result must be: the serial call's, or for a sampling op (a reference with a
// support) what its reference allows.
struct Expected {
  const Tensors& serial;
  Refs sampled;  // empty unless the case samples

  bool holds(const Tensor& got, size_t r, double scale) const {
    if (sampled.empty()) return identical(got, serial[r]);
    return !mismatch(got, sampled[r], scale);
  }
};

Refs sampled_reference(const OpCase& c, const Tensors& inputs) {
  Refs refs;
  std::vector<ScalarType> tested;
  for (size_t k = 0; k < inputs.size(); ++k) {
    refs.push_back(to_ref(inputs[k]));
    if (!c.inputs[k].dtype) tested.push_back(inputs[k].scalar_type());
  }
  Refs expected = c.reference(refs, c.result_dtypes(tested));
  if (expected.empty() || !expected[0].support) return {};
  return expected;
}

// The layouts run: each path of the loops (contiguous, strided, broadcast, zero-size,
// zero-dim), and `large`, which also runs OpenMP regions from 8 threads at once.
constexpr Layout kThreadLayouts[] = {Layout::contiguous, Layout::transposed, Layout::broadcast,
                                     Layout::zero_size,  Layout::zero_dim,   Layout::large};

TEST(Threads, EveryCaseConcurrentlyAsSerially) {
  int runs = 0;
  for (const OpCase& c : all_cases()) {
    const std::vector<ScalarType> dtypes = dtypes_run(c);
    for (size_t di = 0; di < dtypes.size(); ++di) {
      for (Layout layout : kThreadLayouts) {
        // Every dtype contiguous; the other layouts in the first dtype.
        if ((di > 0 && layout != Layout::contiguous) || !runs_layout(c, layout)) continue;
        std::optional<Tensors> made = make_inputs(c, dtypes[di], layout, 7);
        if (!made) continue;
        const Tensors inputs = *made;
        const Tensors serial = c.call(inputs);
        const Expected expected{serial, sampled_reference(c, inputs)};
        std::vector<Tensors> functional(kThreads), outs(kThreads);
        std::vector<std::string> errors(kThreads);
        std::latch start(kThreads);
        std::vector<std::thread> threads;
        for (int t = 0; t < kThreads; ++t) {
          threads.emplace_back([&, t] {
            start.arrive_and_wait();
            try {
              functional[t] = c.call(inputs);
              if (c.call_out) {
                for (const Tensor& s : serial)
                  outs[t].push_back(empty({0}, TensorOptions(s.scalar_type())));
                c.call_out(inputs, outs[t]);
              }
            } catch (const std::exception& e) {
              errors[t] = e.what();
            }
          });
        }
        for (std::thread& th : threads) th.join();
        const std::string where = case_name(c) + " " + toString(dtypes[di]) + " " + name_of(layout);
        for (int t = 0; t < kThreads; ++t) {
          ASSERT_EQ(errors[t], "") << where << ", thread " << t;
          ASSERT_EQ(functional[t].size(), serial.size()) << where;
          for (size_t r = 0; r < serial.size(); ++r) {
            EXPECT_TRUE(expected.holds(functional[t][r], r, c.tolerance_scale))
                << where << ", thread " << t << ", result " << r;
            if (c.call_out) {
              EXPECT_TRUE(expected.holds(outs[t][r], r, c.tolerance_scale))
                  << where << ", thread " << t << ", out " << r;
            }
          }
        }
        ++runs;
      }
    }
  }
  std::printf("[ reliability ] threads: %d case runs, each by %d threads at once\n", runs,
              kThreads);
  EXPECT_GT(runs, 0);
}

}  // namespace
}  // namespace aten::optest
