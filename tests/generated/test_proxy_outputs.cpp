// Proxy outputs: a structured op whose meta() asks for exact strides computes into a stand-in
// when the user's out= (or in-place self) has other strides, and copies it back afterwards.
#include "Reference.h"
#include "generated/fixture_ops.h"

#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/empty.h>
#include <aten/ops/empty_strided.h>
#include <aten/structured/StructuredOutputs.h>
#include <gtest/gtest.h>

using namespace aten;

class ProxyOutputs : public ::testing::Test {
 protected:
  void SetUp() override { test::register_fixture_ops(); }
};

namespace {

// The values _test_iota must produce, element by element: i in row-major order.
template <typename T>
void expect_iota(const Tensor& t) {
  ASSERT_EQ(t.dim(), 2);
  const T* base = t.data_ptr<T>();
  for (int64_t r = 0; r < t.size(0); ++r) {
    for (int64_t c = 0; c < t.size(1); ++c) {
      EXPECT_EQ(base[r * t.stride(0) + c * t.stride(1)], static_cast<T>(r * t.size(1) + c))
          << "at [" << r << ", " << c << "] of " << t.sizes() << " with strides " << t.strides();
    }
  }
}

}  // namespace

TEST_F(ProxyOutputs, FunctionalAllocatesWhatMetaAskedFor) {
  Tensor r = aten::_test_iota(empty({2, 3}));
  EXPECT_TRUE(r.is_contiguous());
  expect_iota<float>(r);
}

TEST_F(ProxyOutputs, OutWithTheRequestedStridesIsWrittenDirectly) {
  Tensor out = empty({2, 3}, ScalarType::Double);
  Tensor& result = aten::_test_iota_out(out, empty({2, 3}, ScalarType::Double));
  EXPECT_TRUE(result.is_same(out));
  expect_iota<double>(out);
}

TEST_F(ProxyOutputs, TransposedOutGetsTheRightValuesAndKeepsItsStrides) {
  for (ScalarType dtype : {ScalarType::Float, ScalarType::Double, ScalarType::Int}) {
    SCOPED_TRACE(dtype);
    // out is [2, 3] with strides [1, 2]: column-major, what impl() alone would get wrong.
    Tensor out = empty_strided({2, 3}, {1, 2}, dtype);
    void* data = out.data_ptr();
    Tensor& result = aten::_test_iota_out(out, empty({2, 3}, dtype));
    EXPECT_TRUE(result.is_same(out));
    EXPECT_EQ(out.data_ptr(), data) << "out must not be reallocated";
    EXPECT_EQ(out.strides(), IntArrayRef({1, 2}));
    if (dtype == ScalarType::Int) {
      expect_iota<int32_t>(out);
    } else if (dtype == ScalarType::Float) {
      expect_iota<float>(out);
    } else {
      expect_iota<double>(out);
    }
  }
}

TEST_F(ProxyOutputs, GappedOutWithAnOffsetIsWrittenOnlyWhereItPoints) {
  // Every other element of a larger buffer, starting at element 1.
  Tensor buffer = empty({16});
  float* b = buffer.data_ptr<float>();
  for (int i = 0; i < 16; ++i) b[i] = -1.f;
  Tensor out = ref::restride(buffer, {2, 3}, {6, 2}, /*offset=*/1);
  aten::_test_iota_out(out, empty({2, 3}));
  expect_iota<float>(out);
  for (int i : {0, 2, 4, 6, 8, 10, 12, 14, 15})
    EXPECT_EQ(b[i], -1.f) << "element " << i << " was written";
}

TEST_F(ProxyOutputs, InPlaceOnATransposedSelf) {
  Tensor self = empty_strided({2, 3}, {1, 2}, ScalarType::Float);
  Tensor& result = aten::_test_iota_(self);
  EXPECT_TRUE(result.is_same(self));
  EXPECT_EQ(self.strides(), IntArrayRef({1, 2}));
  expect_iota<float>(self);
}

TEST_F(ProxyOutputs, EmptyOutIsResizedToTheRequestedStridesWithoutAProxy) {
  Tensor out = empty({0});
  aten::_test_iota_out(out, empty({2, 3}));
  EXPECT_EQ(out.sizes(), IntArrayRef({2, 3}));
  EXPECT_TRUE(out.is_contiguous());
  expect_iota<float>(out);
}

TEST_F(ProxyOutputs, MetaOutKeepsItsStridesAndComputesNothing) {
  Tensor out = empty_strided({2, 3}, {1, 2}, TensorOptions().device(kMeta));
  Tensor& result = aten::_test_iota_out(out, empty({2, 3}, TensorOptions().device(kMeta)));
  EXPECT_TRUE(result.is_same(out));
  EXPECT_EQ(out.strides(), IntArrayRef({1, 2}));
}

TEST_F(ProxyOutputs, BadOutIsStillAnErrorNamingTheOp) {
  Tensor out = empty({4});
  try {
    aten::_test_iota_out(out, empty({2, 3}));
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("_test_iota.out"), std::string::npos) << e.what();
  }
}

// When a proxy is needed, as maybe_create_proxy decides it for what meta() asked.
TEST(MaybeCreateProxy, OnlyWhenTheRequestedLayoutDiffers) {
  Tensor transposed = empty_strided({2, 3}, {1, 2});
  TensorOptions options(ScalarType::Float);
  // Explicit strides: any difference outside size-1 dims.
  EXPECT_TRUE(detail::maybe_create_proxy(transposed, {2, 3}, {3, 1}, options).defined());
  EXPECT_FALSE(detail::maybe_create_proxy(transposed, {2, 3}, {1, 2}, options).defined());
  Tensor column = empty_strided({3, 1}, {1, 7});
  EXPECT_FALSE(detail::maybe_create_proxy(column, {3, 1}, {1, 1}, options).defined());
  // No strides: nothing asked unless a memory format is.
  EXPECT_FALSE(detail::maybe_create_proxy(transposed, {2, 3}, {}, options).defined());
  Tensor proxy = detail::maybe_create_proxy(transposed, {2, 3}, {},
                                            options.memory_format(MemoryFormat::Contiguous));
  ASSERT_TRUE(proxy.defined());
  EXPECT_TRUE(proxy.is_contiguous());
  EXPECT_FALSE(detail::maybe_create_proxy(empty({2, 3}), {2, 3}, {},
                                          options.memory_format(MemoryFormat::Contiguous))
                   .defined());
  // Nothing to write, nothing to stand in for.
  EXPECT_FALSE(
      detail::maybe_create_proxy(empty_strided({0, 3}, {1, 0}), {0, 3}, {3, 1}, options).defined());
}
