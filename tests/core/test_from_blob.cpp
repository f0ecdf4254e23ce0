#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/FromBlob.h>
#include <aten/core/Tensor.h>
#include <gtest/gtest.h>

using namespace aten;

TEST(FromBlob, SharesUserMemory) {
  float data[6] = {0, 1, 2, 3, 4, 5};
  Tensor t = from_blob(data, {2, 3});
  EXPECT_EQ(t.data_ptr<float>(), data);
  EXPECT_EQ(t.dtype(), ScalarType::Float);
  EXPECT_TRUE(t.is_contiguous());
  EXPECT_EQ((t.accessor<float, 2>()[1][2]), 5.f);
  data[4] = 40;
  EXPECT_EQ((t.accessor<float, 2>()[1][1]), 40.f);
  t.data_ptr<float>()[0] = -1;
  EXPECT_EQ(data[0], -1.f);
}

TEST(FromBlob, StridesAndDtype) {
  int64_t data[6] = {0, 1, 2, 3, 4, 5};
  Tensor t = from_blob(data, {3, 2}, {1, 3}, {}, ScalarType::Long);  // a transposed [2, 3]
  EXPECT_FALSE(t.is_contiguous());
  EXPECT_EQ(t.strides(), IntArrayRef({1, 3}));
  EXPECT_EQ((t.accessor<int64_t, 2>()[2][1]), 5);
  Tensor u = from_blob(data, {6}, TensorOptions(ScalarType::Long));
  EXPECT_EQ(u.numel(), 6);
}

TEST(FromBlob, DeleterRunsOnceWhenTheLastTensorDies) {
  int calls = 0;
  void* seen = nullptr;
  double data[4] = {};
  {
    Tensor c;
    {
      Tensor a = from_blob(
          data, {4},
          [&](void* p) {
            ++calls;
            seen = p;
          },
          ScalarType::Double);
      Tensor b = a;  // shares the TensorImpl
      auto impl = intrusive_ptr<TensorImpl>::make(a.unsafeGetTensorImpl()->storage(),
                                                  ScalarType::Double, kCPU);
      impl->set_sizes_and_strides({2}, {2}, 1);  // another tensor over the same storage
      c = Tensor(std::move(impl));
    }
    EXPECT_EQ(calls, 0);  // c still holds the storage
    EXPECT_EQ(c.data_ptr<double>(), data + 1);
  }
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(seen, static_cast<void*>(data));
}

TEST(FromBlob, StorageIsNotResizable) {
  float data[4] = {1, 2, 3, 4};
  Tensor t = from_blob(data, {4});
  t.resize_({2, 2});  // fits: fine
  EXPECT_EQ(t.data_ptr<float>(), data);
  try {
    t.resize_({5});
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("not resizable"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("[5]"), std::string::npos) << e.what();
  }
  EXPECT_EQ(t.sizes(), IntArrayRef({2, 2}));
}

TEST(FromBlob, BadArgumentsLeaveTheMemoryToTheCaller) {
  int calls = 0;
  float data[4] = {};
  auto count = [&](void*) { ++calls; };
  EXPECT_THROW(from_blob(data, {2, -1}, count), Error);
  EXPECT_THROW(from_blob(data, {2, 2}, {2}, count), Error);
  EXPECT_THROW(from_blob(data, {2, 2}, {-1, 1}, count), Error);
  EXPECT_THROW(from_blob(data, {4}, count, TensorOptions().device(kMeta)), Error);
  EXPECT_THROW(from_blob(nullptr, {4}), Error);
  EXPECT_EQ(calls, 0);
  EXPECT_EQ(from_blob(nullptr, {0}).numel(), 0);
}
