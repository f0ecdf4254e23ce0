// Bad input for every case of the manifest suite, by category: each gets an aten::Error naming
// the op and what is wrong with the offending argument, and changes nothing — the out= tensors
// and in-place self keep every byte and their geometry (the strong guarantee), and the inputs
// keep their values. Or, where ATen defines an answer (special values, out= the input itself),
// the correct result. Each test prints how many inputs it tried.
#include "Probe.h"

#include "ops/manifest/Inputs.h"

#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/empty.h>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace aten::optest {
namespace {

struct Prepared {
  Tensors inputs;
  Refs refs;
  std::vector<ScalarType> result_dtypes;
};

Prepared prepare(const OpCase& c, ScalarType dtype, Layout layout = Layout::contiguous) {
  Prepared p;
  p.inputs = *make_inputs(c, dtype, layout, 11);
  std::vector<ScalarType> tested;
  for (size_t k = 0; k < p.inputs.size(); ++k) {
    p.refs.push_back(to_ref(p.inputs[k]));
    if (!c.inputs[k].dtype) tested.push_back(dtype);
  }
  p.result_dtypes = c.result_dtypes(tested);
  return p;
}

std::string where(const OpCase& c, ScalarType dtype) {
  return case_name(c) + " " + toString(dtype);
}

void expect_inputs_unchanged(const Prepared& p, const std::string& what) {
  for (size_t k = 0; k < p.inputs.size(); ++k)
    EXPECT_TRUE(same_values(to_ref(p.inputs[k]), p.refs[k]))
        << what << ": input " << k << " changed";
}

// Contiguous outs of the results' shape (from a functional call) holding a byte pattern.
Tensors sentinel_outs(const Tensors& results, const std::vector<ScalarType>& dtypes) {
  Tensors outs;
  for (size_t r = 0; r < results.size(); ++r) {
    Tensor o = empty(results[r].sizes(), TensorOptions(dtypes[r]));
    if (o.nbytes() > 0) std::memset(o.data_ptr(), 0x5A, static_cast<size_t>(o.nbytes()));
    outs.push_back(o);
  }
  return outs;
}

// A dtype the result cannot be cast into (ATen's can_cast): Long for a floating result, Double
// for a complex one, Bool for an integral one; none for Bool.
std::optional<ScalarType> unsafe_out_dtype(ScalarType result) {
  if (isComplexType(result)) return ScalarType::Double;
  if (isFloatingType(result)) return ScalarType::Long;
  if (result != ScalarType::Bool) return ScalarType::Bool;
  return std::nullopt;
}

// out= into a dtype the result cannot be cast to: an error naming both dtypes. Pointwise ops
// only: a reduction computes in its out='s dtype, as in ATen (sum(int_tensor, 0, out=bool_out)
// sums in Bool), so no out= dtype is wrong for it.
TEST(BadInput, UnsafeCastIntoOut) {
  int tried = 0;
  for (const OpCase& c : all_cases()) {
    if (!c.call_out || !c.pointwise) continue;
    for (ScalarType dtype : dtypes_run(c)) {
      Prepared p = prepare(c, dtype);
      std::optional<ScalarType> bad = unsafe_out_dtype(p.result_dtypes[0]);
      if (!bad) continue;
      std::vector<ScalarType> out_dtypes = p.result_dtypes;
      out_dtypes[0] = *bad;
      Tensors outs = sentinel_outs(c.call(p.inputs), out_dtypes);
      const Snapshot before(outs[0]);
      const std::string w = where(c, dtype) + " out= of dtype " + toString(*bad);
      if (expect_error([&] { c.call_out(p.inputs, outs); },
                       {op_name(c), toString(p.result_dtypes[0]), toString(*bad)}, w)) {
        EXPECT_TRUE(Snapshot(outs[0]) == before) << w << ": out changed by a call that threw";
      }
      expect_inputs_unchanged(p, w);
      ++tried;
    }
  }
  report_count("unsafe cast into out=", tried);
  EXPECT_GT(tried, 0);
}

// Inputs whose shapes do not broadcast (pointwise ops of several tensors): functional, out= and
// in-place all fail naming both shapes.
TEST(BadInput, MismatchedShapes) {
  int tried = 0;
  for (const OpCase& c : all_cases()) {
    if (!c.pointwise || c.inputs.size() < 2) continue;
    OpCase m = c;
    m.inputs[1].shape = {4, kShape.back()};  // dim 0: 6 against 4
    for (ScalarType dtype : dtypes_run(c)) {
      Prepared p = prepare(m, dtype);
      const std::vector<std::string> names = {op_name(c), shape_text(p.inputs[0]),
                                              shape_text(p.inputs[1])};
      const std::string w = where(c, dtype) + " shapes " + names[1] + " and " + names[2];
      expect_error([&] { c.call(p.inputs); }, names, w + " (functional)");
      ++tried;
      if (c.call_out) {
        Tensor like = empty(p.inputs[0].sizes(), TensorOptions(p.result_dtypes[0]));
        Tensors outs = sentinel_outs({like}, p.result_dtypes);
        const Snapshot before(outs[0]);
        if (expect_error([&] { c.call_out(p.inputs, outs); }, names, w + " (out=)")) {
          EXPECT_TRUE(Snapshot(outs[0]) == before) << w << ": out changed by a call that threw";
        }
        ++tried;
      }
      if (c.call_inplace) {
        Tensors in = p.inputs;
        const Snapshot before(in[0]);
        if (expect_error([&] { c.call_inplace(in); }, names, w + " (in-place)")) {
          EXPECT_TRUE(Snapshot(in[0]) == before) << w << ": self changed by a call that threw";
        }
        ++tried;
      }
      expect_inputs_unchanged(p, w);
    }
  }
  report_count("mismatched shapes", tried);
  EXPECT_GT(tried, 0);
}

// out= whose memory partially overlaps an input (shifted by one element): an error, and
// neither changes. out= the input itself (full overlap) is allowed, as in ATen: the result.
TEST(BadInput, OutOverlappingAnInput) {
  int tried = 0;
  for (const OpCase& c : all_cases()) {
    if (!c.call_out || !c.pointwise) continue;
    for (ScalarType dtype : dtypes_run(c)) {
      Prepared p = prepare(c, dtype);
      if (p.result_dtypes.size() != 1 || p.result_dtypes[0] != p.inputs[0].scalar_type() ||
          c.inputs[0].dtype)
        continue;
      // Only a result of input 0's shape can be written over it (masked_select broadcasts its
      // inputs but selects from them).
      const Refs expected = c.reference(p.refs, p.result_dtypes);
      if (expected[0].sizes != Shape(p.inputs[0].sizes().begin(), p.inputs[0].sizes().end()))
        continue;
      const Tensor self = p.inputs[0];
      const int64_t n = self.numel();
      Tensor storage = empty({n + 1}, TensorOptions(self.scalar_type()));
      Tensor in0 = storage.slice(0, 0, n).view(self.sizes());
      in0.copy_(self);
      Tensors inputs = p.inputs;
      inputs[0] = in0;
      Tensors outs = {storage.slice(0, 1, n + 1).view(self.sizes())};
      const Snapshot before(storage);
      const std::string w = where(c, dtype) + " out= overlapping input 0";
      if (expect_error([&] { c.call_out(inputs, outs); }, {op_name(c), "single memory location"},
                       w)) {
        EXPECT_TRUE(Snapshot(storage) == before) << w << ": memory changed by a call that threw";
      }
      ++tried;

      // Full overlap: out= is input 0.
      Tensors same = p.inputs;
      Tensor own = p.inputs[0].clone();
      same[0] = own;
      Tensors into = {own};
      try {
        c.call_out(same, into);
        if (auto m = mismatch(own, expected[0], c.tolerance_scale))
          ADD_FAILURE() << where(c, dtype) << " out= input 0: " << *m;
      } catch (const Error& e) {
        ADD_FAILURE() << where(c, dtype) << " out= input 0 threw: " << e.what();
      }
      ++tried;
    }
  }
  report_count("out= overlapping an input", tried);
  EXPECT_GT(tried, 0);
}

// out= with internal overlap (an expand): an error naming the op, out unchanged.
TEST(BadInput, OutWithInternalOverlap) {
  int tried = 0;
  for (const OpCase& c : all_cases()) {
    if (!c.call_out) continue;
    for (ScalarType dtype : dtypes_run(c)) {
      Prepared p = prepare(c, dtype);
      const Tensors results = c.call(p.inputs);
      if (results[0].dim() == 0 || results[0].sizes()[0] < 2) continue;
      Tensors outs = sentinel_outs(results, p.result_dtypes);
      std::vector<int64_t> one(results[0].sizes().begin(), results[0].sizes().end());
      one[0] = 1;
      Tensor narrow_base = empty(one, TensorOptions(p.result_dtypes[0]));
      if (narrow_base.nbytes() > 0)
        std::memset(narrow_base.data_ptr(), 0x5A, static_cast<size_t>(narrow_base.nbytes()));
      outs[0] = narrow_base.expand(results[0].sizes());
      const Snapshot before(narrow_base);
      const std::string w = where(c, dtype) + " out= an expand";
      if (expect_error([&] { c.call_out(p.inputs, outs); }, {op_name(c), "single memory location"},
                       w)) {
        EXPECT_TRUE(Snapshot(narrow_base) == before) << w << ": out changed by a call that threw";
      }
      ++tried;
    }
  }
  report_count("out= with internal overlap", tried);
  EXPECT_GT(tried, 0);
}

// In-place on an expanded self: an error (ops that write one value everywhere excepted),
// self unchanged.
TEST(BadInput, InplaceOnExpanded) {
  int tried = 0;
  for (const OpCase& c : all_cases()) {
    if (!c.call_inplace || c.inplace_allows_overlap) continue;
    for (ScalarType dtype : dtypes_run(c)) {
      Prepared p = prepare(c, dtype);
      Tensor self = p.inputs[0];
      // Only a self of the result's shape: any other (addmm_'s bias) fails its shape check first.
      if (self.dim() == 0 || c.call(p.inputs)[0].sizes() != self.sizes()) continue;
      // Only calls that are valid on a self of their own: a result self cannot hold (clamp_ of
      // an Int self with a float bound, abs_ of a complex self) is its own error, tried below.
      Tensors plain = p.inputs;
      plain[0] = self.clone();
      try {
        c.call_inplace(plain);
      } catch (const Error&) {
        continue;
      }
      Tensor base = self.slice(0, 0, 1).clone();
      Tensors in = p.inputs;
      in[0] = base.expand(self.sizes());
      const Snapshot before(base);
      const std::string w = where(c, dtype) + " in-place on an expand";
      if (expect_error([&] { c.call_inplace(in); }, {op_name(c), "single memory location"}, w)) {
        EXPECT_TRUE(Snapshot(base) == before) << w << ": self changed by a call that threw";
      }
      ++tried;
    }
  }
  report_count("in-place on an expanded tensor", tried);
  EXPECT_GT(tried, 0);
}

// In-place where the result does not fit self: a result dtype self cannot hold (an integral
// self of an op with a floating result), or a self smaller than the broadcast shape.
TEST(BadInput, InplaceResultDoesNotFitSelf) {
  int tried = 0;
  for (const OpCase& c : all_cases()) {
    if (!c.call_inplace) continue;
    for (ScalarType dtype : dtypes_run(c)) {
      Prepared p = prepare(c, dtype);
      // Ops such as eq_ write their result in self's dtype: any self holds it.
      if (!c.inplace_keeps_self_dtype && p.result_dtypes[0] != p.inputs[0].scalar_type()) {
        Tensors in = p.inputs;
        const Snapshot before(in[0]);
        const std::string w = where(c, dtype) + " in-place with a " + toString(p.result_dtypes[0]) +
                              " result";
        if (expect_error([&] { c.call_inplace(in); },
                         {op_name(c), toString(p.result_dtypes[0]), toString(dtype)}, w)) {
          EXPECT_TRUE(Snapshot(in[0]) == before) << w << ": self changed by a call that threw";
        }
        ++tried;
      }
      if (c.pointwise && c.inputs.size() >= 2) {
        OpCase m = c;
        m.inputs[0].shape = {1, kShape.back()};  // self [1, 35], the other [6, 35]
        Prepared q = prepare(m, dtype);
        Tensors in = q.inputs;
        const Snapshot before(in[0]);
        const std::string w = where(c, dtype) + " in-place into a self smaller than the result";
        if (expect_error([&] { c.call_inplace(in); }, {op_name(c), shape_text(in[0])}, w)) {
          EXPECT_TRUE(Snapshot(in[0]) == before) << w << ": self changed by a call that threw";
        }
        ++tried;
      }
    }
  }
  report_count("in-place result that does not fit self", tried);
  EXPECT_GT(tried, 0);
}

// NaN, ±Inf, ±0 and subnormals in every floating input of every op with a floating (or Bool)
// result: the reference's answer, which follows IEEE 754 as ATen does.
TEST(BadInput, SpecialValuesInFloatingOps) {
  const double specials[] = {std::numeric_limits<double>::quiet_NaN(),
                             std::numeric_limits<double>::infinity(),
                             -std::numeric_limits<double>::infinity(),
                             -0.0,
                             0.0,
                             1.0,
                             -1.5,
                             std::numeric_limits<float>::denorm_min()};
  int tried = 0;
  for (const OpCase& c : all_cases()) {
    if (c.reference_ordinary_values_only) continue;
    for (ScalarType dtype : dtypes_run(c)) {
      if (!isFloatingType(dtype)) continue;
      OpCase m = c;
      for (size_t k = 0; k < m.inputs.size(); ++k) {
        if (m.inputs[k].dtype && !isFloatingType(*m.inputs[k].dtype)) continue;
        m.inputs[k].custom = [&specials, k](int64_t i) {
          return specials[(i * (k + 1) + k) % std::size(specials)];
        };
      }
      Prepared p = prepare(m, dtype);
      bool defined = true;
      for (ScalarType r : p.result_dtypes)
        defined = defined && (isFloatingType(r) || r == ScalarType::Bool);
      if (!defined) continue;  // NaN into an integer is undefined behaviour in C++ and ATen
      const Refs expected = m.reference(p.refs, p.result_dtypes);
      const std::string w = where(c, dtype) + " NaN/Inf/-0 inputs";
      try {
        const Tensors results = m.call(p.inputs);
        const Refs want = acceptable_results(c, results, expected);
        for (size_t r = 0; r < results.size(); ++r)
          if (auto mm = mismatch(results[r], want[r], m.tolerance_scale))
            ADD_FAILURE() << w << ": " << *mm;
        if (m.call_out) {
          Tensors outs = sentinel_outs(results, p.result_dtypes);
          m.call_out(p.inputs, outs);
          const Refs want_out = acceptable_results(c, outs, expected);
          for (size_t r = 0; r < outs.size(); ++r)
            if (auto mm = mismatch(outs[r], want_out[r], m.tolerance_scale))
              ADD_FAILURE() << w << " out=: " << *mm;
        }
      } catch (const Error& e) {
        ADD_FAILURE() << w << ": threw " << e.what();
      }
      ++tried;
    }
  }
  report_count("NaN/Inf in floating ops", tried);
  EXPECT_GT(tried, 0);
}

// Views whose base tensor is gone keep the storage alive: every case on inputs that are slices,
// transposes and expands of tensors no longer referenced (ASan reports a use after free).
TEST(BadInput, ViewsOutliveTheirBase) {
  int tried = 0;
  for (const OpCase& c : all_cases()) {
    for (ScalarType dtype : dtypes_run(c)) {
      for (Layout layout : {Layout::transposed, Layout::sliced, Layout::broadcast}) {
        if (!runs_layout(c, layout)) continue;
        std::optional<Tensors> made = make_inputs(c, dtype, layout, 5);  // its bases are released
        if (!made) continue;
        Refs refs;
        std::vector<ScalarType> tested;
        for (size_t k = 0; k < made->size(); ++k) {
          refs.push_back(to_ref((*made)[k]));
          if (!c.inputs[k].dtype) tested.push_back(dtype);
        }
        const std::vector<ScalarType> rd = c.result_dtypes(tested);
        const Refs expected = c.reference(refs, rd);
        const Tensors results = c.call(*made);
        made.reset();  // the results (possibly views of the inputs) are all that is left
        for (size_t r = 0; r < results.size(); ++r)
          if (auto m = mismatch(results[r], expected[r], c.tolerance_scale))
            ADD_FAILURE() << where(c, dtype) << ' ' << name_of(layout) << ": " << *m;
        ++tried;
      }
    }
  }
  report_count("views outliving their base", tried);
  EXPECT_GT(tried, 0);
}

}  // namespace
}  // namespace aten::optest
