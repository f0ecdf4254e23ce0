#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <gtest/gtest.h>

#include <set>
#include <utility>

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

namespace {
struct DtypeFacts {
  ScalarType t;
  const char* name;
  int64_t size;
  bool floating, complex, integral, integral_or_bool;
};
// ATen's names and sizes, and its category queries, for every dtype.
const DtypeFacts kFacts[] = {
    {ScalarType::Bool, "Bool", 1, false, false, false, true},
    {ScalarType::Byte, "Byte", 1, false, false, true, true},
    {ScalarType::Char, "Char", 1, false, false, true, true},
    {ScalarType::Short, "Short", 2, false, false, true, true},
    {ScalarType::Int, "Int", 4, false, false, true, true},
    {ScalarType::Long, "Long", 8, false, false, true, true},
    {ScalarType::Half, "Half", 2, true, false, false, false},
    {ScalarType::BFloat16, "BFloat16", 2, true, false, false, false},
    {ScalarType::Float, "Float", 4, true, false, false, false},
    {ScalarType::Double, "Double", 8, true, false, false, false},
    {ScalarType::ComplexHalf, "ComplexHalf", 4, false, true, false, false},
    {ScalarType::ComplexFloat, "ComplexFloat", 8, false, true, false, false},
    {ScalarType::ComplexDouble, "ComplexDouble", 16, false, true, false, false},
};

template <typename T>
void expect_cpp_type(ScalarType t) {
  EXPECT_EQ(scalar_type_of<T>, t);
  EXPECT_EQ(static_cast<int64_t>(sizeof(T)), elementSize(t)) << t;
}
}  // namespace

TEST(ScalarType, EveryDtypeNameSizeAndCategory) {
  ASSERT_EQ(kNumScalarTypes, 13);
  for (const auto& f : kFacts) {
    EXPECT_STREQ(toString(f.t), f.name);
    EXPECT_EQ(elementSize(f.t), f.size) << f.name;
    EXPECT_EQ(isFloatingType(f.t), f.floating) << f.name;
    EXPECT_EQ(isComplexType(f.t), f.complex) << f.name;
    EXPECT_EQ(isIntegralType(f.t, false), f.integral) << f.name;
    EXPECT_EQ(isIntegralType(f.t, true), f.integral_or_bool) << f.name;
  }
}

// ATen's short names: constants of the enum (so usable in constant expressions and switch
// cases), one per dtype, each naming the dtype of the same name.
TEST(ScalarType, ATenShortNames) {
  static_assert(kFloat == ScalarType::Float);
  const std::pair<ScalarType, const char*> names[] = {{kBool, "Bool"},
                                                      {kByte, "Byte"},
                                                      {kChar, "Char"},
                                                      {kShort, "Short"},
                                                      {kInt, "Int"},
                                                      {kLong, "Long"},
                                                      {kHalf, "Half"},
                                                      {kBFloat16, "BFloat16"},
                                                      {kFloat, "Float"},
                                                      {kDouble, "Double"},
                                                      {kComplexHalf, "ComplexHalf"},
                                                      {kComplexFloat, "ComplexFloat"},
                                                      {kComplexDouble, "ComplexDouble"}};
  std::set<ScalarType> distinct;
  for (const auto& [t, name] : names) {
    EXPECT_STREQ(toString(t), name);
    distinct.insert(t);
  }
  EXPECT_EQ(distinct.size(), static_cast<size_t>(kNumScalarTypes));
  EXPECT_EQ(TensorOptions(kLong).dtype(), ScalarType::Long);
}

TEST(ScalarType, EveryDtypeHasItsCppType) {
  expect_cpp_type<bool>(ScalarType::Bool);
  expect_cpp_type<uint8_t>(ScalarType::Byte);
  expect_cpp_type<int8_t>(ScalarType::Char);
  expect_cpp_type<int16_t>(ScalarType::Short);
  expect_cpp_type<int32_t>(ScalarType::Int);
  expect_cpp_type<int64_t>(ScalarType::Long);
  expect_cpp_type<Half>(ScalarType::Half);
  expect_cpp_type<BFloat16>(ScalarType::BFloat16);
  expect_cpp_type<float>(ScalarType::Float);
  expect_cpp_type<double>(ScalarType::Double);
  expect_cpp_type<complex<Half>>(ScalarType::ComplexHalf);
  expect_cpp_type<complex<float>>(ScalarType::ComplexFloat);
  expect_cpp_type<complex<double>>(ScalarType::ComplexDouble);
  expect_cpp_type<const float>(ScalarType::Float);
}

// ATen's enumerator values up to Bool (ATen's quantized types, which MiniATen lacks, come next),
// so those dtypes' numbers mean the same in both.
TEST(ScalarType, ComplexHalfSitsWhereATenHasIt) {
  EXPECT_EQ(static_cast<int>(ScalarType::Double), 7);
  EXPECT_EQ(static_cast<int>(ScalarType::ComplexHalf), 8);
  EXPECT_EQ(static_cast<int>(ScalarType::ComplexFloat), 9);
  EXPECT_EQ(static_cast<int>(ScalarType::ComplexDouble), 10);
  EXPECT_EQ(static_cast<int>(ScalarType::Bool), 11);
}

// Every dtype's real counterpart (toRealValueType) and complex one (toComplexType), as ATen
// 1.13 maps them: BFloat16, which has no complex dtype, goes to ComplexFloat.
TEST(ScalarType, RealAndComplexCounterparts) {
  for (int i = 0; i < kNumScalarTypes; ++i) {
    const auto t = static_cast<ScalarType>(i);
    if (!isComplexType(t)) {
      EXPECT_EQ(toRealValueType(t), t) << t;
    }
  }
  EXPECT_EQ(toRealValueType(ScalarType::ComplexHalf), ScalarType::Half);
  EXPECT_EQ(toRealValueType(ScalarType::ComplexFloat), ScalarType::Float);
  EXPECT_EQ(toRealValueType(ScalarType::ComplexDouble), ScalarType::Double);
  EXPECT_EQ(toComplexType(ScalarType::Half), ScalarType::ComplexHalf);
  EXPECT_EQ(toComplexType(ScalarType::BFloat16), ScalarType::ComplexFloat);
  EXPECT_EQ(toComplexType(ScalarType::Float), ScalarType::ComplexFloat);
  EXPECT_EQ(toComplexType(ScalarType::Double), ScalarType::ComplexDouble);
  for (ScalarType c :
       {ScalarType::ComplexHalf, ScalarType::ComplexFloat, ScalarType::ComplexDouble})
    EXPECT_EQ(toComplexType(c), c);
  EXPECT_EQ(toComplexType(ScalarType::Int), ScalarType::Undefined);
  EXPECT_EQ(toComplexType(ScalarType::Bool), ScalarType::Undefined);
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

TEST(Error, MessageNamesTheOpTheUserCalledFirst) {
  try {
    OpContext outer("allclose");
    {
      OpContext done("to");  // a finished inner call leaves no trace
    }
    OpContext inner("isclose");
    OpContext again("isclose");  // an op re-entering itself is named once
    ATEN_ERROR("bad rtol");
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "allclose: isclose: bad rtol");
  }
  EXPECT_EQ(OpContext::current(), nullptr);
}
