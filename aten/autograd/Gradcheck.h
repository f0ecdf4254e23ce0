#pragma once
// Checks a function's backward against finite differences (torch.autograd.gradcheck): the
// Jacobian of every output with respect to every input that requires grad, computed both ways
// in double precision, must agree within atol + rtol * |numerical|. gradgradcheck checks the
// backward's own backward the same way. Inputs are real floating-point CPU tensors; check in
// float64 (ATen's tolerances are for it).
#include <aten/core/Tensor.h>

#include <functional>
#include <vector>

namespace aten::autograd {

using TensorFunction = std::function<std::vector<Tensor>(const std::vector<Tensor>&)>;

struct GradcheckOptions {
  double eps = 1e-6;  // the finite-difference step
  double atol = 1e-5;
  double rtol = 1e-3;
};

// Throws, naming the output, the input, the element and both values, at the first mismatch;
// returns true otherwise.
bool gradcheck(const TensorFunction& fn, const std::vector<Tensor>& inputs,
               const GradcheckOptions& options = {});

// gradcheck of the map (inputs, grad_outputs) -> d(outputs)/d(inputs) weighted by
// grad_outputs, with grad_outputs drawn from a fixed seed: second derivatives.
bool gradgradcheck(const TensorFunction& fn, const std::vector<Tensor>& inputs,
                   const GradcheckOptions& options = {});

}  // namespace aten::autograd
