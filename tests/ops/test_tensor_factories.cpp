// The ops of aten/native/TensorFactories.cpp, and tensor(...) of aten/Factories.h. empty and
// empty_strided, the generated factory operators: both C++ forms (TensorOptions and scattered),
// the kernel chosen by the device argument, layouts, and the errors; empty_like's strides; the
// factories that fill what they make (zeros, ones, full, scalar_tensor, zeros_like, ones_like,
// full_like, eye) on every dtype fill_ declares, Meta runs against CPU runs, errors; and
// tensor(...) from C++ values. Values read back through strides.
#include <aten/Factories.h>
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/dispatch/Dispatcher.h>
#include <aten/ops/empty.h>
#include <aten/ops/empty_like.h>
#include <aten/ops/empty_strided.h>
#include <aten/ops/eye.h>
#include <aten/ops/full.h>
#include <aten/ops/full_like.h>
#include <aten/ops/ones.h>
#include <aten/ops/ones_like.h>
#include <aten/ops/scalar_tensor.h>
#include <aten/ops/zeros.h>
#include <aten/ops/zeros_like.h>
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <limits>
#include <utility>
#include <vector>

#include "DtypeShorthands.h"
#include "OpTestHelpers.h"
#include "Reference.h"

using namespace aten;
using aten::ref::expect_error;
using aten::ref::expect_same_geometry;
using aten::ref::restride;
using ref::at2, ref::expect_all;

namespace {

// Every dtype: fill_, which the factories that fill use, declares all 13 (native_functions.yaml).

size_t nbytes(const Tensor& t) { return t.unsafeGetTensorImpl()->storage()->nbytes(); }

}  // namespace

TEST(Empty, DefaultsAreContiguousFloatOnCpu) {
  Tensor t = empty({2, 3, 4});
  EXPECT_EQ(t.sizes(), IntArrayRef({2, 3, 4}));
  EXPECT_EQ(t.strides(), IntArrayRef({12, 4, 1}));
  EXPECT_EQ(t.dtype(), ScalarType::Float);
  EXPECT_TRUE(t.is_cpu());
  EXPECT_NE(t.data_ptr<float>(), nullptr);
  t.data_ptr<float>()[23] = 1.5f;  // the whole extent is writable (ASan checks the bound)
}

TEST(Empty, EveryDtypeAndZeroSizes) {
  for (ScalarType dt : {ScalarType::Bool, ScalarType::Byte, ScalarType::Char, ScalarType::Short,
                        ScalarType::Int, ScalarType::Long, ScalarType::Float, ScalarType::Double}) {
    Tensor t = empty({3, 5}, dt);
    EXPECT_EQ(t.dtype(), dt);
    EXPECT_EQ(nbytes(t), 15 * elementSize(dt));
  }
  EXPECT_EQ(empty({}).dim(), 0);
  EXPECT_EQ(empty({}).numel(), 1);
  Tensor z = empty({0, 7});
  EXPECT_EQ(z.numel(), 0);
  EXPECT_EQ(z.sizes(), IntArrayRef({0, 7}));
}

TEST(Empty, MemoryFormatFromOptionsOrArgument) {
  Tensor a = empty({2, 3, 4, 5}, TensorOptions(), MemoryFormat::ChannelsLast);
  Tensor b = empty({2, 3, 4, 5}, TensorOptions().memory_format(MemoryFormat::ChannelsLast));
  EXPECT_EQ(a.strides(), IntArrayRef({60, 1, 15, 3}));
  EXPECT_EQ(b.strides(), a.strides());
  expect_error(
      [] {
        empty({2, 3, 4, 5}, TensorOptions().memory_format(MemoryFormat::ChannelsLast),
              MemoryFormat::Contiguous);
      },
      {"memory_format is given both in TensorOptions"});
  expect_error([] { empty({2, 3}, {}, MemoryFormat::ChannelsLast); }, {"required rank 4"});
  expect_error([] { empty({2, 3}, {}, MemoryFormat::Preserve); }, {"Preserve"});
}

TEST(Empty, ScatteredFormIsTheDispatcherSignature) {
  Tensor t = empty({4, 2}, ScalarType::Long, Layout::Strided, kCPU, false,
                   MemoryFormat::Contiguous);
  EXPECT_EQ(t.dtype(), ScalarType::Long);
  EXPECT_EQ(t.strides(), IntArrayRef({2, 1}));
  Tensor m = empty({4, 2}, std::nullopt, std::nullopt, kMeta, std::nullopt, std::nullopt);
  EXPECT_TRUE(m.is_meta());
  EXPECT_EQ(m.dtype(), ScalarType::Float);
}

TEST(Empty, MetaDeviceRunsTheMetaKernelWithNoData) {
  Tensor m = empty({64, 1, 5}, TensorOptions().dtype(ScalarType::Double).device(kMeta));
  EXPECT_TRUE(m.is_meta());
  EXPECT_EQ(m.dtype(), ScalarType::Double);
  EXPECT_EQ(m.strides(), IntArrayRef({5, 5, 1}));
  EXPECT_EQ(m.unsafeGetTensorImpl()->data(), nullptr);
  // Meta tensors have no memory to pin: accepted there, refused on CPU.
  EXPECT_TRUE(empty({2}, std::nullopt, std::nullopt, kMeta, true, std::nullopt).is_meta());
  expect_error([] { empty({2}, TensorOptions().pinned_memory(true)); },
               {"empty.memory_format: pin_memory=True needs an accelerator"});
  auto op = Dispatcher::singleton().findSchemaOrThrow("empty", "memory_format");
  EXPECT_TRUE(op.has_kernel(DispatchKey::CPU));
  EXPECT_TRUE(op.has_kernel(DispatchKey::Meta));
}

TEST(Empty, BadSizesNameTheOperator) {
  expect_error(
      [] {
        empty({2, -1});
      },
      {"empty.memory_format: Trying to create tensor with negative dimension -1"});
  expect_error([] { empty({2, -1}, TensorOptions().device(kMeta)); }, {"negative dimension"});
}

TEST(EmptyStrided, LaysOutAsAskedOnCpuAndMeta) {
  Tensor t = empty_strided({3, 4}, {1, 3}, ScalarType::Int);
  EXPECT_EQ(t.strides(), IntArrayRef({1, 3}));
  EXPECT_EQ(t.dtype(), ScalarType::Int);
  EXPECT_EQ(nbytes(t), 12 * sizeof(int32_t));
  Tensor gap = empty_strided({2, 2}, {10, 1});  // storage reaches the last element: 10 + 1 + 1
  EXPECT_EQ(nbytes(gap), 12 * sizeof(float));
  Tensor bcast = empty_strided({5, 3}, {0, 1});
  EXPECT_EQ(nbytes(bcast), 3 * sizeof(float));
  Tensor m = empty_strided({3, 4}, {1, 3}, TensorOptions().device(kMeta));
  EXPECT_TRUE(m.is_meta());
  EXPECT_EQ(m.strides(), IntArrayRef({1, 3}));
  Tensor s = empty_strided({2}, {1}, ScalarType::Long, std::nullopt, std::nullopt, std::nullopt);
  EXPECT_EQ(s.dtype(), ScalarType::Long);
}

TEST(EmptyStrided, Errors) {
  expect_error([] { empty_strided({2, 3}, {1}); }, {"empty_strided: sizes [2, 3] and strides [1]"});
  expect_error([] { empty_strided({-2}, {1}); }, {"negative dimension"});
  expect_error([] { empty_strided({2}, {1}, TensorOptions().pinned_memory(true)); },
               {"pin_memory"});
}

TEST(TensorOptions, SplitsIntoTheOptionalFields) {
  TensorOptions none;
  EXPECT_FALSE(none.dtype_opt() || none.device_opt() || none.layout_opt() ||
               none.pinned_memory_opt() || none.memory_format_opt());
  EXPECT_EQ(none.dtype(), ScalarType::Float);  // the defaults, when asked for a value
  EXPECT_EQ(none.device(), kCPU);
  TensorOptions all =
      TensorOptions(ScalarType::Long).device(kMeta).layout(kStrided).pinned_memory(false);
  EXPECT_EQ(all.dtype_opt(), ScalarType::Long);
  EXPECT_EQ(all.device_opt(), kMeta);
  EXPECT_EQ(all.layout_opt(), Layout::Strided);
  EXPECT_EQ(all.pinned_memory_opt(), false);
  // The optional setters leave a field alone on nullopt.
  TensorOptions kept = all.dtype(std::optional<ScalarType>()).device(std::optional<Device>(kCPU));
  EXPECT_EQ(kept.dtype(), ScalarType::Long);
  EXPECT_EQ(kept.device(), kCPU);
}

// ---- empty_like -----------------------------------------------------------------------------

TEST(EmptyLike, PreserveFollowsATen) {
  Tensor t = restride(empty({5, 4}), {4, 5}, {1, 4});  // dense, transposed
  EXPECT_EQ(empty_like(t).strides(), IntArrayRef({1, 4}));
  // Not dense: dense strides in self's dim order (ATen's infer_dense_strides).
  Tensor gappy = restride(empty({10, 10}), {5, 5}, {20, 2});
  EXPECT_EQ(empty_like(gappy).strides(), IntArrayRef({5, 1}));
  Tensor gappy_t = restride(empty({10, 10}), {5, 5}, {2, 20});  // a transposed slice
  EXPECT_EQ(empty_like(gappy_t).strides(), IntArrayRef({1, 5}));
  EXPECT_EQ(gappy_t.clone().strides(), IntArrayRef({1, 5}));
  EXPECT_EQ(gappy_t.to(ScalarType::Double).strides(), IntArrayRef({1, 5}));
  Tensor cl_gappy = restride(
      empty({2, 8, 6, 6}, TensorOptions().memory_format(MemoryFormat::ChannelsLast)), {2, 4, 6, 6},
      {288, 2, 48, 8});  // every other channel of NHWC
  EXPECT_TRUE(empty_like(cl_gappy).is_contiguous(MemoryFormat::ChannelsLast));
  EXPECT_TRUE(empty_like(t, TensorOptions(), MemoryFormat::Contiguous).is_contiguous());
  EXPECT_EQ(empty_like(t, ScalarType::Long).dtype(), ScalarType::Long);
  EXPECT_TRUE(empty_like(t, TensorOptions().device(kMeta)).is_meta());
}

// ---- the factories that fill: zeros, ones, full, scalar_tensor, *_like, eye -----------------

TEST(Zeros, OnesAndFullEveryDtypeCpuAndMeta) {
  for (ScalarType t : ref::kDtypeOrder) {
    expect_all(zeros({2, 3}, t), 0);
    expect_all(ones({2, 3}, t), 1);
    const double v = t == ScalarType::Bool ? 1 : 9;
    Tensor f = full({4}, v, t);
    EXPECT_EQ(f.dtype(), t);
    expect_all(f, v);
    for (Tensor cpu : {zeros({2, 3}, t), ones({2, 3}, t), full({2, 3}, v, t)}) {
      EXPECT_EQ(cpu.strides(), IntArrayRef({3, 1}));
    }
    TensorOptions meta = TensorOptions(t).device(kMeta);
    expect_same_geometry(zeros({2, 3}, meta), zeros({2, 3}, t));
    expect_same_geometry(ones({2, 3}, meta), ones({2, 3}, t));
    expect_same_geometry(full({2, 3}, v, meta), full({2, 3}, v, t));
  }
  expect_all(zeros({}), 0);
  EXPECT_EQ(zeros({}).dim(), 0);
  EXPECT_EQ(ones({0, 3}).numel(), 0);
  // The scattered form is the dispatcher's signature.
  Tensor s = zeros({2}, ScalarType::Short, Layout::Strided, kCPU, false);
  EXPECT_EQ(s.dtype(), ScalarType::Short);
}

TEST(Full, DtypeFollowsTheValueWhenNotGiven) {
  EXPECT_EQ(full({2}, true).dtype(), ScalarType::Bool);
  EXPECT_EQ(full({2}, 3).dtype(), ScalarType::Long);
  EXPECT_EQ(full({2}, int8_t{3}).dtype(), ScalarType::Long);
  EXPECT_EQ(full({2}, 2.5).dtype(), ScalarType::Float);
  EXPECT_EQ(full({2}, 2.5f).dtype(), ScalarType::Float);
  EXPECT_EQ(full({2}, 3, ScalarType::Double).dtype(), ScalarType::Double);
  EXPECT_EQ(full({2}, 3, TensorOptions().device(kMeta)).dtype(), ScalarType::Long);
  expect_all(full({2, 2}, true), 1);
  expect_all(full({3}, -4), -4);
  expect_all(full({3}, 0.1), static_cast<double>(0.1f));
  Tensor z = full({2}, std::complex<double>(1, -2));
  EXPECT_EQ(z.dtype(), ScalarType::ComplexFloat);
  EXPECT_EQ(z.data_ptr<complex<float>>()[1], complex<float>(1, -2));
  Tensor zd = full({3}, std::complex<double>(0.5, 3), ScalarType::ComplexDouble);
  EXPECT_EQ(zd.data_ptr<complex<double>>()[2], complex<double>(0.5, 3));
  EXPECT_EQ(full({2}, 1.5, ScalarType::Half).data_ptr<Half>()[1], Half(1.5f));
}

TEST(Full, Errors) {
  expect_error([] { full({2}, 1000, ScalarType::Byte); }, {"fill_.Scalar: ", "1000", "Byte"});
  expect_error([] { zeros({2, -3}); }, {"empty.memory_format: ", "negative dimension -3"});
  expect_error([] { ones({2}, TensorOptions().pinned_memory(true)); }, {"pin_memory"});
}

// Without a dtype, Float whatever the value's kind (libtorch 1.13.1: torch.scalar_tensor(1),
// (True) and (2**40) are float32 too; with 1j it refuses, "value cannot be converted to type
// float without overflow").
TEST(ScalarTensor, ZeroDimFloatUnlessADtypeIsGiven) {
  for (const Scalar& v : {Scalar(2.5), Scalar(3), Scalar(true), Scalar(int64_t{1} << 40)}) {
    Tensor t = scalar_tensor(v);
    EXPECT_EQ(t.dim(), 0);
    EXPECT_EQ(t.dtype(), kFloat);
    EXPECT_FALSE(t.is_wrapped_number());
    EXPECT_EQ(t.item<double>(), v.to<float>()) << v;
  }
  EXPECT_EQ(scalar_tensor(7, kLong).item<int64_t>(), 7);
  EXPECT_EQ(scalar_tensor(3.7, kInt).item<int32_t>(), 3);
  Tensor z = scalar_tensor(std::complex<double>(0.5, -1), kComplexDouble);
  EXPECT_EQ(z.item<complex<double>>(), complex<double>(0.5, -1));
  EXPECT_TRUE(
      std::isnan(static_cast<float>(scalar_tensor(std::nan(""), kHalf).data_ptr<Half>()[0])));
  for (ScalarType t : ref::kDtypeOrder) {
    Tensor cpu = scalar_tensor(1, t);
    EXPECT_EQ(cpu.dtype(), t);
    expect_all(cpu, 1);
    expect_same_geometry(scalar_tensor(1, TensorOptions(t).device(kMeta)), cpu);
  }
  Tensor m = scalar_tensor(2, std::nullopt, std::nullopt, kMeta, std::nullopt);
  EXPECT_TRUE(m.is_meta());
  EXPECT_EQ(m.dtype(), kFloat);
}

TEST(ScalarTensor, ValuesAreConvertedWithChecks) {
  expect_error([] { scalar_tensor(1000, kByte); }, {"scalar_tensor", "1000", "Byte"});
  expect_error([] { scalar_tensor(std::complex<double>(0, 1)); }, {"scalar_tensor", "Float"});
  expect_error([] { scalar_tensor(1e300); }, {"scalar_tensor", "Float"});
  expect_error([] { scalar_tensor(std::numeric_limits<double>::infinity(), kInt); },
               {"scalar_tensor", "Int"});
  expect_error([] { scalar_tensor(1, TensorOptions().pinned_memory(true)); }, {"pin_memory"});
}

TEST(Like, FollowsEmptyLikesPreserveRules) {
  for (ScalarType t : ref::kDtypeOrder) {
    // A dense permuted self keeps its strides; dtype and device are self's unless given.
    Tensor self = empty({2, 3, 4}, t).permute({2, 0, 1});
    Tensor z = zeros_like(self), o = ones_like(self), f = full_like(self, 1);
    for (const Tensor& r : {z, o, f}) {
      EXPECT_EQ(r.strides(), self.strides());
      EXPECT_EQ(r.dtype(), t);
    }
    expect_all(z, 0);
    expect_all(o, 1);
    expect_all(f, 1);
    Tensor m = ref::to_meta(self);
    expect_same_geometry(zeros_like(m), z);
    expect_same_geometry(ones_like(m), o);
    expect_same_geometry(full_like(m, 1), f);
  }
  // Not dense (a slice with gaps): dense strides in self's dim order, so contiguous for a
  // slice of a contiguous tensor and channels-last for one of a channels-last tensor.
  Tensor gappy = empty({4, 6}).slice(1, 0, 6, 2);
  EXPECT_EQ(zeros_like(gappy).strides(), IntArrayRef({3, 1}));
  Tensor cl = empty({4, 3, 4, 5}, TensorOptions(), MemoryFormat::ChannelsLast).slice(0, 0, 4, 2);
  EXPECT_FALSE(cl.is_non_overlapping_and_dense());
  EXPECT_EQ(ones_like(cl).strides(), IntArrayRef({60, 1, 15, 3}));
  // An explicit memory format and dtype win; full_like takes self's dtype, not the value's.
  Tensor self = empty({2, 3, 4, 5});
  EXPECT_EQ(zeros_like(self, TensorOptions(), MemoryFormat::ChannelsLast).strides(),
            IntArrayRef({60, 1, 15, 3}));
  EXPECT_EQ(ones_like(self, ScalarType::Long).dtype(), ScalarType::Long);
  Tensor g = full_like(empty({2}, ScalarType::Int), 2.5);
  EXPECT_EQ(g.dtype(), ScalarType::Int);
  expect_all(g, 2);
  EXPECT_TRUE(zeros_like(self, TensorOptions().device(kMeta)).is_meta());
  expect_error([] { full_like(empty({2}, ScalarType::Char), 200); }, {"fill_.Scalar: ", "200"});
}

TEST(Eye, SquareRectangularEveryDtypeAndMeta) {
  for (ScalarType t : ref::kDtypeOrder) {
    if (t == ScalarType::ComplexHalf) {  // not in ATen's eye either
      expect_error([] { eye(2, ScalarType::ComplexHalf); },
                   {"\"eye\" not implemented for 'ComplexHalf'"});
      continue;
    }
    for (auto [n, m] : {std::pair<int64_t, int64_t>{3, 3}, {2, 5}, {5, 2}, {0, 3}, {1, 1}}) {
      Tensor e = eye(n, m, t);
      ASSERT_EQ(e.sizes(), IntArrayRef({n, m}));
      EXPECT_EQ(e.dtype(), t);
      EXPECT_EQ(e.strides(), IntArrayRef({m, 1}));
      for (int64_t r = 0; r < n; ++r)
        for (int64_t c = 0; c < m; ++c) ASSERT_EQ(at2(e, r, c), r == c ? 1 : 0);
      expect_same_geometry(eye(n, m, TensorOptions(t).device(kMeta)), e);
    }
  }
  Tensor e = eye(4);
  EXPECT_EQ(e.sizes(), IntArrayRef({4, 4}));
  EXPECT_EQ(e.dtype(), ScalarType::Float);
  EXPECT_EQ(at2(e, 3, 3), 1);
  EXPECT_EQ(at2(e, 3, 2), 0);
  expect_error([] { eye(-1); }, {"eye: n must be greater or equal to 0, got -1"});
  expect_error([] { eye(2, -3); }, {"eye.m: m must be greater or equal to 0, got -3"});
}

// ---- tensor(...) from C++ values ------------------------------------------------------------

TEST(TensorFromValues, EveryDtype) {
  auto check = [](const Tensor& t, ScalarType dtype, std::vector<double> expected) {
    EXPECT_EQ(t.dtype(), dtype);
    ASSERT_EQ(t.numel(), static_cast<int64_t>(expected.size()));
    for (size_t i = 0; i < expected.size(); ++i)
      EXPECT_EQ(ref::read_double(t, {static_cast<int64_t>(i)}), expected[i]) << dtype;
  };
  check(tensor({true, false}), ScalarType::Bool, {1, 0});
  check(tensor({uint8_t{200}, uint8_t{1}}), ScalarType::Byte, {200, 1});
  check(tensor({int8_t{-100}, int8_t{1}}), ScalarType::Char, {-100, 1});
  check(tensor({int16_t{-30000}}), ScalarType::Short, {-30000});
  check(tensor({1, -2, 3}), ScalarType::Int, {1, -2, 3});
  check(tensor({int64_t{1} << 40}), ScalarType::Long, {std::ldexp(1.0, 40)});
  check(tensor({Half(0.5f), Half(-2.f)}), ScalarType::Half, {0.5, -2});
  check(tensor({BFloat16(0.25f), BFloat16(3.f)}), ScalarType::BFloat16, {0.25, 3});
  check(tensor({1.5f, 2.f}), ScalarType::Float, {1.5, 2});
  check(tensor({0.1, 0.2}), ScalarType::Double, {0.1, 0.2});
  Tensor c = tensor({complex<float>(1, 2), complex<float>(3, -4)});
  EXPECT_EQ(c.dtype(), ScalarType::ComplexFloat);
  EXPECT_EQ(c.data_ptr<complex<float>>()[1], complex<float>(3, -4));
  Tensor z = tensor({complex<double>(0.5, -1)});
  EXPECT_EQ(z.dtype(), ScalarType::ComplexDouble);
  EXPECT_EQ(z.item<complex<double>>(), complex<double>(0.5, -1));
  Tensor zh = tensor({complex<Half>(0.5f, -1.f)});
  EXPECT_EQ(zh.dtype(), ScalarType::ComplexHalf);
  EXPECT_EQ(zh.item<complex<Half>>(), complex<Half>(0.5f, -1.f));
  EXPECT_EQ(zh.item(), Scalar(complex<double>(0.5, -1)));
}

TEST(TensorFromValues, ShapeAndNestedForms) {
  Tensor a = tensor({1.f, 2.f, 3.f, 4.f, 5.f, 6.f}, {2, 3});
  EXPECT_EQ(a.sizes(), IntArrayRef({2, 3}));
  EXPECT_EQ(at2(a, 1, 0), 4);
  Tensor s = tensor({7.5}, {});
  EXPECT_EQ(s.dim(), 0);
  EXPECT_EQ(s.item<double>(), 7.5);

  Tensor b = tensor({{1, 2, 3}, {4, 5, 6}});
  EXPECT_EQ(b.sizes(), IntArrayRef({2, 3}));
  EXPECT_EQ(b.dtype(), ScalarType::Int);
  EXPECT_EQ(at2(b, 1, 2), 6);
  Tensor c = tensor({{{true}, {false}}, {{false}, {true}}});
  EXPECT_EQ(c.sizes(), IntArrayRef({2, 2, 1}));
  EXPECT_EQ(c.dtype(), ScalarType::Bool);
  EXPECT_EQ(ref::read_double(c, {1, 1, 0}), 1);
  EXPECT_EQ(ref::read_double(c, {1, 0, 0}), 0);
  Tensor h = tensor({{Half(1.f)}, {Half(2.f)}});
  EXPECT_EQ(h.dtype(), ScalarType::Half);
  EXPECT_EQ(h.sizes(), IntArrayRef({2, 1}));
  Tensor empty_rows = tensor(std::initializer_list<std::initializer_list<float>>{{}, {}});
  EXPECT_EQ(empty_rows.sizes(), IntArrayRef({2, 0}));

  expect_error(
      [] {
        tensor({{1.f, 2.f}, {3.f}});
      },
      {"expected sequence of length 2 at dim 1 (got 1)"});
  expect_error(
      [] {
        tensor({{{1.}, {2.}}, {{3.}}});
      },
      {"expected sequence of length 2 at dim 1 (got 1)"});
  expect_error([] { tensor({1.f, 2.f, 3.f}, {2, 2}); }, {"3 values cannot fill shape [2, 2]"});
}

// tensor(values, options) converts values to the options' dtype as copy_ does (a cast: ATen's
// at::tensor({300}, kByte) is 44), to Float when the options give no dtype (as ATen's
// at::tensor({1, 2}, TensorOptions()) is Float), and makes the tensor on the options' device.
TEST(TensorFromValues, WithOptionsConverts) {
  Tensor f = tensor({1, 2, 3}, kFloat);
  EXPECT_EQ(f.dtype(), kFloat);
  EXPECT_EQ(f.sizes(), IntArrayRef({3}));
  EXPECT_EQ(f.data_ptr<float>()[2], 3.f);
  Tensor l = tensor({1.5f, -2.5f, 3.f, 4.f}, {2, 2}, TensorOptions().dtype(kLong));
  EXPECT_EQ(l.dtype(), kLong);
  EXPECT_EQ(l.sizes(), IntArrayRef({2, 2}));
  EXPECT_EQ(at2(l, 0, 0), 1);
  EXPECT_EQ(at2(l, 0, 1), -2);
  EXPECT_EQ(tensor({300}, kByte).data_ptr<uint8_t>()[0], 44);
  EXPECT_EQ(tensor({0.f, 2.f}, kBool).data_ptr<bool>()[1], true);
  Tensor c = tensor({1.5, 2.0}, kComplexFloat);
  EXPECT_EQ(c.data_ptr<complex<float>>()[0], complex<float>(1.5f, 0));
  EXPECT_EQ(tensor({1, 2}, TensorOptions()).dtype(), kFloat);
  Tensor d = tensor({{1, 2}, {3, 4}}, kDouble);
  EXPECT_EQ(d.dtype(), kDouble);
  EXPECT_EQ(at2(d, 1, 0), 3);
  Tensor p = tensor({{{true}, {false}}}, kShort);
  EXPECT_EQ(p.sizes(), IntArrayRef({1, 2, 1}));
  EXPECT_EQ(p.dtype(), kShort);
  Tensor s = tensor({7}, {}, kHalf);
  EXPECT_EQ(s.dim(), 0);
  EXPECT_EQ(s.item<float>(), 7.f);
  Tensor m = tensor({1, 2, 3}, TensorOptions().dtype(kDouble).device(kMeta));
  EXPECT_TRUE(m.is_meta());
  EXPECT_EQ(m.dtype(), kDouble);
  EXPECT_EQ(m.sizes(), IntArrayRef({3}));
  Tensor on_meta = tensor({1.5}, kMeta);
  EXPECT_TRUE(on_meta.is_meta());
  EXPECT_EQ(on_meta.dtype(), kFloat);
  // A braced second argument is still a shape.
  EXPECT_EQ(tensor({7.f}, {}).dim(), 0);
  EXPECT_EQ(tensor({1, 2, 3, 4}, {2, 2}).dtype(), kInt);
  expect_error([] { tensor({1, 2, 3}, {2, 2}, kFloat); }, {"3 values cannot fill shape [2, 2]"});
}
