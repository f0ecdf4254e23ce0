#include <aten/ATen.h>
#include <gtest/gtest.h>

#include "Reference.h"

using namespace aten;

TEST(Printing, LikePyTorch) {
  EXPECT_EQ(to_string(tensor({1.f, 2.f, 3.f, 4.f}, {2, 2})), "tensor([[1., 2.],\n        [3., 4.]])");
  EXPECT_EQ(to_string(tensor({1.5f, -2.25f})), "tensor([ 1.5000, -2.2500])");
  EXPECT_EQ(to_string(tensor({int64_t{1}, int64_t{20}})), "tensor([ 1, 20])");
  EXPECT_EQ(to_string(tensor({1, 2})), "tensor([1, 2], dtype=Int)");
  EXPECT_EQ(to_string(tensor({7.0}, {})), "tensor(7., dtype=Double)");
  EXPECT_EQ(to_string(empty({0, 3})), "tensor([], size=(0, 3))");
  EXPECT_EQ(to_string(empty({2, 3}, TensorOptions().device(kMeta))),
            "tensor(..., size=(2, 3), device='meta')");
}

TEST(Printing, SummarisesLargeTensors) {
  Tensor t = ref::make<int64_t>({2000}, [](int64_t i) { return double(i); });
  EXPECT_EQ(to_string(t), "tensor([   0,    1,    2, ..., 1997, 1998, 1999])");
}
