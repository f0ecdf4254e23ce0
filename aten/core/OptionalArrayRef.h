#pragma once
// An optional ArrayRef that an argument like `sum(x, 0)` can build safely.
//
// With std::optional<IntArrayRef>, the 0 (an int) becomes an int64_t temporary inside
// optional's converting constructor, and the ArrayRef points at it after that constructor has
// returned. Here the int converts to const int64_t& at the call site, so the temporary lives
// until the end of the caller's full expression, as braces and vectors already did.
#include <aten/core/ArrayRef.h>

#include <concepts>
#include <initializer_list>
#include <optional>
#include <type_traits>

namespace aten {

template <typename T>
class OptionalArrayRef : public std::optional<ArrayRef<T>> {
  using Base = std::optional<ArrayRef<T>>;

 public:
  constexpr OptionalArrayRef() = default;
  constexpr OptionalArrayRef(std::nullopt_t) {}
  constexpr OptionalArrayRef(const Base& other) : Base(other) {}
  constexpr OptionalArrayRef(ArrayRef<T> values) : Base(values) {}
  constexpr OptionalArrayRef(const T& one) : Base(ArrayRef<T>(one)) {}
#pragma GCC diagnostic push
#if !defined(__clang__)  // a GCC warning; clang warns about the unknown name instead
#pragma GCC diagnostic ignored "-Winit-list-lifetime"  // see ArrayRef's constructor
#endif
  constexpr OptionalArrayRef(std::initializer_list<T> values) : Base(ArrayRef<T>(values)) {}
#pragma GCC diagnostic pop
  // Vectors, SmallVectors, std::arrays: anything ArrayRef views, except single numbers of
  // another type, which would go through the temporary described above.
  template <typename C>
  requires(
      !std::is_arithmetic_v<C> &&
      std::is_constructible_v<ArrayRef<T>, const C&>) constexpr OptionalArrayRef(const C& values)
      : Base(ArrayRef<T>(values)) {}
};

using OptionalIntArrayRef = OptionalArrayRef<int64_t>;

}  // namespace aten
