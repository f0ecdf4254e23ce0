#pragma once
#include <concepts>
#include <limits>

namespace aten {

// What a kernel's conversion of NaN into an integral type gives on x86 (and so ATen's result
// where a NaN meets an integral dtype, as the median of no elements does): the lowest value for
// 32 and 64 bits (the conversion's "integer indefinite"), 0 for narrower types (a 32-bit
// conversion truncated), true for bool. Defined, where the cast itself is not.
template <typename To>
constexpr To integral_of_nan() {
  if constexpr (std::same_as<To, bool>) {
    return true;
  } else if constexpr (sizeof(To) >= 4) {
    return std::numeric_limits<To>::lowest();
  } else {
    return To(0);
  }
}

}  // namespace aten
