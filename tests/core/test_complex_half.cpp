// complex<Half>, ComplexHalf's element type, against references computed here in double:
// conversions round each part as Half does, + - * compute in float and round each part to Half
// once, as ATen's complex<Half> does (so a product's parts are float's a*c - b*d rounded twice,
// exactly, to float then Half).
#include <aten/core/Complex.h>
#include <aten/core/Convert.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

using namespace aten;

namespace {

using CH = complex<Half>;

// x rounded to Half's precision by a route independent of Half's conversion: the nearest
// multiple of the spacing of Half values around x (ties to even), in double.
double round_half(double x) {
  if (std::isnan(x) || std::isinf(x)) return x;
  const double a = std::fabs(x);
  if (a >= 65520.0) return std::copysign(INFINITY, x);  // past half-way to 2^16
  const int e = a < 0x1p-14 ? -14 : std::ilogb(a);
  const double ulp = std::ldexp(1.0, e - 10);
  return std::copysign(std::nearbyint(a / ulp) * ulp, x);
}

double re(CH z) { return static_cast<float>(z.real()); }
double im(CH z) { return static_cast<float>(z.imag()); }

// Half values spread over several binades, with both signs and some ties.
std::vector<Half> sample_values() {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(-40.f, 40.f);
  std::vector<Half> v = {Half(0.f), Half(1.f), Half(-1.f), Half(0.5f), Half(1e-3f), Half(300.f)};
  for (int i = 0; i < 60; ++i) v.push_back(Half(u(rng)));
  return v;
}

}  // namespace

TEST(ComplexHalf, LayoutLikeATen) {
  static_assert(sizeof(CH) == 4 && alignof(CH) == 4);
  static_assert(std::is_trivially_copyable_v<CH>);
  static_assert(std::is_same_v<CH::value_type, Half>);
  static_assert(is_complex_v<CH>);
  const CH zero;
  EXPECT_EQ(re(zero), 0.0);
  EXPECT_EQ(im(zero), 0.0);
  EXPECT_EQ(CH(2), CH(2.f, 0.f));
}

TEST(ComplexHalf, ConvertsPartByPart) {
  const CH z(std::complex<double>(0.1, -70000.0));  // rounded; out of range is inf
  EXPECT_EQ(re(z), round_half(0.1));
  EXPECT_EQ(im(z), -INFINITY);
  const CH f(std::complex<float>(1e-8f, 2049.f));  // underflow to 0; a tie rounds to even
  EXPECT_EQ(re(f), 0.0);
  EXPECT_EQ(im(f), 2048.0);
  const CH h(Half(1.5f), Half(-0.25f));
  EXPECT_EQ(static_cast<std::complex<float>>(h), std::complex<float>(1.5f, -0.25f));
  EXPECT_EQ(static_cast<std::complex<double>>(h), std::complex<double>(1.5, -0.25));
  // convert<>, as kernels and copies use it.
  EXPECT_EQ(convert<CH>(std::complex<double>(3.0, 4.0)), CH(3.f, 4.f));
  EXPECT_EQ(convert<CH>(2.5), CH(2.5f, 0.f));
  EXPECT_EQ(convert<CH>(true), CH(1.f, 0.f));
  EXPECT_EQ(convert<std::complex<double>>(h), std::complex<double>(1.5, -0.25));
  EXPECT_EQ(convert<int32_t>(CH(-7.5f, 3.f)), -7);  // the real part
  EXPECT_EQ(convert<Half>(CH(2.f, 3.f)), Half(2.f));
  EXPECT_TRUE(convert<bool>(CH(0.f, 1.f)));
  EXPECT_FALSE(convert<bool>(CH(0.f, -0.f)));
}

TEST(ComplexHalf, ArithmeticRoundsEachPartOnce) {
  const std::vector<Half> v = sample_values();
  for (size_t i = 0; i + 3 < v.size(); i += 2) {
    const CH x(v[i], v[i + 1]), y(v[i + 2], v[i + 3]);
    const double a = re(x), b = im(x), c = re(y), d = im(y);
    SCOPED_TRACE(testing::Message() << x << " and " << y);
    const CH s = x + y, t = x - y, p = x * y;
    EXPECT_EQ(re(s), round_half(a + c));
    EXPECT_EQ(im(s), round_half(b + d));
    EXPECT_EQ(re(t), round_half(a - c));
    EXPECT_EQ(im(t), round_half(b - d));
    // Each product of two Half values is exact in float; their sum rounds to float, then Half.
    EXPECT_EQ(re(p), round_half(static_cast<float>(a * c - b * d)));
    EXPECT_EQ(im(p), round_half(static_cast<float>(a * d + b * c)));
    EXPECT_EQ(-x, CH(-v[i], -v[i + 1]));
  }
}

TEST(ComplexHalf, DivisionGoesThroughComplexFloat) {
  const CH x(1.f, 2.f), y(0.5f, -1.f);
  const std::complex<float> q = std::complex<float>(1.f, 2.f) / std::complex<float>(0.5f, -1.f);
  EXPECT_EQ(x / y, CH(q));
}

// No C Annex G recovery: infinities meet zeros in the schoolbook product as in ATen, whose
// complex32 `inf * 1` is inf+nanj.
TEST(ComplexHalf, ProductOfInfinityIsSchoolbook) {
  const Half inf = std::numeric_limits<Half>::infinity();
  const CH p = CH(inf, Half(0.f)) * CH(1.f, 0.f);
  EXPECT_EQ(re(p), INFINITY);
  EXPECT_TRUE(std::isnan(im(p)));
  const CH s = CH(1.f, 2.f) + CH(inf, Half(0.f));
  EXPECT_EQ(re(s), INFINITY);
  EXPECT_EQ(im(s), 2.0);
}
