// The direct 2-d convolution's kernel (DirectConv.h). Each step computes one output row segment
// of a vector's width for a tile of output channels: the tile's accumulators stay in registers
// while every (input channel, tap) pair loads one input vector and adds it, times the tap's
// weight, into each. Work is split over (image, output row) pairs.
// Compiled once per CPU capability.
#include <aten/cpu/Parallel.h>
#include <aten/cpu/vec/Vectorized.h>
#include <aten/native/DirectConv.h>

#include <algorithm>
#include <vector>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

using Vec = vec::Vectorized<float>;

struct Geometry {
  int64_t channels, height, width;  // of the (padded) input
  int64_t kh, kw, oh, ow;
};

// The tile widths: eight accumulators, the input vector and a weight fit the 16 AVX2 registers.
constexpr int kMaxTile = 8;

// Output channels [co, co + kTile) of output row oy of image n, columns [ox, ox + count). w is
// the packed weight: per tile of kMaxTile output channels, per (channel, tap), the tile's
// weights side by side, so the broadcasts of one step read one cache line.
// Output channels [co, co + kTile) of output row oy, columns [ox, ox + count), of one image.
// w is the packed weight: per tile of kMaxTile output channels, per (channel, tap), the tile's
// weights side by side, so a step's broadcasts read one cache line. offsets[k] is where tap k
// (channel, row, column) reads, relative to the window's first input element: one flat loop
// over the taps keeps the accumulators in registers (GCC spills them at the boundaries of a loop
// nest over channels and rows). kFull: count is a whole vector, so the loads need no branch.
template <int kTile, bool kFull>
void tile(const Geometry& g, const float* in, const int64_t* offsets, const float* w,
          const float* bias, float* out, int64_t co, int64_t oy, int64_t ox, int64_t count) {
  const int64_t taps = g.channels * g.kh * g.kw;
  Vec acc[kTile];
  for (int t = 0; t < kTile; ++t) acc[t] = Vec(bias != nullptr ? bias[co + t] : 0.f);
  const float* tap = w + co * taps;  // co is a multiple of kMaxTile
  const float* window = in + oy * g.width + ox;
  for (int64_t k = 0; k < taps; ++k, tap += kMaxTile) {
    const float* src = window + offsets[k];
    const Vec x = kFull ? Vec::loadu(src) : Vec::loadu(src, count);
    for (int t = 0; t < kTile; ++t) acc[t] = vec::fmadd(Vec(tap[t]), x, acc[t]);
  }
  for (int t = 0; t < kTile; ++t) {
    float* dst = out + ((co + t) * g.oh + oy) * g.ow + ox;
    if constexpr (kFull) acc[t].store(dst);
    else acc[t].store(dst, count);
  }
}

template <int kTile = kMaxTile>
void tile_of(int64_t width, const Geometry& g, const float* in, const int64_t* offsets,
             const float* w, const float* bias, float* out, int64_t co, int64_t oy, int64_t ox,
             int64_t count) {
  if constexpr (kTile > 1) {
    if (width < kTile) {
      tile_of<kTile - 1>(width, g, in, offsets, w, bias, out, co, oy, ox, count);
      return;
    }
  }
  if (count == Vec::size()) tile<kTile, true>(g, in, offsets, w, bias, out, co, oy, ox, count);
  else tile<kTile, false>(g, in, offsets, w, bias, out, co, oy, ox, count);
}

void direct_conv2d_kernel(const Tensor& out, const Tensor& input, const Tensor& weight,
                          const Tensor& bias) {
  const int64_t n = input.size(0), out_channels = weight.size(0);
  const Geometry g{input.size(1),  input.size(2), input.size(3), weight.size(2),
                   weight.size(3), out.size(2),   out.size(3)};
  const float* in = input.data_ptr<float>();
  // [tiles, C * KH * KW, kMaxTile]: tile-major, the last tile zero-padded.
  const int64_t taps = g.channels * g.kh * g.kw;
  const int64_t tiles = (out_channels + kMaxTile - 1) / kMaxTile;
  std::vector<float> packed(static_cast<size_t>(tiles * taps * kMaxTile), 0.f);
  const float* wsrc = weight.data_ptr<float>();
  for (int64_t co = 0; co < out_channels; ++co)
    for (int64_t k = 0; k < taps; ++k)
      packed[static_cast<size_t>(((co / kMaxTile) * taps + k) * kMaxTile + co % kMaxTile)] =
          wsrc[co * taps + k];
  const float* w = packed.data();
  std::vector<int64_t> offsets(static_cast<size_t>(taps));
  for (int64_t c = 0, k = 0; c < g.channels; ++c)
    for (int64_t ky = 0; ky < g.kh; ++ky)
      for (int64_t kx = 0; kx < g.kw; ++kx, ++k)
        offsets[static_cast<size_t>(k)] = (c * g.height + ky) * g.width + kx;
  const float* b = bias.defined() ? bias.data_ptr<float>() : nullptr;
  float* o = out.data_ptr<float>();
  const int64_t row_work = out_channels * g.ow * g.channels * g.kh * g.kw;
  parallel_for(0, n * g.oh, std::max<int64_t>(1, GRAIN_SIZE / std::max<int64_t>(1, row_work)),
               [&](int64_t begin, int64_t end) {
                 for (int64_t r = begin; r < end; ++r) {
                   const int64_t image = r / g.oh, oy = r % g.oh;
                   const float* src = in + image * g.channels * g.height * g.width;
                   float* dst = o + image * out_channels * g.oh * g.ow;
                   for (int64_t co = 0; co < out_channels; co += kMaxTile) {
                     const int64_t width = std::min<int64_t>(kMaxTile, out_channels - co);
                     // A row at least a vector wide ends with a whole vector overlapping the
                     // one before (its columns computed twice, to the same values): masked
                     // loads and stores cost about twice as much.
                     for (int64_t ox = 0; ox < g.ow; ox += Vec::size()) {
                       if (g.ow >= Vec::size()) ox = std::min<int64_t>(ox, g.ow - Vec::size());
                       const int64_t count = std::min<int64_t>(Vec::size(), g.ow - ox);
                       tile_of(width, g, src, offsets.data(), w, b, dst, co, oy, ox, count);
                     }
                   }
                 }
               });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(direct_conv2d_stub, &direct_conv2d_kernel);

}  // namespace aten::native
