// The gradient half of the manifest suite: for every case whose first overload records a node
// (the manifest's `autograd`), gradcheck of its functional call in float64 against finite
// differences, on contiguous, transposed, broadcast and zero-size inputs, and gradgradcheck on
// contiguous inputs for every fourth such case. Registered beside the value tests, one test per
// case, named Gradcheck_<case>.
#include "Compare.h"
#include "Inputs.h"
#include "OpCase.h"

#include <aten/OpManifest.h>
#include <aten/autograd/Autograd.h>
#include <aten/autograd/Gradcheck.h>
#include <aten/core/Formatting.h>
#include <aten/ops/ones_like.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <functional>
#include <set>
#include <string>

namespace aten::optest {
namespace {

// Operators whose outputs are random draws: a finite difference compares two different samples.
// Their formulas (zero gradients) are checked in tests/autograd.
const std::set<std::string, std::less<>> kSampling = {
    "bernoulli",    "bernoulli_", "normal",      "normal_", "poisson", "uniform_",
    "exponential_", "geometric_", "log_normal_", "cauchy_", "random_", "multinomial"};

const manifest::Overload* find_overload(const std::string& full) {
  for (const manifest::Overload& o : manifest::kOverloads) {
    std::string n(o.name);
    if (!o.overload.empty()) n.append(".").append(o.overload);
    if (n == full) return &o;
  }
  return nullptr;
}

// Overloads not checked here: scatter with
// reduce="multiply" has none (ATen neither); the scatter cases' indices repeat, and a src
// element another overwrites gets grad.gather's value all the same (ATen's formula), where a
// finite difference sees nothing. The add paths are checked through gather's and
// index_select's second derivatives.
const std::set<std::string, std::less<>> kNotImplemented = {"scatter.reduce",
                                                            "scatter.value_reduce", "scatter.src"};

bool records(const OpCase& c) {
  const manifest::Overload* o = find_overload(c.overloads[0]);
  return o != nullptr && o->autograd == manifest::Autograd::records &&
         o->kind == manifest::SchemaKind::functional && !kSampling.count(o->name) &&
         !kNotImplemented.count(c.overloads[0]);
}

// A layout's inputs with every float64 one a leaf that requires grad. Inputs that alias
// themselves (an expand) are made dense: a finite difference would move every alias at once.
std::optional<Tensors> gradcheck_inputs(const OpCase& c, Layout layout, uint64_t seed) {
  std::optional<Tensors> inputs = make_inputs(c, ScalarType::Double, layout, seed);
  if (!inputs) return std::nullopt;
  int64_t index = 0;
  for (size_t k = 0; k < inputs->size(); ++k) {
    Tensor& t = (*inputs)[k];
    if (!t.defined() || t.scalar_type() != ScalarType::Double) continue;
    const auto& constant = c.not_differentiable_inputs;
    if (std::find(constant.begin(), constant.end(), k) != constant.end()) continue;
    const bool aliased = [&] {
      for (int64_t d = 0; d < t.dim(); ++d)
        if (t.stride(d) == 0 && t.size(d) > 1) return true;
      return false;
    }();
    if (aliased) t = t.contiguous();
    // Off the grid the values are drawn on: no exact zeros, ties or integers, where relu,
    // maximum, floor and the like have kinks a finite difference straddles.
    Tensor dense = t.contiguous();
    double* p = dense.data_ptr<double>();
    for (int64_t k = 0; k < dense.numel(); ++k)
      p[k] += 0.0137 * std::sin(12.9898 * static_cast<double>(k) +
                                78.233 * static_cast<double>(index) + 1.0);
    t.copy_(dense);
    t.requires_grad_(true);
    ++index;
  }
  return inputs;
}

void check_case(const OpCase& c, size_t index, uint64_t seed) {
  autograd::TensorFunction fn = [&c](const std::vector<Tensor>& xs) { return c.call(xs); };
  for (Layout layout :
       {Layout::contiguous, Layout::transposed, Layout::broadcast, Layout::zero_size}) {
    if (std::find(c.skip_layouts.begin(), c.skip_layouts.end(), layout) != c.skip_layouts.end())
      continue;
    if (layout == Layout::broadcast && !c.pointwise) continue;
    std::optional<Tensors> inputs = gradcheck_inputs(c, layout, seed);
    if (!inputs) continue;
    SCOPED_TRACE(name_of(layout));
    try {
      autograd::gradcheck(fn, *inputs);
      // Zero-size outputs have no element to differentiate: backward still runs, and every
      // gradient has its input's shape.
      Tensors outputs = c.call(*inputs);
      if (!outputs.empty() && outputs[0].numel() == 0 && outputs[0].requires_grad()) {
        std::vector<Tensor> leaves;
        for (const Tensor& t : *inputs)
          if (t.defined() && t.requires_grad()) leaves.push_back(t);
        auto grads = autograd::grad({outputs[0]}, leaves, {ones_like(outputs[0])}, std::nullopt,
                                    false, /*allow_unused=*/true);
        for (size_t i = 0; i < leaves.size(); ++i) {
          if (grads[i].defined()) {
            EXPECT_EQ(grads[i].sizes(), leaves[i].sizes());
          }
        }
      }
      if (layout == Layout::contiguous && index % 4 == 0) autograd::gradgradcheck(fn, *inputs);
    } catch (const std::exception& e) {
      ADD_FAILURE() << e.what();
    }
  }
}

}  // namespace

void register_gradcheck_tests() {
  uint64_t seed = 1000;
  size_t index = 0;
  for (const OpCase& c : all_cases()) {
    if (!records(c)) continue;
    const std::vector<ScalarType> dtypes = declared_dtypes(c);
    if (std::find(dtypes.begin(), dtypes.end(), ScalarType::Double) == dtypes.end()) continue;
    std::string suite = "Gradcheck_";
    suite.append(case_name(c));
    const uint64_t s = seed++;
    const size_t i = index++;
    ::testing::RegisterTest(suite.c_str(), "Double", nullptr, nullptr, __FILE__, __LINE__,
                            [&c, s, i]() -> ::testing::Test* {
                              struct T : ::testing::Test {
                                const OpCase& c;
                                uint64_t seed;
                                size_t index;
                                T(const OpCase& c, uint64_t seed, size_t index)
                                    : c(c), seed(seed), index(index) {}
                                void TestBody() override { check_case(c, index, seed); }
                              };
                              return new T(c, s, i);
                            });
  }
}

}  // namespace aten::optest
