// arange and linspace: dtype inference, ATen's size rule and formulas, out=, Meta, errors.
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/arange.h>
#include <aten/ops/empty.h>
#include <aten/ops/linspace.h>
#include <aten/ops/zeros.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "Reference.h"

using namespace aten;
using aten::ref::expect_error;
using aten::ref::expect_same_geometry;

namespace {

// arange's and linspace's real dtypes (native_functions.yaml); linspace also takes complex.
const ScalarType kRangeDtypes[] = {ScalarType::Byte,     ScalarType::Char,  ScalarType::Short,
                                   ScalarType::Int,      ScalarType::Long,  ScalarType::Half,
                                   ScalarType::BFloat16, ScalarType::Float, ScalarType::Double};

bool is_reduced(ScalarType t) { return t == ScalarType::Half || t == ScalarType::BFloat16; }

// v as dtype t holds it (Half / BFloat16 round to nearest even, through float).
double rounded(double v, ScalarType t) {
  if (t == ScalarType::Half) return static_cast<float>(Half(static_cast<float>(v)));
  if (t == ScalarType::BFloat16) return static_cast<float>(BFloat16(static_cast<float>(v)));
  if (t == ScalarType::Float) return static_cast<float>(v);
  return v;
}

std::vector<double> elements_of(const Tensor& t) {
  std::vector<double> v;
  for (int64_t i = 0; i < t.numel(); ++i) v.push_back(ref::read_double(t, {i}));
  return v;
}

}  // namespace

TEST(Arange, DtypeFromTheArguments) {
  EXPECT_EQ(arange(5).dtype(), ScalarType::Long);
  EXPECT_EQ(arange(0, 5).dtype(), ScalarType::Long);
  EXPECT_EQ(arange(0, 5, 2).dtype(), ScalarType::Long);
  EXPECT_EQ(arange(true, 5).dtype(), ScalarType::Long);  // bool counts as integral
  EXPECT_EQ(arange(5.0).dtype(), ScalarType::Float);
  EXPECT_EQ(arange(0, 5, 0.5).dtype(), ScalarType::Float);
  EXPECT_EQ(arange(0.5, 5).dtype(), ScalarType::Float);
  EXPECT_EQ(arange(5, ScalarType::Double).dtype(), ScalarType::Double);
  EXPECT_EQ(arange(0, 5, 1, ScalarType::Int, std::nullopt, std::nullopt, std::nullopt).dtype(),
            ScalarType::Int);
}

TEST(Arange, ValuesAgainstAReference) {
  EXPECT_EQ(elements_of(arange(5)), (std::vector<double>{0, 1, 2, 3, 4}));
  EXPECT_EQ(elements_of(arange(2, 5)), (std::vector<double>{2, 3, 4}));
  EXPECT_EQ(elements_of(arange(0, 10, 3)), (std::vector<double>{0, 3, 6, 9}));
  EXPECT_EQ(elements_of(arange(10, 0, -3)), (std::vector<double>{10, 7, 4, 1}));
  EXPECT_EQ(elements_of(arange(-5, 5, 2)), (std::vector<double>{-5, -3, -1, 1, 3}));
  EXPECT_EQ(elements_of(arange(1, 2.5, 0.5)), (std::vector<double>{1, 1.5, 2}));
  EXPECT_EQ(arange(0, 1, 0.1).numel(), 10);  // ceil((1 - 0) / 0.1) in double
  EXPECT_EQ(arange(5, 5).numel(), 0);
  EXPECT_EQ(arange(0.0).numel(), 0);
  for (ScalarType t : kRangeDtypes) {
    const double start = isFloatingType(t) ? -1.25 : 1, step = isFloatingType(t) ? 0.75 : 3;
    Tensor r = arange(start, 40, step, t);
    const auto n = static_cast<int64_t>(std::ceil((40 - start) / step));
    ASSERT_EQ(r.sizes(), IntArrayRef({n})) << t;
    EXPECT_EQ(r.dtype(), t);
    for (int64_t i = 0; i < n; ++i) {
      const double expected = rounded(start + step * i, t);  // exact before rounding, in any type
      ASSERT_EQ(ref::read_double(r, {i}), expected) << t << " at " << i;
    }
    expect_same_geometry(arange(start, 40, step, TensorOptions(t).device(kMeta)), r);
  }
  // Long counts exactly near the int64 limits (a double could not).
  const int64_t big = std::numeric_limits<int64_t>::max();
  Tensor edge = arange(big - 4, big, 3);
  ASSERT_EQ(edge.numel(), 2);
  EXPECT_EQ(edge.data_ptr<int64_t>()[1], big - 1);
  // Many elements: the parallel path.
  Tensor many = arange(100000, ScalarType::Float);
  EXPECT_EQ(many.data_ptr<float>()[99999], 99999.f);
}

TEST(Arange, OutIsResizedWhenEmptyAndMayBeStrided) {
  Tensor out = empty({0}, ScalarType::Int);
  EXPECT_TRUE(arange_out(out, 0, 6, 2).is_same(out));
  EXPECT_EQ(elements_of(out), (std::vector<double>{0, 2, 4}));
  Tensor base = zeros({6}, ScalarType::Double);
  Tensor every_other = base.slice(0, 0, 6, 2);
  arange_out(every_other, 3);
  EXPECT_EQ(elements_of(base), (std::vector<double>{0, 0, 1, 0, 2, 0}));
  Tensor m = empty({0}, TensorOptions(ScalarType::Long).device(kMeta));
  arange_out(m, 7);
  EXPECT_EQ(m.sizes(), IntArrayRef({7}));
  expect_error(
      [] {
        Tensor o = zeros({2});
        arange_out(o, 5);
      },
      {"arange.start_out: ", "out tensor has shape [2]"});
}

TEST(Arange, Errors) {
  expect_error([] { arange(0, 10, 0); }, {"arange.start_out: ", "step must be nonzero"});
  expect_error([] { arange(10, 0, 1); },
               {"upper bound and larger bound inconsistent with step sign"});
  expect_error([] { arange(0, 10, -1.5); }, {"inconsistent with step sign"});
  expect_error([] { arange(0, std::numeric_limits<double>::infinity()); },
               {"unsupported range: 0 -> inf"});
  // Meta checks the same.
  expect_error([] { arange(0, 10, 0, TensorOptions().device(kMeta)); }, {"step must be nonzero"});
  expect_error([] { arange(0, 10, 1, ScalarType::Bool); },
               {"\"arange\" not implemented for 'Bool'"});
}

TEST(Linspace, AtensSymmetricFormula) {
  EXPECT_EQ(elements_of(linspace(0, 1, 5)), (std::vector<double>{0, 0.25, 0.5, 0.75, 1}));
  EXPECT_EQ(linspace(0, 1, 5).dtype(), ScalarType::Float);  // integer bounds still give Float
  EXPECT_EQ(elements_of(linspace(-10, 10, 5, ScalarType::Long)),
            (std::vector<double>{-10, -5, 0, 5, 10}));
  // Integral dtypes step in double and truncate: ATen gives [0, 3, 6, 10].
  EXPECT_EQ(elements_of(linspace(0, 10, 4, ScalarType::Long)), (std::vector<double>{0, 3, 6, 10}));
  EXPECT_EQ(elements_of(linspace(3, 7, 1)), (std::vector<double>{3}));
  EXPECT_EQ(linspace(3, 7, 0).numel(), 0);
  for (ScalarType t : kRangeDtypes) {
    const int64_t steps = 17;
    const double start = t == ScalarType::Byte ? 3 : -3, end = 100;
    Tensor r = linspace(start, end, steps, t);
    ASSERT_EQ(r.sizes(), IntArrayRef({steps}));
    EXPECT_EQ(r.dtype(), t);
    for (int64_t i = 0; i < steps; ++i) {
      // Up from start for the first half, down from end for the second; Float steps in float,
      // the others in double (integers truncate).
      double v;
      if (t == ScalarType::Float || is_reduced(t)) {
        // Half and BFloat16 step in float, from ends already rounded to the dtype.
        const float first = rounded(start, t), last = rounded(end, t);
        const float step = (last - first) / 16.f;
        v = rounded(i < steps / 2 ? first + step * static_cast<float>(i)
                                  : last - step * static_cast<float>(steps - i - 1),
                    t);
      } else {
        const double step = (end - start) / 16.0;
        v = i < steps / 2 ? start + step * i : end - step * (steps - i - 1);
        if (isIntegralType(t, false)) v = std::trunc(v);
      }
      ASSERT_EQ(ref::read_double(r, {i}), v) << t << " at " << i;
    }
    expect_same_geometry(linspace(start, end, steps, TensorOptions(t).device(kMeta)), r);
  }
  // Symmetric about the middle, ends exact.
  Tensor s = linspace(-1.0, 1.0, 101, ScalarType::Double);
  for (int64_t i = 0; i < 101; ++i)
    ASSERT_EQ(ref::read_double(s, {i}), -ref::read_double(s, {100 - i})) << i;
  EXPECT_EQ(ref::read_double(s, {100}), 1.0);
}

TEST(Linspace, OutAndErrors) {
  Tensor out = empty({0}, ScalarType::Double);
  linspace_out(out, 1, 2, 3);
  EXPECT_EQ(elements_of(out), (std::vector<double>{1, 1.5, 2}));
  // 0 steps into an empty out of any shape leaves its shape (ATen resizes only when the element
  // count differs).
  Tensor empty_out = empty({3, 0}, ScalarType::Float);
  linspace_out(empty_out, 5, 0, 0);
  EXPECT_EQ(empty_out.sizes(), IntArrayRef({3, 0}));
  expect_error([] { linspace(0, 1, -1); },
               {"linspace: number of steps must be non-negative, got -1"});
  expect_error([] { linspace(0, 1, 3, ScalarType::Bool); },
               {"\"linspace\" not implemented for 'Bool'"});
  expect_error(
      [] {
        Tensor o = empty({2});
        linspace_out(o, 0, 1, 3);
      },
      {"linspace.out: ", "out tensor has shape [2]"});
  // An expanded out= (several elements in one place) is refused, as libtorch 1.13 refuses it.
  Tensor one = zeros({1});
  Tensor expanded = one.expand({5});
  expect_error([&] { linspace_out(expanded, 0, 1, 5); },
               {"linspace.out: ", "more than one element of the written-to tensor"});
  EXPECT_EQ(one.data_ptr<float>()[0], 0.f);
  // Complex bounds pick ComplexFloat; real and imaginary parts step together.
  Tensor z = linspace(0, std::complex<double>(1, -2), 5);
  EXPECT_EQ(z.dtype(), ScalarType::ComplexFloat);
  EXPECT_EQ(z.data_ptr<complex<float>>()[1], complex<float>(0.25f, -0.5f));
  EXPECT_EQ(z.data_ptr<complex<float>>()[4], complex<float>(1, -2));
  Tensor zd = linspace(std::complex<double>(1, 1), 3, 3, ScalarType::ComplexDouble);
  EXPECT_EQ(zd.data_ptr<complex<double>>()[1], complex<double>(2, 0.5));
  expect_same_geometry(linspace(0, std::complex<double>(1, 1), 4, TensorOptions().device(kMeta)),
                       linspace(0, std::complex<double>(1, 1), 4));
  // Complex bounds with a real dtype would drop the imaginary part: refused, as ATen.
  expect_error(
      [] { linspace(std::complex<double>(-1.25, 0), 1, 2, ScalarType::Long); },
      {"linspace(): inferred dtype ComplexFloat can't be safely cast to passed dtype Long"});
  expect_error([] { linspace(4, std::complex<double>(0.5, 0), 2, ScalarType::Float); },
               {"linspace", "passed dtype Float"});
  expect_error([] { arange(0, 3, 1, ScalarType::ComplexFloat); },
               {"\"arange\" not implemented for 'ComplexFloat'"});
}
