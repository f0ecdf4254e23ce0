#include <aten/core/ScalarOps.h>
#include <aten/core/Tensor.h>
#include <aten/ops/empty.h>
#include <gtest/gtest.h>

using namespace aten;

TEST(WrappedNumber, ScalarToTensorKeepsTheScalarsKind) {
  Tensor l = detail::scalar_to_tensor(3);
  EXPECT_EQ(l.dim(), 0);
  EXPECT_TRUE(l.is_cpu());
  EXPECT_EQ(l.dtype(), ScalarType::Long);
  EXPECT_EQ(l.item<int64_t>(), 3);
  EXPECT_FALSE(l.is_wrapped_number());
  Tensor d = detail::scalar_to_tensor(2.5f);
  EXPECT_EQ(d.dtype(), ScalarType::Double);
  EXPECT_EQ(d.item<double>(), 2.5);
  Tensor b = detail::scalar_to_tensor(true);
  EXPECT_EQ(b.dtype(), ScalarType::Bool);
  EXPECT_EQ(b.item<bool>(), true);
  Tensor z = detail::scalar_to_tensor(complex<double>(1, -2));
  EXPECT_EQ(z.dtype(), ScalarType::ComplexDouble);
  EXPECT_EQ(z.item<complex<double>>(), complex<double>(1, -2));
}

TEST(WrappedNumber, WrappedScalarTensorIsMarked) {
  for (Scalar s :
       {Scalar(int64_t{-7}), Scalar(0.5), Scalar(false), Scalar(complex<double>(0, 1))}) {
    Tensor t = detail::wrapped_scalar_tensor(s);
    EXPECT_TRUE(t.is_wrapped_number());
    EXPECT_EQ(t.dim(), 0);
    EXPECT_EQ(t.dtype(), s.type());
    EXPECT_EQ(t.item(), s);
  }
}

TEST(WrappedNumber, OnlyZeroDimTensorsCanBeWrapped) {
  Tensor t = empty({2});
  EXPECT_THROW(t.unsafeGetTensorImpl()->set_wrapped_number(true), Error);
  EXPECT_FALSE(t.is_wrapped_number());
  Tensor s = empty({});
  s.unsafeGetTensorImpl()->set_wrapped_number(true);
  EXPECT_TRUE(s.is_wrapped_number());
  s.unsafeGetTensorImpl()->set_wrapped_number(false);
  EXPECT_FALSE(s.is_wrapped_number());
}
