// The manifest suite: one GoogleTest per (case, declared dtype), named
// Manifest_<overload>.<dtype>, each running every layout on CPU (functional, out=, in-place)
// and on Meta, against the case's reference. Sampling ops (a reference with `support`) are
// checked for their support, for the same values from the same seed, and for Meta calls that
// leave the generator where it was.
#include "Compare.h"
#include "Inputs.h"
#include "OpCase.h"
#include "Reference.h"

#include <aten/OpManifest.h>
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Generator.h>
#include <aten/core/Tensor.h>
#include <aten/ops/empty.h>
#include <aten/ops/t.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace aten::optest {

namespace {

// got (a CPU tensor) holds want's dtype, shape and values. what names the result in messages.
void expect_matches(const Tensor& got, const RefTensor& want, double scale,
                    const std::string& what) {
  if (std::optional<std::string> m = mismatch(got, want, scale))
    ADD_FAILURE() << what << ": " << *m;
}

struct CaseRun {
  const OpCase& c;
  ScalarType dtype;
  uint64_t seed;

  void run_layout(Layout layout) const {
    std::optional<Tensors> made = make_inputs(c, dtype, layout, seed);
    if (!made) return;
    Tensors inputs = std::move(*made);
    SCOPED_TRACE(std::string("layout ") + name_of(layout));

    Refs refs;
    std::vector<ScalarType> tested;
    for (size_t k = 0; k < inputs.size(); ++k) {
      refs.push_back(to_ref(inputs[k]));
      if (!c.inputs[k].dtype) tested.push_back(inputs[k].scalar_type());
    }
    const std::vector<ScalarType> result_dtypes = c.result_dtypes(tested);
    const Refs expected = c.reference(refs, result_dtypes);
    // A sampling op draws from the default generator, seeded here so that a second call can be
    // compared with the first.
    const bool sampled = !expected.empty() && expected[0].support;

    // Functional: the results, and the inputs untouched.
    Tensors results;
    try {
      if (sampled) manual_seed(seed);
      results = c.call(inputs);
    } catch (const Error& e) {
      FAIL() << "functional call threw: " << e.what();
    }
    if (sampled) {
      manual_seed(seed);
      const Tensors again = c.call(inputs);
      for (size_t r = 0; r < results.size(); ++r)
        EXPECT_TRUE(same_values(to_ref(again[r]), to_ref(results[r])))
            << "result " << r << ": the same seed gave other values";
    }
    ASSERT_EQ(results.size(), expected.size());
    for (size_t r = 0; r < results.size(); ++r)
      expect_matches(results[r], expected[r], c.tolerance_scale,
                     std::string("result ").append(std::to_string(r)));
    for (size_t k = 0; k < inputs.size(); ++k)
      EXPECT_TRUE(same_values(to_ref(inputs[k]), refs[k]))
          << "the functional call changed input " << k;

    // Meta: the same geometry with no data.
    if (c.no_meta_reason == nullptr) {
      Tensors meta_inputs;
      for (const Tensor& t : inputs) meta_inputs.push_back(ref::to_meta(t));
      Tensors meta;
      const uint64_t offset = default_generator().get_offset();
      try {
        meta = c.call(meta_inputs);
      } catch (const Error& e) {
        FAIL() << "Meta call threw: " << e.what();
      }
      EXPECT_EQ(default_generator().get_offset(), offset) << "a Meta call drew numbers";
      ASSERT_EQ(meta.size(), results.size());
      for (size_t r = 0; r < meta.size(); ++r) ref::expect_same_geometry(meta[r], results[r]);
    }

    if (c.call_out) run_out(inputs, expected);
    if (c.call_inplace) run_inplace(inputs, refs, expected);
  }

  // out= twice: into empty tensors it resizes, and into tensors of the right shape laid out
  // transposed, whose strides it must keep.
  void run_out(const Tensors& inputs, const Refs& expected) const {
    for (bool preallocated : {false, true}) {
      SCOPED_TRACE(preallocated ? "out= preallocated, transposed" : "out= resized from empty");
      Tensors outs;
      for (const RefTensor& e : expected) {
        if (!preallocated) {
          outs.push_back(empty({0}, TensorOptions(e.dtype)));
          continue;
        }
        Shape rev(e.sizes.rbegin(), e.sizes.rend());
        std::vector<int64_t> dims(e.sizes.size());
        for (size_t d = 0; d < dims.size(); ++d)
          dims[d] = static_cast<int64_t>(dims.size() - 1 - d);
        outs.push_back(empty(rev, TensorOptions(e.dtype)).permute(dims));
      }
      std::vector<std::vector<int64_t>> strides_before;
      for (const Tensor& o : outs)
        strides_before.emplace_back(o.strides().begin(), o.strides().end());
      try {
        c.call_out(inputs, outs);
      } catch (const Error& e) {
        FAIL() << "out= call threw: " << e.what();
      }
      for (size_t r = 0; r < outs.size(); ++r) {
        expect_matches(outs[r], expected[r], c.tolerance_scale,
                       std::string("out ").append(std::to_string(r)));
        if (preallocated) {
          EXPECT_EQ(std::vector<int64_t>(outs[r].strides().begin(), outs[r].strides().end()),
                    strides_before[r])
              << "out= of the right shape was restrided";
        }
      }
    }
  }

  // In-place on inputs[0]: the reference's first result when it has self's dtype (or the case
  // converts it to self's) and shape and self has no internal overlap; otherwise an error that
  // leaves self as it was.
  void run_inplace(Tensors inputs, const Refs& refs, const Refs& expected) const {
    SCOPED_TRACE("in-place");
    Tensor self = inputs[0];
    RefTensor want = expected[0];
    if (c.inplace_keeps_self_dtype) {
      want.dtype = self.scalar_type();
      for (auto& v : want.values) v = round_to(want.dtype, v);
    }
    const bool valid = want.dtype == self.scalar_type() &&
                       want.sizes == Shape(self.sizes().begin(), self.sizes().end()) &&
                       (c.inplace_allows_overlap || !has_internal_overlap(self));
    try {
      c.call_inplace(inputs);
    } catch (const Error& e) {
      if (valid) ADD_FAILURE() << "in-place call threw: " << e.what();
      EXPECT_TRUE(same_values(to_ref(self), refs[0])) << "self changed by a call that threw";
      return;
    }
    if (!valid) {
      ADD_FAILURE() << "in-place call into self of dtype " << self.scalar_type() << " and shape "
                    << self.sizes() << " gave no error (result dtype " << want.dtype << ")";
      return;
    }
    expect_matches(self, want, c.tolerance_scale, "self");
  }
};

}  // namespace

void register_case_tests() {
  uint64_t seed = 1;
  for (const OpCase& c : all_cases()) {
    // Appended, not "..." + string: GCC 12 warns falsely (-Wrestrict) on the latter at -O3.
    std::string suite = "Manifest_";
    suite.append(case_name(c));
    for (ScalarType dtype : dtypes_run(c)) {
      const uint64_t s = seed++;
      ::testing::RegisterTest(suite.c_str(), toString(dtype), nullptr, nullptr, __FILE__, __LINE__,
                              [&c, dtype, s]() -> ::testing::Test* {
                                struct T : ::testing::Test {
                                  CaseRun run;
                                  explicit T(CaseRun r) : run(r) {}
                                  void TestBody() override {
                                    for (Layout l : kLayouts)
                                      if (runs_layout(run.c, l)) run.run_layout(l);
                                  }
                                };
                                return new T(CaseRun{c, dtype, s});
                              });
    }
  }
}

}  // namespace aten::optest
