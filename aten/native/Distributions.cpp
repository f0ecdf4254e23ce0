// The sampling ops: argument checks (the same on CPU and Meta, all made before anything is
// reserved or written), the reservation, the factories (rand, randn and their _like and out=
// forms, randint, randint_like, randperm), bernoulli with tensor probabilities (and its out=
// form), and dropout. Values come from the kernels of native/cpu/DistributionsKernel.cpp
// (Distributions.h).
#include <aten/core/Convert.h>
#include <aten/core/Distributions.h>
#include <aten/core/Generator.h>
#include <aten/core/MemoryOverlap.h>
#include <aten/native/Distributions.h>
#include <aten/native/PhiloxFill.h>
#include <aten/ops/bernoulli.h>
#include <aten/ops/bernoulli_dtypes.h>
#include <aten/ops/bernoulli_native.h>
#include <aten/ops/cauchy_dtypes.h>
#include <aten/ops/cauchy_native.h>
#include <aten/ops/copy.h>
#include <aten/ops/div.h>
#include <aten/ops/dropout_dtypes.h>
#include <aten/ops/dropout_native.h>
#include <aten/ops/empty.h>
#include <aten/ops/empty_like.h>
#include <aten/ops/exponential_dtypes.h>
#include <aten/ops/exponential_native.h>
#include <aten/ops/feature_dropout_dtypes.h>
#include <aten/ops/feature_dropout_native.h>
#include <aten/ops/geometric_dtypes.h>
#include <aten/ops/geometric_native.h>
#include <aten/ops/log_normal_dtypes.h>
#include <aten/ops/log_normal_native.h>
#include <aten/ops/lt.h>
#include <aten/ops/mul.h>
#include <aten/ops/normal.h>
#include <aten/ops/normal_dtypes.h>
#include <aten/ops/normal_native.h>
#include <aten/ops/rand_dtypes.h>
#include <aten/ops/rand_like_dtypes.h>
#include <aten/ops/rand_like_native.h>
#include <aten/ops/rand_native.h>
#include <aten/ops/randint_dtypes.h>
#include <aten/ops/randint_like_dtypes.h>
#include <aten/ops/randint_like_native.h>
#include <aten/ops/randint_native.h>
#include <aten/ops/randn_dtypes.h>
#include <aten/ops/randn_like_dtypes.h>
#include <aten/ops/randn_like_native.h>
#include <aten/ops/randn_native.h>
#include <aten/ops/random.h>
#include <aten/ops/random_dtypes.h>
#include <aten/ops/random_native.h>
#include <aten/ops/randperm.h>
#include <aten/ops/randperm_dtypes.h>
#include <aten/ops/randperm_native.h>
#include <aten/ops/to.h>
#include <aten/ops/uniform.h>
#include <aten/ops/uniform_dtypes.h>
#include <aten/ops/uniform_native.h>
#include <aten/ops/view_as_real.h>
#include <aten/ops/zero.h>
#include <aten/ops/zeros.h>
#include <aten/structured/StructuredOutputs.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <utility>
#include <vector>

namespace aten::native {

ATEN_DEFINE_DISPATCH(uniform_stub);
ATEN_DEFINE_DISPATCH(normal_stub);
ATEN_DEFINE_DISPATCH(exponential_stub);
ATEN_DEFINE_DISPATCH(geometric_stub);
ATEN_DEFINE_DISPATCH(log_normal_stub);
ATEN_DEFINE_DISPATCH(cauchy_stub);
ATEN_DEFINE_DISPATCH(bernoulli_scalar_stub);
ATEN_DEFINE_DISPATCH(random_stub);
ATEN_DEFINE_DISPATCH(poisson_stub);

namespace {

// In-place sampling writes each element of self once with its own value, so a self whose
// elements share memory (an expand) is refused, on CPU and Meta alike, as every such in-place
// op refuses it.
void check_writable(const Tensor& self) {
  ATEN_CHECK(!has_internal_overlap(self),
             "unsupported operation: more than one element of the written-to tensor refers to a "
             "single memory location. Please clone() the tensor before performing the operation.");
}

// Writes what `stub` samples into self: reserves the words of self's numel() elements (none
// for an empty self) and fills self directly when it is contiguous, else a contiguous temporary
// copied into it, so that element i is always self's i-th in row-major order whatever its
// strides.
template <typename Stub, typename A, typename B>
Tensor& sample_into(Tensor& self, const std::optional<Generator>& generator,
                    int64_t words_per_element, Stub& stub, A a, B b) {
  check_writable(self);
  const int64_t n = self.numel();
  if (self.is_meta() || n == 0) return self;
  const PhiloxRange range = generator_or_default(generator).reserve(
      philox_blocks(static_cast<uint64_t>(n), static_cast<uint64_t>(words_per_element)));
  if (self.is_contiguous()) {
    stub(kCPU, self, range, a, b);
    return self;
  }
  Tensor contiguous = aten::empty(self.sizes(), self.options());
  stub(kCPU, contiguous, range, a, b);
  self.copy_(contiguous);
  return self;
}

// ATen's checks of uniform_'s bounds, for self's (real) dtype: each within the dtype's finite
// range (NaN is not), from <= to, and to - from finite in it.
template <typename scalar_t>
void check_uniform_bounds(double from, double to, ScalarType t) {
  const auto lowest = static_cast<double>(std::numeric_limits<scalar_t>::lowest());
  const auto max = static_cast<double>(std::numeric_limits<scalar_t>::max());
  ATEN_CHECK(from >= lowest && from <= max, "from=", from, " is out of bounds for ", t);
  ATEN_CHECK(to >= lowest && to <= max, "to=", to, " is out of bounds for ", t);
  ATEN_CHECK(from <= to, "uniform_ expects to return a [from, to) range, but found from=", from,
             " > to=", to);
  ATEN_CHECK(to - from <= max, "uniform_ expects to-from <= std::numeric_limits<", t,
             ">::max(), but found to=", to, " and from=", from,
             " which result in to-from to exceed the limit");
}

void check_uniform(const Tensor& self, double from, double to) {
  ATEN_DISPATCH_uniform_TYPES(self.scalar_type(), [] {});
  // A complex self is checked as its parts' dtype.
  switch (const ScalarType t = toRealValueType(self.scalar_type())) {
    case ScalarType::Double:
      return check_uniform_bounds<double>(from, to, t);
    case ScalarType::Half:
      return check_uniform_bounds<Half>(from, to, t);
    case ScalarType::BFloat16:
      return check_uniform_bounds<BFloat16>(from, to, t);
    default:
      return check_uniform_bounds<float>(from, to, t);
  }
}

void check_normal(const Tensor& self, double std) {
  ATEN_DISPATCH_normal_TYPES(self.scalar_type(), [] {});
  ATEN_CHECK(std >= 0.0, "normal expects std >= 0.0, but found std ", std);
}

void check_exponential(const Tensor& self, double lambd) {
  ATEN_DISPATCH_exponential_TYPES(self.scalar_type(), [] {});
  ATEN_CHECK(lambd >= 0.0, "exponential_ expects lambda >= 0.0, but found lambda=", lambd);
}

void check_geometric(const Tensor& self, double p) {
  ATEN_DISPATCH_geometric_TYPES(self.scalar_type(), [] {});
  ATEN_CHECK(p > 0 && p < 1, "geometric_ expects p to be in (0, 1), but got p=", p);
}

void check_log_normal(const Tensor& self, double std) {
  ATEN_DISPATCH_log_normal_TYPES(self.scalar_type(), [] {});
  ATEN_CHECK(std > 0.0, "log_normal_ expects std > 0.0, but found std=", std);
}

void check_cauchy(const Tensor& self) {
  ATEN_DISPATCH_cauchy_TYPES(self.scalar_type(), [] {});
}

void check_bernoulli(const Tensor& self, double p) {
  ATEN_DISPATCH_bernoulli_TYPES(self.scalar_type(), [] {});
  ATEN_CHECK(p >= 0 && p <= 1, "bernoulli_ expects p to be in [0, 1], but got p=", p);
}

}  // namespace

// ---- in place ---------------------------------------------------------------------------------

// A complex self is its real and imaginary parts, uniform each (ATen's rule).
Tensor& uniform_(Tensor& self, double from, double to, const std::optional<Generator>& generator) {
  check_uniform(self, from, to);
  if (isComplexType(self.scalar_type())) {
    Tensor real = aten::view_as_real(self);
    native::uniform_(real, from, to, generator);
    return self;
  }
  return sample_into(self, generator, uniform_words(self.scalar_type()), uniform_stub, from, to);
}

Tensor& uniform_meta_(Tensor& self, double from, double to,
                      const std::optional<Generator>& /*generator*/) {
  check_writable(self);
  check_uniform(self, from, to);
  return self;
}

// A complex self: both parts normal with std / sqrt(2), so that the complex value has variance
// std^2 (ATen's rule).
Tensor& normal_(Tensor& self, double mean, double std, const std::optional<Generator>& generator) {
  check_normal(self, std);
  if (isComplexType(self.scalar_type())) {
    Tensor real = aten::view_as_real(self);
    native::normal_(real, mean, std / std::numbers::sqrt2, generator);
    return self;
  }
  return sample_into(self, generator, uniform_words(self.scalar_type()), normal_stub, mean, std);
}

Tensor& normal_meta_(Tensor& self, double /*mean*/, double std,
                     const std::optional<Generator>& /*generator*/) {
  check_writable(self);
  check_normal(self, std);
  return self;
}

Tensor& exponential_(Tensor& self, double lambd, const std::optional<Generator>& generator) {
  check_exponential(self, lambd);
  return sample_into(self, generator, uniform_words(self.scalar_type()), exponential_stub, lambd,
                     0);
}

Tensor& exponential_meta_(Tensor& self, double lambd,
                          const std::optional<Generator>& /*generator*/) {
  check_writable(self);
  check_exponential(self, lambd);
  return self;
}

Tensor& geometric_(Tensor& self, double p, const std::optional<Generator>& generator) {
  check_geometric(self, p);
  return sample_into(self, generator, kDoubleUniformWords, geometric_stub, p, 0);
}

Tensor& geometric_meta_(Tensor& self, double p, const std::optional<Generator>& /*generator*/) {
  check_writable(self);
  check_geometric(self, p);
  return self;
}

Tensor& log_normal_(Tensor& self, double mean, double std,
                    const std::optional<Generator>& generator) {
  check_log_normal(self, std);
  return sample_into(self, generator, uniform_words(self.scalar_type()), log_normal_stub, mean,
                     std);
}

Tensor& log_normal_meta_(Tensor& self, double /*mean*/, double std,
                         const std::optional<Generator>& /*generator*/) {
  check_writable(self);
  check_log_normal(self, std);
  return self;
}

// Any sigma, as ATen: a negative one mirrors the distribution, which is the same distribution.
Tensor& cauchy_(Tensor& self, double median, double sigma,
                const std::optional<Generator>& generator) {
  check_cauchy(self);
  return sample_into(self, generator, uniform_words(self.scalar_type()), cauchy_stub, median,
                     sigma);
}

Tensor& cauchy_meta_(Tensor& self, double /*median*/, double /*sigma*/,
                     const std::optional<Generator>& /*generator*/) {
  check_writable(self);
  check_cauchy(self);
  return self;
}

Tensor& bernoulli_(Tensor& self, double p, const std::optional<Generator>& generator) {
  check_bernoulli(self, p);
  return sample_into(self, generator, kDoubleUniformWords, bernoulli_scalar_stub, p, 0);
}

Tensor& bernoulli_meta_(Tensor& self, double p, const std::optional<Generator>& /*generator*/) {
  check_writable(self);
  check_bernoulli(self, p);
  return self;
}

// ---- factories --------------------------------------------------------------------------------
// The dtype is checked before anything is allocated, so the error names the factory.

Tensor rand(IntArrayRef size, std::optional<ScalarType> dtype, std::optional<Layout> layout,
            std::optional<Device> device, std::optional<bool> pin_memory) {
  return rand(size, std::nullopt, dtype, layout, device, pin_memory);
}

Tensor rand(IntArrayRef size, const std::optional<Generator>& generator,
            std::optional<ScalarType> dtype, std::optional<Layout> layout,
            std::optional<Device> device, std::optional<bool> pin_memory) {
  ATEN_DISPATCH_rand_TYPES(dtype.value_or(ScalarType::Float), [] {});
  Tensor result = aten::empty(size, dtype, layout, device, pin_memory, std::nullopt);
  return aten::uniform_(result, 0, 1, generator);
}

Tensor& rand_out(IntArrayRef size, Tensor& out) { return rand_out(size, std::nullopt, out); }

Tensor& rand_out(IntArrayRef size, const std::optional<Generator>& generator, Tensor& out) {
  ATEN_DISPATCH_rand_TYPES(out.scalar_type(), [] {});
  detail::resize_out(out, size, {}, out.options());
  return aten::uniform_(out, 0, 1, generator);
}

Tensor rand_like(const Tensor& self, std::optional<ScalarType> dtype, std::optional<Layout> layout,
                 std::optional<Device> device, std::optional<bool> pin_memory,
                 std::optional<MemoryFormat> memory_format) {
  ATEN_DISPATCH_rand_like_TYPES(dtype.value_or(self.scalar_type()), [] {});
  Tensor result = aten::empty_like(self, dtype, layout, device, pin_memory, memory_format);
  return aten::uniform_(result, 0, 1, std::nullopt);
}

Tensor randn(IntArrayRef size, std::optional<ScalarType> dtype, std::optional<Layout> layout,
             std::optional<Device> device, std::optional<bool> pin_memory) {
  return native::randn(size, std::nullopt, dtype, layout, device, pin_memory);
}

Tensor randn(IntArrayRef size, const std::optional<Generator>& generator,
             std::optional<ScalarType> dtype, std::optional<Layout> layout,
             std::optional<Device> device, std::optional<bool> pin_memory) {
  ATEN_DISPATCH_randn_TYPES(dtype.value_or(ScalarType::Float), [] {});
  Tensor result = aten::empty(size, dtype, layout, device, pin_memory, std::nullopt);
  return aten::normal_(result, 0, 1, generator);
}

Tensor& randn_out(IntArrayRef size, Tensor& out) { return randn_out(size, std::nullopt, out); }

Tensor& randn_out(IntArrayRef size, const std::optional<Generator>& generator, Tensor& out) {
  ATEN_DISPATCH_randn_TYPES(out.scalar_type(), [] {});
  detail::resize_out(out, size, {}, out.options());
  return aten::normal_(out, 0, 1, generator);
}

Tensor randn_like(const Tensor& self, std::optional<ScalarType> dtype, std::optional<Layout> layout,
                  std::optional<Device> device, std::optional<bool> pin_memory,
                  std::optional<MemoryFormat> memory_format) {
  ATEN_DISPATCH_randn_like_TYPES(dtype.value_or(self.scalar_type()), [] {});
  Tensor result = aten::empty_like(self, dtype, layout, device, pin_memory, memory_format);
  return aten::normal_(result, 0, 1, std::nullopt);
}

// ---- random_ ------------------------------------------------------------------------------------

namespace {

// The largest value random_ draws when `to` is None: 2^digits for a floating dtype (every
// integer up to it is exact), the dtype's largest value otherwise.
template <typename scalar_t>
int64_t random_to_inclusive() {
  if constexpr (std::is_floating_point_v<scalar_t> || std::is_same_v<scalar_t, Half> ||
                std::is_same_v<scalar_t, BFloat16>) {
    return int64_t{1} << std::numeric_limits<scalar_t>::digits;
  } else {
    return static_cast<int64_t>(std::numeric_limits<scalar_t>::max());
  }
}

template <typename scalar_t>
bool random_in_bounds(int64_t v) {
  if constexpr (std::is_integral_v<scalar_t>) {
    return v >= static_cast<int64_t>(std::numeric_limits<scalar_t>::lowest()) &&
           v <= static_cast<int64_t>(std::numeric_limits<scalar_t>::max());
  } else {
    return true;  // every int64 is inside a floating dtype's range
  }
}

struct RandomRange {
  int64_t from = 0;
  uint64_t span = 0;  // to - from; 0 stands for 2^64
};

// ATen's checks of random_'s bounds for self's dtype, and the range they give.
RandomRange check_random(const Tensor& self, int64_t from, std::optional<int64_t> to) {
  RandomRange r{from, 0};
  const ScalarType t = self.scalar_type();
  ATEN_DISPATCH_random_TYPES(t, [&] {
    if (to) {
      ATEN_CHECK(from < *to, "random_ expects 'from' to be less than 'to', but got from=", from,
                 " >= to=", *to);
      ATEN_CHECK(random_in_bounds<scalar_t>(from), "from=", from, " is out of bounds for ", t);
      ATEN_CHECK(random_in_bounds<scalar_t>(*to - 1), "to - 1=", *to - 1, " is out of bounds for ",
                 t);
      r.span = static_cast<uint64_t>(*to) - static_cast<uint64_t>(from);
    } else {
      const int64_t to_inc = random_to_inclusive<scalar_t>();
      ATEN_CHECK(from <= to_inc, "random_ expects 'from' to be at most ", to_inc, " (the largest ",
                 t, " value it draws when 'to' is None), but got from=", from);
      ATEN_CHECK(random_in_bounds<scalar_t>(from), "from=", from, " is out of bounds for ", t);
      r.span = static_cast<uint64_t>(to_inc) - static_cast<uint64_t>(from) + 1;
    }
  });
  return r;
}

}  // namespace

Tensor& random_(Tensor& self, int64_t from, std::optional<int64_t> to,
                const std::optional<Generator>& generator) {
  const RandomRange r = check_random(self, from, to);
  return sample_into(self, generator, kDoubleUniformWords, random_stub, r.from, r.span);
}

Tensor& random_meta_(Tensor& self, int64_t from, std::optional<int64_t> to,
                     const std::optional<Generator>& /*generator*/) {
  check_writable(self);
  (void)check_random(self, from, to);
  return self;
}

Tensor& random_(Tensor& self, int64_t to, const std::optional<Generator>& generator) {
  return aten::random_(self, 0, to, generator);
}

Tensor& random_(Tensor& self, const std::optional<Generator>& generator) {
  return aten::random_(self, 0, std::nullopt, generator);
}

// ---- bernoulli with tensor probabilities --------------------------------------------------------

namespace {

// p, of a floating dtype, broadcast to `shape`, for a result of dtype `result` (ATen's checks).
Tensor expanded_probabilities(ScalarType result, const Tensor& p, IntArrayRef shape) {
  ATEN_DISPATCH_bernoulli_TYPES(result, [] {});
  const ScalarType t = p.scalar_type();
  ATEN_CHECK(t == kFloat || t == kDouble || t == kHalf || t == kBFloat16,
             "bernoulli_ expects p of a floating dtype, but got ", t);
  return p.expand(shape);
}

// The expanded probabilities as a contiguous Double tensor, each checked to be in [0, 1]; on
// Meta, only expanded (there are no values to check).
Tensor checked_probabilities(ScalarType result, const Tensor& p, IntArrayRef shape) {
  Tensor expanded = expanded_probabilities(result, p, shape);
  if (expanded.is_meta()) return expanded;
  Tensor probabilities = expanded.to(kDouble).contiguous();
  const double* pp = probabilities.data_ptr<double>();
  for (int64_t i = 0; i < probabilities.numel(); ++i)
    ATEN_CHECK(pp[i] >= 0 && pp[i] <= 1,
               "bernoulli_ expects every element of p to be in [0, 1], but got p=", pp[i]);
  return probabilities;
}

// Element i is 1 when the 53-bit uniform of words [2i, 2i + 2) is below p[i]: the words and
// the comparison of bernoulli_.float, so a p tensor filled with one value gives its result.
Tensor& bernoulli_into(Tensor& self, const Tensor& probabilities,
                       const std::optional<Generator>& generator) {
  check_writable(self);
  if (self.is_meta() || self.numel() == 0) return self;
  Tensor u = aten::empty(self.sizes(), self.options().dtype(kDouble));
  sample_into(u, generator, kDoubleUniformWords, uniform_stub, 0, 1);
  self.copy_(aten::lt(u, probabilities));
  return self;
}

}  // namespace

Tensor& bernoulli_(Tensor& self, const Tensor& p, const std::optional<Generator>& generator) {
  return bernoulli_into(self, checked_probabilities(self.scalar_type(), p, self.sizes()),
                        generator);
}

Tensor& bernoulli_meta_(Tensor& self, const Tensor& p,
                        const std::optional<Generator>& /*generator*/) {
  check_writable(self);
  (void)expanded_probabilities(self.scalar_type(), p, self.sizes());
  return self;
}

Tensor bernoulli(const Tensor& self, const std::optional<Generator>& generator) {
  ATEN_DISPATCH_bernoulli_TYPES(self.scalar_type(), [] {});
  // Contiguous whatever self's layout, as ATen's (LEGACY_CONTIGUOUS_MEMORY_FORMAT).
  Tensor result = aten::empty_like(self, {}, MemoryFormat::Contiguous);
  return aten::bernoulli_(result, self, generator);
}

Tensor bernoulli(const Tensor& self, double p, const std::optional<Generator>& generator) {
  Tensor result = aten::empty_like(self, {}, MemoryFormat::Contiguous);
  return aten::bernoulli_(result, p, generator);
}

// out gets self's shape, after every check (so a refused call leaves it as it was).
Tensor& bernoulli_out(const Tensor& self, const std::optional<Generator>& generator, Tensor& out) {
  const Tensor probabilities = checked_probabilities(out.scalar_type(), self, self.sizes());
  detail::resize_out(out, self.sizes(), {}, out.options().device(self.device()));
  return bernoulli_into(out, probabilities, generator);
}

// ---- randint ------------------------------------------------------------------------------------

Tensor randint(int64_t high, IntArrayRef size, std::optional<ScalarType> dtype,
               std::optional<Layout> layout, std::optional<Device> device,
               std::optional<bool> pin_memory) {
  return randint(0, high, size, std::nullopt, dtype, layout, device, pin_memory);
}

Tensor randint(int64_t high, IntArrayRef size, const std::optional<Generator>& generator,
               std::optional<ScalarType> dtype, std::optional<Layout> layout,
               std::optional<Device> device, std::optional<bool> pin_memory) {
  return randint(0, high, size, generator, dtype, layout, device, pin_memory);
}

Tensor randint(int64_t low, int64_t high, IntArrayRef size, std::optional<ScalarType> dtype,
               std::optional<Layout> layout, std::optional<Device> device,
               std::optional<bool> pin_memory) {
  return randint(low, high, size, std::nullopt, dtype, layout, device, pin_memory);
}

// No dtype (None through a boxed call) is Long, as the schema's default.
Tensor randint(int64_t low, int64_t high, IntArrayRef size,
               const std::optional<Generator>& generator, std::optional<ScalarType> dtype,
               std::optional<Layout> layout, std::optional<Device> device,
               std::optional<bool> pin_memory) {
  const ScalarType t = dtype.value_or(kLong);
  ATEN_DISPATCH_randint_TYPES(t, [] {});
  Tensor result = aten::empty(size, t, layout, device, pin_memory, std::nullopt);
  return aten::random_(result, low, high, generator);
}

Tensor& randint_out(int64_t high, IntArrayRef size, Tensor& out) {
  return randint_out(0, high, size, std::nullopt, out);
}

Tensor& randint_out(int64_t high, IntArrayRef size, const std::optional<Generator>& generator,
                    Tensor& out) {
  return randint_out(0, high, size, generator, out);
}

Tensor& randint_out(int64_t low, int64_t high, IntArrayRef size, Tensor& out) {
  return randint_out(low, high, size, std::nullopt, out);
}

// The bounds are checked (by random_'s meta kernel, on a Meta twin of out) before out is
// resized, so a bad call leaves out as it was.
Tensor& randint_out(int64_t low, int64_t high, IntArrayRef size,
                    const std::optional<Generator>& generator, Tensor& out) {
  ATEN_DISPATCH_randint_TYPES(out.scalar_type(), [] {});
  Tensor twin = aten::empty({0}, out.options().device(kMeta));
  aten::random_(twin, low, high, std::nullopt);
  detail::resize_out(out, size, {}, out.options());
  return aten::random_(out, low, high, generator);
}

// self's shape, dtype (unless one is given) and layout, as empty_like gives them.
Tensor randint_like(const Tensor& self, int64_t high, std::optional<ScalarType> dtype,
                    std::optional<Layout> layout, std::optional<Device> device,
                    std::optional<bool> pin_memory, std::optional<MemoryFormat> memory_format) {
  return native::randint_like(self, 0, high, dtype, layout, device, pin_memory, memory_format);
}

Tensor randint_like(const Tensor& self, int64_t low, int64_t high, std::optional<ScalarType> dtype,
                    std::optional<Layout> layout, std::optional<Device> device,
                    std::optional<bool> pin_memory, std::optional<MemoryFormat> memory_format) {
  ATEN_DISPATCH_randint_like_TYPES(dtype.value_or(self.scalar_type()), [] {});
  Tensor result = aten::empty_like(self, dtype, layout, device, pin_memory, memory_format);
  return aten::random_(result, low, high, std::nullopt);
}

// ---- dropout ------------------------------------------------------------------------------------

namespace {

void check_dropout(double p) {
  ATEN_CHECK(p >= 0 && p <= 1, "dropout probability has to be between 0 and 1, but got ", p);
}

// The kept-and-scaled mask, 1 / (1 - p) with probability 1 - p and 0 otherwise, of `shape`.
Tensor dropout_noise(const Tensor& input, IntArrayRef shape, double p) {
  Tensor noise = aten::empty(shape, input.options());
  aten::bernoulli_(noise, 1 - p, std::nullopt);
  return noise.div_(1 - p);
}

// Feature dropout's mask shape: one element per (N, C) feature map.
DimVector feature_shape(const Tensor& input) {
  ATEN_CHECK(input.dim() >= 2, "Feature dropout requires at least 2 dimensions in the input");
  DimVector shape(input.sizes().begin(), input.sizes().end());
  for (size_t d = 2; d < shape.size(); ++d) shape[d] = 1;
  return shape;
}

// A 0-dim zero of t's dtype: p = 1 multiplies by it, in any dtype (complex and integer too) and
// whatever the rank, as ATen, which draws no mask then.
Tensor zero_like_scalar(const Tensor& t) { return aten::zeros({}, t.options()); }

}  // namespace

// Not training, p = 0, or no elements: the input itself, as ATen.
Tensor dropout(const Tensor& input, double p, bool train) {
  check_dropout(p);
  if (!train || p == 0 || input.numel() == 0) return input;
  if (p == 1) return aten::mul(input, zero_like_scalar(input));
  ATEN_DISPATCH_dropout_TYPES(input.scalar_type(), [] {});
  return aten::mul(input, dropout_noise(input, input.sizes(), p));
}

Tensor& dropout_(Tensor& self, double p, bool train) {
  check_dropout(p);
  if (!train || p == 0 || self.numel() == 0) return self;
  if (p == 1) return self.mul_(zero_like_scalar(self));
  ATEN_DISPATCH_dropout_TYPES(self.scalar_type(), [] {});
  return self.mul_(dropout_noise(self, self.sizes(), p));
}

Tensor feature_dropout(const Tensor& input, double p, bool train) {
  check_dropout(p);
  if (!train || p == 0 || input.numel() == 0) return input;
  if (p == 1) return aten::mul(input, zero_like_scalar(input));
  ATEN_DISPATCH_feature_dropout_TYPES(input.scalar_type(), [] {});
  return aten::mul(input, dropout_noise(input, feature_shape(input), p));
}

// ---- randperm -----------------------------------------------------------------------------------

namespace {

// n >= 0, and every index below n exact in dtype t (ATen's bounds).
void check_randperm(int64_t n, ScalarType t) {
  ATEN_CHECK(n >= 0, "n must be non-negative, got ", n);
  ATEN_DISPATCH_randperm_TYPES(t, [&] {
    int64_t largest = 0;  // the largest n whose indices t holds
    if constexpr (std::is_integral_v<scalar_t>) {
      // max() + 1, in unsigned arithmetic so that int64's (every n) does not overflow.
      largest = static_cast<int64_t>(
          std::min<uint64_t>(static_cast<uint64_t>(std::numeric_limits<scalar_t>::max()) + 1,
                             std::numeric_limits<int64_t>::max()));
    } else {
      largest = (int64_t{1} << std::numeric_limits<scalar_t>::digits) + 1;
    }
    ATEN_CHECK(n <= largest, "n cannot be greater than ", largest, " for ", t, " type.");
  });
}

}  // namespace

Tensor randperm(int64_t n, std::optional<ScalarType> dtype, std::optional<Layout> layout,
                std::optional<Device> device, std::optional<bool> pin_memory) {
  return native::randperm(n, std::nullopt, dtype, layout, device, pin_memory);
}

Tensor randperm(int64_t n, const std::optional<Generator>& generator,
                std::optional<ScalarType> dtype, std::optional<Layout> layout,
                std::optional<Device> device, std::optional<bool> pin_memory) {
  const ScalarType t = dtype.value_or(kLong);
  check_randperm(n, t);
  Tensor result = aten::empty({n}, t, layout, device, pin_memory, std::nullopt);
  return aten::randperm_out(result, n, generator);
}

Tensor& randperm_out(int64_t n, Tensor& out) { return aten::randperm_out(out, n, std::nullopt); }

// Index i's key is the 64-bit draw of words [2i, 2i + 2); a stable order of (key, index) makes
// the result depend on the keys alone.
Tensor& randperm_out(int64_t n, const std::optional<Generator>& generator, Tensor& out) {
  check_randperm(n, out.scalar_type());
  detail::resize_out(out, {n}, {}, out.options());
  if (out.is_meta() || n == 0) return out;
  const auto words = static_cast<uint64_t>(n) * kDoubleUniformWords;
  const PhiloxRange range = generator_or_default(generator).reserve(
      philox_blocks(static_cast<uint64_t>(n), kDoubleUniformWords));
  std::vector<uint32_t> w(words);
  philox_fill_words(range, 0, static_cast<int64_t>(words), w.data());
  std::vector<std::pair<uint64_t, int64_t>> keyed(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) keyed[i] = {draw64(w[2 * i], w[2 * i + 1]), i};
  std::sort(keyed.begin(), keyed.end());
  Tensor result = out.is_contiguous() ? out : aten::empty({n}, out.options());
  ATEN_DISPATCH_randperm_TYPES(out.scalar_type(), [&] {
    scalar_t* p = result.data_ptr<scalar_t>();
    for (int64_t j = 0; j < n; ++j) p[j] = convert<scalar_t>(keyed[j].second);
  });
  if (!result.is_same(out)) out.copy_(result);
  return out;
}

}  // namespace aten::native
