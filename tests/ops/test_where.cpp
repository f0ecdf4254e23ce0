// The ops of aten/native/Where.cpp: where (self, and the ScalarSelf, ScalarOther and Scalar
// overloads), what the manifest suite cannot say about it — ATen's promotion buckets with
// wrapped numbers and 0-dim tensors, broadcasting, Meta, and the condition's errors.
#include <aten/Factories.h>
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/empty.h>
#include <aten/ops/full.h>
#include <aten/ops/where.h>
#include <gtest/gtest.h>

#include <complex>

#include "DtypeShorthands.h"
#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using ref::expect_error;
using ref::of, ref::same;
using ref::u1, ref::i4, ref::i8, ref::f2, ref::f4, ref::f8, ref::c4, ref::c8;

TEST(UnaryWhere, ConditionAndPromotion) {
  Tensor c = tensor({true, false});
  Tensor r = aten::where(c, of(i4, {1, 2}), tensor({1.5, 2.5}).to(f8));
  ASSERT_EQ(r.scalar_type(), f8);
  EXPECT_TRUE(same(r, tensor({1.0, 2.5}).to(f8)));
  // ATen's buckets: a 0-dim Double counts (higher category), a 0-dim Long does not.
  EXPECT_EQ(aten::where(c, of(i4, {1, 2}), full({}, 2.5, f8)).scalar_type(), f8);
  EXPECT_EQ(aten::where(c, of(i4, {1, 2}), full({}, 2, i8)).scalar_type(), i4);
  // Broadcasting all three.
  Tensor b = aten::where(tensor({true, false}).reshape({2, 1}), tensor({1.f, 2.f, 3.f}),
                         full({}, 0.f, f4));
  EXPECT_TRUE(same(b, tensor({1.f, 2.f, 3.f, 0.f, 0.f, 0.f}).reshape({2, 3})));
  expect_error(
      [] { aten::where(tensor({1.f}), tensor({1.f}), tensor({2.f})); },
      {"where expected condition to be a boolean tensor, but got a tensor with dtype Float",
       "condition"});
  expect_error([] { aten::where(of(u1, {1}), tensor({1.f}), tensor({2.f})); }, {"dtype Byte"});
  Tensor out = empty({2}, f4);
  expect_error(
      [&] {
        aten::where_out(out, c, of(i4, {1, 2}), tensor({1.5, 2.5}).to(f8));
      },
      {"Expected out tensor to have dtype Double"});
  using C = std::complex<float>;
  EXPECT_TRUE(same(aten::where(c, tensor({C(1, 1), C(2, 2)}), tensor({C(0, 0), C(0, 0)})),
                   tensor({C(1, 1), C(0, 0)})));
}

// where.ScalarOther / ScalarSelf / Scalar: a Scalar is a wrapped number, below every tensor in
// type promotion. The dtypes are libtorch 1.13.1's: torch.where(c, int32, 7) is int32,
// (c, 2.5, int32) float32, (c, bool, 1) int64, (c, 1, 2.5) float32, (c, True, False) bool,
// (c, float16, 2.5) float16, (c, 0-dim bool, 1) int64, (c, 0-dim int32, 2.5) float32.
TEST(UnaryWhere, ScalarOverloads) {
  using C = std::complex<double>;
  Tensor c = tensor({true, false, true});
  Tensor i = of(i4, {1, 2, 3});
  EXPECT_TRUE(same(aten::where(c, i, 7), of(i4, {1, 7, 3})));
  EXPECT_TRUE(same(aten::where(c, 2.5, i), of(f4, {2.5, 2, 2.5})));
  EXPECT_TRUE(same(aten::where(c, tensor({false, true, true}), 1), of(i8, {0, 1, 1})));
  EXPECT_TRUE(same(aten::where(c, 1, 2.5), of(f4, {1, 2.5, 1})));
  EXPECT_TRUE(same(aten::where(c, 1, 2), of(i8, {1, 2, 1})));
  EXPECT_TRUE(same(aten::where(c, true, false), tensor({true, false, true})));
  EXPECT_EQ(aten::where(c, 1, C(0, 1)).scalar_type(), c4);
  EXPECT_EQ(aten::where(c, of(f2, {1, 2, 3}), 2.5).scalar_type(), f2);
  EXPECT_EQ(aten::where(c, C(0, 1), of(f8, {1, 2, 3})).scalar_type(), c8);
  EXPECT_EQ(aten::where(c, tensor({true}, {}), 1).scalar_type(), i8);
  EXPECT_EQ(aten::where(c, of(i4, {1}).reshape({}), 2.5).scalar_type(), f4);
  // The shape is the condition's (and the tensor's) broadcast.
  EXPECT_EQ(aten::where(tensor({true, false}).reshape({2, 1}), 1, 0).sizes(), IntArrayRef({2, 1}));
  EXPECT_EQ(aten::where(tensor({true}, {}), 1, 2.5).dim(), 0);
  EXPECT_TRUE(same(aten::where(tensor({false}, {}), i, 0), of(i4, {0, 0, 0})));
  // On Meta: the Scalars are CPU numbers, which join the condition's device.
  Tensor mc = empty({4, 1}, TensorOptions(kBool).device(kMeta));
  Tensor m = aten::where(mc, empty({3}, TensorOptions(kInt).device(kMeta)), 7);
  EXPECT_TRUE(m.is_meta());
  EXPECT_EQ(m.scalar_type(), i4);
  EXPECT_EQ(m.sizes(), IntArrayRef({4, 3}));
  Tensor ms = aten::where(mc, 1, 2.5);
  EXPECT_TRUE(ms.is_meta());
  EXPECT_EQ(ms.scalar_type(), f4);
  EXPECT_EQ(ms.sizes(), IntArrayRef({4, 1}));
  expect_error([] { aten::where(tensor({1.f}), 1, 2); },
               {"where.Scalar: ", "where expected condition to be a boolean tensor"});
  expect_error([&] { aten::where(c, empty({3}, TensorOptions().device(kMeta)), 0); },
               {"where.ScalarOther: ", "Expected all tensors to be on the same device"});
}
