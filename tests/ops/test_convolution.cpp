// The ops of aten/native/Convolution.cpp beyond what the manifest suite's references check:
// transposed convolution as the adjoint of convolution, "same" padding keeping the size,
// convolution_backward against autograd and its output_mask, layouts, and ATen's errors.
#include <aten/TensorOperators.h>
#include <aten/autograd/Autograd.h>
#include <aten/core/Tensor.h>
#include <aten/ops/_direct_conv2d.h>
#include <aten/ops/_direct_conv2d_weight.h>
#include <aten/ops/allclose.h>
#include <aten/ops/conv1d.h>
#include <aten/ops/conv2d.h>
#include <aten/ops/conv3d.h>
#include <aten/ops/conv_transpose1d.h>
#include <aten/ops/conv_transpose2d.h>
#include <aten/ops/conv_transpose3d.h>
#include <aten/ops/convolution.h>
#include <aten/ops/convolution_backward.h>
#include <aten/ops/empty.h>
#include <aten/ops/sum.h>
#include <gtest/gtest.h>

#include <cmath>

#include "Reference.h"

using namespace aten;

namespace {

Tensor zeros_like_of(const Tensor& t) { return t.detach() * 0; }

Tensor conv_values(IntArrayRef sizes, int64_t seed) {
  return ref::make<double>(sizes, [seed](int64_t i) {
    return std::sin(0.71 * static_cast<double>(i) + static_cast<double>(seed));
  });
}

double dot(const Tensor& a, const Tensor& b) { return (a * b).sum().item<double>(); }

}  // namespace

// <conv(x, w), y> = <x, conv_transpose(y, w)>: the transposed convolution is the adjoint, for
// every rank, with stride, padding, dilation and groups.
TEST(Convolution, TransposedIsTheAdjoint) {
  struct Case {
    std::vector<int64_t> x, w, stride, padding, dilation;
    int64_t groups;
  };
  const Case cases[] = {
      {{2, 4, 9}, {6, 2, 3}, {2}, {1}, {2}, 2},
      {{2, 3, 8, 7}, {4, 3, 3, 2}, {2, 1}, {1, 1}, {1, 2}, 1},
      {{1, 2, 5, 6, 5}, {2, 2, 2, 3, 2}, {2, 1, 2}, {1, 0, 1}, {1, 2, 1}, 1},
  };
  for (const Case& c : cases) {
    const Tensor x = conv_values(c.x, 1), w = conv_values(c.w, 2);
    const Tensor y = convolution(x, w, std::nullopt, c.stride, c.padding, c.dilation, false,
                                 std::vector<int64_t>(c.stride.size(), 0), c.groups);
    const Tensor dy = conv_values(y.sizes(), 3);
    // The output_padding that gives back x's size.
    std::vector<int64_t> extra;
    for (size_t d = 0; d < c.stride.size(); ++d) {
      const int64_t k = c.w[d + 2], in = c.x[d + 2], out = y.size(static_cast<int64_t>(d) + 2);
      extra.push_back(in -
                      ((out - 1) * c.stride[d] - 2 * c.padding[d] + c.dilation[d] * (k - 1) + 1));
    }
    const Tensor dx = convolution(dy, w, std::nullopt, c.stride, c.padding, c.dilation, true, extra,
                                  c.groups);
    ASSERT_EQ(dx.sizes(), x.sizes());
    EXPECT_NEAR(dot(y, dy), dot(x, dx), 1e-9 * (1 + std::abs(dot(y, dy))));
  }
}

TEST(Convolution, SamePaddingKeepsTheSize) {
  const Tensor x = conv_values({2, 3, 7, 6}, 1);
  for (int64_t k : {1, 2, 3, 4}) {
    const Tensor w = conv_values({5, 3, k, k + 1}, 2);
    EXPECT_EQ(conv2d(x, w, std::nullopt, {1, 1}, "same", {1, 2}, 1).sizes(),
              (std::vector<int64_t>{2, 5, 7, 6}));
  }
  EXPECT_EQ(
      conv1d(conv_values({3, 9}, 1), conv_values({2, 3, 4}, 2), std::nullopt, {1}, "same", {3}, 1)
          .sizes(),
      (std::vector<int64_t>{2, 9}));
  EXPECT_EQ(conv3d(conv_values({1, 2, 4, 5, 6}, 1), conv_values({2, 2, 2, 3, 2}, 2), std::nullopt,
                   {1, 1, 1}, "valid", {1, 1, 1}, 1)
                .sizes(),
            (std::vector<int64_t>{1, 2, 3, 3, 5}));
}

// convolution_backward gives what autograd gives through the forward, and only what
// output_mask asks for.
TEST(Convolution, BackwardMatchesAutograd) {
  for (bool transposed : {false, true}) {
    Tensor x = conv_values({2, 4, 6, 5}, 1).requires_grad_();
    Tensor w = conv_values(
                   transposed ? std::vector<int64_t>{4, 3, 2, 3} : std::vector<int64_t>{6, 2, 2, 3},
                   2)
                   .requires_grad_();
    Tensor b = conv_values({6}, 3).requires_grad_();
    const std::vector<int64_t> stride = {2, 1}, padding = {1, 1}, dilation = {1, 2};
    const std::vector<int64_t> output_padding = transposed ? std::vector<int64_t>{1, 0}
                                                           : std::vector<int64_t>{0, 0};
    const Tensor y = convolution(x, w, b, stride, padding, dilation, transposed, output_padding, 2);
    const Tensor dy = conv_values(y.sizes(), 4);
    const auto grads = autograd::grad({y}, {x, w, b}, {dy});
    auto [gx, gw, gb] = convolution_backward(dy, x.detach(), w.detach(), std::vector<int64_t>{6},
                                             stride, padding, dilation, transposed, output_padding,
                                             2, {true, true, true});
    EXPECT_TRUE(allclose(gx, grads[0], 1e-10, 1e-10));
    EXPECT_TRUE(allclose(gw, grads[1], 1e-10, 1e-10));
    EXPECT_TRUE(allclose(gb, grads[2], 1e-10, 1e-10));
    // Laid out as libtorch 1.13's: contiguous, as the input and the weight are.
    EXPECT_TRUE(gx.is_contiguous());
    EXPECT_TRUE(gw.is_contiguous());
    auto [only_x, no_w, no_b] = convolution_backward(dy, x.detach(), w.detach(), std::nullopt,
                                                     stride, padding, dilation, transposed,
                                                     output_padding, 2, {true, false, false});
    EXPECT_TRUE(only_x.defined());
    EXPECT_FALSE(no_w.defined());
    EXPECT_FALSE(no_b.defined());
  }
}

// Laid out as ATen's CPU backends lay them out: a 2-d (or 1-d) convolution's result and
// gradients channels-last when its input or weight is; transposed and 3-d ones contiguous.
TEST(Convolution, LayoutsAndMeta) {
  const Tensor x = conv_values({2, 3, 6, 5}, 1).contiguous(MemoryFormat::ChannelsLast);
  const Tensor w = conv_values({4, 3, 3, 3}, 2);
  const Tensor y = conv2d(x, w, std::nullopt, {1, 1}, {1, 1}, {1, 1}, 1);
  EXPECT_TRUE(y.is_contiguous(MemoryFormat::ChannelsLast));
  const Tensor by_weight = conv2d(conv_values({2, 3, 6, 5}, 1),
                                  w.contiguous(MemoryFormat::ChannelsLast), std::nullopt, {2, 1},
                                  std::vector<int64_t>{0, 1}, {1, 1}, 1);
  EXPECT_TRUE(by_weight.is_contiguous(MemoryFormat::ChannelsLast));
  const Tensor t = conv_transpose2d(x, conv_values({3, 2, 2, 2}, 3), std::nullopt, {2, 2}, {0, 0},
                                    {1, 0}, 1, {1, 1});
  EXPECT_TRUE(t.is_contiguous());
  EXPECT_EQ(t.sizes(), (std::vector<int64_t>{2, 2, 13, 10}));
  const Tensor v = conv_values({1, 2, 3, 4, 5}, 1).contiguous(MemoryFormat::ChannelsLast3d);
  EXPECT_TRUE(
      conv3d(v, conv_values({3, 2, 1, 2, 2}, 2), std::nullopt, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}, 1)
          .is_contiguous());
  // A 1-d convolution is laid out as its 2-d view [N, C, 1, L]: channels first in memory.
  const Tensor l = conv_values({2, 5, 3}, 1).transpose(1, 2);  // [2, 3, 5], strides [15, 1, 3]
  EXPECT_EQ(conv1d(l, conv_values({4, 3, 2}, 2), std::nullopt, {1}, std::vector<int64_t>{0}, {1}, 1)
                .strides(),
            (std::vector<int64_t>{16, 1, 4}));
  // Gradients in the result's layout too, whichever operand made it channels-last.
  const Tensor xg = conv_values({2, 3, 6, 5}, 1).requires_grad_(true);
  const Tensor wg =
      conv_values({4, 3, 3, 3}, 2).contiguous(MemoryFormat::ChannelsLast).requires_grad_(true);
  const Tensor z = conv2d(xg, wg, std::nullopt, {1, 1}, {1, 1}, {1, 1}, 1);
  const auto grads = autograd::grad({z}, {xg, wg}, {conv_values(z.sizes(), 5)});
  EXPECT_TRUE(grads[0].is_contiguous(MemoryFormat::ChannelsLast));
  EXPECT_TRUE(grads[1].is_contiguous(MemoryFormat::ChannelsLast));
  const auto meta = TensorOptions().dtype(ScalarType::Double).device(kMeta);
  const Tensor m = conv_transpose3d(empty({2, 4, 3, 4, 5}, meta), empty({4, 3, 2, 3, 2}, meta),
                                    std::nullopt, {2, 1, 1}, {0, 1, 0}, {1, 0, 0}, 1, {1, 1, 2});
  EXPECT_TRUE(m.is_meta());
  EXPECT_EQ(m.sizes(), (std::vector<int64_t>{2, 3, 7, 4, 7}));
}

// Integers as ATen computes them (exact, wrapping), every form: the same sums as Double's.
TEST(Convolution, IntegralDtypes) {
  auto small = [](IntArrayRef sizes, int64_t seed) {
    return ref::make<double>(
        sizes, [seed](int64_t i) { return static_cast<double>((i * 7 + seed) % 9) - 4.0; });
  };
  for (bool transposed : {false, true}) {
    for (int64_t dims : {1, 2, 3}) {
      std::vector<int64_t> in = {2, 4}, ker = transposed ? std::vector<int64_t>{4, 3}
                                                         : std::vector<int64_t>{6, 2};
      for (int64_t d = 0; d < dims; ++d) {
        in.push_back(5);
        ker.push_back(2);
      }
      const Tensor x = small(in, 1), w = small(ker, 2), b = small({6}, 3);
      const std::vector<int64_t> stride(dims, 2), padding(dims, 1), dilation(dims, 1),
          output_padding(dims, transposed ? 1 : 0);
      const Tensor expected = convolution(x, w, b, stride, padding, dilation, transposed,
                                          output_padding, 2);
      for (ScalarType t : {ScalarType::Long, ScalarType::Int, ScalarType::Short}) {
        const Tensor got = convolution(x.to(t), w.to(t), b.to(t), stride, padding, dilation,
                                       transposed, output_padding, 2);
        EXPECT_EQ(got.scalar_type(), t);
        EXPECT_TRUE(allclose(got.to(ScalarType::Double), expected, 0, 0))
            << "dims " << dims << " transposed " << transposed << " " << t;
      }
    }
  }
}

// An empty batch (or no input channel) gives the result's shape, the bias where there is one,
// and gradients of the operands' shapes; one value stands for every spatial dim, as in ATen.
TEST(Convolution, EmptyBatchesAndSingleValueLists) {
  const Tensor w = conv_values({3, 2, 2, 2}, 2).requires_grad_(true);
  const Tensor b = conv_values({3}, 3).requires_grad_(true);
  const Tensor x = conv_values({0, 2, 5, 5}, 1).requires_grad_(true);
  const Tensor y = conv_transpose2d(x, conv_values({2, 3, 2, 2}, 2), std::nullopt, {2}, {0}, {1}, 1,
                                    {1});
  EXPECT_EQ(y.sizes(), (std::vector<int64_t>{0, 3, 11, 11}));
  const Tensor z = conv2d(x, w, b, {1}, std::vector<int64_t>{1}, {1}, 1);
  EXPECT_EQ(z.sizes(), (std::vector<int64_t>{0, 3, 6, 6}));
  const auto grads = autograd::grad({z.sum()}, {x, w, b});
  EXPECT_EQ(grads[0].sizes(), x.sizes());
  EXPECT_TRUE(allclose(grads[1], zeros_like_of(w), 0, 0));
  EXPECT_TRUE(allclose(grads[2], zeros_like_of(b), 0, 0));
  // No input channel: the bias alone.
  const Tensor c = convolution(conv_values({1, 0, 3}, 1), conv_values({2, 0, 2}, 2),
                               conv_values({2}, 4), {1}, {0}, {1}, false, {0}, 1);
  EXPECT_TRUE(allclose(c, conv_values({2}, 4).view({1, 2, 1}).expand({1, 2, 2}), 0, 0));
  // Any other empty input is refused, as ATen's backends do, even where padding gives an output.
  const std::vector<int64_t> pad_rows = {1, 0};
  ref::expect_error(
      [&] {
        conv2d(conv_values({1, 2, 0, 3}, 1), w, b, {1, 1}, pad_rows, {1, 1}, 1);
      },
      {"Only zero batch or zero channel inputs are supported, but got input shape: [1, 2, 0, 3]"});
  ref::expect_error(
      [&] {
        conv3d(conv_values({1, 2, 3, 3, 3}, 1), conv_values({2, 2, 2, 2, 2}, 2), std::nullopt,
               {1, 1}, std::vector<int64_t>{0}, {1}, 1);
      },
      {"expected stride to be a single integer value or a list of 3 values to match the "
       "convolution dimensions, but got stride=[1, 1]"});
}

TEST(Convolution, Errors) {
  const Tensor x = conv_values({2, 3, 6, 5}, 1);
  // A braced padding list would also match the string overload's std::string_view.
  const std::vector<int64_t> no_padding = {0, 0};
  ref::expect_error(
      [&] {
        conv2d(x, conv_values({4, 2, 3, 3}, 2), std::nullopt, {1, 1}, no_padding, {1, 1}, 1);
      },
      {"expected input[2, 3, 6, 5] to have 2 channels, but got 3 channels"});
  ref::expect_error(
      [&] {
        conv_transpose2d(x, conv_values({2, 3, 3, 3}, 2), std::nullopt, {1, 1}, {0, 0}, {0, 0}, 1,
                         {1, 1});
      },
      {"Given transposed=1, weight of size [2, 3, 3, 3], expected input[2, 3, 6, 5] to have 2 "
       "channels"});
  ref::expect_error(
      [&] {
        conv_transpose2d(x, conv_values({3, 3, 3, 3}, 2), std::nullopt, {2, 2}, {0, 0}, {2, 0}, 1,
                         {1, 1});
      },
      {"output padding must be smaller than either stride or dilation"});
  ref::expect_error(
      [&] {
        conv2d(x, conv_values({4, 3, 3, 3}, 2), std::nullopt, {2, 1}, "same", {1, 1}, 1);
      },
      {"conv2d: padding='same' is not supported for strided convolutions"});
  // output_padding is checked even where it is unused, as ATen checks it; convolution_backward
  // refuses one of a plain convolution.
  ref::expect_error(
      [&] {
        convolution(x, conv_values({4, 3, 3, 3}, 2), std::nullopt, {1, 1}, {0, 0}, {1, 1}, false,
                    {-1, 0}, 1);
      },
      {"negative output_padding is not supported"});
  ref::expect_error(
      [&] {
        convolution_backward(conv_values({2, 4, 4, 3}, 3), x, conv_values({4, 3, 3, 3}, 2),
                             std::nullopt, {1, 1}, {0, 0}, {1, 1}, false, {1, 0}, 1,
                             {true, true, true});
      },
      {"output_padding is not supported for non-transposed convolutions; got: [1, 0]"});
  ref::expect_error(
      [&] {
        convolution(x, conv_values({4, 3, 3, 3}, 2), std::nullopt, {1, 1}, {0, 0}, {1, 1}, false,
                    {}, 1);
      },
      {"expected output_padding to be a single integer value or a list of 2 values to match the "
       "convolution dimensions, but got output_padding=[]"});
  ref::expect_error(
      [&] {
        conv2d(x, conv_values({4, 3, 3, 3}, 2), std::nullopt, {1, 1}, "same", {}, 1);
      },
      {"expected dilation to be a single integer value or a list of 2 values to match the "
       "convolution dimensions, but got dilation=[]"});
  ref::expect_error(
      [&] {
        conv2d(x, conv_values({4, 3, 3, 3}, 2), std::nullopt, {1, 1}, "full", {1, 1}, 1);
      },
      {"conv2d: Invalid padding string: 'full'"});
  ref::expect_error(
      [&] {
        conv2d(x, conv_values({4, 3, 7, 3}, 2), std::nullopt, {1, 1}, no_padding, {1, 1}, 1);
      },
      {"Kernel size can't be greater than actual input size"});
  ref::expect_error(
      [&] {
        conv_transpose2d(x, conv_values({3, 3, 2, 2}, 2), std::nullopt, {1, 1}, {4, 0}, {0, 0}, 1,
                         {1, 1});
      },
      {"Output size is too small"});
  ref::expect_error(
      [&] {
        conv3d(conv_values({2, 3, 6}, 1), conv_values({4, 3, 2, 2, 2}, 2), std::nullopt, {1, 1, 1},
               {0, 0, 0}, {1, 1, 1}, 1);
      },
      {"Expected 4D (unbatched) or 5D (batched) input to conv3d, but got input of size: [2, 3, "
       "6]"});
}

// Float convolutions with few input channels times taps take the direct kernel; Double ones the
// im2col path. The two agree, values and gradients (the direct one's are convolution_backward's),
// on LeNet-5's two layers (the second's rows narrower than a vector) and on a padded one wider
// than a vector, with a tile and a part of one; on an image whose whole output is shorter than a
// vector, on rows of exactly a vector and on rows as wide as the input; with lanes over output
// channels, one vector of them and two (20, 40 and 64 channels: whole blocks and a part of one,
// rows of a step and a part of one).
TEST(DirectConv2d, AgreesWithTheIm2colPathValuesAndGradients) {
  struct Shapes {
    std::vector<int64_t> input, weight, padding;
  };
  for (const Shapes& s :
       {Shapes{{4, 1, 28, 28}, {6, 1, 5, 5}, {0, 0}}, Shapes{{2, 6, 14, 14}, {16, 6, 5, 5}, {0, 0}},
        Shapes{{2, 3, 9, 40}, {11, 3, 3, 3}, {1, 2}}, Shapes{{3, 2, 3, 4}, {5, 2, 2, 2}, {0, 0}},
        Shapes{{1, 4, 6, 18}, {6, 4, 3, 3}, {0, 0}}, Shapes{{2, 2, 5, 16}, {7, 2, 3, 1}, {1, 0}},
        Shapes{{2, 3, 7, 30}, {40, 3, 3, 3}, {1, 1}}, Shapes{{1, 3, 5, 33}, {20, 3, 3, 3}, {1, 1}},
        Shapes{{1, 5, 4, 3}, {64, 5, 2, 2}, {1, 0}}}) {
    const Tensor x = conv_values(s.input, 1), w = conv_values(s.weight, 2),
                 b = conv_values({s.weight[0]}, 3);
    const Tensor xf = x.to(ScalarType::Float).requires_grad_();
    const Tensor wf = w.to(ScalarType::Float).requires_grad_();
    const Tensor bf = b.to(ScalarType::Float).requires_grad_();
    const Tensor xd = x.clone().requires_grad_(), wd = w.clone().requires_grad_();
    const Tensor bd = b.clone().requires_grad_();
    const Tensor yf = conv2d(xf, wf, bf, {1, 1}, s.padding);
    const Tensor yd = conv2d(xd, wd, bd, {1, 1}, s.padding);
    EXPECT_TRUE(allclose(yf.to(ScalarType::Double), yd, 1e-4, 1e-4));
    EXPECT_TRUE(
        allclose(_direct_conv2d(xf, wf, bf, s.padding).to(ScalarType::Double), yd, 1e-4, 1e-4));
    aten::sum(yf * yf).backward();
    aten::sum(yd * yd).backward();
    EXPECT_TRUE(allclose(xf.grad().to(ScalarType::Double), xd.grad(), 1e-3, 1e-3));
    EXPECT_TRUE(allclose(wf.grad().to(ScalarType::Double), wd.grad(), 1e-3, 1e-3));
    EXPECT_TRUE(allclose(bf.grad().to(ScalarType::Double), bd.grad(), 1e-3, 1e-3));
  }
  ref::expect_error(
      [] {
        _direct_conv2d(conv_values({1, 2, 4, 4}, 1), conv_values({3, 2, 2, 2}, 2), std::nullopt,
                       {0, 0});
      },
      {"\"_direct_conv2d\" not implemented for 'Double'"});
  ref::expect_error(
      [] {
        _direct_conv2d(conv_values({1, 2, 4, 4}, 1).to(ScalarType::Float),
                       conv_values({3, 2, 5, 2}, 2).to(ScalarType::Float), std::nullopt, {0, 0});
      },
      {"_direct_conv2d: kernel [5, 2] larger than the padded input [4, 4]"});
  // A kernel dim of 0 is refused, as by convolution; no input channels give the bias.
  const Tensor x = conv_values({2, 5, 4, 3}, 1).to(ScalarType::Float);
  ref::expect_error(
      [&] {
        _direct_conv2d(x, conv_values({4, 5, 2, 0}, 2).to(ScalarType::Float), std::nullopt, {0, 0});
      },
      {"_direct_conv2d: kernel [2, 0] has a dim of size 0"});
  const Tensor bias = conv_values({4}, 3).to(ScalarType::Float);
  const Tensor y = _direct_conv2d(x.narrow(1, 0, 0),
                                  conv_values({4, 0, 2, 2}, 2).to(ScalarType::Float), bias, {0, 0});
  EXPECT_EQ(y.sizes(), (std::vector<int64_t>{2, 4, 3, 2}));
  EXPECT_TRUE(allclose(y, bias.reshape({1, 4, 1, 1}).expand({2, 4, 3, 2})));
}

// The weight-gradient kernel against convolution_backward's (im2col, in double), values and the
// gradients of its own derivative formulas, on rows with whole vectors and an overlapping last
// one (37 wide), on rows narrower than a vector, and with output channels and taps past a block.
TEST(DirectConv2dWeight, AgreesWithConvolutionBackwardValuesAndGradients) {
  struct Shapes {
    std::vector<int64_t> input, weight, padding;
  };
  for (const Shapes& s :
       {Shapes{{2, 3, 5, 37}, {5, 3, 3, 3}, {1, 1}}, Shapes{{3, 2, 4, 6}, {7, 2, 2, 3}, {0, 1}}}) {
    const std::vector<int64_t> kernel{s.weight[2], s.weight[3]};
    const Tensor x = conv_values(s.input, 1), w = conv_values(s.weight, 2);
    const std::vector<int64_t> out{s.input[0], s.weight[0],
                                   s.input[2] + 2 * s.padding[0] - kernel[0] + 1,
                                   s.input[3] + 2 * s.padding[1] - kernel[1] + 1};
    const Tensor gy = conv_values(out, 3), probe = conv_values(s.weight, 4);
    const Tensor xd = x.clone().requires_grad_(), gyd = gy.clone().requires_grad_();
    const Tensor xf = x.to(ScalarType::Float).requires_grad_();
    const Tensor gyf = gy.to(ScalarType::Float).requires_grad_();
    const Tensor dwd = std::get<1>(convolution_backward(gyd, xd, w, std::nullopt, {1, 1}, s.padding,
                                                        {1, 1}, false, {0, 0}, 1,
                                                        {false, true, false}));
    const Tensor dwf = _direct_conv2d_weight(gyf, xf, kernel, s.padding);
    EXPECT_TRUE(allclose(dwf.to(ScalarType::Double), dwd, 1e-4, 1e-4));
    aten::sum(dwd * probe).backward();
    aten::sum(dwf * probe.to(ScalarType::Float)).backward();
    EXPECT_TRUE(allclose(xf.grad().to(ScalarType::Double), xd.grad(), 1e-4, 1e-4));
    EXPECT_TRUE(allclose(gyf.grad().to(ScalarType::Double), gyd.grad(), 1e-4, 1e-4));
  }
}

// The last vector of a 20-wide row overlaps the one before: an infinity in the overlapped
// columns is counted once, as an infinity, not as the NaN of infinity times a zeroed lane.
TEST(DirectConv2dWeight, AnInfinityInAnOverlappedColumnCountsOnce) {
  Tensor x = aten::empty({1, 1, 1, 20}, ScalarType::Float);
  x.fill_(1);
  x.narrow(3, 8, 1).fill_(INFINITY);
  Tensor gy = aten::empty({1, 1, 1, 20}, ScalarType::Float);
  gy.fill_(1);
  const Tensor dw = _direct_conv2d_weight(gy, x, {1, 1}, {0, 0});
  EXPECT_EQ(dw.sizes(), (std::vector<int64_t>{1, 1, 1, 1}));
  EXPECT_EQ(dw.item<float>(), INFINITY);
  ref::expect_error(
      [&] {
        _direct_conv2d_weight(gy, x, {1, 2}, {0, 0});
      },
      {"_direct_conv2d_weight: grad_output [1, 1, 1, 20] is not the output of a [1, 2] kernel "
       "over input [1, 1, 1, 20] with padding [0, 0]"});
  ref::expect_error(
      [&] {
        _direct_conv2d_weight(gy, x, {1, 1}, {-1, 0});
      },
      {"_direct_conv2d_weight: padding must be two non-negative values, got [-1, 0]"});
  const Tensor empty_batch = _direct_conv2d_weight(gy.narrow(0, 0, 0), x.narrow(0, 0, 0), {1, 1},
                                                   {0, 0});
  EXPECT_EQ(empty_batch.item<float>(), 0.f);
}

// A kernel with a dim of size 0 reads nothing: refused, in every form (the 3-d one used to
// return nothing at all).
TEST(Convolution, AKernelOfSizeZeroIsRefused) {
  for (const auto& shapes :
       {std::pair{std::vector<int64_t>{2, 3, 4, 5, 5}, std::vector<int64_t>{4, 3, 0, 3, 3}},
        std::pair{std::vector<int64_t>{2, 3, 5, 5}, std::vector<int64_t>{4, 3, 3, 0}}}) {
    // Plain references: clang 14 (the tsan and fuzz presets) cannot capture structured bindings.
    const std::vector<int64_t>& input = shapes.first;
    const std::vector<int64_t>& weight = shapes.second;
    ref::expect_error(
        [&] {
          convolution(conv_values(input, 1), conv_values(weight, 2), std::nullopt,
                      std::vector<int64_t>(weight.size() - 2, 1),
                      std::vector<int64_t>(weight.size() - 2, 0),
                      std::vector<int64_t>(weight.size() - 2, 1), false,
                      std::vector<int64_t>(weight.size() - 2, 0), 1);
        },
        {"convolution: kernel size must be greater than zero"});
  }
}
