// eq ne lt le gt ge (Tensor and Scalar; Bool results, self's dtype in place), isnan / isinf /
// isfinite, isclose, and the whole-tensor answers allclose and equal (a C++ bool, checked here
// as a 0-dim Bool tensor).
#include "../OpCase.h"

#include <aten/TensorOperators.h>
#include <aten/core/ScalarOps.h>
#include <aten/core/Tensor.h>
#include <aten/ops/allclose.h>
#include <aten/ops/eq.h>
#include <aten/ops/equal.h>
#include <aten/ops/ge.h>
#include <aten/ops/gt.h>
#include <aten/ops/isclose.h>
#include <aten/ops/isfinite.h>
#include <aten/ops/isinf.h>
#include <aten/ops/isnan.h>
#include <aten/ops/le.h>
#include <aten/ops/lt.h>
#include <aten/ops/ne.h>
#include <aten/ops/t.h>

#include <cmath>
#include <complex>

namespace aten::optest {

namespace {

template <typename T>
bool finite(T x) {
  if constexpr (std::is_same_v<T, std::complex<double>>) {
    return std::isfinite(x.real()) && std::isfinite(x.imag());
  } else {
    return std::isfinite(static_cast<double>(x));
  }
}

// Integers as double, the others as they are.
template <typename T>
auto widened(T x) {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<double>(x);
  } else {
    return x;
  }
}

template <typename T>
bool infinite(T x) {
  if constexpr (std::is_same_v<T, std::complex<double>>) {
    return std::isinf(x.real()) || std::isinf(x.imag());
  } else {
    return std::isinf(static_cast<double>(x));
  }
}

// isclose as its documentation states it, in the reference's domain; for Half and BFloat16 as
// ATen's composite of tensor ops computes it, each step rounded to the dtype (the tolerances,
// |rtol * other|, atol + that, |self - other|).
template <typename T>
bool close_ref(T x, T y, double rtol, double atol, ScalarType dtype) {
  if (x == y) return true;
  const bool reduced = dtype == ScalarType::Half || dtype == ScalarType::BFloat16;
  const auto r = [&](double v) { return reduced ? round_to(dtype, v).real() : v; };
  const double diff = r(std::abs(x - y));
  return finite(diff) && diff <= r(r(atol) + r(r(rtol) * std::abs(y)));
}

// Tolerances that are exact binary fractions, so that float and double agree at the boundary.
constexpr double kRtol = 0.125, kAtol = 0.25;

Tensors as_tensor(bool b) { return {::aten::detail::scalar_to_tensor(Scalar(b))}; }

// A 0-dim Bool: f holds for every broadcast element pair of in[0] and in[1].
template <typename F>
Refs all_of(const Refs& in, F f) {
  RefTensor out = filled({}, ScalarType::Bool, 1);
  const Shape shape = broadcast_shapes({in[0].sizes, in[1].sizes});
  const Domain domain = compute_domain(std::vector<ScalarType>{in[0].dtype, in[1].dtype},
                                       ScalarType::Bool);
  for_each_index(shape, [&](const Shape& idx) {
    std::vector<std::complex<double>> args = {read_broadcast(in[0], idx),
                                              read_broadcast(in[1], idx)};
    if (apply_in_domain(f, domain, args, ScalarType::Bool).real() == 0) out.values[0] = 0;
  });
  return {out};
}

}  // namespace

#define ATEN_COMPARE_CASES(op, expr, arg)                                                     \
  {                                                                                           \
    OpCase t = binary_case(                                                                   \
        {#op ".Tensor", #op ".Tensor_out", #op "_.Tensor"}, ATEN_OPTEST_BINARY_CALLS(op),     \
        pointwise([](arg x, arg y) { return expr; }), Values::small, Values::small, boolean); \
    t.inplace_keeps_self_dtype = true;                                                        \
    cases.push_back(t);                                                                       \
    for (double s : {0.0, 0.5}) {                                                             \
      OpCase c = unary_case(                                                                  \
          {#op ".Scalar", #op ".Scalar_out", #op "_.Scalar"},                                 \
          [=](const Tensors& in) { return Tensors{op(in[0], s)}; },                           \
          [=](const Tensors& in, Tensors& out) { op##_out(out[0], in[0], s); },               \
          [=](Tensors& in) { in[0].op##_(s); }, pointwise([=](arg x0) {                       \
            const auto x = widened(x0); /* 0.5 makes integers compare in Float */             \
            const decltype(x) y = s;                                                          \
            return expr;                                                                      \
          }),                                                                                 \
          Values::small, boolean);                                                            \
      c.inplace_keeps_self_dtype = true;                                                      \
      cases.push_back(c);                                                                     \
    }                                                                                         \
  }

ATEN_OP_CASES(comparison) {
  std::vector<OpCase> cases;
  // Values::small: equal pairs occur (integers in [-3, 3], floats on a half grid a quarter of
  // the time). Against 0.5, an integer tensor is compared in Float.
  ATEN_COMPARE_CASES(eq, x == y, auto)
  ATEN_COMPARE_CASES(ne, x != y, auto)
  ATEN_COMPARE_CASES(lt, x < y, Real auto)
  ATEN_COMPARE_CASES(le, x <= y, Real auto)
  ATEN_COMPARE_CASES(gt, x > y, Real auto)
  ATEN_COMPARE_CASES(ge, x >= y, Real auto)

  cases.push_back(unary_case(
      {"isnan"}, [](const Tensors& in) { return Tensors{isnan(in[0])}; }, nullptr, nullptr,
      pointwise([](auto x) { return x != x; }), Values::any, boolean));
  cases.push_back(unary_case(
      {"isinf"}, [](const Tensors& in) { return Tensors{isinf(in[0])}; }, nullptr, nullptr,
      pointwise([](auto x) { return infinite(x); }), Values::any, boolean));
  cases.push_back(unary_case(
      {"isfinite"}, [](const Tensors& in) { return Tensors{isfinite(in[0])}; }, nullptr, nullptr,
      pointwise([](auto x) { return finite(x); }), Values::any, boolean));

  cases.push_back(binary_case(
      {"isclose"}, [](const Tensors& in) { return Tensors{isclose(in[0], in[1], kRtol, kAtol)}; },
      nullptr, nullptr,
      [](const Refs& in, std::span<const ScalarType> result_dtypes) {
        const ScalarType dtype = in[0].dtype;
        return pointwise([dtype](auto x, auto y) { return close_ref(x, y, kRtol, kAtol, dtype); })(
            in, result_dtypes);
      },
      Values::small, Values::small, boolean));

  // allclose: random pairs (rarely all close) and a pair with the same values (always).
  auto allclose_case = [](bool same) {
    OpCase c = binary_case(
        {"allclose"},
        [](const Tensors& in) { return as_tensor(allclose(in[0], in[1], kRtol, kAtol)); }, nullptr,
        nullptr,
        [](const Refs& in, std::span<const ScalarType>) {
          const ScalarType dtype = in[0].dtype;
          return all_of(in,
                        [dtype](auto x, auto y) { return close_ref(x, y, kRtol, kAtol, dtype); });
        },
        Values::small, Values::small, boolean);
    if (same) {
      for (Input& input : c.inputs)
        input.custom = [](int64_t i) { return static_cast<double>(i % 5) - 2; };
    }
    c.no_meta_reason = "the result is a C++ bool read from the data";
    return c;
  };
  cases.push_back(allclose_case(false));
  cases.push_back(allclose_case(true));

  // equal: the same values (true), and one element different (false); same shapes only.
  auto equal_case = [](bool same) {
    OpCase c = binary_case(
        {"equal"}, [](const Tensors& in) { return as_tensor(equal(in[0], in[1])); }, nullptr,
        nullptr,
        [](const Refs& in, std::span<const ScalarType>) {
          if (in[0].sizes != in[1].sizes) return Refs{filled({}, ScalarType::Bool, 0)};
          return all_of(in, [](auto x, auto y) { return x == y; });
        },
        Values::any, Values::any, boolean);
    c.pointwise = false;  // no broadcasting: a broadcast layout expands both inputs alike
    c.inputs[0].custom = [](int64_t i) { return static_cast<double>(i % 3); };
    c.inputs[1].custom = [same](int64_t i) {
      return static_cast<double>(i % 3) + (!same && i == 4 ? 1 : 0);
    };
    c.no_meta_reason = "the result is a C++ bool read from the data";
    return c;
  };
  cases.push_back(equal_case(true));
  cases.push_back(equal_case(false));
  return cases;
}

#undef ATEN_COMPARE_CASES

}  // namespace aten::optest
