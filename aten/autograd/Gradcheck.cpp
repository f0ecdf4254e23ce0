#include <aten/autograd/Gradcheck.h>

#include <aten/autograd/Autograd.h>
#include <aten/autograd/GradMode.h>
#include <aten/core/Error.h>
#include <aten/core/Generator.h>
#include <aten/ops/randn.h>
#include <aten/ops/zeros.h>

#include <cmath>
#include <sstream>

namespace aten::autograd {
namespace {

// The address of element `flat` (row-major order over sizes) of a CPU double tensor.
double* element(const Tensor& t, int64_t flat) {
  auto* p = t.data_ptr<double>();
  for (int64_t d = t.dim() - 1; d >= 0; --d) {
    const int64_t size = t.size(d);
    p += (flat % size) * t.stride(d);
    flat /= size;
  }
  return p;
}

void check_input(const Tensor& t, size_t i) {
  ATEN_CHECK(t.scalar_type() == ScalarType::Double && t.device().is_cpu(), "gradcheck: input ", i,
             " is ", toString(t.scalar_type()), " on ", t.device(),
             "; gradcheck takes float64 CPU tensors");
}

// J[i][o] as rows: one per element of output o, one column per element of input i.
using Jacobian = std::vector<std::vector<double>>;

// fn's outputs as plain float64 values. Grad mode stays as it is: fn may itself differentiate
// (gradgradcheck's first derivative does).
std::vector<Tensor> evaluate(const TensorFunction& fn, const std::vector<Tensor>& inputs) {
  std::vector<Tensor> outputs = fn(inputs);
  // Copies: an output may share its input's bytes (a backward that passes grad through), and
  // the next perturbation would move it too.
  for (Tensor& o : outputs) o = o.defined() ? o.detach().to(ScalarType::Double).clone() : o;
  return outputs;
}

// d outputs[o] / d inputs[i] by central differences, perturbing the inputs in place.
Jacobian numerical(const TensorFunction& fn, const std::vector<Tensor>& inputs, size_t i, size_t o,
                   double eps) {
  const Tensor& x = inputs[i];
  const int64_t out_numel = evaluate(fn, inputs)[o].numel();
  Jacobian jacobian(static_cast<size_t>(out_numel), std::vector<double>(x.numel()));
  for (int64_t j = 0; j < x.numel(); ++j) {
    double* p = element(x, j);
    const double saved = *p;
    *p = saved + eps;
    const Tensor plus = evaluate(fn, inputs)[o];
    *p = saved - eps;
    const Tensor minus = evaluate(fn, inputs)[o];
    *p = saved;
    for (int64_t k = 0; k < out_numel; ++k)
      jacobian[k][j] = (*element(plus, k) - *element(minus, k)) / (2 * eps);
  }
  return jacobian;
}

// The same Jacobian by backward passes, one per output element (a one-hot grad_output).
Jacobian analytical(const std::vector<Tensor>& outputs, const Tensor& input, size_t o) {
  const Tensor& out = outputs[o];
  Jacobian jacobian(static_cast<size_t>(out.numel()), std::vector<double>(input.numel(), 0.0));
  if (!out.requires_grad()) return jacobian;
  for (int64_t k = 0; k < out.numel(); ++k) {
    Tensor one_hot = zeros(out.sizes(), TensorOptions(out.scalar_type()));
    *element(one_hot, k) = 1.0;
    const Tensor g = grad({out}, {input}, {one_hot}, /*retain_graph=*/true, /*create_graph=*/false,
                          /*allow_unused=*/true)[0];
    if (!g.defined()) continue;
    ATEN_CHECK(g.sizes() == input.sizes(), "gradcheck: the gradient of output ", o, " has shape ",
               g.sizes(), " for an input of shape ", input.sizes());
    const Tensor gd = g.to(ScalarType::Double).contiguous();
    for (int64_t j = 0; j < input.numel(); ++j) jacobian[k][j] = *element(gd, j);
  }
  return jacobian;
}

}  // namespace

bool gradcheck(const TensorFunction& fn, const std::vector<Tensor>& inputs,
               const GradcheckOptions& options) {
  for (size_t i = 0; i < inputs.size(); ++i)
    if (inputs[i].defined() && inputs[i].requires_grad()) check_input(inputs[i], i);
  std::vector<Tensor> outputs;
  {
    AutoGradMode enabled(true);
    outputs = fn(inputs);
  }
  for (size_t o = 0; o < outputs.size(); ++o) {
    if (!outputs[o].defined() || !isFloatingType(outputs[o].scalar_type())) continue;
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (!inputs[i].defined() || !inputs[i].requires_grad()) continue;
      const Jacobian a = analytical(outputs, inputs[i], o);
      const Jacobian n = numerical(fn, inputs, i, o, options.eps);
      for (size_t k = 0; k < n.size(); ++k) {
        for (size_t j = 0; j < n[k].size(); ++j) {
          const double diff = std::abs(a[k][j] - n[k][j]);
          if (diff <= options.atol + options.rtol * std::abs(n[k][j])) continue;
          std::ostringstream message;
          message << "gradcheck: Jacobian mismatch for output " << o << " with respect to input "
                  << i << " at (output element " << k << ", input element " << j << "): numerical "
                  << n[k][j] << ", analytical " << a[k][j];
          ATEN_CHECK(false, message.str());
        }
      }
    }
  }
  return true;
}

bool gradgradcheck(const TensorFunction& fn, const std::vector<Tensor>& inputs,
                   const GradcheckOptions& options) {
  std::vector<Tensor> outputs;
  {
    AutoGradMode enabled(true);
    outputs = fn(inputs);
  }
  // The outputs that have gradients (not max's indices), and random weights for them in the
  // first backward, themselves differentiated.
  std::vector<size_t> differentiable_outputs;
  for (size_t o = 0; o < outputs.size(); ++o)
    if (outputs[o].defined() && outputs[o].requires_grad()) differentiable_outputs.push_back(o);
  const Generator generator = make_generator(20240101);
  std::vector<Tensor> grad_outputs;
  for (size_t o : differentiable_outputs) {
    Tensor w = randn(outputs[o].sizes(), generator, TensorOptions(ScalarType::Double));
    w.requires_grad_(true);
    grad_outputs.push_back(w);
  }
  std::vector<size_t> differentiable;
  for (size_t i = 0; i < inputs.size(); ++i)
    if (inputs[i].defined() && inputs[i].requires_grad()) differentiable.push_back(i);
  const size_t n_inputs = inputs.size();
  TensorFunction first_derivative = [&](const std::vector<Tensor>& args) {
    const std::vector<Tensor> xs(args.begin(), args.begin() + static_cast<int64_t>(n_inputs));
    const std::vector<Tensor> ws(args.begin() + static_cast<int64_t>(n_inputs), args.end());
    const std::vector<Tensor> all = fn(xs);
    std::vector<Tensor> ys, wrt;
    for (size_t o : differentiable_outputs) ys.push_back(all[o]);
    for (size_t i : differentiable) wrt.push_back(xs[i]);
    return grad(ys, wrt, ws, /*retain_graph=*/true, /*create_graph=*/true, /*allow_unused=*/true);
  };
  std::vector<Tensor> args = inputs;
  args.insert(args.end(), grad_outputs.begin(), grad_outputs.end());
  return gradcheck(first_derivative, args, options);
}

}  // namespace aten::autograd
