#pragma once
// A number passed by value to an operator (alpha, fill values, bounds): bool, integer or double.
#include <aten/core/Error.h>
#include <aten/core/ScalarType.h>

#include <concepts>
#include <cstdint>
#include <ostream>

namespace aten {

class Scalar {
 public:
  enum class Tag : uint8_t { Bool, Int, Double };

  Scalar() : Scalar(int64_t{0}) {}
  Scalar(bool v) : tag_(Tag::Bool) { v_.i = v; }
  template <std::integral T>
    requires(!std::same_as<T, bool>)
  Scalar(T v) : tag_(Tag::Int) {
    v_.i = static_cast<int64_t>(v);
  }
  template <std::floating_point T>
  Scalar(T v) : tag_(Tag::Double) {
    v_.d = static_cast<double>(v);
  }

  Tag tag() const { return tag_; }
  bool isBoolean() const { return tag_ == Tag::Bool; }
  bool isIntegral(bool include_bool) const {
    return tag_ == Tag::Int || (include_bool && tag_ == Tag::Bool);
  }
  bool isFloatingPoint() const { return tag_ == Tag::Double; }

  // The dtype a wrapped-number tensor of this value gets: Bool, Long or Double.
  ScalarType type() const {
    switch (tag_) {
      case Tag::Bool:
        return ScalarType::Bool;
      case Tag::Int:
        return ScalarType::Long;
      case Tag::Double:
        return ScalarType::Double;
    }
    return ScalarType::Undefined;
  }

  // Converts with C++ semantics; callers check representability where ATen does.
  template <typename T>
  T to() const {
    switch (tag_) {
      case Tag::Bool:
        return static_cast<T>(v_.i != 0);
      case Tag::Int:
        return static_cast<T>(v_.i);
      case Tag::Double:
        return static_cast<T>(v_.d);
    }
    return T();
  }
  int64_t toLong() const { return to<int64_t>(); }
  double toDouble() const { return to<double>(); }
  bool toBool() const { return to<bool>(); }

  friend std::ostream& operator<<(std::ostream& os, const Scalar& s) {
    switch (s.tag_) {
      case Tag::Bool:
        return os << (s.v_.i ? "True" : "False");
      case Tag::Int:
        return os << s.v_.i;
      case Tag::Double:
        return os << s.v_.d;
    }
    return os;
  }

 private:
  Tag tag_;
  union {
    int64_t i;
    double d;
  } v_;
};

}  // namespace aten
