#include <aten/core/ScalarType.h>
#include <gtest/gtest.h>

#include "DtypeShorthands.h"

using namespace aten;

namespace {

using namespace aten::ref;

constexpr const ScalarType* kOrder = ref::kDtypeOrder;

// ATen's promotion table restricted to MiniATen's 13 dtypes, written out cell by cell (checked
// against torch.promote_types of PyTorch 1.13).
constexpr ScalarType kExpected[13][13] = {
    //        b1  u1  i1  i2  i4  i8  f2  bf  f4  f8  c2  c4  c8
    /* b1 */ {b1, u1, i1, i2, i4, i8, f2, bf, f4, f8, c2, c4, c8},
    /* u1 */ {u1, u1, i2, i2, i4, i8, f2, bf, f4, f8, c2, c4, c8},
    /* i1 */ {i1, i2, i1, i2, i4, i8, f2, bf, f4, f8, c2, c4, c8},
    /* i2 */ {i2, i2, i2, i2, i4, i8, f2, bf, f4, f8, c2, c4, c8},
    /* i4 */ {i4, i4, i4, i4, i4, i8, f2, bf, f4, f8, c2, c4, c8},
    /* i8 */ {i8, i8, i8, i8, i8, i8, f2, bf, f4, f8, c2, c4, c8},
    /* f2 */ {f2, f2, f2, f2, f2, f2, f2, f4, f4, f8, c2, c4, c8},
    /* bf */ {bf, bf, bf, bf, bf, bf, f4, bf, f4, f8, c4, c4, c8},
    /* f4 */ {f4, f4, f4, f4, f4, f4, f4, f4, f4, f8, c4, c4, c8},
    /* f8 */ {f8, f8, f8, f8, f8, f8, f8, f8, f8, f8, c8, c8, c8},
    /* c2 */ {c2, c2, c2, c2, c2, c2, c2, c4, c4, c8, c2, c4, c8},
    /* c4 */ {c4, c4, c4, c4, c4, c4, c4, c4, c4, c8, c4, c4, c8},
    /* c8 */ {c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8},
};

}  // namespace

TEST(TypePromotion, MatchesATenTableCellByCell) {
  for (int r = 0; r < 13; ++r)
    for (int c = 0; c < 13; ++c)
      EXPECT_EQ(promote_types(kOrder[r], kOrder[c]), kExpected[r][c])
          << kOrder[r] << " with " << kOrder[c];
}

TEST(TypePromotion, IsConstexprAndUndefinedPropagates) {
  static_assert(promote_types(ScalarType::Byte, ScalarType::Char) == ScalarType::Short);
  static_assert(promote_types(ScalarType::Half, ScalarType::BFloat16) == ScalarType::Float);
  static_assert(promote_types(ScalarType::ComplexHalf, ScalarType::BFloat16) ==
                ScalarType::ComplexFloat);
  EXPECT_EQ(promote_types(ScalarType::Undefined, ScalarType::Float), ScalarType::Undefined);
  EXPECT_EQ(promote_types(ScalarType::Int, ScalarType::Undefined), ScalarType::Undefined);
}

// ATen's can_cast (torch.can_cast of PyTorch 1.13), rows from, columns to: no complex into a real
// dtype, no floating into an integral one, nothing but Bool into Bool.
TEST(TypePromotion, CanCastMatchesATenTableCellByCell) {
  static_assert(!can_cast(kDouble, kLong) && can_cast(kLong, kHalf) && !can_cast(kInt, kBool));
  constexpr bool kCanCast[13][13] = {
      //        b1 u1 i1 i2 i4 i8 f2 bf f4 f8 c2 c4 c8
      /* b1 */ {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
      /* u1 */ {0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
      /* i1 */ {0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
      /* i2 */ {0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
      /* i4 */ {0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
      /* i8 */ {0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
      /* f2 */ {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1},
      /* bf */ {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1},
      /* f4 */ {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1},
      /* f8 */ {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1},
      /* c2 */ {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1},
      /* c4 */ {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1},
      /* c8 */ {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1},
  };
  for (int r = 0; r < 13; ++r)
    for (int c = 0; c < 13; ++c)
      EXPECT_EQ(can_cast(kOrder[r], kOrder[c]), kCanCast[r][c]) << kOrder[r] << " to " << kOrder[c];
}
