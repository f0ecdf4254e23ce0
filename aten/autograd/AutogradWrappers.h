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
//                              gradients the node computes, increasing (its next edges follow
//                              the arguments' order)
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
// the one function the Dispatcher calls. Arguments are picked by position with packs, not
// tuples: a tuple per kernel costs the generated files' build more than the kernels themselves.
#include <aten/autograd/AutogradKernel.h>
#include <aten/autograd/NodeSupport.h>
#include <aten/core/Tensor.h>
#include <aten/dispatch/LocalDispatchKeySet.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>

namespace aten::autograd {

namespace detail {

// Stands in for an argument that gets no gradient: the helpers of AutogradKernel.h (key sets,
// edges) skip it as they skip every argument that is not a tensor.
struct NotDifferentiable {};

template <bool differentiable, class T>
decltype(auto) if_differentiable(const T& arg) {
  if constexpr (differentiable) {
    return (arg);
  } else {
    return NotDifferentiable{};
  }
}

template <size_t I, size_t... D>
constexpr bool is_one_of(std::index_sequence<D...>) {
  return ((I == D) || ...);
}

// The order of a node's next edges is its arguments' order.
template <size_t... D>
constexpr bool is_increasing(std::index_sequence<D...>) {
  const size_t d[] = {D..., SIZE_MAX};
  for (size_t i = 0; i + 1 < sizeof...(D); ++i)
    if (d[i] >= d[i + 1]) return false;
  return true;
}

// The K-th of args.
template <size_t K, class T, class... Rest>
decltype(auto) arg_at(T& first, Rest&... rest) {
  if constexpr (K == 0) {
    return (first);
  } else {
    return arg_at<K - 1>(rest...);
  }
}

// How many outputs an overload returning R has: a Tensor or Tensor& is one.
template <class R>
inline constexpr size_t kNumOutputs = 1;
template <class... R>
inline constexpr size_t kNumOutputs<std::tuple<R...>> = sizeof...(R);

template <class Sig>
struct Arity;
template <class Ret, class... Args>
struct Arity<Ret(Args...)> {
  static constexpr size_t value = sizeof...(Args);
};
template <class Op>
using ArgumentIndices = std::make_index_sequence<Arity<typename Op::schema>::value>;

}  // namespace detail

template <class NodeT, class Op, class Sig = typename Op::schema,
          class Indices = detail::ArgumentIndices<Op>>
struct Recorded;

template <class NodeT, class Op, class Ret, class... Args, size_t... I>
struct Recorded<NodeT, Op, Ret(Args...), std::index_sequence<I...>> {
  using Differentiable = typename NodeT::differentiable;
  static_assert(detail::is_increasing(Differentiable{}),
                "a node's differentiable arguments are in argument order, as its edges");

  static Ret functional(Args... args) {
    std::shared_ptr<NodeT> node;
    if (requires_grad(args...)) node = make<false>(args...);
    Ret result = call_below_autograd(args...);
    if (node) {
      NodeT& saved = *node;
      // As a shared_ptr<Node> once (a move): passing node itself would convert it per call,
      // two atomic reference count updates each time.
      const std::shared_ptr<Node> grad_fn = std::move(node);
      record_outputs(result, grad_fn);
      save_outputs(saved, result);
    }
    return result;
  }

  static Ret inplace(Args... args) {
    Tensor& self = detail::arg_at<0>(args...);
    static_assert(std::is_same_v<Ret, Tensor&> &&
                      std::is_same_v<decltype(detail::arg_at<0>(args...)), Tensor&>,
                  "an in-place overload takes Tensor& self first and returns it");
    const bool records = requires_grad(args...);
    check_inplace(self, records);
    std::shared_ptr<NodeT> node;
    if (records) node = make<true>(args...);
    call_below_autograd(args...);
    if (node) {
      NodeT& saved = *node;
      const std::shared_ptr<Node> grad_fn = std::move(node);
      rebase_history(self, grad_fn);
      save_outputs(saved, self);
    }
    return self;
  }

 private:
  static Ret call_below_autograd(Args&... args) {
    AutoDispatchBelowAutograd guard;
    return Op::call(args...);
  }

  static bool requires_grad(const Args&... args) {
    return compute_requires_grad(
        detail::if_differentiable<detail::is_one_of<I>(Differentiable{})>(args)...);
  }

  template <bool in_place>
  static std::shared_ptr<NodeT> make(Args&... args) {
    std::shared_ptr<NodeT> grad_fn = make_node<NodeT>(
        detail::if_differentiable<detail::is_one_of<I>(Differentiable{})>(args)...);
    if constexpr (requires { grad_fn->template save_inputs<in_place>(args...); })
      grad_fn->template save_inputs<in_place>(args...);
    return grad_fn;
  }

  template <class Result>
  static void save_outputs(NodeT& node, const Result& result) {
    if constexpr (requires { node.save_outputs(result); }) node.save_outputs(result);
  }
};

template <class Op, class Sig = typename Op::schema, class Indices = detail::ArgumentIndices<Op>>
struct OutNotDifferentiable;

template <class Op, class Ret, class... Args, size_t... I>
struct OutNotDifferentiable<Op, Ret(Args...), std::index_sequence<I...>> {
  static constexpr size_t N = detail::kNumOutputs<Ret>;
  // The out= tensors are the last N arguments.
  static constexpr size_t first_out = sizeof...(Args) - N;

  static Ret call(Args... args) {
    check_out_not_differentiable(Op::name, Op::overload_name,
                                 detail::if_differentiable<(I < first_out)>(args)...);
    {
      AutoDispatchBelowAutograd guard;
      Op::call(args...);
    }
    if constexpr (N == 1) {
      return detail::arg_at<first_out>(args...);
    } else {
      return outputs(std::make_index_sequence<N>{}, args...);
    }
  }

 private:
  template <size_t... O>
  static Ret outputs(std::index_sequence<O...>, Args&... args) {
    return Ret(detail::arg_at<first_out + O>(args...)...);
  }
};

}  // namespace aten::autograd
