// TensorIterator's type promotion: every pair of the 13 dtypes, and every mix of dimensioned
// tensors, 0-dim tensors and wrapped numbers (C++ scalars), against tables written out here
// (PyTorch's result_type rules), through the iterator and through result_type; then casting
// into out= and in-place results, with values.
#include <aten/Factories.h>
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/ScalarOps.h>
#include <aten/core/Tensor.h>
#include <aten/iterator/ResultType.h>
#include <aten/iterator/TensorIterator.h>
#include <aten/ops/add.h>
#include <aten/ops/empty.h>
#include <gtest/gtest.h>

#include "DtypeShorthands.h"

#include <complex>

#include "Reference.h"

using namespace aten;

namespace {

using namespace aten::ref;

constexpr const ScalarType* kOrder = ref::kDtypeOrder;

// The tables are PyTorch 1.13's torch.result_type for the same operands.

// Dimensioned (rows) with dimensioned (columns): ATen's promotion table.
constexpr ScalarType kTensorTensor[13][13] = {
    //        b1  u1  i1  i2  i4  i8  f2  bf  f4  f8  c2  c4  c8
    /* b1 */ {b1, u1, i1, i2, i4, i8, f2, bf, f4, f8, c2, c4, c8},
    /* u1 */ {u1, u1, i2, i2, i4, i8, f2, bf, f4, f8, c2, c4, c8},
    /* i1 */ {i1, i2, i1, i2, i4, i8, f2, bf, f4, f8, c2, c4, c8},
    /* i2 */ {i2, i2, i2, i2, i4, i8, f2, bf, f4, f8, c2, c4, c8},
    /* i4 */ {i4, i4, i4, i4, i4, i8, f2, bf, f4, f8, c2, c4, c8},
    /* i8 */ {i8, i8, i8, i8, i8, i8, f2, bf, f4, f8, c2, c4, c8},
    /* f2 */ {f2, f2, f2, f2, f2, f2, f2, f4, f4, f8, c2, c4, c8},
    /* bf */ {bf, bf, bf, bf, bf, bf, f4, bf, f4, f8, c4, c4, c8},
    /* f4 */ {f4, f4, f4, f4, f4, f4, f4, f4, f4, f8, c4, c4, c8},
    /* f8 */ {f8, f8, f8, f8, f8, f8, f8, f8, f8, f8, c8, c8, c8},
    /* c2 */ {c2, c2, c2, c2, c2, c2, c2, c4, c4, c8, c2, c4, c8},
    /* c4 */ {c4, c4, c4, c4, c4, c4, c4, c4, c4, c8, c4, c4, c8},
    /* c8 */ {c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8},
};

// Dimensioned (rows) with 0-dim (columns): the 0-dim operand counts only when its category
// (bool < integral < floating < complex) is higher. A complex one keeps a floating tensor's
// precision (Half with ComplexDouble is ComplexHalf, Float with it ComplexFloat; BFloat16,
// which has no complex dtype, gives ComplexFloat).
constexpr ScalarType kTensorZeroDim[13][13] = {
    //        b1  u1  i1  i2  i4  i8  f2  bf  f4  f8  c2  c4  c8
    /* b1 */ {b1, u1, i1, i2, i4, i8, f2, bf, f4, f8, c2, c4, c8},
    /* u1 */ {u1, u1, u1, u1, u1, u1, f2, bf, f4, f8, c2, c4, c8},
    /* i1 */ {i1, i1, i1, i1, i1, i1, f2, bf, f4, f8, c2, c4, c8},
    /* i2 */ {i2, i2, i2, i2, i2, i2, f2, bf, f4, f8, c2, c4, c8},
    /* i4 */ {i4, i4, i4, i4, i4, i4, f2, bf, f4, f8, c2, c4, c8},
    /* i8 */ {i8, i8, i8, i8, i8, i8, f2, bf, f4, f8, c2, c4, c8},
    /* f2 */ {f2, f2, f2, f2, f2, f2, f2, f2, f2, f2, c2, c2, c2},
    /* bf */ {bf, bf, bf, bf, bf, bf, bf, bf, bf, bf, c4, c4, c4},
    /* f4 */ {f4, f4, f4, f4, f4, f4, f4, f4, f4, f4, c4, c4, c4},
    /* f8 */ {f8, f8, f8, f8, f8, f8, f8, f8, f8, f8, c8, c8, c8},
    /* c2 */ {c2, c2, c2, c2, c2, c2, c2, c2, c2, c2, c2, c2, c2},
    /* c4 */ {c4, c4, c4, c4, c4, c4, c4, c4, c4, c4, c4, c4, c4},
    /* c8 */ {c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8},
};

// Wrapped numbers: bool, int64, double, complex<double> from C++.
const Scalar kWrapped[4] = {Scalar(true), Scalar(int64_t{2}), Scalar(2.5),
                            Scalar(std::complex<double>(1, 2))};

// Dimensioned (rows) with a wrapped number (columns); a double counts as Float, a complex as
// ComplexFloat (the default dtypes), which a floating tensor makes its own precision: Half plus
// a complex number is ComplexHalf.
constexpr ScalarType kTensorWrapped[13][4] = {
    /* b1 */ {b1, i8, f4, c4},
    /* u1 */ {u1, u1, f4, c4},
    /* i1 */ {i1, i1, f4, c4},
    /* i2 */ {i2, i2, f4, c4},
    /* i4 */ {i4, i4, f4, c4},
    /* i8 */ {i8, i8, f4, c4},
    /* f2 */ {f2, f2, f2, c2},
    /* bf */ {bf, bf, bf, c4},
    /* f4 */ {f4, f4, f4, c4},
    /* f8 */ {f8, f8, f8, c8},
    /* c2 */ {c2, c2, c2, c2},
    /* c4 */ {c4, c4, c4, c4},
    /* c8 */ {c8, c8, c8, c8},
};

// 0-dim (rows) with a wrapped number (columns).
constexpr ScalarType kZeroDimWrapped[13][4] = {
    /* b1 */ {b1, i8, f4, c4},
    /* u1 */ {u1, u1, f4, c4},
    /* i1 */ {i1, i1, f4, c4},
    /* i2 */ {i2, i2, f4, c4},
    /* i4 */ {i4, i4, f4, c4},
    /* i8 */ {i8, i8, f4, c4},
    /* f2 */ {f2, f2, f2, c2},
    /* bf */ {bf, bf, bf, c4},
    /* f4 */ {f4, f4, f4, c4},
    /* f8 */ {f8, f8, f8, c8},
    /* c2 */ {c2, c2, c2, c2},
    /* c4 */ {c4, c4, c4, c4},
    /* c8 */ {c8, c8, c8, c8},
};

Tensor meta(IntArrayRef sizes, ScalarType t) {
  return empty(sizes, TensorOptions(t).device(kMeta));
}

ScalarType result_dtype(const Tensor& a, const Tensor& b) {
  return TensorIterator::binary_op(Tensor(), a, b).output().scalar_type();
}

}  // namespace

TEST(TypePromotion, EveryPairOfDtypes) {
  for (int r = 0; r < 13; ++r)
    for (int c = 0; c < 13; ++c) {
      EXPECT_EQ(result_dtype(meta({3}, kOrder[r]), meta({3}, kOrder[c])), kTensorTensor[r][c])
          << kOrder[r] << " with " << kOrder[c];
      // Two 0-dim tensors are one bucket: the plain table again.
      EXPECT_EQ(result_dtype(meta({}, kOrder[r]), meta({}, kOrder[c])), kTensorTensor[r][c]);
    }
}

TEST(TypePromotion, DimensionedWithZeroDim) {
  for (int r = 0; r < 13; ++r)
    for (int c = 0; c < 13; ++c) {
      EXPECT_EQ(result_dtype(meta({3}, kOrder[r]), meta({}, kOrder[c])), kTensorZeroDim[r][c])
          << kOrder[r] << " with 0-dim " << kOrder[c];
      EXPECT_EQ(result_dtype(meta({}, kOrder[c]), meta({3}, kOrder[r])), kTensorZeroDim[r][c]);
    }
}

TEST(TypePromotion, WithWrappedNumbers) {
  for (int r = 0; r < 13; ++r)
    for (int c = 0; c < 4; ++c) {
      Tensor w = detail::wrapped_scalar_tensor(kWrapped[c]);
      EXPECT_EQ(result_dtype(meta({3}, kOrder[r]), w), kTensorWrapped[r][c])
          << kOrder[r] << " with " << kWrapped[c];
      EXPECT_EQ(result_dtype(w, meta({3}, kOrder[r])), kTensorWrapped[r][c]);
      EXPECT_EQ(result_dtype(meta({}, kOrder[r]), w), kZeroDimWrapped[r][c])
          << "0-dim " << kOrder[r] << " with " << kWrapped[c];
    }
}

// Wrapped numbers alone are still their own bucket: a double counts as Float, a complex as
// ComplexFloat, even when every operand agrees on Double (operands that agree take a short cut
// in the iterator, which must not skip this).
TEST(TypePromotion, OnlyWrappedNumbers) {
  const ScalarType expected[4] = {b1, i8, f4, c4};
  for (int c = 0; c < 4; ++c) {
    Tensor w = detail::wrapped_scalar_tensor(kWrapped[c]);
    EXPECT_EQ(result_dtype(w, w), expected[c]) << kWrapped[c] << " with itself";
  }
  Tensor sum = add(detail::wrapped_scalar_tensor(Scalar(2.5)),
                   detail::wrapped_scalar_tensor(Scalar(1.25)));
  EXPECT_EQ(sum.dtype(), f4);
  EXPECT_EQ(sum.data_ptr<float>()[0], 3.75f);
}

// result_type answers as the iterator computes, for every bucket mix, without building one.
TEST(ResultType, EveryPairOfDtypesInEveryBucket) {
  for (int r = 0; r < 12; ++r) {
    for (int c = 0; c < 12; ++c) {
      EXPECT_EQ(result_type(meta({3}, kOrder[r]), meta({3}, kOrder[c])), kTensorTensor[r][c])
          << kOrder[r] << " with " << kOrder[c];
      EXPECT_EQ(result_type(meta({}, kOrder[r]), meta({}, kOrder[c])), kTensorTensor[r][c]);
      EXPECT_EQ(result_type(meta({3}, kOrder[r]), meta({}, kOrder[c])), kTensorZeroDim[r][c]);
      EXPECT_EQ(result_type(meta({}, kOrder[c]), meta({3}, kOrder[r])), kTensorZeroDim[r][c]);
    }
    for (int c = 0; c < 4; ++c) {
      EXPECT_EQ(result_type(meta({3}, kOrder[r]), kWrapped[c]), kTensorWrapped[r][c])
          << kOrder[r] << " with " << kWrapped[c];
      EXPECT_EQ(result_type(kWrapped[c], meta({3}, kOrder[r])), kTensorWrapped[r][c]);
      EXPECT_EQ(result_type(meta({}, kOrder[r]), kWrapped[c]), kZeroDimWrapped[r][c]);
      // A tensor marked as a wrapped number is in the Scalars' bucket.
      EXPECT_EQ(result_type(meta({3}, kOrder[r]), detail::wrapped_scalar_tensor(kWrapped[c])),
                kTensorWrapped[r][c]);
    }
  }
}

// Two Scalars are one bucket, a double counting as Float and a complex as ComplexFloat
// (libtorch 1.13.1: torch.result_type(2, 2.5) is float32, (True, 2) int64, (2.5, 1j) complex64).
TEST(ResultType, TwoScalars) {
  const ScalarType expected[4][4] = {
      {b1, i8, f4, c4}, {i8, i8, f4, c4}, {f4, f4, f4, c4}, {c4, c4, c4, c4}};
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c)
      EXPECT_EQ(result_type(kWrapped[r], kWrapped[c]), expected[r][c])
          << kWrapped[r] << " with " << kWrapped[c];
  EXPECT_EQ(result_type(Scalar(int64_t{1} << 40), Scalar(1)), i8);
}

TEST(TypePromotion, IntegerToFloatAndComparisonBuilders) {
  TensorIterator f;
  f.build_binary_float_op(Tensor(), meta({2}, i4), meta({2}, i8));
  EXPECT_EQ(f.output().scalar_type(), f4);
  TensorIterator u;
  u.build_unary_float_op(Tensor(), meta({2}, b1));
  EXPECT_EQ(u.output().scalar_type(), f4);
  TensorIterator cmp;
  cmp.build_comparison_op(Tensor(), meta({2}, f8), meta({2}, i4));
  EXPECT_EQ(cmp.output().scalar_type(), b1);
  EXPECT_EQ(cmp.common_dtype(), f8);
  TensorIterator un;
  EXPECT_THROW(un.build_unary_op(meta({2}, f8), meta({2}, f4)), Error);  // unary ops don't cast
}

TEST(TypePromotion, ComputesInTheCommonDtypeWithValues) {
  Tensor i = tensor({1, 2, 3});  // Int
  Tensor r = add(i, tensor({0.5f, 0.25f, 0.125f}));
  EXPECT_EQ(r.dtype(), f4);
  EXPECT_EQ(r.data_ptr<float>()[2], 3.125f);
  Tensor w = add(i, detail::wrapped_scalar_tensor(Scalar(2.5)));
  EXPECT_EQ(w.dtype(), f4);
  EXPECT_EQ(w.data_ptr<float>()[0], 3.5f);
  Tensor l = add(i, detail::wrapped_scalar_tensor(Scalar(int64_t{1} << 40)));
  EXPECT_EQ(l.dtype(), i4);              // a wrapped int64 does not widen an int32 tensor
  Tensor z = add(i, tensor({1.5}, {}));  // 0-dim Double: higher category, its size wins
  EXPECT_EQ(z.dtype(), f8);
  EXPECT_EQ(z.data_ptr<double>()[1], 3.5);
}

// ATen's `half + (1+2j)` computes in ComplexHalf; the three buckets at once (Half with dims, a
// 0-dim Float, a complex number) keep the tensor's precision too, and BFloat16, which has no
// complex dtype, gives ComplexFloat. (The values: test_binary_ops.cpp.)
TEST(TypePromotion, HalfWithAComplexNumberIsComplexHalf) {
  EXPECT_EQ(add(meta({3}, f2), Scalar(std::complex<double>(1, 2))).dtype(), c2);
  ResultTypeState s;
  s.update(meta({3}, f2)).update(meta({}, f4)).update(Scalar(std::complex<double>(0, 1)));
  EXPECT_EQ(s.result(), c2);
  ResultTypeState b;
  b.update(meta({3}, bf)).update(Scalar(std::complex<double>(0, 1)));
  EXPECT_EQ(b.result(), c4);
}

TEST(TypePromotion, OutAndInPlaceCastSafelyOrRefuse) {
  Tensor a = tensor({1.5f, 2.5f}), b = tensor({1.f, 1.f});
  Tensor out_d = empty({2}, f8);
  add_out(out_d, a, b);  // computed in Float, written as Double
  EXPECT_EQ(out_d.data_ptr<double>()[1], 3.5);
  Tensor out_resized = empty({0}, f8);
  add_out(out_resized, a, b);
  EXPECT_EQ(out_resized.sizes(), IntArrayRef({2}));
  EXPECT_EQ(out_resized.data_ptr<double>()[0], 2.5);
  Tensor out_i = tensor({7, 7});
  try {
    add_out(out_i, a, b);
    FAIL();
  } catch (const Error& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("result type Float can't be cast to the desired output type Int"),
              std::string::npos)
        << msg;
  }
  EXPECT_EQ(out_i.data_ptr<int32_t>()[0], 7);  // untouched
  Tensor fl = tensor({1.f, 2.f});
  fl.add_(tensor({0.5, 0.5}));  // Float += Double: computed in Double, cast back
  EXPECT_EQ(fl.dtype(), f4);
  EXPECT_EQ(fl.data_ptr<float>()[1], 2.5f);
  Tensor in = tensor({1, 2});
  EXPECT_THROW(in.add_(tensor({0.5f, 0.5f})), Error);
  EXPECT_EQ(in.data_ptr<int32_t>()[1], 2);
}

TEST(TypePromotion, WrappedCpuScalarsJoinMetaTensors) {
  Tensor m = meta({4}, i4);
  EXPECT_EQ(add(m, detail::wrapped_scalar_tensor(Scalar(2.5))).dtype(), f4);
  EXPECT_TRUE(add(m, detail::wrapped_scalar_tensor(Scalar(2.5))).is_meta());
  EXPECT_THROW(add(m, tensor({1, 2, 3, 4})), Error);  // a dimensioned CPU tensor does not
}
