// The manifest suite covers the manifest: every overload has a case (or is one of the few
// operators listed below with the suite that checks them instead), every case names real
// overloads, and an op called with a dtype it does not declare says so.
#include "Compare.h"
#include "Inputs.h"
#include "OpCase.h"

#include <aten/OpManifest.h>
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

namespace aten::optest {

namespace {

// Operators with no dtype to dispatch on: factories make a tensor of any dtype by filling it
// (tests/ops/test_tensor_factories.cpp, test_range_factories.cpp), views only compute geometry
// (tests/ops/test_tensor_shape.cpp); both run every dtype and Meta there.
const std::set<std::string, std::less<>> kCheckedElsewhere = {
    // factories
    "empty", "empty_strided", "empty_like", "zeros", "ones", "full", "scalar_tensor", "zeros_like",
    "ones_like", "full_like", "arange", "linspace", "eye",
    // views
    "as_strided", "view", "reshape", "flatten", "permute", "transpose", "t", "expand", "expand_as",
    "squeeze", "unsqueeze", "select", "slice", "narrow", "unfold", "diagonal", "split",
    "split_with_sizes", "chunk", "view_as_real", "view_as_complex"};

std::string full_name(const manifest::Overload& o) {
  std::string n(o.name);
  if (!o.overload.empty()) n.append(".").append(o.overload);
  return n;
}

}  // namespace

TEST(ManifestCoverage, EveryOverloadHasACase) {
  std::set<std::string> covered;
  for (const OpCase& c : all_cases()) covered.insert(c.overloads.begin(), c.overloads.end());
  for (const manifest::Overload& o : manifest::kOverloads) {
    if (kCheckedElsewhere.count(o.name)) continue;
    EXPECT_TRUE(covered.count(full_name(o)))
        << full_name(o) << " has no case in tests/ops/manifest/cases";
  }
}

TEST(ManifestCoverage, EveryOverloadThatTakesTensorsHasAFormulaOrSaysItHasNone) {
  for (const manifest::Overload& o : manifest::kOverloads) {
    EXPECT_NE(o.autograd, manifest::Autograd::missing)
        << full_name(o)
        << " takes tensors, but derivatives.yaml has no formula for it and does "
           "not list it under not_differentiable";
  }
}

TEST(ManifestCoverage, EveryCaseNamesRealOverloadsAndHasDtypes) {
  std::set<std::string> known;
  for (const manifest::Overload& o : manifest::kOverloads) known.insert(full_name(o));
  for (const OpCase& c : all_cases()) {
    ASSERT_FALSE(c.overloads.empty());
    for (const std::string& name : c.overloads)
      EXPECT_TRUE(known.count(name)) << name << " is not in the manifest";
    EXPECT_FALSE(declared_dtypes(c).empty()) << c.overloads[0] << " declares no dtypes";
    EXPECT_TRUE(c.call && c.reference && c.result_dtypes)
        << c.overloads[0] << " lacks a call or reference";
  }
}

TEST(ManifestCoverage, UndeclaredDtypesAreRejectedByName) {
  for (const OpCase& c : all_cases()) {
    std::vector<ScalarType> accepted = declared_dtypes(c);
    accepted.insert(accepted.end(), c.promoted_dtypes.begin(), c.promoted_dtypes.end());
    const std::string& first = c.overloads[0];
    std::string op = first.substr(0, first.find('.'));
    while (op.ends_with('_')) op.pop_back();
    // Every dtype there is, so that a new one is checked as soon as it exists.
    for (int i = 0; i < kNumScalarTypes; ++i) {
      const auto dtype = static_cast<ScalarType>(i);
      if (std::find(accepted.begin(), accepted.end(), dtype) != accepted.end()) continue;
      std::optional<Tensors> inputs = make_inputs(c, dtype, Layout::contiguous, 1);
      ASSERT_TRUE(inputs);
      // Appended piece by piece: GCC 12 warns (-Wrestrict, a false positive) on "..." + string.
      std::string expected = "\"";
      expected.append(op).append("\" not implemented for '").append(toString(dtype)).append("'");
      if (c.undeclared_error) expected = c.undeclared_error;
      for (const auto& [t, message] : c.undeclared_errors)
        if (t == dtype) expected = message;
      try {
        c.call(*inputs);
        ADD_FAILURE() << first << " ran on " << dtype << ", which it does not declare";
      } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find(expected), std::string::npos)
            << first << " on " << dtype << ": expected \"" << expected << "\", got: " << e.what();
      }
    }
  }
}

}  // namespace aten::optest
