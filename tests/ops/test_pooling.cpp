// The ops of aten/native/Pooling.cpp beyond the manifest: max_pool2d's vectors of output
// columns (aten/native/cpu/PoolingKernel.cpp), whole and partial, against a window-by-window
// reference: values to the bit and indices, for strides 1, 2 and 3, padding, dilation and row
// widths on both sides of the vector widths, with ties, signed zeros, infinities and NaNs in the
// windows (ATen takes the first maximum, or the last NaN). The suite also runs under each lower
// CPU capability.
#include <aten/ops/max_pool2d_with_indices.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "Reference.h"

using namespace aten;
using aten::ref::get;
using aten::ref::make;

namespace {

struct Pool {
  int64_t k, s, pad, dil;
};

// Element i of the input: small integers, so windows hold ties; zeros of both signs; and now
// and then an infinity of either sign or a NaN, some NaNs next to each other.
double value(int64_t i) {
  if (i % 23 == 0 || i % 23 == 1) return std::numeric_limits<double>::quiet_NaN();
  if (i % 31 == 0) return -std::numeric_limits<double>::infinity();
  if (i % 37 == 0) return std::numeric_limits<double>::infinity();
  const double v = static_cast<double>((i * 7) % 5) - 2;
  return v == 0 && i % 3 == 0 ? -0.0 : v;
}

template <typename T>
void check(int64_t H, int64_t W, const Pool& p) {
  const Tensor x = make<T>({2, H, W}, value);
  auto [y, ind] = max_pool2d_with_indices(x, {p.k, p.k}, {p.s, p.s}, {p.pad, p.pad}, {p.dil, p.dil},
                                          false);
  const std::string where = "W " + std::to_string(W) + ", kernel " + std::to_string(p.k) +
                            ", stride " + std::to_string(p.s) + ", padding " +
                            std::to_string(p.pad) + ", dilation " + std::to_string(p.dil);
  const int64_t OH = y.size(1), OW = y.size(2);
  ASSERT_GT(OW, 0) << where;
  int failures = 0;
  for (int64_t c = 0; c < 2; ++c)
    for (int64_t oh = 0; oh < OH; ++oh)
      for (int64_t ow = 0; ow < OW; ++ow) {
        int64_t h0 = oh * p.s - p.pad, w0 = ow * p.s - p.pad;
        while (h0 < 0) h0 += p.dil;
        while (w0 < 0) w0 += p.dil;
        T m = -std::numeric_limits<T>::infinity();
        int64_t best = h0 * W + w0;
        for (int64_t i = 0; i < p.k; ++i)
          for (int64_t j = 0; j < p.k; ++j) {
            const int64_t h = oh * p.s - p.pad + i * p.dil, w = ow * p.s - p.pad + j * p.dil;
            if (h < 0 || h >= H || w < 0 || w >= W) continue;
            const T v = get<T>(x, {c, h, w});
            if (v > m || std::isnan(v)) {
              m = v;
              best = h * W + w;
            }
          }
        const T got = get<T>(y, {c, oh, ow});
        const int64_t got_index = get<int64_t>(ind, {c, oh, ow});
        if ((std::memcmp(&got, &m, sizeof(T)) != 0 || got_index != best) && ++failures <= 5)
          ADD_FAILURE() << where << ": output (" << c << ", " << oh << ", " << ow << ") is " << got
                        << " at " << got_index << ", want " << m << " at " << best;
      }
}

const std::vector<Pool> kPools = {
    {3, 2, 0, 1},  // ResNet's stem
    {2, 2, 0, 1},  // LeNet's
    {3, 1, 1, 1},  // stride 1, padded
    {3, 3, 1, 1},  // a stride known only at run time
    {3, 2, 1, 2},  // dilated
    {5, 1, 2, 1},
};

// Output widths below, at and past 8 and 16 lanes, and past two vectors of them.
const std::vector<int64_t> kWidths = {5, 9, 16, 17, 18, 33, 34, 40, 75};

}  // namespace

TEST(MaxPool2dRows, FloatMatchesTheWindowByWindowReference) {
  for (const Pool& p : kPools)
    for (int64_t W : kWidths) check<float>(6, W, p);
}

TEST(MaxPool2dRows, DoubleMatchesTheWindowByWindowReference) {
  for (const Pool& p : kPools)
    for (int64_t W : kWidths) check<double>(6, W, p);
}
