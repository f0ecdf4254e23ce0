// Expected strings are PyTorch's output (default print options) for the same tensors.
#include <aten/Factories.h>
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/empty.h>
#include <gtest/gtest.h>

#include <cmath>

#include "Reference.h"

using namespace aten;

TEST(Printing, LikePyTorch) {
  EXPECT_EQ(to_string(tensor({1.f, 2.f, 3.f, 4.f}, {2, 2})),
            "tensor([[1., 2.],\n        [3., 4.]])");
  EXPECT_EQ(to_string(tensor({1.5f, -2.25f})), "tensor([ 1.5000, -2.2500])");
  EXPECT_EQ(to_string(tensor({int64_t{1}, int64_t{20}})), "tensor([ 1, 20])");
  EXPECT_EQ(to_string(tensor({1, 2})), "tensor([1, 2], dtype=torch.int32)");
  EXPECT_EQ(to_string(tensor({7.0}, {})), "tensor(7., dtype=torch.float64)");
  EXPECT_EQ(to_string(empty({0, 3})), "tensor([], size=(0, 3))");
  EXPECT_EQ(to_string(empty({0}, ScalarType::Long)), "tensor([], dtype=torch.int64)");
  EXPECT_EQ(to_string(empty({2, 3}, TensorOptions().device(kMeta))),
            "tensor(..., device='meta', size=(2, 3))");
  EXPECT_EQ(to_string(empty({2}, TensorOptions(ScalarType::Long).device(kMeta))),
            "tensor(..., device='meta', size=(2,), dtype=torch.int64)");
}

TEST(Printing, EveryDtype) {
  EXPECT_EQ(to_string(tensor({true, false})), "tensor([ True, False])");
  EXPECT_EQ(to_string(tensor({uint8_t{1}, uint8_t{255}})), "tensor([  1, 255], dtype=torch.uint8)");
  EXPECT_EQ(to_string(tensor({int8_t{-1}, int8_t{2}})), "tensor([-1,  2], dtype=torch.int8)");
  EXPECT_EQ(to_string(tensor({int16_t{3}})), "tensor([3], dtype=torch.int16)");
  EXPECT_EQ(to_string(tensor({int64_t{9223372036854775807}})), "tensor([9223372036854775807])");
  EXPECT_EQ(to_string(tensor({Half(1.5f), Half(2.f)})),
            "tensor([1.5000, 2.0000], dtype=torch.float16)");
  EXPECT_EQ(to_string(tensor({BFloat16(1.f), BFloat16(2.f)})),
            "tensor([1., 2.], dtype=torch.bfloat16)");
  EXPECT_EQ(to_string(tensor({0.1, 0.25})), "tensor([0.1000, 0.2500], dtype=torch.float64)");
  EXPECT_EQ(to_string(tensor({complex<float>(1, 2), complex<float>(3, -4)})),
            "tensor([1.+2.j, 3.-4.j])");
  EXPECT_EQ(to_string(tensor({complex<float>(1.5f, 2.f), complex<float>(-3.f, -0.25f)})),
            "tensor([ 1.5000+2.0000j, -3.0000-0.2500j])");
  EXPECT_EQ(to_string(tensor({complex<double>(0, 1)})), "tensor([0.+1.j], dtype=torch.complex128)");
  EXPECT_EQ(to_string(tensor({complex<float>(1, 2)}, {})), "tensor(1.+2.j)");
}

// complex32 prints as PyTorch prints it: the parts' values (read as floats), always named.
TEST(Printing, ComplexHalf) {
  using CH = complex<Half>;
  EXPECT_EQ(to_string(tensor({CH(1.f, 2.f), CH(3.f, -4.f)})),
            "tensor([1.+2.j, 3.-4.j], dtype=torch.complex32)");
  EXPECT_EQ(to_string(tensor({CH(1.5f, 2.f), CH(-3.f, -0.25f)})),
            "tensor([ 1.5000+2.0000j, -3.0000-0.2500j], dtype=torch.complex32)");
  EXPECT_EQ(to_string(tensor({CH(0.1f, 0.2f), CH(1e4f, -1e-3f)})),
            "tensor([9.9976e-02+0.2000j, 1.0000e+04-0.0010j], dtype=torch.complex32)");
  EXPECT_EQ(to_string(tensor({CH(1.f, 2.f)}, {})), "tensor(1.+2.j, dtype=torch.complex32)");
  EXPECT_EQ(to_string(tensor({CH(INFINITY, 0.f), CH(NAN, 0.f), CH(1.f, 1.f)})),
            "tensor([inf+0.j, nan+0.j, 1.+1.j], dtype=torch.complex32)");
  EXPECT_EQ(to_string(empty({0}, ScalarType::ComplexHalf)), "tensor([], dtype=torch.complex32)");
  EXPECT_EQ(to_string(empty({2}, TensorOptions(ScalarType::ComplexHalf).device(kMeta))),
            "tensor(..., device='meta', size=(2,), dtype=torch.complex32)");
}

TEST(Printing, FloatModes) {
  // Integer-valued but far apart: scientific.
  EXPECT_EQ(to_string(tensor({1.f, 2000.f})), "tensor([1.0000e+00, 2.0000e+03])");
  EXPECT_EQ(to_string(tensor({1e-5f, 1.f})), "tensor([1.0000e-05, 1.0000e+00])");
  // Width comes from the non-zero finite values; inf and nan are padded to it.
  EXPECT_EQ(to_string(tensor({1.5f, INFINITY, NAN})), "tensor([1.5000,    inf,    nan])");
  EXPECT_EQ(to_string(tensor({1.f, INFINITY})), "tensor([1., inf])");
  EXPECT_EQ(to_string(tensor({0.f, NAN})), "tensor([0., nan])");
  EXPECT_EQ(to_string(tensor({-0.f})), "tensor([-0.])");
}

TEST(Printing, ThreeDims) {
  Tensor t = ref::make<float>({2, 2, 2}, [](int64_t i) { return double(i); });
  EXPECT_EQ(to_string(t),
            "tensor([[[0., 1.],\n"
            "         [2., 3.]],\n"
            "\n"
            "        [[4., 5.],\n"
            "         [6., 7.]]])");
}

TEST(Printing, LongRowsWrapAtEightyColumns) {
  Tensor t = ref::make<int64_t>({30}, [](int64_t i) { return double(i); });
  EXPECT_EQ(to_string(t),
            "tensor([ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16, 17,\n"
            "        18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29])");
}

TEST(Printing, SummarisesLargeTensors) {
  Tensor t = ref::make<int64_t>({2000}, [](int64_t i) { return double(i); });
  EXPECT_EQ(to_string(t), "tensor([   0,    1,    2,  ..., 1997, 1998, 1999])");
  // torch.arange(10000).reshape(100, 100)
  Tensor m = ref::make<int64_t>({100, 100}, [](int64_t i) { return double(i); });
  EXPECT_EQ(to_string(m),
            "tensor([[   0,    1,    2,  ...,   97,   98,   99],\n"
            "        [ 100,  101,  102,  ...,  197,  198,  199],\n"
            "        [ 200,  201,  202,  ...,  297,  298,  299],\n"
            "        ...,\n"
            "        [9700, 9701, 9702,  ..., 9797, 9798, 9799],\n"
            "        [9800, 9801, 9802,  ..., 9897, 9898, 9899],\n"
            "        [9900, 9901, 9902,  ..., 9997, 9998, 9999]])");
  // torch.arange(10000.).reshape(100, 100): scientific, and each row wraps after 6 elements.
  Tensor f = ref::make<float>({100, 100}, [](int64_t i) { return double(i); });
  EXPECT_EQ(to_string(f),
            "tensor([[0.0000e+00, 1.0000e+00, 2.0000e+00,  ..., 9.7000e+01, 9.8000e+01,\n"
            "         9.9000e+01],\n"
            "        [1.0000e+02, 1.0100e+02, 1.0200e+02,  ..., 1.9700e+02, 1.9800e+02,\n"
            "         1.9900e+02],\n"
            "        [2.0000e+02, 2.0100e+02, 2.0200e+02,  ..., 2.9700e+02, 2.9800e+02,\n"
            "         2.9900e+02],\n"
            "        ...,\n"
            "        [9.7000e+03, 9.7010e+03, 9.7020e+03,  ..., 9.7970e+03, 9.7980e+03,\n"
            "         9.7990e+03],\n"
            "        [9.8000e+03, 9.8010e+03, 9.8020e+03,  ..., 9.8970e+03, 9.8980e+03,\n"
            "         9.8990e+03],\n"
            "        [9.9000e+03, 9.9010e+03, 9.9020e+03,  ..., 9.9970e+03, 9.9980e+03,\n"
            "         9.9990e+03]])");
  // Only the first dim is long: 1001 elements, so it is summarised, rows are not.
  Tensor r = ref::make<int64_t>({1001, 1}, [](int64_t i) { return double(i); });
  EXPECT_EQ(to_string(r),
            "tensor([[   0],\n        [   1],\n        [   2],\n        ...,\n"
            "        [ 998],\n        [ 999],\n        [1000]])");
}

TEST(Printing, ToStringNamesDtypeShapeAndStrides) {
  EXPECT_EQ(empty({2, 3}).toString(), "Float[2, 3] (strides [3, 1])");
  EXPECT_EQ(empty({4}, ScalarType::ComplexDouble).toString(), "ComplexDouble[4] (strides [1])");
  EXPECT_EQ(empty({}, ScalarType::Half).toString(), "Half[] (strides [])");
}
