// Accuracy of Vectorized<float> and Vectorized<double> math against a more precise reference:
// std:: in double for float, std:: in long double (x87, 64-bit mantissa) for double. The error
// of each result is measured in ULPs of the exact value's format-width neighbourhood,
// |got - ref| / ulp(ref), and must be at most 2. Inputs: the edge values, random bit patterns
// (every exponent, denormals, NaN, inf) and uniform samples over each function's busy range.
// Compiled once per CPU capability, so each capability's own implementation is measured; the
// maxima are printed ("max ULP") for the record.
#include <cfloat>
#include <cstdio>
#include <functional>
#include <initializer_list>
#include <random>
#include <string>
#include <vector>

#include "VecTestUtil.h"

using aten::vec::Vectorized;

namespace {

#if defined(__SANITIZE_ADDRESS__)
// The sanitizer build checks memory, not accuracy: a smaller sample keeps it quick.
constexpr int64_t kFloatSamples = 200'000;
constexpr int64_t kDoubleSamples = 20'000;
#else
// 10^6 float samples per function and capability keep the whole suite's time in seconds; the
// ULP figures in bench/README.md come from 10^7 / 10^6 (set these and rerun).
constexpr int64_t kFloatSamples = 1'000'000;
constexpr int64_t kDoubleSamples = 200'000;
#endif
constexpr double kMaxUlp = 2.0;

template <typename T>
struct Precise;  // the reference's type and the format's parameters
template <>
struct Precise<float> {
  using type = double;
  static constexpr int mantissa = 23, min_exp = -126, max_exp = 127;
  using bits = uint32_t;
};
template <>
struct Precise<double> {
  using type = long double;
  static constexpr int mantissa = 52, min_exp = -1022, max_exp = 1023;
  using bits = uint64_t;
};

// |got - ref| in units of the last place of T around ref. NaN must meet NaN; an infinite result
// counts from the first value past the largest finite one (2^(max_exp+1)); zeros must have the
// reference's sign.
template <typename T>
double ulp_error(T got, typename Precise<T>::type ref) {
  using R = typename Precise<T>::type;
  using P = Precise<T>;
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (std::isnan(ref) || std::isnan(got)) return std::isnan(ref) && std::isnan(got) ? 0 : kInf;
  if (got == 0 && ref == 0 && std::signbit(got) != std::signbit(ref)) return kInf;
  if (std::isinf(ref)) return std::isinf(got) ? 0 : kInf;
  R g = got;
  if (std::isinf(got)) {
    if (std::isinf(static_cast<T>(ref))) return 0;  // ref rounds to infinity in T
    g = std::copysign(std::ldexp(R(1), P::max_exp + 1), R(got));
  }
  const R a = std::fabs(ref);
  int e = a < std::numeric_limits<T>::min() ? P::min_exp : std::ilogb(a);
  if (e > P::max_exp) e = P::max_exp;
  return static_cast<double>(std::fabs(g - ref) / std::ldexp(R(1), e - P::mantissa));
}

template <typename T>
T random_bits(std::mt19937_64& rng) {
  auto b = static_cast<typename Precise<T>::bits>(rng());
  T x;
  std::memcpy(&x, &b, sizeof x);
  return x;
}

template <typename T>
std::vector<T> edge_values() {
  using L = std::numeric_limits<T>;
  return {T(0),
          T(-0.0),
          T(1),
          T(-1),
          T(0.5),
          T(-0.5),
          T(2),
          T(10),
          T(-10),
          L::denorm_min(),
          -L::denorm_min(),
          L::min(),
          -L::min(),
          L::min() / 8,
          L::max(),
          L::lowest(),
          L::epsilon(),
          L::infinity(),
          -L::infinity(),
          L::quiet_NaN(),
          T(88.72),
          T(-87.33),
          T(-103.9),
          T(709.7),
          T(-745.1),
          T(1e-30),
          T(-1e-30),
          T(1e30),
          T(3.14159265358979),
          T(1.5707963267948966),
          T(1e10),
          T(-1e10),
          T(0.99999994),
          T(1.0000001)};
}

struct Stats {
  double max_ulp = 0;
  std::string worst;  // the input that gave max_ulp
};

// Runs vf over samples drawn by draw(rng, i) (i: sample index, edge values first), compares
// with ref, and fails above kMaxUlp.
template <typename T, typename Draw, typename VF, typename RF>
Stats measure(int64_t samples, Draw draw, VF vf, RF ref) {
  using V = Vectorized<T>;
  std::mt19937_64 rng(1234);
  Stats st;
  std::vector<T> x(V::size()), y(V::size()), got(V::size());
  for (int64_t i = 0; i < samples; i += V::size()) {
    for (int64_t j = 0; j < V::size(); ++j) {
      auto [a, b] = draw(rng, i + j);
      x[j] = a;
      y[j] = b;
    }
    vf(V::loadu(x.data()), V::loadu(y.data())).store(got.data());
    for (int64_t j = 0; j < V::size(); ++j) {
      const double err = ulp_error<T>(got[j], ref(x[j], y[j]));
      if (err > st.max_ulp) {
        st.max_ulp = err;
        char buf[128];
        std::snprintf(buf, sizeof buf, "(%.9g, %.9g) = %.9g", double(x[j]), double(y[j]),
                      double(got[j]));
        st.worst = buf;
      }
    }
  }
  return st;
}

struct Unary {
  const char* name;
  double lo, hi;  // the range sampled uniformly, besides random bit patterns
};

template <typename T>
void report(const char* name, const Stats& st) {
  std::printf("max ULP %-8s %-6s %-7s %.3f at %s\n", ATEN_VEC_TEST_STR(CPU_CAPABILITY),
              sizeof(T) == 4 ? "float" : "double", name, st.max_ulp, st.worst.c_str());
  EXPECT_LE(st.max_ulp, kMaxUlp) << name << " worst at " << st.worst;
}

// Edge values first, then 2 of 5 random bit patterns, the rest uniform in [lo, hi].
template <typename T>
auto unary_draw(double lo, double hi) {
  return [lo, hi, edges = edge_values<T>()](std::mt19937_64& rng, int64_t i) {
    if (i < static_cast<int64_t>(edges.size())) return std::pair<T, T>(edges[i], T(0));
    if (i % 5 < 2) return std::pair<T, T>(random_bits<T>(rng), T(0));
    return std::pair<T, T>(static_cast<T>(std::uniform_real_distribution<double>(lo, hi)(rng)),
                           T(0));
  };
}

template <typename T, typename VF, typename RF>
void check_unary(const char* name, double lo, double hi, int64_t samples, VF vf, RF rf) {
  using R = typename Precise<T>::type;
  report<T>(name,
            measure<T>(
                samples, unary_draw<T>(lo, hi), [&](const auto& a, const auto&) { return vf(a); },
                [&](T a, T) { return rf(R(a)); }));
}

template <typename T>
void check_all(int64_t n, double exp_lo, double exp_hi) {
  using R = typename Precise<T>::type;
  using V = Vectorized<T>;
  // std:: overloads for R, named through lambdas (std:: functions cannot be passed directly).
  check_unary<T>(
      "exp", exp_lo, exp_hi, n, [](V a) { return a.exp(); }, [](R x) { return std::exp(x); });
  check_unary<T>(
      "expm1", -40, exp_hi, n, [](V a) { return a.expm1(); }, [](R x) { return std::expm1(x); });
  check_unary<T>(
      "log", 0, 4, n, [](V a) { return a.log(); }, [](R x) { return std::log(x); });
  check_unary<T>(
      "log1p", -1, 4, n, [](V a) { return a.log1p(); }, [](R x) { return std::log1p(x); });
  check_unary<T>(
      "log2", 0, 4, n, [](V a) { return a.log2(); }, [](R x) { return std::log2(x); });
  check_unary<T>(
      "log10", 0, 4, n, [](V a) { return a.log10(); }, [](R x) { return std::log10(x); });
  check_unary<T>(
      "sin", -20, 20, n, [](V a) { return a.sin(); }, [](R x) { return std::sin(x); });
  check_unary<T>(
      "cos", -20, 20, n, [](V a) { return a.cos(); }, [](R x) { return std::cos(x); });
  check_unary<T>(
      "tan", -20, 20, n, [](V a) { return a.tan(); }, [](R x) { return std::tan(x); });
  check_unary<T>(
      "tanh", -20, 20, n, [](V a) { return a.tanh(); }, [](R x) { return std::tanh(x); });
  check_unary<T>(
      "sigmoid", exp_lo - 10, 40, n, [](V a) { return a.sigmoid(); },
      [](R x) { return R(1) / (R(1) + std::exp(-x)); });
  check_unary<T>(
      "erf", -6, 6, n, [](V a) { return a.erf(); }, [](R x) { return std::erf(x); });
  check_unary<T>(
      "erfc", -6, 28, n, [](V a) { return a.erfc(); }, [](R x) { return std::erfc(x); });
  check_unary<T>(
      "atan", -10, 10, n, [](V a) { return a.atan(); }, [](R x) { return std::atan(x); });
  check_unary<T>(
      "exp2", exp_lo * 1.45, exp_hi * 1.45, n, [](V a) { return a.exp2(); },
      [](R x) { return std::exp2(x); });
  check_unary<T>(
      "asin", -1, 1, n, [](V a) { return a.asin(); }, [](R x) { return std::asin(x); });
  check_unary<T>(
      "acos", -1, 1, n, [](V a) { return a.acos(); }, [](R x) { return std::acos(x); });
  check_unary<T>(
      "sinh", -exp_hi, exp_hi, n, [](V a) { return a.sinh(); }, [](R x) { return std::sinh(x); });
  check_unary<T>(
      "cosh", -exp_hi, exp_hi, n, [](V a) { return a.cosh(); }, [](R x) { return std::cosh(x); });

  // atan2(y, x): every pair of edge values, then random bit patterns or uniform in [-10, 10].
  const auto edges = edge_values<T>();
  const int64_t ne = static_cast<int64_t>(edges.size());
  auto pair_draw = [&](std::mt19937_64& rng, int64_t i) {
    if (i < ne * ne) return std::pair<T, T>(edges[i / ne], edges[i % ne]);
    if (i % 2) return std::pair<T, T>(random_bits<T>(rng), random_bits<T>(rng));
    std::uniform_real_distribution<double> u(-10, 10);
    return std::pair<T, T>(T(u(rng)), T(u(rng)));
  };
  report<T>("atan2", measure<T>(
                         n, pair_draw, [](V y, V x) { return y.atan2(x); },
                         [](T y, T x) { return std::atan2(R(y), R(x)); }));

  // pow(x, y): besides the edge pairs and random patterns, x > 0 with y scaled so the result
  // stays mostly finite (|y log2 x| <= exponent range), and x < 0 with integer y.
  auto pow_draw = [&](std::mt19937_64& rng, int64_t i) {
    if (i < ne * ne) return std::pair<T, T>(edges[i / ne], edges[i % ne]);
    std::uniform_real_distribution<double> u(-1, 1);
    switch (i % 4) {
      case 0:
        return std::pair<T, T>(random_bits<T>(rng), random_bits<T>(rng));
      case 1: {
        T x = std::fabs(random_bits<T>(rng));
        if (!std::isfinite(x) || x == 0) x = T(2);
        const double l = std::max(std::fabs(std::log2(double(x))), 1e-3);
        return std::pair<T, T>(x, T(u(rng) * (Precise<T>::max_exp + Precise<T>::mantissa) / l));
      }
      case 2: {
        const T x = T(std::fabs(u(rng)) * 4);
        return std::pair<T, T>(x, T(u(rng) * 60));
      }
      default:
        return std::pair<T, T>(T(-std::fabs(u(rng)) * 8), T(std::round(u(rng) * 40)));
    }
  };
  report<T>("pow", measure<T>(
                       n, pow_draw, [](V x, V y) { return x.pow(y); },
                       [](T x, T y) { return std::pow(R(x), R(y)); }));
}

// Above about 9.0109, tanh rounds to exactly 1 in float (1 - tanh(x) < 2^-25), as ATen's
// gives. Every float from just below that point to 9.2 is checked against the correctly rounded
// value, then larger arguments and the negatives. Catches a reciprocal estimate too coarse for
// the quotient's correction (a bare 14-bit rcp14 gives 0.99999994 up to 9.075).
ATEN_VEC_TEST(VecMath, FloatTanhIsOneWhereItRoundsToOne) {
  ATEN_VEC_SKIP_IF_UNSUPPORTED();
  using V = Vectorized<float>;
  auto correctly_rounded = [](float x) { return static_cast<float>(std::tanh(double(x))); };
  std::vector<float> xs;
  for (float x = 9.0f; x < 9.2f; x = std::nextafter(x, 10.f)) xs.push_back(x);
  for (float x : {10.f, 12.5f, 20.f, 44.f, 88.f, 89.f, 100.f, 1e10f, 3e38f,
                  std::numeric_limits<float>::infinity()})
    xs.push_back(x);
  const size_t n = xs.size();
  for (size_t i = 0; i < n; ++i) xs.push_back(-xs[i]);
  while (xs.size() % V::size() != 0) xs.push_back(0.f);
  std::vector<float> got(V::size());
  int64_t wrong = 0;
  for (size_t i = 0; i < xs.size(); i += V::size()) {
    V::loadu(&xs[i]).tanh().store(got.data());
    for (int64_t j = 0; j < V::size(); ++j) {
      const float x = xs[i + j], want = correctly_rounded(x);
      if (got[j] != want && wrong++ < 5)
        ADD_FAILURE() << "tanh(" << x << ") = " << got[j] << ", correctly rounded " << want;
    }
  }
  EXPECT_EQ(wrong, 0);
  EXPECT_EQ(correctly_rounded(9.0f), 0.99999994f);  // the range starts below the switch to 1
}

ATEN_VEC_TEST(VecMath, FloatWithin2Ulp) {
  ATEN_VEC_SKIP_IF_UNSUPPORTED();
  check_all<float>(kFloatSamples, -104, 89);
}

ATEN_VEC_TEST(VecMath, DoubleWithin2Ulp) {
  ATEN_VEC_SKIP_IF_UNSUPPORTED();
  check_all<double>(kDoubleSamples, -746, 710);
}

}  // namespace
