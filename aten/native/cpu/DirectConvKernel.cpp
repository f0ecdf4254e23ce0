// The direct 2-d convolution's kernel (DirectConv.h). The output is cut into vectors along its
// rows; a step computes kRows such vectors (anywhere in the batch) for a tile of kTile output
// channels, its kRows * kTile accumulators in registers, while every tap (input channel, kernel
// row, kernel column) loads kRows input vectors and broadcasts kTile weights: each load feeds
// several FMAs, so the step is bound by the FMA units rather than the load ports. Work is split
// over groups of kRows vectors. Compiled once per CPU capability.
#include <aten/cpu/Parallel.h>
#include <aten/cpu/vec/Vectorized.h>
#include <aten/native/DirectConv.h>
#include <aten/native/cpu/DirectConvTaps.h>

#include <algorithm>
#include <vector>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

using Vec = vec::Vectorized<float>;
constexpr int64_t kLanes = Vec::size();

// Accumulators, input vectors and a broadcast weight fill the registers: 4 x 6 + 4 + 1 of
// AVX-512's 32, 2 x 6 + 2 + 1 of AVX2's 16. Twelve or more accumulators cover the FMA's latency.
constexpr int kRows = kLanes == 16 ? 4 : 2;
constexpr int kTile = 6;

// Where one output vector reads (its window's first input element) and writes (its first output
// element, in output channel 0).
struct Place {
  int64_t in, out;
};

// Output channels [co, co + width) of the output vectors at places[0, R). w is the packed weight:
// per tile of kTile output channels, per tap, the tile's weights side by side (the last tile
// zero-padded), so a step's broadcasts read one cache line. count < kLanes (kFull false) only
// when a whole output row is narrower than a vector.
template <int R, bool kFull>
void vectors(const float* in, const Place* places, const int64_t* offsets, int64_t taps,
             const float* w, const float* bias, float* out, int64_t plane, int64_t co,
             int64_t width, int64_t count) {
  Vec acc[R][kTile];
  for (int t = 0; t < kTile; ++t) {
    const Vec b(bias != nullptr && t < width ? bias[co + t] : 0.f);
    for (int r = 0; r < R; ++r) acc[r][t] = b;
  }
  const float* tap = w + co * taps;  // co is a multiple of kTile
  const float* windows[R];
  for (int r = 0; r < R; ++r) windows[r] = in + places[r].in;
  for (int64_t k = 0; k < taps; ++k, tap += kTile) {
    const int64_t offset = offsets[k];
    Vec x[R];
    for (int r = 0; r < R; ++r)
      x[r] = kFull ? Vec::loadu(windows[r] + offset) : Vec::loadu(windows[r] + offset, count);
    for (int t = 0; t < kTile; ++t) {
      const Vec weight(tap[t]);
      for (int r = 0; r < R; ++r) acc[r][t] = vec::fmadd(weight, x[r], acc[r][t]);
    }
  }
  for (int t = 0; t < kTile; ++t) {
    if (t == width) break;
    for (int r = 0; r < R; ++r) {
      float* dst = out + places[r].out + (co + t) * plane;
      if constexpr (kFull) acc[r][t].store(dst);
      else acc[r][t].store(dst, count);
    }
  }
}

template <int R = kRows>
void vectors_of(int64_t rows, bool full, const float* in, const Place* places,
                const int64_t* offsets, int64_t taps, const float* w, const float* bias, float* out,
                int64_t plane, int64_t co, int64_t width, int64_t count) {
  if constexpr (R > 1) {
    if (rows < R) {
      vectors_of<R - 1>(rows, full, in, places, offsets, taps, w, bias, out, plane, co, width,
                        count);
      return;
    }
  }
  if (full) vectors<R, true>(in, places, offsets, taps, w, bias, out, plane, co, width, count);
  else vectors<R, false>(in, places, offsets, taps, w, bias, out, plane, co, width, count);
}

void direct_conv2d_kernel(const Tensor& out, const Tensor& input, const Tensor& weight,
                          const Tensor& bias) {
  const DirectConvGeometry g{input.size(0),  input.size(1),  input.size(2),
                             input.size(3),  weight.size(0), weight.size(2),
                             weight.size(3), out.size(2),    out.size(3)};
  const int64_t taps = g.taps(), tiles = (g.out_channels + kTile - 1) / kTile;
  std::vector<float> packed(static_cast<size_t>(tiles * taps * kTile), 0.f);
  const float* wsrc = weight.data_ptr<float>();
  for (int64_t co = 0; co < g.out_channels; ++co)
    for (int64_t k = 0; k < taps; ++k)
      packed[static_cast<size_t>(((co / kTile) * taps + k) * kTile + co % kTile)] =
          wsrc[co * taps + k];
  const std::vector<int64_t> offsets = direct_conv_tap_offsets(g);
  // The output vectors, row by row. A row at least a vector wide ends with a whole vector
  // overlapping the one before (its columns computed twice, to the same values): masked loads
  // and stores cost twice as much. A narrower row is one masked vector.
  const bool full = g.ow >= kLanes;
  const int64_t count = std::min(kLanes, g.ow);
  const int64_t per_row = full ? (g.ow + kLanes - 1) / kLanes : 1;
  std::vector<Place> places;
  places.reserve(static_cast<size_t>(g.n * g.oh * per_row));
  for (int64_t image = 0; image < g.n; ++image)
    for (int64_t oy = 0; oy < g.oh; ++oy)
      for (int64_t v = 0; v < per_row; ++v) {
        const int64_t ox = std::min(v * kLanes, g.ow - count);
        places.push_back({(image * g.channels * g.height + oy) * g.width + ox,
                          (image * g.out_channels * g.oh + oy) * g.ow + ox});
      }
  const int64_t total = static_cast<int64_t>(places.size());
  const float* in = input.data_ptr<float>();
  const float* b = bias.defined() ? bias.data_ptr<float>() : nullptr;
  float* o = out.data_ptr<float>();
  const int64_t step_work = kRows * kLanes * g.out_channels * taps;
  // No taps (no input channels): the steps store the bias.
  parallel_for(0, (total + kRows - 1) / kRows,
               std::max<int64_t>(1, GRAIN_SIZE / std::max<int64_t>(1, step_work)),
               [&](int64_t begin, int64_t end) {
                 for (int64_t s = begin; s < end; ++s) {
                   const int64_t first = s * kRows, rows = std::min<int64_t>(kRows, total - first);
                   for (int64_t co = 0; co < g.out_channels; co += kTile)
                     vectors_of(rows, full, in, places.data() + first, offsets.data(), taps,
                                packed.data(), b, o, g.oh * g.ow, co,
                                std::min<int64_t>(kTile, g.out_channels - co), count);
                 }
               });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(direct_conv2d_stub, &direct_conv2d_kernel);

}  // namespace aten::native
