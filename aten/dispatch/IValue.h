#pragma once
// A value of any type a schema's arguments and returns can have. Boxed calls (an operator picked
// at run time, as the conformance suite and language bindings do) pass their arguments as a
// Stack of IValues, in schema order, and get the returns back on the same Stack.
#include <aten/core/Device.h>
#include <aten/core/Error.h>
#include <aten/core/Generator.h>
#include <aten/core/Layout.h>
#include <aten/core/MemoryFormat.h>
#include <aten/core/Scalar.h>
#include <aten/core/ScalarType.h>
#include <aten/core/Tensor.h>

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace aten {

class IValue {
 public:
  // The alternatives, in the order of `kind()`. A schema's `int`, `float` and `bool` are
  // int64_t, double and bool; a `Scalar` argument also takes any of those three.
  using Payload = std::variant<std::monostate, Tensor, Scalar, int64_t, double, bool, std::string,
                               ScalarType, MemoryFormat, Layout, Device, std::vector<int64_t>,
                               std::vector<double>, std::vector<Tensor>, Generator,
                               std::vector<bool>, std::vector<std::optional<Tensor>>>;

  IValue() = default;  // None
  IValue(Tensor t) : v_(std::move(t)) {}
  IValue(Scalar s) : v_(s) {}
  IValue(int64_t i) : v_(i) {}
  IValue(int i) : v_(int64_t{i}) {}
  IValue(double d) : v_(d) {}
  IValue(bool b) : v_(b) {}
  IValue(std::string s) : v_(std::move(s)) {}
  IValue(const char* s) : v_(std::string(s)) {}
  IValue(ScalarType t) : v_(t) {}
  IValue(MemoryFormat f) : v_(f) {}
  IValue(Layout l) : v_(l) {}
  IValue(Device d) : v_(d) {}
  IValue(std::vector<int64_t> v) : v_(std::move(v)) {}
  IValue(std::vector<double> v) : v_(std::move(v)) {}
  IValue(std::vector<Tensor> v) : v_(std::move(v)) {}
  IValue(Generator g) : v_(std::move(g)) {}
  IValue(std::vector<bool> v) : v_(std::move(v)) {}
  // A `Tensor?[]` (ATen's List<optional<Tensor>>): indexing's indices, None where a dim is kept.
  IValue(std::vector<std::optional<Tensor>> v) : v_(std::move(v)) {}

  bool isNone() const { return v_.index() == 0; }
  template <typename T>
  bool is() const {
    return std::holds_alternative<T>(v_);
  }
  const Payload& payload() const { return v_; }

  // The value as T; an error naming what it holds instead.
  template <typename T>
  T& get() {
    T* p = std::get_if<T>(&v_);
    if (p == nullptr) [[unlikely]]
      wrong_type(kind_index<T>());
    return *p;
  }
  template <typename T>
  const T& get() const {
    return const_cast<IValue*>(this)->get<T>();
  }
  // A Scalar argument: a Scalar, or an int, float or bool.
  Scalar toScalar() const;
  // What the value holds, for messages: "Tensor", "int", "None", ...
  const char* kind_name() const;

 private:
  // The position of T among Payload's alternatives.
  template <typename T>
  static constexpr size_t kind_index() {
    return []<typename... Ts>(std::variant<Ts...>*) {
      size_t i = 0;
      (void)((std::is_same_v<T, Ts> || (++i, false)) || ...);
      return i;
    }(static_cast<Payload*>(nullptr));
  }
  [[noreturn]] void wrong_type(size_t wanted) const;

  Payload v_;
};

using Stack = std::vector<IValue>;

}  // namespace aten
