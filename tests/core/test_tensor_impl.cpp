#include <aten/ATen.h>
#include <gtest/gtest.h>

#include <cstdint>

#include "Reference.h"

using namespace aten;

TEST(Empty, ContiguousSizesStridesAndAlignment) {
  Tensor t = empty({2, 3, 4});
  EXPECT_EQ(t.sizes(), IntArrayRef({2, 3, 4}));
  EXPECT_EQ(t.strides(), IntArrayRef({12, 4, 1}));
  EXPECT_EQ(t.numel(), 24);
  EXPECT_EQ(t.dtype(), ScalarType::Float);
  EXPECT_TRUE(t.is_contiguous());
  EXPECT_EQ(reinterpret_cast<uintptr_t>(t.data_ptr()) % 64, 0u);
  Tensor l = empty({5}, ScalarType::Long);
  EXPECT_EQ(l.element_size(), 8);
  EXPECT_EQ(l.toString(), "Long[5] (strides [1])");
}

TEST(Empty, ZeroDimAndZeroSize) {
  Tensor s = empty({});
  EXPECT_EQ(s.dim(), 0);
  EXPECT_EQ(s.numel(), 1);
  EXPECT_TRUE(s.is_contiguous());
  Tensor z = empty({3, 0, 2});
  EXPECT_EQ(z.numel(), 0);
  EXPECT_TRUE(z.is_contiguous());
  EXPECT_EQ(z.strides(), IntArrayRef({2, 2, 1}));
}

TEST(Empty, BadSizesAreErrorsNamingTheShape) {
  try {
    empty({2, -1});
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("negative dimension -1: [2, -1]"), std::string::npos) << e.what();
  }
  try {
    empty({int64_t{1} << 40, int64_t{1} << 40});
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("overflow"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("[1099511627776, 1099511627776]"), std::string::npos) << e.what();
  }
}

TEST(Empty, ChannelsLastFormat) {
  Tensor t = empty({2, 3, 4, 5}, TensorOptions().memory_format(MemoryFormat::ChannelsLast));
  EXPECT_EQ(t.strides(), IntArrayRef({60, 1, 15, 3}));
  EXPECT_TRUE(t.is_contiguous(MemoryFormat::ChannelsLast));
  EXPECT_FALSE(t.is_contiguous());
  EXPECT_TRUE(t.is_non_overlapping_and_dense());
  EXPECT_EQ(t.suggest_memory_format(), MemoryFormat::ChannelsLast);
}

TEST(ContiguityFlags, AmbiguousNC11IsBothFormats) {
  // ATen's documented example: N,C,H,W = 2,2048,1,1 with strides [2048,1,1,1].
  Tensor t = empty_strided({2, 2048, 1, 1}, {2048, 1, 1, 1});
  EXPECT_TRUE(t.is_contiguous());
  EXPECT_TRUE(t.is_contiguous(MemoryFormat::ChannelsLast));
  EXPECT_EQ(t.suggest_memory_format(), MemoryFormat::Contiguous);
}

TEST(ContiguityFlags, RecomputedWhenStridesChange) {
  Tensor t = empty({3, 4});
  TensorImpl* impl = t.unsafeGetTensorImpl();
  impl->set_sizes_and_strides({4, 3}, {1, 4});  // a transpose
  EXPECT_FALSE(t.is_contiguous());
  EXPECT_TRUE(t.is_non_overlapping_and_dense());
  impl->set_sizes_and_strides({3, 4}, {0, 1});  // an expand
  EXPECT_FALSE(t.is_non_overlapping_and_dense());
  impl->set_sizes_and_strides({3, 2}, {4, 2});  // every other column
  EXPECT_FALSE(t.is_contiguous());
  EXPECT_FALSE(t.is_non_overlapping_and_dense());
  impl->set_sizes_contiguous({12});
  EXPECT_TRUE(t.is_contiguous());
}

TEST(Tensor, DataPtrChecksDtypeAndItemReads) {
  Tensor t = tensor({1.5f}, {});
  EXPECT_EQ(t.dim(), 0);
  EXPECT_EQ(t.item<float>(), 1.5f);
  EXPECT_THROW(t.data_ptr<int32_t>(), Error);
  EXPECT_THROW(tensor({1, 2}).item<int>(), Error);
}

TEST(Tensor, MetaTensorsHaveShapeButNoData) {
  Tensor m = empty({1024, 1024}, TensorOptions().device(kMeta));
  EXPECT_TRUE(m.is_meta());
  EXPECT_EQ(m.sizes(), IntArrayRef({1024, 1024}));
  EXPECT_THROW(m.data_ptr(), Error);
}

TEST(Tensor, ResizeGrowsStorageAndKeepsData) {
  Tensor t = tensor({1, 2, 3});
  t.resize_({2, 3});
  EXPECT_EQ(t.sizes(), IntArrayRef({2, 3}));
  EXPECT_EQ(t.data_ptr<int32_t>()[2], 3);
}
