// The ops of aten/native/Norms.cpp: norm and logsumexp, what the manifest suite cannot express:
// infinities and NaN as ATen has them (NaN-propagating inf norms, logsumexp of infinities and of
// large values).
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/logsumexp.h>
#include <aten/ops/nansum.h>
#include <aten/ops/norm.h>
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using aten::ref::make;
using ref::at, ref::kInf, ref::kNaN;

TEST(ReductionNaN, LogSumExpInfinities) {
  EXPECT_EQ(at(logsumexp(make<double>({3}, [](int64_t i) { return i == 1 ? kInf : 1.0; }),
                         IntArrayRef{0})),
            kInf);
  EXPECT_EQ(
      at(logsumexp(make<double>({2}, [](int64_t i) { return i ? kInf : -kInf; }), IntArrayRef{0})),
      kInf);
  EXPECT_EQ(at(logsumexp(make<double>({2}, [](int64_t) { return -kInf; }), IntArrayRef{0})), -kInf);
  EXPECT_EQ(at(logsumexp(make<double>({2}, [](int64_t) { return kInf; }), IntArrayRef{0})), kInf);
  // Large values do not overflow: log(2 e^1000) = 1000 + log 2.
  EXPECT_DOUBLE_EQ(at(logsumexp(make<double>({2}, [](int64_t) { return 1000.0; }), IntArrayRef{0})),
                   1000 + std::log(2.0));
}

// Regression (reliability suite, special values): the manifest references ignored a NaN in the
// inf norms and summed it in nansum. Values printed by libtorch 1.13.1 (Float and Double).
TEST(Reductions, SpecialValuesAsATen) {
  for (ScalarType dt : {ScalarType::Float, ScalarType::Double}) {
    const Tensor t = ref::make<double>({4}, [](int64_t i) {
                       return std::vector<double>{1, kNaN, kInf, -0.0}[i];
                     }).to(dt);
    EXPECT_EQ(at(norm(t, 0, IntArrayRef{0}, false)), 3);  // NaN is not zero
    for (double p : {1.0, 2.0, 3.0, kInf, -kInf})
      EXPECT_TRUE(std::isnan(at(norm(t, p, IntArrayRef{0}, false)))) << p;
    EXPECT_EQ(at(nansum(t.slice(0, 0, 3))), kInf);  // 1 + (NaN as 0) + inf
  }
}
