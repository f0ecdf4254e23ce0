// The op of aten/native/Unique.cpp: _unique2, the parts the manifest suite cannot express: the
// unsorted order, NaN and signed zeros (values, inverse and counts as libtorch 1.13 gives them),
// Bool, and the dtypes refused.
#include <aten/core/Tensor.h>
#include <aten/ops/_unique2.h>
#include <gtest/gtest.h>

#include <tuple>
#include <vector>

#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using ref::expect_error, ref::of, ref::values_of;

TEST(Unique, UnsortedInTheHashSetsOrder) {
  auto [v, i, c] = _unique2(of(ScalarType::Long, {3, 1, 2, 3, 5, 1}), false, false, true);
  EXPECT_EQ(values_of(v), (std::vector<double>{5, 2, 1, 3}));
  EXPECT_EQ(values_of(i), (std::vector<double>{3, 2, 1, 3, 0, 2}));  // computed for the counts
  EXPECT_EQ(values_of(c), (std::vector<double>{1, 1, 2, 2}));
  EXPECT_EQ(values_of(std::get<0>(_unique2(of(ScalarType::Float, {0.5, 1.5, 0.5, 2.5}), false))),
            (std::vector<double>{1.5, 2.5, 0.5}));
  auto [s, si, sc] = _unique2(of(ScalarType::Long, {3, 1, 2, 3}).view({2, 2}), true, true);
  EXPECT_EQ(values_of(s), (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(si.sizes(), IntArrayRef({2, 2}));
  EXPECT_EQ(values_of(si), (std::vector<double>{2, 0, 1, 2}));
  EXPECT_EQ(sc.numel(), 0);
}

TEST(Unique, NanSignedZerosAndBool) {
  auto [v, i, c] = _unique2(of(ScalarType::Float, {3, ref::kNaN, 1, ref::kNaN, -0.0, 0}), true,
                            true, true);
  ref::expect_same_doubles(values_of(v), {-0.0, 1, ref::kNaN, ref::kNaN, 3});
  EXPECT_EQ(values_of(i), (std::vector<double>{4, 0, 1, 0, 0, 0}));
  EXPECT_EQ(values_of(c), (std::vector<double>{2, 1, 0, 0, 1}));
  auto [b, bi, bc] = _unique2(of(ScalarType::Bool, {1, 0, 1}), false, true, true);
  EXPECT_EQ(values_of(b), (std::vector<double>{0, 1}));
  EXPECT_EQ(values_of(bi), (std::vector<double>{1, 0, 1}));
  EXPECT_EQ(values_of(bc), (std::vector<double>{1, 2}));
  expect_error([] { _unique2(of(ScalarType::Half, {1})); },
               {"\"_unique2\" not implemented for 'Half'"});
}
