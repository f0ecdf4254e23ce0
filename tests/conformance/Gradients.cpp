#include "Gradients.h"

#include "Bridge.h"
#include "Run.h"

#include <aten/autograd/Autograd.h>
#include <aten/core/Formatting.h>
#include <aten/ops/empty_strided.h>
#include <aten/ops/mul.h>

#include <torch/csrc/autograd/autograd.h>

#include <algorithm>
#include <random>
#include <sstream>

namespace aten::conformance {

namespace {

bool differentiable(ScalarType t) { return isFloatingType(t) || isComplexType(t); }

// The floating outputs of a call, in order (a list's elements one by one).
std::vector<Tensor> floating_outputs(const Stack& stack) {
  std::vector<Tensor> outs;
  auto add = [&](const Tensor& t) {
    if (t.defined() && differentiable(t.scalar_type())) outs.push_back(t);
  };
  for (const IValue& v : stack) {
    if (v.is<Tensor>()) add(v.get<Tensor>());
    if (v.is<std::vector<Tensor>>())
      for (const Tensor& t : v.get<std::vector<Tensor>>()) add(t);
  }
  return outs;
}

std::vector<at::Tensor> floating_outputs(const torch::jit::Stack& stack) {
  std::vector<at::Tensor> outs;
  auto add = [&](const at::Tensor& t) {
    if (t.defined() && differentiable(from_torch(t.scalar_type()))) outs.push_back(t);
  };
  for (const c10::IValue& v : stack) {
    if (v.isTensor()) add(v.toTensor());
    if (v.isTensorList())
      for (const at::Tensor& t : v.toTensorVector()) add(t);
  }
  return outs;
}

// The gradient flowing into floating output k, of its dtype, sizes and strides: mostly laid
// out as the output (as a gradient computed from it would be), else in any arrangement.
Tensor grad_output(const GradCall& g, size_t k, ScalarType dtype, IntArrayRef sizes,
                   IntArrayRef strides) {
  const uint64_t seed = mix(g.seed + k);
  Tensor t = materialize(
      ordinary_tensor_arg(seed, dtype, std::vector<int64_t>(sizes.begin(), sizes.end())));
  if (seed % 4 == 0) return t;
  Tensor like = empty_strided(sizes, strides, TensorOptions(dtype));
  if (!like.is_non_overlapping_and_dense()) return t;
  like.copy_(t);
  return like;
}

// A libtorch gradient as a MiniATen tensor: a ZeroTensor (no storage; libtorch's formulas
// return one for some gradients known to be 0, sgn's of a real tensor) as zeros of its
// geometry, a sparse one (gather's with sparse_grad) as its dense form.
Tensor from_torch_grad(const at::Tensor& t) {
  if (!t.defined()) return Tensor();
  if (t._is_zerotensor())
    return from_torch(at::empty_strided(t.sizes(), t.strides(), t.options()).zero_());
  if (t.is_sparse()) return from_torch(t.to_dense());
  return from_torch(t);
}

std::string leaf_name(const Call& call, const GradCall::Leaf& l) {
  std::string n = call.args[l.arg].name;
  if (l.element >= 0) n += "[" + std::to_string(l.element) + "]";
  return n;
}

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

}  // namespace

std::optional<GradCall> make_grad_call(const Call& call, bool inplace, uint64_t seed,
                                       uint64_t index) {
  if (call.meta) return std::nullopt;
  std::mt19937_64 r(mix(seed ^ mix(index) ^ 0x6772616473ULL));
  GradCall g;
  g.inplace = inplace;
  g.seed = r();
  std::vector<GradCall::Leaf> candidates;
  for (size_t i = 0; i < call.args.size(); ++i) {
    const Arg& a = call.args[i];
    if (a.is_tensor && differentiable(a.tensor.dtype)) candidates.push_back({i, -1});
    for (size_t e = 0; e < a.tensors.size(); ++e)
      if (differentiable(a.tensors[e].dtype)) candidates.push_back({i, static_cast<int>(e)});
  }
  if (inplace && (candidates.empty() || candidates.front().arg != 0)) return std::nullopt;
  if (candidates.empty()) return std::nullopt;
  std::bernoulli_distribution keep(0.75);
  for (size_t c = 0; c < candidates.size(); ++c)
    if ((inplace && c == 0) || keep(r)) g.leaves.push_back(candidates[c]);
  if (g.leaves.empty()) {
    g.leaves.push_back(
        candidates[std::uniform_int_distribution<size_t>(0, candidates.size() - 1)(r)]);
  }
  return g;
}

GradOutcome grad_miniaten(const Call& call, const GradCall& g) {
  GradOutcome o;
  Stack stack;
  for (const Arg& a : call.args) stack.push_back(materialize(a, false));
  std::vector<Tensor> leaves;
  for (const GradCall::Leaf& l : g.leaves) {
    IValue& v = stack[l.arg];
    Tensor& t = l.element < 0 ? v.get<Tensor>() : v.get<std::vector<Tensor>>()[l.element];
    t.requires_grad_(true);
    leaves.push_back(t);
    if (g.inplace && l.arg == 0) t = aten::mul(t, Scalar(1));
  }
  try {
    call_miniaten(call, stack);
  } catch (const std::exception& e) {
    o.threw = true;
    o.error = first_line(e.what());
    return o;
  }
  std::vector<Tensor> outputs, grad_outputs;
  const std::vector<Tensor> floating = floating_outputs(stack);
  for (size_t k = 0; k < floating.size(); ++k) {
    const Tensor& out = floating[k];
    o.requires_grad.push_back(out.requires_grad());
    if (!out.requires_grad()) continue;
    outputs.push_back(out);
    grad_outputs.push_back(grad_output(g, k, out.scalar_type(), out.sizes(), out.strides()));
    o.output_numel = std::max(o.output_numel, out.numel());
    o.grad_output_largest = std::max(o.grad_output_largest, max_finite(grad_outputs.back()));
  }
  if (outputs.empty()) return o;
  try {
    o.grads = autograd::grad(outputs, leaves, grad_outputs, std::nullopt, false,
                             /*allow_unused=*/true);
  } catch (const std::exception& e) {
    o.threw = true;
    o.in_backward = true;
    o.error = first_line(e.what());
  }
  return o;
}

GradOutcome grad_libtorch(const Call& call, const c10::FunctionSchema& torch_schema,
                          const GradCall& g) {
  GradOutcome o;
  std::vector<int> arg_of;
  torch::jit::Stack stack = libtorch_arguments(call, torch_schema, &arg_of);
  std::vector<at::Tensor> leaves;
  for (const GradCall::Leaf& l : g.leaves) {
    const auto k = static_cast<size_t>(
        std::find(arg_of.begin(), arg_of.end(), static_cast<int>(l.arg)) - arg_of.begin());
    c10::IValue& v = stack.at(k);
    if (l.element < 0) {
      at::Tensor t = v.toTensor();
      t.requires_grad_(true);
      leaves.push_back(t);
      if (g.inplace && l.arg == 0) v = t.mul(1);
    } else {
      at::Tensor t = v.toTensorList().get(l.element);
      t.requires_grad_(true);  // the list's element itself: the same TensorImpl
      leaves.push_back(t);
    }
  }
  try {
    call_libtorch(call, stack);
  } catch (const std::exception& e) {
    o.threw = true;
    o.error = first_line(e.what());
    return o;
  }
  std::vector<at::Tensor> outputs, grad_outputs;
  const std::vector<at::Tensor> floating = floating_outputs(stack);
  for (size_t k = 0; k < floating.size(); ++k) {
    const at::Tensor& out = floating[k];
    o.requires_grad.push_back(out.requires_grad());
    if (!out.requires_grad()) continue;
    outputs.push_back(out);
    grad_outputs.push_back(to_torch(
        grad_output(g, k, from_torch(out.scalar_type()), out.sizes().vec(), out.strides().vec())));
    o.output_numel = std::max(o.output_numel, out.numel());
  }
  if (outputs.empty()) return o;
  std::vector<at::Tensor> grads;
  try {
    grads = torch::autograd::grad(outputs, leaves, grad_outputs, c10::nullopt, false,
                                  /*allow_unused=*/true);
  } catch (const std::exception& e) {
    o.threw = true;
    o.in_backward = true;
    o.error = first_line(e.what());
  }
  for (const at::Tensor& t : grads) {
    o.grads.push_back(from_torch_grad(t));
    o.zero_tensor.push_back(t.defined() && t._is_zerotensor());
  }
  return o;
}

std::optional<Disagreement> compare_grads(const Call& call, const GradCall& g,
                                          const GradOutcome& mine, const GradOutcome& torch,
                                          bool random_values) {
  auto where = [](const GradOutcome& o) { return o.in_backward ? "backward" : "forward"; };
  if (mine.threw || torch.threw) {
    if (mine.threw && torch.threw) {
      if (mine.in_backward == torch.in_backward) return std::nullopt;
      return Disagreement{"grad error", std::string("MiniATen throws in ") + where(mine) + ": " +
                                            mine.error + "; libtorch in " + where(torch) + ": " +
                                            torch.error};
    }
    const GradOutcome& o = mine.threw ? mine : torch;
    return Disagreement{"grad error", std::string(mine.threw ? "MiniATen" : "libtorch") +
                                          " throws in " + where(o) + ": " + o.error};
  }
  if (mine.requires_grad != torch.requires_grad) {
    std::string d = "floating outputs requiring grad:";
    for (bool b : mine.requires_grad) d += b ? " 1" : " 0";
    d += " vs libtorch's";
    for (bool b : torch.requires_grad) d += b ? " 1" : " 0";
    return Disagreement{"grad outputs", d};
  }
  // The bound's parameters (Tolerance.cpp): the op's family, the least precise floating dtype
  // of the call, whether complex numbers are involved.
  std::string op = call.overload.substr(0, call.overload.find('.'));
  if (op.back() == '_') op.pop_back();
  ScalarType precision = ScalarType::Double;
  bool complex = false;
  auto consider = [&](ScalarType t) {
    if (!differentiable(t)) return;
    complex |= isComplexType(t);
    if (t == ScalarType::ComplexHalf) t = ScalarType::Half;  // its parts' precision
    if (grad_tolerance("", t, false, 0, 1, 0, 1) > grad_tolerance("", precision, false, 0, 1, 0, 1))
      precision = t;
  };
  for (const Arg& a : call.args) {
    if (a.is_tensor) consider(a.tensor.dtype);
    for (const TensorArg& t : a.tensors) consider(t.dtype);
    if (a.value.is<Scalar>() && a.value.get<Scalar>().isComplex()) complex = true;
    if (a.value.is<ScalarType>()) consider(a.value.get<ScalarType>());  // dtype=
  }
  std::optional<Scale> scale;  // computed once, if a bound needs it
  for (size_t i = 0; i < mine.grads.size() && i < torch.grads.size(); ++i) {
    const Tensor& a = mine.grads[i];
    const Tensor& b = torch.grads[i];
    const std::string what = "gradient of " + leaf_name(call, g.leaves[i]);
    if (a.defined() != b.defined()) {
      // An undefined gradient is one of zeros: the engine treats them alike.
      if (all_zero(a.defined() ? a : b)) continue;
      return Disagreement{"grad defined",
                          what + (a.defined() ? ": none in libtorch" : ": none in MiniATen") +
                              ", a nonzero one in the other"};
    }
    if (!a.defined()) continue;
    std::optional<Disagreement> d = compare_tensors(what, a, b, false, nullptr);
    if (!d && a.numel() > 0 && !torch.zero_tensor[i]) {
      // Strides where they place elements: a size-1 dim's stride is any number (each library's
      // reshapes and unsqueezes leave their own there).
      for (int64_t k = 0; k < a.dim(); ++k) {
        if (a.size(k) > 1 && a.stride(k) != b.stride(k)) {
          std::ostringstream os;
          os << what << ": strides " << a.strides() << " vs libtorch's " << b.strides()
             << " for sizes " << a.sizes();
          d = Disagreement{"strides", os.str()};
          break;
        }
      }
    }
    if (!d && !random_values) {
      // Terms summed into one element: any, for the ops that reduce; else as many as the
      // outputs hold elements per element of this input (broadcast inputs).
      int64_t terms = 1;
      if (grad_sums(op)) {
        terms = std::max(mine.output_numel, a.numel());
        for (const Arg& arg : call.args) {
          if (!arg.is_tensor) continue;
          int64_t n = 1;
          for (int64_t s : arg.tensor.shape) n *= s;
          terms = std::max(terms, n);
        }
      } else if (a.numel() > 0 && mine.output_numel > a.numel()) {
        terms = (mine.output_numel + a.numel() - 1) / a.numel();
      }
      // A part of a complex product is a sum of two products, which may cancel (the real
      // gradient of a real input times a complex one is g.real * o.real + g.imag * o.imag).
      if (complex) terms = std::max<int64_t>(terms, 2);
      // A derivative near one of its zeros is a difference of terms the size of the gradient
      // flowing in (mish's at -1.19), whatever the size of this gradient's elements.
      const double largest = std::max({max_finite(a), max_finite(b), mine.grad_output_largest});
      double magnitude = 0;
      if (terms > 1) {
        if (!scale) scale = input_scale(call);
        // The terms are products of the output's gradient (|g| <= 3) and the inputs, or of the
        // size of the gradient's own elements.
        magnitude = std::max(3 * scale->magnitude, largest);
      }
      d = compare_tensors(what, a, b, false, [&](double expected) {
        return grad_tolerance(op, precision, complex, magnitude, terms, largest, expected);
      });
    }
    if (d) {
      d->category = "grad " + d->category;
      return d;
    }
  }
  return std::nullopt;
}

}  // namespace aten::conformance
