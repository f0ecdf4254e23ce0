// empty and empty_strided, the generated factory operators: both C++ forms (TensorOptions and
// scattered), the kernel chosen by the device argument, layouts, and the errors.
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/dispatch/Dispatcher.h>
#include <aten/ops/empty.h>
#include <aten/ops/empty_strided.h>
#include <gtest/gtest.h>

#include <functional>
#include <string>

using namespace aten;

namespace {

void expect_error(const std::function<void()>& f, const std::string& fragment) {
  try {
    f();
    ADD_FAILURE() << "no error; expected one containing: " << fragment;
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
  }
}

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
      "memory_format is given both in TensorOptions");
  expect_error([] { empty({2, 3}, {}, MemoryFormat::ChannelsLast); }, "required rank 4");
  expect_error([] { empty({2, 3}, {}, MemoryFormat::Preserve); }, "Preserve");
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
               "empty.memory_format: pin_memory=True needs an accelerator");
  auto op = Dispatcher::singleton().findSchemaOrThrow("empty", "memory_format");
  EXPECT_TRUE(op.has_kernel(DispatchKey::CPU));
  EXPECT_TRUE(op.has_kernel(DispatchKey::Meta));
}

TEST(Empty, BadSizesNameTheOperator) {
  expect_error(
      [] {
        empty({2, -1});
      },
      "empty.memory_format: Trying to create tensor with negative dimension -1");
  expect_error([] { empty({2, -1}, TensorOptions().device(kMeta)); }, "negative dimension");
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
  expect_error([] { empty_strided({2, 3}, {1}); }, "empty_strided: sizes [2, 3] and strides [1]");
  expect_error([] { empty_strided({-2}, {1}); }, "negative dimension");
  expect_error([] { empty_strided({2}, {1}, TensorOptions().pinned_memory(true)); }, "pin_memory");
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
