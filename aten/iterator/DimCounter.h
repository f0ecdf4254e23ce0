#pragma once
// Walks a linear range [begin, end) of an iteration space as a sequence of 2-D steps: each step
// is as many whole rows of dim 0 (and dim 1) as fit, so the inner loop stays long.
#include <aten/core/SmallVector.h>

#include <array>

namespace aten {

struct Range {
  int64_t begin;
  int64_t end;
  int64_t size() const { return end - begin; }
};

struct DimCounter {
  DimCounter(IntArrayRef shape, Range range);

  bool is_done() const { return offset >= range.end; }
  // {elements along dim 0, rows along dim 1} that can be done from the current position.
  std::array<int64_t, 2> max_2d_step() const;
  void increment(const std::array<int64_t, 2>& step);

  IntArrayRef shape;
  Range range;
  DimVector values;  // the current position, one coordinate per dim
  int64_t offset;    // the current position, linear
};

}  // namespace aten
