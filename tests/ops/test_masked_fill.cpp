// The ops of aten/native/MaskedFill.cpp: masked_fill and masked_fill_, the parts the manifest
// suite cannot express: the errors (mask dtype, value, shapes) leaving self unchanged, a 0-dim
// value tensor, and the functional form's broadcasting of self and mask, on Meta too.
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/masked_fill.h>
#include <gtest/gtest.h>

#include <vector>

#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using ref::expect_equal, ref::iota, ref::meta, ref::values_of;
using ref::expect_error;
using ref::make;
using ref::read_double;

TEST(MaskedFill, ErrorsLeaveSelfUnchanged) {
  Tensor self = iota({2, 3}, ScalarType::Char);
  Tensor mask = make<bool>({3}, [](int64_t i) { return i != 1; });
  expect_error([&] { self.masked_fill_(mask.to(ScalarType::Byte), 1); },
               {"masked_fill_", "Bool mask", "Byte"});
  expect_error([&] { self.masked_fill_(mask, 300); }, {"masked_fill_"});
  expect_error([&] { self.masked_fill_(mask, iota({1}, ScalarType::Char)); },
               {"0-dimensional value tensor", "1 dimension"});
  expect_error(
      [&] {
        self.masked_fill_(make<bool>({2, 2, 3}, [](int64_t) { return 1; }), 1);
      },
      {"mask of shape [2, 2, 3] cannot be broadcast to self of shape [2, 3]"});
  expect_equal(self, iota({2, 3}, ScalarType::Char));
  self.masked_fill_(mask, make<int64_t>({}, [](int64_t) { return -4; }));
  EXPECT_EQ(values_of(self), (std::vector<double>{-4, 1, -4, -4, 4, -4}));
  // The functional form broadcasts self and mask against each other.
  Tensor r = masked_fill(iota({3}), make<bool>({2, 1}, [](int64_t i) { return i == 1; }), 9.5);
  EXPECT_EQ(values_of(r), (std::vector<double>{0, 1, 2, 9.5, 9.5, 9.5}));
  ref::expect_same_geometry(masked_fill(meta({3}), meta({2, 1}, ScalarType::Bool), 9.5), r);
}
