// The ops of aten/native/Cumulative.cpp: cumsum and cumprod, what the manifest suite cannot
// express: a 0-dim self, which ATen copies.
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/cumprod.h>
#include <aten/ops/cumsum.h>
#include <aten/ops/scalar_tensor.h>
#include <gtest/gtest.h>

#include <cmath>

#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using aten::ref::expect_error;
using ref::at;

TEST(Scans, ZeroDimIsACopyAsATen) {
  // ATen copies a 0-dim self, so the cumsum of -0 is -0; along a dim the sum starts from 0, and
  // 0 + -0 is +0 there.
  Tensor z = scalar_tensor(-0.0, ScalarType::Float);
  EXPECT_TRUE(std::signbit(cumsum(z, 0).item<float>()));
  Tensor zi = z.clone();
  zi.cumsum_(0);
  EXPECT_TRUE(std::signbit(zi.item<float>()));
  EXPECT_FALSE(std::signbit(at(cumsum(z.reshape({1}), 0), {0})));
  EXPECT_EQ(cumprod(scalar_tensor(3, ScalarType::Int), -1).item<int64_t>(), 3);
  EXPECT_EQ(cumprod(scalar_tensor(3, ScalarType::Int), -1).scalar_type(), ScalarType::Long);
  expect_error([] { cumsum(scalar_tensor(1.0, ScalarType::Half), 0); },
               {"\"cumsum\" not implemented for 'Half'"});
}
