#pragma once
// A non-owning reference to any callable: what loops and parallel_for take, so that passing a
// lambda costs neither an allocation (std::function) nor a template in every signature.
#include <type_traits>
#include <utility>

namespace aten {

template <typename Sig>
class FunctionRef;

template <typename Ret, typename... Args>
class FunctionRef<Ret(Args...)> {
 public:
  template <typename F>
  requires(!std::is_same_v<std::remove_cvref_t<F>, FunctionRef> &&
           std::is_invocable_r_v<Ret, F&, Args...>)
      FunctionRef(F&& f)  // NOLINT: implicit by design, like a function pointer
      : obj_(const_cast<void*>(static_cast<const void*>(std::addressof(f)))),
        callback_([](void* obj, Args... args) -> Ret {
          return (*static_cast<std::remove_reference_t<F>*>(obj))(std::forward<Args>(args)...);
        }) {}

  Ret operator()(Args... args) const { return callback_(obj_, std::forward<Args>(args)...); }

 private:
  void* obj_;
  Ret (*callback_)(void*, Args...);
};

}  // namespace aten
