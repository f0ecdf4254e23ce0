// Backward formulas at the points where the conformance suite found MiniATen's gradients
// differing from libtorch's: each expectation is what libtorch 1.13 gives for the same call
// (torch.autograd.grad in Python), unless the test says why MiniATen differs on purpose.
#include "autograd/AutogradTestHelpers.h"

#include <aten/autograd/Autograd.h>
#include <aten/core/Formatting.h>
#include <aten/ops/abs.h>
#include <aten/ops/add.h>
#include <aten/ops/addcdiv.h>
#include <aten/ops/avg_pool2d_backward.h>
#include <aten/ops/cat.h>
#include <aten/ops/celu.h>
#include <aten/ops/clamp.h>
#include <aten/ops/clamp_min.h>
#include <aten/ops/cumprod.h>
#include <aten/ops/cumsum.h>
#include <aten/ops/empty.h>
#include <aten/ops/erf.h>
#include <aten/ops/full.h>
#include <aten/ops/lerp.h>
#include <aten/ops/max.h>
#include <aten/ops/max_pool2d_with_indices.h>
#include <aten/ops/max_pool2d_with_indices_backward.h>
#include <aten/ops/maximum.h>
#include <aten/ops/mean.h>
#include <aten/ops/minimum.h>
#include <aten/ops/mm.h>
#include <aten/ops/mul.h>
#include <aten/ops/norm.h>
#include <aten/ops/ones.h>
#include <aten/ops/ones_like.h>
#include <aten/ops/pow.h>
#include <aten/ops/prod.h>
#include <aten/ops/relu.h>
#include <aten/ops/repeat.h>
#include <aten/ops/silu.h>
#include <aten/ops/sin.h>
#include <aten/ops/softplus_backward.h>
#include <aten/ops/sum.h>
#include <aten/ops/unfold.h>
#include <aten/ops/var.h>
#include <aten/ops/zeros.h>
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <limits>

using namespace aten;
using aten::autograd::test::leaf;
using aten::autograd::test::values;
using FloatVec = std::vector<float>;
using Strides = std::vector<int64_t>;

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// d(output)/d(input) weighted by grad_output.
Tensor grad_of(const Tensor& output, const Tensor& input, const Tensor& grad_output) {
  return autograd::grad({output}, {input}, {grad_output})[0];
}

Strides strides_of(const Tensor& t) { return Strides(t.strides().begin(), t.strides().end()); }

// The elements of a 1-d complex double tensor.
std::vector<std::complex<double>> complex_values(const Tensor& t) {
  std::vector<std::complex<double>> out;
  for (int64_t i = 0; i < t.size(0); ++i) {
    const auto z = t[i].item<complex<double>>();
    out.emplace_back(z.real(), z.imag());
  }
  return out;
}

void expect_near(const std::vector<std::complex<double>>& got,
                 const std::vector<std::complex<double>>& want, double tol = 1e-4) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(want[i].real())) {
      EXPECT_TRUE(std::isnan(got[i].real())) << i;
      continue;
    }
    EXPECT_NEAR(got[i].real(), want[i].real(), tol) << i;
    EXPECT_NEAR(got[i].imag(), want[i].imag(), tol) << i;
  }
}

Tensor complex_leaf(std::initializer_list<std::complex<double>> zs) {
  Tensor t = empty({static_cast<int64_t>(zs.size())}, ScalarType::ComplexDouble);
  int64_t i = 0;
  for (const auto& z : zs) t[i++].fill_(Scalar(z));
  return t.requires_grad_();
}

}  // namespace

// ---- 0-dim inputs ---------------------------------------------------------------------------

TEST(Formulas, MeanOverDimMinusOneOfA0DimTensorIsItsElement) {
  Tensor x = tensor({2.5f}, {}).requires_grad_();
  EXPECT_EQ(grad_of(mean(x, IntArrayRef{-1}), x, tensor({3.f}, {})).item<float>(), 3.f);
}

TEST(Formulas, UnfoldOfA0DimTensor) {
  Tensor x = tensor({3.f}, {}).requires_grad_();
  EXPECT_EQ(grad_of(x.unfold(0, 1, 1), x, tensor({2.f})).item<float>(), 2.f);
  EXPECT_EQ(grad_of(x.unfold(0, 0, 1), x, empty({0})).item<float>(), 0.f);
}

// ---- pow's exponent -----------------------------------------------------------------------

TEST(Formulas, PowExponentGradientForComplexExponents) {
  // 0 ** (2+0j): 0, as for a real exponent >= 0; 0 ** 1j: NaN.
  Tensor base = complex_leaf({0, 0, {-3, 0}, {2, 1}});
  Tensor e = complex_leaf({{2, 0}, {0, 1}, {0.5, 0}, {1, -1}});
  auto g = autograd::grad({pow(base, e)}, {base, e}, {ones_like(base)});
  expect_near(complex_values(g[1]), {0, {NAN, NAN}, {-5.4414, -1.9029}, {3.2474, -0.5964}});
}

TEST(Formulas, PowExponentGradientOfAScalarBase) {
  Tensor e = leaf({2, 0.5, -1});
  // A negative real base has no real log: NaN, as libtorch's Scalar::log.
  for (float v : values(grad_of(pow(Scalar(-2.0), e), e, ones_like(e)))) EXPECT_TRUE(std::isnan(v));
  EXPECT_EQ(values(grad_of(pow(Scalar(0.0), e), e, ones_like(e))), (FloatVec{0, 0, -kInf}));
  // A complex base: its complex log.
  Tensor ec = complex_leaf({{2, 0}, {0, 0.5}});
  expect_near(
      complex_values(grad_of(pow(Scalar(std::complex<double>(2, 1)), ec), ec, ones_like(ec))),
      {{0.5596, -4.6098}, {0.4433, -0.5883}});
}

TEST(Formulas, PowByFalseIsNoZeroExponent) {
  // ATen's Scalar::equal: a bool is never 0.0, so the formula runs: 0 * x ** -1.
  Tensor x = leaf({2, 0});
  Tensor r = grad_of(pow(x, Scalar(false)), x, tensor({-1.f, -1.f}));
  EXPECT_TRUE(std::signbit(values(r)[0]));
  EXPECT_TRUE(std::isnan(values(r)[1]));
  EXPECT_EQ(values(grad_of(pow(x, Scalar(0)), x, tensor({-1.f, -1.f}))), (FloatVec{0, 0}));
}

// ---- silu ---------------------------------------------------------------------------------

TEST(Formulas, SiluComplexGradientIsTheConjugateDerivative) {
  // grad * conj(silu'(z)), the convention every complex formula follows (gradcheck's). libtorch
  // 1.13 refuses complex silu under autograd, and its in-place silu_ leaves out the conjugate.
  Tensor z = complex_leaf({{0.3, 0.7}, {-1.2, 0.4}});
  expect_near(complex_values(grad_of(silu(z), z, ones_like(z))),
              {{0.6874, -0.3612}, {-0.0065, -0.0955}});
}

// ---- lerp ---------------------------------------------------------------------------------

TEST(Formulas, LerpComplexGradientsAreConjugated) {
  // self + w (end - self): grad * conj(1 - w) for self, grad * conj(w) for end, grad *
  // conj(end - self) for w. With grad 1: self's is 1 - conj(w), end's conj(w).
  Tensor self = complex_leaf({{1, 2}}), end = complex_leaf({{3, -1}}), w = complex_leaf({{0.5, 1}});
  auto g = autograd::grad({lerp(self, end, w)}, {self, end, w}, {ones_like(self)});
  expect_near(complex_values(g[0]), {{0.5, 1}});
  expect_near(complex_values(g[1]), {{0.5, -1}});
  expect_near(complex_values(g[2]), {{2, 3}});
  // A complex Scalar weight (a real one converts to double, as before).
  auto gs = autograd::grad({lerp(self, end, Scalar(std::complex<double>(0.5, 1)))}, {self, end},
                           {ones_like(self)});
  expect_near(complex_values(gs[0]), {{0.5, 1}});
  expect_near(complex_values(gs[1]), {{0.5, -1}});
}

// ---- celu ---------------------------------------------------------------------------------

TEST(Formulas, CeluGradientTakesAlphasReciprocalInFloat) {
  // ATen's formula: elu_backward(grad, alpha, 1, 1.0 / alpha.toFloat(), ...), so below 0 the
  // slope is (alpha / float(alpha)) exp(x / float(alpha)), 1e-8 away from exp(x / alpha) in
  // Double for an alpha float cannot hold.
  const double alpha = 0.1, x = -0.05;
  Tensor t = full({1}, x, ScalarType::Double).requires_grad_();
  const double got = grad_of(celu(t, alpha), t, ones_like(t)).item<double>();
  const double s = 1.0 / static_cast<float>(alpha);
  EXPECT_NEAR(got, s * alpha * std::exp(x * s), 1e-15);
  EXPECT_GT(std::abs(got - std::exp(x / alpha)), 1e-9);
}

TEST(Formulas, SoftplusSecondDerivativeIsZeroAtTheThreshold) {
  // ATen masks softplus_backward's derivative with beta * x < threshold, so at the threshold
  // itself it is 0, though the first derivative there is the smooth one (libtorch 1.13: 0,
  // 0.3525, 0 for these inputs, threshold 0).
  Tensor x = tensor({0.0, -0.5, 0.25}, TensorOptions(ScalarType::Double)).requires_grad_();
  const Tensor g = full({3}, 1.5, ScalarType::Double);
  const Tensor got = grad_of(softplus_backward(g, x, 1, 0), x, ones_like(x));
  EXPECT_EQ(got[0].item<double>(), 0.0);
  EXPECT_NEAR(got[1].item<double>(), 0.3525055683023917, 1e-15);
  EXPECT_EQ(got[2].item<double>(), 0.0);
}

// ---- pooling backward ops --------------------------------------------------------------------

TEST(Formulas, PoolingBackwardsGiveSelfContiguousZeros) {
  // libtorch 1.13's gradient of max_pool2d_with_indices_backward and avg_pool2d_backward for
  // self: contiguous zeros whatever self's layout.
  Tensor self = empty({6, 4, 3, 2}).permute({3, 2, 1, 0}).fill_(1).requires_grad_();
  Tensor g = ones({2, 3, 2, 3}).requires_grad_();
  auto [out, indices] = max_pool2d_with_indices(self.detach(), {2, 2}, {2, 2});
  Tensor r = max_pool2d_with_indices_backward(g, self, {2, 2}, {2, 2}, {0, 0}, {1, 1}, false,
                                              indices);
  Tensor gs = autograd::grad({r}, {g, self}, {ones_like(r)})[1];
  EXPECT_EQ(strides_of(gs), (Strides{72, 24, 6, 1}));
  EXPECT_EQ(aten::sum(gs.abs()).item<float>(), 0.f);
  r = avg_pool2d_backward(g, self, {2, 2}, {2, 2}, {0, 0}, false, true, std::nullopt);
  gs = autograd::grad({r}, {g, self}, {ones_like(r)})[1];
  EXPECT_EQ(strides_of(gs), (Strides{72, 24, 6, 1}));
}

// ---- ATen's selections: where(keep, grad, 0) --------------------------------------------------

TEST(Formulas, SelectionsPassNaNAndWritePositiveZeros) {
  Tensor x = leaf({kNaN, -1, 0, 2});
  Tensor g = tensor({-1.f, -1.f, -1.f, -1.f});
  auto bits = [](const Tensor& t) {
    std::vector<bool> negative;
    for (float v : values(t)) negative.push_back(std::signbit(v));
    return negative;
  };
  Tensor relu_grad = grad_of(relu(x), x, g);
  EXPECT_EQ(values(relu_grad)[0], -1.f);  // relu(NaN) is NaN: the gradient passes
  EXPECT_EQ(bits(relu_grad), (std::vector<bool>{true, false, false, true}));
  EXPECT_EQ(values(grad_of(clamp(x, Scalar(-0.5), Scalar(1)), x, g)), (FloatVec{0, 0, -1, 0}));
  EXPECT_EQ(bits(grad_of(clamp_min(x, Scalar(0.)), x, g)),
            (std::vector<bool>{false, false, true, true}));
  Tensor o = leaf({1, -1, 1, 1});
  auto mx = autograd::grad({maximum(x, o)}, {x, o}, {g});
  EXPECT_EQ(values(mx[0]), (FloatVec{-1, -0.5, 0, -1}));
  EXPECT_EQ(values(mx[1]), (FloatVec{-1, -0.5, -1, 0}));
  auto mn = autograd::grad({minimum(x, o)}, {x, o}, {g});
  EXPECT_EQ(values(mn[0]), (FloatVec{-1, -0.5, -1, 0}));
  EXPECT_EQ(values(mn[1]), (FloatVec{-1, -0.5, 0, -1}));
  // Tensor bounds: min takes the gradient only where it is below max (none at min == max).
  Tensor lo = leaf({0, 0, 0, 3}), hi = leaf({0, 1, 0, 1});
  auto ct = autograd::grad({clamp(x, lo, hi)}, {x, lo, hi}, {g});
  EXPECT_EQ(values(ct[0]), (FloatVec{0, 0, -1, 0}));
  EXPECT_EQ(values(ct[1]), (FloatVec{0, -1, 0, 0}));
  EXPECT_EQ(values(ct[2]), (FloatVec{0, 0, 0, -1}));
}

// ---- ATen's operand order and layouts ---------------------------------------------------------

TEST(Formulas, MulByAScalarGivesANewTensor) {
  Tensor x = leaf({1, 2, 3});
  Tensor g = tensor({5.f, 0.f, 6.f, 0.f, 7.f}).slice(0, 0, std::nullopt, 2);
  Tensor r = grad_of(mul(x, Scalar(1)), x, g);
  EXPECT_EQ(values(r), (FloatVec{5, 6, 7}));
  EXPECT_EQ(strides_of(r), (Strides{1}));
}

TEST(Formulas, ErfGradientIsLaidOutLikeItsInput) {
  Tensor x = tensor({{0.5f, -1.f}, {2.f, 0.25f}, {1.5f, -0.5f}}).t().requires_grad_();
  Tensor r = grad_of(erf(x), x, tensor({{1.f, 2.f, 3.f}, {4.f, 5.f, 6.f}}));
  EXPECT_EQ(strides_of(r), (Strides{1, 2}));
  EXPECT_NEAR(r[1][1].item<float>(), 5.3001f, 1e-4f);
}

TEST(Formulas, CumulativeOpsAlongADimOfOneAreTheIdentity) {
  // Along a dim of one element, cumsum's and cumprod's gradients are grad itself, layout
  // included (ATen's): a transposed grad stays transposed.
  const Tensor g = tensor({{1.f, 2.f, 3.f}, {4.f, 5.f, 6.f}}).t().unsqueeze(1);  // [3, 1, 2]
  for (bool prod : {false, true}) {
    Tensor x = full({3, 1, 2}, 2.f).requires_grad_();
    Tensor r = grad_of(prod ? cumprod(x, 1) : cumsum(x, 1), x, g);
    EXPECT_EQ(strides_of(r), strides_of(g)) << (prod ? "cumprod" : "cumsum");
    EXPECT_EQ(values(r.squeeze(1)), (FloatVec{1, 4, 2, 5, 3, 6}));
  }
}

TEST(Formulas, AComplexGradientKeepsItsLayoutThroughConj) {
  // grad * conj(cos(z)), z and grad transposed: conj keeps the layout, as ATen's (a view) does.
  Tensor z = complex_leaf({{1, 1}, {2, -1}, {0, 0.5}, {3, 0}}).detach().view({2, 2}).t();
  z.requires_grad_();
  Tensor g = complex_leaf({{1, 0}, {2, 0}, {3, 0}, {4, 1}}).detach().view({2, 2}).t();
  Tensor r = grad_of(sin(z), z, g);
  EXPECT_EQ(strides_of(r), (Strides{1, 2}));
  expect_near(complex_values(r.reshape({4})),
              {{0.8337, 0.9889}, {3.3829, 0}, {-1.2843, -2.1372}, {-3.9600, -0.9900}});
}

TEST(Formulas, ColumnMajorMatricesGetColumnMajorGradients) {
  Tensor a = tensor({{1.f, 2.f}, {3.f, 4.f}, {5.f, 6.f}}).t().requires_grad_();
  Tensor b = tensor({{1.f, 0.f}, {0.f, 1.f}, {1.f, 1.f}}).requires_grad_();
  auto g = autograd::grad({mm(a, b)}, {a, b}, {ones({2, 2})});
  EXPECT_EQ(strides_of(g[0]), (Strides{1, 2}));
  EXPECT_EQ(strides_of(g[1]), (Strides{2, 1}));
  EXPECT_EQ(values(g[0]), (FloatVec{1, 1, 2, 1, 1, 2}));
  Tensor b2 = tensor({{1.f, 0.f, 1.f}, {0.f, 1.f, 1.f}}).t().requires_grad_();
  Tensor r = grad_of(mm(a.detach(), b2), b2, ones({2, 2}));
  EXPECT_EQ(strides_of(r), (Strides{1, 3}));
  EXPECT_EQ(values(r), (FloatVec{3, 3, 7, 7, 11, 11}));
}

TEST(Formulas, MaxOfAllElementsSharesTheGradientInFreshZeros) {
  Tensor m = tensor({{1.f, 3.f}, {3.f, 2.f}}).t().requires_grad_();
  Tensor r = grad_of(max(m), m, tensor({-2.f}, {}));
  EXPECT_EQ(strides_of(r), (Strides{2, 1}));
  EXPECT_EQ(values(r), (FloatVec{0, -1, -1, 0}));
  EXPECT_FALSE(std::signbit(values(r)[0]));
}

TEST(Formulas, RepeatOnceGivesTheGradientBack) {
  Tensor x = leaf({1, 2, 3});
  Tensor g = tensor({5.f, 0.f, 6.f, 0.f, 7.f}).slice(0, 0, std::nullopt, 2);
  Tensor r = grad_of(x.repeat({1}), x, g);
  EXPECT_EQ(strides_of(r), (Strides{2}));
  EXPECT_EQ(values(r), (FloatVec{5, 6, 7}));
}

TEST(Formulas, AddcdivDividesTheValueFirst) {
  Tensor t1 = leaf({1}), t2 = leaf({10});
  // 3 * (1e38 / 10), where (3 * 1e38) / 10 would overflow Float.
  Tensor r = grad_of(addcdiv(zeros({1}), t1, t2, Scalar(1e38)), t1, tensor({3.f}));
  EXPECT_FLOAT_EQ(values(r)[0], 3e37f);
}

TEST(Formulas, VarScalesTheGradientBeforeTheDeviation) {
  // Half: 16 * 5940 overflows, (2 / 99) * 16 * 5940 does not.
  Tensor x = cat({zeros({99}), full({1}, 6000.)}).to(ScalarType::Half).requires_grad_();
  Tensor r = grad_of(var(x), x, full({}, 16., ScalarType::Half));
  EXPECT_NEAR(r[0].item<float>(), -19.39f, 0.05f);
  EXPECT_NEAR(r[99].item<float>(), 1920.f, 2.f);
}

TEST(Formulas, ARealInputsGradientIsTheComplexGradientsRealPartAsAView) {
  Tensor f = leaf({1, 2});
  Tensor z = complex_leaf({{0, 1}, {0, 2}}).detach().to(ScalarType::ComplexFloat);
  Tensor g = complex_leaf({{1, 1}, {2, -1}}).detach().to(ScalarType::ComplexFloat);
  Tensor r = grad_of(add(f, z), f, g);
  EXPECT_EQ(values(r), (FloatVec{1, 2}));
  EXPECT_EQ(strides_of(r), (Strides{2}));
}

// ---- ATen's zero handling -------------------------------------------------------------------

TEST(Formulas, ProdWithTwoZerosHasZeroGradients) {
  Tensor p = leaf({0, 0, kInf, 2});
  EXPECT_EQ(values(grad_of(prod(p), p, tensor({1.f}, {}))), (FloatVec{0, 0, 0, 0}));
  // A zero anywhere: every slice's gradient is the product of the others, also in a slice with
  // an infinity and no zero (where prod / x would be NaN).
  Tensor q = tensor({{0.f, 1.f}, {kInf, 2.f}}).requires_grad_();
  EXPECT_EQ(values(grad_of(prod(q, 1), q, ones({2}))), (FloatVec{1, 0, 2, kInf}));
}

TEST(Formulas, NormGradientsAtZeros) {
  Tensor n = leaf({0, 4, 1});
  EXPECT_EQ(values(grad_of(norm(n, Scalar(0.5)), n, tensor({1.f}, {}))), (FloatVec{0, 1.5, 3}));
  Tensor z = leaf({0, 0, 0});
  EXPECT_EQ(values(grad_of(norm(z, Scalar(2)), z, tensor({1.f}, {}))), (FloatVec{0, 0, 0}));
}
