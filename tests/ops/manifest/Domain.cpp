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

Domain compute_domain(std::span<const ScalarType> inputs, ScalarType result) {
  Domain d = Domain::integral;
  for (ScalarType t : inputs) d = std::max(d, category(t));
  return std::max(d, category(result));
}

}  // namespace aten::optest
