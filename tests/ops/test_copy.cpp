// The ops of aten/native/Copy.cpp: copy_, clone, contiguous, to, type_as. Every dtype pair,
// every layout, broadcasting, Meta, and the errors, checked element by element against a
// reference read through strides; then memory formats of clone / contiguous and to(other)
// aliasing.
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/clone.h>
#include <aten/ops/empty.h>
#include <aten/ops/empty_strided.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iterator>

#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using aten::ref::make;
using aten::ref::restride;
using ref::expect_equal, ref::expect_error, ref::iota, ref::meta;

namespace {

const ScalarType kCopyDtypes[] = {
    ScalarType::Bool,         ScalarType::Byte,   ScalarType::Char,        ScalarType::Short,
    ScalarType::Int,          ScalarType::Long,   ScalarType::Half,        ScalarType::BFloat16,
    ScalarType::Float,        ScalarType::Double, ScalarType::ComplexHalf, ScalarType::ComplexFloat,
    ScalarType::ComplexDouble};

// Values that every dtype holds exactly: 0..100 (bool: 0/1), with halves for floats.
Tensor copy_values(IntArrayRef sizes, ScalarType t, IntArrayRef strides = {}) {
  Tensor x = strides.empty() ? empty(sizes, t) : empty_strided(sizes, strides, t);
  int64_t i = 0;
  ref::for_each_index(x.sizes(), [&](const std::vector<int64_t>& idx) {
    double v = t == ScalarType::Bool ? (i % 3 != 0) : static_cast<double>(i % 101);
    if (isFloatingType(t)) v += 0.5;
    ref::write_double(x, idx, v);
    ++i;
  });
  return x;
}

// What C++ static_cast<dst>(src value) gives, in double.
double converted(double v, ScalarType dst) {
  if (dst == ScalarType::Bool) return v != 0;
  if (isIntegralType(dst, false)) return std::trunc(v);
  return v;
}

// dst == src broadcast to dst's shape, converted.
void expect_copied(const Tensor& dst, const Tensor& src) {
  ref::for_each_index(dst.sizes(), [&](const std::vector<int64_t>& idx) {
    std::vector<int64_t> j(idx.end() - src.dim(), idx.end());
    for (int64_t d = 0; d < src.dim(); ++d)
      if (src.sizes()[d] == 1) j[d] = 0;
    ASSERT_EQ(ref::read_double(dst, idx), converted(ref::read_double(src, j), dst.scalar_type()))
        << "at " << IntArrayRef(idx) << ": " << src.scalar_type() << " -> " << dst.scalar_type();
  });
}

}  // namespace

TEST(Copy, EveryDtypePairContiguousAndTransposed) {
  for (ScalarType from : kCopyDtypes) {
    for (ScalarType to : kCopyDtypes) {
      Tensor src = copy_values({7, 45}, from);
      Tensor dst = empty({7, 45}, to);
      dst.copy_(src);
      expect_copied(dst, src);
      Tensor src_t = restride(copy_values({45, 7}, from), {7, 45}, {1, 7});
      Tensor dst2 = empty({7, 45}, to);
      dst2.copy_(src_t);
      expect_copied(dst2, src_t);
    }
  }
}

TEST(Copy, LargeTransposesAndChannelsLastAcrossThreads) {
  for (int threads : {1, 2}) {
    set_num_threads(threads);
    Tensor src = restride(copy_values({300, 500}, ScalarType::Float), {500, 300}, {1, 500});
    Tensor dst = empty({500, 300});
    dst.copy_(src);
    expect_copied(dst, src);
    Tensor nchw = copy_values({2, 33, 20, 21}, ScalarType::Float);
    Tensor nhwc = nchw.contiguous(MemoryFormat::ChannelsLast);
    EXPECT_TRUE(nhwc.is_contiguous(MemoryFormat::ChannelsLast));
    expect_copied(nhwc, nchw);
    Tensor back = nhwc.contiguous();
    EXPECT_TRUE(back.is_contiguous());
    expect_copied(back, nhwc);
  }
  set_num_threads(2);
}

// An output past the last-level cache (32 MiB) is written with non-temporal stores, a 16 x 8
// block at a time. Rows of 4125 in a buffer 4128 wide: every row 64-byte aligned, a ragged last
// tile (one 8 x 8 block and 5 lone elements) and 2050 rows (a ragged tile the other way); the
// 3 spare columns must stay untouched.
TEST(Copy, TransposeLargerThanTheCacheIsExact) {
  constexpr int64_t rows = 2050, cols = 4125, pitch = 4128;
  Tensor src_buf = empty({cols, rows});
  float* s = src_buf.data_ptr<float>();
  for (int64_t k = 0; k < cols * rows; ++k) s[k] = static_cast<float>(k);
  const Tensor src = restride(src_buf, {rows, cols}, {1, rows});
  for (int threads : {1, 2}) {
    set_num_threads(threads);
    Tensor buf = empty({rows, pitch});
    float* d = buf.data_ptr<float>();
    // The streaming path needs 64-byte aligned rows: without them this test checks nothing new.
    ASSERT_EQ(reinterpret_cast<uintptr_t>(d) % 64, 0u);
    std::fill(d, d + rows * pitch, -1.0f);
    restride(buf, {rows, cols}, {pitch, 1}).copy_(src);
    for (int64_t i = 0; i < rows; ++i) {
      for (int64_t j = 0; j < pitch; ++j) {
        const float want = j < cols ? s[j * rows + i] : -1.0f;
        ASSERT_EQ(d[i * pitch + j], want)
            << "at [" << i << ", " << j << "], " << threads << " threads";
      }
    }
  }
  set_num_threads(2);
}

namespace {
// float -> bfloat16 from the bits: round to nearest, ties to even; NaN stays NaN.
uint16_t bfloat16_bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  if (std::isnan(f)) return static_cast<uint16_t>((u >> 16) | 0x40);
  uint32_t kept = u >> 16;
  const uint32_t dropped = u & 0xffff;
  if (dropped > 0x8000 || (dropped == 0x8000 && (kept & 1))) ++kept;
  return static_cast<uint16_t>(kept);
}
}  // namespace

// Contiguous conversions run in vectorized loops, and into an output past the last-level cache
// (32 MiB) through a buffer streamed out whole vectors at a time: every start alignment and
// ragged end, the rounding cases of bfloat16, and an output big enough to stream.
TEST(Copy, ContiguousConversionsAtEveryAlignmentAndBeyondTheCache) {
  const uint32_t specials[] = {0x3f808000, 0x3f818000, 0x3f808001, 0x3f817fff, 0x7f800001,
                               0xffc00123, 0x7f800000, 0xff800000, 0x7f7fffff, 0x00000001,
                               0x807fffff, 0x80000000, 0x00000000, 0x3f800000};
  constexpr int64_t n = 300;
  Tensor src = empty({n});
  float* s = src.data_ptr<float>();
  for (int64_t i = 0; i < n; ++i) {
    const uint32_t bits = i % 3 == 0 ? specials[(i / 3) % std::size(specials)]
                                     : 0x3f800000u + static_cast<uint32_t>(i) * 40503u;
    std::memcpy(&s[i], &bits, 4);
  }
  Tensor dst_buf = empty({n + 40}, ScalarType::BFloat16);
  for (int64_t offset = 0; offset < 20; ++offset) {
    for (int64_t len :
         {int64_t{0}, int64_t{1}, int64_t{15}, int64_t{16}, int64_t{17}, int64_t{33}, n - offset}) {
      Tensor dst = restride(dst_buf, {len}, {1}, offset);
      dst.copy_(restride(src, {len}, {1}, offset));
      const auto* d = reinterpret_cast<const uint16_t*>(dst_buf.data_ptr()) + offset;
      for (int64_t i = 0; i < len; ++i)
        ASSERT_EQ(d[i], bfloat16_bits(s[offset + i]))
            << "element " << offset + i << " of a run of " << len;
    }
  }
  // 4.5M floats to doubles: 36 MiB of output, streamed, from an output start 8 bytes past a
  // vector boundary.
  constexpr int64_t big = 4'500'003;
  Tensor f = empty({big});
  float* fp = f.data_ptr<float>();
  for (int64_t i = 0; i < big; ++i) fp[i] = static_cast<float>(i) * 0.37f - 1e6f;
  const int saved_threads = get_num_threads();
  for (int threads : {1, 2}) {
    set_num_threads(threads);
    Tensor out_buf = empty({big + 1}, ScalarType::Double);
    double* o = out_buf.data_ptr<double>();
    o[0] = -1;
    restride(out_buf, {big}, {1}, 1).copy_(f);
    ASSERT_EQ(o[0], -1);
    for (int64_t i = 0; i < big; ++i)
      ASSERT_EQ(o[i + 1], static_cast<double>(fp[i])) << "element " << i << ", " << threads;
  }
  set_num_threads(saved_threads);
}

TEST(Copy, BroadcastSlicedZeroSizeAndZeroDim) {
  Tensor dst = empty({4, 6}, ScalarType::Double);
  Tensor row = copy_values({6}, ScalarType::Int);
  dst.copy_(row);
  expect_copied(dst, row);
  Tensor scalar = copy_values({}, ScalarType::Long);
  dst.copy_(scalar);
  expect_copied(dst, scalar);
  Tensor base = copy_values({10, 12}, ScalarType::Float);
  Tensor sliced_dst = restride(base, {4, 5}, {24, 2}, 13);  // non-zero offset, step 2
  Tensor src = copy_values({4, 5}, ScalarType::Short);
  sliced_dst.copy_(src);
  expect_copied(sliced_dst, src);
  Tensor z = empty({0, 3});
  EXPECT_NO_THROW(z.copy_(empty({3})));
  Tensor zd = empty({}, ScalarType::Int);
  zd.copy_(copy_values({}, ScalarType::Double));
  EXPECT_EQ(zd.item<int>(), 0);
}

TEST(Copy, ErrorsChangeNothing) {
  Tensor dst = copy_values({2, 3}, ScalarType::Float),
         before = copy_values({2, 3}, ScalarType::Float);
  try {
    dst.copy_(empty({3, 3}));
    FAIL();
  } catch (const Error& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("copy_:"), std::string::npos) << msg;
    EXPECT_NE(msg.find("[2, 3]"), std::string::npos) << msg;
    EXPECT_NE(msg.find("[3, 3]"), std::string::npos) << msg;
  }
  expect_copied(dst, before);
  // Writing into an expanded tensor, or from a partly overlapping view, is refused.
  Tensor expanded = restride(copy_values({3}, ScalarType::Float), {4, 3}, {0, 1});
  EXPECT_THROW(expanded.copy_(copy_values({4, 3}, ScalarType::Float)), Error);
  Tensor base = copy_values({10}, ScalarType::Float);
  EXPECT_THROW(restride(base, {8}, {1}, 1).copy_(restride(base, {8}, {1}, 0)), Error);
  EXPECT_NO_THROW(base.copy_(base));
}

// A zero-size self has nothing to copy, but its source must still broadcast to it, as in
// ATen (torch 1.13: empty(0, 3).copy_(ones(2)) is refused, empty(0, 3).copy_(ones(3)) is not).
TEST(Copy, ZeroSizeSelfStillChecksShapes) {
  struct Case {
    std::vector<int64_t> self, src;
    const char* error;  // nullptr: accepted
  };
  const std::vector<Case> cases = {
      {{0},
       {2},
       "The size of tensor a (0) must match the size of tensor b (2) at non-singleton "
       "dimension 0"},
      {{0, 3},
       {2},
       "The size of tensor a (3) must match the size of tensor b (2) at "
       "non-singleton dimension 1"},
      {{0, 3},
       {2, 3},
       "The size of tensor a (0) must match the size of tensor b (2) at "
       "non-singleton dimension 0"},
      {{2, 0},
       {3, 0},
       "The size of tensor a (2) must match the size of tensor b (3) at "
       "non-singleton dimension 0"},
      {{0}, {5, 0}, "output with shape [0] doesn't match the broadcast shape [5, 0]"},
      {{0, 1}, {0, 5}, "output with shape [0, 1] doesn't match the broadcast shape [0, 5]"},
      {{0, 3}, {3}, nullptr},
      {{0, 3}, {1, 3}, nullptr},
      {{0}, {0}, nullptr},
      {{0}, {1}, nullptr},
      {{0}, {}, nullptr},
      {{2, 0}, {0}, nullptr},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(::testing::Message() << IntArrayRef(c.self) << " <- " << IntArrayRef(c.src));
    Tensor self = aten::empty(IntArrayRef(c.self));
    if (c.error) {
      ref::expect_error([&] { self.copy_(aten::empty(IntArrayRef(c.src))); }, {"copy_:", c.error});
    } else {
      EXPECT_NO_THROW(self.copy_(aten::empty(IntArrayRef(c.src))));
    }
  }
}

TEST(Copy, MetaChecksShapesOnly) {
  Tensor m = empty({2, 3}, TensorOptions().device(kMeta));
  EXPECT_NO_THROW(m.copy_(empty({3}, TensorOptions().device(kMeta))));
  EXPECT_THROW(m.copy_(empty({4}, TensorOptions().device(kMeta))), Error);
  Tensor c = m.contiguous(MemoryFormat::Contiguous);
  EXPECT_TRUE(c.is_same(m));
  Tensor m4 = empty({2, 3, 4, 5}, TensorOptions().device(kMeta));
  Tensor cl = m4.contiguous(MemoryFormat::ChannelsLast);
  EXPECT_TRUE(cl.is_meta());
  EXPECT_EQ(cl.strides(), IntArrayRef({60, 1, 15, 3}));
}

TEST(Clone, CopiesDataAndLayout) {
  Tensor t = restride(copy_values({5, 4}, ScalarType::Int), {4, 5}, {1, 4});
  Tensor c = t.clone();
  EXPECT_EQ(c.strides(), t.strides());
  EXPECT_NE(c.data_ptr(), t.data_ptr());
  expect_copied(c, t);
  Tensor cc = clone(t, MemoryFormat::Contiguous);
  EXPECT_TRUE(cc.is_contiguous());
  expect_copied(cc, t);
}

TEST(Contiguous, ReturnsSelfWhenAlreadyInTheFormat) {
  Tensor a = copy_values({3, 4}, ScalarType::Float);
  EXPECT_TRUE(a.contiguous().is_same(a));
  Tensor t = restride(a, {4, 3}, {1, 4});
  Tensor c = t.contiguous();
  EXPECT_TRUE(c.is_contiguous());
  expect_copied(c, t);
  // Preserve: a contiguous self is returned as it is; one that needs a copy is an error, as in
  // ATen, which checks the format only when it copies.
  EXPECT_TRUE(a.contiguous(MemoryFormat::Preserve).is_same(a));
  EXPECT_THROW(t.contiguous(MemoryFormat::Preserve), Error);
  EXPECT_THROW(a.contiguous(MemoryFormat::ChannelsLast), Error);  // needs 4-d
}

TEST(To, ConvertsOrAliases) {
  Tensor a = copy_values({3, 4}, ScalarType::Float);
  EXPECT_TRUE(a.to(ScalarType::Float).is_same(a));
  EXPECT_FALSE(a.to(ScalarType::Float, false, /*copy=*/true).is_same(a));
  for (ScalarType t : kCopyDtypes) {
    Tensor b = a.to(t);
    EXPECT_EQ(b.dtype(), t);
    expect_copied(b, a);
  }
  Tensor tr = restride(a, {4, 3}, {1, 4});
  EXPECT_EQ(tr.to(ScalarType::Double).strides(), IntArrayRef({1, 4}));  // layout preserved
}

TEST(Clone, HalfBFloat16AndComplexCopyToo) {
  for (ScalarType t : {ScalarType::Half, ScalarType::BFloat16, ScalarType::ComplexHalf,
                       ScalarType::ComplexFloat, ScalarType::ComplexDouble}) {
    Tensor tr = restride(copy_values({6, 4}, t), {4, 6}, {1, 4});  // not viewable as [24]
    Tensor c = clone(tr, MemoryFormat::Contiguous);
    EXPECT_TRUE(c.is_contiguous());
    expect_copied(c, tr);
    Tensor flat = tr.reshape({24});  // reshape has to copy
    EXPECT_NE(flat.data_ptr(), tr.data_ptr());
    int64_t i = 0;
    ref::for_each_index(tr.sizes(), [&](const std::vector<int64_t>& idx) {
      ASSERT_EQ(ref::read_double(flat, {i++}), ref::read_double(tr, idx)) << t;
    });
  }
}

// ComplexHalf converts part by part, as libtorch 1.13 does (its values): each part rounded to
// Half (overflowing to inf, underflowing to 0), the imaginary part kept between complex dtypes
// and dropped into real ones.
TEST(Copy, ComplexHalfPartByPart) {
  Tensor zd = empty({3}, ScalarType::ComplexDouble);
  const complex<double> in[3] = {{0.1, 1e5}, {-2.5e-8, 3}, {65519, 0.3}};
  for (int64_t i = 0; i < 3; ++i) ref::set(zd, {i}, in[i]);
  ref::expect_complex_half(zd.to(ScalarType::ComplexHalf),
                           {{0.0999755859375f, INFINITY}, {-0.f, 3.f}, {65504.f, 0.300048828125f}});
  const Tensor y = ref::complex_half({{1.5f, -2.f}, {-0.75f, 0.f}});
  const Tensor yc = y.to(ScalarType::ComplexFloat);
  EXPECT_EQ(ref::get<complex<float>>(yc, {0}), complex<float>(1.5f, -2.f));
  EXPECT_EQ(ref::get<int32_t>(y.to(ScalarType::Int), {0}), 1);
  EXPECT_EQ(ref::get<Half>(y.to(ScalarType::Half), {1}), Half(-0.75f));
  EXPECT_EQ(ref::read_double(y.to(ScalarType::BFloat16), {0}), 1.5);
  EXPECT_EQ(ref::get<uint8_t>(y.to(ScalarType::Bool), {1}), 1);
  ref::expect_complex_half(
      ref::make<bool>({2}, [](int64_t i) { return i == 0; }).to(ScalarType::ComplexHalf),
      {{1.f, 0.f}, {0.f, 0.f}});
}

// ---- clone, contiguous, to ------------------------------------------------------------------

TEST(MemoryFormat, CloneAndContiguousHonourTheFormat) {
  Tensor nchw = iota({2, 3, 4, 5});
  Tensor nhwc = nchw.contiguous(MemoryFormat::ChannelsLast);
  EXPECT_EQ(nhwc.strides(), IntArrayRef({60, 1, 15, 3}));
  expect_equal(nhwc, nchw);
  // preserve keeps a dense layout's strides; other formats lay out anew.
  EXPECT_EQ(nhwc.clone().strides(), nhwc.strides());
  EXPECT_EQ(nhwc.clone(MemoryFormat::Preserve).strides(), nhwc.strides());
  EXPECT_TRUE(nhwc.clone(MemoryFormat::Contiguous).is_contiguous());
  EXPECT_EQ(nchw.clone(MemoryFormat::ChannelsLast).strides(), nhwc.strides());
  Tensor t = iota({3, 4}).t();
  EXPECT_EQ(t.clone().strides(), t.strides());
  // Not dense: preserve gives dense strides in the tensor's dim order.
  EXPECT_TRUE(iota({3, 8}).slice(1, 0, 8, 2).clone().is_contiguous());
  EXPECT_EQ(iota({3, 8}).slice(1, 0, 8, 2).t().clone().strides(), IntArrayRef({1, 4}));
  EXPECT_TRUE(nhwc.contiguous(MemoryFormat::ChannelsLast).is_same(nhwc));
  EXPECT_FALSE(nhwc.contiguous().is_same(nhwc));
  // Preserve: a row-major contiguous self is returned as it is; any other is an error (libtorch
  // 1.13: x.contiguous(memory_format=torch.preserve_format) is x; a channels-last one raises).
  EXPECT_TRUE(nchw.contiguous(MemoryFormat::Preserve).is_same(nchw));
  expect_error([&] { nhwc.contiguous(MemoryFormat::Preserve); },
               {"preserve memory format is unsupported"});
  expect_error([&] { iota({3, 4}).clone(MemoryFormat::ChannelsLast); }, {"rank 4"});
  ref::expect_same_geometry(ref::to_meta(nchw).clone(MemoryFormat::ChannelsLast), nhwc);
}

TEST(To, OtherAliasesWhenNothingChanges) {
  Tensor x = iota({2, 3});
  Tensor d = iota({1}, ScalarType::Double);
  EXPECT_TRUE(x.to(iota({5})).is_same(x));  // same dtype and device: x itself
  EXPECT_TRUE(x.type_as(iota({5})).is_same(x));
  Tensor copied = x.to(iota({5}), false, true);  // copy=true: new memory
  EXPECT_FALSE(copied.is_same(x));
  EXPECT_NE(copied.data_ptr(), x.data_ptr());
  expect_equal(copied, x);
  Tensor converted = x.t().to(d);
  EXPECT_EQ(converted.scalar_type(), ScalarType::Double);
  EXPECT_EQ(converted.strides(), x.t().strides());  // preserve: x.t()'s layout
  expect_equal(converted, x.t());
  EXPECT_EQ(x.type_as(d).scalar_type(), ScalarType::Double);
  // other's device too: to a Meta tensor gives a Meta tensor; out of Meta is an error.
  Tensor m = x.to(meta({1}, ScalarType::Half));
  EXPECT_TRUE(m.is_meta());
  EXPECT_EQ(m.scalar_type(), ScalarType::Half);
  expect_error([&] { m.to(x); }, {"Cannot copy out of meta tensor"});
}
