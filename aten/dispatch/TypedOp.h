#pragma once
// What generated <op>_ops.cpp files do for every overload, written once: Op is an overload's
// _ops struct (name, overload_name, schema_str, and `schema`, the C++ signature of its `call`
// and of every kernel).
//   typed_handle<Op>()        the Dispatcher's handle of the overload, found on first use
//   register_schema<Op>(d)    registers the overload with its boxed form (Boxing.h)
//   op_name<Op>               "add.Tensor", the name errors carry (OpContext)
//   NamedKernel<Op>::call<&native::k>   a hand-written kernel as the Dispatcher calls it: under
//                             OpContext, so that its errors name the overload
#include <aten/core/Error.h>
#include <aten/dispatch/Boxing.h>
#include <aten/dispatch/Dispatcher.h>

#include <array>
#include <cstddef>
#include <string_view>
#include <type_traits>

namespace aten::detail {

// Internal linkage (one handle per translation unit, and each overload's calls live in its
// op's unit): the guard check on every call reads a local variable, not one through the GOT.
template <class Op>
static const TypedOperatorHandle<typename Op::schema>& typed_handle() {
  static const auto handle = Dispatcher::singleton()
                                 .findSchemaOrThrow(Op::name, Op::overload_name)
                                 .template typed<typename Op::schema>();
  return handle;
}

template <class Op>
void register_schema(Dispatcher& d) {
  d.registerSchema({Op::name, Op::overload_name}, Op::schema_str, &call_boxed<Op>);
}

// "name.overload", or "name" for an empty overload name, as a constant array.
template <class Op>
inline constexpr auto op_name_chars = [] {
  constexpr std::string_view name = Op::name, overload = Op::overload_name;
  std::array<char, name.size() + 1 + overload.size() + 1> text{};
  size_t n = 0;
  for (char c : name) text[n++] = c;
  if (!overload.empty()) {
    text[n++] = '.';
    for (char c : overload) text[n++] = c;
  }
  return text;
}();
template <class Op>
inline constexpr const char* op_name = op_name_chars<Op>.data();

template <class Op, class Sig = typename Op::schema>
struct NamedKernel;

// Counts one write to t's bytes: every kernel that takes a tensor as Tensor& (an in-place
// self, an out=) writes it. Autograd's saved tensors compare the count, whichever way the call
// came (an in-place op on a tensor that requires no grad skips the Autograd key).
inline void count_write(const TensorBase& t) {
  if (t.defined()) t.unsafeGetTensorImpl()->storage()->bump_version();
}
template <class Arg>
void count_write_if_mutable(Arg& arg) {
  if constexpr (std::is_same_v<Arg, Tensor&>) count_write(arg);
}

template <class Op, class Ret, class... Args>
struct NamedKernel<Op, Ret(Args...)> {
  template <Ret (*kernel)(Args...)>
  static Ret call(Args... args) {
    OpContext context(op_name<Op>);
    if constexpr ((std::is_same_v<Args, Tensor&> || ...)) {
      decltype(auto) result = kernel(args...);
      (count_write_if_mutable<Args>(args), ...);
      return result;
    } else {
      return kernel(args...);
    }
  }
};

}  // namespace aten::detail
