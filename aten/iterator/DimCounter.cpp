#include <aten/core/Error.h>
#include <aten/iterator/DimCounter.h>

#include <algorithm>

namespace aten {

DimCounter::DimCounter(IntArrayRef shape_, Range range_)
    : shape(shape_), range(range_), values(shape_.size(), 0), offset(range_.begin) {
  int64_t linear = range.begin;
  for (size_t dim = 0; dim < shape.size() && linear > 0; ++dim) {
    values[dim] = linear % shape[dim];
    linear /= shape[dim];
  }
  ATEN_INTERNAL_ASSERT(linear == 0);
}

std::array<int64_t, 2> DimCounter::max_2d_step() const {
  const int64_t left = range.end - offset;
  int64_t step0 = std::min(shape[0] - values[0], left);
  int64_t step1 = 1;
  if (step0 == shape[0] && shape.size() >= 2)
    step1 = std::min(shape[1] - values[1], left / shape[0]);
  return {step0, step1};
}

void DimCounter::increment(const std::array<int64_t, 2>& step) {
  offset += step[0] * step[1];
  size_t dim = 0;
  int64_t carry = step[0];
  if (step[1] != 1) {
    // A multi-row step always starts at column 0 and covers whole rows of dim 0.
    ATEN_INTERNAL_ASSERT(step[0] == shape[0] && values[0] == 0);
    dim = 1;
    carry = step[1];
  }
  for (; dim < shape.size() && carry > 0; ++dim) {
    int64_t v = values[dim] + carry;
    carry = 0;
    if (v >= shape[dim]) {
      v -= shape[dim];
      carry = 1;
    }
    values[dim] = v;
  }
}

}  // namespace aten
