// einsum (aten/native/Einsum.cpp) beyond the manifest suite's cases: agreement with the products
// it stands for, gradients through it, and ATen's errors for malformed equations.
#include <aten/TensorOperators.h>
#include <aten/autograd/Autograd.h>
#include <aten/core/Tensor.h>
#include <aten/ops/allclose.h>
#include <aten/ops/bmm.h>
#include <aten/ops/diagonal.h>
#include <aten/ops/einsum.h>
#include <aten/ops/matmul.h>
#include <aten/ops/sum.h>
#include <gtest/gtest.h>

#include <cmath>

#include "Reference.h"

using namespace aten;

namespace {

Tensor einsum_values(IntArrayRef sizes, int64_t seed) {
  return ref::make<double>(sizes, [seed](int64_t i) {
    return std::cos(0.37 * static_cast<double>(i) + static_cast<double>(seed));
  });
}

}  // namespace

TEST(Einsum, AgreesWithTheProductsItStandsFor) {
  const Tensor a = einsum_values({2, 3, 4}, 1), b = einsum_values({2, 4, 5}, 2),
               m = einsum_values({4, 4}, 3);
  EXPECT_TRUE(allclose(einsum("bij,bjk->bik", {a, b}), bmm(a, b)));
  // Implicit output (the labels used once, sorted: b is summed too), spaces ignored.
  EXPECT_TRUE(allclose(einsum("bij , bjk", {a, b}), bmm(a, b).sum({0})));
  EXPECT_TRUE(allclose(einsum("ii->i", {m}), m.diagonal()));
  EXPECT_TRUE(allclose(einsum("ii", {m}), m.diagonal().sum()));
  EXPECT_TRUE(allclose(einsum("...jk,...kl->...jl", {a, b}), matmul(a, b)));
  // A label summed in the middle of a chain, and the transpose of a product.
  const Tensor x = einsum_values({3, 4}, 4), y = einsum_values({4, 5}, 5),
               z = einsum_values({5, 2}, 6);
  EXPECT_TRUE(allclose(einsum("ij,jk,kl->li", {x, y, z}), matmul(matmul(x, y), z).t()));
}

TEST(Einsum, GradientsFlowToEveryOperand) {
  Tensor x = einsum_values({3, 4}, 1).requires_grad_(),
         y = einsum_values({4, 5}, 2).requires_grad_();
  const Tensor r = einsum("ij,jk->ik", {x, y});
  const Tensor dr = einsum_values(r.sizes(), 3);
  const auto g = autograd::grad({r}, {x, y}, {dr});
  EXPECT_TRUE(allclose(g[0], matmul(dr, y.detach().t())));
  EXPECT_TRUE(allclose(g[1], matmul(x.detach().t(), dr)));
}

TEST(Einsum, Errors) {
  const Tensor a = einsum_values({2, 3}, 1), b = einsum_values({3, 4}, 2);
  ref::expect_error([&] { einsum("ij,jk->ik", {a}); },
                    {"einsum(): more operands were provided than specified in the equation"});
  ref::expect_error(
      [&] {
        einsum("ij->ij", {a, b});
      },
      {"einsum(): fewer operands were provided than specified in the equation"});
  ref::expect_error([&] { einsum("ijk->i", {a}); },
                    {"the number of subscripts in the equation (3) does not match the number of "
                     "dimensions (2) for operand 0"});
  ref::expect_error(
      [&] {
        einsum("ij,ik->jk", {a, b});
      },
      {"einsum(): subscript i has size 3 for operand 1 which does not broadcast with "
       "previously seen size 2"});
  ref::expect_error([&] { einsum("ij->iz", {a}); },
                    {"einsum(): output subscript z does not appear in the equation for any input "
                     "operand"});
  ref::expect_error([&] { einsum("i1->i", {a}); }, {"subscripts must be in [a-zA-Z]"});
  ref::expect_error([&] { einsum("i..j->ij", {a}); }, {"that is not part of any ellipsis"});
  // No operand: no tensor to choose a kernel by; the dispatcher says so, naming the op.
  ref::expect_error([&] { einsum("ij->", {}); }, {"could not run 'einsum'"});
}

// A label of size 1 gives way to any other size, 0 included; 0 against 5 does not broadcast.
TEST(Einsum, ASizeOneLabelBroadcastsToZeroAndZeroToNothingElse) {
  EXPECT_EQ(
      einsum("bij,bjk->bik", {einsum_values({1, 0, 2}, 1), einsum_values({5, 2, 3}, 2)}).sizes(),
      IntArrayRef({5, 0, 3}));
  EXPECT_EQ(
      einsum("bij,bjk->bik", {einsum_values({0, 4, 2}, 1), einsum_values({1, 2, 3}, 2)}).sizes(),
      IntArrayRef({0, 4, 3}));
  ref::expect_error(
      [] {
        einsum("bij,bjk->bik", {einsum_values({0, 0, 2}, 1), einsum_values({5, 1, 3}, 2)});
      },
      {"einsum(): subscript b has size 5 for operand 1 which does not broadcast with previously "
       "seen size 0"});
}
