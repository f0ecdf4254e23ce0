// im2col and col2im: a batch of images as the columns of its sliding blocks, and back (ATen's
// nn.Unfold / nn.Fold, and the core of convolution). One (image, channel) plane per task, copied
// in runs along a row of blocks (Blocks::for_each_run): im2col writes its plane's rows, col2im
// adds into its plane, so no two tasks share an element.
#include <aten/core/DtypeDispatch.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/col2im_dtypes.h>
#include <aten/ops/col2im_native.h>
#include <aten/ops/im2col_dtypes.h>
#include <aten/ops/im2col_native.h>
#include <aten/ops/zero.h>

#include <algorithm>

namespace aten {
namespace {

// ATen's check of a two-element argument (int[2] is not enforced by the schema).
IntArrayRef pair(IntArrayRef list, const char* name) {
  ATEN_CHECK(list.size() == 2, "It is expected ", name, " equals to 2, but got size ", list.size());
  return list;
}

// The geometry both ops share: kernel, dilation, padding and stride along H and W, and the
// blocks they make of an H x W plane.
struct Blocks {
  Blocks(IntArrayRef kernel, IntArrayRef dilation, IntArrayRef padding, IntArrayRef stride,
         int64_t height, int64_t width, const char* op)
      : kh(pair(kernel, "kernel_size")[0]),
        kw(kernel[1]),
        dh(pair(dilation, "dilation")[0]),
        dw(dilation[1]),
        ph(pair(padding, "padding")[0]),
        pw(padding[1]),
        sh(pair(stride, "stride")[0]),
        sw(stride[1]),
        h(height),
        w(width) {
    ATEN_CHECK(kh > 0 && kw > 0, op, ": kernel size should be greater than zero, but got kH: ", kh,
               " kW: ", kw);
    ATEN_CHECK(sh > 0 && sw > 0, op, ": stride should be greater than zero, but got dH: ", sh,
               " dW: ", sw);
    ATEN_CHECK(dh > 0 && dw > 0, op, ": dilation should be greater than zero, but got dH: ", dh,
               " dW: ", dw);
    ATEN_CHECK(ph >= 0 && pw >= 0, op, ": padding should be non-negative, but got padH: ", ph,
               " padW: ", pw);
    oh = (h + 2 * ph - (dh * (kh - 1) + 1)) / sh + 1;
    ow = (w + 2 * pw - (dw * (kw - 1) + 1)) / sw + 1;
    ATEN_CHECK(oh >= 1 && ow >= 1, op, ": given input with spatial size (", h, ", ", w,
               "), kernel_size=(", kh, ", ", kw, "), dilation=(", dh, ", ", dw, "), padding=(", ph,
               ", ", pw, "), calculated shape of the array of sliding blocks as (", oh, ", ", ow,
               "), but its components must be at least one.");
  }
  int64_t kh, kw, dh, dw, ph, pw, sh, sw, h, w, oh = 0, ow = 0;
  int64_t blocks() const { return oh * ow; }

  // Calls f(column row, first block, first plane offset, count) for every run of plane c's
  // elements that one row of blocks reads: blocks first, first + 1, ... read the plane at
  // offsets at, at + sw, ... The runs cover exactly the elements inside the plane (the others
  // are padding), and each run is a plain strided loop for the caller, which the compiler
  // vectorizes, where a test per element would not be.
  template <typename F>
  void for_each_run(int64_t c, F f) const {
    for (int64_t i = 0; i < kh; ++i) {
      for (int64_t j = 0; j < kw; ++j) {
        const int64_t row = (c * kh + i) * kw + j;
        // The blocks x whose column ix = x * sw - pw + j * dw lies in [0, w).
        const int64_t shift = j * dw - pw;
        const int64_t x0 = shift >= 0 ? 0 : (-shift + sw - 1) / sw;
        const int64_t x1 = std::min(ow, w - shift <= 0 ? 0 : (w - shift + sw - 1) / sw);
        if (x0 >= x1) continue;
        for (int64_t y = 0; y < oh; ++y) {
          const int64_t iy = y * sh - ph + i * dh;
          if (iy < 0 || iy >= h) continue;
          f(row, y * ow + x0, iy * w + x0 * sw + shift, x1 - x0);
        }
      }
    }
  }
};

}  // namespace

namespace meta {

ATEN_META_FUNC(im2col)
(const Tensor& self, IntArrayRef kernel_size, IntArrayRef dilation, IntArrayRef padding,
 IntArrayRef stride) {
  ATEN_DISPATCH_im2col_TYPES(self.scalar_type(), [] {});
  ATEN_CHECK((self.dim() == 3 || self.dim() == 4) && self.size(-1) > 0 && self.size(-2) > 0 &&
                 self.size(-3) > 0,
             "im2col: expected 3D or 4D (batch mode) tensor with possibly 0 batch size and other "
             "non-zero dimensions for input, but got: ",
             self.sizes());
  const Blocks b(kernel_size, dilation, padding, stride, self.size(-2), self.size(-1), "im2col");
  const int64_t rows = self.size(-3) * b.kh * b.kw;
  if (self.dim() == 3) {
    set_output_raw_strided(0, {rows, b.blocks()}, {}, self.options());
  } else {
    set_output_raw_strided(0, {self.size(0), rows, b.blocks()}, {}, self.options());
  }
}

ATEN_META_FUNC(col2im)
(const Tensor& self, IntArrayRef output_size, IntArrayRef kernel_size, IntArrayRef dilation,
 IntArrayRef padding, IntArrayRef stride) {
  ATEN_DISPATCH_col2im_TYPES(self.scalar_type(), [] {});
  ATEN_CHECK((self.dim() == 2 || self.dim() == 3) && self.size(-1) > 0 && self.size(-2) > 0,
             "col2im: expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size "
             "and non-zero dimensions for input, but got: ",
             self.sizes());
  pair(output_size, "output_size");
  const Blocks b(kernel_size, dilation, padding, stride, output_size[0], output_size[1], "col2im");
  const int64_t per_block = b.kh * b.kw;
  ATEN_CHECK(self.size(-2) % per_block == 0,
             "col2im: expected size of input's dimension 1 to be divisible by the product of "
             "kernel_size, but got input.size(1)=",
             self.size(-2), " and kernel_size=(", b.kh, ", ", b.kw, ")");
  ATEN_CHECK(self.size(-1) == b.blocks(), "col2im: given output_size=(", b.h, ", ", b.w,
             "), kernel_size=(", b.kh, ", ", b.kw, "), dilation=(", b.dh, ", ", b.dw,
             "), padding=(", b.ph, ", ", b.pw, "), stride=(", b.sh, ", ", b.sw,
             "), expected size of input's dimension 2 to match the calculated number of sliding "
             "blocks ",
             b.oh, " * ", b.ow, " = ", b.blocks(), ", but got input.size(2)=", self.size(-1), ".");
  const int64_t channels = self.size(-2) / per_block;
  if (self.dim() == 2) {
    set_output_raw_strided(0, {channels, b.h, b.w}, {}, self.options());
  } else {
    set_output_raw_strided(0, {self.size(0), channels, b.h, b.w}, {}, self.options());
  }
}

}  // namespace meta

namespace native {

namespace {

// Runs kernel(result) into out when it is contiguous, else into a contiguous temporary copied
// into out.
template <typename F>
void into_contiguous(const Tensor& out, F kernel) {
  if (out.is_contiguous()) {
    kernel(out);
    return;
  }
  const Tensor result = out.contiguous();
  kernel(result);
  out.copy_(result);
}

}  // namespace

ATEN_IMPL_FUNC(im2col_out)
(const Tensor& self, IntArrayRef kernel_size, IntArrayRef dilation, IntArrayRef padding,
 IntArrayRef stride, const Tensor& out) {
  const Blocks b(kernel_size, dilation, padding, stride, self.size(-2), self.size(-1), "im2col");
  const Tensor x = self.contiguous();
  const int64_t channels = self.size(-3), images = self.dim() == 4 ? self.size(0) : 1;
  const int64_t rows = channels * b.kh * b.kw, plane = b.h * b.w;
  into_contiguous(out, [&](const Tensor& result) {
    // Without padding the runs write every element of the columns.
    if (b.ph != 0 || b.pw != 0) result.zero_();
    ATEN_DISPATCH_im2col_TYPES(self.scalar_type(), [&] {
      const scalar_t* src = x.data_ptr<scalar_t>();
      scalar_t* dst = result.data_ptr<scalar_t>();
      parallel_for(0, images * channels, 1, [&](int64_t begin, int64_t end) {
        for (int64_t nc = begin; nc < end; ++nc) {
          const int64_t n = nc / channels, c = nc % channels;
          const scalar_t* in = src + nc * plane;
          scalar_t* cols = dst + n * rows * b.blocks();
          const int64_t sw = b.sw;
          b.for_each_run(c, [&](int64_t row, int64_t block, int64_t at, int64_t count) {
            scalar_t* to = cols + row * b.blocks() + block;
            const scalar_t* from = in + at;
            if (sw == 1) {
              std::copy(from, from + count, to);
            } else {
              for (int64_t k = 0; k < count; ++k) to[k] = from[k * sw];
            }
          });
        }
      });
    });
  });
}

ATEN_IMPL_FUNC(col2im_out)
(const Tensor& self, IntArrayRef output_size, IntArrayRef kernel_size, IntArrayRef dilation,
 IntArrayRef padding, IntArrayRef stride, const Tensor& out) {
  const Blocks b(kernel_size, dilation, padding, stride, output_size[0], output_size[1], "col2im");
  const Tensor cols = self.contiguous();
  const int64_t channels = self.size(-2) / (b.kh * b.kw);
  const int64_t images = self.dim() == 3 ? self.size(0) : 1;
  const int64_t rows = self.size(-2), plane = b.h * b.w;
  into_contiguous(out, [&](const Tensor& result) {
    result.zero_();
    ATEN_DISPATCH_col2im_TYPES(self.scalar_type(), [&] {
      const scalar_t* src = cols.data_ptr<scalar_t>();
      scalar_t* dst = result.data_ptr<scalar_t>();
      parallel_for(0, images * channels, 1, [&](int64_t begin, int64_t end) {
        for (int64_t nc = begin; nc < end; ++nc) {
          const int64_t n = nc / channels, c = nc % channels;
          const scalar_t* in = src + n * rows * b.blocks();
          scalar_t* image = dst + nc * plane;
          const int64_t sw = b.sw;
          b.for_each_run(c, [&](int64_t row, int64_t block, int64_t at, int64_t count) {
            scalar_t* to = image + at;
            const scalar_t* from = in + row * b.blocks() + block;
            if (sw == 1) {
              for (int64_t k = 0; k < count; ++k) to[k] = to[k] + from[k];
            } else {
              for (int64_t k = 0; k < count; ++k) to[k * sw] = to[k * sw] + from[k];
            }
          });
        }
      });
    });
  });
}

}  // namespace native
}  // namespace aten
