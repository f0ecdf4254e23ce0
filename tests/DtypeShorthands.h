#pragma once
// Two-character names for the 13 dtypes, so promotion tables in tests read as tables.
#include <aten/core/ScalarType.h>

namespace aten::ref {

constexpr ScalarType b1 = ScalarType::Bool, u1 = ScalarType::Byte, i1 = ScalarType::Char,
                     i2 = ScalarType::Short, i4 = ScalarType::Int, i8 = ScalarType::Long,
                     f2 = ScalarType::Half, bf = ScalarType::BFloat16, f4 = ScalarType::Float,
                     f8 = ScalarType::Double, c2 = ScalarType::ComplexHalf,
                     c4 = ScalarType::ComplexFloat, c8 = ScalarType::ComplexDouble;
// The order of the tables' rows and columns.
constexpr ScalarType kDtypeOrder[13] = {b1, u1, i1, i2, i4, i8, f2, bf, f4, f8, c2, c4, c8};

}  // namespace aten::ref
