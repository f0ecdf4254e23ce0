#pragma once
// convert<To>(v): element-wise conversion between Vectorized types, with detail::cast's rules
// (VectorizedBase.h). Vectors are a fixed number of bytes, so the element counts differ when
// the element sizes do; the rule is that no element is dropped or invented:
//   same size()               Vectorized<To>            convert<To>(Vectorized<From>)
//   widening (From smaller)   std::array<Vectorized<To>, N> convert<To>(Vectorized<From>)
//                             element k*To::size()+i of the input is element i of array[k]
//   narrowing (From larger)   Vectorized<To>            convert<To>(std::array<Vectorized<From>,
//   N>)
// with N = size ratio. The AVX2/AVX512 headers specialise Converter for the pairs with
// conversion instructions; everything else goes through memory.
#include <aten/cpu/vec/VectorizedBase.h>

#include <array>
#include <cstring>

namespace aten::vec {
inline namespace CPU_CAPABILITY {
namespace detail {

template <typename To, typename From>
struct Converter {
  static constexpr int64_t kTo = Vectorized<To>::size();
  static constexpr int64_t kFrom = Vectorized<From>::size();

  static auto apply(const Vectorized<From>& v) {
    static_assert(kFrom % kTo == 0, "narrowing conversions take a std::array of vectors");
    From in[kFrom];
    v.store(in);
    std::array<Vectorized<To>, kFrom / kTo> r;
    for (int64_t k = 0; k < kFrom / kTo; ++k) {
      To out[kTo];
      for (int64_t i = 0; i < kTo; ++i) out[i] = cast<To>(in[k * kTo + i]);
      r[k] = Vectorized<To>::loadu(out);
    }
    if constexpr (kFrom == kTo) {
      return r[0];
    } else {
      return r;
    }
  }

  template <size_t N>
  static Vectorized<To> apply(const std::array<Vectorized<From>, N>& vs) {
    static_assert(static_cast<int64_t>(N) * kFrom == kTo, "N vectors must fill one output");
    To out[kTo];
    for (size_t k = 0; k < N; ++k) {
      From in[kFrom];
      vs[k].store(in);
      for (int64_t i = 0; i < kFrom; ++i) out[k * kFrom + i] = cast<To>(in[i]);
    }
    return Vectorized<To>::loadu(out);
  }
};

}  // namespace detail

template <typename To, typename From>
auto convert(const Vectorized<From>& v) {
  return detail::Converter<To, From>::apply(v);
}
template <typename To, typename From, size_t N>
Vectorized<To> convert(const std::array<Vectorized<From>, N>& vs) {
  return detail::Converter<To, From>::apply(vs);
}

// bit_cast<To>(v): v's bits as a vector of To, for a To of From's size: a comparison's mask of
// floats selects int32_t lanes, say. Through memory, which the compiler reduces to nothing.
template <typename To, typename From>
Vectorized<To> bit_cast(const Vectorized<From>& v) {
  static_assert(sizeof(To) == sizeof(From), "bit_cast keeps the element count");
  constexpr int64_t n = Vectorized<From>::size();
  From in[n];
  To out[n];
  v.store(in);
  std::memcpy(out, in, sizeof(in));
  return Vectorized<To>::loadu(out);
}

}  // namespace CPU_CAPABILITY
}  // namespace aten::vec
