// The ops of aten/native/ReduceOps.cpp: sum, nansum, mean, prod, all, any. First sum on its own:
// every dim subset of a 4-d tensor, keepdim or not, every declared dtype, layouts, out=, Meta,
// errors; results bit-identical for any thread count; accurate float sums. Then what the manifest
// suite cannot express: NaN propagation, empty reductions, bit-identical results at 1 and 2
// threads (of every reduction and scan, the other files' too), accuracy, mean computed as ATen's,
// result dtypes, and the errors.
#include <aten/Factories.h>
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/all.h>
#include <aten/ops/amax.h>
#include <aten/ops/amin.h>
#include <aten/ops/any.h>
#include <aten/ops/argmax.h>
#include <aten/ops/argmin.h>
#include <aten/ops/cumprod.h>
#include <aten/ops/cumsum.h>
#include <aten/ops/empty.h>
#include <aten/ops/logsumexp.h>
#include <aten/ops/max.h>
#include <aten/ops/mean.h>
#include <aten/ops/min.h>
#include <aten/ops/mv.h>
#include <aten/ops/nansum.h>
#include <aten/ops/norm.h>
#include <aten/ops/ones.h>
#include <aten/ops/prod.h>
#include <aten/ops/std.h>
#include <aten/ops/std_mean.h>
#include <aten/ops/sum.h>
#include <aten/ops/t.h>
#include <aten/ops/var.h>
#include <aten/ops/var_mean.h>
#include <aten/ops/view_as_real.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using aten::ref::expect_error;
using aten::ref::make;
using aten::ref::restride;
using ref::at, ref::kInf, ref::kNaN, ref::ThreadCount;

// ---- sum ----------------------------------------------------------------------------------------

namespace {

// The reference: a double sum over the dims in mask, laid out like sum(self, dims, keepdim).
void expect_sum(const Tensor& result, const Tensor& self, const std::vector<int64_t>& dims,
                bool keepdim) {
  std::vector<bool> reduced(self.dim(), dims.empty());
  for (int64_t d : dims) reduced[d < 0 ? d + self.dim() : d] = true;
  std::vector<int64_t> shape;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (!reduced[d]) shape.push_back(self.sizes()[d]);
    else if (keepdim) shape.push_back(1);
  ASSERT_EQ(result.sizes(), IntArrayRef(shape));
  std::vector<double> expected(result.numel(), 0.0);
  ref::for_each_index(self.sizes(), [&](const std::vector<int64_t>& idx) {
    int64_t o = 0;
    for (int64_t d = 0; d < self.dim(); ++d)
      if (!reduced[d]) o = o * self.sizes()[d] + idx[d];
    expected[o] += ref::read_double(self, idx);
  });
  int64_t o = 0;
  ref::for_each_index(result.sizes(), [&](const std::vector<int64_t>& idx) {
    const double e = expected[o++];
    ASSERT_NEAR(ref::read_double(result, idx), e, 1e-5 * std::max(1.0, std::fabs(e)))
        << IntArrayRef(idx);
  });
}

Tensor reduce_values(IntArrayRef sizes, ScalarType t) {
  Tensor x = empty(sizes, t);
  Tensor d = make<double>(sizes, [&](int64_t i) {
    if (t == ScalarType::Bool) return double(i % 3 == 0);
    return double((i * 7) % 23) - (isFloatingType(t) ? 10.25 : 0);
  });
  return x.copy_(d);
}

const ScalarType kReduceDtypes[] = {ScalarType::Bool,  ScalarType::Byte,  ScalarType::Char,
                                    ScalarType::Short, ScalarType::Int,   ScalarType::Long,
                                    ScalarType::Float, ScalarType::Double};

}  // namespace

TEST(Sum, EveryDimSubsetOfA4dTensorWithAndWithoutKeepdim) {
  Tensor x = reduce_values({3, 4, 5, 6}, ScalarType::Double);
  for (int mask = 0; mask < 16; ++mask) {
    std::vector<int64_t> dims;
    for (int d = 0; d < 4; ++d)
      if (mask & (1 << d)) dims.push_back(d);
    for (bool keepdim : {false, true}) {
      SCOPED_TRACE(::testing::Message() << "dims mask " << mask << " keepdim " << keepdim);
      Tensor r = dims.empty() ? sum(x, std::nullopt, keepdim) : sum(x, IntArrayRef(dims), keepdim);
      expect_sum(r, x, dims, keepdim);
    }
  }
}

TEST(Sum, EveryDtypeAndItsResultDtype) {
  for (ScalarType t : kReduceDtypes) {
    Tensor x = reduce_values({6, 7}, t);
    Tensor r = sum(x, IntArrayRef{1});
    EXPECT_EQ(r.dtype(), isIntegralType(t, true) ? ScalarType::Long : t) << t;
    expect_sum(r, x, {1}, false);
    Tensor all = sum(x);
    EXPECT_EQ(all.dim(), 0);
    expect_sum(all, x, {}, false);
    Tensor as_double = sum(x, IntArrayRef{0}, false, ScalarType::Double);
    EXPECT_EQ(as_double.dtype(), ScalarType::Double);
    expect_sum(as_double, x, {0}, false);
  }
}

TEST(Sum, LayoutsBroadcastViewsZeroSizeAndZeroDim) {
  Tensor base = reduce_values({20, 30}, ScalarType::Float);
  Tensor t = restride(base, {30, 20}, {1, 30});  // transposed
  expect_sum(sum(t, IntArrayRef{0}), t, {0}, false);
  expect_sum(sum(t, IntArrayRef{1}, true), t, {1}, true);
  Tensor sliced = restride(base, {5, 7}, {60, 2}, 31);  // offset, step 2
  expect_sum(sum(sliced, IntArrayRef{-1}), sliced, {1}, false);
  Tensor expanded = restride(reduce_values({30}, ScalarType::Float), {40, 30}, {0, 1});
  expect_sum(sum(expanded, IntArrayRef{0}), expanded, {0}, false);
  Tensor nhwc =
      reduce_values({2, 3, 4, 5}, ScalarType::Float).contiguous(MemoryFormat::ChannelsLast);
  expect_sum(sum(nhwc, IntArrayRef{1}), nhwc, {1}, false);
  expect_sum(sum(nhwc, IntArrayRef{2, 3}, true), nhwc, {2, 3}, true);
  Tensor z = empty({0, 4});
  Tensor rz = sum(z, IntArrayRef{0});
  EXPECT_EQ(rz.sizes(), IntArrayRef({4}));
  expect_sum(rz, z, {0}, false);  // zeros
  EXPECT_EQ(sum(z, IntArrayRef{1}).sizes(), IntArrayRef({0}));
  EXPECT_EQ(sum(z).item<float>(), 0.f);
  Tensor s = reduce_values({}, ScalarType::Int);
  EXPECT_EQ(sum(s).item<int64_t>(), s.item<int64_t>());
  EXPECT_EQ(sum(s, IntArrayRef{0}).dim(), 0);
}

TEST(Sum, OutAndMeta) {
  Tensor x = reduce_values({4, 9}, ScalarType::Int);
  Tensor out = empty({0}, ScalarType::Long);
  sum_out(out, x, IntArrayRef{1});
  expect_sum(out, x, {1}, false);
  Tensor fout = empty({9});
  sum_out(fout, x, IntArrayRef{0});  // out's dtype decides: Int summed into Float
  expect_sum(fout, x, {0}, false);
  Tensor wrong = empty({3});
  EXPECT_THROW(sum_out(wrong, x, IntArrayRef{1}), Error);
  Tensor m = empty({4, 9, 2}, TensorOptions(ScalarType::Short).device(kMeta));
  for (bool keepdim : {false, true}) {
    Tensor rm = sum(m, IntArrayRef{0, 2}, keepdim);
    Tensor rc = sum(reduce_values({4, 9, 2}, ScalarType::Short), IntArrayRef{0, 2}, keepdim);
    EXPECT_TRUE(rm.is_meta());
    EXPECT_EQ(rm.sizes(), rc.sizes());
    EXPECT_EQ(rm.strides(), rc.strides());
    EXPECT_EQ(rm.dtype(), rc.dtype());
  }
}

// sum.out without dims is ATen's generated out= form of sum(self, dtype): the functional result
// converted into out, whatever out's dtype. The dim overload's out must have the result's dtype,
// in ATen too. Values from libtorch 1.13.1 (aten::sum.out through the dispatcher).
TEST(Sum, AllOutOfAnyDtypeGetsTheResultConverted) {
  // Summed in float (1e8 + 4 ones is 1e8 in float, 100000004 in double), stored in a Double.
  const Tensor x = tensor({1e8f, 1.f, 1.f, 1.f, 1.f});
  Tensor d = empty({0}, ScalarType::Double);
  sum_out(d, x, ScalarType::Float);
  EXPECT_EQ(d.dtype(), ScalarType::Double);
  EXPECT_EQ(d.dim(), 0);
  EXPECT_EQ(d.item<double>(), 1e8);
  const Tensor y = tensor({1.f, 2.f, 3.5f});
  struct Case {
    ScalarType out, dtype;
    double want;
  };
  for (const Case& c : {Case{ScalarType::Long, ScalarType::Float, 6},
                        Case{ScalarType::Half, ScalarType::Double, 6.5},
                        Case{ScalarType::Float, ScalarType::Int, 6},  // y as Int: 1 + 2 + 3
                        Case{ScalarType::Bool, ScalarType::Float, 1},
                        Case{ScalarType::ComplexFloat, ScalarType::Float, 6.5}}) {
    SCOPED_TRACE(::testing::Message() << "dtype " << c.dtype << ", out " << c.out);
    Tensor o = empty({}, c.out);
    sum_out(o, y, c.dtype);
    EXPECT_EQ(o.dtype(), c.out);
    EXPECT_EQ(ref::read_double(o, {}), c.want);
  }
  // With dims, the out's dtype must be the result's.
  Tensor wrong = empty({0}, ScalarType::Double);
  ref::expect_error([&] { sum_out(wrong, y, IntArrayRef{0}, false, ScalarType::Float); },
                    {"Expected out tensor to have dtype Float, but got Double"});
}

TEST(Sum, DimsAsOneIntBracesVectorOrNone) {
  // sum(x, 1) once built its IntArrayRef on an int64_t that died before the call (the view
  // dangled inside std::optional's constructor); every spelling must reach the same dims.
  const Tensor x = reduce_values({3, 4, 5}, ScalarType::Double);
  const std::vector<int64_t> dims = {1};
  expect_sum(sum(x, 1), x, {1}, false);
  expect_sum(x.sum(1, true), x, {1}, true);
  expect_sum(sum(x, {0, 2}), x, {0, 2}, false);
  expect_sum(sum(x, dims), x, {1}, false);
  expect_sum(sum(x, IntArrayRef(dims)), x, {1}, false);
  expect_sum(sum(x, std::optional<IntArrayRef>()), x, {}, false);
}

TEST(Sum, BadDimsAreErrorsNamingTheOp) {
  Tensor x = empty({2, 3});
  try {
    sum(x, IntArrayRef{2});
    FAIL();
  } catch (const Error& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("sum.dim_IntList:"), std::string::npos) << msg;
    EXPECT_NE(msg.find("Dimension out of range"), std::string::npos) << msg;
  }
  EXPECT_THROW(sum(x, IntArrayRef{0, -2}), Error);  // the same dim twice
}

TEST(Sum, BitIdenticalForAnyThreadCount) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(-1.f, 1.f);
  Tensor x = empty({3000, 1100});
  float* p = x.data_ptr<float>();
  for (int64_t i = 0; i < x.numel(); ++i) p[i] = u(rng);
  Tensor xt = restride(x, {1100, 3000}, {1, 1100});
  std::vector<Tensor> first;
  for (int threads : {1, 2, 3, 7}) {
    set_num_threads(threads);
    std::vector<Tensor> results = {sum(x),
                                   sum(x, IntArrayRef{0}),
                                   sum(x, IntArrayRef{1}),
                                   sum(xt, IntArrayRef{0}),
                                   sum(x.contiguous(), IntArrayRef{0, 1}),
                                   sum(restride(x, {3000 * 1100 / 2, 2}, {2, 1}), IntArrayRef{0})};
    if (first.empty()) {
      first = results;
      continue;
    }
    for (size_t i = 0; i < results.size(); ++i) {
      ASSERT_EQ(results[i].sizes(), first[i].sizes());
      EXPECT_EQ(std::memcmp(results[i].data_ptr(), first[i].data_ptr(), results[i].nbytes()), 0)
          << "result " << i << " differs at " << threads << " threads";
    }
  }
  set_num_threads(2);
}

TEST(Sum, SixteenMillionUniformFloatsWithinOneInAMillion) {
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> u(0.f, 1.f);
  Tensor x = empty({16 << 20});
  float* p = x.data_ptr<float>();
  double reference = 0;
  for (int64_t i = 0; i < x.numel(); ++i) {
    p[i] = u(rng);
    reference += p[i];
  }
  const double got = sum(x).item<float>();
  EXPECT_LT(std::fabs(got - reference) / reference, 1e-6) << got << " vs " << reference;
}

// ---- NaN ----------------------------------------------------------------------------------------

TEST(ReductionNaN, SumMeanVarPropagateNansumSkips) {
  Tensor x = make<float>({6}, [](int64_t i) { return i == 2 ? kNaN : double(i); });
  EXPECT_TRUE(std::isnan(at(sum(x))));
  EXPECT_TRUE(std::isnan(at(mean(x))));
  EXPECT_TRUE(std::isnan(at(var(x))));
  EXPECT_TRUE(std::isnan(at(prod(x))));
  EXPECT_TRUE(std::isnan(at(norm(x, kInf))));
  EXPECT_EQ(at(norm(x, 0)), 5);  // NaN is not zero
  EXPECT_TRUE(std::isnan(at(logsumexp(x, IntArrayRef{0}))));
  EXPECT_EQ(at(nansum(x)), 0 + 1 + 3 + 4 + 5);
  for (ScalarType t : {ScalarType::Half, ScalarType::BFloat16, ScalarType::Double}) {
    Tensor xt = x.to(t);
    EXPECT_EQ(at(nansum(xt)), 13) << t;
    EXPECT_EQ(nansum(xt).scalar_type(), t);
  }
  Tensor big = make<double>({70000}, [](int64_t i) { return i % 3 == 0 ? kNaN : 1.0; });
  EXPECT_EQ(at(nansum(big)), 70000 - 23334);
  Tensor cs = cumsum(x, 0);
  EXPECT_EQ(at(cs, {1}), 1);
  EXPECT_TRUE(std::isnan(at(cs, {2})));
  EXPECT_TRUE(std::isnan(at(cs, {5})));
}

TEST(ReductionNaN, AllAnyCountNaNAsTrue) {
  Tensor x = make<float>({3}, [](int64_t i) { return i == 0 ? kNaN : 1.0; });
  EXPECT_TRUE(all(x).item<bool>());
  EXPECT_TRUE(any(make<float>({2}, [](int64_t i) { return i ? 0.0 : kNaN; })).item<bool>());
}

// ---- empty --------------------------------------------------------------------------------------

TEST(ReductionEmpty, IdentitiesAndNaN) {
  Tensor e = empty({0, 3});
  EXPECT_EQ(at(sum(e)), 0);
  EXPECT_EQ(at(nansum(e)), 0);
  EXPECT_EQ(at(prod(e)), 1);
  EXPECT_EQ(prod(empty({2, 0}, ScalarType::Int), 1).sizes(), IntArrayRef({2}));
  EXPECT_EQ(at(prod(empty({2, 0}, ScalarType::Int), 1), {1}), 1);
  EXPECT_TRUE(std::isnan(at(mean(e))));
  Tensor m0 = mean(e, IntArrayRef{0});
  EXPECT_EQ(m0.sizes(), IntArrayRef({3}));
  EXPECT_TRUE(std::isnan(at(m0, {2})));
  EXPECT_TRUE(all(e).item<bool>());
  EXPECT_FALSE(any(e).item<bool>());
  EXPECT_EQ(all(e, 0).sizes(), IntArrayRef({3}));
  EXPECT_TRUE(std::isnan(at(var(e, IntArrayRef{0}, std::optional<int64_t>(0)), {0})));
  EXPECT_TRUE(
      std::isnan(at(std::get<1>(var_mean(e, IntArrayRef{0}, std::optional<int64_t>(1))), {0})));
  for (double p : {0.0, 1.0, 2.0, 3.0, kInf, -kInf, -1.0})
    EXPECT_EQ(at(norm(e, p, IntArrayRef{0}), {1}), 0) << p;
  EXPECT_EQ(at(logsumexp(e, IntArrayRef{0}), {0}), -kInf);
  EXPECT_EQ(cumsum(e, 0).sizes(), e.sizes());
  // Reductions over a non-empty dim of an empty tensor are empty, not errors.
  EXPECT_EQ(amax(e, IntArrayRef{1}).sizes(), IntArrayRef({0}));
  EXPECT_EQ(std::get<1>(max(e, 1)).sizes(), IntArrayRef({0}));
  EXPECT_EQ(argmin(e, 1).sizes(), IntArrayRef({0}));
}

// ---- threads ------------------------------------------------------------------------------------

namespace {

// Every reduction (and scan) of x over a few dim choices: what must not depend on threads.
std::vector<Tensor> every_reduction(const Tensor& x) {
  std::vector<Tensor> r;
  const bool floating = isFloatingType(x.scalar_type());
  for (std::optional<std::vector<int64_t>> dims :
       {std::optional<std::vector<int64_t>>(),
        std::optional<std::vector<int64_t>>(std::vector<int64_t>{0}),
        std::optional<std::vector<int64_t>>(std::vector<int64_t>{x.dim() - 1})}) {
    std::optional<IntArrayRef> d = dims ? std::optional<IntArrayRef>(IntArrayRef(*dims))
                                        : std::nullopt;
    IntArrayRef dl = dims ? IntArrayRef(*dims) : IntArrayRef();
    r.push_back(sum(x, d));
    r.push_back(nansum(x, d));
    r.push_back(amax(x, dl));
    r.push_back(amin(x, dl));
    r.push_back(all(x));
    r.push_back(any(x));
    r.push_back(logsumexp(x, dl));
    if (floating) {
      r.push_back(mean(x, d));
      r.push_back(var(x, d, std::nullopt));
      r.push_back(aten::std(x, d, std::optional<int64_t>(0)));
      auto [v, m] = var_mean(x, d, std::nullopt);
      r.push_back(v);
      r.push_back(m);
      auto [sd, sm] = std_mean(x, d, std::nullopt);
      r.push_back(sd);
      r.push_back(sm);
      for (double p : {0.0, 1.0, 2.0, 3.0, kInf, -kInf}) r.push_back(norm(x, p, dl));
    }
  }
  for (int64_t dim : {int64_t{0}, x.dim() - 1}) {
    r.push_back(prod(x, dim));
    auto [mv, mi] = max(x, dim);
    r.push_back(mv);
    r.push_back(mi);
    auto [nv, ni] = min(x, dim);
    r.push_back(nv);
    r.push_back(ni);
    r.push_back(argmax(x, dim));
    r.push_back(argmin(x, dim));
    r.push_back(all(x, dim));
    r.push_back(any(x, dim));
    r.push_back(cumsum(x, dim));
    r.push_back(cumprod(x, dim));
  }
  r.push_back(argmax(x));
  r.push_back(argmin(x));
  r.push_back(max(x));
  r.push_back(min(x));
  r.push_back(prod(x));
  return r;
}

}  // namespace

TEST(ReductionThreads, BitIdenticalAtOneAndTwoThreads) {
  ThreadCount restore;
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-1, 1);
  // Shapes for each split: one long reduction (chunks), many outputs over a leading dim (the
  // outer path, blocks of outputs), many outputs over a contiguous dim, and a transposed view.
  Tensor flat = make<double>({300001}, [&](int64_t) { return u(rng); });
  Tensor wide = make<double>({1500, 260},
                             [&](int64_t) { return std::round(u(rng) * 8) / 8; });  // ties
  Tensor tall = make<double>({260, 1500}, [&](int64_t) { return u(rng); });
  const Tensor inputs[] = {flat, wide, tall, tall.t()};
  for (ScalarType t : {ScalarType::Float, ScalarType::Double, ScalarType::Int}) {
    for (size_t k = 0; k < std::size(inputs); ++k) {
      SCOPED_TRACE(::testing::Message() << toString(t) << " input " << k);
      Tensor x = inputs[k].to(t);
      if (t == ScalarType::Int)
        x = make<double>(inputs[k].sizes(), [&](int64_t) { return std::round(u(rng) * 50); }).to(t);
      if (k == 3) x = x.t().contiguous().t();  // transposed in memory
      set_num_threads(1);
      const std::vector<Tensor> one = every_reduction(x);
      set_num_threads(2);
      const std::vector<Tensor> two = every_reduction(x);
      ASSERT_EQ(one.size(), two.size());
      for (size_t i = 0; i < one.size(); ++i) {
        ASSERT_EQ(one[i].sizes(), two[i].sizes()) << "result " << i;
        ASSERT_TRUE(one[i].is_contiguous() && two[i].is_contiguous());
        EXPECT_EQ(std::memcmp(one[i].data_ptr(), two[i].data_ptr(), one[i].nbytes()), 0)
            << "result " << i << " differs between 1 and 2 threads";
      }
    }
  }
}

// ---- accuracy -----------------------------------------------------------------------------------

TEST(ReductionAccuracy, HalfAndBFloat16AccumulateInFloat) {
  // In Half itself, 1 + 1 + ... stalls at 2048; accumulated in float the sum is exact.
  Tensor ones = make<float>({4096}, [](int64_t) { return 1.0; });
  EXPECT_EQ(at(sum(ones.to(ScalarType::Half))), 4096);
  EXPECT_EQ(at(sum(ones.to(ScalarType::BFloat16))), 4096);
  EXPECT_EQ(at(mean(ones.to(ScalarType::Half))), 1);
  EXPECT_EQ(sum(ones.to(ScalarType::Half)).scalar_type(), ScalarType::Half);
  EXPECT_EQ(at(norm(ones.to(ScalarType::BFloat16))), 64);
}

TEST(ReductionAccuracy, FloatSumsAndMeansAreAccurate) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> u(0.f, 1.f);
  Tensor x = empty({1 << 22});
  double reference = 0;
  for (int64_t i = 0; i < x.numel(); ++i) {
    x.data_ptr<float>()[i] = u(rng);
    reference += x.data_ptr<float>()[i];
  }
  EXPECT_LT(std::fabs(at(sum(x)) - reference) / reference, 1e-6);
  EXPECT_LT(std::fabs(at(mean(x)) - reference / x.numel()) / (reference / x.numel()), 1e-6);
  EXPECT_LT(std::fabs(at(nansum(x)) - reference) / reference, 1e-6);
  Tensor cs = cumsum(x, 0);  // accumulated in double, rounded once per element
  EXPECT_LT(std::fabs(at(cs, {x.numel() - 1}) - reference) / reference, 1e-6);
  // Column sums (the tiled outer path) and row sums of 65536 elements each, to the same bound.
  const Tensor columns = sum(x.view({1 << 16, 64}), 0), rows = sum(x.view({64, 1 << 16}), 1);
  for (int64_t j = 0; j < 64; ++j) {
    double column = 0, row = 0;
    for (int64_t i = 0; i < (1 << 16); ++i) {
      column += x.data_ptr<float>()[i * 64 + j];
      row += x.data_ptr<float>()[j * (1 << 16) + i];
    }
    EXPECT_LT(std::fabs(at(columns, {j}) - column) / column, 1e-6) << "column " << j;
    EXPECT_LT(std::fabs(at(rows, {j}) - row) / row, 1e-6) << "row " << j;
  }
}

TEST(ReductionAccuracy, ComplexSumMeanProdNorm) {
  Tensor z = make<double>({3}, [](int64_t i) { return i + 1.0; }).to(ScalarType::ComplexFloat);
  view_as_real(z).select(1, 1).fill_(1.0);  // 1+i, 2+i, 3+i
  EXPECT_EQ(ref::get<std::complex<float>>(sum(z), {}), std::complex<float>(6, 3));
  EXPECT_EQ(ref::get<std::complex<float>>(mean(z), {}), std::complex<float>(2, 1));
  const std::complex<float> p = ref::get<std::complex<float>>(prod(z), {});
  EXPECT_NEAR(p.real(), 0, 1e-6);  // (1+i)(2+i)(3+i) = 10i
  EXPECT_NEAR(p.imag(), 10, 1e-5);
  EXPECT_EQ(norm(z).scalar_type(), ScalarType::Float);
  EXPECT_NEAR(at(norm(z)), std::sqrt(2.0 + 5 + 10), 1e-6);
  EXPECT_NEAR(at(norm(z, kInf)), std::sqrt(10.0), 1e-6);
  EXPECT_EQ(at(norm(z, 0)), 3);
}

// ATen's mean is sum(self, dtype=out's dtype) then a division by the count in that dtype:
// a Float input into a Double out is summed in double; Half and BFloat16 sums are rounded to
// the dtype before they are divided (and the quotient rounded again); complex sums are divided
// by count + 0i with ATen's complex division, so an infinite part makes the other NaN. Values
// from torch 1.13.
TEST(ReductionMean, ComputedAsATenSumThenDivide) {
  // Float into Double: (1e8 + 4) / 5, where the float sum would be 1e8.
  const Tensor x = tensor({1e8f, 1.f, 1.f, 1.f, 1.f});
  Tensor d = empty({0}, ScalarType::Double);
  mean_out(d, x, IntArrayRef{0});
  EXPECT_EQ(d.item<double>(), 20000000.8);
  EXPECT_EQ(mean(x).item<float>(), 2e7f);
  Tensor d2 = empty({0}, ScalarType::Double);
  mean_out(d2, x.reshape({5, 1}).expand({5, 2}), IntArrayRef{0});
  EXPECT_EQ(at(d2, {0}), 20000000.8);
  EXPECT_EQ(at(d2, {1}), 20000000.8);
  Tensor zd = empty({0}, ScalarType::ComplexDouble);
  mean_out(zd, x, IntArrayRef{0});
  EXPECT_EQ(ref::get<std::complex<double>>(zd, {}), std::complex<double>(20000000.8, 0));
  // The sum rounded to the dtype, then divided: 716 / 3 is 238.67 (238 in BFloat16), but the
  // BFloat16 sum of these is 716 and the mean 239.
  struct Reduced {
    ScalarType dtype;
    std::vector<double> vs;
    double want;
  };
  for (const Reduced& c : {Reduced{ScalarType::BFloat16, {212, 209, 294}, 239},
                           Reduced{ScalarType::BFloat16, {233, 460, 288}, 326},
                           Reduced{ScalarType::Half, {198.875, 423, 180.25}, 267.25},
                           Reduced{ScalarType::Half, {254, 626, 276.5}, 385.25}}) {
    const Tensor h = make<double>({3}, [&](int64_t i) { return c.vs[i]; }).to(c.dtype);
    EXPECT_EQ(at(mean(h)), c.want) << c.dtype;
  }
  // An out of an integral dtype cannot hold the quotient.
  Tensor l = empty({0}, ScalarType::Long);
  expect_error([&] { mean_out(l, x, IntArrayRef{0}); },
               {"result type Float can't be cast to the desired output type Long"});
  // Complex at infinities and NaN.
  using C = std::complex<double>;
  struct Complex {
    std::vector<C> vs;
    C want;
  };
  for (ScalarType dtype : {ScalarType::ComplexFloat, ScalarType::ComplexDouble}) {
    for (const Complex& c :
         {Complex{{{kInf, 0}}, {kInf, kNaN}}, Complex{{{kInf, 0}, {1, 0}}, {kInf, kNaN}},
          Complex{{{0, kInf}, {1, 0}}, {kNaN, kInf}}, Complex{{{kNaN, 0}, {1, 0}}, {kNaN, kNaN}},
          Complex{{{kInf, kInf}}, {kNaN, kNaN}}, Complex{{{-kInf, 1}}, {-kInf, kNaN}},
          Complex{{{1, 2}, {3, 4}, {5, 6}}, {3, 4}}}) {
      Tensor z = empty({static_cast<int64_t>(c.vs.size())}, ScalarType::ComplexDouble);
      for (size_t i = 0; i < c.vs.size(); ++i) z.data_ptr<C>()[i] = c.vs[i];
      const C got = ref::get<C>(mean(z.to(dtype)).to(ScalarType::ComplexDouble), {});
      for (auto [g, w] : {std::pair<double, double>{got.real(), c.want.real()},
                          std::pair<double, double>{got.imag(), c.want.imag()}}) {
        if (std::isnan(w)) {
          EXPECT_TRUE(std::isnan(g)) << dtype << ": mean of " << c.vs.size() << " gave " << got;
        } else {
          EXPECT_EQ(g, w) << dtype << ": mean of " << c.vs.size() << " gave " << got;
        }
      }
    }
  }
}

// prod.out without a dim is, as sum.out, ATen's generated out= form of prod(self, dtype): the
// result converted into an out of any dtype. Values from libtorch 1.13.1.
TEST(ReductionDtypes, ProdAllOutOfAnyDtypeGetsTheResultConverted) {
  const Tensor x = tensor({1.5f, 2.f, 3.5f});
  struct Case {
    ScalarType out, dtype;
    double want;
  };
  for (const Case& c : {Case{ScalarType::Double, ScalarType::Float, 10.5},
                        Case{ScalarType::Long, ScalarType::Float, 10},
                        Case{ScalarType::Double, ScalarType::Int, 6},  // x as Int: 1 * 2 * 3
                        Case{ScalarType::Bool, ScalarType::Float, 1}}) {
    Tensor o = empty({0}, c.out);
    prod_out(o, x, c.dtype);
    EXPECT_EQ(o.dtype(), c.out);
    EXPECT_EQ(o.dim(), 0);
    EXPECT_EQ(at(o), c.want) << "dtype " << c.dtype << ", out " << c.out;
  }
}

// ---- dtypes and errors --------------------------------------------------------------------------

TEST(ReductionDtypes, ResultDtypesAsATen) {
  Tensor b = ones({2, 3}, ScalarType::Byte), f = ones({2, 3}), l = ones({2, 3}, ScalarType::Long);
  EXPECT_EQ(all(b).scalar_type(), ScalarType::Byte);  // ATen 1.13 keeps Byte for Byte
  EXPECT_EQ(any(b, 1).scalar_type(), ScalarType::Byte);
  EXPECT_EQ(all(f).scalar_type(), ScalarType::Bool);
  EXPECT_EQ(any(l, 0).scalar_type(), ScalarType::Bool);
  Tensor byte_out = empty({0}, ScalarType::Byte);
  EXPECT_EQ(all_out(byte_out, f).scalar_type(), ScalarType::Byte);
  EXPECT_EQ(prod(ones({2}, ScalarType::Bool)).scalar_type(), ScalarType::Long);
  EXPECT_EQ(cumsum(ones({2}, ScalarType::Bool), 0).scalar_type(), ScalarType::Long);
  EXPECT_EQ(cumsum(ones({2}, ScalarType::Int), 0, ScalarType::Float).scalar_type(),
            ScalarType::Float);
  Tensor ic = ones({3}, ScalarType::Int);
  ic.cumsum_(0);  // in place keeps Int
  EXPECT_EQ(at(ic, {2}), 3);
  EXPECT_EQ(logsumexp(l, IntArrayRef{1}).scalar_type(), ScalarType::Float);
  EXPECT_EQ(mean(l, std::nullopt, false, ScalarType::Double).scalar_type(), ScalarType::Double);
  Tensor dout = empty({0}, ScalarType::Double);
  var_out(dout, f, IntArrayRef{0},
          std::optional<int64_t>(1));  // computed in Float, stored in Double
  EXPECT_EQ(dout.scalar_type(), ScalarType::Double);
  EXPECT_EQ(at(dout, {0}), 0);
  // Integer overflow wraps, as in ATen (and without undefined behaviour: UBSan runs this).
  Tensor big = empty({2}, ScalarType::Long);
  big.data_ptr<int64_t>()[0] = std::numeric_limits<int64_t>::max();
  big.data_ptr<int64_t>()[1] = 1;
  EXPECT_EQ(sum(big).item<int64_t>(), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(cumsum(big, 0).data_ptr<int64_t>()[1], std::numeric_limits<int64_t>::min());
  big.data_ptr<int64_t>()[1] = 2;
  EXPECT_EQ(prod(big).item<int64_t>(), -2);
  // With dims, an Int out= converts the input first, as ATen does: 1.5 + 2.5 sums as 1 + 2.
  // Without (sum.out), the Float sum is converted into the out: 4 (libtorch 1.13.1 agrees).
  const Tensor halves = make<float>({2}, [](int64_t i) { return i + 1.5; });
  Tensor iout = empty({0}, ScalarType::Int);
  EXPECT_EQ(at(sum_out(iout, halves, IntArrayRef{0})), 3);
  Tensor iout_all = empty({0}, ScalarType::Int);
  EXPECT_EQ(at(sum_out(iout_all, halves)), 4);
}

TEST(ReductionErrors, ClearMessagesNamingOpArgumentAndDtypes) {
  Tensor f = ones({2, 3}), l = ones({2, 3}, ScalarType::Long);
  expect_error([&] { sum(f, IntArrayRef{2}); }, {"sum.dim_IntList:", "Dimension out of range"});
  expect_error([&] { amax(f, IntArrayRef{0, -2}); }, {"amax:", "dim 0 appears multiple times"});
  expect_error([&] { max(f, 2); }, {"max.dim:", "Dimension out of range"});
  expect_error([&] { cumsum(f, -3); }, {"cumsum:", "Dimension out of range"});
  expect_error([&] { mean(l); },
               {"\"mean\" not implemented for 'Long'", "could not infer output dtype"});
  expect_error([&] { mean(f, std::nullopt, false, ScalarType::Int); },
               {"\"mean\" not implemented for 'Int'"});
  expect_error([&] { var(l); }, {"\"var\" not implemented for 'Long'"});
  expect_error([&] { std_mean(l); }, {"\"std_mean\" not implemented for 'Long'"});
  expect_error([&] { norm(l); }, {"\"norm\" not implemented for 'Long'"});
  expect_error([&] { argmax(ones({2}, ScalarType::Bool)); },
               {"\"argmax\" not implemented for 'Bool'"});
  expect_error([&] { max(ones({2}, ScalarType::ComplexFloat)); },
               {"\"max\" not implemented for 'ComplexFloat'"});
  expect_error([&] { logsumexp(ones({2}, ScalarType::ComplexFloat), IntArrayRef{0}); },
               {"\"logsumexp\" not implemented for 'ComplexFloat'"});
  Tensor fout = empty({0});
  expect_error([&] { all_out(fout, f); }, {"all only supports bool tensor for result, got: Float"});
  expect_error([&] { amax_out(fout, l, IntArrayRef{1}); },
               {"Expected the dtype for input and out to match, but got Long for input's dtype and "
                "Float for out's dtype."});
  expect_error([&] { argmax_out(fout, f, 1); }, {"argmax.out:", "Long"});
  Tensor lout = empty({0}, ScalarType::Long);
  expect_error([&] { mean_out(lout, f, IntArrayRef{1}); },
               {"mean.out: result type Float can't be cast to the desired output type Long"});
  expect_error([&] { logsumexp_out(lout, f, IntArrayRef{1}); },
               {"logsumexp(): Expected floating point type for result tensor, but got: Long"});
  Tensor b = ones({3}, ScalarType::Bool);
  expect_error([&] { b.cumsum_(0); }, {"\"cumsum\" not implemented for 'Bool'"});
  EXPECT_TRUE(b.all().item<bool>());  // unchanged
  Tensor lc = ones({3}, ScalarType::Long);
  expect_error([&] { lc.cumsum_(0, ScalarType::Float); }, {"Bad in-place call"});
  Tensor expanded = ones({1, 3}).expand({4, 3});
  expect_error([&] { expanded.cumprod_(1); }, {"more than one element of the written-to tensor"});
}

// Meta tensors get the CPU kernel's argument errors: the dtype checks are in meta(), and the
// iterator refuses an expanded output by its geometry (libtorch 1.13 refuses all three too).
TEST(ReduceOps, MetaTensorsGetTheDtypeAndOverlapErrors) {
  const TensorOptions meta = TensorOptions(ScalarType::Char).device(kMeta);
  expect_error(
      [&] {
        norm(empty({2, 3}, meta), 1, IntArrayRef{0});
      },
      {"\"norm\" not implemented for 'Char'"});
  expect_error(
      [&] {
        max(empty({2, 3}, meta.dtype(ScalarType::ComplexFloat)), 0);
      },
      {"\"max\" not implemented for 'ComplexFloat'"});
  Tensor expanded = empty({1, 3}, meta.dtype(ScalarType::Float)).expand({4, 3});
  expect_error([&] { expanded.cumprod_(1); }, {"more than one element of the written-to tensor"});
  expect_error([&] { expanded.mul_(2); }, {"more than one element of the written-to tensor"});
}
