// The ops of aten/native/PointwiseOps.cpp: lerp, addcmul, addcdiv — exactness at the ends,
// infinities and intermediates in the op's dtype as ATen has them, and the dtype errors.
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/addcdiv.h>
#include <aten/ops/addcmul.h>
#include <aten/ops/lerp.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using ref::as_doubles, ref::expect_same_doubles, ref::kInf, ref::kNaN, ref::make1d, ref::values;

TEST(Lerp, ExactAtTheEndsAndSameDtypeOnly) {
  Tensor s = make1d<float>({1.1f, -3.7f, 1e30f}), e = make1d<float>({2.3f, 5.9f, -1e30f});
  EXPECT_EQ(values<float>(lerp(s, e, 0)), values<float>(s));
  EXPECT_EQ(values<float>(lerp(s, e, 1)), values<float>(e));
  Tensor w = make1d<float>({0, 1, 0.25f});
  const auto r = values<float>(lerp(s, e, w));
  EXPECT_EQ(r[0], 1.1f);
  EXPECT_EQ(r[1], 5.9f);
  EXPECT_FLOAT_EQ(r[2], 5e29f);
  ref::expect_error(
      [&] {
        lerp(s, make1d<double>({1, 2, 3}), 0.5);
      },
      {"lerp.Scalar:", "expected dtype Float for `end` but got dtype Double"});
  ref::expect_error(
      [&] {
        lerp(s, e, make1d<double>({1, 2, 3}));
      },
      {"for `weight` but got dtype Double"});
  ref::expect_error([&] { lerp(make1d<int32_t>({1}), make1d<int32_t>({2}), 1); },
                    {"\"lerp\" not implemented for 'Int'"});
}

// Regression (reliability suite): the manifest references computed these in double. ATen's
// lerp switches form at |w| = 1/2, and the far form turns an infinite end into inf - inf.
// Values printed by libtorch 1.13.1's torch::lerp (Float and Double alike).
TEST(Lerp, InfinitiesAsATen) {
  for (ScalarType dt : {ScalarType::Float, ScalarType::Double}) {
    const Tensor s = make1d<double>({1.5, 1.5, kInf, kInf, -kInf}).to(dt);
    const Tensor e = make1d<double>({kInf, -kInf, 1.5, 1.5, 0}).to(dt);
    expect_same_doubles(as_doubles(lerp(s, e, 0.3)), {kInf, -kInf, kNaN, kNaN, kNaN});
    expect_same_doubles(as_doubles(lerp(s, e, 0.75)), {kNaN, kNaN, kInf, kInf, -kInf});
    const Tensor w = make1d<double>({0.3, 0.75, 0.3, 0.75, kNaN}).to(dt);
    expect_same_doubles(as_doubles(lerp(s, e, w)), {kInf, kNaN, kNaN, kInf, kNaN});
  }
}

// Regression (reliability suite): value * tensor1 / tensor2 is evaluated left to right in Float,
// so its intermediates underflow and overflow there (the reference had computed in double).
// Values printed by libtorch 1.13.1's torch::addcdiv(s, a, b, 0.5) on Float.
TEST(Addc, AddcdivIntermediatesInTheOpsDtype) {
  const double tiny = std::numeric_limits<float>::denorm_min();
  const Tensor s = make1d<float>({tiny, 0, 1, kInf, -kInf, 1});
  const Tensor a = make1d<float>({tiny, tiny, tiny, -1.5, 1, tiny});
  const Tensor b = make1d<float>({tiny, tiny, tiny, tiny, tiny, 0});
  expect_same_doubles(as_doubles(addcdiv(s, a, b, 0.5)), {tiny, 0, 1, kNaN, kNaN, kNaN});
  // Double has the range for all of it.
  expect_same_doubles(as_doubles(addcdiv(s.to(ScalarType::Double), a.to(ScalarType::Double),
                                         b.to(ScalarType::Double), 0.5)),
                      {0.5 + tiny, 0.5, 1.5, kInf, -kInf, kInf});
}

TEST(Addc, ValueAndIntegerDivisionRefused) {
  Tensor s = make1d<double>({1, 2}), a = make1d<double>({3, 4}), b = make1d<double>({2, 8});
  EXPECT_EQ(values<double>(addcmul(s, a, b, 0.5)), (std::vector<double>{4, 18}));
  EXPECT_EQ(values<double>(addcdiv(s, a, b, 2)), (std::vector<double>{4, 3}));
  Tensor i = make1d<int64_t>({1, 2});
  EXPECT_EQ(values<int64_t>(addcmul(i, i, i, 3)), (std::vector<int64_t>{4, 14}));
  ref::expect_error([&] { addcdiv(s, i, i); },
                    {"addcdiv:", "Integer division with addcdiv is no longer supported"});
  EXPECT_EQ(addcdiv(i, i, a).dtype(), ScalarType::Double);  // one floating operand is enough
  ref::expect_error([&] { s.addcmul_(make1d<double>({1, 2, 3}), a); }, {"addcmul_:", "[3]", "[2]"});
}
