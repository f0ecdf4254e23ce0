// The first calls of every operator, made by 8 threads at once in a process that has called
// none of them before: the dispatcher's lookups, the DispatchStubs' kernel choice and the
// CPU-capability detection all happen under contention. Each thread's results must match the
// case's reference. (No GoogleTest: its own start-up would make calls first.) Run under the
// tsan preset to see races that happen to give the right answer.
#include "ops/manifest/Compare.h"
#include "ops/manifest/Inputs.h"

#include <aten/ATen.h>

#include <cstdio>
#include <latch>
#include <thread>

using namespace aten;
using namespace aten::optest;

int main() {
  constexpr int kThreads = 8;
  // The inputs are made first, serially: that calls empty() and nothing else.
  struct Run {
    const OpCase* c;
    Tensors inputs;
    Refs expected;
  };
  std::vector<Run> runs;
  for (const OpCase& c : all_cases()) {
    for (ScalarType dtype : dtypes_run(c)) {
      std::optional<Tensors> inputs = make_inputs(c, dtype, optest::Layout::contiguous, 3);
      if (!inputs) continue;
      Refs refs;
      std::vector<ScalarType> tested;
      for (size_t k = 0; k < inputs->size(); ++k) {
        refs.push_back(to_ref((*inputs)[k]));
        if (!c.inputs[k].dtype) tested.push_back(dtype);
      }
      runs.push_back({&c, *inputs, c.reference(refs, c.result_dtypes(tested))});
    }
  }
  std::vector<std::string> failures(kThreads);
  std::latch start(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      start.arrive_and_wait();
      for (const Run& run : runs) {
        try {
          const Tensors results = run.c->call(run.inputs);
          for (size_t r = 0; r < results.size() && failures[t].empty(); ++r)
            if (auto m = mismatch(results[r], run.expected[r], run.c->tolerance_scale))
              failures[t] = case_name(*run.c) + ": " + *m;
        } catch (const std::exception& e) {
          failures[t] = case_name(*run.c) + " threw: " + e.what();
        }
      }
    });
  }
  for (std::thread& th : threads) th.join();
  int failed = 0;
  for (int t = 0; t < kThreads; ++t) {
    if (!failures[t].empty()) {
      std::fprintf(stderr, "thread %d: %s\n", t, failures[t].c_str());
      ++failed;
    }
  }
  std::printf("%zu case runs, first called by %d threads at once: %s\n", runs.size(), kThreads,
              failed ? "FAILED" : "ok");
  return failed ? 1 : 0;
}
