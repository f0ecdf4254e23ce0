// The op of aten/native/Bucketization.cpp: searchsorted, the parts the manifest suite cannot
// express: NaN values and boundaries, ties on both sides, side against right, sorter, promotion
// of a Scalar, a non-contiguous out=, Meta and the errors.
#include <aten/core/Tensor.h>
#include <aten/ops/empty.h>
#include <aten/ops/searchsorted.h>
#include <gtest/gtest.h>

#include <optional>
#include <string_view>
#include <vector>

#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using ref::expect_error, ref::iota, ref::meta, ref::of, ref::values_of;

TEST(Searchsorted, TiesLeftAndRightNanLast) {
  const Tensor bd = of(ScalarType::Float, {1, 2, 2, 3});
  const Tensor v = of(ScalarType::Float, {0, 2, 2.5, 3, 9, ref::kNaN});
  EXPECT_EQ(values_of(searchsorted(bd, v)), (std::vector<double>{0, 1, 3, 3, 4, 4}));
  EXPECT_EQ(values_of(searchsorted(bd, v, false, true)), (std::vector<double>{0, 3, 3, 4, 4, 4}));
  const Tensor side = searchsorted(bd, v, true, false, std::string_view("right"));
  EXPECT_EQ(side.scalar_type(), ScalarType::Int);
  EXPECT_EQ(values_of(side), (std::vector<double>{0, 3, 3, 4, 4, 4}));
  // A NaN boundary is above every value only where the search meets it: ATen's answer, past it.
  EXPECT_EQ(values_of(searchsorted(of(ScalarType::Float, {1, 2, 2, 3, ref::kNaN}),
                                   of(ScalarType::Float, {2.5}))),
            (std::vector<double>{5}));
}

TEST(Searchsorted, RowsSorterScalarAndOut) {
  // One row of boundaries per row of values.
  const Tensor bd = of(ScalarType::Long, {0, 10, 20, 5, 6, 7}).view({2, 3});
  const Tensor v = of(ScalarType::Long, {15, 6, 15, 6}).view({2, 2});
  EXPECT_EQ(values_of(searchsorted(bd, v)), (std::vector<double>{2, 1, 3, 1}));
  // Through a sorter: row {20, 0, 10} read as {0, 10, 20}.
  const Tensor shuffled = of(ScalarType::Long, {20, 0, 10});
  const Tensor sorter = of(ScalarType::Long, {1, 2, 0});
  EXPECT_EQ(values_of(searchsorted(shuffled, of(ScalarType::Long, {5, 10}), false, true,
                                   std::nullopt, sorter)),
            (std::vector<double>{1, 2}));
  // A Scalar compares in the promoted dtype: 2.5 against integers in Float.
  const Tensor ints = of(ScalarType::Int, {1, 2, 3});
  const Tensor s = searchsorted(ints, Scalar(2.5));
  EXPECT_EQ(s.dim(), 0);
  EXPECT_EQ(values_of(s), (std::vector<double>{2}));
  // Values of another dtype than the boundaries: the promoted one.
  EXPECT_EQ(values_of(searchsorted(ints, of(ScalarType::Double, {2.5}))), (std::vector<double>{2}));
  // A non-contiguous out= keeps its strides.
  Tensor out = empty({2, 2}, ScalarType::Long).t();
  searchsorted_out(out, bd, v);
  EXPECT_EQ(values_of(out), (std::vector<double>{2, 1, 3, 1}));
  EXPECT_EQ(out.strides(), IntArrayRef({1, 2}));
  EXPECT_EQ(searchsorted(meta({4}), meta({2, 3}), true).scalar_type(), ScalarType::Int);
  EXPECT_EQ(searchsorted(meta({4}), Scalar(1)).dim(), 0);
}

TEST(Searchsorted, Errors) {
  const Tensor bd = iota({3});
  expect_error([&] { searchsorted(bd, bd, false, false, std::string_view("up")); },
               {"side can only be 'left' or 'right' but got up"});
  expect_error([&] { searchsorted(bd, bd, false, true, std::string_view("left")); },
               {"side and right can't be set to opposites"});
  expect_error([&] { searchsorted(of(ScalarType::Float, {1}).view({}), bd); },
               {"boundaries tensor should have positive dimension"});
  expect_error(
      [&] {
        searchsorted(iota({2, 3}), iota({3, 3}));
      },
      {"boundaries tensor should be 1 dimension or the first N-1 dimensions"});
  expect_error(
      [&] {
        searchsorted(iota({2, 3}), iota({3}).view({3, 1}).select(0, 0).view({}));
      },
      {"input value can be a scalar only when boundaries tensor dimension is 1"});
  expect_error(
      [&] {
        searchsorted(bd, bd, false, false, std::nullopt, of(ScalarType::Long, {0, 1}));
      },
      {"boundary and sorter must have the same size"});
  expect_error([&] { searchsorted(bd, bd, false, false, std::nullopt, iota({3})); },
               {"sorter must be a tensor of long dtype"});
  expect_error(
      [&] {
        searchsorted(bd, bd, false, false, std::nullopt, of(ScalarType::Long, {0, 1, 3}));
      },
      {"sorter index out of range"});
  Tensor wrong = empty({0}, ScalarType::Int);
  expect_error([&] { searchsorted_out(wrong, bd, bd); }, {"output tensor's dtype is wrong"});
  expect_error(
      [&] {
        searchsorted(of(ScalarType::Bool, {0, 1}), of(ScalarType::Bool, {1}));
      },
      {"\"searchsorted\" not implemented for 'Bool'"});
}
