// Vectorized<T> against per-element references written here, on edge values and random ones.
// Compiled once per CPU capability, so under AVX2/AVX512 float, double, int32_t and int64_t are
// the intrinsic specialisations and every other type is the generic version.
#include <array>
#include <complex>
#include <random>
#include <vector>

#include "VecTestUtil.h"

using aten::vec::Vectorized;

namespace {

// ---- inputs -----------------------------------------------------------------------------------

template <typename T>
std::vector<T> edge_values() {
  using L = std::numeric_limits<T>;
  if constexpr (std::is_floating_point_v<T>) {
    return {T(0),
            T(-0.0),
            T(1),
            T(-1),
            T(0.5),
            T(-0.5),
            T(1.5),
            T(2.5),
            T(-2.5),
            T(3.5),
            T(0.49999997),
            T(-7.75),
            T(100),
            T(1e-30),
            T(-1e30),
            L::denorm_min(),
            -L::denorm_min(),
            L::min(),
            L::min() / 4,
            -L::min() / 2,
            L::max(),
            L::lowest(),
            L::epsilon(),
            L::infinity(),
            -L::infinity(),
            L::quiet_NaN(),
            -L::quiet_NaN(),
            T(8388609),
            T(16777216),
            T(2147483648.0),
            T(-2147483648.0),
            T(2147483520.0),
            T(-3e9),
            T(9.2233720368547758e18),
            T(-9.2233720368547758e18),
            T(4.5e15),
            T(1e20)};
  } else {
    std::vector<T> v = {T(0),
                        T(1),
                        T(2),
                        T(3),
                        T(7),
                        T(100),
                        L::max(),
                        L::min(),
                        T(L::max() - 1),
                        T(L::min() + 1),
                        T(L::max() / 2),
                        T(L::min() / 3)};
    if constexpr (std::is_signed_v<T>) {
      for (T x : {T(-1), T(-2), T(-7), T(-100)}) v.push_back(x);
    }
    if constexpr (sizeof(T) >= 4) {
      for (int64_t x : {int64_t{46341}, int64_t{65536}, int64_t{-65537}, int64_t{123456789}})
        v.push_back(T(x));
    }
    if constexpr (sizeof(T) == 8) {
      for (int64_t x :
           {int64_t{INT32_MAX}, int64_t{INT32_MIN}, int64_t{1} << 32, int64_t{3037000500}})
        v.push_back(T(x));
    }
    return v;
  }
}

template <typename T>
T random_value(std::mt19937_64& rng) {
  if constexpr (std::is_floating_point_v<T>) {
    switch (rng() % 3) {
      case 0: {  // any bit pattern: every exponent, denormals, NaN, inf
        using U = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
        U bits = static_cast<U>(rng());
        T x;
        std::memcpy(&x, &bits, sizeof x);
        return x;
      }
      case 1:
        return std::uniform_real_distribution<T>(-100, 100)(rng);
      default:  // halves: ties for round, equal pairs for compares
        return T(static_cast<int>(rng() % 41) - 20) / T(2);
    }
  } else {
    return static_cast<T>(rng() % 4 == 0 ? rng() % 7 : rng());
  }
}

// Every pair of edge values, then random pairs; length a multiple of the vector size.
template <typename T>
std::pair<std::vector<T>, std::vector<T>> input_pairs() {
  std::vector<T> a, b;
  const auto e = edge_values<T>();
  for (T x : e)
    for (T y : e) {
      a.push_back(x);
      b.push_back(y);
    }
  std::mt19937_64 rng(42);
  const int64_t n = Vectorized<T>::size();
  while (a.size() < 20000 || a.size() % n != 0) {
    a.push_back(random_value<T>(rng));
    b.push_back(random_value<T>(rng));
  }
  return {a, b};
}

// ---- checking ---------------------------------------------------------------------------------

template <typename T>
std::vector<T> stored(const Vectorized<T>& v) {
  std::vector<T> out(Vectorized<T>::size());
  v.store(out.data());
  return out;
}

// vf(vector a, vector b) against sf(a[i], b[i]) for every input pair; eq compares two T.
template <typename T, typename VF, typename SF, typename EQ = bool (*)(const T&, const T&)>
void check_binary(const char* name, VF vf, SF sf, EQ eq = &same<T>, bool nonzero_b = false) {
  using V = Vectorized<T>;
  auto [a, b] = input_pairs<T>();
  if (nonzero_b)
    for (T& y : b)
      if (y == T(0)) y = T(1);
  int failures = 0;
  for (size_t i = 0; i < a.size(); i += V::size()) {
    const auto got = stored<T>(vf(V::loadu(&a[i]), V::loadu(&b[i])));
    for (int64_t j = 0; j < V::size(); ++j) {
      const T want = sf(a[i + j], b[i + j]);
      if (!eq(got[j], want) && ++failures <= 5)
        ADD_FAILURE() << name << "(" << show(a[i + j]) << ", " << show(b[i + j])
                      << ") = " << show(got[j]) << ", want " << show(want);
    }
  }
}

template <typename T, typename VF, typename SF>
void check_unary(const char* name, VF vf, SF sf) {
  check_binary<T>(
      name, [&](auto x, auto) { return vf(x); }, [&](T x, T) { return sf(x); });
}

template <typename T>
T mask_of(bool set) {
  T r;
  std::memset(&r, set ? 0xFF : 0, sizeof r);
  return r;
}

template <typename T>
T wrapped(uint64_t x) {
  return static_cast<T>(static_cast<std::make_unsigned_t<T>>(x));
}

template <typename T>
T minus_one(T x) {
  if constexpr (std::is_floating_point_v<T>) {
    return x - T(1);
  } else {
    return wrapped<T>(uint64_t(x) - 1);
  }
}

template <typename T>
bool is_nan(T x) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::isnan(x);
  } else {
    return false;
  }
}

template <typename T>
T ref_maximum(T a, T b) {
  if (is_nan(a) || is_nan(b)) return std::numeric_limits<T>::quiet_NaN();
  if (a == b) return std::signbit(static_cast<double>(a)) ? b : a;  // +0 over -0
  return a < b ? b : a;
}
template <typename T>
T ref_minimum(T a, T b) {
  if (is_nan(a) || is_nan(b)) return std::numeric_limits<T>::quiet_NaN();
  if (a == b) return std::signbit(static_cast<double>(a)) ? a : b;
  return a < b ? a : b;
}

// ---- every type -------------------------------------------------------------------------------

template <typename T>
class ATEN_VEC_SUITE(VecOps) : public ::testing::Test {
 protected:
  void SetUp() override { ATEN_VEC_SKIP_IF_UNSUPPORTED(); }
};
using AllTypes = ::testing::Types<float, double, int32_t, int64_t, int8_t, int16_t, uint8_t>;
ATEN_VEC_TYPED_TEST_SUITE(VecOps, AllTypes);

ATEN_VEC_TYPED_TEST(VecOps, ConstructLoadStore) {
  using T = TypeParam;
  using V = Vectorized<T>;
  static_assert(std::is_same_v<typename V::value_type, T>);
  EXPECT_EQ(V::size() * static_cast<int64_t>(sizeof(T)), aten::vec::kVectorBytes);
  std::vector<T> src(V::size());
  for (int64_t i = 0; i < V::size(); ++i) src[i] = T(i + 1);
  const V v = V::loadu(src.data());
  for (int64_t i = 0; i < V::size(); ++i) EXPECT_EQ(v[i], src[i]);
  const V b(T(7));
  for (int64_t i = 0; i < V::size(); ++i) EXPECT_EQ(b[i], T(7));
  const V z;
  for (int64_t i = 0; i < V::size(); ++i) EXPECT_EQ(z[i], T(0));
  // The size()-argument constructor, from the same values.
  const V w = [&]<size_t... I>(std::index_sequence<I...>) { return V(src[I]...); }
  (std::make_index_sequence<V::size()>{});
  EXPECT_EQ(stored(w), src);

  // Partial loads fill with zeros, partial stores leave the rest alone.
  for (int64_t count = 0; count <= V::size(); ++count) {
    const auto got = stored(V::loadu(src.data(), count));
    for (int64_t i = 0; i < V::size(); ++i) EXPECT_EQ(got[i], i < count ? src[i] : T(0)) << count;
    std::vector<T> dst(V::size() + 1, T(99));
    v.store(dst.data(), count);
    for (int64_t i = 0; i <= V::size(); ++i) EXPECT_EQ(dst[i], i < count ? src[i] : T(99)) << count;
  }
}

ATEN_VEC_TYPED_TEST(VecOps, Arithmetic) {
  using T = TypeParam;
  if constexpr (std::is_floating_point_v<T>) {
    check_binary<T>(
        "+", [](auto a, auto b) { return a + b; }, [](T a, T b) { return T(a + b); });
    check_binary<T>(
        "-", [](auto a, auto b) { return a - b; }, [](T a, T b) { return T(a - b); });
    check_binary<T>(
        "*", [](auto a, auto b) { return a * b; }, [](T a, T b) { return T(a * b); });
    check_binary<T>(
        "/", [](auto a, auto b) { return a / b; }, [](T a, T b) { return T(a / b); });
    check_unary<T>(
        "unary -", [](auto a) { return -a; }, [](T a) { return T(-a); });
    check_unary<T>(
        "neg", [](auto a) { return a.neg(); }, [](T a) { return T(-a); });
    check_unary<T>(
        "abs", [](auto a) { return a.abs(); }, [](T a) { return std::abs(a); });
    // One rounding in every capability.
    check_binary<T>(
        "fmadd", [](auto a, auto b) { return aten::vec::fmadd(a, b, b); },
        [](T a, T b) { return std::fma(a, b, b); });
  } else {
    // Two's complement wrap-around, like the SIMD instructions.
    check_binary<T>(
        "+", [](auto a, auto b) { return a + b; },
        [](T a, T b) { return wrapped<T>(uint64_t(a) + uint64_t(b)); });
    check_binary<T>(
        "-", [](auto a, auto b) { return a - b; },
        [](T a, T b) { return wrapped<T>(uint64_t(a) - uint64_t(b)); });
    check_binary<T>(
        "*", [](auto a, auto b) { return a * b; },
        [](T a, T b) { return wrapped<T>(uint64_t(a) * uint64_t(b)); });
    check_binary<T>(
        "/", [](auto a, auto b) { return a / b; },
        [](T a, T b) {
          return std::is_signed_v<T> && b == T(-1) ? wrapped<T>(0 - uint64_t(a)) : T(a / b);
        },
        &same<T>,
        /*nonzero_b=*/true);
    check_unary<T>(
        "unary -", [](auto a) { return -a; }, [](T a) { return wrapped<T>(0 - uint64_t(a)); });
    check_unary<T>(
        "neg", [](auto a) { return a.neg(); }, [](T a) { return wrapped<T>(0 - uint64_t(a)); });
    check_unary<T>(
        "abs", [](auto a) { return a.abs(); },
        [](T a) { return a < T(0) ? wrapped<T>(0 - uint64_t(a)) : a; });
    check_binary<T>(
        "fmadd", [](auto a, auto b) { return aten::vec::fmadd(a, b, a); },
        [](T a, T b) { return wrapped<T>(uint64_t(a) * uint64_t(b) + uint64_t(a)); });
  }
}

ATEN_VEC_TYPED_TEST(VecOps, Bitwise) {
  using T = TypeParam;
  using U = std::conditional_t<
      sizeof(T) == 1, uint8_t,
      std::conditional_t<sizeof(T) == 2, uint16_t,
                         std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>>;
  auto on_bits = [](T a, T b, auto op) {
    U x, y;
    std::memcpy(&x, &a, sizeof x);
    std::memcpy(&y, &b, sizeof y);
    const U r = static_cast<U>(op(x, y));
    T out;
    std::memcpy(&out, &r, sizeof out);
    return out;
  };
  check_binary<T>(
      "&", [](auto a, auto b) { return a & b; },
      [&](T a, T b) { return on_bits(a, b, [](U x, U y) { return x & y; }); }, &bits_equal<T>);
  check_binary<T>(
      "|", [](auto a, auto b) { return a | b; },
      [&](T a, T b) { return on_bits(a, b, [](U x, U y) { return x | y; }); }, &bits_equal<T>);
  check_binary<T>(
      "^", [](auto a, auto b) { return a ^ b; },
      [&](T a, T b) { return on_bits(a, b, [](U x, U y) { return x ^ y; }); }, &bits_equal<T>);
}

ATEN_VEC_TYPED_TEST(VecOps, Compare) {
  using T = TypeParam;
  // Operators give all-ones masks, the named members 1 or 0.
#define ATEN_CHECK_COMPARE(op, name)                                                           \
  check_binary<T>(                                                                             \
      #op, [](auto a, auto b) { return a op b; }, [](T a, T b) { return mask_of<T>(a op b); }, \
      &bits_equal<T>);                                                                         \
  check_binary<T>(                                                                             \
      #name, [](auto a, auto b) { return a.name(b); },                                         \
      [](T a, T b) { return (a op b) ? T(1) : T(0); }, &bits_equal<T>);
  ATEN_CHECK_COMPARE(==, eq)
  ATEN_CHECK_COMPARE(!=, ne)
  ATEN_CHECK_COMPARE(<, lt)
  ATEN_CHECK_COMPARE(<=, le)
  ATEN_CHECK_COMPARE(>, gt)
  ATEN_CHECK_COMPARE(>=, ge)
#undef ATEN_CHECK_COMPARE
}

ATEN_VEC_TYPED_TEST(VecOps, Blend) {
  using T = TypeParam;
  using V = Vectorized<T>;
  // blendv with a mask made by a comparison of the inputs themselves.
  check_binary<T>(
      "blendv", [](auto a, auto b) { return V::blendv(a, b, a < b); },
      [](T a, T b) { return a < b ? b : a; });
  std::vector<T> a(V::size()), b(V::size());
  for (int64_t i = 0; i < V::size(); ++i) {
    a[i] = T(i);
    b[i] = T(100 - i);
  }
  const V va = V::loadu(a.data()), vb = V::loadu(b.data());
  constexpr int64_t full = V::size() >= 64 ? int64_t(-1) : (int64_t(1) << V::size()) - 1;
  auto expect_blend = [&](const V& got, int64_t mask) {
    for (int64_t i = 0; i < V::size(); ++i)
      EXPECT_EQ(got[i], (mask >> i) & 1 ? b[i] : a[i]) << mask;
  };
  expect_blend(V::template blend<0>(va, vb), 0);
  expect_blend(V::template blend<1>(va, vb), 1);
  expect_blend(V::template blend<0x5A5A5A5A5A5A5A5A & full>(va, vb), 0x5A5A5A5A5A5A5A5A & full);
  expect_blend(V::template blend<full>(va, vb), full);
}

ATEN_VEC_TYPED_TEST(VecOps, Deinterleave2) {
  using T = TypeParam;
  using V = Vectorized<T>;
  constexpr int64_t n = V::size();
  std::vector<T> a(2 * n);
  for (int64_t i = 0; i < 2 * n; ++i) a[i] = T(i % 100 - 50);
  const auto [even, odd] = aten::vec::deinterleave2(V::loadu(a.data()), V::loadu(a.data() + n));
  for (int64_t i = 0; i < n; ++i) {
    EXPECT_EQ(even[i], a[2 * i]) << i;
    EXPECT_EQ(odd[i], a[2 * i + 1]) << i;
  }
}

ATEN_VEC_TYPED_TEST(VecOps, MinMaxClamp) {
  using T = TypeParam;
  using V = Vectorized<T>;
  check_binary<T>(
      "maximum", [](auto a, auto b) { return maximum(a, b); }, &ref_maximum<T>);
  check_binary<T>(
      "minimum", [](auto a, auto b) { return minimum(a, b); }, &ref_minimum<T>);
  // Bounds taken from the inputs, so NaN bounds and lo > hi occur too.
  const V lo(T(-2)), hi(T(3));
  check_binary<T>(
      "clamp", [&](auto a, auto) { return clamp(a, lo, hi); },
      [](T a, T) { return ref_minimum(ref_maximum(a, T(-2)), T(3)); });
  check_binary<T>(
      "clamp(a, b, b - 1)", [&](auto a, auto b) { return clamp(a, b, b - V(T(1))); },
      [](T a, T b) { return ref_minimum(ref_maximum(a, b), minus_one(b)); });
  check_binary<T>(
      "clamp_min", [](auto a, auto b) { return clamp_min(a, b); }, &ref_maximum<T>);
  check_binary<T>(
      "clamp_max", [](auto a, auto b) { return clamp_max(a, b); }, &ref_minimum<T>);
}

// ---- floating point ---------------------------------------------------------------------------

template <typename T>
class ATEN_VEC_SUITE(VecFloat) : public ::testing::Test {
 protected:
  void SetUp() override { ATEN_VEC_SKIP_IF_UNSUPPORTED(); }
};
using FloatTypes = ::testing::Types<float, double>;
ATEN_VEC_TYPED_TEST_SUITE(VecFloat, FloatTypes);

ATEN_VEC_TYPED_TEST(VecFloat, RoundingAndRoots) {
  using T = TypeParam;
  check_unary<T>(
      "floor", [](auto a) { return a.floor(); }, [](T a) { return std::floor(a); });
  check_unary<T>(
      "ceil", [](auto a) { return a.ceil(); }, [](T a) { return std::ceil(a); });
  check_unary<T>(
      "trunc", [](auto a) { return a.trunc(); }, [](T a) { return std::trunc(a); });
  check_unary<T>(
      "round", [](auto a) { return a.round(); }, [](T a) { return std::nearbyint(a); });
  check_unary<T>(
      "sqrt", [](auto a) { return a.sqrt(); }, [](T a) { return std::sqrt(a); });
  check_unary<T>(
      "rsqrt", [](auto a) { return a.rsqrt(); }, [](T a) { return T(1) / std::sqrt(a); });
  check_unary<T>(
      "reciprocal", [](auto a) { return a.reciprocal(); }, [](T a) { return T(1) / a; });
  // Ties go to even.
  const Vectorized<T> r = Vectorized<T>(T(2.5)).round(), s = Vectorized<T>(T(-0.5)).round();
  EXPECT_EQ(r[0], T(2));
  EXPECT_TRUE(s[0] == T(0) && std::signbit(s[0]));
}

ATEN_VEC_TYPED_TEST(VecFloat, MaximumOfSignedZerosAndNaN) {
  using T = TypeParam;
  using V = Vectorized<T>;
  const V pz(T(0)), nz(T(-0.0)), nan(std::numeric_limits<T>::quiet_NaN()), one(T(1));
  EXPECT_FALSE(std::signbit(maximum(nz, pz)[0]));
  EXPECT_FALSE(std::signbit(maximum(pz, nz)[0]));
  EXPECT_TRUE(std::signbit(minimum(nz, pz)[0]));
  EXPECT_TRUE(std::signbit(minimum(pz, nz)[0]));
  EXPECT_TRUE(std::isnan(maximum(nan, one)[0]));
  EXPECT_TRUE(std::isnan(maximum(one, nan)[0]));
  EXPECT_TRUE(std::isnan(minimum(nan, one)[0]));
  EXPECT_TRUE(std::isnan(minimum(one, nan)[0]));
  EXPECT_TRUE(std::isnan(clamp(nan, pz, one)[0]));
}

// ---- conversions ------------------------------------------------------------------------------

// The contract: integers from floating point truncate; NaN or out of range gives the minimum.
template <typename To, typename From>
To ref_cast(From x) {
  if constexpr (std::is_integral_v<To> && std::is_floating_point_v<From>) {
    const double lim = -static_cast<double>(std::numeric_limits<To>::min());
    const double v = static_cast<double>(x);
    return std::trunc(v) >= -lim && v < lim ? static_cast<To>(v) : std::numeric_limits<To>::min();
  } else {
    return static_cast<To>(x);
  }
}

template <typename To, typename From>
void check_convert() {
  using VF = Vectorized<From>;
  using VT = Vectorized<To>;
  // Not a structured binding: clang 14 (tsan, fuzz) cannot capture one in the lambda below.
  auto pairs = input_pairs<From>();
  std::vector<From> a = std::move(pairs.first);
  a.insert(a.end(), pairs.second.begin(), pairs.second.end());
  int failures = 0;
  auto expect = [&](const std::vector<To>& got, size_t at) {
    for (size_t j = 0; j < got.size(); ++j) {
      const To want = ref_cast<To>(a[at + j]);
      if (!same(got[j], want) && ++failures <= 5)
        ADD_FAILURE() << "convert " << show(a[at + j]) << " = " << show(got[j]) << ", want "
                      << show(want);
    }
  };
  if constexpr (VT::size() == VF::size()) {
    for (size_t i = 0; i < a.size(); i += VF::size())
      expect(stored(aten::vec::convert<To>(VF::loadu(&a[i]))), i);
  } else if constexpr (VT::size() < VF::size()) {  // widening: one vector in, N out
    for (size_t i = 0; i < a.size(); i += VF::size()) {
      const auto parts = aten::vec::convert<To>(VF::loadu(&a[i]));
      static_assert(parts.size() * VT::size() == VF::size());
      for (size_t k = 0; k < parts.size(); ++k) expect(stored(parts[k]), i + k * VT::size());
    }
  } else {  // narrowing: N vectors in, one out
    constexpr size_t N = VT::size() / VF::size();
    for (size_t i = 0; i + VT::size() <= a.size(); i += VT::size()) {
      std::array<VF, N> parts;
      for (size_t k = 0; k < N; ++k) parts[k] = VF::loadu(&a[i + k * VF::size()]);
      expect(stored(aten::vec::convert<To>(parts)), i);
    }
  }
}

ATEN_VEC_TEST(VecConvert, BetweenFloatDoubleInt32Int64) {
  ATEN_VEC_SKIP_IF_UNSUPPORTED();
  check_convert<int32_t, float>();
  check_convert<float, int32_t>();
  check_convert<double, float>();
  check_convert<float, double>();
  check_convert<int64_t, double>();
  check_convert<double, int64_t>();
  check_convert<int64_t, int32_t>();
  check_convert<int32_t, int64_t>();
  check_convert<double, int32_t>();
  check_convert<int32_t, double>();
  check_convert<int64_t, float>();
  check_convert<float, int64_t>();
  check_convert<float, int8_t>();
  check_convert<int8_t, float>();
}

template <typename To, typename From>
void check_bit_cast() {
  using VF = Vectorized<From>;
  const std::vector<From> a = edge_values<From>();
  for (size_t i = 0; i + VF::size() <= a.size(); i += VF::size()) {
    const std::vector<To> got = stored(aten::vec::bit_cast<To>(VF::loadu(&a[i])));
    EXPECT_EQ(std::memcmp(got.data(), &a[i], VF::size() * sizeof(From)), 0) << i;
  }
}

ATEN_VEC_TEST(VecConvert, BitCastKeepsTheBits) {
  ATEN_VEC_SKIP_IF_UNSUPPORTED();
  check_bit_cast<int32_t, float>();
  check_bit_cast<float, int32_t>();
  check_bit_cast<int64_t, double>();
  check_bit_cast<double, int64_t>();
}

// ---- generic-only types -----------------------------------------------------------------------

ATEN_VEC_TEST(VecGeneric, BoolMasksAreTrue) {
  ATEN_VEC_SKIP_IF_UNSUPPORTED();  // the generic types are compiled with this capability's flags
  using V = Vectorized<bool>;
  bool a[V::size()], b[V::size()];
  for (int64_t i = 0; i < V::size(); ++i) {
    a[i] = i % 2;
    b[i] = i % 3 == 0;
  }
  const V va = V::loadu(a), vb = V::loadu(b);
  const V m = va == vb, o = va | vb, x = va ^ vb, s = V::blendv(va, vb, va);
  for (int64_t i = 0; i < V::size(); ++i) {
    EXPECT_EQ(m[i], a[i] == b[i]);
    EXPECT_EQ(o[i], a[i] || b[i]);
    EXPECT_EQ(x[i], a[i] != b[i]);
    EXPECT_EQ(s[i], a[i] ? b[i] : a[i]);
  }
}

ATEN_VEC_TEST(VecGeneric, Complex) {
  ATEN_VEC_SKIP_IF_UNSUPPORTED();
  using C = std::complex<float>;
  using V = Vectorized<C>;
  std::vector<C> a(V::size()), b(V::size());
  for (int64_t i = 0; i < V::size(); ++i) {
    a[i] = C(float(i), -1.5f);
    b[i] = C(0.5f, float(i) - 2);
  }
  const V va = V::loadu(a.data()), vb = V::loadu(b.data());
  const V sum = va + vb, prod = va * vb, quot = va / vb, ex = va.exp(), eq = va == vb;
  for (int64_t i = 0; i < V::size(); ++i) {
    EXPECT_EQ(sum[i], a[i] + b[i]);
    EXPECT_EQ(prod[i], a[i] * b[i]);
    // Division is ATen's formula (tests/ops/test_binary_ops.cpp checks its values against ATen's).
    EXPECT_EQ(quot[i], aten::vec::detail::scalar::div(a[i], b[i]));
    // std::exp of a complex may be folded or contracted differently here: compare closely.
    EXPECT_LE(std::abs(ex[i] - std::exp(a[i])), 1e-6f * std::abs(std::exp(a[i]))) << ex[i];
    EXPECT_TRUE(std::isnan(eq[i].real()) || eq[i] == C(0));  // all-ones bits are NaNs
  }
}

}  // namespace
