#pragma once
// The arity, argument types and result type of a lambda or function, so loops can read each
// operand with the type the kernel expects.
#include <cstddef>
#include <tuple>
#include <type_traits>

namespace aten {

template <typename T>
struct function_traits : function_traits<decltype(&T::operator())> {};

template <typename Ret, typename... Args>
struct function_traits<Ret(Args...)> {
  using result_type = Ret;
  using ArgsTuple = std::tuple<std::decay_t<Args>...>;
  static constexpr size_t arity = sizeof...(Args);
  template <size_t i>
  using arg = std::tuple_element_t<i, ArgsTuple>;
};
template <typename Ret, typename... Args>
struct function_traits<Ret (*)(Args...)> : function_traits<Ret(Args...)> {};
template <typename C, typename Ret, typename... Args>
struct function_traits<Ret (C::*)(Args...) const> : function_traits<Ret(Args...)> {};
template <typename C, typename Ret, typename... Args>
struct function_traits<Ret (C::*)(Args...)> : function_traits<Ret(Args...)> {};
template <typename T>
struct function_traits<T&> : function_traits<T> {};
template <typename T>
struct function_traits<T&&> : function_traits<T> {};
template <typename T>
struct function_traits<const T> : function_traits<T> {};

}  // namespace aten
