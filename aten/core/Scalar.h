#pragma once
// A number passed by value to an operator (alpha, fill values, bounds): bool, integer, double
// or complex double, as in ATen. Its kind decides the dtype of a wrapped-number tensor.
#include <aten/core/Convert.h>
#include <aten/core/Error.h>
#include <aten/core/ScalarType.h>

#include <concepts>
#include <cstdint>
#include <ostream>

namespace aten {

class Scalar {
 public:
  enum class Tag : uint8_t { Bool, Int, Double, Complex };

  Scalar() : Scalar(int64_t{0}) {}
  Scalar(bool v) : tag_(Tag::Bool) { v_.i = v; }
  template <std::integral T>
  requires(!std::same_as<T, bool>) Scalar(T v) : tag_(Tag::Int) { v_.i = static_cast<int64_t>(v); }
  template <std::floating_point T>
  Scalar(T v) : tag_(Tag::Double) {
    v_.d = static_cast<double>(v);
  }
  // Half and BFloat16 values become doubles, as in ATen.
  template <ReducedFloat T>
  Scalar(T v) : Scalar(static_cast<float>(v)) {}
  template <std::floating_point T>
  Scalar(std::complex<T> v) : tag_(Tag::Complex) {
    v_.z[0] = static_cast<double>(v.real());
    v_.z[1] = static_cast<double>(v.imag());
  }
  // complex<Half> values become complex doubles, as Half ones become doubles.
  template <ReducedFloat T>
  Scalar(std::complex<T> v) : Scalar(static_cast<std::complex<float>>(v)) {}

  Tag tag() const { return tag_; }
  bool isBoolean() const { return tag_ == Tag::Bool; }
  bool isIntegral(bool include_bool) const {
    return tag_ == Tag::Int || (include_bool && tag_ == Tag::Bool);
  }
  bool isFloatingPoint() const { return tag_ == Tag::Double; }
  bool isComplex() const { return tag_ == Tag::Complex; }

  // The dtype a wrapped-number tensor of this value gets: Bool, Long, Double or ComplexDouble.
  ScalarType type() const {
    switch (tag_) {
      case Tag::Bool:
        return ScalarType::Bool;
      case Tag::Int:
        return ScalarType::Long;
      case Tag::Double:
        return ScalarType::Double;
      case Tag::Complex:
        return ScalarType::ComplexDouble;
    }
    return ScalarType::Undefined;
  }

  // The value as T, for any of the 13 element types. A value T cannot hold (300 as int8_t,
  // 1e300 as float, 1+2j as a real type) is an error, as in ATen; to bool never fails.
  template <typename T>
  T to() const {
    switch (tag_) {
      case Tag::Bool:
        return checked_convert<T>(v_.i != 0);
      case Tag::Int:
        return checked_convert<T>(v_.i);
      case Tag::Double:
        return checked_convert<T>(v_.d);
      case Tag::Complex:
        return checked_convert<T>(toComplexDouble());
    }
    return T();
  }
  int64_t toLong() const { return to<int64_t>(); }
  double toDouble() const { return to<double>(); }
  bool toBool() const { return to<bool>(); }
  complex<double> toComplexDouble() const {
    switch (tag_) {
      case Tag::Complex:
        return {v_.z[0], v_.z[1]};
      case Tag::Double:
        return v_.d;
      default:
        return static_cast<double>(v_.i);
    }
  }

  // Same kind and same value (so Scalar(1) != Scalar(1.0), and NaN is unequal to itself).
  friend bool operator==(const Scalar& a, const Scalar& b) {
    if (a.tag_ != b.tag_) return false;
    switch (a.tag_) {
      case Tag::Bool:
      case Tag::Int:
        return a.v_.i == b.v_.i;
      case Tag::Double:
        return a.v_.d == b.v_.d;
      case Tag::Complex:
        return a.v_.z[0] == b.v_.z[0] && a.v_.z[1] == b.v_.z[1];
    }
    return false;
  }

  // Python's spelling: True, 3, 2.5, (1+2j).
  friend std::ostream& operator<<(std::ostream& os, const Scalar& s) {
    switch (s.tag_) {
      case Tag::Bool:
        return os << (s.v_.i ? "True" : "False");
      case Tag::Int:
        return os << s.v_.i;
      case Tag::Double:
        return os << s.v_.d;
      case Tag::Complex:
        return os << '(' << s.v_.z[0] << (std::signbit(s.v_.z[1]) ? "" : "+") << s.v_.z[1] << "j)";
    }
    return os;
  }

 private:
  Tag tag_;
  union {
    int64_t i;
    double d;
    double z[2];
  } v_;
};

}  // namespace aten
