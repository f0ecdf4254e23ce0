// The sampling ops' CPU kernels (Distributions.h). Compiled once per CPU capability.
//
// Every kernel walks the output in groups of G elements (1, or 2 for a Box-Muller pair), each
// group drawing G * W consecutive words of the call's stream (W words an element), and computes
// a group from its words alone with the same scalar code wherever the group lies: parallel_for
// splits at group boundaries, and each chunk fetches its words with the vectorized
// philox_fill_words at its own offset, so no value depends on the chunks or the thread count.
// uniform_ of Float takes the vectorized philox_fill_uniform_float path: its values are exact
// multiples of 2^-24, the same bits as uniform_float, before one affine step.
#include <aten/core/Convert.h>
#include <aten/core/Distributions.h>
#include <aten/cpu/Loops.h>
#include <aten/cpu/Parallel.h>
#include <aten/native/Distributions.h>
#include <aten/native/PhiloxFill.h>
#include <aten/ops/bernoulli_dtypes.h>
#include <aten/ops/cauchy_dtypes.h>
#include <aten/ops/exponential_dtypes.h>
#include <aten/ops/geometric_dtypes.h>
#include <aten/ops/log_normal_dtypes.h>
#include <aten/ops/normal_dtypes.h>
#include <aten/ops/random_dtypes.h>
#include <aten/ops/uniform_dtypes.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <type_traits>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

// Groups whose words a chunk fetches at once: 1024 words at most, on the stack.
constexpr int64_t kWordsPerBatch = 1024;

// Calls group(words, dst, count) for each group of G elements of out (count = G, or fewer for
// the last group), words pointing at the group's G * W words.
template <typename scalar_t, int64_t G, int64_t W, typename F>
void for_each_group(const Tensor& out, const PhiloxRange& range, F group) {
  scalar_t* data = out.data_ptr<scalar_t>();
  const int64_t n = out.numel();
  const int64_t groups = (n + G - 1) / G;
  constexpr int64_t kGroupsPerBatch = kWordsPerBatch / (G * W);
  parallel_for(0, groups, std::max<int64_t>(1, GRAIN_SIZE / G), [&](int64_t begin, int64_t end) {
    uint32_t words[kWordsPerBatch];
    for (int64_t g0 = begin; g0 < end; g0 += kGroupsPerBatch) {
      const int64_t m = std::min(kGroupsPerBatch, end - g0);
      philox_fill_words(range, g0 * G * W, m * G * W, words);
      for (int64_t k = 0; k < m; ++k) {
        const int64_t i = (g0 + k) * G;
        group(words + k * G * W, data + i, std::min(G, n - i));
      }
    }
  });
}

// The uniform on [0, 1) of acc_t (float or double) from an element's first words.
template <typename acc_t>
acc_t uniform_from(const uint32_t* w) {
  if constexpr (std::is_same_v<acc_t, double>) {
    return uniform_double(w[0], w[1]);
  } else {
    return uniform_float(w[0]);
  }
}

template <typename acc_t>
constexpr int64_t words_of() {
  return std::is_same_v<acc_t, double> ? kDoubleUniformWords : 1;
}

// One element per group, value f(u) from one uniform of the output's acc type.
template <typename scalar_t, typename F>
void map_uniform(const Tensor& out, const PhiloxRange& range, F f) {
  using acc_t = uniform_acc_t<scalar_t>;
  for_each_group<scalar_t, 1, words_of<acc_t>()>(
      out, range, [&](const uint32_t* w, scalar_t* dst, int64_t) {
        *dst = convert<scalar_t>(f(uniform_from<acc_t>(w)));
      });
}

// Box-Muller pairs of the output's acc type: elements 2p and 2p + 1 get f of the pair's first
// and second normal; an odd last element the first.
template <typename scalar_t, typename F>
void map_normal_pairs(const Tensor& out, const PhiloxRange& range, F f) {
  using acc_t = uniform_acc_t<scalar_t>;
  constexpr int64_t W = words_of<acc_t>();
  for_each_group<scalar_t, 2, W>(out, range, [&](const uint32_t* w, scalar_t* dst, int64_t count) {
    const NormalPair<acc_t> z = box_muller(uniform_from<acc_t>(w), uniform_from<acc_t>(w + W));
    dst[0] = convert<scalar_t>(f(z.first));
    if (count > 1) dst[1] = convert<scalar_t>(f(z.second));
  });
}

void uniform_kernel(const Tensor& out, const PhiloxRange& range, double from, double to) {
  ATEN_DISPATCH_uniform_TYPES(out.scalar_type(), [&] {
    if constexpr (std::is_same_v<scalar_t, float>) {
      float* data = out.data_ptr<float>();
      const auto lo = static_cast<float>(from), hi = static_cast<float>(to);
      const bool unit = lo == 0.f && hi == 1.f;  // uniform_real would give u itself
      const bool stream = out.nbytes() > kStreamingStoreBytes;
      parallel_for(0, out.numel(), GRAIN_SIZE, [&](int64_t begin, int64_t end) {
        philox_fill_uniform_float(range, begin, end - begin, data + begin, stream && unit);
        if (unit) return;
        for (int64_t i = begin; i < end; ++i) data[i] = uniform_real<float>(data[i], lo, hi);
      });
    } else if constexpr (!is_complex_v<scalar_t>) {
      const auto lo = convert<scalar_t>(from), hi = convert<scalar_t>(to);
      map_uniform<scalar_t>(out, range, [&](auto u) { return uniform_real<scalar_t>(u, lo, hi); });
    }
  });
}

void normal_kernel(const Tensor& out, const PhiloxRange& range, double mean, double std) {
  ATEN_DISPATCH_normal_TYPES(out.scalar_type(), [&] {
    if constexpr (!is_complex_v<scalar_t>) {
      using acc_t = uniform_acc_t<scalar_t>;
      const auto m = static_cast<acc_t>(mean), s = static_cast<acc_t>(std);
      map_normal_pairs<scalar_t>(out, range, [=](acc_t z) { return m + s * z; });
    }
  });
}

void log_normal_kernel(const Tensor& out, const PhiloxRange& range, double mean, double std) {
  ATEN_DISPATCH_log_normal_TYPES(out.scalar_type(), [&] {
    using acc_t = uniform_acc_t<scalar_t>;
    const auto m = static_cast<acc_t>(mean), s = static_cast<acc_t>(std);
    map_normal_pairs<scalar_t>(out, range, [=](acc_t z) { return std::exp(m + s * z); });
  });
}

// -log(1 - u) / lambd: 1 - u is in (0, 1] and exact, so the result is finite and >= 0.
void exponential_kernel(const Tensor& out, const PhiloxRange& range, double lambd, double) {
  ATEN_DISPATCH_exponential_TYPES(out.scalar_type(), [&] {
    using acc_t = uniform_acc_t<scalar_t>;
    const auto l = static_cast<acc_t>(lambd);
    map_uniform<scalar_t>(out, range, [=](acc_t u) { return -std::log(acc_t(1) - u) / l; });
  });
}

// median + sigma * tan(pi (u - 1/2)); u = 0 gives tan(-pi/2 rounded), large and finite.
void cauchy_kernel(const Tensor& out, const PhiloxRange& range, double median, double sigma) {
  ATEN_DISPATCH_cauchy_TYPES(out.scalar_type(), [&] {
    using acc_t = uniform_acc_t<scalar_t>;
    const auto m = static_cast<acc_t>(median), s = static_cast<acc_t>(sigma);
    map_uniform<scalar_t>(out, range, [=](acc_t u) {
      return m + s * std::tan(std::numbers::pi_v<acc_t> * (u - acc_t(0.5)));
    });
  });
}

// floor(log(v) / log(1 - p)) + 1 for v = 1 - u in (0, 1]: P(k) = (1 - p)^(k - 1) p on
// {1, 2, ...}. An integer dtype saturates at its largest value.
void geometric_kernel(const Tensor& out, const PhiloxRange& range, double p, double) {
  ATEN_DISPATCH_geometric_TYPES(out.scalar_type(), [&] {
    const double log_q = std::log1p(-p);
    for_each_group<scalar_t, 1, kDoubleUniformWords>(
        out, range, [&](const uint32_t* w, scalar_t* dst, int64_t) {
          double k = std::floor(std::log(1.0 - uniform_double(w[0], w[1])) / log_q) + 1;
          if constexpr (std::is_integral_v<scalar_t>)
            k = std::min(k, static_cast<double>(std::numeric_limits<scalar_t>::max()));
          *dst = convert<scalar_t>(k);
        });
  });
}

// 1 when a 53-bit uniform is below p: p = 0 never, p = 1 always.
void bernoulli_scalar_kernel(const Tensor& out, const PhiloxRange& range, double p, double) {
  ATEN_DISPATCH_bernoulli_TYPES(out.scalar_type(), [&] {
    for_each_group<scalar_t, 1, kDoubleUniformWords>(
        out, range, [&](const uint32_t* w, scalar_t* dst, int64_t) {
          *dst = convert<scalar_t>(uniform_double(w[0], w[1]) < p ? 1.f : 0.f);
        });
  });
}

// from + uniform_int(draw, range) in wrapping 64-bit arithmetic; range 0 stands for 2^64 (a
// Long over its whole range), whose value is the draw itself.
void random_kernel(const Tensor& out, const PhiloxRange& range, int64_t from, uint64_t span) {
  ATEN_DISPATCH_random_TYPES(out.scalar_type(), [&] {
    for_each_group<scalar_t, 1, kDoubleUniformWords>(
        out, range, [&](const uint32_t* w, scalar_t* dst, int64_t) {
          const uint64_t draw = draw64(w[0], w[1]);
          const uint64_t offset = span == 0 ? draw : uniform_int(draw, span);
          const auto v = static_cast<int64_t>(static_cast<uint64_t>(from) + offset);
          if constexpr (std::is_same_v<scalar_t, bool>) {
            *dst = v != 0;
          } else {
            *dst = convert<scalar_t>(v);
          }
        });
  });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(uniform_stub, &uniform_kernel);
ATEN_REGISTER_DISPATCH(normal_stub, &normal_kernel);
ATEN_REGISTER_DISPATCH(exponential_stub, &exponential_kernel);
ATEN_REGISTER_DISPATCH(geometric_stub, &geometric_kernel);
ATEN_REGISTER_DISPATCH(log_normal_stub, &log_normal_kernel);
ATEN_REGISTER_DISPATCH(cauchy_stub, &cauchy_kernel);
ATEN_REGISTER_DISPATCH(bernoulli_scalar_stub, &bernoulli_scalar_kernel);
ATEN_REGISTER_DISPATCH(random_stub, &random_kernel);

}  // namespace aten::native
