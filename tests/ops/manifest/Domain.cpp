#include "Domain.h"

#include <aten/core/TypePromotion.h>

namespace aten::optest {

namespace {

Domain category(ScalarType t) {
  if (isComplexType(t)) return Domain::complex;
  if (isFloatingType(t)) return Domain::floating;
  return Domain::integral;
}

}  // namespace

double wrap_integer(ScalarType dtype, int64_t v) {
  switch (dtype) {
    case ScalarType::Bool:
      return v != 0;
    case ScalarType::Byte:
      return static_cast<uint8_t>(v);
    case ScalarType::Char:
      return static_cast<int8_t>(v);
    case ScalarType::Short:
      return static_cast<int16_t>(v);
    case ScalarType::Int:
      return static_cast<int32_t>(v);
    default:
      return static_cast<double>(v);
  }
}

Domain compute_domain(std::span<const ScalarType> inputs, ScalarType result) {
  Domain d = Domain::integral;
  for (ScalarType t : inputs) d = std::max(d, category(t));
  return std::max(d, category(result));
}

}  // namespace aten::optest
