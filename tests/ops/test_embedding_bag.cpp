// The ops of aten/native/EmbeddingBag.cpp, the parts the manifest suite cannot express: the
// bookkeeping outputs as libtorch 1.13 gives them for one example, ATen's subgradients (max
// sends each element's gradient to one row, empty bags send none), second derivatives, Int
// indices, Meta, and the errors.
#include <aten/autograd/Gradcheck.h>
#include <aten/core/Tensor.h>
#include <aten/ops/_embedding_bag.h>
#include <aten/ops/embedding_bag.h>
#include <aten/ops/sum.h>
#include <gtest/gtest.h>

#include <tuple>
#include <vector>

#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using ref::expect_error, ref::of, ref::values_of;

namespace {

// weight row r is [r, 10 r + 1, -r].
Tensor weight10() {
  std::vector<double> v;
  for (int r = 0; r < 10; ++r)
    for (double x : {1.0 * r, 10.0 * r + 1, -1.0 * r}) v.push_back(x);
  return ref::make1d<double>(v).view({10, 3});
}
Tensor indices8() { return of(ScalarType::Long, {1, 2, 4, 5, 4, 3, 2, 9}); }
Tensor offsets4() {
  return of(ScalarType::Long, {0, 2, 2, 5});
}  // {1, 2}, {}, {4, 5, 4}, {3, 2, 9}

}  // namespace

TEST(EmbeddingBag, BookkeepingAsLibtorchGivesIt) {
  const Tensor idx = indices8(), off = offsets4();
  auto [sum, o2b, size, maxi] = embedding_bag(weight10(), idx, off, false, 0);
  EXPECT_EQ(values_of(sum), (std::vector<double>{3, 32, -3, 0, 0, 0, 13, 133, -13, 14, 143, -14}));
  EXPECT_EQ(values_of(o2b), (std::vector<double>{0, 0, 2, 2, 2, 3, 3, 3}));
  EXPECT_EQ(values_of(size), (std::vector<double>{0, 0, 0, 0}));
  EXPECT_EQ(values_of(maxi), (std::vector<double>{0, 0, 0, 0}));

  // padding_idx=-6 is row 4: bag 2 keeps only row 5.
  auto [mean, o2b_m, size_m, maxi_m] = embedding_bag(weight10(), idx, off, false, 1, false,
                                                     std::nullopt, false, -6);
  EXPECT_EQ(values_of(mean), (std::vector<double>{1.5, 16, -1.5, 0, 0, 0, 5, 51, -5, 14.0 / 3,
                                                  143.0 / 3, -14.0 / 3}));
  EXPECT_EQ(values_of(size_m), (std::vector<double>{2, 0, 1, 3}));
  EXPECT_EQ(values_of(maxi_m), (std::vector<double>{2, 0, 1, 3}));

  auto [mx, o2b_x, size_x, maxi_x] = embedding_bag(weight10(), idx, off, false, 2);
  EXPECT_EQ(values_of(mx), (std::vector<double>{2, 21, -1, 0, 0, 0, 5, 51, -4, 9, 91, -2}));
  EXPECT_EQ(maxi_x.sizes(), IntArrayRef({4, 3}));
  EXPECT_EQ(values_of(maxi_x), (std::vector<double>{2, 2, 1, 0, 0, 0, 5, 5, 4, 9, 9, 2}));
  EXPECT_EQ(values_of(size_x), (std::vector<double>{2, 0, 3, 3}));

  // Int indices and offsets keep Int bookkeeping; one of each gives Long.
  auto r = embedding_bag(weight10(), idx.to(ScalarType::Int), off.to(ScalarType::Int), false, 2);
  EXPECT_EQ(std::get<3>(r).scalar_type(), ScalarType::Int);
  EXPECT_EQ(values_of(std::get<0>(r)), values_of(mx));
  EXPECT_EQ(
      std::get<1>(embedding_bag(weight10(), idx.to(ScalarType::Int), off, false, 2)).scalar_type(),
      ScalarType::Long);
  // Indices and offsets are taken in their common dtype, as ATen's: Char indices with Long
  // offsets are read as Long, Char with Char are refused.
  EXPECT_EQ(
      values_of(std::get<0>(embedding_bag(weight10(), idx.to(ScalarType::Char), off, false, 2))),
      values_of(mx));
  expect_error(
      [&] {
        embedding_bag(weight10(), idx.to(ScalarType::Char), off.to(ScalarType::Char), false, 2);
      },
      {"'indices'", "Long, Int", "Char"});
}

TEST(EmbeddingBag, IncludeLastOffsetAndEmptyInputs) {
  const Tensor idx = indices8();
  auto [out, o2b, size, maxi] = embedding_bag(
      weight10(), idx, of(ScalarType::Long, {0, 2, 2, 5, 8}), false, 1, false, std::nullopt, true);
  EXPECT_EQ(out.sizes(), IntArrayRef({4, 3}));
  EXPECT_EQ(values_of(size), (std::vector<double>{2, 0, 3, 3}));
  auto [none, o2b0, size0, maxi0] = embedding_bag(weight10(), of(ScalarType::Long, {}),
                                                  of(ScalarType::Long, {0, 0}), false, 2);
  EXPECT_EQ(none.sizes(), IntArrayRef({2, 3}));
  ref::expect_all(none, 0);
  ref::expect_all(maxi0, 0);
}

TEST(EmbeddingBag, GradientsGoWhereAtenSendsThem) {
  const Tensor idx = indices8(), off = offsets4();
  // max: each element's gradient to the row it came from.
  Tensor w = weight10().requires_grad_();
  aten::sum(std::get<0>(embedding_bag(w, idx, off, false, 2))).backward();
  EXPECT_EQ(values_of(w.grad()),
            (std::vector<double>{0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 1,
                                 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0}));
  // An empty bag sends nothing, even though its max_indices say row 0.
  Tensor w2 = weight10().requires_grad_();
  aten::sum(std::get<0>(embedding_bag(w2, of(ScalarType::Long, {3}), of(ScalarType::Long, {0, 1}),
                                      false, 2)))
      .backward();
  EXPECT_EQ(ref::at2(w2.grad(), 0, 0), 0);
  EXPECT_EQ(ref::at2(w2.grad(), 3, 0), 1);

  // scale_grad_by_freq in mean mode: 1 / bag size / the index's count over all bags (row 3 is
  // once in a bag of one and once in a bag of two: 1/2 + 1/4). libtorch 1.13 gives row 4 0.25
  // here instead of 0.5 (tests/conformance/divergences.yaml).
  Tensor w3 = weight10().requires_grad_();
  aten::sum(std::get<0>(embedding_bag(w3, of(ScalarType::Long, {3, 3, 4}),
                                      of(ScalarType::Long, {0, 1}), true, 1)))
      .backward();
  EXPECT_EQ(ref::at2(w3.grad(), 3, 1), 0.75);
  EXPECT_EQ(ref::at2(w3.grad(), 4, 1), 0.5);

  // per_sample_weights: its gradient is the dot product of the bag's gradient with the row,
  // zero at padding_idx.
  Tensor w4 = weight10().requires_grad_();
  Tensor p = of(ScalarType::Double, {1, 2, 3, 4, 5, 6, 7, 8}).requires_grad_();
  aten::sum(std::get<0>(embedding_bag(w4, idx, off, false, 0, false, p, false, 4))).backward();
  EXPECT_EQ(values_of(p.grad()), (std::vector<double>{11, 21, 0, 51, 0, 31, 21, 91}));
  EXPECT_EQ(ref::at2(w4.grad(), 2, 0), 2 + 7);
  EXPECT_EQ(ref::at2(w4.grad(), 4, 0), 0);
}

TEST(EmbeddingBag, FirstAndSecondDerivativesAgreeWithFiniteDifferences) {
  const Tensor idx = indices8(), off = offsets4();
  const Tensor w = ref::iota({10, 3}, ScalarType::Double).sin().requires_grad_();
  const Tensor p = of(ScalarType::Double, {0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4}).requires_grad_();
  for (int64_t mode : {0, 1, 2}) {
    const bool weighted = mode == 0;
    autograd::TensorFunction fn = [&idx, &off, mode, weighted](const std::vector<Tensor>& in) {
      std::optional<Tensor> per_sample;
      if (weighted) per_sample = in[1];
      return std::vector<Tensor>{
          std::get<0>(embedding_bag(in[0], idx, off, false, mode, false, per_sample, false, 4))};
    };
    std::vector<Tensor> inputs = {w};
    if (weighted) inputs.push_back(p);
    EXPECT_TRUE(autograd::gradcheck(fn, inputs)) << "mode " << mode;
    EXPECT_TRUE(autograd::gradgradcheck(fn, inputs)) << "mode " << mode;
  }
}

TEST(EmbeddingBag, MetaGivesShapesOnly) {
  auto [out, o2b, size, maxi] = embedding_bag(ref::meta({10, 3}), ref::meta({8}, ScalarType::Long),
                                              ref::meta({4}, ScalarType::Long), false, 2);
  EXPECT_TRUE(out.is_meta());
  EXPECT_EQ(out.sizes(), IntArrayRef({4, 3}));
  EXPECT_EQ(o2b.sizes(), IntArrayRef({8}));
  EXPECT_EQ(maxi.sizes(), IntArrayRef({4, 3}));
}

TEST(EmbeddingBag, BadArgumentsAreRefused) {
  const Tensor w = weight10(), idx = indices8();
  const Tensor off = offsets4();
  expect_error(
      [&] {
        embedding_bag(w, idx, of(ScalarType::Long, {1, 2}), false, 0);
      },
      {"offsets[0] has to be 0", "got 1"});
  expect_error(
      [&] {
        embedding_bag(w, idx, of(ScalarType::Long, {0, 9}), false, 0);
      },
      {"offsets[-1] can not be greater than input's length 8"});
  expect_error(
      [&] {
        embedding_bag(w, idx, of(ScalarType::Long, {0, 5, 2}), false, 0);
      },
      {"offsets must not decrease", "offsets[1] is 5"});
  expect_error(
      [&] {
        embedding_bag(w, of(ScalarType::Long, {1, 20}), off.narrow(0, 0, 1), false, 0);
      },
      {"found idx to be 20"});
  expect_error([&] { embedding_bag(w, idx, off, false, 3); }, {"mode must be 0", "got 3"});
  expect_error([&] { embedding_bag(w, idx.to(ScalarType::Float), off, false, 0); },
               {"'indices'", "Long, Int", "Float"});
  expect_error([&] { embedding_bag(w.to(ScalarType::Long), idx, off, false, 0); },
               {"\"_embedding_bag\" not implemented for 'Long'"});
  expect_error([&] { embedding_bag(w.select(0, 0), idx, off, false, 0); },
               {"'weight' must be 2-D"});
  expect_error(
      [&] {
        embedding_bag(w, idx.view({2, 4}), off, false, 0);
      },
      {"'indices' must be 1-D", "[2, 4]"});
  expect_error(
      [&] { embedding_bag(w, idx, off, false, 1, false, ref::iota({8}, ScalarType::Double)); },
      {"per_sample_weights only supported with mode='sum'"});
  expect_error([&] { embedding_bag(w, idx, off, false, 0, false, ref::iota({8})); },
               {"per_sample_weights (Float) must have weight's dtype (Double)"});
  expect_error(
      [&] { embedding_bag(w, idx, off, false, 0, false, ref::iota({7}, ScalarType::Double)); },
      {"one weight per index (8)"});
  expect_error([&] { embedding_bag(w, idx, off, false, 0, false, std::nullopt, false, 10); },
               {"padding_idx must be within the number of embeddings, -10 through 9, but got 10"});
  expect_error([&] { embedding_bag(w, idx, off, false, 0, false, std::nullopt, true); },
               {"include_last_offset=True", "last element (5)", "number of indices (8)"});
  expect_error([&] { embedding_bag(w, idx, of(ScalarType::Long, {}), false, 0); },
               {"offsets is empty"});
}
