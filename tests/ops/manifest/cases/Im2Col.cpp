// The cases of aten/native/Im2Col.cpp's ops: im2col and col2im, batched and not, with stride,
// padding and dilation. Their references walk the blocks of the plane.
#include "../ReductionCases.h"

#include <aten/core/Tensor.h>
#include <aten/ops/col2im.h>
#include <aten/ops/im2col.h>

namespace aten::optest {

namespace {

struct Geometry {
  int64_t kh, kw, dh, dw, ph, pw, sh, sw;
};

// Calls f(column row, block, y, x) for every element of every block that lies in the h x w
// plane of c channels.
template <typename F>
void for_each_element(const Geometry& g, int64_t channels, int64_t h, int64_t w, F f) {
  const int64_t oh = (h + 2 * g.ph - (g.dh * (g.kh - 1) + 1)) / g.sh + 1;
  const int64_t ow = (w + 2 * g.pw - (g.dw * (g.kw - 1) + 1)) / g.sw + 1;
  for (int64_t c = 0; c < channels; ++c)
    for (int64_t i = 0; i < g.kh; ++i)
      for (int64_t j = 0; j < g.kw; ++j)
        for (int64_t by = 0; by < oh; ++by)
          for (int64_t bx = 0; bx < ow; ++bx) {
            const int64_t y = by * g.sh - g.ph + i * g.dh, x = bx * g.sw - g.pw + j * g.dw;
            if (y >= 0 && y < h && x >= 0 && x < w)
              f((c * g.kh + i) * g.kw + j, by * ow + bx, c, y, x);
          }
}

int64_t blocks_of(const Geometry& g, int64_t h, int64_t w) {
  return ((h + 2 * g.ph - (g.dh * (g.kh - 1) + 1)) / g.sh + 1) *
         ((w + 2 * g.pw - (g.dw * (g.kw - 1) + 1)) / g.sw + 1);
}

constexpr int64_t kC = 2, kH = 5, kW = 6;

OpCase im2col_case(const Geometry& g, bool batched) {
  OpCase c;
  c.overloads = {"im2col", "im2col.out"};
  c.inputs = {Input{batched ? Shape{3, kC, kH, kW} : Shape{kC, kH, kW}}};
  c.result_dtypes = same;
  c.reference = [g](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    // The plane as given (the fuzzer draws other sizes than the case's).
    const RefTensor& x = in[0];
    const bool b = x.dim() == 4;
    const int64_t n = b ? x.sizes[0] : 1, d = x.dim();
    const int64_t C = x.sizes[d - 3], H = x.sizes[d - 2], W = x.sizes[d - 1];
    const int64_t rows = C * g.kh * g.kw, l = blocks_of(g, H, W);
    RefTensor out = filled(b ? Shape{n, rows, l} : Shape{rows, l}, dtypes[0]);
    for (int64_t k = 0; k < n; ++k)
      for_each_element(g, C, H, W,
                       [&](int64_t row, int64_t block, int64_t c, int64_t y, int64_t xx) {
                         out.values[static_cast<size_t>((k * rows + row) * l + block)] =
                             x.values[static_cast<size_t>(((k * C + c) * H + y) * W + xx)];
                       });
    return {out};
  };
  c.call = [g](const Tensors& in) {
    return Tensors{im2col(in[0], {g.kh, g.kw}, {g.dh, g.dw}, {g.ph, g.pw}, {g.sh, g.sw})};
  };
  c.call_out = [g](const Tensors& in, Tensors& out) {
    im2col_out(out[0], in[0], {g.kh, g.kw}, {g.dh, g.dw}, {g.ph, g.pw}, {g.sh, g.sw});
  };
  // The plane's dims are fixed; a batch of 0 is allowed (not under the unbatched case).
  c.skip_layouts = {Layout::large, Layout::zero_dim};
  if (!batched) c.skip_layouts.push_back(Layout::zero_size);
  return c;
}

OpCase col2im_case(const Geometry& g, bool batched) {
  const int64_t rows = kC * g.kh * g.kw, l = blocks_of(g, kH, kW);
  OpCase c;
  c.overloads = {"col2im", "col2im.out"};
  c.inputs = {Input{batched ? Shape{3, rows, l} : Shape{rows, l}}};
  c.result_dtypes = same;
  c.reference = [g, l](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    // The channels from the columns' rows (the fuzzer draws other sizes than the case's).
    const RefTensor& cols = in[0];
    const bool b = cols.dim() == 3;
    const int64_t n = b ? cols.sizes[0] : 1, rows = cols.sizes[b ? 1 : 0];
    const int64_t C = rows / (g.kh * g.kw);
    RefTensor out = filled(b ? Shape{n, C, kH, kW} : Shape{C, kH, kW}, dtypes[0]);
    for (int64_t k = 0; k < n; ++k)
      for_each_element(
          g, C, kH, kW, [&](int64_t row, int64_t block, int64_t c, int64_t y, int64_t x) {
            auto& o = out.values[static_cast<size_t>(((k * C + c) * kH + y) * kW + x)];
            o = round_to(dtypes[0],
                         o + cols.values[static_cast<size_t>((k * rows + row) * l + block)]);
          });
    return {out};
  };
  c.call = [g](const Tensors& in) {
    return Tensors{col2im(in[0], {kH, kW}, {g.kh, g.kw}, {g.dh, g.dw}, {g.ph, g.pw}, {g.sh, g.sw})};
  };
  c.call_out = [g](const Tensors& in, Tensors& out) {
    col2im_out(out[0], in[0], {kH, kW}, {g.kh, g.kw}, {g.dh, g.dw}, {g.ph, g.pw}, {g.sh, g.sw});
  };
  c.skip_layouts = {Layout::large, Layout::zero_dim};
  if (!batched) c.skip_layouts.push_back(Layout::zero_size);
  c.tolerance_scale = 4;  // up to kh * kw additions per element
  return c;
}

}  // namespace

ATEN_OP_CASES(im2col) {
  const Geometry plain{2, 3, 1, 1, 0, 0, 1, 1}, strided{3, 2, 2, 1, 1, 2, 2, 3};
  return {im2col_case(plain, true), im2col_case(strided, true), im2col_case(strided, false),
          col2im_case(plain, true), col2im_case(strided, true), col2im_case(strided, false)};
}

}  // namespace aten::optest
