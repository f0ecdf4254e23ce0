#include <aten/core/Empty.h>
#include <aten/core/Error.h>
#include <aten/core/Generator.h>
#include <aten/core/Tensor.h>

#include <random>
#include <string>

namespace aten {

namespace {

// The layout of get_state's bytes (see Generator.h). The magic word and the version make a
// tensor from anywhere else, or from a later layout, an error rather than a silent reseed.
constexpr char kStateMagic[4] = {'P', 'H', 'L', 'X'};
constexpr uint32_t kStateVersion = 1;
constexpr int64_t kSeedAt = 8;
constexpr int64_t kOffsetAt = 16;
static_assert(kOffsetAt + 8 == Generator::kStateBytes);

void put_le(uint8_t* p, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) p[i] = static_cast<uint8_t>(v >> (8 * i));
}
uint64_t get_le(const uint8_t* p, int bytes) {
  uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= uint64_t{p[i]} << (8 * i);
  return v;
}

[[noreturn]] void bad_state(const std::string& got) {
  ATEN_ERROR("Generator::set_state: expected the state get_state() returns, a 1-D Byte CPU ",
             "tensor of ", Generator::kStateBytes, " elements starting with the magic bytes \"",
             std::string(kStateMagic, 4), "\" and layout version ", kStateVersion, "; got ", got);
}

}  // namespace

GeneratorImpl& Generator::impl() const {
  ATEN_CHECK(defined(), "Generator: this Generator is undefined (default-constructed)");
  return *impl_;
}

void Generator::manual_seed(uint64_t seed) const {
  GeneratorImpl& g = impl();
  std::lock_guard lock(g.mutex_);
  g.seed_ = seed;
  g.offset_ = 0;
}

uint64_t Generator::seed() const {
  std::random_device device;
  const uint64_t seed = (uint64_t{device()} << 32) | device();
  manual_seed(seed);
  return seed;
}

uint64_t Generator::initial_seed() const {
  GeneratorImpl& g = impl();
  std::lock_guard lock(g.mutex_);
  return g.seed_;
}

uint64_t Generator::get_offset() const {
  GeneratorImpl& g = impl();
  std::lock_guard lock(g.mutex_);
  return g.offset_;
}

Tensor Generator::get_state() const {
  uint64_t seed = 0, offset = 0;
  {
    GeneratorImpl& g = impl();
    std::lock_guard lock(g.mutex_);
    seed = g.seed_;
    offset = g.offset_;
  }
  Tensor state(detail::empty_generic({kStateBytes}, TensorOptions(kByte)));
  uint8_t* p = state.data_ptr<uint8_t>();
  for (int i = 0; i < 4; ++i) p[i] = static_cast<uint8_t>(kStateMagic[i]);
  put_le(p + 4, kStateVersion, 4);
  put_le(p + kSeedAt, seed, 8);
  put_le(p + kOffsetAt, offset, 8);
  return state;
}

void Generator::set_state(const Tensor& state) const {
  GeneratorImpl& g = impl();
  if (!state.defined()) bad_state("an undefined tensor");
  if (!state.is_cpu() || state.scalar_type() != kByte || state.dim() != 1 ||
      state.numel() != kStateBytes)
    bad_state(state.toString());  // which names a Meta tensor's device
  uint8_t bytes[kStateBytes];
  const uint8_t* p = state.data_ptr<uint8_t>();
  for (int64_t i = 0; i < kStateBytes; ++i) bytes[i] = p[i * state.stride(0)];
  for (int i = 0; i < 4; ++i)
    if (bytes[i] != static_cast<uint8_t>(kStateMagic[i]))
      bad_state(detail::str_cat("the first 4 bytes ", int{bytes[0]}, " ", int{bytes[1]}, " ",
                                int{bytes[2]}, " ", int{bytes[3]}));
  if (const uint64_t version = get_le(bytes + 4, 4); version != kStateVersion)
    bad_state("layout version " + std::to_string(version));
  std::lock_guard lock(g.mutex_);
  g.seed_ = get_le(bytes + kSeedAt, 8);
  g.offset_ = get_le(bytes + kOffsetAt, 8);
}

PhiloxRange Generator::reserve(uint64_t blocks) const {
  GeneratorImpl& g = impl();
  std::lock_guard lock(g.mutex_);
  // The offset stays below 2^64, so the stream is 2^64 - 1 blocks, 2^68 bytes: only a state
  // set by hand or a bad count gets here.
  ATEN_CHECK(blocks <= UINT64_MAX - g.offset_, "Generator::reserve: ", blocks,
             " blocks from offset ", g.offset_,
             " would run past the end of the stream (2^64 - 1 blocks)");
  const PhiloxRange range{g.seed_, g.offset_};
  g.offset_ += blocks;
  return range;
}

Generator Generator::clone() const {
  GeneratorImpl& g = impl();
  std::lock_guard lock(g.mutex_);
  return Generator(intrusive_ptr<GeneratorImpl>::make(g.seed_, g.offset_));
}

Generator make_generator(uint64_t seed) {
  return Generator(intrusive_ptr<GeneratorImpl>::make(seed));
}

const Generator& default_generator() {
  // Never destroyed: a thread still sampling while the process exits finds it alive.
  static const Generator* const gen = new Generator(make_generator(kDefaultRngSeed));
  return *gen;
}

void manual_seed(uint64_t seed) { default_generator().manual_seed(seed); }

const Generator& generator_or_default(const std::optional<Generator>& gen) {
  return gen.has_value() ? *gen : default_generator();
}

}  // namespace aten
