#pragma once
// One kernel of one operator: an unboxed function pointer, called with the operator's exact
// C++ signature. The signature is checked when a typed handle is made, not on every call.
#include <typeindex>
#include <typeinfo>

namespace aten {

class KernelFunction {
 public:
  using AnyFn = void (*)();

  KernelFunction() = default;
  template <typename Ret, typename... Args>
  static KernelFunction make(Ret (*fn)(Args...)) {
    KernelFunction k;
    k.fn_ = reinterpret_cast<AnyFn>(fn);
    k.signature_ = &typeid(Ret(Args...));
    return k;
  }

  bool valid() const { return fn_ != nullptr; }
  const std::type_info& signature() const { return *signature_; }

  template <typename Ret, typename... Args>
  Ret call(Args... args) const {
    return reinterpret_cast<Ret (*)(Args...)>(fn_)(std::forward<Args>(args)...);
  }

 private:
  AnyFn fn_ = nullptr;
  const std::type_info* signature_ = nullptr;
};

}  // namespace aten
