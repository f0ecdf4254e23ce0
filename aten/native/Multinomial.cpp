// multinomial: num_samples category indices from each distribution (self, or each row of a 2-d
// self), with or without replacement, reproducible at any thread count: every draw is a fixed
// element of the call's word stream (PhiloxStream.h), two words (a 53-bit uniform) each, and the
// rows are independent, so they run in parallel in any split.
//
// Without replacement: an exponential race. Category c of row d draws q = -log(1 - u) from
// element d * C + c (an exponential of rate 1) and arrives at q / p_c;
// the num_samples first arrivals, in order, are a sample of that many categories without
// replacement, each next one drawn with probability proportional to p among those left (the
// Gumbel top-k trick, as ATen's p / q with its topk). Ties, which have probability zero but
// occur for p = 0 (arrival at infinity), go to the lower index.
//
// With replacement: sample s of row d inverts the row's cumulative sums, taken in double, at u
// times their total, u from element d * num_samples + s: the first category whose cumulative sum
// exceeds it, so a category of probability 0 is never chosen.
#include <aten/core/Distributions.h>
#include <aten/core/Generator.h>
#include <aten/cpu/Parallel.h>
#include <aten/native/Distributions.h>
#include <aten/native/PhiloxFill.h>
#include <aten/ops/copy.h>
#include <aten/ops/empty.h>
#include <aten/ops/multinomial.h>
#include <aten/ops/multinomial_dtypes.h>
#include <aten/ops/multinomial_native.h>
#include <aten/ops/to.h>
#include <aten/structured/StructuredOutputs.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

namespace aten::native {

namespace {

// Since ATen's sampling kernels keep category indices in float, it refuses more categories than
// float counts exactly; so does this one, to accept what ATen accepts.
constexpr int64_t kMaxCategories = int64_t{1} << 24;

// The result's shape: num_samples per distribution.
DimVector result_shape(const Tensor& self, int64_t n) {
  if (self.dim() == 1) return {n};
  return {self.size(0), n};
}

// ATen's checks of everything but the probabilities' values, in its order.
void check_arguments(const Tensor& self, int64_t n, bool replacement, const Tensor& out) {
  ATEN_CHECK(out.device() == self.device(), "multinomial arguments must have the same device");
  ATEN_CHECK(self.dim() > 0 && self.dim() <= 2, "prob_dist must be 1 or 2 dim");
  ATEN_CHECK(
      isFloatingType(self.scalar_type()),
      "multinomial only supports floating-point dtypes for input, got: ", self.scalar_type());
  ATEN_DISPATCH_multinomial_TYPES(self.scalar_type(), [] {});
  ATEN_CHECK(out.scalar_type() == kLong,
             "multinomial expects Long tensor out, got: ", out.scalar_type());
  ATEN_CHECK(n > 0, "cannot sample n_sample <= 0 samples");
  ATEN_CHECK(replacement || n <= self.size(-1),
             "cannot sample n_sample > prob_dist.size(-1) samples without replacement");
  ATEN_CHECK(self.size(-1) <= kMaxCategories, "number of categories cannot exceed 2^24");
  // A row without categories sums to 0 whatever the values: the check of the values below,
  // decided by the shape alone, so that a Meta call refuses what the real one will.
  const bool has_rows = self.dim() == 1 || self.size(0) > 0;
  ATEN_CHECK(self.size(-1) > 0 || !has_rows,
             "invalid multinomial distribution (sum of probabilities <= 0)");
}

// The probabilities as a contiguous Double tensor (rows of C), with ATen's checks of their values:
// the race's over the whole tensor, the inversion's row by row.
Tensor checked_probabilities(const Tensor& self, bool race) {
  const int64_t categories = self.size(-1);
  const int64_t rows = self.dim() == 1 ? 1 : self.size(0);
  Tensor p = self.to(kDouble).contiguous();
  const double* pp = p.data_ptr<double>();
  if (race) {
    for (int64_t i = 0; i < p.numel(); ++i)
      ATEN_CHECK(pp[i] >= 0 && pp[i] < std::numeric_limits<double>::infinity(),
                 "probability tensor contains either `inf`, `nan` or element < 0");
  }
  for (int64_t r = 0; r < rows; ++r) {
    double sum = 0;
    for (int64_t c = 0; c < categories; ++c) {
      const double v = pp[r * categories + c];
      if (!race) {
        ATEN_CHECK(v >= 0, "invalid multinomial distribution (encountering probability entry < 0)");
        ATEN_CHECK(std::isfinite(v),
                   "invalid multinomial distribution (encountering probability entry = infinity "
                   "or NaN)");
      }
      sum += v;
    }
    ATEN_CHECK(sum > 0, "invalid multinomial distribution (sum of probabilities <= 0)");
  }
  return p;
}

// The 53-bit uniforms of elements [begin, begin + count) of the call's stream, in u.
void uniforms(const PhiloxRange& range, int64_t begin, int64_t count, std::vector<uint32_t>& words,
              std::vector<double>& u) {
  words.resize(static_cast<size_t>(2 * count));
  u.resize(static_cast<size_t>(count));
  philox_fill_words(range, 2 * begin, 2 * count, words.data());
  for (int64_t i = 0; i < count; ++i) u[i] = uniform_double(words[2 * i], words[2 * i + 1]);
}

// Row `row` of the race: the n first arrivals among its categories, into dst.
void race_row(const double* p, int64_t categories, int64_t row, int64_t n, const PhiloxRange& range,
              int64_t* dst) {
  std::vector<uint32_t> words;
  std::vector<double> u;
  uniforms(range, row * categories, categories, words, u);
  std::vector<std::pair<double, int64_t>> arrivals(static_cast<size_t>(categories));
  for (int64_t c = 0; c < categories; ++c) {
    const double q = -std::log(1.0 - u[c]);  // 1 - u is in (0, 1] and exact
    arrivals[c] = {p[c] > 0 ? q / p[c] : std::numeric_limits<double>::infinity(), c};
  }
  std::partial_sort(arrivals.begin(), arrivals.begin() + n, arrivals.end());
  for (int64_t s = 0; s < n; ++s) dst[s] = arrivals[s].second;
}

// Row `row` by inversion: n samples with replacement, into dst.
void invert_row(const double* p, int64_t categories, int64_t row, int64_t n,
                const PhiloxRange& range, int64_t* dst) {
  std::vector<double> cumulative(static_cast<size_t>(categories));
  double sum = 0;
  int64_t last = 0;  // the last category of nonzero probability, for a target rounded up to sum
  for (int64_t c = 0; c < categories; ++c) {
    sum += p[c];
    cumulative[c] = sum;
    if (p[c] > 0) last = c;
  }
  constexpr int64_t kBatch = 512;  // samples whose words are fetched at once
  std::vector<uint32_t> words;
  std::vector<double> u;
  for (int64_t s0 = 0; s0 < n; s0 += kBatch) {
    const int64_t m = std::min(kBatch, n - s0);
    uniforms(range, row * n + s0, m, words, u);
    for (int64_t k = 0; k < m; ++k) {
      const auto it = std::upper_bound(cumulative.begin(), cumulative.end(), u[k] * sum);
      dst[s0 + k] = std::min(static_cast<int64_t>(it - cumulative.begin()), last);
    }
  }
}

}  // namespace

Tensor& multinomial_out(const Tensor& self, int64_t num_samples, bool replacement,
                        const std::optional<Generator>& generator, Tensor& out) {
  check_arguments(self, num_samples, replacement, out);
  const DimVector shape = result_shape(self, num_samples);
  const int64_t rows = self.dim() == 1 ? 1 : self.size(0), categories = self.size(-1);
  const bool race = !replacement;
  const bool draws = !self.is_meta() && rows * num_samples > 0;
  const Tensor p = draws ? checked_probabilities(self, race) : Tensor();
  detail::resize_out(out, shape, {}, out.options());
  if (!draws) return out;
  const int64_t elements = rows * (race ? categories : num_samples);
  const PhiloxRange range = generator_or_default(generator).reserve(
      philox_blocks(static_cast<uint64_t>(elements), kDoubleUniformWords));
  Tensor result = out.is_contiguous() ? out : aten::empty(shape, out.options());
  const double* pp = p.data_ptr<double>();
  int64_t* dst = result.data_ptr<int64_t>();
  // A row is at least `categories` steps of work: a grain of rows that is about GRAIN_SIZE.
  const int64_t grain = std::max<int64_t>(1, GRAIN_SIZE / std::max(categories, num_samples));
  parallel_for(0, rows, grain, [&](int64_t begin, int64_t end) {
    for (int64_t r = begin; r < end; ++r) {
      const double* row = pp + r * categories;
      int64_t* row_dst = dst + r * num_samples;
      if (race) {
        race_row(row, categories, r, num_samples, range, row_dst);
      } else {
        invert_row(row, categories, r, num_samples, range, row_dst);
      }
    }
  });
  if (!result.is_same(out)) out.copy_(result);
  return out;
}

Tensor multinomial(const Tensor& self, int64_t num_samples, bool replacement,
                   const std::optional<Generator>& generator) {
  Tensor result = aten::empty({0}, self.options().dtype(kLong));
  return aten::multinomial_out(result, self, num_samples, replacement, generator);
}

}  // namespace aten::native
