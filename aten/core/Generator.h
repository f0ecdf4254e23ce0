#pragma once
// aten::Generator: a handle to a random number generator's state, with ATen's API. The state is
// a seed, which is the Philox key, and an offset, the first block of the stream that no op call
// has reserved yet (the stream's layout is in PhiloxStream.h). A sampling op reserves the
// blocks its whole output draws in one call, reserve(), and computes every element from its
// place in that range, on any number of threads; concurrent calls on one generator get
// disjoint ranges. A tensor filled by one call is therefore the same whatever the thread count
// or chunking, and calls on one generator, made one after the other, give the same values in
// any process.
//
//   Generator g = make_generator(42);      // or default_generator(), or aten::manual_seed(42)
//   Tensor s = g.get_state();              // 24 Bytes; g.set_state(s) returns to this point
//   PhiloxRange r = g.reserve(philox_blocks(n, /*words_per_element=*/1));
//
// Copying a Generator shares the state, as copying a Tensor shares the data; clone() copies it.
// The methods are const for the same reason Tensor's are: they change what the handle refers
// to, never the handle.
#include <aten/core/PhiloxStream.h>
#include <aten/core/intrusive_ptr.h>

#include <cstdint>
#include <mutex>
#include <optional>

namespace aten {

// Tensor's methods take Generators (its header includes this one): get_state and set_state
// need <aten/core/Tensor.h> where they are called.
class Tensor;

// The seed of a generator nobody seeded: ATen's default CPU seed, 67280421310721, so that a
// program that never seeds gets the same numbers in every run, as with ATen (the numbers
// themselves differ: ATen's CPU generator is a Mersenne Twister).
inline constexpr uint64_t kDefaultRngSeed = 67280421310721ull;

// The state a Generator refers to. One mutex guards the seed and the offset together, so that
// a reservation never pairs a new seed with an old offset.
class GeneratorImpl final : public intrusive_ptr_target {
 public:
  explicit GeneratorImpl(uint64_t seed, uint64_t offset = 0) : seed_(seed), offset_(offset) {}

 private:
  friend class Generator;
  mutable std::mutex mutex_;
  uint64_t seed_;    // the Philox key
  uint64_t offset_;  // the first block no call has reserved
};

class Generator {
 public:
  Generator() = default;  // undefined, as ATen's: every method but defined() is an error
  explicit Generator(intrusive_ptr<GeneratorImpl> impl) : impl_(std::move(impl)) {}

  bool defined() const { return static_cast<bool>(impl_); }

  // Seeds the generator and rewinds it to the start of the seed's stream.
  void manual_seed(uint64_t seed) const;
  // Seeds it from the operating system's entropy source (non-deterministic); returns the seed.
  uint64_t seed() const;
  // The seed the generator was last seeded with.
  uint64_t initial_seed() const;
  // The first unreserved block of the stream: what reserve() hands out next.
  uint64_t get_offset() const;

  // The state as a 1-D Byte tensor of kStateBytes elements, all little-endian: the magic bytes
  // "PHLX", a 32-bit layout version (1), the 64-bit seed, the 64-bit offset. set_state accepts
  // only that (anything else is an error naming what it expected, and changes nothing), and
  // then continues the stream exactly where get_state was called.
  static constexpr int64_t kStateBytes = 24;
  Tensor get_state() const;
  void set_state(const Tensor& state) const;

  // Reserves the next `blocks` blocks of the stream for one op call and returns them; the
  // offset advances past them. Atomic: concurrent calls get disjoint ranges.
  PhiloxRange reserve(uint64_t blocks) const;

  // A new generator with a copy of this one's state.
  Generator clone() const;

  friend bool operator==(const Generator& a, const Generator& b) { return a.impl_ == b.impl_; }

 private:
  GeneratorImpl& impl() const;
  intrusive_ptr<GeneratorImpl> impl_;
};

Generator make_generator(uint64_t seed = kDefaultRngSeed);

// The process's generator, seeded with kDefaultRngSeed until someone seeds it: what sampling
// ops use when they are given no generator.
const Generator& default_generator();

// Seeds the default generator (torch.manual_seed).
void manual_seed(uint64_t seed);

// The generator an op that takes `Generator? generator` uses: the given one, else the default.
const Generator& generator_or_default(const std::optional<Generator>& gen);

}  // namespace aten
