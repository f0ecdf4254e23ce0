// The sampling ops: uniform_, normal_, exponential_, geometric_, log_normal_, cauchy_,
// bernoulli_, random_, bernoulli (and its out= form), the factories rand, randn, rand_like,
// randn_like, randint, randint_like, randperm, and dropout, dropout_, feature_dropout (checked
// where their results are certain: not training, p = 1). Their values are random draws, so each
// reference gives the result's shape and dtype and the distribution's support (RefTensor::support);
// the Runner also checks that a seed gives the same values twice and that Meta calls draw nothing.
// The distributions themselves are tested in tests/ops/test_distributions.cpp.
#include "../OpCase.h"

#include <aten/core/Generator.h>
#include <aten/ops/bernoulli.h>
#include <aten/ops/cauchy.h>
#include <aten/ops/dropout.h>
#include <aten/ops/empty_like.h>
#include <aten/ops/exponential.h>
#include <aten/ops/feature_dropout.h>
#include <aten/ops/geometric.h>
#include <aten/ops/log_normal.h>
#include <aten/ops/normal.h>
#include <aten/ops/rand.h>
#include <aten/ops/rand_like.h>
#include <aten/ops/randint.h>
#include <aten/ops/randint_like.h>
#include <aten/ops/randn.h>
#include <aten/ops/randn_like.h>
#include <aten/ops/random.h>
#include <aten/ops/randperm.h>
#include <aten/ops/uniform.h>

#include <algorithm>
#include <cmath>
#include <concepts>

namespace aten::optest {

namespace {

bool real(double x) { return std::isfinite(x); }

// An in-place sampling op as a case: functional = the op on a fresh tensor like the input.
OpCase inplace_case(const char* overload, std::function<void(Tensor&)> op,
                    std::function<bool(double)> support) {
  OpCase c;
  c.overloads = {overload};
  c.inputs = {{kShape}};
  c.call = [op](const Tensors& in) {
    Tensor self = empty_like(in[0]);
    op(self);
    return Tensors{self};
  };
  c.call_inplace = [op](Tensors& in) { op(in[0]); };
  c.result_dtypes = same_as_promoted;
  c.reference = sampled(std::move(support));
  return c;
}

// A factory: the input gives the shape, dtype and device (CPU or Meta) asked for (and the
// layout, to the _like forms).
TensorOptions options_of(const Tensor& t) {
  return TensorOptions(t.scalar_type()).device(t.device());
}

OpCase factory_case(std::vector<std::string> overloads, std::function<Tensor(const Tensor&)> make,
                    std::function<void(IntArrayRef, Tensor&)> make_out,
                    std::function<bool(double)> support) {
  OpCase c;
  c.overloads = std::move(overloads);
  c.inputs = {{kShape}};
  c.call = [make](const Tensors& in) { return Tensors{make(in[0])}; };
  if (make_out)
    c.call_out = [make_out](const Tensors& in, Tensors& out) { make_out(in[0].sizes(), out[0]); };
  c.result_dtypes = same_as_promoted;
  c.reference = sampled(std::move(support));
  return c;
}

// A fresh generator per call, so that these overloads repeat without the default one.
Generator seeded() { return make_generator(2024); }

}  // namespace

ATEN_OP_CASES(distributions) {
  auto in_unit = [](double x) { return x >= 0 && x < 1; };
  auto in_range = [](double x) { return x >= -2 && x < 3; };
  auto binary = [](double x) { return x == 0 || x == 1; };
  auto natural = [](double x) { return x >= 0 && x == std::floor(x); };
  // bernoulli_.Tensor: probabilities of a fixed dtype, 0, 1/4, ... 1 in turn.
  OpCase bernoulli_tensor = inplace_case(
      "bernoulli_.Tensor", [](Tensor&) {}, binary);
  bernoulli_tensor.inputs.push_back(
      {kShape, Values::any, ScalarType::Double, [](int64_t i) { return (i % 5) / 4.0; }});
  bernoulli_tensor.call = [](const Tensors& in) {
    Tensor self = empty_like(in[0]);
    aten::bernoulli_(self, in[1]);
    return Tensors{self};
  };
  bernoulli_tensor.call_inplace = [](Tensors& in) { aten::bernoulli_(in[0], in[1]); };
  // p outside [0, 1] (NaN, infinities) is an error, as in ATen: no special values go in.
  bernoulli_tensor.reference_ordinary_values_only = true;
  // bernoulli: p from self, which must be floating (so its integral and Bool dtypes, declared
  // for bernoulli.p, are refused with the p check's message).
  OpCase bernoulli_self = inplace_case(
      "bernoulli", [](Tensor&) {}, binary);
  bernoulli_self.overloads.push_back("bernoulli.out");
  bernoulli_self.call_out = [](const Tensors& in, Tensors& out) {
    aten::bernoulli_out(out[0], in[0]);
  };
  bernoulli_self.inputs[0].custom = [](int64_t i) { return (i % 5) / 4.0; };
  bernoulli_self.call = [](const Tensors& in) { return Tensors{aten::bernoulli(in[0])}; };
  bernoulli_self.call_inplace = nullptr;
  bernoulli_self.reference_ordinary_values_only = true;
  bernoulli_self.dtypes = {ScalarType::Float, ScalarType::Double, ScalarType::Half,
                           ScalarType::BFloat16};
  bernoulli_self.undeclared_error = "bernoulli_ expects p of a floating dtype";
  for (ScalarType t :
       {ScalarType::ComplexFloat, ScalarType::ComplexDouble, ScalarType::ComplexHalf})
    bernoulli_self.undeclared_errors.emplace_back(t, "\"bernoulli\" not implemented");
  OpCase bernoulli_p = inplace_case(
      "bernoulli.p", [](Tensor&) {}, binary);
  bernoulli_p.call = [](const Tensors& in) { return Tensors{aten::bernoulli(in[0], 0.3)}; };
  bernoulli_p.call_inplace = nullptr;
  // dropout: certain results only. Not training: the input; p = 1: zeros.
  auto identity = pointwise([](auto x) { return x; });
  // p = 1 multiplies by a 0-dim zero of the input's dtype, as ATen: NaN and infinities give NaN.
  auto zero = pointwise([](auto x) { return x * decltype(x){}; });
  OpCase dropout_eval = unary_case(
      {"dropout"}, [](const Tensors& in) { return Tensors{aten::dropout(in[0], 0.5, false)}; },
      nullptr, nullptr, identity);
  OpCase dropout_all = unary_case(
      {"dropout"}, [](const Tensors& in) { return Tensors{aten::dropout(in[0], 1, true)}; },
      nullptr, nullptr, zero);
  OpCase dropout_inplace = unary_case(
      {"dropout_"},
      [](const Tensors& in) {
        Tensor self = in[0].clone();
        return Tensors{aten::dropout_(self, 1, true)};
      },
      nullptr, [](Tensors& in) { aten::dropout_(in[0], 1, true); }, zero);
  OpCase feature_all = unary_case(
      {"feature_dropout"},
      [](const Tensors& in) { return Tensors{aten::feature_dropout(in[0], 1, true)}; }, nullptr,
      nullptr, zero);
  OpCase feature_eval = unary_case(
      {"feature_dropout"},
      [](const Tensors& in) { return Tensors{aten::feature_dropout(in[0], 0.5, false)}; }, nullptr,
      nullptr, identity);
  // Not training, or with p = 1 (no mask is drawn), dropout accepts every dtype, as ATen.
  for (OpCase* c : {&dropout_eval, &feature_eval, &dropout_all, &dropout_inplace, &feature_all})
    c->promoted_dtypes = {
        ScalarType::Bool,         ScalarType::Byte,          ScalarType::Char,
        ScalarType::Short,        ScalarType::Int,           ScalarType::Long,
        ScalarType::ComplexFloat, ScalarType::ComplexDouble, ScalarType::ComplexHalf};
  std::vector<OpCase> cases = {
      bernoulli_tensor,
      bernoulli_self,
      bernoulli_p,
      dropout_eval,
      dropout_all,
      dropout_inplace,
      feature_all,
      feature_eval,
      inplace_case(
          "random_.from", [](Tensor& t) { aten::random_(t, 0, 2); }, binary),
      inplace_case(
          "random_.to", [](Tensor& t) { aten::random_(t, 2); }, binary),
      inplace_case(
          "random_", [](Tensor& t) { aten::random_(t); }, natural),
      factory_case(
          {"randint", "randint.out"},
          [](const Tensor& t) { return aten::randint(2, t.sizes(), options_of(t)); },
          [](IntArrayRef s, Tensor& out) { aten::randint_out(out, 2, s); }, binary),
      factory_case(
          {"randint.generator", "randint.generator_out"},
          [](const Tensor& t) { return aten::randint(2, t.sizes(), seeded(), options_of(t)); },
          [](IntArrayRef s, Tensor& out) { aten::randint_out(out, 2, s, seeded()); }, binary),
      factory_case(
          {"randint.low", "randint.low_out"},
          [](const Tensor& t) { return aten::randint(0, 2, t.sizes(), options_of(t)); },
          [](IntArrayRef s, Tensor& out) { aten::randint_out(out, 0, 2, s); }, binary),
      factory_case(
          {"randint.low_generator", "randint.low_generator_out"},
          [](const Tensor& t) { return aten::randint(0, 2, t.sizes(), seeded(), options_of(t)); },
          [](IntArrayRef s, Tensor& out) { aten::randint_out(out, 0, 2, s, seeded()); }, binary),
      inplace_case(
          "uniform_", [](Tensor& t) { aten::uniform_(t, -2, 3); }, in_range),
      inplace_case(
          "normal_", [](Tensor& t) { aten::normal_(t, 1, 2); }, real),
      inplace_case(
          "exponential_", [](Tensor& t) { aten::exponential_(t, 2); },
          [](double x) { return x >= 0 && !std::isnan(x); }),
      inplace_case(
          "geometric_", [](Tensor& t) { aten::geometric_(t, 0.4); },
          [](double x) { return x >= 1 && x == std::floor(x); }),
      inplace_case(
          "log_normal_", [](Tensor& t) { aten::log_normal_(t, 0, 0.5); },
          [](double x) { return x >= 0 && !std::isnan(x); }),
      inplace_case(
          "cauchy_", [](Tensor& t) { aten::cauchy_(t, 0, 1); },
          [](double x) { return !std::isnan(x); }),
      inplace_case(
          "bernoulli_.float", [](Tensor& t) { aten::bernoulli_(t, 0.3); },
          [](double x) { return x == 0 || x == 1; }),
      factory_case(
          {"rand", "rand.out"},
          [](const Tensor& t) { return aten::rand(t.sizes(), options_of(t)); },
          [](IntArrayRef s, Tensor& out) { aten::rand_out(out, s); }, in_unit),
      factory_case(
          {"rand.generator", "rand.generator_out"},
          [](const Tensor& t) { return aten::rand(t.sizes(), seeded(), options_of(t)); },
          [](IntArrayRef s, Tensor& out) { aten::rand_out(out, s, seeded()); }, in_unit),
      factory_case(
          {"rand_like"}, [](const Tensor& t) { return aten::rand_like(t); }, nullptr, in_unit),
      factory_case(
          {"randn", "randn.out"},
          [](const Tensor& t) { return aten::randn(t.sizes(), options_of(t)); },
          [](IntArrayRef s, Tensor& out) { aten::randn_out(out, s); }, real),
      factory_case(
          {"randn.generator", "randn.generator_out"},
          [](const Tensor& t) { return aten::randn(t.sizes(), seeded(), options_of(t)); },
          [](IntArrayRef s, Tensor& out) { aten::randn_out(out, s, seeded()); }, real),
      factory_case(
          {"randn_like"}, [](const Tensor& t) { return aten::randn_like(t); }, nullptr, real),
      factory_case(
          {"randint_like"}, [](const Tensor& t) { return aten::randint_like(t, 2); }, nullptr,
          binary),
      factory_case(
          {"randint_like.low_dtype"}, [](const Tensor& t) { return aten::randint_like(t, 0, 2); },
          nullptr, binary),
  };
  // randperm: n from the input (at most 100, which every declared dtype holds), the result a
  // 1-d tensor of n indices.
  for (bool with_generator : {false, true}) {
    OpCase c = factory_case(
        with_generator ? std::vector<std::string>{"randperm.generator", "randperm.generator_out"}
                       : std::vector<std::string>{"randperm", "randperm.out"},
        [with_generator](const Tensor& t) {
          const int64_t n = std::min<int64_t>(t.numel(), 100);
          return with_generator ? aten::randperm(n, seeded(), options_of(t))
                                : aten::randperm(n, options_of(t));
        },
        [with_generator](IntArrayRef s, Tensor& out) {
          int64_t n = 1;
          for (int64_t d : s) n *= d;
          n = std::min<int64_t>(n, 100);
          if (with_generator) {
            aten::randperm_out(out, n, seeded());
          } else {
            aten::randperm_out(out, n);
          }
        },
        natural);
    c.reference = [](const Refs& in, std::span<const ScalarType> result_dtypes) {
      const int64_t n = std::min<int64_t>(numel_of(in[0].sizes), 100);
      RefTensor r = filled({n}, result_dtypes[0]);
      r.support = [n](double x) {
        return x >= 0 && x < static_cast<double>(n) && x == std::floor(x);
      };
      return Refs{r};
    };
    cases.push_back(c);
  }
  return cases;
}

}  // namespace aten::optest
