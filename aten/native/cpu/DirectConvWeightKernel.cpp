// The direct 2-d convolution's weight gradient (DirectConv.h): per (output channel, tap), the sum
// over images and output pixels of grad_output times the input under the tap. A step takes one
// vector of pixels along a row, loads kOuts grad_output vectors and kTaps input vectors and adds
// their kOuts * kTaps products into accumulators that stay in registers over a chunk of rows; the
// lanes are summed once, at the end. The input is read in place (im2col copies it once per tap).
// Compiled once per CPU capability.
#include <aten/cpu/Parallel.h>
#include <aten/cpu/vec/Vectorized.h>
#include <aten/native/DirectConv.h>
#include <aten/native/cpu/DirectConvTaps.h>

#include <algorithm>
#include <array>
#include <vector>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

using Vec = vec::Vectorized<float>;
constexpr int64_t kLanes = Vec::size();

// Accumulators, grad_output vectors and an input vector fill the registers: 4 x 6 + 4 + 1 of
// AVX-512's 32, 2 x 5 + 2 + 1 of AVX2's 16.
constexpr int kOuts = kLanes == 16 ? 4 : 2;
constexpr int kTaps = kLanes == 16 ? 6 : 5;
// Rows per chunk: a block's grad_output rows and the input rows its taps read stay in L1.
constexpr int64_t kChunkBytes = 16 * 1024;

// How a step loads a vector of pixels: a whole one; the last of a row, overlapping the one before,
// whose lanes already counted are zeroed (in both factors, so that an infinity there adds no NaN);
// or the only one of a row narrower than a vector, by masked loads.
enum class Load { whole, overlap, narrow };

template <Load kLoad>
Vec load(const float* p, int64_t count, const Vec& keep) {
  if constexpr (kLoad == Load::narrow) return Vec::loadu(p, count);
  else if constexpr (kLoad == Load::overlap) return Vec::loadu(p) & keep;
  else return Vec::loadu(p);
}

using Acc = std::array<std::array<Vec, kTaps>, kOuts>;

// Adds the pixels [ox, ox + kLanes) of one output row: gy[o] is output channel o's row, x the
// input row under the taps' windows' first element, offsets the block's taps.
template <Load kLoad>
[[gnu::always_inline]] inline void step(Acc& acc, const float* const* gy, const float* x,
                                        const int64_t* offsets, int64_t ox, int64_t count,
                                        const Vec& keep) {
  Vec g[kOuts];
  for (int o = 0; o < kOuts; ++o) g[o] = load<kLoad>(gy[o] + ox, count, keep);
  for (int t = 0; t < kTaps; ++t) {
    const Vec in = load<kLoad>(x + offsets[t] + ox, count, keep);
    for (int o = 0; o < kOuts; ++o) acc[o][t] = vec::fmadd(g[o], in, acc[o][t]);
  }
}

// The gradient being summed: the accumulators' lanes per (output block, tap block) between
// chunks of rows, summed across lanes at the end.
class WeightGrad {
 public:
  WeightGrad(const DirectConvGeometry& g, const float* grad_output, const float* input)
      : g_(g),
        gy_(grad_output),
        in_(input),
        out_blocks_((g.out_channels + kOuts - 1) / kOuts),
        tap_blocks_((g.taps() + kTaps - 1) / kTaps),
        offsets_(direct_conv_tap_offsets(g)),
        partial_(static_cast<size_t>(out_blocks_ * tap_blocks_) * kBlockFloats, 0.f) {
    // Taps past the last read where tap 0 does, into accumulators nobody reads.
    offsets_.resize(static_cast<size_t>(tap_blocks_ * kTaps), 0);
    // The last vector of a row starts at ow - kLanes; its first kLanes - rest lanes were counted.
    uint32_t keep[kLanes];
    for (int64_t l = 0; l < kLanes; ++l) keep[l] = l >= kLanes - rest() ? ~0u : 0u;
    keep_ = Vec::loadu(keep);
  }

  int64_t out_blocks() const { return out_blocks_; }

  // Adds output rows [y0, y1) of one image for output channels [ob * kOuts, + kOuts).
  void add_rows(int64_t image, int64_t y0, int64_t y1, int64_t ob) {
    // Output channels past the last read the last one's rows, into unread accumulators.
    const float* gy_plane[kOuts];
    for (int o = 0; o < kOuts; ++o) {
      const int64_t co = std::min(ob * kOuts + o, g_.out_channels - 1);
      gy_plane[o] = gy_ + (image * g_.out_channels + co) * g_.oh * g_.ow;
    }
    const bool narrow = g_.ow < kLanes;
    const int64_t whole = g_.ow / kLanes;
    for (int64_t tb = 0; tb < tap_blocks_; ++tb) {
      float* saved = block(ob, tb);
      Acc acc;
      for (int o = 0; o < kOuts; ++o)
        for (int t = 0; t < kTaps; ++t) acc[o][t] = Vec::loadu(saved + (o * kTaps + t) * kLanes);
      const int64_t* offsets = offsets_.data() + tb * kTaps;
      for (int64_t oy = y0; oy < y1; ++oy) {
        const float* gy[kOuts];
        for (int o = 0; o < kOuts; ++o) gy[o] = gy_plane[o] + oy * g_.ow;
        const float* x = in_ + (image * g_.channels * g_.height + oy) * g_.width;
        if (narrow) {
          step<Load::narrow>(acc, gy, x, offsets, 0, g_.ow, keep_);
          continue;
        }
        for (int64_t v = 0; v < whole; ++v)
          step<Load::whole>(acc, gy, x, offsets, v * kLanes, kLanes, keep_);
        if (rest() != 0) step<Load::overlap>(acc, gy, x, offsets, g_.ow - kLanes, kLanes, keep_);
      }
      for (int o = 0; o < kOuts; ++o)
        for (int t = 0; t < kTaps; ++t) acc[o][t].store(saved + (o * kTaps + t) * kLanes);
    }
  }

  // The lanes' sums into grad_weight [O, taps].
  void sum_lanes(float* grad_weight) {
    for (int64_t co = 0; co < g_.out_channels; ++co)
      for (int64_t k = 0; k < g_.taps(); ++k) {
        const float* lanes = block(co / kOuts, k / kTaps) +
                             ((co % kOuts) * kTaps + k % kTaps) * kLanes;
        float sum = 0.f;
        for (int64_t l = 0; l < kLanes; ++l) sum += lanes[l];
        grad_weight[co * g_.taps() + k] = sum;
      }
  }

 private:
  static constexpr size_t kBlockFloats = static_cast<size_t>(kOuts * kTaps * kLanes);

  int64_t rest() const { return g_.ow < kLanes ? 0 : g_.ow % kLanes; }
  float* block(int64_t ob, int64_t tb) {
    return partial_.data() + static_cast<size_t>(ob * tap_blocks_ + tb) * kBlockFloats;
  }

  DirectConvGeometry g_;
  const float* gy_;
  const float* in_;
  int64_t out_blocks_, tap_blocks_;
  std::vector<int64_t> offsets_;
  std::vector<float> partial_;
  Vec keep_;
};

void direct_conv2d_weight_kernel(const Tensor& grad_weight, const Tensor& grad_output,
                                 const Tensor& input) {
  const DirectConvGeometry g{input.size(0),       input.size(1),       input.size(2),
                             input.size(3),       grad_output.size(1), grad_weight.size(2),
                             grad_weight.size(3), grad_output.size(2), grad_output.size(3)};
  WeightGrad sum(g, grad_output.data_ptr<float>(), input.data_ptr<float>());
  const int64_t chunk_rows = std::max<int64_t>(
      1, kChunkBytes / (kOuts * g.ow * static_cast<int64_t>(sizeof(float))));
  const int64_t chunk_work = std::max<int64_t>(1, chunk_rows * g.ow * kOuts * g.taps());
  // Chunks of rows outside, so that a chunk's input stays in L2 across the output blocks, which
  // the threads share out.
  for (int64_t image = 0; image < g.n; ++image)
    for (int64_t y0 = 0; y0 < g.oh; y0 += chunk_rows) {
      const int64_t y1 = std::min(y0 + chunk_rows, g.oh);
      parallel_for(0, sum.out_blocks(), std::max<int64_t>(1, GRAIN_SIZE / chunk_work),
                   [&](int64_t begin, int64_t end) {
                     for (int64_t ob = begin; ob < end; ++ob) sum.add_rows(image, y0, y1, ob);
                   });
    }
  sum.sum_lanes(grad_weight.data_ptr<float>());
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(direct_conv2d_weight_stub, &direct_conv2d_weight_kernel);

}  // namespace aten::native
