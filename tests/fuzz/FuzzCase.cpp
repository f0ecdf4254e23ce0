// The differential fuzzer's decoding of an input for one case of the manifest suite
// (tests/ops/manifest/cases/): the bytes choose a dtype it runs, shapes (rank 0-4, sizes 0-5), a
// layout per input (a permutation, a stepped slice, an expand, composed), values (including NaN,
// ±Inf and -0 for floating inputs, the extremes for integral ones) and the out= / in-place calls;
// the results are compared with the case's reference. A mismatch, a crash, a sanitizer report,
// or an aten::Error on ordinary values aborts (a finding for libFuzzer).
//
// Decoding never fails: missing bytes read as 0, so every input, including the empty one, is a
// valid test.
#include "FuzzCase.h"

#include "ops/manifest/Compare.h"
#include "ops/manifest/Inputs.h"
#include "ops/manifest/OpCase.h"

#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/empty.h>
#include <aten/ops/full.h>
#include <aten/ops/t.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <numeric>
#include <random>
#include <sstream>
#include <string>

namespace aten::optest {
namespace {

class Bytes {
 public:
  Bytes(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  uint8_t next() { return pos_ < size_ ? data_[pos_++] : 0; }
  // A value in [0, n).
  size_t pick(size_t n) { return n <= 1 ? 0 : next() % n; }
  uint64_t next64() {
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v = (v << 8) | next();
    return v;
  }

 private:
  const uint8_t* data_;
  size_t size_, pos_ = 0;
};

// What one run did, printed when it fails so that the finding reads without a debugger. With
// ATEN_FUZZ_TRACE set, every run's is printed as it goes (the inputs before any call, so a crash
// shows them too).
struct Trace {
  std::ostringstream log;
  const bool tracing = std::getenv("ATEN_FUZZ_TRACE") != nullptr;
  void flush() {
    if (!tracing) return;
    std::fputs(log.str().c_str(), stderr);
    log.str("");
  }
  [[noreturn]] void fail(const std::string& what) {
    std::fprintf(stderr, "\n==== fuzz_ops finding ====\n%s%s\n", log.str().c_str(), what.c_str());
    std::abort();
  }
  ~Trace() { flush(); }
};

bool is_real_floating(ScalarType t) { return isFloatingType(t); }

// A special value for dtype t: NaN, ±Inf, ±0 and the smallest subnormal for floating types
// (finite extremes are left out: a sum of them overflows or not by summation order, which is
// not a bug); the limits, ±1 and 0 for integral ones.
double special_value(ScalarType t, uint8_t k) {
  if (is_real_floating(t)) {
    const double table[] = {std::numeric_limits<double>::quiet_NaN(),
                            std::numeric_limits<double>::infinity(),
                            -std::numeric_limits<double>::infinity(),
                            -0.0,
                            0.0,
                            static_cast<double>(std::numeric_limits<float>::denorm_min())};
    return table[k % std::size(table)];
  }
  double lo = 0, hi = 1;
  switch (t) {
    case ScalarType::Byte:
      lo = 0, hi = 255;
      break;
    case ScalarType::Char:
      lo = -128, hi = 127;
      break;
    case ScalarType::Short:
      lo = -32768, hi = 32767;
      break;
    // Int's limits are left out: the pointwise references and matmul's wrap their int64
    // results exactly, but the reductions' references (prod, cumprod) multiply in double
    // (RefTensor's values), exact below 2^53 only. 2^26 keeps a product of two there.
    case ScalarType::Int:
      lo = -67108864.0, hi = 67108864.0;
      break;
    // Long's limits do not fit a double exactly; ±2^53 and ±(2^62) do, and a product of two of
    // them wraps.
    case ScalarType::Long:
      lo = -4611686018427387904.0, hi = 4611686018427387904.0;
      break;
    default:
      return k & 1;
  }
  const double table[] = {lo, hi, -1, 1, 0, lo + 1, hi - 1};
  double v = table[k % std::size(table)];
  return std::clamp(v, lo, hi);
}

// Whether the op takes inputs of these shapes and dtypes: a call on Meta tensors runs the op's
// own shape checks with no data.
bool accepts(const OpCase& c, const std::vector<Shape>& shapes,
             const std::vector<ScalarType>& dtypes) {
  if (c.no_meta_reason != nullptr) return false;
  Tensors meta;
  for (size_t k = 0; k < shapes.size(); ++k)
    meta.push_back(empty(shapes[k], TensorOptions(dtypes[k]).device(kMeta)));
  try {
    c.call(meta);
    return true;
  } catch (const Error&) {
    return false;
  }
}

// The shape each input gets: input 0 the full shape (it is self for in-place and copy_), the
// others of a pointwise case a broadcastable version of it (leading dims dropped, dims of size
// 1); a non-pointwise case keeps each input's rank, with new sizes. Those shapes when the op
// accepts them (a non-pointwise op's inputs may have to agree: mm, cat, gather; masked_fill
// takes a 0-dim value only); otherwise, and when a non-pointwise case's values are tied to its
// shapes (an index below a dim's size), the case's own shapes.
std::vector<Shape> choose_shapes(const OpCase& c, const std::vector<ScalarType>& dtypes,
                                 Bytes& in) {
  std::vector<Shape> shapes;
  if (c.pointwise) {
    Shape full(in.pick(5));
    for (int64_t& s : full) s = static_cast<int64_t>(in.pick(6));
    for (size_t k = 0; k < c.inputs.size(); ++k) {
      if (k == 0) {
        shapes.push_back(full);
        continue;
      }
      Shape s(full.begin() + static_cast<ptrdiff_t>(in.pick(full.size() + 1)), full.end());
      for (int64_t& d : s)
        if (in.next() & 1) d = 1;
      shapes.push_back(s);
    }
  } else {
    for (const Input& input : c.inputs) {
      Shape s(input.shape.size());
      for (int64_t& d : s) d = static_cast<int64_t>(in.pick(6));
      shapes.push_back(s);
    }
  }
  const bool tied_values = !c.pointwise &&
                           std::any_of(c.inputs.begin(), c.inputs.end(),
                                       [](const Input& input) { return input.custom != nullptr; });
  if (tied_values || !accepts(c, shapes, dtypes)) {
    shapes.clear();
    for (const Input& input : c.inputs) shapes.push_back(input.shape);
  }
  return shapes;
}

// A tensor of shape s and dtype t laid out as the bytes say (any of: an expand of some dims, a
// stepped slice at an offset along one dim, a permutation of the dims), filled with values.
Tensor make_input(const Input& spec, const Shape& s, ScalarType t, bool specials_allowed, Bytes& in,
                  Trace& trace) {
  const int64_t rank = static_cast<int64_t>(s.size());
  const uint8_t mode = in.next();
  // Expand: the dims set to size 1 before expanding.
  Shape s1 = s;
  if ((mode & 4) && rank > 0 && !spec.distinct)
    for (int64_t& d : s1)
      if (in.next() & 1) d = 1;
  // Slice: dim d taken with step st from offset off of a wider tensor.
  Shape s2 = s1;
  int64_t sd = -1, step = 1, off = 0;
  if ((mode & 2) && rank > 0) {
    sd = static_cast<int64_t>(in.pick(rank));
    step = 1 + static_cast<int64_t>(in.pick(3));
    off = static_cast<int64_t>(in.pick(3));
    s2[sd] = off + s1[sd] * step;
  }
  // Permute: the base holds the dims in another order.
  std::vector<int64_t> perm(rank);
  std::iota(perm.begin(), perm.end(), 0);
  if ((mode & 1) && rank > 1)
    for (int64_t i = rank - 1; i > 0; --i) std::swap(perm[i], perm[in.pick(i + 1)]);
  Shape base_shape(rank);
  for (int64_t i = 0; i < rank; ++i) base_shape[perm[i]] = s2[i];

  Tensor base = empty(base_shape, TensorOptions(t));
  Tensor v = base.permute(perm);
  if (sd >= 0) v = v.slice(sd, off, off + s1[sd] * step, step);
  const Tensor filled_view = v;  // shape s1: every distinct element once
  if (s1 != s) v = v.expand(s);
  trace.log << "  input " << describe(s) << ' ' << t << ": base " << describe(base_shape)
            << " perm " << describe(perm)
            << (sd >= 0 ? " slice dim " + std::to_string(sd) + " step " + std::to_string(step) +
                              " offset " + std::to_string(off)
                        : std::string())
            << (s1 != s ? " expanded from " + describe(s1) : std::string()) << "\n    values";

  // Values: ordinary ones from the case's domain (a generator seeded by the bytes), with
  // specials mixed in at a rate the bytes choose.
  std::mt19937_64 rng(in.next64());
  const uint8_t special_rate = specials_allowed ? in.next() % 4
                                                : 0;  // 0: none, else 1 in 2^(4-rate)
  int64_t i = 0;
  for_each_index(s1, [&](const Shape& idx) {
    double re;
    if (spec.custom) {
      re = spec.custom(i);
    } else if (special_rate && (in.next() % (1u << (4 - special_rate))) == 0) {
      re = special_value(t, in.next());
    } else {
      re = draw_value(spec.values, t, rng);
    }
    const double im = isComplexType(t) && !spec.custom
                          ? draw_value(spec.values, ScalarType::Double, rng)
                          : 0.0;
    write_element(filled_view, idx, {re, im});
    if (i < 16) trace.log << ' ' << describe(std::complex<double>(re, im));
    ++i;
  });
  trace.log << (i > 16 ? " ...\n" : "\n");
  return v;
}

void check(Trace& trace, const char* what, const Tensor& got, const RefTensor& want, double scale) {
  if (std::optional<std::string> m = mismatch(got, want, scale))
    trace.fail(std::string(what) + ": " + *m);
}

}  // namespace

void fuzz_case(const OpCase& c, const uint8_t* data, size_t size) {
  Bytes in(data, size);
  const std::vector<ScalarType> dtypes = dtypes_run(c);
  if (dtypes.empty()) return;
  const ScalarType dtype = dtypes[in.pick(dtypes.size())];
  Trace trace;
  trace.log << "case " << case_name(c) << " (" << c.overloads[0] << "), dtype " << dtype << "\n";

  std::vector<ScalarType> tested, all_dtypes;
  for (const Input& input : c.inputs) {
    all_dtypes.push_back(dtype_of(input, dtype));
    if (!input.dtype) tested.push_back(dtype);
  }
  const std::vector<Shape> shapes = choose_shapes(c, all_dtypes, in);
  const std::vector<ScalarType> result_dtypes = c.result_dtypes(tested);
  // Special values where every conversion they go through is defined: NaN and Inf into a
  // floating (or Bool) result, integral extremes into an integral result (wrapping). Not Long
  // extremes into reductions: their references accumulate in double, exact below 2^53 only.
  auto result_all = [&](auto pred) {
    return std::all_of(result_dtypes.begin(), result_dtypes.end(), pred);
  };
  const bool float_results = result_all(
      [](ScalarType t) { return isFloatingType(t) || t == ScalarType::Bool; });
  const bool int_results = result_all([](ScalarType t) { return isIntegralType(t, false); });

  Tensors inputs;
  bool any_special = false;
  for (size_t k = 0; k < c.inputs.size(); ++k) {
    const ScalarType t = all_dtypes[k];
    const bool specials = !c.reference_ordinary_values_only &&
                          ((is_real_floating(t) && float_results) ||
                           (isIntegralType(t, false) && int_results &&
                            c.inputs[k].values == Values::any &&
                            (c.pointwise || t != ScalarType::Long)));
    any_special = any_special || specials;
    inputs.push_back(make_input(c.inputs[k], shapes[k], t, specials, in, trace));
  }
  trace.flush();
  Refs refs;
  for (const Tensor& t : inputs) refs.push_back(to_ref(t));
  const Refs expected = c.reference(refs, result_dtypes);

  // An aten::Error is a finding on ordinary values; with special ones it may be the op's answer
  // (an integer division by zero), and the call must then have changed nothing.
  auto rejected = [&](const char* call, const Error& e) {
    if (!any_special) trace.fail(std::string(call) + " threw on ordinary values: " + e.what());
  };

  const uint8_t calls = in.next();
  trace.log << "  calls: functional" << (calls & 1 && c.call_out ? ", out=" : "")
            << (calls & 2 && c.call_inplace ? ", in-place" : "") << "\n";
  try {
    const Tensors results = c.call(inputs);
    if (results.size() != expected.size()) trace.fail("wrong number of results");
    const Refs want = acceptable_results(c, results, expected);
    for (size_t r = 0; r < results.size(); ++r)
      check(trace, "functional result", results[r], want[r], c.tolerance_scale);
  } catch (const Error& e) {
    rejected("the functional call", e);
  }
  for (size_t k = 0; k < inputs.size(); ++k)
    if (!same_values(to_ref(inputs[k]), refs[k]))
      trace.fail("the functional call changed input " + std::to_string(k));

  if ((calls & 1) && c.call_out) {
    // Into empty tensors it resizes, or into tensors of the right shape with permuted strides.
    const bool preallocated = calls & 4;
    Tensors outs;
    for (const RefTensor& e : expected) {
      if (!preallocated) {
        outs.push_back(empty({0}, TensorOptions(e.dtype)));
        continue;
      }
      Shape rev(e.sizes.rbegin(), e.sizes.rend());
      std::vector<int64_t> dims(e.sizes.size());
      for (size_t d = 0; d < dims.size(); ++d) dims[d] = static_cast<int64_t>(dims.size() - 1 - d);
      outs.push_back(empty(rev, TensorOptions(e.dtype)).permute(dims));
    }
    try {
      c.call_out(inputs, outs);
      const Refs want = acceptable_results(c, outs, expected);
      for (size_t r = 0; r < outs.size(); ++r)
        check(trace, "out=", outs[r], want[r], c.tolerance_scale);
    } catch (const Error& e) {
      rejected("the out= call", e);
    }
  }

  if ((calls & 2) && c.call_inplace) {
    Tensor self = inputs[0];
    // Ops such as eq_ write their result in self's dtype (as the manifest runner checks).
    RefTensor want = expected[0];
    if (c.inplace_keeps_self_dtype) {
      want.dtype = self.scalar_type();
      for (auto& v : want.values) v = round_to(want.dtype, v);
    }
    const bool fits = want.dtype == self.scalar_type() &&
                      want.sizes == Shape(self.sizes().begin(), self.sizes().end());
    const bool overlap = !c.inplace_allows_overlap && has_internal_overlap(self);
    // An expanded self with no elements is written nowhere: an error or an empty result.
    const bool must_fail = !fits || (overlap && self.numel() > 0);
    try {
      c.call_inplace(inputs);
    } catch (const Error& e) {
      if (!must_fail && !overlap) rejected("the in-place call", e);
      if (!same_values(to_ref(self), refs[0]))
        trace.fail("self changed by an in-place call that threw");
      return;
    }
    if (must_fail)
      trace.fail("the in-place call into a self that cannot hold the result gave no error");
    check(trace, "in-place self", self, want, c.tolerance_scale);
  }
}

}  // namespace aten::optest
