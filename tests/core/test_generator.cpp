// aten::Generator (aten/core/Generator.h): seeding, reservations, get_state / set_state, the
// default generator.
#include <aten/core/Generator.h>
#include <aten/core/Tensor.h>
#include <aten/native/PhiloxFill.h>
#include <aten/ops/empty.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

using namespace aten;

namespace {

// n words of one op call on g, as a sampling op draws them (one word per element).
std::vector<uint32_t> draw(const Generator& g, int64_t n) {
  const PhiloxRange range = g.reserve(philox_blocks(static_cast<uint64_t>(n), 1));
  std::vector<uint32_t> words(static_cast<size_t>(n));
  native::philox_fill_words(range, 0, n, words.data());
  return words;
}

// A sequence of calls of several sizes, so a mismatch in offsets shows.
std::vector<uint32_t> draw_sequence(const Generator& g) {
  std::vector<uint32_t> all;
  for (int64_t n : {1, 5, 64, 3, 1000}) {
    const std::vector<uint32_t> words = draw(g, n);
    all.insert(all.end(), words.begin(), words.end());
  }
  return all;
}

std::vector<uint8_t> bytes_of(const Tensor& state) {
  const uint8_t* p = state.data_ptr<uint8_t>();
  return {p, p + state.numel()};
}

Tensor byte_tensor(const std::vector<uint8_t>& bytes) {
  Tensor t = empty({static_cast<int64_t>(bytes.size())}, TensorOptions(kByte));
  std::memcpy(t.data_ptr<uint8_t>(), bytes.data(), bytes.size());
  return t;
}

// Puts the default generator back as it was when the test started.
class DefaultGeneratorGuard {
 public:
  DefaultGeneratorGuard() : state_(default_generator().get_state()) {}
  ~DefaultGeneratorGuard() { default_generator().set_state(state_); }
  DefaultGeneratorGuard(const DefaultGeneratorGuard&) = delete;
  DefaultGeneratorGuard& operator=(const DefaultGeneratorGuard&) = delete;

 private:
  Tensor state_;
};

}  // namespace

TEST(Generator, UnseededUsesAtensDefaultSeed) {
  Generator g = make_generator();
  EXPECT_EQ(g.initial_seed(), 67280421310721ull);
  EXPECT_EQ(g.get_offset(), 0u);
  EXPECT_EQ(draw_sequence(g), draw_sequence(make_generator(67280421310721ull)));
}

TEST(Generator, ReserveHandsOutConsecutiveRangesUnderTheSeed) {
  Generator g = make_generator(77);
  const PhiloxRange a = g.reserve(3), b = g.reserve(0), c = g.reserve(5);
  EXPECT_EQ(a.key, 77u);
  EXPECT_EQ(a.first_block, 0u);
  EXPECT_EQ(b.first_block, 3u);
  EXPECT_EQ(c.first_block, 3u);
  EXPECT_EQ(c.key, 77u);
  EXPECT_EQ(g.get_offset(), 8u);
}

TEST(Generator, ManualSeedSetsTheSeedAndRewinds) {
  Generator g = make_generator(1);
  const std::vector<uint32_t> first = draw_sequence(g);
  g.manual_seed(1);
  EXPECT_EQ(g.get_offset(), 0u);
  EXPECT_EQ(draw_sequence(g), first);
  g.manual_seed(2);
  EXPECT_EQ(g.initial_seed(), 2u);
}

TEST(Generator, SeedPicksAFreshSeedAndReturnsIt) {
  Generator g = make_generator(5);
  (void)g.reserve(10);
  const uint64_t s = g.seed();
  EXPECT_EQ(g.initial_seed(), s);
  EXPECT_EQ(g.get_offset(), 0u);
  // Two 64-bit seeds from the entropy source agree with probability 2^-64.
  EXPECT_NE(g.seed(), s);
}

TEST(Generator, SameSeedSameStreamsDifferentSeedsDifferentOnes) {
  Generator a = make_generator(2024), b = make_generator(2024), c = make_generator(2025);
  const std::vector<uint32_t> sa = draw_sequence(a), sb = draw_sequence(b), sc = draw_sequence(c);
  EXPECT_EQ(sa, sb);
  int64_t same = 0;
  for (size_t i = 0; i < sa.size(); ++i) same += sa[i] == sc[i];
  EXPECT_EQ(same, 0);  // 1073 independent words, each equal with probability 2^-32
}

TEST(Generator, CopiesShareTheStateCloneCopiesIt) {
  Generator g = make_generator(9);
  (void)g.reserve(4);
  Generator shared = g;
  Generator copy = g.clone();
  EXPECT_TRUE(shared == g);
  EXPECT_FALSE(copy == g);
  EXPECT_EQ(copy.get_offset(), 4u);
  (void)shared.reserve(6);
  EXPECT_EQ(g.get_offset(), 10u);
  EXPECT_EQ(copy.get_offset(), 4u);
  Generator reference = make_generator(9);
  (void)reference.reserve(4);
  EXPECT_EQ(draw_sequence(copy), draw_sequence(reference));
}

// Four threads reserve at once; the ranges they get tile [0, total) with no gap and no overlap.
TEST(Generator, ConcurrentReservationsAreDisjointAndCoverTheTotal) {
  constexpr int kThreads = 4, kCalls = 20000;
  Generator g = make_generator(3);
  std::vector<std::vector<std::pair<uint64_t, uint64_t>>> got(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < kCalls; ++i) {
        const uint64_t blocks = static_cast<uint64_t>((t * 7 + i) % 13 + 1);
        got[t].emplace_back(g.reserve(blocks).first_block, blocks);
      }
    });
  for (std::thread& t : threads) t.join();
  std::vector<std::pair<uint64_t, uint64_t>> all;
  uint64_t total = 0;
  for (const auto& ranges : got)
    for (const auto& r : ranges) {
      all.push_back(r);
      total += r.second;
    }
  std::sort(all.begin(), all.end());
  uint64_t next = 0;
  for (const auto& [first, blocks] : all) {
    ASSERT_EQ(first, next);
    next = first + blocks;
  }
  EXPECT_EQ(next, total);
  EXPECT_EQ(g.get_offset(), total);
}

TEST(Generator, StateHasTheDocumentedLayout) {
  Generator g = make_generator(0x0102030405060708ull);
  (void)g.reserve(0x1122);
  const Tensor s = g.get_state();
  EXPECT_EQ(s.scalar_type(), kByte);
  EXPECT_EQ(s.dim(), 1);
  EXPECT_EQ(s.numel(), Generator::kStateBytes);
  const std::vector<uint8_t> want = {'P',  'H',  'L', 'X', 1, 0, 0, 0,   // magic, version
                                     8,    7,    6,   5,   4, 3, 2, 1,   // seed
                                     0x22, 0x11, 0,   0,   0, 0, 0, 0};  // offset
  EXPECT_EQ(bytes_of(s), want);
}

TEST(Generator, SetStateReproducesTheSequenceFromGetState) {
  Generator g = make_generator(123);
  (void)draw_sequence(g);
  const Tensor s = g.get_state();
  const std::vector<uint32_t> first = draw_sequence(g);
  g.set_state(s);
  EXPECT_EQ(draw_sequence(g), first);
  Generator other = make_generator(0);
  other.set_state(s);
  EXPECT_EQ(draw_sequence(other), first);
  EXPECT_EQ(bytes_of(other.get_state()), bytes_of(g.get_state()));
  // The state is a copy: drawing after get_state leaves it as it was.
  g.set_state(s);
  EXPECT_EQ(draw_sequence(g), first);
}

TEST(Generator, BadStatesAreRefusedAndChangeNothing) {
  Generator g = make_generator(31);
  (void)g.reserve(17);
  const std::vector<uint8_t> good = bytes_of(g.get_state());
  std::vector<uint8_t> bad_magic = good, bad_version = good;
  bad_magic[0] = 'Q';
  bad_version[4] = 2;
  Tensor wrong_dtype = empty({Generator::kStateBytes}, TensorOptions(kFloat));
  Tensor two_d = byte_tensor(good).view({4, 6});
  Tensor meta = empty({Generator::kStateBytes}, TensorOptions(kByte).device(kMeta));
  const std::pair<Tensor, std::string> cases[] = {
      {Tensor(), "got an undefined tensor"},
      {wrong_dtype, "got Float[24]"},
      {byte_tensor(std::vector<uint8_t>(good.begin(), good.end() - 1)), "got Byte[23]"},
      {byte_tensor([&] {
         std::vector<uint8_t> v = good;
         v.push_back(0);
         return v;
       }()),
       "got Byte[25]"},
      {two_d, "got Byte[4, 6]"},
      {meta, "got Byte[24] (strides [1]) on meta"},
      {byte_tensor(bad_magic), "got the first 4 bytes 81 72 76 88"},
      {byte_tensor(bad_version), "got layout version 2"},
  };
  for (const auto& [state, message] : cases) {
    SCOPED_TRACE(message);
    try {
      g.set_state(state);
      ADD_FAILURE() << "set_state accepted a bad state";
    } catch (const Error& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("Generator::set_state: expected the state get_state() returns, a 1-D "
                          "Byte CPU tensor of 24 elements starting with the magic bytes \"PHLX\" "
                          "and layout version 1; "),
                std::string::npos)
          << what;
      EXPECT_NE(what.find(message), std::string::npos) << what;
    }
    EXPECT_EQ(bytes_of(g.get_state()), good);
  }
}

TEST(Generator, ReservingPastTheStreamsEndIsAnError) {
  Generator g = make_generator(1);
  std::vector<uint8_t> near_end = bytes_of(g.get_state());
  std::fill(near_end.begin() + 16, near_end.end(), 0xff);  // offset 2^64 - 1
  near_end[16] = 0xf0;                                     // offset 2^64 - 16
  g.set_state(byte_tensor(near_end));
  // Blocks 2^64 - 16 to 2^64 - 2 can be reserved; the offset then stays below 2^64, so the last
  // block never is.
  EXPECT_THROW((void)g.reserve(16), Error);
  EXPECT_EQ(g.get_offset(), UINT64_MAX - 15);
  EXPECT_EQ(g.reserve(15).first_block, UINT64_MAX - 15);
  EXPECT_EQ(g.get_offset(), UINT64_MAX);
  EXPECT_THROW((void)g.reserve(1), Error);
  EXPECT_EQ(g.reserve(0).first_block, UINT64_MAX);
}

TEST(Generator, UndefinedGeneratorIsAnError) {
  Generator g;
  EXPECT_FALSE(g.defined());
  EXPECT_THROW(g.manual_seed(1), Error);
  EXPECT_THROW((void)g.reserve(1), Error);
  EXPECT_THROW((void)g.get_state(), Error);
}

TEST(Generator, ManualSeedSeedsTheDefaultGenerator) {
  DefaultGeneratorGuard guard;
  manual_seed(99);
  EXPECT_EQ(default_generator().initial_seed(), 99u);
  EXPECT_EQ(default_generator().get_offset(), 0u);
  EXPECT_EQ(draw_sequence(default_generator()), draw_sequence(make_generator(99)));
  EXPECT_TRUE(generator_or_default(std::nullopt) == default_generator());
  Generator mine = make_generator(4);
  EXPECT_TRUE(generator_or_default(mine) == mine);
}
