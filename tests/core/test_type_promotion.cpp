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

// ATen's can_cast (torch.can_cast in libtorch 1.13.1), from (rows) into (columns), cell by
// cell: 1 where allowed.
constexpr bool kCanCast[12][12] = {
    //        b1 u1 i1 i2 i4 i8 f2 bf f4 f8 c4 c8
    /* b1 */ {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
    /* u1 */ {0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
    /* i1 */ {0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
    /* i2 */ {0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
    /* i4 */ {0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
    /* i8 */ {0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
    /* f2 */ {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1},
    /* bf */ {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1},
    /* f4 */ {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1},
    /* f8 */ {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1},
    /* c4 */ {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1},
    /* c8 */ {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1},
};

}  // namespace

TEST(TypePromotion, MatchesATenTableCellByCell) {
  for (int r = 0; r < 12; ++r)
    for (int c = 0; c < 12; ++c)
      EXPECT_EQ(promote_types(kOrder[r], kOrder[c]), kExpected[r][c])
          << kOrder[r] << " with " << kOrder[c];
}

TEST(TypePromotion, IsConstexprAndUndefinedPropagates) {
  static_assert(promote_types(ScalarType::Byte, ScalarType::Char) == ScalarType::Short);
  static_assert(promote_types(ScalarType::Half, ScalarType::BFloat16) == ScalarType::Float);
  EXPECT_EQ(promote_types(ScalarType::Undefined, ScalarType::Float), ScalarType::Undefined);
  EXPECT_EQ(promote_types(ScalarType::Int, ScalarType::Undefined), ScalarType::Undefined);
}

TEST(CanCast, MatchesATenTableCellByCell) {
  static_assert(!can_cast(kDouble, kLong) && can_cast(kLong, kHalf) && !can_cast(kInt, kBool));
  for (int r = 0; r < 12; ++r)
    for (int c = 0; c < 12; ++c)
      EXPECT_EQ(can_cast(kOrder[r], kOrder[c]), kCanCast[r][c])
          << kOrder[r] << " into " << kOrder[c];
}
