// The sampling ops' CPU kernels (Distributions.h). Compiled once per CPU capability.
//
// Every kernel walks the output in groups of G elements (1, or 2 for a Box-Muller pair), each
// group drawing G * W consecutive words of the call's stream (W words an element), and computes
// a group from its words alone with the same scalar code wherever the group lies: parallel_for
// splits at group boundaries, and each chunk fetches its words with the vectorized
// philox_fill_words at its own offset, so no value depends on the chunks or the thread count.
// uniform_ of Float takes the vectorized philox_fill_uniform_float path: its values are exact
// multiples of 2^-24, the same bits as uniform_float, before one affine step. normal_ of Float,
// Half and BFloat16 computes its Box-Muller pairs 8 (AVX2) or 16 (AVX-512) at a time
// (normal_floats).
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
#include <aten/ops/poisson_dtypes.h>
#include <aten/ops/random_dtypes.h>
#include <aten/ops/uniform_dtypes.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numbers>
#include <type_traits>

#if defined(CPU_CAPABILITY_AVX2) || defined(CPU_CAPABILITY_AVX512)
#include <immintrin.h>
#include <sleef.h>
#endif

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

// ---- standard normals of Float, Half and BFloat16
// ------------------------------------------------
//
// Pair p of the call (elements 2p and 2p + 1) is Box-Muller of the uniform floats of words 2p and
// 2p + 1. The AVX2 and AVX-512 builds compute 8 / 16 pairs at once with Sleef's vector log and
// sincospi, and take every element through that path (a chunk's last pairs into a buffer), so an
// element's bits depend on its words alone, whatever the chunking; the DEFAULT build computes
// box_muller<float> (std:: functions), whose last bits may differ from Sleef's.

constexpr int64_t kNormalBatch = 1024;  // elements whose uniforms a chunk fetches at once

#if defined(CPU_CAPABILITY_AVX512)

// mean + std * (the 32 normals of the 16 pairs in u[0, 32)), into out[0, 32).
constexpr int64_t kNormalGroup = 32;
inline void normal_group(const float* u, float mean, float std, float* out) {
  const __m512 a = _mm512_loadu_ps(u), b = _mm512_loadu_ps(u + 16);
  // Per 128-bit quarter q: u1 of pairs {2q, 2q + 1, 8 + 2q, 9 + 2q} in even lanes, u2 in odd.
  const __m512 u1 = _mm512_shuffle_ps(a, b, 0x88), u2 = _mm512_shuffle_ps(a, b, 0xDD);
  // As the AVX2 version below, sixteen pairs at once.
  const __m512 log = Sleef_logf16_u35avx512f(_mm512_sub_ps(_mm512_set1_ps(1.f), u1));
  const __m512 radius = _mm512_sqrt_ps(_mm512_mul_ps(_mm512_set1_ps(-2.f), log));
  const Sleef___m512_2 sc = Sleef_sincospif16_u35avx512f(_mm512_add_ps(u2, u2));
  const __m512 s = _mm512_set1_ps(std), m = _mm512_set1_ps(mean);
  const __m512 x = _mm512_add_ps(_mm512_mul_ps(_mm512_mul_ps(radius, sc.y), s), m);  // cos
  const __m512 y = _mm512_add_ps(_mm512_mul_ps(_mm512_mul_ps(radius, sc.x), s), m);  // sin
  // Back to element order: per quarter, the unpacks interleave pairs {2q, 2q + 1} and
  // {8 + 2q, 9 + 2q}.
  _mm512_storeu_ps(out, _mm512_unpacklo_ps(x, y));
  _mm512_storeu_ps(out + 16, _mm512_unpackhi_ps(x, y));
}

#elif defined(CPU_CAPABILITY_AVX2)

// mean + std * (the 16 normals of the 8 pairs in u[0, 16)), into out[0, 16).
constexpr int64_t kNormalGroup = 16;
inline void normal_group(const float* u, float mean, float std, float* out) {
  const __m256 a = _mm256_loadu_ps(u), b = _mm256_loadu_ps(u + 8);
  // Per 128-bit half: u1 of pairs {0, 1, 4, 5 | 2, 3, 6, 7} in even lanes, u2 in the odd ones.
  const __m256 u1 = _mm256_shuffle_ps(a, b, 0x88), u2 = _mm256_shuffle_ps(a, b, 0xDD);
  const __m256 one = _mm256_set1_ps(1.f);
  // radius sqrt(-2 log(1 - u1)): 1 - u1 is in (0, 1] and exact; angle 2 pi u2, as sincospi(2 u2).
  // Sleef's 3.5-ULP functions: a float normal needs no more, and they cost about half the
  // 1-ULP ones.
  const __m256 log = Sleef_logf8_u35avx2(_mm256_sub_ps(one, u1));
  const __m256 radius = _mm256_sqrt_ps(_mm256_mul_ps(_mm256_set1_ps(-2.f), log));
  const Sleef___m256_2 sc = Sleef_sincospif8_u35avx2(_mm256_add_ps(u2, u2));
  const __m256 s = _mm256_set1_ps(std), m = _mm256_set1_ps(mean);
  const __m256 x = _mm256_add_ps(_mm256_mul_ps(_mm256_mul_ps(radius, sc.y), s), m);  // cos
  const __m256 y = _mm256_add_ps(_mm256_mul_ps(_mm256_mul_ps(radius, sc.x), s), m);  // sin
  // Back to element order: the unpacks interleave pairs {0, 1 | 2, 3} and {4, 5 | 6, 7}.
  _mm256_storeu_ps(out, _mm256_unpacklo_ps(x, y));
  _mm256_storeu_ps(out + 8, _mm256_unpackhi_ps(x, y));
}

#endif

#if defined(CPU_CAPABILITY_AVX2) || defined(CPU_CAPABILITY_AVX512)

// Elements [begin, begin + n) of the call (begin even), n <= kNormalBatch, into out.
void normal_floats(const PhiloxRange& range, int64_t begin, int64_t n, float mean, float std,
                   float* out) {
  constexpr int64_t G = kNormalGroup;
  alignas(64) float u[kNormalBatch];
  const int64_t groups = (n + G - 1) / G;
  // Rounded up to whole groups: the words past the last element are computed and not used.
  philox_fill_uniform_float(range, begin, G * groups, u);
  const int64_t whole = n / G;
  for (int64_t g = 0; g < whole; ++g) normal_group(u + G * g, mean, std, out + G * g);
  if (whole < groups) {
    alignas(64) float tail[G];
    normal_group(u + G * whole, mean, std, tail);
    std::memcpy(out + G * whole, tail, static_cast<size_t>(n - G * whole) * sizeof(float));
  }
}

#else

void normal_floats(const PhiloxRange& range, int64_t begin, int64_t n, float mean, float std,
                   float* out) {
  alignas(32) float u[kNormalBatch + 1];
  const int64_t pairs = (n + 1) / 2;
  philox_fill_uniform_float(range, begin, 2 * pairs, u);
  for (int64_t p = 0; p < pairs; ++p) {
    const NormalPair<float> z = box_muller(u[2 * p], u[2 * p + 1]);
    out[2 * p] = z.first * std + mean;
    if (2 * p + 1 < n) out[2 * p + 1] = z.second * std + mean;
  }
}

#endif

// Float, Half and BFloat16 outputs: mean + std * z computed in float, then rounded.
template <typename scalar_t>
void normal_float_kernel(const Tensor& out, const PhiloxRange& range, float mean, float std) {
  scalar_t* data = out.data_ptr<scalar_t>();
  const int64_t n = out.numel();
  parallel_for(0, (n + 1) / 2, GRAIN_SIZE / 2, [&](int64_t begin, int64_t end) {
    alignas(32) float buffer[kNormalBatch];
    for (int64_t i = 2 * begin; i < std::min(2 * end, n); i += kNormalBatch) {
      const int64_t m = std::min({kNormalBatch, 2 * end - i, n - i});
      if constexpr (std::is_same_v<scalar_t, float>) {
        normal_floats(range, i, m, mean, std, data + i);
      } else {
        normal_floats(range, i, m, mean, std, buffer);
        for (int64_t k = 0; k < m; ++k) data[i + k] = convert<scalar_t>(buffer[k]);
      }
    }
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
    if constexpr (std::is_same_v<scalar_t, float> || std::is_same_v<scalar_t, Half> ||
                  std::is_same_v<scalar_t, BFloat16>) {
      normal_float_kernel<scalar_t>(out, range, static_cast<float>(mean), static_cast<float>(std));
    } else if constexpr (!is_complex_v<scalar_t>) {
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

// A Poisson count of `rate` (>= 0) from its element's kPoissonWords words, read as 53-bit
// uniforms: uniform j from words 2j and 2j + 1.
double poisson_from_words(double rate, const uint32_t* w) {
  auto uniform = [w](int64_t j) { return uniform_double(w[2 * j], w[2 * j + 1]); };
  if (std::isinf(rate)) return rate;
  if (rate < 10) {
    // Inversion: the least k with P(X <= k) > u. The bound on k ends a sum that rounding keeps
    // below a u within 2^-53 of 1; P(X > 200) is below 1e-200 at these rates.
    const double u = uniform(0);
    double p = std::exp(-rate), cdf = p, k = 0;
    while (cdf <= u && k < 200) {
      k += 1;
      p *= rate / k;
      cdf += p;
    }
    return k;
  }
  // PTRS (Hormann, "The transformed rejection method for generating Poisson random variables",
  // 1993): a candidate from a transformed uniform u, accepted at once inside a squeeze, else
  // by comparing v against the Poisson probability of the candidate.
  const double sqrt_rate = std::sqrt(rate), log_rate = std::log(rate);
  const double b = 0.931 + 2.53 * sqrt_rate, a = -0.059 + 0.02483 * b;
  const double log_inv_alpha = std::log(1.1239 + 1.1328 / (b - 3.4));
  const double vr = 0.9277 - 3.6224 / (b - 2);
  double k = 0;
  for (int64_t attempt = 0; attempt < kPoissonWords / 4; ++attempt) {
    const double u = uniform(2 * attempt) - 0.5, v = uniform(2 * attempt + 1);
    const double us = 0.5 - std::abs(u);
    k = std::floor((2 * a / us + b) * u + rate + 0.43);
    if (us >= 0.07 && v <= vr) return k;
    if (k < 0 || (us < 0.013 && v > us)) continue;
    int sign = 0;  // lgamma_r: std::lgamma would write the global signgam from every thread
    if (std::log(v) + log_inv_alpha - std::log(a / (us * us) + b) <=
        -rate + k * log_rate - lgamma_r(k + 1, &sign))
      return k;
  }
  return std::max(k, 0.0);
}

void poisson_kernel(const Tensor& out, const PhiloxRange& range, const Tensor& rates) {
  ATEN_DISPATCH_poisson_TYPES(out.scalar_type(), [&] {
    const scalar_t* first = out.data_ptr<scalar_t>();
    const double* rate = rates.data_ptr<double>();
    for_each_group<scalar_t, 1, kPoissonWords>(
        out, range, [&](const uint32_t* w, scalar_t* dst, int64_t) {
          *dst = convert<scalar_t>(poisson_from_words(rate[dst - first], w));
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
ATEN_REGISTER_DISPATCH(poisson_stub, &poisson_kernel);

}  // namespace aten::native
