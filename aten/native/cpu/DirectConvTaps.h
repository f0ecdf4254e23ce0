#pragma once
// What the direct 2-d convolution's kernels (DirectConvKernel.cpp, DirectConvWeightKernel.cpp)
// share: the geometry of a stride-1 correlation of a padded input, and where each tap reads.
#include <cstdint>
#include <vector>

namespace aten::native {

struct DirectConvGeometry {
  int64_t n, channels, height, width;  // of the (padded) input
  int64_t out_channels, kh, kw, oh, ow;
  int64_t taps() const { return channels * kh * kw; }
};

// Where tap k (channel, kernel row, kernel column, row-major) reads, relative to a window's
// first input element. The kernels run one flat loop over the taps through this table: it keeps
// their accumulators in registers (GCC spills them at the boundaries of a loop nest over channels
// and rows).
inline std::vector<int64_t> direct_conv_tap_offsets(const DirectConvGeometry& g) {
  std::vector<int64_t> offsets;
  offsets.reserve(static_cast<size_t>(g.taps()));
  for (int64_t c = 0; c < g.channels; ++c)
    for (int64_t ky = 0; ky < g.kh; ++ky)
      for (int64_t kx = 0; kx < g.kw; ++kx) offsets.push_back((c * g.height + ky) * g.width + kx);
  return offsets;
}

}  // namespace aten::native
