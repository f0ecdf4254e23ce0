// The cases of aten/native/Moments.cpp's ops: var, std, var_mean, std_mean (unbiased, biased
// and with a correction), over the reduction dim lists (ReductionCases.h).
#include "../ReductionCases.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/std.h>
#include <aten/ops/std_mean.h>
#include <aten/ops/var.h>
#include <aten/ops/var_mean.h>

namespace aten::optest {

namespace {

// The mean var_mean and std_mean return: Welford's running mean, as ATen's. Once an infinity
// meets another value, the running mean is inf - inf = NaN in most orders (libtorch 1.13.1:
// [inf, 1] gives NaN, [1, inf] gives inf: the answer depends on the reduction's order, which
// the reference does not model); the reference takes NaN, the answer of the kernel's order.
std::complex<double> welford_mean(const Values1d& v) {
  const bool has_inf = std::any_of(
      v.begin(), v.end(), [](auto x) { return std::isinf(x.real()) || std::isinf(x.imag()); });
  if (has_inf && v.size() > 1) return {std::nan(""), 0};
  return average(v);
}
// ... and where the reference says NaN for that reason, the op's infinity is accepted too (the
// mean is result 1).
Refs accept_infinite_means(const Tensors& results, Refs expected) {
  if (results.size() < 2 || expected.size() < 2) return expected;
  const RefTensor got = to_ref(results[1]);
  for (size_t i = 0; i < got.values.size() && i < expected[1].values.size(); ++i)
    if (std::isnan(expected[1].values[i].real()) && std::isinf(got.values[i].real()))
      expected[1].values[i] = got.values[i];
  return expected;
}
// Sum of squared deviations over max(0, n - correction); two passes in double.
double variance(const Values1d& v, int64_t correction) {
  const std::complex<double> m = average(v);
  double m2 = 0;
  for (auto x : v) m2 += std::norm(x - m);
  return m2 /
         static_cast<double>(std::max<int64_t>(0, static_cast<int64_t>(v.size()) - correction));
}

std::vector<ScalarType> real_and_same(std::span<const ScalarType> t) {
  return {real_of(t)[0], t[0]};
}

void moment_cases(std::vector<OpCase>& cases) {
  for (bool take_sqrt : {false, true}) {
    auto spread = [take_sqrt](int64_t correction) -> Reducer {
      return [take_sqrt, correction](const Values1d& v) {
        const double var = variance(v, correction);
        return Values1d{take_sqrt ? std::sqrt(var) : var};
      };
    };
    const std::string op = take_sqrt ? "std" : "var";
    OpCase whole = reduction_case({op, op + ".out"}, {std::nullopt, false}, true, real_of,
                                  spread(1));
    whole.call = [take_sqrt](const Tensors& in) {
      return Tensors{take_sqrt ? std(in[0]) : var(in[0])};
    };
    whole.call_out = [take_sqrt](const Tensors& in, Tensors& out) {
      // var.out with unbiased=True over every dim
      if (take_sqrt) std_out(out[0], in[0], std::nullopt);
      else var_out(out[0], in[0], std::nullopt);
    };
    cases.push_back(whole);
    OpCase biased = reduction_case({op + ".dim", op + ".out"}, {std::vector<int64_t>{0, 2}, true},
                                   true, real_of, spread(0));
    biased.call = [take_sqrt](const Tensors& in) {
      return Tensors{take_sqrt ? std(in[0], IntArrayRef{0, 2}, false, true)
                               : var(in[0], IntArrayRef{0, 2}, false, true)};
    };
    biased.call_out = [take_sqrt](const Tensors& in, Tensors& out) {
      if (take_sqrt) std_out(out[0], in[0], IntArrayRef{0, 2}, false, true);
      else var_out(out[0], in[0], IntArrayRef{0, 2}, false, true);
    };
    cases.push_back(biased);
    // correction: None (1), 0, 2, over the dim lists.
    const std::optional<int64_t> corrections[] = {std::nullopt, 0, 2};
    int k = 0;
    for (const DimCase& dc : kDimLists) {
      const std::optional<int64_t> corr = corrections[k++ % 3];
      OpCase c = reduction_case({op + ".correction", op + ".correction_out"}, dc, true, real_of,
                                spread(corr.value_or(1)));
      c.call = [take_sqrt, dc, corr](const Tensors& in) {
        return Tensors{take_sqrt ? std(in[0], opt_dims(dc.dims), corr, dc.keepdim)
                                 : var(in[0], opt_dims(dc.dims), corr, dc.keepdim)};
      };
      c.call_out = [take_sqrt, dc, corr](const Tensors& in, Tensors& out) {
        if (take_sqrt) std_out(out[0], in[0], opt_dims(dc.dims), corr, dc.keepdim);
        else var_out(out[0], in[0], opt_dims(dc.dims), corr, dc.keepdim);
      };
      cases.push_back(c);
    }

    // var_mean / std_mean
    const std::string opm = op + "_mean";
    auto spread_mean = [take_sqrt](int64_t correction) -> Reducer {
      return [take_sqrt, correction](const Values1d& v) {
        const double var = variance(v, correction);
        return Values1d{take_sqrt ? std::sqrt(var) : var, welford_mean(v)};
      };
    };
    OpCase wm = reduction_case({opm}, {std::nullopt, false}, true, real_and_same, spread_mean(1));
    wm.call = [take_sqrt](const Tensors& in) {
      auto [a, b] = take_sqrt ? std_mean(in[0]) : var_mean(in[0]);
      return Tensors{a, b};
    };
    wm.accept_order_dependent = accept_infinite_means;
    cases.push_back(wm);
    OpCase dm = reduction_case({opm + ".dim"}, {std::vector<int64_t>{1}, false}, true,
                               real_and_same, spread_mean(0));
    dm.call = [take_sqrt](const Tensors& in) {
      auto [a, b] = take_sqrt ? std_mean(in[0], IntArrayRef{1}, false)
                              : var_mean(in[0], IntArrayRef{1}, false);
      return Tensors{a, b};
    };
    dm.accept_order_dependent = accept_infinite_means;
    cases.push_back(dm);
    k = 0;
    for (const DimCase& dc : kDimLists) {
      const std::optional<int64_t> corr = corrections[k++ % 3];
      OpCase c = reduction_case({opm + ".correction", opm + ".correction_out"}, dc, true,
                                real_and_same, spread_mean(corr.value_or(1)));
      c.call = [take_sqrt, dc, corr](const Tensors& in) {
        auto [a, b] = take_sqrt ? std_mean(in[0], opt_dims(dc.dims), corr, dc.keepdim)
                                : var_mean(in[0], opt_dims(dc.dims), corr, dc.keepdim);
        return Tensors{a, b};
      };
      c.call_out = [take_sqrt, dc, corr](const Tensors& in, Tensors& out) {
        if (take_sqrt) std_mean_out(out[0], out[1], in[0], opt_dims(dc.dims), corr, dc.keepdim);
        else var_mean_out(out[0], out[1], in[0], opt_dims(dc.dims), corr, dc.keepdim);
      };
      c.accept_order_dependent = accept_infinite_means;
      cases.push_back(c);
    }
  }
}

}  // namespace

ATEN_OP_CASES(moments) {
  std::vector<OpCase> cases;
  moment_cases(cases);
  return cases;
}

}  // namespace aten::optest
