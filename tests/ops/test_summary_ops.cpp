// The op of aten/native/SummaryOps.cpp: bincount, the parts the manifest suite cannot express:
// minlength below and above the largest value, weights of every dtype and their result's, empty
// inputs, and the errors in ATen's order.
#include <aten/core/Tensor.h>
#include <aten/ops/bincount.h>
#include <aten/ops/empty.h>
#include <gtest/gtest.h>

#include <vector>

#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using ref::expect_error, ref::iota, ref::of, ref::values_of;

TEST(Bincount, CountsAndWeights) {
  const Tensor x = of(ScalarType::Byte, {1, 3, 1, 0});
  const Tensor c = bincount(x);
  EXPECT_EQ(c.scalar_type(), ScalarType::Long);
  EXPECT_EQ(values_of(c), (std::vector<double>{1, 2, 0, 1}));
  EXPECT_EQ(values_of(bincount(x, std::nullopt, 2)), (std::vector<double>{1, 2, 0, 1}));
  EXPECT_EQ(values_of(x.bincount(std::nullopt, 6)), (std::vector<double>{1, 2, 0, 1, 0, 0}));
  const Tensor wf = bincount(x, of(ScalarType::Float, {0.5, 1, 2, 4}));
  EXPECT_EQ(wf.scalar_type(), ScalarType::Float);
  EXPECT_EQ(values_of(wf), (std::vector<double>{4, 2.5, 0, 1}));
  // Any other weights sum in Double.
  const Tensor wi = bincount(x, of(ScalarType::Int, {1, 2, 3, 4}));
  EXPECT_EQ(wi.scalar_type(), ScalarType::Double);
  EXPECT_EQ(values_of(wi), (std::vector<double>{4, 4, 0, 2}));
  EXPECT_EQ(bincount(x, of(ScalarType::Half, {1, 2, 3, 4})).scalar_type(), ScalarType::Double);
  // Empty: minlength Long zeros, weights or not.
  const Tensor e = bincount(empty({0}, ScalarType::Long), of(ScalarType::Float, {}), 3);
  EXPECT_EQ(e.scalar_type(), ScalarType::Long);
  EXPECT_EQ(values_of(e), (std::vector<double>{0, 0, 0}));
}

TEST(Bincount, Errors) {
  expect_error([] { bincount(of(ScalarType::Long, {1}), std::nullopt, -1); },
               {"minlength should be >= 0"});
  expect_error(
      [] {
        bincount(of(ScalarType::Long, {1, -1}));
      },
      {"bincount only supports 1-d non-negative integral inputs."});
  expect_error(
      [] {
        bincount(of(ScalarType::Long, {1, 2}).view({1, 2}));
      },
      {"bincount only supports 1-d non-negative integral inputs."});
  expect_error(
      [] {
        bincount(of(ScalarType::Long, {1, 2}), of(ScalarType::Float, {1}));
      },
      {"weights should be 1-d and have the same length as input"});
  expect_error([] { bincount(iota({2})); }, {"\"bincount\" not implemented for 'Float'"});
}
