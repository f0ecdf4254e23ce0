#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <gtest/gtest.h>

#include "Reference.h"

#include <limits>
#include <sstream>

using namespace aten;

namespace {
std::string str(const Scalar& s) {
  std::ostringstream os;
  os << s;
  return os.str();
}

using ref::error_of;
}  // namespace

TEST(Scalar, ComplexKindAndType) {
  Scalar z = complex<double>(1.5, -2.0);
  EXPECT_TRUE(z.isComplex());
  EXPECT_FALSE(z.isFloatingPoint());
  EXPECT_EQ(z.type(), ScalarType::ComplexDouble);
  EXPECT_EQ(z.toComplexDouble(), complex<double>(1.5, -2.0));
  Scalar zf = complex<float>(0.5f, 1.f);
  EXPECT_EQ(zf.type(), ScalarType::ComplexDouble);
  EXPECT_EQ(Scalar(Half(0.5f)).type(), ScalarType::Double);
  EXPECT_EQ(Scalar(BFloat16(0.5f)).toDouble(), 0.5);
  EXPECT_EQ(Scalar(uint8_t{200}).type(), ScalarType::Long);
  EXPECT_EQ(Scalar(true).type(), ScalarType::Bool);
  Scalar zh = complex<Half>(Half(0.5f), Half(-2.f));  // complex doubles, as Half gives doubles
  EXPECT_TRUE(zh.isComplex());
  EXPECT_EQ(zh.toComplexDouble(), complex<double>(0.5, -2.0));
}

TEST(Scalar, ToEveryCppType) {
  Scalar i = 7, d = 2.5, b = true, z = complex<double>(3.0, 4.0);
  EXPECT_EQ(i.to<bool>(), true);
  EXPECT_EQ(i.to<uint8_t>(), 7);
  EXPECT_EQ(i.to<int8_t>(), 7);
  EXPECT_EQ(i.to<int16_t>(), 7);
  EXPECT_EQ(i.to<int32_t>(), 7);
  EXPECT_EQ(i.to<int64_t>(), 7);
  EXPECT_EQ(static_cast<float>(i.to<Half>()), 7.f);
  EXPECT_EQ(static_cast<float>(i.to<BFloat16>()), 7.f);
  EXPECT_EQ(i.to<float>(), 7.f);
  EXPECT_EQ(i.to<double>(), 7.0);
  EXPECT_EQ(i.to<complex<float>>(), complex<float>(7.f, 0.f));
  EXPECT_EQ(i.to<complex<double>>(), complex<double>(7.0, 0.0));
  EXPECT_EQ(i.to<complex<Half>>(), complex<Half>(7.f, 0.f));
  EXPECT_EQ(d.to<int32_t>(), 2);
  EXPECT_EQ(static_cast<float>(d.to<Half>()), 2.5f);
  EXPECT_EQ(d.to<complex<double>>(), complex<double>(2.5, 0));
  EXPECT_EQ(b.to<double>(), 1.0);
  EXPECT_EQ(b.to<complex<float>>(), complex<float>(1.f, 0.f));
  EXPECT_EQ(z.to<complex<float>>(), complex<float>(3.f, 4.f));
  EXPECT_EQ(z.to<complex<Half>>(), complex<Half>(3.f, 4.f));
  EXPECT_EQ(Scalar(0.1).to<complex<Half>>(), complex<Half>(Half(0.1f), 0.f));  // rounded
  EXPECT_EQ(z.to<bool>(), true);
  EXPECT_EQ(Scalar(complex<double>(0, 0)).to<bool>(), false);
  EXPECT_EQ(Scalar(complex<double>(0, 1)).to<bool>(), true);
  // A complex with a zero imaginary part converts to a real type (ATen's rule).
  EXPECT_EQ(Scalar(complex<double>(5, 0)).to<int64_t>(), 5);
}

TEST(Scalar, ValuesThatDoNotFitAreErrors) {
  EXPECT_NE(error_of([] { Scalar(300).to<int8_t>(); }).find("cannot be converted to type Char"),
            std::string::npos);
  EXPECT_THROW(Scalar(-129).to<int8_t>(), Error);
  EXPECT_EQ(Scalar(-128).to<int8_t>(), -128);
  EXPECT_THROW(Scalar(256).to<uint8_t>(), Error);
  EXPECT_EQ(Scalar(-1).to<uint8_t>(), 255);  // negative integers wrap into unsigned, as in ATen
  EXPECT_THROW(Scalar(-256).to<uint8_t>(), Error);
  EXPECT_THROW(Scalar(-1.0).to<uint8_t>(), Error);
  EXPECT_THROW(Scalar(1e300).to<float>(), Error);
  EXPECT_THROW(Scalar(70000).to<Half>(), Error);
  EXPECT_THROW(Scalar(1e10).to<int32_t>(), Error);
  EXPECT_THROW(Scalar(9.3e18).to<int64_t>(), Error);
  EXPECT_THROW(Scalar(std::nan("")).to<int32_t>(), Error);
  EXPECT_TRUE(std::isnan(Scalar(std::nan("")).to<float>()));
  EXPECT_TRUE(std::isinf(static_cast<float>(Scalar(INFINITY).to<Half>())));
  EXPECT_EQ(Scalar(300).to<bool>(), true);  // nothing overflows bool
  EXPECT_NE(error_of([] { Scalar(complex<double>(1, 2)).to<double>(); }).find("without overflow"),
            std::string::npos);
  EXPECT_THROW(Scalar(complex<double>(1e300, 0)).to<complex<float>>(), Error);
  // ComplexHalf: each part must fit Half, as ATen's masked_fill and alpha require.
  EXPECT_NE(error_of([] {
              Scalar(70000).to<complex<Half>>();
            }).find("cannot be converted to type ComplexHalf without overflow"),
            std::string::npos);
  EXPECT_THROW(Scalar(complex<double>(1, 1e5)).to<complex<Half>>(), Error);
  EXPECT_EQ(Scalar(INFINITY).to<complex<Half>>().real(), std::numeric_limits<Half>::infinity());
}

TEST(Scalar, EqualityIsKindAndValue) {
  EXPECT_EQ(Scalar(1), Scalar(int8_t{1}));
  EXPECT_NE(Scalar(1), Scalar(1.0));
  EXPECT_NE(Scalar(1), Scalar(true));
  EXPECT_EQ(Scalar(complex<double>(1, 2)), Scalar(complex<float>(1, 2)));
  EXPECT_NE(Scalar(complex<double>(1, 2)), Scalar(complex<double>(1, -2)));
  EXPECT_NE(Scalar(std::nan("")), Scalar(std::nan("")));
}

TEST(Scalar, PrintsLikePython) {
  EXPECT_EQ(str(true), "True");
  EXPECT_EQ(str(-3), "-3");
  EXPECT_EQ(str(2.5), "2.5");
  EXPECT_EQ(str(complex<double>(1, 2)), "(1+2j)");
  EXPECT_EQ(str(complex<double>(1.5, -2)), "(1.5-2j)");
}
