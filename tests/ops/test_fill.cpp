// The ops of aten/native/Fill.cpp: fill_ and zero_. Every dtype fill_ declares, every layout,
// the value's conversion and its checks, expanded selves, Meta runs; values read back through
// strides. (The factories built on fill_ are in test_tensor_factories.cpp.)
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/empty.h>
#include <aten/ops/fill.h>
#include <aten/ops/full.h>
#include <aten/ops/ones.h>
#include <aten/ops/zero.h>
#include <aten/ops/zeros.h>
#include <gtest/gtest.h>

#include <cmath>
#include <complex>

#include "DtypeShorthands.h"
#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using aten::ref::expect_error;
using ref::at2, ref::expect_all;

namespace {

// fill_'s dtypes (native_functions.yaml): all 13.

}  // namespace

TEST(Fill, EveryDtypeContiguousStridedZeroDimAndLarge) {
  for (ScalarType t : ref::kDtypeOrder) {
    const double v = t == ScalarType::Bool ? 1 : (isFloatingType(t) ? 2.5 : 7);
    Tensor a = empty({3, 5}, t);
    a.fill_(v);
    expect_all(a, v);
    // Transposed and with a gap between rows: every element, and nothing else, is written.
    Tensor base = zeros({6, 5}, t);
    Tensor strided = base.t().slice(1, 0, 6, 2);  // 5 x 3, strides [1, 10]
    aten::fill_(strided, v);
    ref::for_each_index(base.sizes(), [&](const std::vector<int64_t>& idx) {
      ASSERT_EQ(ref::read_double(base, idx), idx[0] % 2 == 0 ? v : 0.0) << t;
    });
    Tensor scalar = empty({}, t);
    scalar.fill_(v);
    EXPECT_EQ(ref::read_double(scalar, {}), v);
    Tensor none = empty({0, 4}, t);
    EXPECT_TRUE(none.fill_(v).is_same(none));
    // Past the grain size: the parallel, vectorized path; plus a tail that is not a whole vector.
    Tensor big = empty({100003}, t);
    big.fill_(v);
    expect_all(big, v);
  }
}

TEST(Fill, ComplexKeepsTheImaginaryPartAndRealTypesRefuseIt) {
  Tensor z = zeros({5}, ScalarType::ComplexDouble).slice(0, 0, 5, 2);
  z.fill_(std::complex<double>(2, -3));
  for (int64_t i = 0; i < 3; ++i)
    EXPECT_EQ(ref::get<complex<double>>(z, {i}), complex<double>(2, -3));
  Tensor h = zeros({3}, ScalarType::Half);
  expect_error([&] { h.fill_(1e6); }, {"fill_.Scalar: ", "Half", "overflow"});
  expect_all(h, 0);
  Tensor bf = empty({3}, ScalarType::BFloat16);
  bf.fill_(1e30);  // within BFloat16's range (float's exponent), rounded to nearest even
  expect_all(bf, static_cast<double>(static_cast<float>(BFloat16(1e30f))));
}

// ComplexHalf takes fill_'s value through complex<float>'s range check, then rounds, as ATen's
// fill does (1e10 fills inf, 1e39 is an error); masked_fill and Scalar::to check Half's range.
TEST(Fill, ComplexHalfChecksAsComplexFloatThenRounds) {
  Tensor z = zeros({3}, ScalarType::ComplexHalf);
  z.fill_(std::complex<double>(0.1, -2));
  ref::expect_complex_half(
      z, {{0.0999755859375f, -2.f}, {0.0999755859375f, -2.f}, {0.0999755859375f, -2.f}});
  z.fill_(1e10);
  ref::expect_complex_half(z, {{INFINITY, 0.f}, {INFINITY, 0.f}, {INFINITY, 0.f}});
  expect_error([&] { z.fill_(1e39); }, {"fill_.Scalar: ", "overflow"});
  ref::expect_complex_half(full({2}, std::complex<double>(70000, 1), ScalarType::ComplexHalf),
                           {{INFINITY, 1.f}, {INFINITY, 1.f}});
  expect_error([&] { z.masked_fill(ones({3}, ScalarType::Bool), 70000); },
               {"cannot be converted to type ComplexHalf without overflow"});
}

TEST(Fill, ExpandedSelfIsAllowedBecauseFillIsIdempotent) {
  Tensor base = zeros({3});
  Tensor wide = base.expand({4, 3});
  wide.fill_(5);
  expect_all(base, 5);
}

TEST(Fill, ValueIsConvertedWithChecksAndBadValuesChangeNothing) {
  Tensor i = zeros({4}, ScalarType::Int);
  i.fill_(2.75);  // C++ conversion truncates, as ATen's fill_
  expect_all(i, 2);
  Tensor b = zeros({2}, ScalarType::Bool);
  b.fill_(0.5);
  expect_all(b, 1);
  Tensor f = zeros({2});
  f.fill_(true);
  expect_all(f, 1);

  Tensor c = zeros({3}, ScalarType::Char);
  expect_error([&] { c.fill_(300); }, {"fill_.Scalar: ", "300", "Char", "overflow"});
  expect_all(c, 0);
  expect_error([&] { f.fill_(std::complex<double>(1, 2)); }, {"fill_.Scalar: ", "Float"});
  expect_all(f, 1);
  Tensor m = empty({3}, TensorOptions(ScalarType::Char).device(kMeta));
  expect_error([&] { m.fill_(300); }, {"fill_.Scalar: ", "overflow"});
}

TEST(Fill, MetaChecksAndWritesNothing) {
  Tensor m = empty({4, 2}, TensorOptions().device(kMeta));
  EXPECT_TRUE(m.fill_(3).is_same(m));
  EXPECT_TRUE(aten::zero_(m).is_meta());
}

TEST(Zero, OnlyTheViewIsZeroed) {
  Tensor base = ones({4, 4}, ScalarType::Long);
  base.diagonal().zero_();
  for (int64_t r = 0; r < 4; ++r)
    for (int64_t c = 0; c < 4; ++c) EXPECT_EQ(at2(base, r, c), r == c ? 0 : 1);
}
