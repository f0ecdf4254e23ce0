#include <aten/core/Tensor.h>
#include <aten/cpu/Parallel.h>
#include <gtest/gtest.h>

#include <atomic>
#include <vector>

using namespace aten;

TEST(Parallel, CoversTheRangeExactlyOnce) {
  std::vector<std::atomic<int>> hits(100000);
  parallel_for(0, 100000, 1000, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) hits[i]++;
  });
  for (auto& h : hits) ASSERT_EQ(h.load(), 1);
}

TEST(Parallel, NoNestedParallelism) {
  std::atomic<int> nested_serial{0};
  parallel_for(0, 4, 1, [&](int64_t, int64_t) {
    EXPECT_TRUE(in_parallel_region());
    parallel_for(0, 100, 1, [&](int64_t b, int64_t e) {
      if (b == 0 && e == 100) nested_serial++;
    });
  });
  EXPECT_GE(nested_serial.load(), 1);
  EXPECT_FALSE(in_parallel_region());
}

TEST(Parallel, FirstWorkerExceptionIsRethrownWithTheOpName) {
  int old = get_num_threads();
  set_num_threads(2);
  try {
    OpContext ctx("my_op");
    parallel_for(0, 1000, 1, [&](int64_t b, int64_t) { ATEN_CHECK(b != 0, "worker failed"); });
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "my_op: worker failed");
  }
  try {  // the workers carry the caller's whole chain of ops
    OpContext outer("outer_op");
    OpContext inner("inner_op");
    parallel_for(0, 1000, 1, [&](int64_t b, int64_t) { ATEN_CHECK(b != 0, "worker failed"); });
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "outer_op: inner_op: worker failed");
  }
  set_num_threads(old);
  EXPECT_THROW(set_num_threads(0), Error);
}
