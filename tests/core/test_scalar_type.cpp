#include <aten/ATen.h>
#include <gtest/gtest.h>

using namespace aten;

TEST(ScalarType, NamesAndSizesMatchATen) {
  EXPECT_STREQ(toString(ScalarType::Float), "Float");
  EXPECT_STREQ(toString(ScalarType::Long), "Long");
  EXPECT_STREQ(toString(ScalarType::Bool), "Bool");
  EXPECT_STREQ(toString(ScalarType::ComplexDouble), "ComplexDouble");
  EXPECT_EQ(elementSize(ScalarType::Bool), 1);
  EXPECT_EQ(elementSize(ScalarType::Int), 4);
  EXPECT_EQ(elementSize(ScalarType::Long), 8);
  EXPECT_EQ(elementSize(ScalarType::Half), 2);
  EXPECT_EQ(elementSize(ScalarType::ComplexDouble), 16);
  EXPECT_EQ(scalar_type_of<int32_t>, ScalarType::Int);
  EXPECT_EQ(scalar_type_of<double>, ScalarType::Double);
  EXPECT_TRUE(isIntegralType(ScalarType::Bool, true));
  EXPECT_FALSE(isIntegralType(ScalarType::Bool, false));
  EXPECT_TRUE(isFloatingType(ScalarType::BFloat16));
}

TEST(Scalar, KeepsItsKindAndConverts) {
  Scalar i = 3, d = 2.5, b = true;
  EXPECT_TRUE(i.isIntegral(false));
  EXPECT_EQ(i.type(), ScalarType::Long);
  EXPECT_TRUE(d.isFloatingPoint());
  EXPECT_EQ(d.type(), ScalarType::Double);
  EXPECT_TRUE(b.isBoolean());
  EXPECT_EQ(d.to<int>(), 2);
  EXPECT_EQ(i.to<float>(), 3.0f);
}

TEST(Error, MessageNamesTheRunningOp) {
  try {
    OpContext ctx("my_op.out");
    ATEN_CHECK(1 == 2, "value ", 42, " is wrong");
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "my_op.out: value 42 is wrong");
  }
  EXPECT_EQ(OpContext::current(), nullptr);
}
