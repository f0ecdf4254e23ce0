// Half and BFloat16 against reference conversions written here from the formats' definitions
// (sign, exponent, mantissa read as numbers in double), independent of the bit tricks in
// aten/core/Half.h and BFloat16.h.
#include <aten/core/BFloat16.h>
#include <aten/core/Half.h>
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <sstream>
#include <type_traits>

using namespace aten;

namespace {

// A 16-bit float format: exponent bits, mantissa bits.
struct Format {
  int exp_bits, mant_bits;
  int bias() const { return (1 << (exp_bits - 1)) - 1; }
  int max_exp() const { return (1 << exp_bits) - 1; }
};
constexpr Format kHalfFormat{5, 10};
constexpr Format kBFloat16Format{8, 7};

double ref_to_double(Format f, uint16_t bits) {
  const int sign = bits >> 15;
  const int e = (bits >> f.mant_bits) & f.max_exp();
  const int m = bits & ((1 << f.mant_bits) - 1);
  double v;
  if (e == f.max_exp()) {
    v = m ? NAN : INFINITY;
  } else if (e == 0) {
    v = std::ldexp(m, 1 - f.bias() - f.mant_bits);
  } else {
    v = std::ldexp((1 << f.mant_bits) + m, e - f.bias() - f.mant_bits);
  }
  return sign ? -v : v;
}

bool is_nan_bits(Format f, uint16_t bits) {
  return ((bits >> f.mant_bits) & f.max_exp()) == f.max_exp() &&
         (bits & ((1 << f.mant_bits) - 1)) != 0;
}

// Round to nearest, ties to even, by scaling to an integer count of the format's quantum and
// using the FPU's (default, round-to-nearest-even) nearbyint in double, where it is exact.
uint16_t ref_from_float(Format f, float x) {
  if (std::isnan(x)) return 0xffff;  // marker: the test checks "is a NaN" instead
  const uint16_t sign = std::signbit(x) ? 0x8000 : 0;
  const uint16_t inf = static_cast<uint16_t>(sign | (f.max_exp() << f.mant_bits));
  const double a = std::fabs(static_cast<double>(x));
  if (std::isinf(a)) return inf;
  const int min_normal_exp = 1 - f.bias();
  if (a < std::ldexp(1.0, min_normal_exp)) {
    double r = std::nearbyint(std::ldexp(a, f.mant_bits - min_normal_exp));
    return static_cast<uint16_t>(sign | static_cast<uint16_t>(r));  // r == 2^mant: smallest normal
  }
  int ex;
  std::frexp(a, &ex);
  int E = ex - 1;  // a in [2^E, 2^(E+1))
  double r = std::nearbyint(std::ldexp(a, f.mant_bits - E));
  if (r == std::ldexp(1.0, f.mant_bits + 1)) {
    r /= 2;
    ++E;
  }
  if (E + f.bias() >= f.max_exp()) return inf;
  return static_cast<uint16_t>(sign | ((E + f.bias()) << f.mant_bits) |
                               (static_cast<int>(r) - (1 << f.mant_bits)));
}

template <typename T>
void check_every_bit_pattern(Format f) {
  for (uint32_t b = 0; b < 65536; ++b) {
    const uint16_t bits = static_cast<uint16_t>(b);
    const float v = static_cast<float>(T(bits, T::from_bits()));
    const double expected = ref_to_double(f, bits);
    if (std::isnan(expected)) {
      ASSERT_TRUE(std::isnan(v)) << std::hex << b;
      ASSERT_TRUE(is_nan_bits(f, T(v).x)) << "NaN must stay NaN: " << std::hex << b;
      continue;
    }
    ASSERT_EQ(static_cast<double>(v), expected) << std::hex << b;
    ASSERT_EQ(std::signbit(v), std::signbit(expected)) << std::hex << b;
    ASSERT_EQ(T(v).x, bits) << "round trip of " << std::hex << b;
  }
}

// Every midpoint between neighbouring values (including the one between the largest finite
// value and the next power of two, i.e. overflow), and the floats just either side of it.
template <typename T>
void check_every_tie(Format f) {
  const uint16_t inf = static_cast<uint16_t>(f.max_exp() << f.mant_bits);
  for (uint16_t sign : {uint16_t{0}, uint16_t{0x8000}}) {
    for (uint16_t h = 0; h < inf; ++h) {
      const double lo = ref_to_double(f, h);
      const double hi = h + 1 == inf ? std::ldexp(1.0, f.max_exp() - f.bias())
                                     : ref_to_double(f, static_cast<uint16_t>(h + 1));
      const float mid = static_cast<float>((lo + hi) / 2);
      ASSERT_EQ(static_cast<double>(mid), (lo + hi) / 2) << "midpoint not exact in float";
      const float s = sign ? -1.f : 1.f;
      const uint16_t even = (h & 1) ? static_cast<uint16_t>(h + 1) : h;
      ASSERT_EQ(T(s * mid).x, sign | even) << "tie at " << mid;
      ASSERT_EQ(T(s * std::nextafter(mid, 0.f)).x, sign | h) << "below " << mid;
      ASSERT_EQ(T(s * std::nextafter(mid, INFINITY)).x, sign | (h + 1)) << "above " << mid;
    }
  }
}

template <typename T>
void check_float_sweep(Format f) {
  // About a million float bit patterns spread over all of them (step is odd and not a
  // power of two, so every exponent and mantissa position is visited).
  for (uint64_t b = 0; b < (uint64_t{1} << 32); b += 4099) {
    const float x = std::bit_cast<float>(static_cast<uint32_t>(b));
    const uint16_t got = T(x).x;
    if (std::isnan(x)) {
      ASSERT_TRUE(is_nan_bits(f, got)) << std::hex << b;
      continue;
    }
    ASSERT_EQ(got, ref_from_float(f, x)) << std::hex << "float bits " << b << " = " << x;
  }
}

}  // namespace

TEST(Half, EveryBitPatternConvertsExactlyAndRoundTrips) {
  check_every_bit_pattern<Half>(kHalfFormat);
}
TEST(BFloat16, EveryBitPatternConvertsExactlyAndRoundTrips) {
  check_every_bit_pattern<BFloat16>(kBFloat16Format);
}
TEST(Half, TiesRoundToEvenOverflowGoesToInf) { check_every_tie<Half>(kHalfFormat); }
TEST(BFloat16, TiesRoundToEvenOverflowGoesToInf) { check_every_tie<BFloat16>(kBFloat16Format); }
TEST(Half, FloatsRoundToNearestEven) { check_float_sweep<Half>(kHalfFormat); }
TEST(BFloat16, FloatsRoundToNearestEven) { check_float_sweep<BFloat16>(kBFloat16Format); }

TEST(Half, SpecialValues) {
  EXPECT_EQ(Half(65504.f).x, 0x7bff);
  EXPECT_EQ(Half(65519.f).x, 0x7bff);
  EXPECT_EQ(Half(65520.f).x, 0x7c00);
  EXPECT_EQ(Half(1e10f).x, 0x7c00);
  EXPECT_EQ(Half(-1e10f).x, 0xfc00);
  EXPECT_EQ(Half(INFINITY).x, 0x7c00);
  EXPECT_EQ(Half(0x1p-24f).x, 0x0001);  // smallest subnormal
  EXPECT_EQ(Half(0x1p-25f).x, 0x0000);  // tie between 0 and it: even is 0
  EXPECT_EQ(Half(0x1.8p-25f).x, 0x0001);
  EXPECT_EQ(Half(-0.f).x, 0x8000);
  EXPECT_TRUE(std::isnan(static_cast<float>(Half(NAN))));
  EXPECT_TRUE(std::isnan(static_cast<float>(Half(-NAN))));
  // A NaN whose payload is only in the bits the conversion drops is still NaN.
  EXPECT_TRUE(std::isnan(static_cast<float>(Half(std::bit_cast<float>(0x7f800001u)))));
}

TEST(BFloat16, SpecialValues) {
  EXPECT_EQ(BFloat16(1.f).x, 0x3f80);
  EXPECT_EQ(BFloat16(std::numeric_limits<float>::max()).x, 0x7f80);  // rounds up to inf
  EXPECT_EQ(BFloat16(-INFINITY).x, 0xff80);
  EXPECT_TRUE(std::isnan(static_cast<float>(BFloat16(std::bit_cast<float>(0x7f800001u)))));
  EXPECT_TRUE(std::isnan(static_cast<float>(BFloat16(std::bit_cast<float>(0xffffffffu)))));
  EXPECT_EQ(BFloat16(std::bit_cast<float>(0x00000001u)).x, 0x0000);  // tiny subnormal
  EXPECT_EQ(BFloat16(std::bit_cast<float>(0x00018000u)).x, 0x0002);  // tie to even (up)
  EXPECT_EQ(BFloat16(std::bit_cast<float>(0x00008000u)).x, 0x0000);  // tie to even (down)
}

template <typename T>
class ReducedFloatArithmetic : public ::testing::Test {};
using ReducedFloats = ::testing::Types<Half, BFloat16>;
TYPED_TEST_SUITE(ReducedFloatArithmetic, ReducedFloats);

TYPED_TEST(ReducedFloatArithmetic, GoesThroughFloatAndRounds) {
  using T = TypeParam;
  static_assert(std::is_same_v<decltype(T(1.f) + T(2.f)), T>);
  static_assert(std::is_same_v<decltype(T(1.f) * 2.f), float>);
  static_assert(std::is_same_v<decltype(2.0 * T(1.f)), double>);
  static_assert(std::is_same_v<decltype(T(1.f) - 1), T>);
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) == 2);
  EXPECT_EQ(static_cast<float>(T(1.5f) + T(2.25f)), 3.75f);
  EXPECT_EQ(static_cast<float>(T(3.f) / T(4.f)), 0.75f);
  EXPECT_EQ(static_cast<float>(-T(2.f)), -2.f);
  // 1 + epsilon/2 is a tie between 1 and 1 + epsilon in the narrow type: stays at 1.
  const float eps = static_cast<float>(std::numeric_limits<T>::epsilon());
  EXPECT_EQ(static_cast<float>(T(1.f) + T(eps / 2)), 1.f);
  EXPECT_EQ(static_cast<float>(T(1.f) + T(eps)), 1.f + eps);
  T acc(1.f);
  acc += T(2.f);
  acc *= 2;
  acc -= 1.f;
  EXPECT_EQ(static_cast<float>(acc), 5.f);
  EXPECT_TRUE(T(1.f) < T(2.f));
  EXPECT_TRUE(T(2.f) == 2.f);
  EXPECT_FALSE(T(NAN) == T(NAN));
  std::ostringstream os;
  os << T(1.5f);
  EXPECT_EQ(os.str(), "1.5");
}

TEST(Half, NumericLimits) {
  using L = std::numeric_limits<Half>;
  EXPECT_EQ(static_cast<float>(L::max()), 65504.f);
  EXPECT_EQ(static_cast<float>(L::lowest()), -65504.f);
  EXPECT_EQ(static_cast<float>(L::min()), 0x1p-14f);
  EXPECT_EQ(static_cast<float>(L::denorm_min()), 0x1p-24f);
  EXPECT_EQ(static_cast<float>(L::epsilon()), 0x1p-10f);
  EXPECT_TRUE(std::isinf(static_cast<float>(L::infinity())));
  EXPECT_TRUE(std::isnan(static_cast<float>(L::quiet_NaN())));
  EXPECT_EQ(L::digits, 11);
}

TEST(BFloat16, NumericLimits) {
  using L = std::numeric_limits<BFloat16>;
  EXPECT_EQ(static_cast<float>(L::max()), 0x1.fep127f);
  EXPECT_EQ(static_cast<float>(L::lowest()), -0x1.fep127f);
  EXPECT_EQ(static_cast<float>(L::min()), 0x1p-126f);
  EXPECT_EQ(static_cast<float>(L::epsilon()), 0x1p-7f);
  EXPECT_TRUE(std::isnan(static_cast<float>(L::quiet_NaN())));
  EXPECT_EQ(L::digits, 8);
}
