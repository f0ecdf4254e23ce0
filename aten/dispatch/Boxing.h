#pragma once
// Boxed calls of a typed operator: `call_boxed<_ops::add_Tensor>(stack)` takes the arguments
// from the stack in schema order, converts each to the C++ parameter type of the overload's
// `call` (so the call goes through the Dispatcher as an unboxed one does) and leaves the
// returns on the stack. Generated code registers one such function per overload
// (Dispatcher::registerSchema), so one argument parser serves every operator.
#include <aten/core/ArrayRef.h>
#include <aten/core/OptionalArrayRef.h>
#include <aten/dispatch/IValue.h>

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace aten::detail {

[[noreturn]] void boxed_arity_error(const char* name, const char* overload, size_t expected,
                                    size_t given);

template <typename T>
inline constexpr bool is_bool_array = false;
template <size_t N>
inline constexpr bool is_bool_array<std::array<bool, N>> = true;

[[noreturn]] void bool_list_size_error(size_t expected, size_t given);

template <typename T>
inline constexpr bool is_optional = false;
template <typename T>
inline constexpr bool is_optional<std::optional<T>> = true;

// An argument's value as E, by value (views such as IntArrayRef and string_view point into
// the IValue, which the stack keeps alive until the call returns).
template <typename E>
E unbox_element(IValue& v) {
  if constexpr (std::is_same_v<E, Scalar>) {
    return v.toScalar();
  } else if constexpr (std::is_same_v<E, double>) {
    // A float argument takes an int, as Python's does.
    return v.is<int64_t>() ? static_cast<double>(v.get<int64_t>()) : v.get<double>();
  } else if constexpr (std::is_same_v<E, std::string_view>) {
    return v.get<std::string>();
  } else if constexpr (std::is_same_v<E, IntArrayRef>) {
    // `int[1] dim` takes a single int too.
    return v.is<int64_t>() ? IntArrayRef(v.get<int64_t>())
                           : IntArrayRef(v.get<std::vector<int64_t>>());
  } else if constexpr (std::is_same_v<E, ArrayRef<Tensor>>) {
    return ArrayRef<Tensor>(v.get<std::vector<Tensor>>());
  } else if constexpr (is_bool_array<E>) {
    // `bool[3] output_mask`: exactly that many flags.
    const std::vector<bool>& flags = v.get<std::vector<bool>>();
    E a{};
    if (flags.size() != a.size()) [[unlikely]]
      bool_list_size_error(a.size(), flags.size());
    for (size_t i = 0; i < a.size(); ++i) a[i] = flags[i];
    return a;
  } else if constexpr (std::is_same_v<E, ArrayRef<std::optional<Tensor>>>) {
    return ArrayRef<std::optional<Tensor>>(v.get<std::vector<std::optional<Tensor>>>());
  } else {
    return v.get<E>();
  }
}

// IValue -> the parameter type P of a `call`: tensors by reference into the stack, optionals
// from None or a value, everything else by value.
template <typename P>
struct Unbox {
  using T = std::remove_cvref_t<P>;
  static std::conditional_t<std::is_same_v<T, Tensor>, P, T> get(IValue& v) {
    if constexpr (std::is_same_v<T, Tensor>) {
      return v.get<Tensor>();
    } else if constexpr (std::is_same_v<T, OptionalIntArrayRef>) {
      return v.isNone() ? OptionalIntArrayRef()
                        : OptionalIntArrayRef(unbox_element<IntArrayRef>(v));
    } else if constexpr (is_optional<T>) {
      return v.isNone() ? T() : T(unbox_element<typename T::value_type>(v));
    } else {
      return unbox_element<T>(v);
    }
  }
};

// A return held by value: out= and in-place overloads return references to their arguments,
// which the stack gives up before the returns go on it.
template <typename R>
struct Owned {
  using type = std::remove_cvref_t<R>;
};
template <typename... R>
struct Owned<std::tuple<R...>> {
  using type = std::tuple<std::remove_cvref_t<R>...>;
};

template <typename R>
void push_returns(Stack& stack, R r) {
  if constexpr (requires { std::tuple_size<R>::value; }) {
    std::apply([&](auto&... e) { (stack.emplace_back(std::move(e)), ...); }, r);
  } else {
    stack.emplace_back(std::move(r));
  }
}

template <typename Op, typename Sig = typename Op::schema>
struct BoxedCall;

template <typename Op, typename Ret, typename... Args>
struct BoxedCall<Op, Ret(Args...)> {
  static void call(Stack& stack) {
    if (stack.size() != sizeof...(Args)) [[unlikely]]
      boxed_arity_error(Op::name, Op::overload_name, sizeof...(Args), stack.size());
    call(stack, std::index_sequence_for<Args...>{});
  }

  template <size_t... I>
  static void call(Stack& stack, std::index_sequence<I...>) {
    if constexpr (std::is_void_v<Ret>) {
      Op::call(Unbox<Args>::get(stack[I])...);
      stack.clear();
    } else {
      typename Owned<Ret>::type result = Op::call(Unbox<Args>::get(stack[I])...);
      stack.clear();
      push_returns(stack, std::move(result));
    }
  }
};

template <typename Op>
void call_boxed(Stack& stack) {
  BoxedCall<Op>::call(stack);
}

}  // namespace aten::detail
