#pragma once
// Kernels that only move elements care about their size, not their dtype: one instantiation
// per element size serves every dtype of that size (bool and int8 and uint8 are one copy).
#include <cstdint>

namespace aten::native {

template <int N>
struct OpaqueType;
template <>
struct OpaqueType<1> {
  using type = uint8_t;
};
template <>
struct OpaqueType<2> {
  using type = uint16_t;
};
template <>
struct OpaqueType<4> {
  using type = uint32_t;
};
template <>
struct OpaqueType<8> {
  using type = uint64_t;
};
template <>
struct OpaqueType<16> {
  struct type {
    uint64_t lo, hi;
  };
};

// The opaque stand-in for scalar_t.
template <typename T>
using opaque_t = typename OpaqueType<static_cast<int>(sizeof(T))>::type;

}  // namespace aten::native
