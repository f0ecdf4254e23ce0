#pragma once
// The kernels the Dispatcher calls for a structured op: one class template per dispatch key,
// with one function per output policy.
//   structured::Cpu<native::structured_add_out, _ops::add_Tensor>::functional
//   structured::Meta<meta::structured_add_Tensor, _ops::add__Tensor>::inplace
// Op, the overload's _ops struct, gives the function's signature (Op::schema) and the name
// its errors carry; Kernel is the op's impl class (Cpu: meta() then impl()) or meta class
// (Meta: meta() only, so shapes, dtypes and strides with no compute). Generated code
// registers one of these per overload and key and writes no wrapper of its own.
//
//   functional  creates the outputs meta() announces and returns them
//   out         checks the user's out= tensors (trailing arguments), resizes empty ones, and
//               returns them
//   inplace     checks that self (the first argument) is what meta() announces, returns it
//
// On CPU, an out= or self whose strides are not the ones meta() asked for gets a proxy output,
// which impl() writes and the wrapper copies back (StructuredOutputs.h), unless Kernel is a
// TensorIteratorBase: the iterator takes any out= layout itself. Meta runs no impl() and needs
// none. Everything here inlines into the one function the Dispatcher calls: a wrapper costs
// what the struct the generator used to write for each overload cost.
#include <aten/core/Error.h>
#include <aten/core/Tensor.h>
#include <aten/dispatch/TypedOp.h>
#include <aten/structured/StructuredOutputs.h>

#include <array>
#include <cstddef>
#include <functional>
#include <tuple>
#include <type_traits>
#include <utility>

namespace aten {
class TensorIteratorBase;
}  // namespace aten

namespace aten::structured {
// Internal linkage: each wrapper belongs to its op's translation unit, as the structs generated
// per overload did. The vtable of a local class is addressed directly; an instantiation with
// external linkage would take its vtable through the GOT, one instruction more per call.
namespace {

// What an output that meta() announces becomes.
enum class Policy {
  kFunctional,  // a new tensor
  kOut,         // the user's out= tensor: checked, resized if empty
  kInplace,     // the user's self: checked
};

// A kernel object with its N outputs: the meta or impl class, told by set_output_raw_strided
// what each output is, under the output policy P.
template <class Kernel, Policy P, size_t N, bool proxies>
class WithOutputs final : public Kernel {
  // A functional wrapper owns its outputs; the others refer to the user's tensors.
  using Slot = std::conditional_t<P == Policy::kFunctional, Tensor, std::reference_wrapper<Tensor>>;

 public:
  WithOutputs() = default;  // functional: the outputs start undefined
  template <class... Outs>  // out= and in-place: the user's tensors
  explicit WithOutputs(Outs&... outs) : outputs_{std::ref(outs)...} {}

  void set_output_raw_strided(int64_t i, IntArrayRef sizes, IntArrayRef strides,
                              TensorOptions options) override {
    if constexpr (P == Policy::kFunctional) {
      outputs_[i] = detail::create_out(sizes, strides, options);
    } else if constexpr (P == Policy::kOut) {
      detail::resize_out(outputs_[i], sizes, strides, options);
    } else {
      detail::check_inplace(outputs_[i], sizes, options);
    }
    if constexpr (proxies)
      proxies_[i] = detail::maybe_create_proxy(outputs_[i], sizes, strides, options);
    Kernel::set_output_raw_strided(i, sizes, strides, options);
  }
  // What impl() writes: the proxy if output i has one.
  const Tensor& maybe_get_output(int64_t i) override {
    if constexpr (proxies) {
      if (proxies_[i].defined()) return proxies_[i];
    }
    return outputs_[i];
  }

  // After impl(): every proxy's elements into the user's tensor.
  void copy_proxies_back() {
    if constexpr (proxies) {
      for (size_t i = 0; i < N; ++i) {
        if (proxies_[i].defined()) detail::copy_proxy_to_out(outputs_[i], proxies_[i]);
      }
    }
  }

  // A functional wrapper's result: its outputs, moved out.
  template <class Ret>
  Ret take() requires(P == Policy::kFunctional) {
    return std::apply([](auto&... t) { return Ret(std::move(t)...); }, outputs_);
  }

 private:
  std::array<Slot, N> outputs_;
  // Stand-ins for outputs whose strides are not the ones meta() asked for.
  struct None {};
  [[no_unique_address]] std::conditional_t<proxies, std::array<Tensor, N>, None> proxies_;
};

// How many outputs an overload returning R has: a Tensor or Tensor& is one.
template <class R>
inline constexpr size_t kNumOutputs = 1;
template <class... R>
inline constexpr size_t kNumOutputs<std::tuple<R...>> = sizeof...(R);

// compute: run impl() after meta() (CPU), or not (Meta).
template <class Kernel, class Op, bool compute, class Sig = typename Op::schema>
struct Wrappers;

template <class Kernel, class Op, bool compute, class Ret, class... Args>
struct Wrappers<Kernel, Op, compute, Ret(Args...)> {
  static constexpr size_t N = kNumOutputs<Ret>;
  static constexpr bool proxies = compute && !std::is_base_of_v<TensorIteratorBase, Kernel>;

  static Ret functional(Args... args) {
    OpContext context(detail::op_name<Op>);
    WithOutputs<Kernel, Policy::kFunctional, N, false> op;
    op.meta(args...);
    if constexpr (compute) {
      run_impl(op, std::make_index_sequence<N>{}, args...);
    }
    return op.template take<Ret>();
  }

  static Ret out(Args... args) {
    return out_(std::make_index_sequence<sizeof...(Args) - N>{}, std::make_index_sequence<N>{},
                std::tie(args...));
  }

  static Ret inplace(Args... args) {
    static_assert(N == 1 && std::is_same_v<std::tuple_element_t<0, std::tuple<Args...>>, Tensor&>,
                  "an in-place overload takes Tensor& self first and returns it");
    OpContext context(detail::op_name<Op>);
    Ret self = std::get<0>(std::tie(args...));
    WithOutputs<Kernel, Policy::kInplace, 1, proxies> op(self);
    op.meta(args...);
    if constexpr (compute) {
      run_impl(op, std::make_index_sequence<1>{}, args...);
    }
    detail::count_write(self);
    return self;
  }

 private:
  template <class Object, size_t... O, class... Inputs>
  static void run_impl(Object& op, std::index_sequence<O...>, Inputs&... inputs) {
    op.impl(inputs..., op.maybe_get_output(O)...);
    op.copy_proxies_back();
  }

  // args: references to every argument; the first sizeof...(I) are inputs, the last N outputs.
  template <size_t... I, size_t... O, class All>
  static Ret out_(std::index_sequence<I...>, std::index_sequence<O...>, All args) {
    constexpr size_t first_out = sizeof...(I);
    OpContext context(detail::op_name<Op>);
    WithOutputs<Kernel, Policy::kOut, N, proxies> op(std::get<first_out + O>(args)...);
    op.meta(std::get<I>(args)...);
    if constexpr (compute) {
      run_impl(op, std::make_index_sequence<N>{}, std::get<I>(args)...);
    }
    (detail::count_write(std::get<first_out + O>(args)), ...);
    if constexpr (N == 1) {
      return std::get<first_out>(args);
    } else {
      return Ret(std::get<first_out + O>(args)...);
    }
  }
};

// The CPU kernels of a structured op's overloads: meta() then impl() (Kernel: the impl class).
template <class Kernel, class Op>
using Cpu = Wrappers<Kernel, Op, true>;
// The Meta kernels: meta() only (Kernel: the meta class).
template <class Kernel, class Op>
using Meta = Wrappers<Kernel, Op, false>;

}  // namespace
}  // namespace aten::structured
