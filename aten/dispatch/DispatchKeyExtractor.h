#pragma once
// Which dispatch keys a call's arguments carry. Tensors decide: the union over every tensor
// argument (plain, optional, lists). A call with no defined tensor (a factory) takes its key
// from its `Device?` argument instead, an absent device meaning CPU (ATen's BackendSelect).
#include <aten/core/DispatchKey.h>

#include <concepts>
#include <optional>
#include <type_traits>
#include <utility>

namespace aten::detail {

template <typename T>
concept TensorLike = requires(const T& t) {
  { t.key_set() } -> std::same_as<DispatchKeySet>;
  t.defined();
};
template <typename T>
concept OptionalTensor = requires(const T& t) {
  t.has_value();
  { *t } -> TensorLike;
};
template <typename T>
concept TensorList = requires(const T& l) {
  l.begin();
}
&&(TensorLike<std::remove_cvref_t<decltype(*std::declval<const T&>().begin())>> ||
   OptionalTensor<std::remove_cvref_t<decltype(*std::declval<const T&>().begin())>>);

template <typename T>
DispatchKeySet tensor_key_set(const T& arg) {
  if constexpr (TensorLike<T>) {
    return arg.defined() ? arg.key_set() : DispatchKeySet();
  } else if constexpr (OptionalTensor<T>) {
    return arg.has_value() ? tensor_key_set(*arg) : DispatchKeySet();
  } else if constexpr (TensorList<T>) {
    DispatchKeySet ks;
    for (const auto& t : arg) ks = ks | tensor_key_set(t);
    return ks;
  } else {
    return DispatchKeySet();
  }
}

template <typename T>
DispatchKeySet device_key_set(const T& arg) {
  if constexpr (std::is_same_v<T, Device>) {
    return DispatchKeySet(dispatchKeyFor(arg));
  } else if constexpr (std::is_same_v<T, std::optional<Device>>) {
    return DispatchKeySet(dispatchKeyFor(arg.value_or(kCPU)));
  } else {
    return DispatchKeySet();
  }
}

template <typename... Args>
DispatchKeySet compute_key_set(const Args&... args) {
  DispatchKeySet ks = (DispatchKeySet() | ... | tensor_key_set(args));
  return ks.empty() ? (DispatchKeySet() | ... | device_key_set(args)) : ks;
}

}  // namespace aten::detail
