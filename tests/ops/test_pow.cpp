// The ops of aten/native/Pow.cpp: pow (Tensor-Tensor, Tensor-Scalar, Scalar-Tensor), the ATen
// semantics the manifest suite cannot express — special exponents (0.5 and -0.5 are sqrt),
// integer exponents with overflow and negative powers, Scalar bases, complex and reduced floats.
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/empty.h>
#include <aten/ops/pow.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using ref::as_doubles, ref::expect_same_doubles, ref::kInf, ref::kNaN, ref::make1d, ref::values;

// Regression (reliability suite): x ** 0.5 is sqrt(x) and x ** -0.5 is 1 / sqrt(x) in ATen,
// not pow's answer on -inf and -0. Values printed by libtorch 1.13.1 (Float and Double).
TEST(Pow, HalfExponentsAreSqrtAsATen) {
  for (ScalarType dt : {ScalarType::Float, ScalarType::Double}) {
    const Tensor x = make1d<double>({-kInf, -0.0, kInf, 0}).to(dt);
    expect_same_doubles(as_doubles(pow(x, 0.5)), {kNaN, -0.0, kInf, 0});
    expect_same_doubles(as_doubles(pow(x, -0.5)), {kNaN, -kInf, 0, kInf});
    expect_same_doubles(as_doubles(pow(x, 2.5)), {kInf, 0, kInf, 0});
  }
}

TEST(Pow, SpecialExponents) {
  Tensor x = make1d<double>({-2, 0, -0.0, 4, kNaN, -kInf, kInf});
  expect_same_doubles(values<double>(pow(x, 0)), {1, 1, 1, 1, 1, 1, 1});  // NaN ** 0 is 1
  expect_same_doubles(values<double>(pow(x, 1)), {-2, 0, -0.0, 4, kNaN, -kInf, kInf});
  expect_same_doubles(values<double>(pow(x, 2)), {4, 0, 0, 16, kNaN, kInf, kInf});
  expect_same_doubles(values<double>(pow(x, 3)), {-8, 0, -0.0, 64, kNaN, -kInf, kInf});
  // 0.5 is sqrt (ATen's choice): sqrt(-0) is -0, sqrt(-inf) is NaN where pow would give +0, inf.
  expect_same_doubles(values<double>(pow(x, 0.5)), {kNaN, 0, -0.0, 2, kNaN, kNaN, kInf});
  expect_same_doubles(values<double>(pow(x, -1)), {-0.5, kInf, -kInf, 0.25, kNaN, -0.0, 0});
  expect_same_doubles(values<double>(pow(x, -2)), {0.25, kInf, kInf, 0.0625, kNaN, 0, 0});
  expect_same_doubles(values<double>(pow(x, -0.5)), {kNaN, kInf, -kInf, 0.5, kNaN, kNaN, 0});
  // Any other exponent goes to pow: a negative base to a fractional power is NaN.
  EXPECT_TRUE(std::isnan(values<double>(pow(x, 1.0 / 3))[0]));
  EXPECT_NEAR(values<double>(pow(x, 2.5))[3], 32.0, 1e-12);
  // The same values through a tensor exponent.
  Tensor e = make1d<double>({3, 0, 2, 0.5, 0, 2, -1});
  expect_same_doubles(values<double>(pow(x, e)), {-8, 1, 0, 2, 1, kInf, 0});
}

TEST(Pow, IntegerExponents) {
  Tensor base = make1d<int64_t>({2, -3, 0, 1, -1, 7});
  EXPECT_EQ(values<int64_t>(pow(base, 3)), (std::vector<int64_t>{8, -27, 0, 1, -1, 343}));
  EXPECT_EQ(values<int64_t>(pow(base, 0)), (std::vector<int64_t>{1, 1, 1, 1, 1, 1}));
  EXPECT_EQ(values<int64_t>(pow(base, 21)),
            (std::vector<int64_t>{2097152, -10460353203, 0, 1, -1, 558545864083284007}));
  // A negative Scalar exponent of an integer tensor is refused, as in ATen...
  ref::expect_error([&] { pow(base, -1); },
                    {"pow.Tensor_Scalar:", "Integers to negative integer powers are not allowed"});
  ref::expect_error([&] { make1d<bool>({1}).pow_(-2); }, {"Integers to negative integer powers"});
  // ... but a floating one promotes to Float, and a tensor exponent gives 1 / base ** |e|
  // truncated: 1 for base 1, +-1 for base -1, 0 otherwise.
  EXPECT_EQ(pow(base, -1.0).dtype(), ScalarType::Float);
  Tensor e = make1d<int64_t>({-1, -2, -1, -5, -3, -2});
  EXPECT_EQ(values<int64_t>(pow(base, e)), (std::vector<int64_t>{0, 0, 0, 1, -1, 0}));
  EXPECT_EQ(values<int64_t>(pow(make1d<int64_t>({-1}), make1d<int64_t>({-4}))),
            (std::vector<int64_t>{1}));
  // Overflow wraps (two's complement), as the repeated products do in int32.
  EXPECT_EQ(values<int32_t>(pow(make1d<int32_t>({3}), 21)),
            (std::vector<int32_t>{static_cast<int32_t>(static_cast<uint32_t>(10460353203ULL))}));
  // uint8 too.
  EXPECT_EQ(values<uint8_t>(pow(make1d<uint8_t>({3}), make1d<uint8_t>({5}))),
            (std::vector<uint8_t>{243}));
}

TEST(Pow, ScalarBase) {
  Tensor e = make1d<float>({0, 1, 2, -1, kNaN, kInf});
  Tensor r = pow(2, e);
  EXPECT_EQ(r.dtype(), ScalarType::Float);
  const auto rv = values<float>(r);
  expect_same_doubles({rv.begin(), rv.end()}, {1, 2, 4, 0.5, kNaN, kInf});
  // 1 ** anything is 1, NaN and infinity included.
  Tensor one = pow(1, e);
  EXPECT_EQ(values<float>(one), (std::vector<float>(6, 1.f)));
  // An integer tensor exponent with a floating base promotes to Float; with an int base it
  // stays integral.
  Tensor ie = make1d<int32_t>({0, 3});
  EXPECT_EQ(pow(2.5, ie).dtype(), ScalarType::Float);
  EXPECT_NEAR(values<float>(pow(2.5, ie))[1], 15.625f, 1e-5);
  EXPECT_EQ(pow(2, ie).dtype(), ScalarType::Int);
  EXPECT_EQ(values<int32_t>(pow(2, ie)), (std::vector<int32_t>{1, 8}));
  Tensor out = empty({0}, ScalarType::Double);
  pow_out(out, 3, ie);
  EXPECT_EQ(values<double>(out), (std::vector<double>{1, 27}));
}

TEST(Pow, ComplexAndReducedFloat) {
  Tensor z = empty({1}, ScalarType::ComplexDouble).fill_(complex<double>(0, 1));
  const auto sq = values<complex<double>>(pow(z, 2))[0];  // i * i
  EXPECT_EQ(sq, complex<double>(-1, 0));
  const auto root = values<complex<double>>(pow(z, 0.5))[0];
  EXPECT_NEAR(root.real(), std::sqrt(0.5), 1e-15);
  EXPECT_NEAR(root.imag(), std::sqrt(0.5), 1e-15);
  Tensor h = make1d<BFloat16>({3});
  EXPECT_EQ(static_cast<float>(values<BFloat16>(pow(h, 2))[0]), 9.f);
  EXPECT_EQ(pow(h, 2).dtype(), ScalarType::BFloat16);
}
