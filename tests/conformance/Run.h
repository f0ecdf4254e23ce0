#pragma once
// One call made on both libraries, and what each left: whether it threw, its returns, and the
// state of every argument it may write (out=, in-place self).
#include "Calls.h"

#include <aten/dispatch/IValue.h>

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

}  // namespace aten::conformance
