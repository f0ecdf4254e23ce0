#include <aten/Factories.h>
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/Parallel.h>
#include <aten/iterator/TensorIterator.h>
#include <aten/ops/add.h>
#include <aten/ops/empty.h>
#include <aten/ops/empty_strided.h>
#include <gtest/gtest.h>

#include "Reference.h"

using namespace aten;
using aten::ref::make;
using aten::ref::restride;

namespace {
Tensor channels_last(IntArrayRef sizes) {
  return empty(sizes, TensorOptions().memory_format(MemoryFormat::ChannelsLast));
}
}  // namespace

// The worked example: a [1, 64, 5, 4] channels-last float input copied into a contiguous
// output. The output's order decides (W, H, C, N); W and H merge, N (size 1) merges too.
TEST(TensorIterator, ChannelsLastIntoContiguousCoalescesToTwoDims) {
  Tensor in = channels_last({1, 64, 5, 4});
  Tensor out = empty({1, 64, 5, 4});
  TensorIteratorConfig config;
  config.add_output(out).add_input(in);
  TensorIterator iter(config);
  EXPECT_EQ(iter.ndim(), 2);
  EXPECT_EQ(iter.shape(), IntArrayRef({20, 64}));
  EXPECT_EQ(iter.strides(0), IntArrayRef({4, 80}));   // output: contiguous W*H, then C
  EXPECT_EQ(iter.strides(1), IntArrayRef({256, 4}));  // input: channels-last
}

TEST(TensorIterator, FunctionalOpKeepsChannelsLast) {
  Tensor a = channels_last({2, 3, 4, 5});
  Tensor b = channels_last({2, 3, 4, 5});
  ref::fill<float>(a, [](int64_t i) { return i; });
  ref::fill<float>(b, [](int64_t i) { return 2 * i; });
  Tensor r = add(a, b);
  EXPECT_TRUE(r.is_contiguous(MemoryFormat::ChannelsLast));
  // Mixed with a broadcast operand the slow path must reach the same layout.
  Tensor bias = make<float>({1, 3, 1, 1}, [](int64_t i) { return i; });
  Tensor r2 = add(a, bias);
  EXPECT_TRUE(r2.is_contiguous(MemoryFormat::ChannelsLast));
  EXPECT_EQ(ref::get<float>(r2, {1, 2, 3, 4}), ref::get<float>(a, {1, 2, 3, 4}) + 2);
}

TEST(TensorIterator, ContiguousOperandsTakeTheFastPath) {
  Tensor a = empty({4, 5, 6}), b = empty({4, 5, 6});
  auto iter = TensorIterator::binary_op(Tensor(), a, b);
  EXPECT_EQ(iter.ndim(), 1);
  EXPECT_EQ(iter.shape(), IntArrayRef({120}));
  EXPECT_TRUE(iter.is_contiguous());
  EXPECT_TRUE(iter.output().is_contiguous());
}

TEST(TensorIterator, BroadcastShapeAndStrides) {
  Tensor a = empty({3, 1}), b = empty({4});
  auto iter = TensorIterator::binary_op(Tensor(), a, b);
  EXPECT_EQ(iter.output().sizes(), IntArrayRef({3, 4}));
  EXPECT_EQ(iter.ndim(), 2);
  EXPECT_EQ(iter.strides(1), IntArrayRef({0, 4}));  // a: broadcast along the fast dim
  EXPECT_EQ(iter.strides(2), IntArrayRef({4, 0}));  // b: broadcast along rows
  EXPECT_FALSE(iter.is_scalar(1));
  auto iter2 = TensorIterator::binary_op(Tensor(), empty({}), b);
  EXPECT_TRUE(iter2.is_scalar(1));
}

TEST(TensorIterator, IncompatibleShapesNameBoth) {
  try {
    TensorIterator::binary_op(Tensor(), empty({2, 3}), empty({4}));
    FAIL();
  } catch (const Error& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("The size of tensor a (3) must match the size of tensor b (4) at "
                       "non-singleton dimension 1"),
              std::string::npos)
        << msg;
    EXPECT_NE(msg.find("[2, 3] and [4]"), std::string::npos) << msg;
  }
}

TEST(TensorIterator, TransposedInputsGiveATransposedOutput) {
  Tensor base_a = empty({5, 4}), base_b = empty({5, 4});
  Tensor at = restride(base_a, {4, 5}, {1, 4}), bt = restride(base_b, {4, 5}, {1, 4});
  auto iter = TensorIterator::binary_op(Tensor(), at, bt);
  EXPECT_EQ(iter.output().sizes(), IntArrayRef({4, 5}));
  EXPECT_EQ(iter.output().strides(), IntArrayRef({1, 4}));
  EXPECT_EQ(iter.ndim(), 1);  // all three dense in the same order: one flat loop
}

TEST(TensorIterator, AnEmptyOutOfAnotherDtypeIsResizedBehindItsTemporary) {
  // A Double out= of a Float computation stands behind a Float temporary (compute_types); both
  // take the broadcast shape, and the caller's tensor is the iterator's output.
  Tensor out = empty({0}, ScalarType::Double);
  auto iter = TensorIterator::binary_op(out, empty({2, 3}), empty({3}));
  EXPECT_EQ(out.sizes(), IntArrayRef({2, 3}));
  EXPECT_TRUE(iter.maybe_get_output(0).is_same(out));
  EXPECT_EQ(iter.output(0).scalar_type(), ScalarType::Float);
  EXPECT_EQ(iter.output(0).sizes(), IntArrayRef({2, 3}));
}

TEST(TensorIterator, ContiguousOutputDecidesTheOrderAgainstATransposedInput) {
  Tensor out = empty({4, 5});
  Tensor at = restride(empty({5, 4}), {4, 5}, {1, 4});
  TensorIteratorConfig config;
  config.add_output(out).add_input(at);
  TensorIterator iter(config);
  EXPECT_EQ(iter.ndim(), 2);
  EXPECT_EQ(iter.shape(), IntArrayRef({5, 4}));
  EXPECT_EQ(iter.strides(0), IntArrayRef({4, 20}));
  EXPECT_EQ(iter.strides(1), IntArrayRef({16, 4}));
}

TEST(TensorIterator, OutputOverlapChecks) {
  Tensor expanded = restride(empty({3}), {4, 3}, {0, 1});
  EXPECT_THROW(TensorIterator::binary_op(expanded, empty({4, 3}), empty({4, 3})), Error);
  // out partially overlapping an input: shifted by one element of the same storage.
  Tensor base = empty({10});
  Tensor in = restride(base, {8}, {1}, 0), out = restride(base, {8}, {1}, 1);
  EXPECT_THROW(TensorIterator::binary_op(out, in, in), Error);
  // Full overlap is in-place: allowed.
  EXPECT_NO_THROW(TensorIterator::binary_op(in, in, in));
}

TEST(TensorIterator, ForEachVisitsEveryElementOnce) {
  Tensor base = make<float>({6, 8}, [](int64_t i) { return i; });
  Tensor strided = restride(base, {3, 4}, {16, 2}, 1);  // rows 0,2,4 / cols 1,3,5,7
  Tensor out = empty({3, 4});
  TensorIteratorConfig config;
  config.add_output(out).add_input(strided);
  TensorIterator iter(config);
  iter.for_each([](char** data, const int64_t* strides, int64_t n0, int64_t n1) {
    for (int64_t j = 0; j < n1; ++j)
      for (int64_t i = 0; i < n0; ++i)
        *reinterpret_cast<float*>(data[0] + i * strides[0] + j * strides[2]) =
            *reinterpret_cast<float*>(data[1] + i * strides[1] + j * strides[3]);
  });
  ref::for_each_index(out.sizes(), [&](const std::vector<int64_t>& idx) {
    EXPECT_EQ(ref::get<float>(out, idx), float(idx[0] * 16 + idx[1] * 2 + 1));
  });
}

TEST(TensorIterator, MetaTensorsGetShapeWithoutData) {
  Tensor a = empty({3, 1}, TensorOptions().device(kMeta)),
         b = empty({4}, TensorOptions().device(kMeta));
  auto iter = TensorIterator::binary_op(Tensor(), a, b);
  EXPECT_TRUE(iter.output().is_meta());
  EXPECT_EQ(iter.output().sizes(), IntArrayRef({3, 4}));
  EXPECT_THROW(TensorIterator::binary_op(Tensor(), a, empty({4})), Error);  // device mismatch
}

namespace {
// Copies through the iterator's for_each with a plain element loop, counting visits.
void copy_with_for_each(TensorIterator& iter, std::vector<int>& visits, const Tensor& out) {
  auto* out_base = static_cast<char*>(out.data_ptr());
  iter.for_each([&](char** data, const int64_t* strides, int64_t n0, int64_t n1) {
    for (int64_t j = 0; j < n1; ++j)
      for (int64_t i = 0; i < n0; ++i) {
        char* o = data[0] + i * strides[0] + j * strides[2];
        *reinterpret_cast<float*>(o) = *reinterpret_cast<float*>(data[1] + i * strides[1] +
                                                                 j * strides[3]);
        visits[(o - out_base) / sizeof(float)]++;
      }
  });
}
}  // namespace

TEST(TensorIterator, TransposedCopyIsWalkedInTilesVisitingEveryElementOnce) {
  for (int threads : {1, 2}) {
    set_num_threads(threads);
    Tensor src_base = make<float>({300, 1000}, [](int64_t i) { return i; });
    Tensor src = restride(src_base, {1000, 300}, {1, 1000});  // a.t()
    Tensor out = empty({1000, 300});
    TensorIteratorConfig config;
    config.add_output(out).add_input(src);
    TensorIterator iter(config);
    EXPECT_TRUE(iter.is_tiled());
    std::vector<int> visits(out.numel(), 0);
    copy_with_for_each(iter, visits, out);
    for (int v : visits) ASSERT_EQ(v, 1);
    ref::for_each_index(out.sizes(), [&](const std::vector<int64_t>& idx) {
      ASSERT_EQ(ref::get<float>(out, idx), float(idx[1] * 1000 + idx[0]));
    });
  }
  set_num_threads(2);
}

TEST(TensorIterator, NchwToNhwcIsTiledAcrossTheOuterDims) {
  Tensor src = make<float>({3, 40, 17, 19}, [](int64_t i) { return i; });
  Tensor out = channels_last({3, 40, 17, 19});
  TensorIteratorConfig config;
  config.add_output(out).add_input(src);
  TensorIterator iter(config);
  EXPECT_TRUE(iter.is_tiled());
  EXPECT_EQ(iter.shape(), IntArrayRef({40, 17 * 19, 3}));  // C, H*W, N
  std::vector<int> visits(out.numel(), 0);
  copy_with_for_each(iter, visits, out);
  for (int v : visits) ASSERT_EQ(v, 1);
  ref::for_each_index(out.sizes(), [&](const std::vector<int64_t>& idx) {
    ASSERT_EQ(ref::get<float>(out, idx), ref::get<float>(src, idx));
  });
}

TEST(TensorIterator, AgreeingOrSmallOperandsAreNotTiled) {
  Tensor a = empty({100, 100}), b = empty({100, 100});
  EXPECT_FALSE(TensorIterator::binary_op(Tensor(), a, b).is_tiled());
  Tensor small_t = restride(empty({8, 8}), {8, 8}, {1, 8});
  TensorIteratorConfig config;
  Tensor out = empty({8, 8});
  config.add_output(out).add_input(small_t);
  EXPECT_FALSE(TensorIterator(config).is_tiled());
  Tensor row = empty({100});  // broadcast along dim 0 is not a disagreement
  EXPECT_FALSE(TensorIterator::binary_op(Tensor(), a, row).is_tiled());
}

// The layout of a functional result, by ATen's rules: operands are consulted in order (the
// first with an opinion decides), broadcast dims give no opinion, ties keep C order.
TEST(TensorIterator, OutputLayoutsFollowATenRules) {
  auto cl = [](IntArrayRef s) { return channels_last(s); };
  auto layout = [](const Tensor& a, const Tensor& b) { return add(a, b).strides().vec(); };
  using V = std::vector<int64_t>;
  // Contiguous with contiguous, and broadcasts of contiguous: contiguous.
  EXPECT_EQ(layout(empty({2, 3, 4, 5}), empty({2, 3, 4, 5})), V({60, 20, 5, 1}));
  EXPECT_EQ(layout(empty({2, 3, 4, 5}), empty({5})), V({60, 20, 5, 1}));
  // Channels-last first: channels-last; contiguous first: contiguous.
  EXPECT_EQ(layout(cl({2, 3, 4, 5}), empty({2, 3, 4, 5})), V({60, 1, 15, 3}));
  EXPECT_EQ(layout(empty({2, 3, 4, 5}), cl({2, 3, 4, 5})), V({60, 20, 5, 1}));
  // A broadcast operand first has no opinion on the dims it broadcasts: the second decides.
  EXPECT_EQ(layout(empty({1, 3, 1, 1}), cl({2, 3, 4, 5})), V({60, 1, 15, 3}));
  EXPECT_EQ(layout(cl({2, 3, 4, 5}), empty({3, 1, 1})), V({60, 1, 15, 3}));
  // Transposed with transposed: transposed; transposed with contiguous: the first decides.
  Tensor t = restride(empty({5, 4}), {4, 5}, {1, 4});
  EXPECT_EQ(layout(t, t), V({1, 4}));
  EXPECT_EQ(layout(t, empty({4, 5})), V({1, 4}));
  EXPECT_EQ(layout(empty({4, 5}), t), V({5, 1}));
  // Ties (size-1 dims, equal strides) keep C order: [N, C, 1, 1] stays contiguous.
  EXPECT_EQ(
      layout(empty_strided({2, 8, 1, 1}, {8, 1, 1, 1}), empty_strided({2, 8, 1, 1}, {8, 1, 1, 1})),
      V({8, 1, 1, 1}));
  // A 0-dim operand never decides.
  EXPECT_EQ(layout(tensor({1.f}, {}), cl({2, 3, 4, 5})), V({60, 1, 15, 3}));
}

// Flags that contradict each other are errors that name both, whichever is set first.
TEST(TensorIteratorConfig, ConflictingFlagsNameBoth) {
  using ref::expect_error;
  expect_error(
      [] {
        TensorIteratorConfig().declare_static_shape({2, 3});
      },
      {"declare_static_shape([2, 3]) conflicts with resize_outputs(true)"});
  expect_error(
      [] {
        TensorIteratorConfig().resize_outputs(false).declare_static_shape({2}).resize_outputs(true);
      },
      {"resize_outputs(true) conflicts with declare_static_shape(...)"});
  expect_error([] { TensorIteratorConfig().declare_static_dtype(ScalarType::Bool); },
               {"declare_static_dtype(Bool) conflicts with check_all_same_dtype(true)"});
  TensorIteratorConfig static_dtype;
  static_dtype.check_all_same_dtype(false).declare_static_dtype(kBool);
  expect_error([&] { static_dtype.check_all_same_dtype(true); },
               {"check_all_same_dtype(true) conflicts with declare_static_dtype(Bool)"});
  expect_error(
      [] {
        TensorIteratorConfig().promote_inputs_to_common_dtype(true).check_all_same_dtype(true);
      },
      {"check_all_same_dtype(true) conflicts with promote_inputs_to_common_dtype(true)"});
  expect_error(
      [] { TensorIteratorConfig().cast_common_dtype_to_outputs(true).check_all_same_dtype(true); },
      {"check_all_same_dtype(true) conflicts with cast_common_dtype_to_outputs(true)"});
}

// In an order that agrees, the same flags build: a static shape walks squashed dims as size 1
// and leaves the outputs as they are; a static dtype types an undefined output.
TEST(TensorIteratorConfig, StaticShapeAndDtypeBuildWithTheirFlagsOff) {
  Tensor in = empty({4, 3}), out = empty({4, 3});
  TensorIteratorConfig shape_config;
  shape_config.add_output(out).add_input(in).resize_outputs(false).declare_static_shape({4, 3},
                                                                                        {1});
  TensorIterator by_shape(shape_config);
  EXPECT_EQ(by_shape.numel(), 4);
  EXPECT_EQ(out.sizes(), IntArrayRef({4, 3}));

  const Tensor undefined;
  TensorIteratorConfig dtype_config;
  dtype_config.check_all_same_dtype(false)
      .declare_static_dtype(kBool)
      .add_output(undefined)
      .add_input(in);
  EXPECT_EQ(TensorIterator(dtype_config).output().scalar_type(), kBool);
}

// A static dtype is for undefined outputs only: a defined one is still checked for a safe cast.
TEST(TensorIteratorConfig, StaticDtypeKeepsTheSafeCastCheckOfADefinedOutput) {
  Tensor in = empty({3}), out = empty({3}, TensorOptions(kInt));
  TensorIteratorConfig config;
  config.promote_inputs_to_common_dtype(true)
      .enforce_safe_casting_to_output(true)
      .declare_static_dtype(kBool)
      .add_output(out)
      .add_input(in);
  ref::expect_error([&] { TensorIterator iter(config); },
                    {"result type Float can't be cast to the desired output type Int"});
}
