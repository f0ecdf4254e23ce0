#pragma once
// Shared by the Vectorized tests, which are compiled once per CPU capability like kernel files
// (see tests/CMakeLists.txt): everything here has internal linkage, so the three copies never
// meet at link time, and each suite's name carries the capability.
#include <aten/cpu/vec/Interleave.h>
#include <aten/cpu/vec/Vectorized.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#define ATEN_VEC_TEST_CAT2(a, b) a##_##b
#define ATEN_VEC_TEST_CAT(a, b) ATEN_VEC_TEST_CAT2(a, b)
// VecOps_AVX2 etc.: one gtest suite per capability. gtest pastes its suite argument, so the
// name is expanded one macro level earlier.
#define ATEN_VEC_SUITE(name) ATEN_VEC_TEST_CAT(name, CPU_CAPABILITY)
#define ATEN_VEC_EXPANDED(macro, ...) macro(__VA_ARGS__)
#define ATEN_VEC_TEST(suite, name) ATEN_VEC_EXPANDED(TEST, ATEN_VEC_SUITE(suite), name)
#define ATEN_VEC_TYPED_TEST(suite, name) ATEN_VEC_EXPANDED(TYPED_TEST, ATEN_VEC_SUITE(suite), name)
#define ATEN_VEC_TYPED_TEST_SUITE(suite, types) \
  ATEN_VEC_EXPANDED(TYPED_TEST_SUITE, ATEN_VEC_SUITE(suite), types)

namespace {

// Whether this CPU can run the code of the capability this file was compiled for.
inline bool cpu_runs_this_capability() {
  __builtin_cpu_init();
#if defined(CPU_CAPABILITY_AVX512)
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq");
#elif defined(CPU_CAPABILITY_AVX2)
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
  return true;
#endif
}

#define ATEN_VEC_SKIP_IF_UNSUPPORTED() \
  if (!cpu_runs_this_capability())     \
  GTEST_SKIP() << "this CPU lacks " << ATEN_VEC_TEST_STR(CPU_CAPABILITY)
#define ATEN_VEC_TEST_STR2(x) #x
#define ATEN_VEC_TEST_STR(x) ATEN_VEC_TEST_STR2(x)

template <typename T>
bool bits_equal(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// Equal values, -0 and +0 told apart, every NaN equal to every NaN.
template <typename T>
bool same(const T& a, const T& b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  }
  return bits_equal(a, b);
}

// Prints int8_t as a number, not a character.
template <typename T>
auto show(T x) {
  if constexpr (std::is_integral_v<T>) {
    return +x;
  } else {
    return x;
  }
}

}  // namespace
