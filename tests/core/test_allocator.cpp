#include <aten/TensorOperators.h>
#include <aten/core/Allocator.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/empty.h>
#include <gtest/gtest.h>

#include <cstdint>

using namespace aten;

TEST(Allocator, EveryBlockIs64ByteAligned) {
  for (int64_t n : {1, 3, 17, 1000, 100000, 1 << 20, (1 << 21) + 5}) {
    Tensor t = empty({n}, ScalarType::Byte);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(t.data_ptr()) % 64, 0u) << n;
  }
}

TEST(Allocator, LargeBlocksAreReusedAndKeepTheirPages) {
  empty_cache();
  void* first;
  {
    Tensor t = empty({4 << 20});  // 16 MiB
    first = t.data_ptr();
    static_cast<float*>(first)[0] = 1.f;
  }
  EXPECT_EQ(cached_bytes(), size_t{16} << 20);
  Tensor again = empty({4 << 20});
  EXPECT_EQ(again.data_ptr(), first);  // the same block, pages already mapped
  EXPECT_EQ(cached_bytes(), 0u);
}

// A block of a layer's activations (64 x 256 floats) or weight gradient: cached too, its size
// rounded up to 64 KiB steps, so a slightly smaller request reuses it.
TEST(Allocator, MidSizeBlocksAreCachedInSteps) {
  empty_cache();
  void* first;
  { first = empty({25000}).data_ptr(); }  // 100,000 bytes
  EXPECT_EQ(cached_bytes(), size_t{128} << 10);
  Tensor again = empty({20000});
  EXPECT_EQ(again.data_ptr(), first);
  EXPECT_EQ(cached_bytes(), 0u);
}

TEST(Allocator, SmallBlocksAreNotCached) {
  empty_cache();
  { Tensor t = empty({1000}); }
  EXPECT_EQ(cached_bytes(), 0u);
}

TEST(Allocator, CacheIsBoundedAndEmptiable) {
  empty_cache();
  {
    // 40 blocks of 32 MiB: 1.25 GiB, more than the 1 GiB the cache may keep. The pages are
    // never touched, so this costs address space only.
    std::vector<Tensor> blocks;
    for (int i = 0; i < 40; ++i) blocks.push_back(empty({8 << 20}));
  }
  EXPECT_LE(cached_bytes(), size_t{1} << 30);
  EXPECT_GT(cached_bytes(), 0u);
  empty_cache();
  EXPECT_EQ(cached_bytes(), 0u);
}
