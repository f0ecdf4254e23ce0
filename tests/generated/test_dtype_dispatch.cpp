// The generated dtype switches: per group (<aten/Dispatch.h>) and per op
// (<aten/ops/hypot_dtypes.h>): each declared dtype binds scalar_t to its C++ type, every other one
// is an error naming the op.
#include <aten/Dispatch.h>
#include <aten/core/Error.h>
#include <aten/ops/add_dtypes.h>
#include <aten/ops/hypot_dtypes.h>
#include <aten/ops/sum_dtypes.h>
#include <gtest/gtest.h>

#include "Reference.h"

#include <string>
#include <typeinfo>
#include <vector>

using namespace aten;

namespace {

std::vector<ScalarType> all_dtypes() {
  std::vector<ScalarType> result;
  for (int i = 0; i < kNumScalarTypes; ++i) result.push_back(static_cast<ScalarType>(i));
  return result;
}

using aten::ref::error_of;

// The dtype each macro accepts, found by trying every dtype; the bound type's size as a check
// that scalar_t is the dtype's own C++ type.
template <typename Switch>
std::vector<ScalarType> accepted(Switch&& run) {
  std::vector<ScalarType> result;
  for (ScalarType t : all_dtypes()) {
    if (error_of([&] { run(t); }).empty()) result.push_back(t);
  }
  return result;
}

}  // namespace

TEST(DtypeDispatch, GroupsAreAtensGroups) {
  using S = ScalarType;
  auto check = [](ScalarType t, size_t size) {
    EXPECT_EQ(static_cast<int64_t>(size), elementSize(t)) << t;
  };
  EXPECT_EQ(accepted([&](ScalarType t) {
              ATEN_DISPATCH_ALL_TYPES(t, "f", [&] { check(t, sizeof(scalar_t)); });
            }),
            (std::vector<S>{S::Byte, S::Char, S::Short, S::Int, S::Long, S::Float, S::Double}));
  EXPECT_EQ(accepted([&](ScalarType t) {
              ATEN_DISPATCH_INTEGRAL_TYPES(t, "f", [&] { check(t, sizeof(scalar_t)); });
            }),
            (std::vector<S>{S::Byte, S::Char, S::Short, S::Int, S::Long}));
  EXPECT_EQ(accepted([&](ScalarType t) {
              ATEN_DISPATCH_FLOATING_TYPES(t, "f", [&] { check(t, sizeof(scalar_t)); });
            }),
            (std::vector<S>{S::Float, S::Double}));
  EXPECT_EQ(accepted([&](ScalarType t) {
              ATEN_DISPATCH_COMPLEX_TYPES(t, "f", [&] { check(t, sizeof(scalar_t)); });
            }),
            (std::vector<S>{S::ComplexFloat, S::ComplexDouble}));
}

TEST(DtypeDispatch, BindsTheCppTypeAndReturnsTheLambdasValue) {
  EXPECT_EQ(ATEN_DISPATCH_ALL_TYPES(ScalarType::Short, "f",
                                    [] { return std::string(typeid(scalar_t).name()); }),
            typeid(int16_t).name());
  EXPECT_EQ(ATEN_DISPATCH_FLOATING_TYPES(ScalarType::Double, "f", [] { return sizeof(scalar_t); }),
            8u);
}

TEST(DtypeDispatch, ErrorNamesTheOpAndTheDtype) {
  EXPECT_EQ(error_of([] { ATEN_DISPATCH_ALL_TYPES(ScalarType::Bool, "my_op", [] {}); }),
            "\"my_op\" not implemented for 'Bool'");
  EXPECT_EQ(error_of([] { ATEN_DISPATCH_hypot_TYPES(ScalarType::Bool, [] {}); }),
            "\"hypot\" not implemented for 'Bool'");
}

TEST(DtypeDispatch, PerOpSwitchCoversTheYamlList) {
  using S = ScalarType;
  // hypot declares [floating, Half, BFloat16]; the list comes back in ScalarType order.
  EXPECT_EQ(accepted([](ScalarType t) { ATEN_DISPATCH_hypot_TYPES(t, [] {}); }),
            (std::vector<S>{S::Half, S::Float, S::Double, S::BFloat16}));
}

// ComplexHalf is in no group (ATen's AND kComplexHalf): an op that lists it binds scalar_t to
// complex<Half>, and one that does not refuses it.
TEST(DtypeDispatch, ComplexHalfOnlyWhereListed) {
  EXPECT_EQ(ATEN_DISPATCH_add_TYPES(ScalarType::ComplexHalf,
                                    [] { return std::string(typeid(scalar_t).name()); }),
            typeid(complex<Half>).name());
  EXPECT_EQ(error_of([] { ATEN_DISPATCH_sum_TYPES(ScalarType::ComplexHalf, [] {}); }),
            "\"sum\" not implemented for 'ComplexHalf'");
  EXPECT_EQ(error_of([] { ATEN_DISPATCH_COMPLEX_TYPES(ScalarType::ComplexHalf, "f", [] {}); }),
            "\"f\" not implemented for 'ComplexHalf'");
}
