// The ops of aten/native/TensorProducts.cpp beyond the manifest suite's cases: ATen's errors,
// beta == 0 not reading self, and agreement with the products they are made of.
#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/addbmm.h>
#include <aten/ops/addmv.h>
#include <aten/ops/allclose.h>
#include <aten/ops/baddbmm.h>
#include <aten/ops/bmm.h>
#include <aten/ops/empty.h>
#include <aten/ops/full.h>
#include <aten/ops/isnan.h>
#include <aten/ops/kron.h>
#include <aten/ops/mm.h>
#include <aten/ops/outer.h>
#include <aten/ops/sum.h>
#include <aten/ops/tensordot.h>
#include <aten/ops/zeros.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "Reference.h"

using namespace aten;

namespace {

Tensor product_values(IntArrayRef sizes, int64_t seed) {
  return ref::make<double>(sizes, [seed](int64_t i) {
    return std::sin(0.53 * static_cast<double>(i) + static_cast<double>(seed));
  });
}

}  // namespace

TEST(TensorProducts, BetaZeroDoesNotReadSelf) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const Tensor b1 = product_values({2, 3, 4}, 1), b2 = product_values({2, 4, 5}, 2);
  const Tensor r = baddbmm(full({2, 3, 5}, nan, TensorOptions().dtype(ScalarType::Double)), b1, b2,
                           0, 2);
  EXPECT_FALSE(isnan(r).any().item<bool>());
  EXPECT_TRUE(allclose(r, bmm(b1, b2) * 2));
  const Tensor s = addbmm(full({3, 5}, nan, TensorOptions().dtype(ScalarType::Double)), b1, b2, 0,
                          1);
  EXPECT_TRUE(allclose(s, bmm(b1, b2).sum({0})));
  const Tensor v = addmv(full({3}, nan, TensorOptions().dtype(ScalarType::Double)),
                         product_values({3, 4}, 3), product_values({4}, 4), 0, 1);
  EXPECT_FALSE(isnan(v).any().item<bool>());
}

TEST(TensorProducts, TensordotAndKron) {
  const Tensor a = product_values({3, 4, 5}, 1), b = product_values({4, 3, 2}, 2);
  EXPECT_TRUE(allclose(tensordot(a, b, {0, 1}, {1, 0}), mm(a.permute({2, 0, 1}).reshape({5, 12}),
                                                           b.permute({1, 0, 2}).reshape({12, 2}))));
  const Tensor k = kron(product_values({2, 2}, 3), product_values({3}, 4));
  EXPECT_EQ(k.sizes(), (std::vector<int64_t>{2, 6}));
  EXPECT_TRUE(allclose(outer(product_values({3}, 1), product_values({2}, 2)),
                       product_values({3}, 1).reshape({3, 1}) * product_values({2}, 2)));
}

// A contracted dim of size 1 broadcasts against the other side's, which is summed, as ATen's
// tensordot does (libtorch 1.13: tensordot(randn(3, 1), randn(4, 5), ([1], [0])) is [3, 5]); in
// the operands' dtype, integral ones too.
TEST(TensorProducts, TensordotBroadcastsASizeOneContractedDim) {
  const Tensor a = product_values({3, 1}, 1), b = product_values({4, 5}, 2);
  const Tensor r = tensordot(a, b, {1}, {0});
  EXPECT_EQ(r.sizes(), (std::vector<int64_t>{3, 5}));
  EXPECT_TRUE(allclose(r, outer(a.reshape({3}), aten::sum(b, {0}))));
  EXPECT_TRUE(allclose(tensordot(b, a, {0}, {1}), outer(aten::sum(b, {0}), a.reshape({3}))));
  const Tensor i = tensordot(product_values({4, 1}, 3).to(ScalarType::Char),
                             product_values({4, 1}, 4).to(ScalarType::Char), {-1}, {-1});
  EXPECT_EQ(i.scalar_type(), ScalarType::Char);
  EXPECT_EQ(i.sizes(), (std::vector<int64_t>{4, 4}));
  ref::expect_error(
      [&] {
        tensordot(product_values({3, 2}, 1), product_values({3, 5}, 2), {1}, {0});
      },
      {"contracted dimensions need to match, but first has size 2 in dim 1 and "
       "second has size 3 in dim 0"});
}

TEST(TensorProducts, Errors) {
  ref::expect_error(
      [&] {
        addmv(product_values({3}, 1), product_values({3, 4}, 2), product_values({5}, 3));
      },
      {"size mismatch, got input (3), mat (3x4), vec (5)"});
  ref::expect_error(
      [&] { addmv(product_values({3}, 1), product_values({3}, 2), product_values({3}, 3)); },
      {"vector + matrix @ vector expected, got 1, 1, 1"});
  ref::expect_error(
      [&] {
        baddbmm(product_values({2, 3, 5}, 1), product_values({2, 3, 4}, 2),
                product_values({3, 4, 5}, 3));
      },
      {"baddbmm: batch1 and batch2 must have same number of batches, got 2 and 3"});
  ref::expect_error(
      [&] {
        addbmm(product_values({3, 5}, 1), product_values({2, 3, 4}, 2),
               product_values({2, 3, 5}, 3));
      },
      {"addbmm: incompatible matrix sizes for bmm (3x4 and 3x5)"});
  ref::expect_error(
      [&] {
        baddbmm(product_values({4, 5}, 1), product_values({2, 3, 4}, 2),
                product_values({2, 4, 5}, 3));
      },
      {"baddbmm: the input of size [4, 5] does not broadcast to the product's size [2, 3, 5]"});
  // The scalars are taken in the product's dtype: a real one keeps its dtype, on Meta too, and
  // an imaginary part does not fit it.
  const TensorOptions meta = TensorOptions().dtype(ScalarType::Half).device(kMeta);
  EXPECT_EQ(baddbmm(empty({4, 1, 4}, meta), empty({4, 1, 1}, meta), empty({4, 1, 4}, meta),
                    complex<double>(1.5, 0))
                .scalar_type(),
            ScalarType::Half);
  ref::expect_error(
      [&] {
        baddbmm(product_values({2, 3, 5}, 1), product_values({2, 3, 4}, 2),
                product_values({2, 4, 5}, 3), complex<double>(1, 2));
      },
      {"cannot be converted to type Double without overflow"});
  // Into an integral dtype: a value it cannot hold, as ATen's kernel converts it.
  const TensorOptions bytes = TensorOptions().dtype(ScalarType::Byte);
  ref::expect_error(
      [&] {
        baddbmm(zeros({2, 3, 5}, bytes), zeros({2, 3, 4}, bytes), zeros({2, 4, 5}, bytes), -1.5);
      },
      {"baddbmm: value -1.5 cannot be converted to type Byte without overflow"});
  ref::expect_error(
      [&] {
        outer(product_values({2, 2}, 1), product_values({3}, 2));
      },
      {"outer: expected 1D tensors, got 2D and 1D"});
  ref::expect_error(
      [&] {
        tensordot(product_values({3, 4}, 1), product_values({4, 3}, 2), {0}, {0});
      },
      {"contracted dimensions need to match, but first has size 3 in dim 0 and second has size 4 "
       "in dim 0"});
  ref::expect_error(
      [&] {
        tensordot(product_values({3, 4}, 1), product_values({4, 3}, 2), {0, 1}, {1});
      },
      {"both dimension lists should have same length"});
  // A bad in-place self changes nothing.
  Tensor self = product_values({1}, 5);
  const Tensor before = self.clone();
  ref::expect_error(
      [&] {
        addmv_(self, product_values({3, 4}, 2), product_values({4}, 3));
      },
      {"Bad in-place call"});
  EXPECT_TRUE(allclose(self, before));
}
