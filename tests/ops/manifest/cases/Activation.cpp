// The cases of aten/native/Activation.cpp's ops: relu, gelu (exact and tanh), silu, leaky_relu,
// softplus, elu (selu, celu), hardtanh (relu6), hardsigmoid, hardswish, threshold, mish,
// softshrink, hardshrink, log_sigmoid, glu and prelu, and their backward ops (slopes, betas,
// thresholds and the other Scalars exact in every dtype, which the ops convert them to).
#include "../OpCase.h"
#include "../RefTensor.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/celu.h>
#include <aten/ops/elu.h>
#include <aten/ops/elu_backward.h>
#include <aten/ops/gelu.h>
#include <aten/ops/glu.h>
#include <aten/ops/glu_backward.h>
#include <aten/ops/hardshrink.h>
#include <aten/ops/hardshrink_backward.h>
#include <aten/ops/hardsigmoid.h>
#include <aten/ops/hardsigmoid_backward.h>
#include <aten/ops/hardswish.h>
#include <aten/ops/hardswish_backward.h>
#include <aten/ops/hardtanh.h>
#include <aten/ops/hardtanh_backward.h>
#include <aten/ops/leaky_relu.h>
#include <aten/ops/leaky_relu_backward.h>
#include <aten/ops/log_sigmoid.h>
#include <aten/ops/log_sigmoid_backward.h>
#include <aten/ops/log_sigmoid_forward.h>
#include <aten/ops/mish.h>
#include <aten/ops/mish_backward.h>
#include <aten/ops/prelu.h>
#include <aten/ops/relu.h>
#include <aten/ops/relu6.h>
#include <aten/ops/selu.h>
#include <aten/ops/silu.h>
#include <aten/ops/softplus.h>
#include <aten/ops/softplus_backward.h>
#include <aten/ops/softshrink.h>
#include <aten/ops/softshrink_backward.h>
#include <aten/ops/threshold.h>
#include <aten/ops/threshold_backward.h>

#include <algorithm>
#include <cmath>
#include <type_traits>

namespace aten::optest {

ATEN_OP_CASES(activation) {
  std::vector<OpCase> cases;
  auto add = [&](OpCase c) { cases.push_back(std::move(c)); };

  add([] {
    OpCase c = unary_case(
        {"relu", "relu_"}, [](const Tensors& in) { return Tensors{aten::relu(in[0])}; }, nullptr,
        [](Tensors& in) { aten::relu_(in[0]); },
        pointwise([](Real auto x) { return x < decltype(x)(0) ? decltype(x)(0) : x; }));
    c.dtypes = {
        ScalarType::Byte,  ScalarType::Char,   ScalarType::Short, ScalarType::Int,     kLong,
        ScalarType::Float, ScalarType::Double, ScalarType::Half,  ScalarType::BFloat16};
    c = with_errors(c, {kBool}, "Boolean inputs not supported for relu");
    return with_errors(c, kComplex, kComplexClamp);
  }());
  add(unary_case(
      {"gelu", "gelu.out", "gelu_"}, [](const Tensors& in) { return Tensors{aten::gelu(in[0])}; },
      [](const Tensors& in, Tensors& out) { aten::gelu_out(out[0], in[0]); },
      [](Tensors& in) { aten::gelu_(in[0]); },
      pointwise([](Real auto x) { return 0.5 * x * std::erfc(-x / std::sqrt(2.0)); })));
  add(unary_case(
      {"gelu", "gelu.out", "gelu_"},
      [](const Tensors& in) { return Tensors{aten::gelu(in[0], "tanh")}; },
      [](const Tensors& in, Tensors& out) { aten::gelu_out(out[0], in[0], "tanh"); },
      [](Tensors& in) { aten::gelu_(in[0], "tanh"); }, pointwise([](Real auto x) {
        return 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
      })));
  add(unary_case(
      {"silu", "silu.out", "silu_"}, [](const Tensors& in) { return Tensors{aten::silu(in[0])}; },
      [](const Tensors& in, Tensors& out) { aten::silu_out(out[0], in[0]); },
      [](Tensors& in) { aten::silu_(in[0]); },
      pointwise([](auto x) { return x / (decltype(x)(1) + std::exp(-x)); })));
  for (double slope : {0.25, -0.5}) {
    add(unary_case(
        {"leaky_relu", "leaky_relu.out", "leaky_relu_"},
        [slope](const Tensors& in) { return Tensors{aten::leaky_relu(in[0], slope)}; },
        [slope](const Tensors& in, Tensors& out) { aten::leaky_relu_out(out[0], in[0], slope); },
        [slope](Tensors& in) { aten::leaky_relu_(in[0], slope); },
        pointwise([slope](Real auto x) { return x > 0 ? x : x * slope; })));
    add(binary_case(
        {"leaky_relu_backward", "leaky_relu_backward.grad_input"},
        [slope](const Tensors& in) {
          return Tensors{aten::leaky_relu_backward(in[0], in[1], slope, false)};
        },
        [slope](const Tensors& in, Tensors& out) {
          aten::leaky_relu_backward_out(out[0], in[0], in[1], slope, false);
        },
        nullptr, pointwise([slope](Real auto g, Real auto x) { return x > 0 ? g : g * slope; })));
  }
  // beta 2 and threshold 3: inputs past the threshold (x > 1.5) and below it.
  for (auto [beta_value, threshold_value] : {std::pair{1.0, 20.0}, std::pair{2.0, 3.0}}) {
    // Plain variables: clang 14 cannot capture structured bindings in the lambdas below.
    const double beta = beta_value, threshold = threshold_value;
    add(unary_case(
        {"softplus", "softplus.out"},
        [=](const Tensors& in) { return Tensors{aten::softplus(in[0], beta, threshold)}; },
        [=](const Tensors& in, Tensors& out) {
          aten::softplus_out(out[0], in[0], beta, threshold);
        },
        nullptr, pointwise([=](Real auto x) {
          return x * beta > threshold ? x : std::log1p(std::exp(x * beta)) / beta;
        })));
    add(binary_case(
        {"softplus_backward", "softplus_backward.grad_input"},
        [=](const Tensors& in) {
          return Tensors{aten::softplus_backward(in[0], in[1], beta, threshold)};
        },
        [=](const Tensors& in, Tensors& out) {
          aten::softplus_backward_out(out[0], in[0], in[1], beta, threshold);
        },
        nullptr, pointwise([=](Real auto g, Real auto x) {
          const double z = std::exp(x * beta);
          return x * beta > threshold ? g : g * z / (z + 1);
        })));
  }
  return cases;
}

namespace {

const std::vector<ScalarType> kReducedFloating = {ScalarType::Float, ScalarType::Double,
                                                  ScalarType::BFloat16};
constexpr double kSeluAlpha = 1.6732632423543772848170429916717;
constexpr double kSeluScale = 1.0507009873554804934193349852946;

// elu's value and its derivative (of self, or of the result r when is_result).
double elu_ref(double x, double alpha, double scale, double input_scale) {
  return x > 0 ? x * scale : (std::exp(x * input_scale) - 1) * alpha * scale;
}
double elu_backward_ref(double g, double x, double alpha, double scale, double input_scale,
                        bool is_result) {
  if (x > 0) return g * scale;
  return is_result ? g * input_scale * (x + alpha * scale)
                   : g * input_scale * alpha * scale * std::exp(x * input_scale);
}

// clamp to hardtanh's bounds, truncated to integers in an integral domain, as hardtanh does.
template <typename T>
T hardtanh_ref(T x, double lo, double hi) {
  const T l = static_cast<T>(std::is_integral_v<T> ? std::trunc(lo) : lo);
  const T h = static_cast<T>(std::is_integral_v<T> ? std::trunc(hi) : hi);
  return std::min(std::max(x, l), h);
}

double hardsigmoid_ref(double x) { return std::min(std::max(x + 3, 0.0), 6.0) / 6; }

double mish_backward_ref(double g, double x) {
  const double t = std::tanh(std::log1p(std::exp(x)));
  const double s = 1 / (1 + std::exp(-x));
  return g * (t + x * s * (1 - t * t));
}

}  // namespace

ATEN_OP_CASES(elu_family) {
  std::vector<OpCase> cases;
  auto add = [&](OpCase c) { cases.push_back(std::move(c)); };
  struct Coefficients {
    double alpha, scale, input_scale;
  };
  for (const Coefficients k : {Coefficients{1, 1, 1}, Coefficients{0.5, 2, 1.5}}) {
    add(unary_case(
        {"elu", "elu.out", "elu_"},
        [k](const Tensors& in) {
          return Tensors{aten::elu(in[0], k.alpha, k.scale, k.input_scale)};
        },
        [k](const Tensors& in, Tensors& out) {
          aten::elu_out(out[0], in[0], k.alpha, k.scale, k.input_scale);
        },
        [k](Tensors& in) { aten::elu_(in[0], k.alpha, k.scale, k.input_scale); },
        pointwise([k](std::floating_point auto x) {
          return elu_ref(x, k.alpha, k.scale, k.input_scale);
        })));
    for (bool is_result : {false, true}) {
      add(binary_case(
          {"elu_backward", "elu_backward.grad_input"},
          [k, is_result](const Tensors& in) {
            return Tensors{
                aten::elu_backward(in[0], k.alpha, k.scale, k.input_scale, is_result, in[1])};
          },
          [k, is_result](const Tensors& in, Tensors& out) {
            aten::elu_backward_out(out[0], in[0], k.alpha, k.scale, k.input_scale, is_result,
                                   in[1]);
          },
          nullptr,
          pointwise([k, is_result](std::floating_point auto g, std::floating_point auto x) {
            return elu_backward_ref(g, x, k.alpha, k.scale, k.input_scale, is_result);
          })));
    }
  }
  // selu and celu are composites over elu: elu's dtypes, elu's error for the others.
  auto composite = [](OpCase c) {
    c.dtypes = kReducedFloating;
    c.undeclared_error = "\"elu\" not implemented for";
    return c;
  };
  add(composite(unary_case(
      {"selu", "selu_"}, [](const Tensors& in) { return Tensors{aten::selu(in[0])}; }, nullptr,
      [](Tensors& in) { aten::selu_(in[0]); }, pointwise([](std::floating_point auto x) {
        return elu_ref(x, kSeluAlpha, kSeluScale, 1);
      }))));
  for (double alpha : {1.0, 0.5, -2.0}) {
    add(composite(unary_case(
        {"celu", "celu_"}, [alpha](const Tensors& in) { return Tensors{aten::celu(in[0], alpha)}; },
        nullptr, [alpha](Tensors& in) { aten::celu_(in[0], alpha); },
        pointwise(
            [alpha](std::floating_point auto x) { return elu_ref(x, alpha, 1, 1 / alpha); }))));
  }
  return cases;
}

ATEN_OP_CASES(hardtanh_family) {
  std::vector<OpCase> cases;
  auto add = [&](OpCase c) { cases.push_back(std::move(c)); };
  // clamp's dtypes; Byte refuses negative bounds, so the default ones run without it.
  const std::vector<ScalarType> with_byte = {
      ScalarType::Byte,  ScalarType::Char,   ScalarType::Short, ScalarType::Int,     kLong,
      ScalarType::Float, ScalarType::Double, ScalarType::Half,  ScalarType::BFloat16};
  auto hardtanh_errors = [](OpCase c) {
    c = with_errors(c, {kBool}, "Bool inputs not supported for hardtanh");
    return with_errors(c, kComplex, kComplexClamp);
  };
  for (auto [lo_value, hi_value] : {std::pair{-1.0, 1.0}, std::pair{0.5, 2.5}}) {
    const double lo = lo_value, hi = hi_value;
    OpCase c = unary_case(
        {"hardtanh", "hardtanh.out", "hardtanh_"},
        [=](const Tensors& in) { return Tensors{aten::hardtanh(in[0], lo, hi)}; },
        [=](const Tensors& in, Tensors& out) { aten::hardtanh_out(out[0], in[0], lo, hi); },
        [=](Tensors& in) { aten::hardtanh_(in[0], lo, hi); },
        pointwise([=](Real auto x) { return hardtanh_ref(x, lo, hi); }));
    c.dtypes = with_byte;
    if (lo < 0) {
      c.dtypes.erase(c.dtypes.begin());
      c = with_errors(c, {ScalarType::Byte},
                      "cannot do hardtanh on an unsigned type with negative limits");
    }
    add(hardtanh_errors(c));
    add(binary_case(
        {"hardtanh_backward", "hardtanh_backward.grad_input"},
        [=](const Tensors& in) { return Tensors{aten::hardtanh_backward(in[0], in[1], lo, hi)}; },
        [=](const Tensors& in, Tensors& out) {
          aten::hardtanh_backward_out(out[0], in[0], in[1], lo, hi);
        },
        // A NaN self stops the gradient: ATen's vector loop does so (its scalar loop passes it).
        nullptr, pointwise([=](std::floating_point auto g, std::floating_point auto x) {
          return x > lo && x < hi ? g : 0.0;
        })));
  }
  OpCase relu6 = unary_case(
      {"relu6", "relu6_"}, [](const Tensors& in) { return Tensors{aten::relu6(in[0])}; }, nullptr,
      [](Tensors& in) { aten::relu6_(in[0]); },
      pointwise([](Real auto x) { return hardtanh_ref(x, 0, 6); }));
  relu6.dtypes = with_byte;
  add(hardtanh_errors(relu6));
  return cases;
}

ATEN_OP_CASES(hard_sigmoid_swish) {
  return {
      unary_case(
          {"hardsigmoid", "hardsigmoid.out", "hardsigmoid_"},
          [](const Tensors& in) { return Tensors{aten::hardsigmoid(in[0])}; },
          [](const Tensors& in, Tensors& out) { aten::hardsigmoid_out(out[0], in[0]); },
          [](Tensors& in) { aten::hardsigmoid_(in[0]); },
          pointwise([](std::floating_point auto x) { return hardsigmoid_ref(x); })),
      binary_case(
          {"hardsigmoid_backward", "hardsigmoid_backward.grad_input"},
          [](const Tensors& in) { return Tensors{aten::hardsigmoid_backward(in[0], in[1])}; },
          [](const Tensors& in, Tensors& out) {
            aten::hardsigmoid_backward_out(out[0], in[0], in[1]);
          },
          nullptr,
          // 1/6 rounded to float, as ATen's kernel multiplies by.
          pointwise([](std::floating_point auto g, std::floating_point auto x) {
            return x > -3 && x < 3 ? g * static_cast<double>(1.0f / 6.0f) : 0.0;
          })),
      unary_case(
          {"hardswish", "hardswish.out", "hardswish_"},
          [](const Tensors& in) { return Tensors{aten::hardswish(in[0])}; },
          [](const Tensors& in, Tensors& out) { aten::hardswish_out(out[0], in[0]); },
          [](Tensors& in) { aten::hardswish_(in[0]); },
          pointwise([](std::floating_point auto x) { return x * hardsigmoid_ref(x); })),
      binary_case(
          {"hardswish_backward", "hardswish_backward.out"},
          [](const Tensors& in) { return Tensors{aten::hardswish_backward(in[0], in[1])}; },
          [](const Tensors& in, Tensors& out) {
            aten::hardswish_backward_out(out[0], in[0], in[1]);
          },
          nullptr, pointwise([](std::floating_point auto g, std::floating_point auto x) {
            if (x < -3) return 0.0;
            return x >= 3 ? g : g * (x / 3 + 0.5);
          })),
  };
}

ATEN_OP_CASES(threshold) {
  std::vector<OpCase> cases;
  for (auto [threshold_value, value_value] : {std::pair{1.0, 2.0}, std::pair{0.5, 2.5}}) {
    const double threshold = threshold_value, value = value_value;
    OpCase c = unary_case(
        {"threshold", "threshold.out", "threshold_"},
        [=](const Tensors& in) { return Tensors{aten::threshold(in[0], threshold, value)}; },
        [=](const Tensors& in, Tensors& out) {
          aten::threshold_out(out[0], in[0], threshold, value);
        },
        [=](Tensors& in) { aten::threshold_(in[0], threshold, value); },
        // Both Scalars in the dtype first: truncated in an integral one.
        pointwise([=](Real auto x) {
          using T = decltype(x);
          return x <= static_cast<T>(threshold) ? static_cast<T>(value) : x;
        }));
    c.inplace_allows_overlap = true;
    cases.push_back(c);
    cases.push_back(binary_case(
        {"threshold_backward", "threshold_backward.grad_input"},
        [=](const Tensors& in) {
          return Tensors{aten::threshold_backward(in[0], in[1], threshold)};
        },
        [=](const Tensors& in, Tensors& out) {
          aten::threshold_backward_out(out[0], in[0], in[1], threshold);
        },
        nullptr, pointwise([=](Real auto g, Real auto x) {
          using T = decltype(x);
          return x <= static_cast<T>(threshold) ? static_cast<decltype(g)>(0) : g;
        })));
  }
  return cases;
}

ATEN_OP_CASES(mish) {
  OpCase backward = binary_case(
      {"mish_backward"},
      [](const Tensors& in) { return Tensors{aten::mish_backward(in[0], in[1])}; }, nullptr,
      nullptr, pointwise([](std::floating_point auto g, std::floating_point auto x) {
        return mish_backward_ref(g, x);
      }));
  // A composite of softplus, tanh and sigmoid: mish's dtypes, softplus's error for the others.
  backward.dtypes = kReducedFloating;
  backward.undeclared_error = "not implemented for";
  return {unary_case(
              {"mish", "mish.out", "mish_"},
              [](const Tensors& in) { return Tensors{aten::mish(in[0])}; },
              [](const Tensors& in, Tensors& out) { aten::mish_out(out[0], in[0]); },
              [](Tensors& in) { aten::mish_(in[0]); }, pointwise([](std::floating_point auto x) {
                return x * std::tanh(std::log1p(std::exp(x)));
              })),
          backward};
}

ATEN_OP_CASES(shrink) {
  std::vector<OpCase> cases;
  for (double lambd : {0.5, 1.5}) {
    cases.push_back(unary_case(
        {"softshrink", "softshrink.out"},
        [=](const Tensors& in) { return Tensors{aten::softshrink(in[0], lambd)}; },
        [=](const Tensors& in, Tensors& out) { aten::softshrink_out(out[0], in[0], lambd); },
        nullptr, pointwise([=](std::floating_point auto x) {
          return x > lambd ? x - lambd : (x < -lambd ? x + lambd : 0.0);
        })));
    cases.push_back(unary_case(
        {"hardshrink", "hardshrink.out"},
        [=](const Tensors& in) { return Tensors{aten::hardshrink(in[0], lambd)}; },
        [=](const Tensors& in, Tensors& out) { aten::hardshrink_out(out[0], in[0], lambd); },
        nullptr, pointwise([=](std::floating_point auto x) {
          return x >= -lambd && x <= lambd ? 0.0 : x;
        })));
    auto backward_ref = pointwise([=](std::floating_point auto g, std::floating_point auto x) {
      return x < -lambd || x > lambd ? g : 0.0;
    });
    cases.push_back(binary_case(
        {"softshrink_backward", "softshrink_backward.grad_input"},
        [=](const Tensors& in) { return Tensors{aten::softshrink_backward(in[0], in[1], lambd)}; },
        [=](const Tensors& in, Tensors& out) {
          aten::softshrink_backward_out(out[0], in[0], in[1], lambd);
        },
        nullptr, backward_ref));
    cases.push_back(binary_case(
        {"hardshrink_backward", "hardshrink_backward.grad_input"},
        [=](const Tensors& in) { return Tensors{aten::hardshrink_backward(in[0], in[1], lambd)}; },
        [=](const Tensors& in, Tensors& out) {
          aten::hardshrink_backward_out(out[0], in[0], in[1], lambd);
        },
        nullptr, backward_ref));
  }
  return cases;
}

namespace {

std::vector<ScalarType> same_twice(std::span<const ScalarType> t) { return {t[0], t[0]}; }

// log sigmoid(x) = min(x, 0) - log1p(exp(-|x|)), and its buffer exp(-|x|).
Refs log_sigmoid_reference(const Refs& in, std::span<const ScalarType> dtypes, bool buffer) {
  const RefTensor& x = in[0];
  RefTensor out = filled(x.sizes, dtypes[0]), buf = filled(x.sizes, dtypes[0]);
  for (int64_t i = 0; i < x.numel(); ++i) {
    const double v = x.values[i].real(), z = std::exp(-std::fabs(v));
    out.values[i] = round_to(out.dtype, std::min(v, 0.0) - std::log1p(z));
    buf.values[i] = round_to(buf.dtype, z);
  }
  if (buffer) return {out, buf};
  return {out};
}

// glu's halves along dim d: f(index of the first half's element, of the second's, of the
// result's) for every element of the result.
template <typename F>
void for_each_glu_pair(const Shape& sizes, int64_t d, F f) {
  Shape half = sizes;
  half[d] /= 2;
  for_each_index(half, [&](const Shape& idx) {
    Shape second = idx;
    second[d] += half[d];
    f(idx, second);
  });
}

}  // namespace

ATEN_OP_CASES(log_sigmoid) {
  const std::vector<ScalarType> dtypes = {ScalarType::Float, ScalarType::Double,
                                          ScalarType::BFloat16};
  OpCase composite = unary_case(
      {"log_sigmoid", "log_sigmoid.out"},
      [](const Tensors& in) { return Tensors{aten::log_sigmoid(in[0])}; },
      [](const Tensors& in, Tensors& out) { aten::log_sigmoid_out(out[0], in[0]); }, nullptr,
      [](const Refs& in, std::span<const ScalarType> t) {
        return log_sigmoid_reference(in, t, false);
      });
  composite.dtypes = dtypes;
  composite.undeclared_error = "\"log_sigmoid_forward\" not implemented for";
  OpCase forward = unary_case(
      {"log_sigmoid_forward", "log_sigmoid_forward.output"},
      [](const Tensors& in) {
        auto [output, buffer] = aten::log_sigmoid_forward(in[0]);
        return Tensors{output, buffer};
      },
      [](const Tensors& in, Tensors& out) { aten::log_sigmoid_forward_out(out[0], out[1], in[0]); },
      nullptr,
      [](const Refs& in, std::span<const ScalarType> t) {
        return log_sigmoid_reference(in, t, true);
      },
      Values::any, same_twice);
  // The buffer must be the forward's of self: it is made here from self's values. The
  // derivative for self assumes that relation, which a finite difference in self alone does not
  // see, so only grad_output is gradchecked here (self's through log_sigmoid_forward's
  // second derivative).
  OpCase backward;
  backward.overloads = {"log_sigmoid_backward", "log_sigmoid_backward.grad_input"};
  auto self_value = [](int64_t i) { return 2.9 * std::sin(0.37 * static_cast<double>(i) + 0.5); };
  backward.inputs = {Input{kShape}, Input{kShape, Values::any, std::nullopt, self_value},
                     Input{kShape, Values::any, std::nullopt, [self_value](int64_t i) {
                             return std::exp(-std::fabs(self_value(i)));
                           }}};
  backward.result_dtypes = same_as_promoted;
  backward.call = [](const Tensors& in) {
    return Tensors{aten::log_sigmoid_backward(in[0], in[1], in[2])};
  };
  backward.call_out = [](const Tensors& in, Tensors& out) {
    aten::log_sigmoid_backward_out(out[0], in[0], in[1], in[2]);
  };
  backward.reference = pointwise(
      [](std::floating_point auto g, std::floating_point auto x, std::floating_point auto z) {
        return x < 0 ? g * (1 - z / (1 + z)) : g * z / (1 + z);
      });
  backward.pointwise = true;
  backward.not_differentiable_inputs = {1, 2};
  return {composite, forward, backward};
}

ATEN_OP_CASES(glu) {
  std::vector<OpCase> cases;
  for (int64_t dim : {-1, 1}) {
    const Shape shape = {5, 6, 8};
    OpCase c;
    c.overloads = {"glu", "glu.out"};
    c.inputs = {Input{shape}};
    c.result_dtypes = same_as_promoted;
    c.call = [dim](const Tensors& in) { return Tensors{aten::glu(in[0], dim)}; };
    c.call_out = [dim](const Tensors& in, Tensors& out) { aten::glu_out(out[0], in[0], dim); };
    c.reference = [dim](const Refs& in, std::span<const ScalarType> t) -> Refs {
      const RefTensor& x = in[0];
      const int64_t d = dim < 0 ? dim + x.dim() : dim;
      Shape half = x.sizes;
      half[d] /= 2;
      RefTensor out = filled(half, t[0]);
      for_each_glu_pair(x.sizes, d, [&](const Shape& a, const Shape& b) {
        const double bv = x.at(b).real();
        out.at(a) = round_to(out.dtype, x.at(a).real() / (1 + std::exp(-bv)));
      });
      return {out};
    };
    c.skip_layouts = {Layout::zero_dim};
    cases.push_back(c);

    OpCase b;
    b.overloads = {"glu_backward", "glu_backward.grad_input"};
    Shape grad_shape = shape;
    grad_shape[dim < 0 ? dim + 3 : dim] /= 2;
    b.inputs = {Input{grad_shape}, Input{shape}};
    b.result_dtypes = [](std::span<const ScalarType> t) { return std::vector<ScalarType>{t[1]}; };
    b.call = [dim](const Tensors& in) { return Tensors{aten::glu_backward(in[0], in[1], dim)}; };
    b.call_out = [dim](const Tensors& in, Tensors& out) {
      aten::glu_backward_out(out[0], in[0], in[1], dim);
    };
    b.reference = [dim](const Refs& in, std::span<const ScalarType> t) -> Refs {
      const RefTensor &g = in[0], &x = in[1];
      const int64_t d = dim < 0 ? dim + x.dim() : dim;
      RefTensor out = filled(x.sizes, t[0]);
      for_each_glu_pair(x.sizes, d, [&](const Shape& a, const Shape& b) {
        // Each product rounded to the dtype, in ATen's order: a product that underflows to 0
        // before meeting an infinite grad gives NaN there, as in ATen. sigmoid itself is not
        // rounded: the op's is a few roundings off in BFloat16, and 1 - s magnifies that.
        const auto r = [&](double v) { return round_to(out.dtype, v).real(); };
        // grad_output may broadcast against a half (as into ATen's kernel).
        const double s = 1 / (1 + std::exp(-x.at(b).real())), gv = read_broadcast(g, a).real();
        out.at(a) = r(s * gv);
        out.at(b) = r(r(r(r(1 - s) * s) * x.at(a).real()) * gv);
      });
      return {out};
    };
    // The two inputs' shapes differ along the halved dim: no common large shape.
    b.skip_layouts = {Layout::zero_dim, Layout::large};
    b.dtypes = {ScalarType::Float, ScalarType::Double, ScalarType::BFloat16};
    cases.push_back(b);
  }
  return cases;
}

ATEN_OP_CASES(prelu) {
  std::vector<OpCase> cases;
  // A weight per channel (dim 1), and one shared (0-dim, so that every layout keeps it one
  // element).
  for (bool per_channel : {true, false}) {
    const Shape shape = {5, 6, 7};
    const Shape weight_shape = per_channel ? Shape{6} : Shape{};
    // The weight of element idx of self.
    auto weight_at = [per_channel](const RefTensor& w, const RefTensor& x, const Shape& idx) {
      // (One weight for all channels when it has one element, as ATen's.)
      return per_channel && x.dim() > 1 && w.numel() > 1 ? w.values[idx[1]].real()
                                                         : w.values[0].real();
    };
    OpCase c;
    c.overloads = {"prelu"};
    c.inputs = {Input{shape}, Input{weight_shape}};
    c.result_dtypes = [](std::span<const ScalarType> t) { return std::vector<ScalarType>{t[0]}; };
    c.call = [](const Tensors& in) { return Tensors{aten::prelu(in[0], in[1])}; };
    c.reference = [weight_at](const Refs& in, std::span<const ScalarType> t) -> Refs {
      const RefTensor &x = in[0], &w = in[1];
      RefTensor out = filled(x.sizes, t[0]);
      for_each_index(x.sizes, [&](const Shape& idx) {
        const double v = x.at(idx).real();
        out.at(idx) = round_to(out.dtype, v > 0 ? v : weight_at(w, x, idx) * v);
      });
      return {out};
    };
    c.dtypes = kReducedFloating;
    // A per-channel weight has self's dim 1 as its size, which these layouts change (the
    // weight's dim 0, self's rank).
    if (per_channel) c.skip_layouts = {Layout::large, Layout::zero_dim, Layout::zero_size};
    cases.push_back(c);
  }
  return cases;
}

}  // namespace aten::optest
