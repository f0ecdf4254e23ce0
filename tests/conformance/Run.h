#pragma once
// One call made on both libraries, and what each left: whether it threw, its returns, and the
// state of every argument it may write (out=, in-place self).
#include "Calls.h"

#include <aten/dispatch/IValue.h>

#include <ATen/core/function_schema.h>
#include <ATen/core/stack.h>

#include <string>
#include <vector>

namespace aten::conformance {

struct Outcome {
  bool threw = false;
  std::string error;
  std::vector<IValue> returns;  // MiniATen values, whichever library made them
  std::vector<Tensor> written;  // the written arguments after the call, in schema order
};

Outcome run_miniaten(const Call& call);
Outcome run_libtorch(const Call& call, const c10::FunctionSchema& torch_schema);

// The pieces of the two above. An argument of call as a MiniATen value (its tensors fresh).
IValue materialize(const Arg& a, bool meta);
// The arguments of call in the order of libtorch's schema, each a fresh copy of call's, or
// libtorch's default for an argument MiniATen's schema lacks; (*arg_of)[k] is the index in
// call.args of stack[k], or -1 for such a default.
torch::jit::Stack libtorch_arguments(const Call& call, const c10::FunctionSchema& torch_schema,
                                     std::vector<int>* arg_of = nullptr);
// call's overload, called boxed on that stack: it holds the returns after, and an exception
// propagates.
void call_miniaten(const Call& call, Stack& stack);
void call_libtorch(const Call& call, torch::jit::Stack& stack);

}  // namespace aten::conformance
