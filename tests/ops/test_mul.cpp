// mul: every declared dtype on contiguous, transposed, sliced, broadcast, zero-size and 0-dim
// inputs; out= and in-place; Scalar overload; Meta — against a naive double reference.
#include <aten/Factories.h>
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/empty.h>
#include <aten/ops/empty_strided.h>
#include <aten/ops/mul.h>
#include <gtest/gtest.h>

#include <cmath>

#include "Reference.h"

using namespace aten;
using aten::ref::make;
using aten::ref::restride;

namespace {

void expect_mul(const Tensor& r, const Tensor& a, const Tensor& b) {
  ASSERT_EQ(r.sizes(), IntArrayRef(ref::broadcast_shape(a.sizes(), b.sizes())));
  ref::for_each_index(r.sizes(), [&](const std::vector<int64_t>& idx) {
    const double e = ref::read_broadcast(a, idx) * ref::read_broadcast(b, idx);
    ASSERT_NEAR(ref::read_double(r, idx), e, 1e-6 * std::max(1.0, std::fabs(e)))
        << IntArrayRef(idx);
  });
}

}  // namespace

template <typename T>
class MulTest : public ::testing::Test {
 protected:
  // Small values (exact products in every dtype): -6..6, halves for floating types.
  static Tensor seq(IntArrayRef sizes, int64_t shift = 0) {
    const double step = std::is_floating_point_v<T> ? 0.5 : 1.0;
    return make<T>(sizes,
                   [=](int64_t i) { return static_cast<double>((i + shift) % 13 - 6) * step; });
  }
  static constexpr ScalarType dtype = scalar_type_of<T>;
};

using MulTypes = ::testing::Types<int32_t, int64_t, float, double>;
TYPED_TEST_SUITE(MulTest, MulTypes);

TYPED_TEST(MulTest, LayoutsAndBroadcasting) {
  Tensor a = this->seq({7, 33}), b = this->seq({7, 33}, 5);
  expect_mul(mul(a, b), a, b);
  expect_mul(a * b, a, b);
  expect_mul(a.mul(b), a, b);
  Tensor t = restride(this->seq({33, 7}), {7, 33}, {1, 7});
  expect_mul(mul(t, b), t, b);
  Tensor sliced = restride(this->seq({10, 20}), {4, 9}, {40, 2}, 21);
  expect_mul(mul(sliced, this->seq({9})), sliced, this->seq({9}));
  for (const Tensor& other : {this->seq({33}), this->seq({7, 1}), this->seq({}, 3)}) {
    expect_mul(mul(a, other), a, other);
    expect_mul(mul(other, a), other, a);
  }
  EXPECT_EQ(mul(this->seq({0, 4}), this->seq({4})).sizes(), IntArrayRef({0, 4}));
  Tensor big = this->seq({70000}), big2 = this->seq({70000}, 1);  // parallel, vectorized
  expect_mul(mul(big, big2), big, big2);
}

TYPED_TEST(MulTest, OutInPlaceAndScalar) {
  Tensor a = this->seq({3, 40}), b = this->seq({40}, 2);
  Tensor out = empty({0}, this->dtype);
  mul_out(out, a, b);
  expect_mul(out, a, b);
  Tensor c = this->seq({3, 40});
  c.mul_(b);
  expect_mul(c, a, b);
  Tensor d = this->seq({3, 40});
  d *= b;
  expect_mul(d, a, b);
  expect_mul(mul(a, 3), a, ref::make<TypeParam>({}, [](int64_t) { return 3; }));
  expect_mul(2 * a, a, ref::make<TypeParam>({}, [](int64_t) { return 2; }));
  EXPECT_THROW(this->seq({4}).mul_(this->seq({3, 4})), Error);  // would resize self
}

TYPED_TEST(MulTest, MetaMatchesCpu) {
  Tensor a = restride(this->seq({9, 13}), {13, 9}, {1, 13}), b = this->seq({9});
  auto meta_like = [](const Tensor& t) {
    return empty_strided(t.sizes(), t.strides(), TensorOptions(t.dtype()).device(kMeta));
  };
  Tensor cpu = mul(a, b), m = mul(meta_like(a), meta_like(b));
  EXPECT_TRUE(m.is_meta());
  EXPECT_EQ(m.sizes(), cpu.sizes());
  EXPECT_EQ(m.strides(), cpu.strides());
  EXPECT_EQ(m.dtype(), cpu.dtype());
}

TEST(Mul, PromotesAndTakesEveryDtype) {
  Tensor i = tensor({1, 2, 3});
  Tensor r = i * 1.5;
  EXPECT_EQ(r.dtype(), ScalarType::Float);
  EXPECT_EQ(r.data_ptr<float>()[2], 4.5f);
  // Every dtype is declared (ATen's list): Short wraps like the other integers, Bool is and.
  Tensor s = mul(tensor({int16_t{300}}), tensor({int16_t{300}}));
  EXPECT_EQ(s.dtype(), ScalarType::Short);
  EXPECT_EQ(s.data_ptr<int16_t>()[0], static_cast<int16_t>(90000 - 65536));
  Tensor b = mul(tensor({true, false}), tensor({true, true}));
  EXPECT_EQ(b.dtype(), ScalarType::Bool);
  EXPECT_TRUE(b.data_ptr<bool>()[0]);
  EXPECT_FALSE(b.data_ptr<bool>()[1]);
}
