// sum: every dim subset of a 4-d tensor, keepdim or not, every declared dtype, layouts, out=,
// Meta, errors; results bit-identical for any thread count; accurate float sums.
#include <aten/Factories.h>
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/empty.h>
#include <aten/ops/sum.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "Reference.h"

using namespace aten;
using aten::ref::make;
using aten::ref::restride;

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

Tensor values(IntArrayRef sizes, ScalarType t) {
  Tensor x = empty(sizes, t);
  Tensor d = make<double>(sizes, [&](int64_t i) {
    if (t == ScalarType::Bool) return double(i % 3 == 0);
    return double((i * 7) % 23) - (isFloatingType(t) ? 10.25 : 0);
  });
  return x.copy_(d);
}

const ScalarType kTypes[] = {ScalarType::Bool,  ScalarType::Byte,  ScalarType::Char,
                             ScalarType::Short, ScalarType::Int,   ScalarType::Long,
                             ScalarType::Float, ScalarType::Double};

}  // namespace

TEST(Sum, EveryDimSubsetOfA4dTensorWithAndWithoutKeepdim) {
  Tensor x = values({3, 4, 5, 6}, ScalarType::Double);
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
  for (ScalarType t : kTypes) {
    Tensor x = values({6, 7}, t);
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
  Tensor base = values({20, 30}, ScalarType::Float);
  Tensor t = restride(base, {30, 20}, {1, 30});  // transposed
  expect_sum(sum(t, IntArrayRef{0}), t, {0}, false);
  expect_sum(sum(t, IntArrayRef{1}, true), t, {1}, true);
  Tensor sliced = restride(base, {5, 7}, {60, 2}, 31);  // offset, step 2
  expect_sum(sum(sliced, IntArrayRef{-1}), sliced, {1}, false);
  Tensor expanded = restride(values({30}, ScalarType::Float), {40, 30}, {0, 1});
  expect_sum(sum(expanded, IntArrayRef{0}), expanded, {0}, false);
  Tensor nhwc = values({2, 3, 4, 5}, ScalarType::Float).contiguous(MemoryFormat::ChannelsLast);
  expect_sum(sum(nhwc, IntArrayRef{1}), nhwc, {1}, false);
  expect_sum(sum(nhwc, IntArrayRef{2, 3}, true), nhwc, {2, 3}, true);
  Tensor z = empty({0, 4});
  Tensor rz = sum(z, IntArrayRef{0});
  EXPECT_EQ(rz.sizes(), IntArrayRef({4}));
  expect_sum(rz, z, {0}, false);  // zeros
  EXPECT_EQ(sum(z, IntArrayRef{1}).sizes(), IntArrayRef({0}));
  EXPECT_EQ(sum(z).item<float>(), 0.f);
  Tensor s = values({}, ScalarType::Int);
  EXPECT_EQ(sum(s).item<int64_t>(), s.item<int64_t>());
  EXPECT_EQ(sum(s, IntArrayRef{0}).dim(), 0);
}

TEST(Sum, OutAndMeta) {
  Tensor x = values({4, 9}, ScalarType::Int);
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
    Tensor rc = sum(values({4, 9, 2}, ScalarType::Short), IntArrayRef{0, 2}, keepdim);
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
  const Tensor x = values({3, 4, 5}, ScalarType::Double);
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
