#pragma once
// Whether two outcomes of one call agree, and if not, how: the category and a one-line detail.
// Values are compared bit for bit (NaN matching any NaN) unless the op is listed in
// Tolerance.cpp with a bound.
#include "Calls.h"
#include "Run.h"

#include <optional>
#include <string>

namespace aten::conformance {

struct Disagreement {
  std::string category;
  // error, returns, dtype, sizes, strides, values; "written <that>" for a written argument,
  // "written after error <that>" when both calls threw.
  std::string detail;
};

std::optional<Disagreement> compare(const Call& call, const Outcome& mine, const Outcome& torch);

// The bound on |mine - torch| for an element of op `op` in dtype `dtype`, given the largest
// finite magnitude among the call's inputs and the largest input's element count; 0 means
// exact.
double tolerance(const std::string& op, ScalarType dtype, double input_magnitude, int64_t n,
                 double expected);

}  // namespace aten::conformance
