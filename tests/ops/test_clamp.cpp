// The ops of aten/native/Clamp.cpp: clamp, clamp_min, clamp_max (Scalar and Tensor bounds), what
// the manifest suite cannot say about them — min > max, NaN bounds, -0 kept, promotion by the
// bounds, complex bounds, and ATen's error messages; relu, which is clamp_min(x, 0), with them.
#include <aten/Factories.h>
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/arange.h>
#include <aten/ops/clamp.h>
#include <aten/ops/clamp_max.h>
#include <aten/ops/clamp_min.h>
#include <aten/ops/full.h>
#include <aten/ops/relu.h>
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <optional>

#include "DtypeShorthands.h"
#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using ref::expect_error;
using ref::i4, ref::i8, ref::f4, ref::f8;
using ref::kInf, ref::kNaN, ref::of, ref::same;

TEST(UnaryClamp, Bounds) {
  Tensor x = tensor({static_cast<float>(kNaN), -2.f, -0.f, 0.5f, 3.f, static_cast<float>(kInf)});
  // min > max: max everywhere but NaN (libtorch 1.13.1 gives the same).
  Tensor r = aten::clamp(x, 1, 0);
  EXPECT_TRUE(std::isnan(r.data_ptr<float>()[0]));
  for (int64_t i = 1; i < 6; ++i) EXPECT_EQ(r.data_ptr<float>()[i], 0.f) << i;
  // Within the bounds self is kept: clamp(-0, 0, 1) is -0.
  Tensor k = aten::clamp(x, 0, 1);
  EXPECT_TRUE(std::signbit(k.data_ptr<float>()[2]));
  EXPECT_EQ(k.data_ptr<float>()[4], 1.f);
  EXPECT_EQ(k.data_ptr<float>()[1], 0.f);
  // A NaN bound makes everything NaN, Scalar or Tensor, vector loop or not.
  for (const Tensor& in : {x, full({50}, 1.f, f4)}) {
    Tensor n1 = aten::clamp(in, kNaN, 1);
    Tensor n2 = aten::clamp(in, full({}, kNaN, f4), full({}, 1.f, f4));
    Tensor n3 = aten::clamp(in, std::optional<Tensor>(full({in.numel()}, 0.f, f4)),
                            std::optional<Tensor>(full({in.numel()}, kNaN, f4)));
    for (int64_t i = 0; i < in.numel(); ++i) {
      EXPECT_TRUE(std::isnan(n1.data_ptr<float>()[i]));
      EXPECT_TRUE(std::isnan(n2.data_ptr<float>()[i]));
      EXPECT_TRUE(std::isnan(n3.data_ptr<float>()[i]));
    }
  }
  // Integers with integer bounds stay integers; a floating bound promotes to Float.
  Tensor i = arange(5);
  EXPECT_TRUE(same(aten::clamp(i, 3, 1), of(i8, {1, 1, 1, 1, 1})));
  Tensor f = aten::clamp(i, 1.5, 2.5);
  ASSERT_EQ(f.scalar_type(), f4);
  EXPECT_TRUE(same(f, tensor({1.5f, 1.5f, 2.f, 2.5f, 2.5f})));
  EXPECT_EQ(aten::clamp(tensor({true, false}), 0, 1).scalar_type(), i8);
  expect_error([&] { i.clamp_(1.5, 2); },
               {"result type Float can't be cast to the desired output type Long"});
  EXPECT_TRUE(same(i, arange(5)));
  expect_error([&] { aten::clamp(i); },
               {"torch.clamp: At least one of 'min' or 'max' must not be None"});
  expect_error([&] { aten::clamp(i, std::optional<Tensor>(), std::optional<Tensor>()); },
               {"At least one of 'min' or 'max'"});
  expect_error([] { aten::clamp(tensor({std::complex<float>(1, 0)}), 0, 1); },
               {"clamp is not supported for complex types"});
  // A complex bound is a real number for a floating self when its imaginary part is zero (as in
  // libtorch 1.13); for an integral self it makes the computation complex.
  using cd = std::complex<double>;
  EXPECT_TRUE(same(aten::clamp(tensor({1.f, -3.f}), cd(-1.5, 0), -1.0), tensor({-1.f, -1.5f})));
  Tensor g = tensor({1.f, -3.f});
  expect_error([&] { g.clamp_(Scalar(cd(-1.5, 0.5))); },
               {"cannot be converted to type Float without overflow"});
  EXPECT_TRUE(same(g, tensor({1.f, -3.f})));
  expect_error([&] { aten::clamp(i, cd(1, 0)); }, {"clamp is not supported for complex types"});
  expect_error([] { aten::clamp_min(tensor({1.f}), cd(1, 0)); },
               {"clamp is not supported for complex types"});
  // Tensor bounds broadcast and promote: [3] x [2, 1] bounds, Int self with Double bounds.
  Tensor lo = tensor({0.5, 1.5}).reshape({2, 1}).to(f8);
  Tensor t = aten::clamp(of(i4, {0, 1, 2}), std::optional<Tensor>(lo), std::optional<Tensor>());
  ASSERT_EQ(t.scalar_type(), f8);
  ASSERT_EQ(t.sizes(), IntArrayRef({2, 3}));
  EXPECT_TRUE(same(t, tensor({0.5, 1.0, 2.0, 1.5, 1.5, 2.0}).to(f8).reshape({2, 3})));
  // clamp_min / clamp_max, Scalar and Tensor; relu is clamp_min(x, 0).
  EXPECT_TRUE(same(aten::clamp_min(tensor({-1, 2}), 0), tensor({0, 2})));
  EXPECT_TRUE(same(aten::clamp_max(tensor({-1.f, 2.f}), 1), tensor({-1.f, 1.f})));
  EXPECT_TRUE(same(aten::clamp_max(tensor({-1.f, 2.f}), tensor({0.f, 3.f})), tensor({-1.f, 2.f})));
  Tensor relu = aten::relu(tensor({-3.f, -0.f, 2.f}));
  EXPECT_TRUE(same(relu, tensor({0.f, 0.f, 2.f})));
  EXPECT_TRUE(std::signbit(relu.data_ptr<float>()[1]));  // as in libtorch 1.13.1
  expect_error([] { aten::relu(tensor({true})); }, {"Boolean inputs not supported for relu"});
}
