#pragma once
// The element types a tensor can hold, their sizes and names, and the C++ type of each.
#include <aten/core/BFloat16.h>
#include <aten/core/Complex.h>
#include <aten/core/Half.h>

#include <cstdint>
#include <ostream>
#include <type_traits>

namespace aten {

// Every dtype, in ATen's order (ATen's quantized types left out).
// clang-format 14 lays this list out differently on each run.
// clang-format off
#define ATEN_FORALL_SCALAR_TYPE_NAMES(_) \
  _(Byte) _(Char) _(Short) _(Int) _(Long) _(Half) _(Float) _(Double) _(ComplexHalf) \
  _(ComplexFloat) _(ComplexDouble) _(Bool) _(BFloat16)
// clang-format on

enum class ScalarType : int8_t {
#define ATEN_ENUM_ENTRY(name) name,
  ATEN_FORALL_SCALAR_TYPE_NAMES(ATEN_ENUM_ENTRY)
#undef ATEN_ENUM_ENTRY
      Undefined,
};
constexpr int kNumScalarTypes = static_cast<int>(ScalarType::Undefined);

// ATen's short names, so that `ones({2, 3}, kLong)` and `TensorOptions().dtype(kFloat)` read as
// they do there. Constants in namespace aten, not macros, so that a program which includes
// libtorch's headers too has both `at::kFloat` and `aten::kFloat`.
constexpr ScalarType kBool = ScalarType::Bool;
constexpr ScalarType kByte = ScalarType::Byte;
constexpr ScalarType kChar = ScalarType::Char;
constexpr ScalarType kShort = ScalarType::Short;
constexpr ScalarType kInt = ScalarType::Int;
constexpr ScalarType kLong = ScalarType::Long;
constexpr ScalarType kHalf = ScalarType::Half;
constexpr ScalarType kBFloat16 = ScalarType::BFloat16;
constexpr ScalarType kFloat = ScalarType::Float;
constexpr ScalarType kDouble = ScalarType::Double;
constexpr ScalarType kComplexHalf = ScalarType::ComplexHalf;
constexpr ScalarType kComplexFloat = ScalarType::ComplexFloat;
constexpr ScalarType kComplexDouble = ScalarType::ComplexDouble;

// Every dtype with its C++ element type: (C++ type, ScalarType name).
#define ATEN_FORALL_SCALAR_TYPES_WITH_CPP_TYPE(_) \
  _(uint8_t, Byte)                                \
  _(int8_t, Char)                                 \
  _(int16_t, Short)                               \
  _(int32_t, Int)                                 \
  _(int64_t, Long)                                \
  _(::aten::Half, Half)                           \
  _(float, Float)                                 \
  _(double, Double)                               \
  _(::aten::complex<::aten::Half>, ComplexHalf)   \
  _(::aten::complex<float>, ComplexFloat)         \
  _(::aten::complex<double>, ComplexDouble)       \
  _(bool, Bool)                                   \
  _(::aten::BFloat16, BFloat16)

constexpr const char* toString(ScalarType t) {
  switch (t) {
#define ATEN_NAME_CASE(name) \
  case ScalarType::name:     \
    return #name;
    ATEN_FORALL_SCALAR_TYPE_NAMES(ATEN_NAME_CASE)
#undef ATEN_NAME_CASE
    case ScalarType::Undefined:
      return "Undefined";
  }
  return "Unknown";
}

constexpr int64_t elementSize(ScalarType t) {
  switch (t) {
    case ScalarType::Bool:
    case ScalarType::Byte:
    case ScalarType::Char:
      return 1;
    case ScalarType::Short:
    case ScalarType::Half:
    case ScalarType::BFloat16:
      return 2;
    case ScalarType::Int:
    case ScalarType::Float:
    case ScalarType::ComplexHalf:
      return 4;
    case ScalarType::Long:
    case ScalarType::Double:
    case ScalarType::ComplexFloat:
      return 8;
    case ScalarType::ComplexDouble:
      return 16;
    case ScalarType::Undefined:
      return 0;
  }
  return 0;
}

constexpr bool isFloatingType(ScalarType t) {
  return t == ScalarType::Half || t == ScalarType::BFloat16 || t == ScalarType::Float ||
         t == ScalarType::Double;
}
constexpr bool isComplexType(ScalarType t) {
  return t == ScalarType::ComplexHalf || t == ScalarType::ComplexFloat ||
         t == ScalarType::ComplexDouble;
}
constexpr bool isIntegralType(ScalarType t, bool include_bool) {
  return t == ScalarType::Byte || t == ScalarType::Char || t == ScalarType::Short ||
         t == ScalarType::Int || t == ScalarType::Long || (include_bool && t == ScalarType::Bool);
}

// The dtype of a complex dtype's real and imaginary parts; any other dtype is its own.
constexpr ScalarType toRealValueType(ScalarType t) {
  switch (t) {
    case ScalarType::ComplexHalf:
      return ScalarType::Half;
    case ScalarType::ComplexFloat:
      return ScalarType::Float;
    case ScalarType::ComplexDouble:
      return ScalarType::Double;
    default:
      return t;
  }
}

// The complex dtype whose parts have floating dtype t; a complex dtype is its own. BFloat16 has
// no complex counterpart and gets ComplexFloat, as in ATen 1.13. Undefined for other dtypes.
constexpr ScalarType toComplexType(ScalarType t) {
  switch (t) {
    case ScalarType::Half:
    case ScalarType::ComplexHalf:
      return ScalarType::ComplexHalf;
    case ScalarType::BFloat16:
    case ScalarType::Float:
    case ScalarType::ComplexFloat:
      return ScalarType::ComplexFloat;
    case ScalarType::Double:
    case ScalarType::ComplexDouble:
      return ScalarType::ComplexDouble;
    default:
      return ScalarType::Undefined;
  }
}

template <typename T>
struct CppTypeToScalarType;
#define ATEN_CPP_TO_SCALAR(ctype, name) \
  template <>                           \
  struct CppTypeToScalarType<ctype> : std::integral_constant<ScalarType, ScalarType::name> {};
ATEN_FORALL_SCALAR_TYPES_WITH_CPP_TYPE(ATEN_CPP_TO_SCALAR)
#undef ATEN_CPP_TO_SCALAR

template <typename T>
inline constexpr ScalarType scalar_type_of = CppTypeToScalarType<std::remove_cv_t<T>>::value;

inline std::ostream& operator<<(std::ostream& os, ScalarType t) { return os << toString(t); }

}  // namespace aten

// promote_types(a, b) belongs with the dtypes; it lives in its own header for reading.
#include <aten/core/TypePromotion.h>
