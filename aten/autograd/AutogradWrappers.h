#pragma once
// The Autograd-key kernels the Dispatcher calls for a differentiable op: class templates, one
// function per kind of overload. Generated code (aten/autograd/<op>_autograd.cpp) registers one
// per overload and writes no kernel of its own:
//   autograd::Recorded<MulBackward0, _ops::mul_Tensor>::functional
//   autograd::Recorded<MulBackward0, _ops::mul__Tensor>::inplace
//   autograd::OutNotDifferentiable<_ops::mul_out>::call
// Op, the overload's _ops struct, gives the kernel's signature (Op::schema), the name its errors
// carry, and the call below Autograd. NodeT, the overload's generated node, gives what differs
// from op to op:
//   differentiable             a std::index_sequence: the positions of the arguments whose
//                              gradients the node computes, in the order of its next edges
//   save_inputs<in_place>(args...)   what the formulas read of the arguments, kept before the
//                              call (in_place: self is about to be overwritten, so a tensor
//                              self is kept as a copy); absent when they read none
//   save_outputs(result)       what they read of the outputs, kept after the outputs have the
//                              node as grad_fn (an in-place overload's result is self); absent
//                              when they read none
//
//   functional  when an argument requires grad, makes the node (next edges: the differentiable
//               arguments' gradient edges) and lets it save; calls the op below Autograd; makes
//               the node the grad_fn of the outputs (record_outputs)
//   inplace     the same, on self: check_inplace before the call, rebase_history after it
//   call        an out= overload: refuses inputs that require grad (check_out_not_differentiable:
//               the out= tensors' old values would be lost to backward), then calls the op below
//               Autograd
//
// The backend kernels count the writes to an in-place self and out= tensors
// (detail::count_write), whether or not a call comes through here. Everything here inlines into
// the one function the Dispatcher calls.
#include <aten/autograd/AutogradKernel.h>
#include <aten/autograd/NodeSupport.h>
#include <aten/core/Tensor.h>
#include <aten/dispatch/LocalDispatchKeySet.h>
#include <aten/dispatch/TypedOp.h>

#include <cstddef>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>

namespace aten::autograd {

namespace detail {

template <class F, class All, size_t... I>
decltype(auto) apply_at(F&& f, const All& all, std::index_sequence<I...>) {
  return f(std::get<I>(all)...);
}

// Calls f with the arguments at NodeT::differentiable's positions.
template <class NodeT, class F, class... Args>
decltype(auto) with_differentiable(F&& f, Args&... args) {
  return apply_at(f, std::tie(args...), typename NodeT::differentiable{});
}

// How many outputs an overload returning R has: a Tensor or Tensor& is one.
template <class R>
inline constexpr size_t kNumOutputs = 1;
template <class... R>
inline constexpr size_t kNumOutputs<std::tuple<R...>> = sizeof...(R);

}  // namespace detail

template <class NodeT, class Op, class Sig = typename Op::schema>
struct Recorded;

template <class NodeT, class Op, class Ret, class... Args>
struct Recorded<NodeT, Op, Ret(Args...)> {
  static Ret functional(Args... args) {
    std::shared_ptr<NodeT> grad_fn;
    if (requires_grad(args...)) grad_fn = make<false>(args...);
    Ret result = [&] {
      AutoDispatchBelowAutograd guard;
      return Op::call(args...);
    }();
    if (grad_fn) {
      record_outputs(result, grad_fn);
      save_outputs(*grad_fn, result);
    }
    return result;
  }

  static Ret inplace(Args... args) {
    static_assert(std::is_same_v<Ret, Tensor&> &&
                      std::is_same_v<std::tuple_element_t<0, std::tuple<Args...>>, Tensor&>,
                  "an in-place overload takes Tensor& self first and returns it");
    Tensor& self = std::get<0>(std::tie(args...));
    const bool records = requires_grad(args...);
    check_inplace(self, records);
    std::shared_ptr<NodeT> grad_fn;
    if (records) grad_fn = make<true>(args...);
    {
      AutoDispatchBelowAutograd guard;
      Op::call(args...);
    }
    if (grad_fn) {
      rebase_history(self, grad_fn);
      save_outputs(*grad_fn, self);
    }
    return self;
  }

 private:
  static bool requires_grad(Args&... args) {
    return detail::with_differentiable<NodeT>(
        [](const auto&... d) { return compute_requires_grad(d...); }, args...);
  }

  template <bool in_place>
  static std::shared_ptr<NodeT> make(Args&... args) {
    std::shared_ptr<NodeT> grad_fn = detail::with_differentiable<NodeT>(
        [](const auto&... d) { return make_node<NodeT>(d...); }, args...);
    if constexpr (requires { grad_fn->template save_inputs<in_place>(args...); })
      grad_fn->template save_inputs<in_place>(args...);
    return grad_fn;
  }

  template <class Result>
  static void save_outputs(NodeT& node, const Result& result) {
    if constexpr (requires { node.save_outputs(result); }) node.save_outputs(result);
  }
};

template <class Op, class Sig = typename Op::schema>
struct OutNotDifferentiable;

template <class Op, class Ret, class... Args>
struct OutNotDifferentiable<Op, Ret(Args...)> {
  static constexpr size_t N = detail::kNumOutputs<Ret>;

  static Ret call(Args... args) {
    return call_(std::make_index_sequence<sizeof...(Args) - N>{}, std::make_index_sequence<N>{},
                 std::tie(args...));
  }

 private:
  // args: references to every argument; the first sizeof...(I) are inputs, the last N outputs.
  template <size_t... I, size_t... O, class All>
  static Ret call_(std::index_sequence<I...>, std::index_sequence<O...>, All args) {
    constexpr size_t first_out = sizeof...(I);
    check_out_not_differentiable(aten::detail::op_name<Op>, std::get<I>(args)...);
    {
      AutoDispatchBelowAutograd guard;
      std::apply(Op::call, args);
    }
    if constexpr (N == 1) {
      return std::get<first_out>(args);
    } else {
      return Ret(std::get<first_out + O>(args)...);
    }
  }
};

}  // namespace aten::autograd
