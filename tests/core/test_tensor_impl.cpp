#include <aten/Factories.h>
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/empty.h>
#include <aten/ops/empty_strided.h>
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
    EXPECT_NE(std::string(e.what()).find("negative dimension -1: [2, -1]"), std::string::npos)
        << e.what();
  }
  try {
    empty({int64_t{1} << 40, int64_t{1} << 40});
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("overflow"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("[1099511627776, 1099511627776]"), std::string::npos)
        << e.what();
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

namespace {
using ref::error_of;
bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}
}  // namespace

// Keep the failed-allocation test meaningful under the asan and tsan presets: their allocators
// would otherwise abort on a 2^50-byte request instead of returning null as malloc does. (The
// presets' ASAN_OPTIONS / TSAN_OPTIONS set other flags, so this one stands.)
extern "C" const char* __asan_default_options() { return "allocator_may_return_null=1"; }
extern "C" const char* __tsan_default_options() { return "allocator_may_return_null=1"; }

TEST(ContiguityFlags, N111IsContiguousAndSuggestsContiguous) {
  // N111 with unit strides: both formats' strides, ambiguous, so the default wins.
  Tensor a = empty_strided({4, 1, 1, 1}, {1, 1, 1, 1});
  EXPECT_TRUE(a.is_contiguous());
  EXPECT_TRUE(a.is_contiguous(MemoryFormat::ChannelsLast));
  EXPECT_EQ(a.suggest_memory_format(), MemoryFormat::Contiguous);
  // N11W sliced down to W=1: strides [W, W, W, W]. Not dense, not channels-last.
  Tensor base = empty({4, 1, 1, 5});
  Tensor b = ref::restride(base, {4, 1, 1, 1}, {5, 5, 5, 5});
  EXPECT_FALSE(b.is_contiguous());
  EXPECT_FALSE(b.is_non_overlapping_and_dense());
  EXPECT_EQ(b.suggest_memory_format(), MemoryFormat::Contiguous);
}

TEST(ContiguityFlags, N1H1TellsTheFormatsApartByStrides) {
  Tensor nhwc = empty({2, 1, 5, 1}, TensorOptions().memory_format(MemoryFormat::ChannelsLast));
  EXPECT_EQ(nhwc.strides(), IntArrayRef({5, 1, 1, 1}));
  EXPECT_EQ(nhwc.suggest_memory_format(), MemoryFormat::ChannelsLast);
  Tensor nchw = empty({2, 1, 5, 1});
  EXPECT_EQ(nchw.strides(), IntArrayRef({5, 5, 1, 1}));
  EXPECT_EQ(nchw.suggest_memory_format(), MemoryFormat::Contiguous);
  // Both are dense in both orders: only the size-1 strides differ.
  for (const Tensor& t : {nhwc, nchw}) {
    EXPECT_TRUE(t.is_contiguous());
    EXPECT_TRUE(t.is_contiguous(MemoryFormat::ChannelsLast));
  }
}

TEST(ContiguityFlags, Permuted1C1WIsNotChannelsLast) {
  // [1, C, 1, W] contiguous, C=3, W=4, and its transpose(1, 3).
  Tensor t = empty({1, 3, 1, 4});
  EXPECT_EQ(t.suggest_memory_format(), MemoryFormat::Contiguous);
  Tensor tt = ref::restride(t, {1, 4, 1, 3}, {12, 1, 4, 4});
  EXPECT_FALSE(tt.is_contiguous());
  EXPECT_TRUE(tt.is_contiguous(MemoryFormat::ChannelsLast));        // dense in NHWC order...
  EXPECT_EQ(tt.suggest_memory_format(), MemoryFormat::Contiguous);  // ...but ambiguous: NCHW
  EXPECT_TRUE(tt.is_non_overlapping_and_dense());
}

TEST(ContiguityFlags, ZeroSizeTensors) {
  Tensor z = empty({0, 3, 4, 5});
  EXPECT_TRUE(z.is_contiguous());
  EXPECT_FALSE(z.is_contiguous(MemoryFormat::ChannelsLast));
  EXPECT_TRUE(z.is_non_overlapping_and_dense());
  EXPECT_EQ(z.suggest_memory_format(), MemoryFormat::Contiguous);
  Tensor zc = empty({0, 3, 4, 5}, TensorOptions().memory_format(MemoryFormat::ChannelsLast));
  EXPECT_EQ(zc.strides(), IntArrayRef({60, 1, 15, 3}));
  EXPECT_TRUE(zc.is_contiguous());  // no elements: every layout is contiguous
  EXPECT_TRUE(zc.is_contiguous(MemoryFormat::ChannelsLast));
  EXPECT_EQ(zc.suggest_memory_format(), MemoryFormat::Contiguous);  // a zero size is ambiguous
  Tensor z1 = empty_strided({3, 0}, {7, 3});
  EXPECT_TRUE(z1.is_contiguous());
  EXPECT_TRUE(z1.is_non_overlapping_and_dense());
}

TEST(ContiguityFlags, FiveDims) {
  Tensor t = empty({2, 3, 4, 5, 6}, TensorOptions().memory_format(MemoryFormat::ChannelsLast3d));
  EXPECT_EQ(t.strides(), IntArrayRef({360, 1, 90, 18, 3}));
  EXPECT_FALSE(t.is_contiguous());
  EXPECT_TRUE(t.is_contiguous(MemoryFormat::ChannelsLast3d));
  EXPECT_FALSE(t.is_contiguous(MemoryFormat::ChannelsLast));
  EXPECT_TRUE(t.is_non_overlapping_and_dense());
  EXPECT_EQ(t.suggest_memory_format(), MemoryFormat::ChannelsLast3d);
  Tensor c = empty({2, 3, 4, 5, 6});
  EXPECT_TRUE(c.is_contiguous());
  EXPECT_FALSE(c.is_contiguous(MemoryFormat::ChannelsLast3d));
  EXPECT_EQ(c.suggest_memory_format(), MemoryFormat::Contiguous);
  // The 2-d format does not apply to 5-d tensors nor the 3-d one to 4-d tensors.
  EXPECT_FALSE(empty({2, 3, 4, 5}).is_contiguous(MemoryFormat::ChannelsLast3d));
  EXPECT_THROW(empty({2, 3, 4, 5}, TensorOptions().memory_format(MemoryFormat::ChannelsLast3d)),
               Error);
  // A slice of the channels-last-3d tensor (every other W) keeps its format's stride order.
  Tensor s = ref::restride(t, {2, 3, 4, 5, 3}, {360, 1, 90, 18, 6});
  EXPECT_FALSE(s.is_non_overlapping_and_dense());
  EXPECT_EQ(s.suggest_memory_format(), MemoryFormat::ChannelsLast3d);
}

TEST(ContiguityFlags, NonOverlappingAndDense) {
  Tensor base = empty({3, 4, 5});
  Tensor perm = ref::restride(base, {5, 3, 4}, {1, 20, 5});  // permute(2, 0, 1)
  EXPECT_FALSE(perm.is_contiguous());
  EXPECT_TRUE(perm.is_non_overlapping_and_dense());
  EXPECT_FALSE(ref::restride(base, {3, 4, 5}, {20, 0, 1}).is_non_overlapping_and_dense());
  EXPECT_FALSE(ref::restride(base, {30}, {2}).is_non_overlapping_and_dense());
  EXPECT_TRUE(ref::restride(base, {1}, {7}).is_non_overlapping_and_dense());
  EXPECT_TRUE(ref::restride(base, {1}, {7}).is_contiguous());
  // Overlapping: [2, 2] over 3 elements.
  EXPECT_FALSE(ref::restride(base, {2, 2}, {1, 1}).is_non_overlapping_and_dense());
}

// The cached flags after any sequence of geometry changes equal those of a tensor created
// fresh with the final geometry: nothing stale survives a setter.
TEST(ContiguityFlags, SettersLeaveNoStaleFlags) {
  struct Geometry {
    std::vector<int64_t> sizes, strides;
  };
  const std::vector<Geometry> geometries = {
      {{2, 2048, 1, 1}, {2048, 1, 1, 1}},
      {{2, 3, 4, 5}, {60, 1, 15, 3}},
      {{2, 3, 4, 5}, {60, 20, 5, 1}},
      {{4, 1, 1, 1}, {5, 5, 5, 5}},
      {{2, 3, 4, 5, 6}, {360, 1, 90, 18, 3}},
      {{3, 4}, {1, 3}},
      {{3, 4}, {0, 1}},
      {{0, 3}, {3, 1}},
      {{}, {}},
      {{6}, {2}},
  };
  Tensor t = empty({400});
  TensorImpl* impl = t.unsafeGetTensorImpl();
  for (int round = 0; round < 2; ++round) {
    for (const auto& g : geometries) {
      impl->set_sizes_and_strides(g.sizes, g.strides);
      Tensor fresh = empty_strided(g.sizes, g.strides);
      SCOPED_TRACE(t.toString());
      EXPECT_EQ(t.numel(), fresh.numel());
      for (MemoryFormat f :
           {MemoryFormat::Contiguous, MemoryFormat::ChannelsLast, MemoryFormat::ChannelsLast3d})
        EXPECT_EQ(t.is_contiguous(f), fresh.is_contiguous(f)) << f;
      EXPECT_EQ(t.is_non_overlapping_and_dense(), fresh.is_non_overlapping_and_dense());
      EXPECT_EQ(t.suggest_memory_format(), fresh.suggest_memory_format());
    }
  }
  // resize_ is a setter too: channels-last strides give way to contiguous ones.
  impl->set_sizes_and_strides({2, 3, 4, 5}, {60, 1, 15, 3});
  EXPECT_EQ(t.suggest_memory_format(), MemoryFormat::ChannelsLast);
  t.resize_({2, 3, 4, 5});
  EXPECT_TRUE(t.is_contiguous());
  EXPECT_EQ(t.suggest_memory_format(), MemoryFormat::Contiguous);
}

TEST(Allocation, NegativeSizeNamesTheShape) {
  EXPECT_TRUE(contains(error_of([] { empty_strided({3, -2}, {1, 1}); }), "[3, -2]"));
  Tensor t = empty({2});
  EXPECT_TRUE(contains(error_of([&] { t.resize_({-1, 4}); }), "negative dimension -1: [-1, 4]"));
  EXPECT_EQ(t.sizes(), IntArrayRef({2}));  // unchanged
}

TEST(Allocation, OverflowNamesTheShape) {
  const int64_t big = int64_t{1} << 31;
  // The element count itself overflows.
  std::string e = error_of([&] { empty({big, big, big}); });
  EXPECT_TRUE(contains(e, "overflow")) << e;
  EXPECT_TRUE(contains(e, "[2147483648, 2147483648, 2147483648]")) << e;
  // Elements fit, bytes do not.
  e = error_of([] { empty({int64_t{1} << 62}, ScalarType::Double); });
  EXPECT_TRUE(contains(e, "overflow")) << e;
  EXPECT_TRUE(contains(e, "[4611686018427387904]")) << e;
  // Through strides.
  e = error_of([] { empty_strided({2, 2}, {int64_t{1} << 62, 1}); });
  EXPECT_TRUE(contains(e, "overflow")) << e;
  // Meta tensors check too, though they allocate nothing.
  EXPECT_THROW(empty({big, big, big}, TensorOptions().device(kMeta)), Error);
  // A zero size makes the element count 0 whatever the other sizes...
  EXPECT_EQ(empty({0, big, big}, TensorOptions().device(kMeta)).numel(), 0);
  // ...but the strides of the other dims must still fit.
  e = error_of([&] { empty({0, big, big, big}); });
  EXPECT_TRUE(contains(e, "stride calculation overflowed")) << e;
  EXPECT_TRUE(contains(e, "[0, 2147483648, 2147483648, 2147483648]")) << e;
}

TEST(Allocation, FailedAllocationNamesTheShape) {
  std::string e = error_of([] { empty({int64_t{1} << 48}); });  // 2^50 bytes of float
  EXPECT_TRUE(contains(e, "out of memory")) << e;
  EXPECT_TRUE(contains(e, "[281474976710656]")) << e;
  EXPECT_TRUE(contains(e, "1125899906842624 bytes")) << e;
  Tensor t = tensor({1.f, 2.f});
  e = error_of([&] { t.resize_({int64_t{1} << 24, int64_t{1} << 24}); });
  EXPECT_TRUE(contains(e, "out of memory")) << e;
  EXPECT_TRUE(contains(e, "[16777216, 16777216]")) << e;
  EXPECT_EQ(t.sizes(), IntArrayRef({2}));
  EXPECT_EQ(t.data_ptr<float>()[1], 2.f);
  // The same shape on Meta is fine: nothing is allocated.
  EXPECT_EQ(empty({int64_t{1} << 48}, TensorOptions().device(kMeta)).numel(), int64_t{1} << 48);
}

TEST(Item, EveryDtype) {
  EXPECT_EQ(tensor({true}, {}).item<bool>(), true);
  EXPECT_EQ(tensor({uint8_t{250}}, {}).item<int>(), 250);
  EXPECT_EQ(tensor({int8_t{-5}}, {}).item<int64_t>(), -5);
  EXPECT_EQ(tensor({int16_t{-300}}, {}).item<float>(), -300.f);
  EXPECT_EQ(tensor({int32_t{7}}).item<double>(), 7.0);
  EXPECT_EQ(tensor({int64_t{1} << 62}, {}).item<int64_t>(), int64_t{1} << 62);
  EXPECT_EQ(tensor({Half(1.5f)}, {}).item<float>(), 1.5f);
  EXPECT_EQ(tensor({BFloat16(-2.f)}, {}).item<double>(), -2.0);
  EXPECT_EQ(tensor({2.5f}, {}).item<Half>().x, Half(2.5f).x);
  EXPECT_EQ(tensor({0.25}, {}).item<complex<float>>(), complex<float>(0.25f, 0.f));
  EXPECT_EQ(tensor({complex<float>(1.f, 2.f)}, {}).item<complex<double>>(), complex<double>(1, 2));
  EXPECT_EQ(tensor({complex<double>(3, 0)}, {}).item<float>(), 3.f);
  EXPECT_EQ(tensor({complex<double>(1, 2)}, {}).item().type(), ScalarType::ComplexDouble);
  EXPECT_EQ(tensor({Half(1.f)}, {}).item().type(), ScalarType::Double);
  EXPECT_TRUE(contains(error_of([] { tensor({complex<double>(1, 2)}, {}).item<float>(); }),
                       "cannot be converted to type Float"));
  EXPECT_TRUE(contains(error_of([] { tensor({int64_t{300}}, {}).item<int8_t>(); }),
                       "cannot be converted to type Char"));
  EXPECT_TRUE(contains(error_of([] { tensor({1, 2}).item(); }), "2 elements"));
}

TEST(Accessor, IndexesByCoordinatesThroughStrides) {
  Tensor t = ref::make<float>({2, 3}, [](int64_t i) { return double(i); });
  auto a = t.accessor<float, 2>();
  EXPECT_EQ(a.size(0), 2);
  EXPECT_EQ(a.sizes(), IntArrayRef({2, 3}));
  EXPECT_EQ(a[1][2], 5.f);
  a[0][1] = 42.f;
  EXPECT_EQ(t.data_ptr<float>()[1], 42.f);
  // A transposed view: [3, 2] with strides [1, 3].
  Tensor tt = ref::restride(t, {3, 2}, {1, 3});
  auto at = tt.accessor<const float, 2>();
  EXPECT_EQ(at[2][1], 5.f);
  EXPECT_EQ(at[1][0], 42.f);
  Tensor c = ref::make<int64_t>({2, 3, 4}, [](int64_t i) { return double(i); });
  EXPECT_EQ((c.accessor<int64_t, 3>()[1][2][3]), 23);
  EXPECT_EQ((c.accessor<int64_t, 3>()[1][0].sizes()), IntArrayRef({4}));
  EXPECT_TRUE(contains(error_of([&] { t.accessor<double, 2>(); }), "dtype Float"));
  EXPECT_TRUE(
      contains(error_of([&] { t.accessor<float, 3>(); }), "expected 3 dims but the tensor has 2"));
}
