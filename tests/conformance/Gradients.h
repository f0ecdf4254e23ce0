#pragma once
// The gradients of one call, on both libraries. The call's floating-point and complex tensor
// arguments become leaves that require grad (each with probability 3/4, at least one; an
// in-place self always, passed as leaf * 1 so that the op writes a non-leaf); the call is made
// boxed under autograd; each floating output that requires grad gets one gradient of ordinary
// values (the same on both sides, in a random layout); and aten::autograd::grad /
// torch::autograd::grad (allow_unused) give the gradients with respect to the leaves.
//
// Compared: whether each side throws, and where (forward or backward); which outputs require
// grad; and for each leaf its gradient: defined or not (an undefined gradient equals one of
// zeros: both mean that nothing flows), dtype, sizes, strides (of the dims longer than 1, and
// not of a libtorch ZeroTensor, which has no storage), values within the bounds of
// grad_tolerance (Tolerance.cpp).
#include "Calls.h"
#include "Compare.h"

#include <ATen/core/function_schema.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace aten::conformance {

struct GradCall {
  struct Leaf {
    size_t arg = 0;    // index in call.args
    int element = -1;  // index in a tensor-list argument, else -1
  };
  std::vector<Leaf> leaves;  // in argument order
  bool inplace = false;      // the first argument is written: passed as leaf * 1
  uint64_t seed = 0;         // the outputs' gradients are drawn from it
};

// The leaves of call's backward, drawn from (seed, index) apart from the call's own draws, so
// that adding the gradients changes no call. nullopt when no tensor argument is floating-point
// or complex (for an in-place call: when self is not), or the call is on Meta.
std::optional<GradCall> make_grad_call(const Call& call, bool inplace, uint64_t seed,
                                       uint64_t index);

struct GradOutcome {
  bool threw = false;
  bool in_backward = false;  // where it threw
  std::string error;
  // Whether each floating output (returns in order, a list's elements one by one) requires
  // grad.
  std::vector<bool> requires_grad;
  std::vector<Tensor> grads;  // one per leaf (undefined where none flows); empty if no backward
  int64_t output_numel = 0;   // the largest floating output's element count
  double grad_output_largest = 0;  // the largest finite |element| of the gradients flowing in
  // Which gradients were libtorch ZeroTensors (no storage: their strides are no layout).
  std::vector<bool> zero_tensor;
};

GradOutcome grad_miniaten(const Call& call, const GradCall& g);
GradOutcome grad_libtorch(const Call& call, const c10::FunctionSchema& torch_schema,
                          const GradCall& g);

// Whether the two outcomes agree, and if not how: categories "grad error", "grad outputs",
// "grad defined", "grad dtype", "grad sizes", "grad strides", "grad values". With
// random_values (the gradients depend on a random draw, as dropout's mask) values are not
// compared.
std::optional<Disagreement> compare_grads(const Call& call, const GradCall& g,
                                          const GradOutcome& mine, const GradOutcome& torch,
                                          bool random_values);

}  // namespace aten::conformance
