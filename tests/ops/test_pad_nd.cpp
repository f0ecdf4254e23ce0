// The ops of aten/native/PadNd.cpp: constant_pad_nd and pad, the parts the manifest suite does
// not cover: small hand-checked results, gradients, Meta, and the errors.
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/constant_pad_nd.h>
#include <aten/ops/pad.h>
#include <aten/ops/sum.h>
#include <gtest/gtest.h>

#include <vector>

#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using ref::expect_error;
using ref::iota;
using ref::values_of;

TEST(ConstantPadNd, PadsAndCrops) {
  Tensor x = iota({2, 3}) + 1.0;  // [[1, 2, 3], [4, 5, 6]]
  EXPECT_EQ(values_of(constant_pad_nd(x, {1, -1}, 9)), std::vector<double>({9, 1, 2, 9, 4, 5}));
  EXPECT_EQ(values_of(constant_pad_nd(x, {0, 0, 1, 0})),
            std::vector<double>({0, 0, 0, 1, 2, 3, 4, 5, 6}));
  // Only crops: a copy of the narrowed input, empty if need be.
  EXPECT_EQ(constant_pad_nd(x, {-2, -1}).sizes(), IntArrayRef({2, 0}));
  Tensor c = constant_pad_nd(x, {-1, 0});
  EXPECT_EQ(values_of(c), std::vector<double>({2, 3, 5, 6}));
  c.fill_(0.0);
  EXPECT_EQ(values_of(x)[1], 2.0);
  ref::expect_same_geometry(constant_pad_nd(ref::to_meta(x), {2, 1}), constant_pad_nd(x, {2, 1}));
  expect_error([&] { constant_pad_nd(x, {1}); },
               {"Length of pad must be even but instead it equals 1"});
  expect_error(
      [&] {
        constant_pad_nd(x, {1, 1, 1, 1, 1, 1});
      },
      {"Length of pad should be no more than twice the number of dimensions"});
  expect_error(
      [&] {
        constant_pad_nd(x, {-2, -1, 1, 0});
      },
      {"resulted in a negative output size", "Check dimension 1"});
}

TEST(ConstantPadNd, GradientCropsGrad) {
  Tensor x = iota({2, 3}, kDouble).requires_grad_(true);
  Tensor w = iota({3, 4}, kDouble);
  aten::sum(constant_pad_nd(x, {2, -1, 1, 0}, 5) * w).backward();
  // x[i, j] (j < 2) lands at [i + 1, j + 2].
  EXPECT_EQ(values_of(x.grad()), std::vector<double>({6, 7, 0, 10, 11, 0}));
}

TEST(Pad, ModesOnOneDim) {
  Tensor x = (iota({1, 4}) + 1.0);  // [[1, 2, 3, 4]], an unbatched 1-d signal
  EXPECT_EQ(values_of(pad(x, {2, 1}, "reflect")), std::vector<double>({3, 2, 1, 2, 3, 4, 3}));
  EXPECT_EQ(values_of(pad(x, {2, 1}, "replicate")), std::vector<double>({1, 1, 1, 2, 3, 4, 4}));
  EXPECT_EQ(values_of(pad(x.unsqueeze(0), {2, 1}, "circular")),
            std::vector<double>({3, 4, 1, 2, 3, 4, 1}));
  EXPECT_EQ(values_of(pad(x, {1, 1}, "constant", 7.0)), std::vector<double>({7, 1, 2, 3, 4, 7}));
  EXPECT_EQ(values_of(pad(x, {1, 0})), std::vector<double>({0, 1, 2, 3, 4}));
  EXPECT_EQ(values_of(pad(x, {-1, 1}, "replicate")), std::vector<double>({2, 3, 4, 4}));
  ref::expect_same_geometry(pad(ref::to_meta(x), {2, 1}, "reflect"), pad(x, {2, 1}, "reflect"));
}

TEST(Pad, ReflectGradientAddsEachMirroredPosition) {
  Tensor x = iota({1, 1, 4}, kDouble).requires_grad_(true);
  aten::sum(pad(x, {2, 1}, "reflect")).backward();  // positions 3 2 [1 2 3 4] 3
  EXPECT_EQ(values_of(x.grad()), std::vector<double>({1, 2, 3, 1}));
}

TEST(Pad, Errors) {
  Tensor x = iota({2, 3, 4});
  expect_error([&] { pad(x, {1, 1}, "wrap"); }, {"Unrecognised padding mode wrap"});
  expect_error([&] { pad(x, {1}, "reflect"); }, {"Padding length must be divisible by 2"});
  expect_error([&] { pad(x, {1, 1, 1, 1, 1, 1, 1, 1}); }, {"Padding length too large"});
  expect_error(
      [&] {
        pad(x, {1, 1}, "reflect", 1.0);
      },
      {"Padding mode \"reflect\" doesn't take in value argument"});
  expect_error(
      [&] {
        pad(iota({4}), {1, 1}, "reflect");
      },
      {"Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for now"});
  expect_error(
      [&] {
        pad(x, {4, 1}, "reflect");
      },
      {"Argument #4: Padding size should be less than the corresponding input dimension, "
       "but got: padding (4, 1) at dimension 2 of input [2, 3, 4]"});
  expect_error(
      [&] {
        pad(x, {5, 0}, "circular");
      },
      {"Padding value causes wrapping around more than once"});
  expect_error([&] { pad(x, {1, 1, 1, 1}, "circular"); }, {"Expected padding of length 2"});
  expect_error([&] { pad(x, {-3, -1}, "replicate"); }, {"is too small"});
  // Negative pads may empty one padded dim of replicate and reflect padding while another keeps
  // elements, as ATen's kernels allow; not every padded dim.
  const Tensor x4 = iota({1, 3, 2, 5});
  EXPECT_EQ(pad(x4, {0, 2, -1, -1}, "replicate").sizes(), IntArrayRef({1, 3, 0, 7}));
  EXPECT_EQ(pad(x4, {-3, -2, 0, 0}, "reflect").sizes(), IntArrayRef({1, 3, 2, 0}));
  expect_error(
      [&] {
        pad(x4, {-3, -2, -1, -1}, "replicate");
      },
      {"is too small. Calculated output size of the padded dims: [0, 0]"});
  // Circular padding may empty a dim (ATen's does), not make it negative.
  EXPECT_EQ(pad(x, {-2, -2}, "circular").sizes(), IntArrayRef({2, 3, 0}));
  expect_error(
      [&] {
        pad(x, {-3, -2}, "circular");
      },
      {"Negative padding value is resulting in an empty dimension"});
  expect_error(
      [] {
        pad(iota({2, 0, 4}), {1, 1}, "replicate");
      },
      {"with possibly 0 batch size and other non-zero dimensions"});
}
