// Comparisons and the tests of values: what the manifest suite cannot express — NaN and
// infinities, result dtypes of out= and in-place forms, the Bool fast path against the element
// loop, isclose's tolerances and equal_nan, allclose / equal semantics, and errors.
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/allclose.h>
#include <aten/ops/empty.h>
#include <aten/ops/eq.h>
#include <aten/ops/equal.h>
#include <aten/ops/full.h>
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
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "DtypeShorthands.h"
#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;

namespace {

using ref::kInf;
using ref::kNaN;
using ref::make1d;
using ref::values;

Tensor complex1d(const std::vector<complex<double>>& vs) {
  Tensor t = empty({static_cast<int64_t>(vs.size())}, ScalarType::ComplexDouble);
  for (size_t i = 0; i < vs.size(); ++i) t.data_ptr<complex<double>>()[i] = vs[i];
  return t;
}

std::vector<bool> bools(std::initializer_list<int> v) {
  return std::vector<bool>(v.begin(), v.end());
}

}  // namespace

// ---- eq ne lt le gt ge ----------------------------------------------------------------------

TEST(Compare, NaNIsUnequalToEverything) {
  Tensor a = make1d<double>({kNaN, kNaN, 1, kInf, -kInf, 0});
  Tensor b = make1d<double>({kNaN, 1, kNaN, kInf, kInf, -0.0});
  EXPECT_EQ(values<bool>(eq(a, b)), bools({0, 0, 0, 1, 0, 1}));
  EXPECT_EQ(values<bool>(ne(a, b)), bools({1, 1, 1, 0, 1, 0}));
  EXPECT_EQ(values<bool>(lt(a, b)), bools({0, 0, 0, 0, 1, 0}));
  EXPECT_EQ(values<bool>(le(a, b)), bools({0, 0, 0, 1, 1, 1}));
  EXPECT_EQ(values<bool>(gt(a, b)), bools({0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(values<bool>(ge(a, b)), bools({0, 0, 0, 1, 0, 1}));
  EXPECT_EQ(values<bool>(a == a), bools({0, 0, 1, 1, 1, 1}));
}

TEST(Compare, ResultDtypes) {
  Tensor i = make1d<int32_t>({1, 2, 3}), f = make1d<float>({1.5, 2, 2.5});
  EXPECT_EQ(lt(i, f).dtype(), ScalarType::Bool);
  EXPECT_EQ(values<bool>(lt(i, f)), bools({1, 0, 0}));  // compared in Float
  EXPECT_EQ(values<bool>(i > 2.5), bools({0, 0, 1}));   // a fractional Scalar promotes too
  EXPECT_EQ(values<bool>(eq(i, 2)), bools({0, 1, 0}));
  // out= of another dtype receives 1 / 0.
  Tensor out = empty({0}, ScalarType::Double);
  ge_out(out, i, f);
  EXPECT_EQ(values<double>(out), (std::vector<double>{0, 1, 1}));
  Tensor out_i = empty({3}, ScalarType::Long);
  ne_out(out_i, f, 2);
  EXPECT_EQ(values<int64_t>(out_i), (std::vector<int64_t>{1, 0, 1}));
  // In place keeps self's dtype.
  Tensor g = make1d<float>({1, 5, 3});
  g.gt_(make1d<int64_t>({0, 9, 3}));
  EXPECT_EQ(g.dtype(), ScalarType::Float);
  EXPECT_EQ(values<float>(g), (std::vector<float>{1, 0, 0}));
  Tensor h = make1d<int64_t>({4, 5});
  h.le_(4.5);
  EXPECT_EQ(values<int64_t>(h), (std::vector<int64_t>{1, 0}));
  // Complex: equality only.
  Tensor z = complex1d({{1, 2}, {1, -2}});
  EXPECT_EQ(values<bool>(eq(z, complex1d({{1, 2}, {1, 2}}))), bools({1, 0}));
  EXPECT_EQ(values<bool>(ne(z, complex<double>(1, -2))), bools({1, 0}));
  ref::expect_error([&] { lt(z, z); },
                    {"lt.Tensor:", "\"lt\" not implemented for 'ComplexDouble'"});
  // Meta: the Bool result's geometry.
  Tensor m = empty({4, 1}, TensorOptions(ScalarType::Half).device(kMeta));
  Tensor r = lt(m, empty({3}, TensorOptions(ScalarType::Float).device(kMeta)));
  EXPECT_TRUE(r.is_meta());
  EXPECT_EQ(r.dtype(), ScalarType::Bool);
  EXPECT_EQ(r.sizes(), IntArrayRef({4, 3}));
}

// Bool inputs compare in Bool: an out= of any other dtype gets the result through a Bool
// temporary that the kernel must cast back, or the out keeps its old values. Values from
// torch 1.13 (torch.eq(a, b, out=o) for every op and out dtype).
TEST(Compare, BoolInputsIntoAnOutOfAnotherDtype) {
  using Fn = std::function<void(Tensor&, const Tensor&, const Tensor&)>;
  using FnS = std::function<void(Tensor&, const Tensor&, const Scalar&)>;
  struct Case {
    const char* name;
    Fn tensor;
    FnS scalar;
    std::vector<double> vs_tensor, vs_true;  // a op b, a op true
  };
  const std::vector<Case> cases = {
      {"eq",
       [](Tensor& o, const Tensor& a, const Tensor& b) { eq_out(o, a, b); },
       [](Tensor& o, const Tensor& a, const Scalar& b) { eq_out(o, a, b); },
       {1, 0, 0},
       {1, 0, 1}},
      {"ne",
       [](Tensor& o, const Tensor& a, const Tensor& b) { ne_out(o, a, b); },
       [](Tensor& o, const Tensor& a, const Scalar& b) { ne_out(o, a, b); },
       {0, 1, 1},
       {0, 1, 0}},
      {"lt",
       [](Tensor& o, const Tensor& a, const Tensor& b) { lt_out(o, a, b); },
       [](Tensor& o, const Tensor& a, const Scalar& b) { lt_out(o, a, b); },
       {0, 1, 0},
       {0, 1, 0}},
      {"le",
       [](Tensor& o, const Tensor& a, const Tensor& b) { le_out(o, a, b); },
       [](Tensor& o, const Tensor& a, const Scalar& b) { le_out(o, a, b); },
       {1, 1, 0},
       {1, 1, 1}},
      {"gt",
       [](Tensor& o, const Tensor& a, const Tensor& b) { gt_out(o, a, b); },
       [](Tensor& o, const Tensor& a, const Scalar& b) { gt_out(o, a, b); },
       {0, 0, 1},
       {0, 0, 0}},
      {"ge",
       [](Tensor& o, const Tensor& a, const Tensor& b) { ge_out(o, a, b); },
       [](Tensor& o, const Tensor& a, const Scalar& b) { ge_out(o, a, b); },
       {1, 0, 1},
       {1, 0, 1}},
  };
  const Tensor a = make1d<bool>({1, 0, 1}), b = make1d<bool>({1, 1, 0});
  // b as a strided view (every other element of a [6]): the element loop, not the row loop.
  const Tensor b_strided = make1d<bool>({1, 0, 1, 0, 0, 0}).as_strided({3}, {2});
  auto read = [](const Tensor& t) {
    std::vector<double> v;
    ref::for_each_index(
        t.sizes(), [&](const std::vector<int64_t>& idx) { v.push_back(ref::read_double(t, idx)); });
    return v;
  };
  // 7 everywhere (false for a Bool out), so that an element left unwritten shows.
  auto sevens = [](ScalarType dtype) {
    return full({3}, dtype == ScalarType::Bool ? Scalar(false) : Scalar(7), dtype);
  };
  for (ScalarType dtype : ref::kDtypeOrder) {
    for (const Case& c : cases) {
      SCOPED_TRACE(std::string(c.name) + " into " + toString(dtype));
      Tensor o = sevens(dtype);
      c.tensor(o, a, b);
      EXPECT_EQ(read(o), c.vs_tensor);
      Tensor o_strided = sevens(dtype);
      c.tensor(o_strided, a, b_strided);
      EXPECT_EQ(read(o_strided), c.vs_tensor);
      Tensor o_scalar = sevens(dtype);
      c.scalar(o_scalar, a, true);
      EXPECT_EQ(read(o_scalar), c.vs_true);
      Tensor o_empty = empty({0}, dtype);  // resized, then written
      c.tensor(o_empty, a, b);
      EXPECT_EQ(read(o_empty), c.vs_tensor);
    }
  }
}

// eq_ / ne_ (and eq / ne into a complex out=) on complex tensors write 1 + 0i or 0 for the
// comparison of whole complex numbers. libtorch 1.13 does not: its vector loop compares real
// and imaginary parts separately and writes each (eq_(True) of 1 + 0i gives 1 + 1i,
// pytorch/pytorch#75950, fixed in 2.1), so this is an intentional divergence; the expected
// values are 1.13's functional eq / ne, which are right.
TEST(Compare, ComplexInPlaceWritesOneOrZero) {
  using C = complex<double>;
  const std::vector<C> vs = {{1, 0},    {0, 0},    {1, 1},    {kNaN, 0}, {1, -0.0},
                             {-0.0, 0}, {1, kNaN}, {kInf, 0}, {2, 0},    {0, 1}};
  const std::vector<double> eq_true = {1, 0, 0, 0, 1, 0, 0, 0, 0, 0},
                            eq_false = {0, 1, 0, 0, 0, 1, 0, 0, 0, 0};
  auto flip = [](std::vector<double> v) {
    for (double& x : v) x = 1 - x;
    return v;
  };
  for (ScalarType dtype : {ScalarType::ComplexFloat, ScalarType::ComplexDouble}) {
    SCOPED_TRACE(toString(dtype));
    const Tensor z = complex1d(vs).to(dtype);
    auto read = [](const Tensor& t) {
      const Tensor c = t.to(ScalarType::ComplexDouble);
      std::vector<double> re;
      for (const C& x : values<C>(c)) {
        EXPECT_EQ(x.imag(), 0.0);
        re.push_back(x.real());
      }
      return re;
    };
    EXPECT_EQ(read(z.clone().eq_(true)), eq_true);
    EXPECT_EQ(read(z.clone().eq_(false)), eq_false);
    EXPECT_EQ(read(z.clone().ne_(true)), flip(eq_true));
    EXPECT_EQ(read(z.clone().ne_(false)), flip(eq_false));
    Tensor out = empty({0}, dtype);
    eq_out(out, z, true);
    EXPECT_EQ(read(out), eq_true);
  }
}

template <typename T>
class CompareFastPath : public ::testing::Test {};
using CompareTypes =
    ::testing::Types<bool, uint8_t, int16_t, int32_t, int64_t, float, double, Half>;
TYPED_TEST_SUITE(CompareFastPath, CompareTypes);

// The Bool result's contiguous and broadcast rows (typed loops) agree with strided rows
// (element by element) and with the reference, for every comparison.
TYPED_TEST(CompareFastPath, AgreesWithTheReferenceOnEveryLayout) {
  using T = TypeParam;
  const int64_t rows = 7, cols = 131;
  auto val = [](int64_t i) {
    return std::is_same_v<T, bool> ? (i * 7 % 5 < 2) : static_cast<double>((i * 37) % 11) - 5;
  };
  Tensor a = ref::make<T>({rows, cols}, val);
  Tensor b = ref::make<T>({rows, cols}, [&](int64_t i) { return val(i + 3); });
  Tensor row = ref::make<T>({cols}, [&](int64_t i) { return val(2 * i); });
  Tensor scalar = ref::make<T>({}, [&](int64_t) { return val(4); });
  Tensor at = ref::restride(
      ref::make<T>({cols, rows}, [&](int64_t i) { return val((i % rows) * cols + i / rows); }),
      {rows, cols}, {1, rows});  // a's values, transposed storage
  using Cmp = Tensor (*)(const Tensor&, const Tensor&);
  const std::vector<std::pair<Cmp, bool (*)(double, double)>> ops = {
      {&eq, [](double x, double y) { return x == y; }},
      {&ne, [](double x, double y) { return x != y; }},
      {&lt, [](double x, double y) { return x < y; }},
      {&le, [](double x, double y) { return x <= y; }},
      {&gt, [](double x, double y) { return x > y; }},
      {&ge, [](double x, double y) { return x >= y; }}};
  // Not a structured binding: clang 14 (the tsan and fuzz presets) cannot capture one in the
  // lambda below.
  for (const auto& entry : ops) {
    const Cmp op = entry.first;
    bool (*const ref_op)(double, double) = entry.second;
    for (const Tensor& x : {a, at}) {
      for (const Tensor& y : {b, row, scalar}) {
        for (bool swap : {false, true}) {
          const Tensor& l = swap ? y : x;
          const Tensor& r = swap ? x : y;
          Tensor got = op(l, r);
          ASSERT_EQ(got.dtype(), ScalarType::Bool);
          ref::for_each_index(got.sizes(), [&](const std::vector<int64_t>& idx) {
            ASSERT_EQ(ref::get<bool>(got, idx),
                      ref_op(ref::read_broadcast(l, idx), ref::read_broadcast(r, idx)))
                << l.toString() << " vs " << r.toString() << " at " << IntArrayRef(idx);
          });
        }
      }
    }
  }
}

// ---- isnan / isinf / isfinite ---------------------------------------------------------------

TEST(ValueTests, FloatingIntegralAndComplex) {
  Tensor f = make1d<float>({0, kNaN, kInf, -kInf, -1e38, 1e-45});
  EXPECT_EQ(values<bool>(isnan(f)), bools({0, 1, 0, 0, 0, 0}));
  EXPECT_EQ(values<bool>(isinf(f)), bools({0, 0, 1, 1, 0, 0}));
  EXPECT_EQ(values<bool>(isfinite(f)), bools({1, 0, 0, 0, 1, 1}));
  Tensor h = make1d<BFloat16>({kNaN, kInf, 3});
  EXPECT_EQ(values<bool>(isnan(h)), bools({1, 0, 0}));
  EXPECT_EQ(values<bool>(isinf(h)), bools({0, 1, 0}));
  for (ScalarType dt : {ScalarType::Bool, ScalarType::Byte, ScalarType::Long}) {
    Tensor t = make1d<int64_t>({0, 1, 7}).to(dt);
    EXPECT_EQ(values<bool>(isnan(t)), bools({0, 0, 0}));
    EXPECT_EQ(values<bool>(isinf(t)), bools({0, 0, 0}));
    EXPECT_EQ(values<bool>(isfinite(t)), bools({1, 1, 1}));
  }
  Tensor z = complex1d({{1, kNaN}, {kInf, 0}, {1, 2}, {kNaN, kInf}});
  EXPECT_EQ(values<bool>(isnan(z)), bools({1, 0, 0, 1}));
  EXPECT_EQ(values<bool>(isinf(z)), bools({0, 1, 0, 1}));
  EXPECT_EQ(values<bool>(isfinite(z)), bools({0, 0, 1, 0}));
  // Layout follows self, as for any pointwise op; Meta gives the geometry.
  Tensor t = ref::restride(make1d<double>({1, kNaN, 3, 4, kInf, 6}), {2, 3}, {1, 2});
  Tensor r = isnan(t);
  EXPECT_EQ(r.strides(), IntArrayRef({1, 2}));
  EXPECT_EQ(values<bool>(r), bools({0, 0, 0, 1, 0, 0}));
  ref::expect_same_geometry(isinf(ref::to_meta(t)), isinf(t));
}

// ComplexHalf: ==, != and the value tests as libtorch 1.13 gives them; ordering is refused.
TEST(ValueTests, ComplexHalf) {
  const float inf = INFINITY, nan = NAN;
  const Tensor z = ref::complex_half({{1, 2}, {inf, 0}, {0, nan}, {0.5f, -1}});
  const Tensor w = ref::complex_half({{1, 2}, {inf, 1}, {0, nan}, {0.5f, 1}});
  EXPECT_EQ(values<bool>(eq(z, w)), bools({1, 0, 0, 0}));
  EXPECT_EQ(values<bool>(ne(z, w)), bools({0, 1, 1, 1}));
  EXPECT_EQ(values<bool>(eq(z, complex<double>(0.5, -1))), bools({0, 0, 0, 1}));
  EXPECT_EQ(values<bool>(isnan(z)), bools({0, 0, 1, 0}));
  EXPECT_EQ(values<bool>(isinf(z)), bools({0, 1, 0, 0}));
  EXPECT_EQ(values<bool>(isfinite(z)), bools({1, 0, 0, 1}));
  // In place: 1 or 0 in self's dtype.
  Tensor self = z.clone();
  self.eq_(w);
  ref::expect_complex_half(self, {{1, 0}, {0, 0}, {0, 0}, {0, 0}});
  // isclose in complex<float>: |z - w| against atol + rtol * |w|.
  const Tensor a = ref::complex_half({{3, 4}, {0, 0}}), b = ref::complex_half({{3, 4.25f}, {3, 4}});
  EXPECT_EQ(values<bool>(isclose(a, b, 0, 5)), bools({1, 1}));
  EXPECT_EQ(values<bool>(isclose(a, b, 0, 4.5)), bools({1, 0}));
  EXPECT_TRUE(allclose(a, a));
  ref::expect_error([&] { lt(z, w); }, {"\"lt\" not implemented for 'ComplexHalf'"});
  ref::expect_error([&] { equal(z, w); }, {"\"equal\" not implemented for 'ComplexHalf'"});
}

// ---- isclose / allclose ---------------------------------------------------------------------

TEST(IsClose, TolerancesAreRelativeToOther) {
  // |self - other| <= atol + rtol * |other|: other is the reference, so it is not symmetric.
  Tensor one = make1d<double>({1}), two = make1d<double>({2});
  EXPECT_TRUE(values<bool>(isclose(one, two, 0.5, 0))[0]);
  EXPECT_FALSE(values<bool>(isclose(two, one, 0.5, 0))[0]);
  EXPECT_TRUE(values<bool>(isclose(one, two, 0, 1))[0]);
  EXPECT_FALSE(values<bool>(isclose(one, two, 0, 0.999))[0]);
  // Defaults rtol 1e-5, atol 1e-8.
  Tensor a = make1d<float>({1, 1, 0, 0}), b = make1d<float>({1.000009f, 1.00002f, 1e-9f, 1e-7f});
  EXPECT_EQ(values<bool>(isclose(a, b)), bools({1, 0, 1, 0}));
  // Zero tolerances: equality.
  EXPECT_EQ(values<bool>(isclose(a, a, 0, 0)), bools({1, 1, 1, 1}));
  EXPECT_EQ(values<bool>(isclose(a, b, 0, 0)), bools({0, 0, 0, 0}));
}

TEST(IsClose, NaNAndInfinities) {
  Tensor a = make1d<double>({kNaN, kNaN, 1, kInf, kInf, -kInf, kInf});
  Tensor b = make1d<double>({kNaN, 1, kNaN, kInf, -kInf, -kInf, 1e308});
  EXPECT_EQ(values<bool>(isclose(a, b)), bools({0, 0, 0, 1, 0, 1, 0}));
  EXPECT_EQ(values<bool>(isclose(a, b, 1e-5, 1e-8, true)), bools({1, 0, 0, 1, 0, 1, 0}));
  // An infinite tolerance still needs a finite difference.
  EXPECT_EQ(values<bool>(isclose(a, b, kInf, kInf)), bools({0, 0, 0, 1, 0, 1, 0}));
  // Broadcast, and integers (compared exactly in double).
  Tensor m = make1d<int64_t>({100, 101, 102});
  EXPECT_EQ(values<bool>(isclose(m, make1d<int64_t>({101}), 0, 1)), bools({1, 1, 1}));
  EXPECT_EQ(values<bool>(isclose(m, make1d<int64_t>({100}), 0.01, 0)), bools({1, 1, 0}));
  // Complex: the modulus of the difference.
  Tensor z = complex1d({{3, 4}, {0, 0}}), w = complex1d({{3, 4.25}, {3, 4}});
  EXPECT_EQ(values<bool>(isclose(z, w, 0, 5)), bools({1, 1}));
  EXPECT_EQ(values<bool>(isclose(z, w, 0, 4.5)), bools({1, 0}));
  // Complex with equal_nan: a NaN in either part makes an element NaN, and two NaN elements are
  // close whichever parts hold the NaN (libtorch 1.13: all four true).
  Tensor p = complex1d({{kNaN, 1}, {1, kNaN}, {kNaN, 0}, {1, 1}});
  Tensor q = complex1d({{kNaN, 1}, {kNaN, 1}, {0, kNaN}, {1, 1}});
  EXPECT_EQ(values<bool>(isclose(p, q, 1e-5, 1e-8, true)), bools({1, 1, 1, 1}));
  EXPECT_EQ(values<bool>(isclose(p, q)), bools({0, 0, 0, 1}));
}

// Half and BFloat16 round each step to their dtype, as ATen's composite isclose does: pairs that
// are not close in float are close there (libtorch 1.13: all True; in float all False).
TEST(IsClose, ReducedFloatsRoundEachStep) {
  EXPECT_EQ(values<bool>(isclose(make1d<BFloat16>({0.005340576171875, -0.06005859375}),
                                 make1d<BFloat16>({-0.0947265625, -0.16015625}), 0, 0.1)),
            bools({1, 1}));
  EXPECT_EQ(values<bool>(isclose(make1d<BFloat16>({1.296875, 1.9453125}),
                                 make1d<BFloat16>({1.234375, 2.015625}), 0.01, 0.05)),
            bools({1, 1}));
  EXPECT_EQ(values<bool>(isclose(make1d<Half>({-1.6689453125, 1.705078125}),
                                 make1d<Half>({-1.736328125, 1.638671875}), 0.01, 0.05)),
            bools({1, 1}));
  EXPECT_EQ(values<bool>(isclose(make1d<float>({-1.6689453125, 1.705078125}),
                                 make1d<float>({-1.736328125, 1.638671875}), 0.01, 0.05)),
            bools({0, 0}));
}

TEST(IsClose, Errors) {
  Tensor f = make1d<float>({1}), d = make1d<double>({1});
  ref::expect_error([&] { isclose(f, d); }, {"isclose:", "Float did not match Double"});
  ref::expect_error([&] { isclose(f, f, -1e-5); },
                    {"rtol must be greater than or equal to zero, but got -1e-05"});
  ref::expect_error([&] { isclose(f, f, 1e-5, -1); },
                    {"atol must be greater than or equal to zero"});
  ref::expect_error(
      [&] {
        isclose(make1d<float>({1, 2}), make1d<float>({1, 2, 3}));
      },
      {"isclose:", "[2]", "[3]"});
}

TEST(AllClose, WholeTensorAnswer) {
  Tensor a = ref::make<float>({50, 40}, [](int64_t i) { return i * 0.25; });
  Tensor b = ref::make<float>({50, 40}, [](int64_t i) { return i * 0.25 * (1 + 1e-6); });
  EXPECT_TRUE(allclose(a, b));
  EXPECT_TRUE(a.allclose(b));
  EXPECT_FALSE(allclose(a, b, 0, 0));
  ref::set<float>(b, {49, 39}, 1e9f);  // the very last element
  EXPECT_FALSE(allclose(a, b));
  // Broadcast, transposed, NaN.
  EXPECT_TRUE(allclose(make1d<double>({1, 1, 1}), make1d<double>({1})));
  Tensor t = ref::restride(a.clone(), {40, 50}, {1, 40});
  EXPECT_TRUE(allclose(t, ref::restride(a, {40, 50}, {1, 40})));
  Tensor n = make1d<double>({1, kNaN});
  EXPECT_FALSE(allclose(n, n));
  EXPECT_TRUE(allclose(n, n, 1e-5, 1e-8, true));
  EXPECT_TRUE(allclose(empty({0, 3}), empty({0, 3})));  // vacuously
  // An error raised inside the isclose it calls names allclose first: the op the user called.
  ref::expect_error([&] { allclose(make1d<float>({1}), make1d<double>({1})); },
                    {"allclose: isclose: ", "Float did not match Double"});
  ref::expect_error(
      [&] {
        allclose(make1d<float>({1, 2}), make1d<float>({1, 2, 3}));
      },
      {"allclose: isclose: ", "[2]", "[3]"});
  // It reads the data: a Meta tensor has none.
  Tensor m = empty({2}, TensorOptions().device(kMeta));
  EXPECT_THROW(allclose(m, m), Error);
}

// ---- equal ----------------------------------------------------------------------------------

TEST(Equal, SizesValuesAndDtype) {
  Tensor a = ref::make<int32_t>({30, 70}, [](int64_t i) { return i % 13; });
  Tensor b = a.clone();
  EXPECT_TRUE(equal(a, b));
  EXPECT_TRUE(a.equal(a));
  ref::set<int32_t>(b, {29, 69}, 99);
  EXPECT_FALSE(equal(a, b));
  // Same values, other strides.
  Tensor t = ref::restride(
      ref::make<int32_t>({70, 30}, [](int64_t i) { return (i % 30) * 70 + i / 30; }), {30, 70},
      {1, 30});
  Tensor c = ref::make<int32_t>({30, 70}, [](int64_t i) { return static_cast<double>(i); });
  EXPECT_TRUE(equal(t, c));
  // Different sizes are unequal, even when they would broadcast; no error.
  EXPECT_FALSE(equal(make1d<float>({1, 2}), make1d<float>({1, 2, 3})));
  EXPECT_FALSE(equal(make1d<float>({1}), ref::make<float>({}, [](int64_t) { return 1; })));
  EXPECT_TRUE(equal(empty({0, 2}), empty({0, 2})));
  // NaN is unequal, even to itself; -0 equals +0.
  Tensor n = make1d<double>({1, kNaN});
  EXPECT_FALSE(equal(n, n));
  EXPECT_TRUE(equal(make1d<double>({0}), make1d<double>({-0.0})));
  EXPECT_TRUE(equal(complex1d({{1, 2}}), complex1d({{1, 2}})));
  EXPECT_FALSE(equal(complex1d({{1, 2}}), complex1d({{1, -2}})));
  // Two dtypes compare in the promoted one, as libtorch 1.13 does: Int [1, 2] equals Byte
  // [1, 2]; Float 0.1 is not Double 0.1 (libtorch: True, False).
  EXPECT_TRUE(equal(make1d<int32_t>({1, 2}), make1d<uint8_t>({1, 2})));
  EXPECT_FALSE(equal(make1d<float>({0.1f}), make1d<double>({0.1})));
  EXPECT_TRUE(equal(make1d<float>({0.5f}), make1d<double>({0.5})));
}

TEST(Equal, LargeInputsAcrossThreads) {
  const int64_t n = 1 << 20;
  Tensor a = ref::make<float>({n}, [](int64_t i) { return i % 1000; });
  Tensor b = a.clone();
  EXPECT_TRUE(equal(a, b));
  ref::set<float>(b, {n / 2 + 1}, -1.f);
  EXPECT_FALSE(equal(a, b));
}
