#pragma once
// Complex element types are std::complex; aten::complex<T> names them the way ATen code reads.
//
// complex<Half> (ComplexHalf) is a specialization of std::complex for aten::Half: two Half
// parts, 4 bytes, aligned like ATen's. Its arithmetic is computed in float and each result
// rounded to Half, as ATen's is: + and - part by part; * by the schoolbook formula (a product
// of two Half values is exact in float, so each part rounds once in float and once to Half; no
// C Annex G recovery of infinities, which ATen's complex types do not do either); / through
// complex<float>'s division. std:: functions that need the standard specializations' internals
// (std::abs, std::exp, ...) do not compile for it: convert to complex<float> first, as kernels
// do through opmath_t.
#include <aten/core/Half.h>

#include <complex>
#include <concepts>
#include <type_traits>

template <>
class alignas(4) std::complex<aten::Half> {
 public:
  using value_type = aten::Half;

  constexpr complex(const aten::Half& re = aten::Half(), const aten::Half& im = aten::Half())
      : re_(re), im_(im) {}
  // From the wider complex types, each part rounded (a double part through float, as Half's own
  // conversion from double goes). A template, so that a number (complex<Half>(0)) is not also
  // a complex<float> to it.
  template <std::floating_point U>
  constexpr explicit complex(const std::complex<U>& z)
      : re_(static_cast<float>(z.real())), im_(static_cast<float>(z.imag())) {}
  // To them, exactly.
  template <std::floating_point U>
  constexpr explicit operator std::complex<U>() const {
    return {static_cast<U>(static_cast<float>(re_)), static_cast<U>(static_cast<float>(im_))};
  }

  constexpr aten::Half real() const { return re_; }
  constexpr aten::Half imag() const { return im_; }
  constexpr void real(aten::Half re) { re_ = re; }
  constexpr void imag(aten::Half im) { im_ = im; }

  constexpr complex& operator+=(const complex& z) {
    re_ = static_cast<float>(re_) + static_cast<float>(z.re_);
    im_ = static_cast<float>(im_) + static_cast<float>(z.im_);
    return *this;
  }
  constexpr complex& operator-=(const complex& z) {
    re_ = static_cast<float>(re_) - static_cast<float>(z.re_);
    im_ = static_cast<float>(im_) - static_cast<float>(z.im_);
    return *this;
  }
  constexpr complex& operator*=(const complex& z) {
    const float a = re_, b = im_, c = z.re_, d = z.im_;
    re_ = a * c - b * d;
    im_ = a * d + b * c;
    return *this;
  }
  complex& operator/=(const complex& z) {
    return *this = complex(static_cast<std::complex<float>>(*this) /
                           static_cast<std::complex<float>>(z));
  }

 private:
  aten::Half re_, im_;
};

namespace aten {

template <typename T>
using complex = std::complex<T>;

template <typename T>
struct is_complex : std::false_type {};
template <typename T>
struct is_complex<std::complex<T>> : std::true_type {};
template <typename T>
inline constexpr bool is_complex_v = is_complex<std::remove_cv_t<T>>::value;

}  // namespace aten
