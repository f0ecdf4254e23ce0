// The direct 2-d convolution's kernel (DirectConv.h), in two layouts of the work, both keeping a
// block of accumulators in registers while every tap (input channel, kernel row, kernel column)
// feeds each loaded value to several FMAs, so that the FMA units bound a step rather than the
// load ports. Compiled once per CPU capability.
// - Lanes over output channels, when there are at least a block of them (3x3 over 64 channels):
//   a step computes a run of output pixels of one row for a block of channels; per tap it loads
//   the block's weight vectors and broadcasts one input element per pixel, all from L1.
// - Lanes over output pixels, for fewer channels (LeNet-5's 6 and 16): a step computes a few
//   vectors along the output rows for a tile of channels; per tap it loads an input vector per
//   output vector and broadcasts the tile's weights.
#include <aten/cpu/Parallel.h>
#include <aten/cpu/vec/Vectorized.h>
#include <aten/native/DirectConv.h>
#include <aten/native/cpu/DirectConvTaps.h>
#include <aten/ops/zeros.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

using Vec = vec::Vectorized<float>;
constexpr int64_t kLanes = Vec::size();

// ---- lanes over output pixels ----------------------------------------------------------------

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

void pixel_lanes_conv2d(const Tensor& out, const Tensor& input, const Tensor& weight,
                        const Tensor& bias, const DirectConvGeometry& g) {
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

// ---- lanes over output channels ---------------------------------------------------------------

// A step: kPixels<V> consecutive output pixels of a row for a block of V vectors of channels.
// Per tap it loads V weight vectors (packed per block of channels, so aligned and one after the
// other) and broadcasts kPixels input elements of one row: no split loads, and no vector
// overlapping another at a row's end as with lanes over pixels. Its results reach the output's
// rows through a small buffer, transposed. Against lanes over pixels on 3x3 over 64 channels of
// 56-wide rows: 25% less time (bench/README.md). Two vectors where there are channels enough,
// one (twice the pixels) for a single vector's worth (LeNet's 16 channels on AVX-512).
template <int V>
constexpr int64_t kBlock = V* kLanes;
// 28 (AVX-512) or 12 (AVX2) accumulators, and a register or two for the operands.
template <int V>
constexpr int kPixels = (kLanes == 16 ? 28 : 12) / V;

// Output pixels [0, P) of a row for one block of channels: in is the first pixel's window, w
// the block's packed weights, bias its bias (kBlock<V> values), out the first pixel in the
// block's first channel; the block's first `channels` channels are stored.
template <int V, int P>
void pixels(const float* in, const int64_t* offsets, int64_t taps, const float* w,
            const float* bias, float* out, int64_t plane, int64_t channels) {
  Vec acc[P][V];
  for (int v = 0; v < V; ++v) {
    const Vec b = Vec::loadu(bias + v * kLanes);
    for (int p = 0; p < P; ++p) acc[p][v] = b;
  }
  for (int64_t k = 0; k < taps; ++k, w += kBlock<V>) {
    const float* x = in + offsets[k];
    Vec wv[V];
    for (int v = 0; v < V; ++v) wv[v] = Vec::loadu(w + v * kLanes);
    for (int p = 0; p < P; ++p) {
      const Vec xb(x[p]);
      for (int v = 0; v < V; ++v) acc[p][v] = vec::fmadd(wv[v], xb, acc[p][v]);
    }
  }
  alignas(64) float t[P][kBlock<V>];
  for (int p = 0; p < P; ++p)
    for (int v = 0; v < V; ++v) acc[p][v].store(t[p] + v * kLanes);
  for (int64_t c = 0; c < channels; ++c)
    for (int p = 0; p < P; ++p) out[c * plane + p] = t[p][c];
}

template <int V, int P = kPixels<V>>
void pixels_of(int64_t n, const float* in, const int64_t* offsets, int64_t taps, const float* w,
               const float* bias, float* out, int64_t plane, int64_t channels) {
  if constexpr (P > 1) {
    if (n < P) {
      pixels_of<V, P - 1>(n, in, offsets, taps, w, bias, out, plane, channels);
      return;
    }
  }
  pixels<V, P>(in, offsets, taps, w, bias, out, plane, channels);
}

template <int V>
void channel_lanes_conv2d(const Tensor& out, const Tensor& input, const Tensor& weight,
                          const Tensor& bias, const DirectConvGeometry& g) {
  constexpr int64_t block_size = kBlock<V>;
  const int64_t taps = g.taps(), blocks = (g.out_channels + block_size - 1) / block_size;
  // Per block of channels, per tap, the block's weights side by side (the last block
  // zero-padded), and the bias likewise: in tensors, whose storage is aligned for the vectors.
  Tensor packed = aten::zeros({blocks * taps * block_size}, out.options());
  Tensor bias_packed = aten::zeros({blocks * block_size}, out.options());
  float* pw = packed.data_ptr<float>();
  const float* wsrc = weight.data_ptr<float>();
  for (int64_t co = 0; co < g.out_channels; ++co)
    for (int64_t k = 0; k < taps; ++k)
      pw[((co / block_size) * taps + k) * block_size + co % block_size] = wsrc[co * taps + k];
  if (bias.defined()) bias_packed.narrow(0, 0, g.out_channels).copy_(bias);
  const float* pb = bias_packed.data_ptr<float>();
  const std::vector<int64_t> offsets = direct_conv_tap_offsets(g);
  const float* in = input.data_ptr<float>();
  float* o = out.data_ptr<float>();
  const int64_t plane = g.oh * g.ow;
  // A step: one output row of one block of channels of one image.
  const int64_t steps = g.n * blocks * g.oh;
  const int64_t step_work = g.ow * block_size * taps;
  parallel_for(
      0, steps, std::max<int64_t>(1, GRAIN_SIZE / std::max<int64_t>(1, step_work)),
      [&](int64_t begin, int64_t end) {
        for (int64_t s = begin; s < end; ++s) {
          const int64_t oy = s % g.oh, block = s / g.oh % blocks, image = s / g.oh / blocks;
          const int64_t co = block * block_size;
          const int64_t channels = std::min<int64_t>(block_size, g.out_channels - co);
          const float* row = in + (image * g.channels * g.height + oy) * g.width;
          float* dst = o + (image * g.out_channels + co) * plane + oy * g.ow;
          for (int64_t x = 0; x < g.ow; x += kPixels<V>)
            pixels_of<V>(std::min<int64_t>(kPixels<V>, g.ow - x), row + x, offsets.data(), taps,
                         pw + block * taps * block_size, pb + co, dst + x, plane, channels);
        }
      });
}

void direct_conv2d_kernel(const Tensor& out, const Tensor& input, const Tensor& weight,
                          const Tensor& bias) {
  const DirectConvGeometry g{input.size(0),  input.size(1),  input.size(2),
                             input.size(3),  weight.size(0), weight.size(2),
                             weight.size(3), out.size(2),    out.size(3)};
  if (g.out_channels >= kBlock<2>) channel_lanes_conv2d<2>(out, input, weight, bias, g);
  else if (g.out_channels >= kBlock<1>) channel_lanes_conv2d<1>(out, input, weight, bias, g);
  else pixel_lanes_conv2d(out, input, weight, bias, g);
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(direct_conv2d_stub, &direct_conv2d_kernel);

}  // namespace aten::native
