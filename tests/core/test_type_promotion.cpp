#include <aten/core/ScalarType.h>
#include <gtest/gtest.h>

#include "DtypeShorthands.h"

using namespace aten;

namespace {

using namespace aten::ref;

constexpr const ScalarType* kOrder = ref::kDtypeOrder;

// ATen's promotion table restricted to MiniATen's 12 dtypes, written out cell by cell.
constexpr ScalarType kExpected[12][12] = {
    //        b1  u1  i1  i2  i4  i8  f2  bf  f4  f8  c4  c8
    /* b1 */ {b1, u1, i1, i2, i4, i8, f2, bf, f4, f8, c4, c8},
    /* u1 */ {u1, u1, i2, i2, i4, i8, f2, bf, f4, f8, c4, c8},
    /* i1 */ {i1, i2, i1, i2, i4, i8, f2, bf, f4, f8, c4, c8},
    /* i2 */ {i2, i2, i2, i2, i4, i8, f2, bf, f4, f8, c4, c8},
    /* i4 */ {i4, i4, i4, i4, i4, i8, f2, bf, f4, f8, c4, c8},
    /* i8 */ {i8, i8, i8, i8, i8, i8, f2, bf, f4, f8, c4, c8},
    /* f2 */ {f2, f2, f2, f2, f2, f2, f2, f4, f4, f8, c4, c8},
    /* bf */ {bf, bf, bf, bf, bf, bf, f4, bf, f4, f8, c4, c8},
    /* f4 */ {f4, f4, f4, f4, f4, f4, f4, f4, f4, f8, c4, c8},
    /* f8 */ {f8, f8, f8, f8, f8, f8, f8, f8, f8, f8, c8, c8},
    /* c4 */ {c4, c4, c4, c4, c4, c4, c4, c4, c4, c8, c4, c8},
    /* c8 */ {c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8},
};

}  // namespace

TEST(TypePromotion, MatchesATenTableCellByCell) {
  for (int r = 0; r < 12; ++r)
    for (int c = 0; c < 12; ++c)
      EXPECT_EQ(promoteTypes(kOrder[r], kOrder[c]), kExpected[r][c])
          << kOrder[r] << " with " << kOrder[c];
}

TEST(TypePromotion, IsConstexprAndUndefinedPropagates) {
  static_assert(promoteTypes(ScalarType::Byte, ScalarType::Char) == ScalarType::Short);
  static_assert(promoteTypes(ScalarType::Half, ScalarType::BFloat16) == ScalarType::Float);
  EXPECT_EQ(promoteTypes(ScalarType::Undefined, ScalarType::Float), ScalarType::Undefined);
  EXPECT_EQ(promoteTypes(ScalarType::Int, ScalarType::Undefined), ScalarType::Undefined);
}
