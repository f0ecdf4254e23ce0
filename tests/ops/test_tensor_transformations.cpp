// The ops of aten/native/TensorTransformations.cpp: flip, roll, repeat, tile and
// repeat_interleave, the parts the manifest suite cannot express: any layout, negative and repeated
// dims, roll over several dims or none, 0-dim and zero-size tensors, and the errors.
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/empty.h>
#include <aten/ops/flip.h>
#include <aten/ops/repeat_interleave.h>
#include <aten/ops/roll.h>
#include <aten/ops/t.h>
#include <aten/ops/tile.h>
#include <gtest/gtest.h>

#include <optional>
#include <vector>

#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using ref::expect_equal, ref::iota, ref::longs, ref::values_of;
using ref::expect_error;
using ref::make;
using ref::read_double;

TEST(Flip, MatchesReferenceOnAnyLayout) {
  Tensor base = iota({4, 5, 6});
  for (const Tensor& x :
       {base, base.transpose(0, 2), base.slice(1, 1, 5, 2), base.select(0, 1).expand({3, 5, 6})}) {
    for (std::vector<int64_t> dims : {std::vector<int64_t>{0}, {-1}, {0, 2}, {1, -1, 0}, {}}) {
      Tensor f = flip(x, dims);
      ref::for_each_index(x.sizes(), [&](const std::vector<int64_t>& idx) {
        std::vector<int64_t> src = idx;
        for (int64_t d : dims) {
          const int64_t w = d < 0 ? d + x.dim() : d;
          src[w] = x.sizes()[w] - 1 - idx[w];
        }
        ASSERT_EQ(read_double(f, idx), read_double(x, src))
            << x.toString() << " at " << IntArrayRef(idx);
      });
    }
  }
  expect_error([&] { flip(base, {0, -3}); }, {"flip", "dim 0 appears multiple times"});
  // A 0-dim tensor has dim 0 (also called -1), once.
  EXPECT_EQ(read_double(flip(iota({}) + 3.0, {-1}), {}), 3.0);
  expect_error([&] { flip(iota({}), {0, -1}); }, {"dim 0 appears multiple times"});
}

TEST(Roll, SeveralDimsEqualRollingOneAtATime) {
  Tensor x = iota({3, 4, 5});
  Tensor once = roll(x, {1, -2, 7}, {0, -1, 1});
  Tensor seq = roll(roll(roll(x, 1, 0), -2, 2), 7, 1);
  expect_equal(once, seq);
  // roll(x, s, d)[i] == x[(i - s) mod n]
  ref::for_each_index(x.sizes(), [&](const std::vector<int64_t>& idx) {
    std::vector<int64_t> src = {(idx[0] - 1 + 3) % 3, ((idx[1] - 7) % 4 + 4) % 4, (idx[2] + 2) % 5};
    ASSERT_EQ(read_double(once, idx), read_double(x, src));
  });
  // A dim named twice rolls by the sum of its shifts.
  expect_equal(roll(x, {2, 3}, {1, 1}), roll(x, 5, 1));
  // No dims: rolled flattened, then shaped back.
  Tensor flat = roll(x.transpose(0, 2), 4);
  std::vector<double> v = values_of(x.transpose(0, 2)), w = values_of(flat);
  for (size_t i = 0; i < v.size(); ++i) EXPECT_EQ(w[(i + 4) % v.size()], v[i]);
  EXPECT_EQ(flat.sizes(), IntArrayRef({5, 4, 3}));
  expect_error(
      [&] {
        roll(x, {1, 2}, {0});
      },
      {"roll", "shifts and dimensions must align. shifts: 2, dims: 1"});
  expect_error([&] { roll(x, {1, 2}); }, {"shifts and dimensions must align"});
  expect_error([&] { roll(x, 1, 3); }, {"Dimension out of range"});
  EXPECT_EQ(roll(empty({0, 3}), 2, 1).sizes(), IntArrayRef({0, 3}));
  // 0-dim: rolled flattened it is itself; along a dim it is ATen's error.
  EXPECT_EQ(read_double(roll(iota({}) + 2.0, 5), {}), 2.0);
  expect_error([&] { roll(iota({}), 1, 0); }, {"roll", "no dimensions"});
  ref::expect_same_geometry(roll(ref::to_meta(x), {1, 2}, {0, 1}), once);
}

TEST(Repeat, TilesAndPadsLeadingDims) {
  Tensor x = iota({2, 3}).t();  // [3, 2], transposed
  Tensor r = x.repeat({2, 1, 3});
  EXPECT_EQ(r.sizes(), IntArrayRef({2, 3, 6}));
  ref::for_each_index(r.sizes(), [&](const std::vector<int64_t>& idx) {
    ASSERT_EQ(read_double(r, idx), read_double(x, {idx[1] % 3, idx[2] % 2}));
  });
  EXPECT_EQ(x.repeat({0, 2}).sizes(), IntArrayRef({0, 4}));
  EXPECT_EQ(iota({}).repeat({}).dim(), 0);
  expect_error([&] { x.repeat({2}); },
               {"repeat", "can not be smaller than number of dimensions", "[3, 2]"});
  expect_error([&] { x.repeat({2, -1}); }, {"repeats must be non-negative", "[2, -1]"});
}

TEST(Tile, PadsDimsWithLeadingOnes) {
  Tensor x = iota({2, 3});
  expect_equal(tile(x, {2}), x.repeat({1, 2}));
  expect_equal(x.tile({2, 1, 2}), x.repeat({2, 1, 2}));
  expect_equal(tile(x, {}), x);
  EXPECT_EQ(tile(iota({}), {3}).sizes(), IntArrayRef({3}));
  expect_error([&] { tile(x, {-1}); }, {"repeats must be non-negative"});
}

TEST(RepeatInterleave, TensorRepeatsIntRepeatsAndIndices) {
  Tensor counts = longs({4}, {2, 0, 1, 3});
  EXPECT_EQ(values_of(repeat_interleave(counts)), std::vector<double>({0, 0, 2, 3, 3, 3}));
  EXPECT_EQ(repeat_interleave(counts.to(kInt), std::optional<int64_t>(6)).scalar_type(), kInt);
  EXPECT_EQ(repeat_interleave(longs({0}, {})).numel(), 0);
  Tensor x = iota({4, 2}).t();  // [2, 4], transposed
  Tensor r = repeat_interleave(x, counts, 1);
  ASSERT_EQ(r.sizes(), IntArrayRef({2, 6}));
  const std::vector<int64_t> source = {0, 0, 2, 3, 3, 3};
  for (int64_t i = 0; i < 2; ++i)
    for (int64_t j = 0; j < 6; ++j)
      EXPECT_EQ(read_double(r, {i, j}), read_double(x, {i, source[j]}));
  // One count for every element; no dim: self flattened.
  EXPECT_EQ(values_of(x.repeat_interleave(2)),
            std::vector<double>({0, 0, 2, 2, 4, 4, 6, 6, 1, 1, 3, 3, 5, 5, 7, 7}));
  expect_equal(repeat_interleave(x, longs({1}, {3}), -1), x.repeat_interleave(3, -1));
  EXPECT_EQ(repeat_interleave(x, 2, 0, 4).sizes(), IntArrayRef({4, 4}));

  expect_error([] { repeat_interleave(iota({3})); },
               {"\"repeat_interleave\" not implemented for 'Float'"});
  expect_error(
      [] {
        repeat_interleave(longs({2, 2}, {1, 1, 1, 1}));
      },
      {"repeat_interleave only accept 1D vector as repeat"});
  expect_error([] { repeat_interleave(longs({2}, {1, -1})); }, {"repeats can not be negative"});
  expect_error([&] { repeat_interleave(counts, std::optional<int64_t>(5)); },
               {"allocated size does not match"});
  expect_error([&] { repeat_interleave(x, counts, 0); },
               {"repeats must have the same size as input along dim"});
  expect_error(
      [&] {
        repeat_interleave(x, longs({2, 2}, {1, 1, 1, 1}));
      },
      {"repeats must be 0-dim or 1-dim tensor"});
  expect_error([&] { repeat_interleave(ref::to_meta(x), 2); }, {"repeat_interleave"});
  expect_error([] { repeat_interleave(iota({}), 2, 0); }, {"but tensor has no dimensions"});
}
