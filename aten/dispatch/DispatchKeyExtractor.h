#pragma once
// Which dispatch keys a call's arguments carry: the union over its tensors (plain, optional,
// lists) and, for factories, the device in their TensorOptions (ATen's BackendSelect).
#include <aten/core/DispatchKey.h>
#include <aten/core/TensorOptions.h>

#include <type_traits>

namespace aten::detail {

template <typename T>
DispatchKeySet key_set_of_arg(const T& arg) {
  if constexpr (requires { arg.key_set(); arg.defined(); }) {
    return arg.defined() ? arg.key_set() : DispatchKeySet();
  } else if constexpr (requires { arg.has_value(); (*arg).key_set(); }) {
    return arg.has_value() ? key_set_of_arg(*arg) : DispatchKeySet();
  } else if constexpr (requires { arg.begin(); (*arg.begin()).key_set(); }) {
    DispatchKeySet ks;
    for (const auto& t : arg) ks = ks | key_set_of_arg(t);
    return ks;
  } else if constexpr (std::is_same_v<T, TensorOptions>) {
    return DispatchKeySet(dispatchKeyFor(arg.device()));
  } else {
    return DispatchKeySet();
  }
}

template <typename... Args>
DispatchKeySet compute_key_set(const Args&... args) {
  return (DispatchKeySet() | ... | key_set_of_arg(args));
}

}  // namespace aten::detail
