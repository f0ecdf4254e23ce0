#include <aten/Factories.h>
#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/dispatch/Dispatcher.h>
#include <aten/ops/empty.h>
#include <gtest/gtest.h>

#include "Reference.h"

using namespace aten;

namespace {

Tensor twice_cpu(const Tensor& self) {
  Tensor out = empty(self.sizes(), self.options());
  for (int64_t i = 0; i < self.numel(); ++i)
    out.data_ptr<float>()[i] = 2 * self.data_ptr<float>()[i];
  return out;
}

using TwiceSig = Tensor(const Tensor&);

const TypedOperatorHandle<TwiceSig>& twice_handle() {
  static const auto handle = [] {
    Dispatcher& d = Dispatcher::singleton();
    d.registerSchema({"test_twice", ""}, "test_twice(Tensor self) -> Tensor");
    d.registerKernel({"test_twice", ""}, DispatchKey::CPU, &twice_cpu);
    return d.findSchemaOrThrow("test_twice", "").typed<TwiceSig>();
  }();
  return handle;
}

}  // namespace

TEST(Dispatcher, BuiltinOperatorsAreRegisteredWithCpuAndMetaKernels) {
  auto op = Dispatcher::singleton().findSchemaOrThrow("add", "Tensor");
  EXPECT_EQ(op.schema(), "add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor");
  EXPECT_TRUE(op.has_kernel(DispatchKey::CPU));
  EXPECT_TRUE(op.has_kernel(DispatchKey::Meta));
  EXPECT_TRUE(Dispatcher::singleton().findSchemaOrThrow("add", "out").has_kernel(DispatchKey::CPU));
  EXPECT_TRUE(
      Dispatcher::singleton().findSchemaOrThrow("add_", "Tensor").has_kernel(DispatchKey::Meta));
}

TEST(Dispatcher, CallsTheKernelForTheArgumentsKey) {
  Tensor x = tensor({1.f, 2.f});
  Tensor y = twice_handle().call(x);
  EXPECT_EQ(y.data_ptr<float>()[1], 4.f);
}

TEST(Dispatcher, MissingKernelNamesOperatorAndKey) {
  Tensor m = empty({2}, TensorOptions().device(kMeta));
  try {
    twice_handle().call(m);
    FAIL();
  } catch (const Error& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("'test_twice'"), std::string::npos) << msg;
    EXPECT_NE(msg.find("'Meta' backend"), std::string::npos) << msg;
    EXPECT_NE(msg.find("registered for: CPU"), std::string::npos) << msg;
  }
  EXPECT_THROW(twice_handle().call(Tensor()), Error);  // no key at all
}

TEST(Dispatcher, UnknownOperatorAndWrongSignatureAreErrors) {
  EXPECT_THROW(Dispatcher::singleton().findSchemaOrThrow("no_such_op", ""), Error);
  auto op = Dispatcher::singleton().findSchemaOrThrow("add", "Tensor");
  EXPECT_THROW(op.typed<Tensor(const Tensor&)>(), Error);
  EXPECT_THROW(Dispatcher::singleton().registerSchema({"add", "Tensor"},
                                                      "add.Tensor(Tensor self) -> Tensor"),
               Error);
}

TEST(Dispatcher, KeyFromTheHighestPriorityArgument) {
  Tensor c = empty({2});
  Tensor m = empty({2}, TensorOptions().device(kMeta));
  EXPECT_EQ(detail::compute_key_set(c, 1, m).highestPriorityKey(), DispatchKey::Meta);
  EXPECT_EQ(detail::compute_key_set(c, Scalar(2)).highestPriorityKey(), DispatchKey::CPU);
  EXPECT_EQ(detail::compute_key_set(std::optional<Tensor>(), 3).highestPriorityKey(),
            DispatchKey::Undefined);
  std::vector<std::optional<Tensor>> optional_list{std::nullopt, m};
  EXPECT_EQ(
      detail::compute_key_set(ArrayRef<std::optional<Tensor>>(optional_list)).highestPriorityKey(),
      DispatchKey::Meta);
  EXPECT_EQ(detail::compute_key_set(ArrayRef<Tensor>({c, c})).highestPriorityKey(),
            DispatchKey::CPU);
}

TEST(Dispatcher, FactoriesTakeTheKeyFromTheirDeviceArgument) {
  std::vector<int64_t> size{2};
  auto key = [](const auto&... args) {
    return detail::compute_key_set(args...).highestPriorityKey();
  };
  EXPECT_EQ(key(IntArrayRef(size), std::optional<Device>(kMeta)), DispatchKey::Meta);
  EXPECT_EQ(key(IntArrayRef(size), std::optional<Device>(kCPU)), DispatchKey::CPU);
  EXPECT_EQ(key(IntArrayRef(size), std::optional<Device>()), DispatchKey::CPU);  // no device: CPU
  EXPECT_EQ(key(kMeta), DispatchKey::Meta);
  // A defined tensor decides over the device argument (a composite like empty_like sees both).
  Tensor c = empty({2});
  EXPECT_EQ(key(c, std::optional<Device>(kMeta)), DispatchKey::CPU);
  EXPECT_EQ(key(Tensor(), std::optional<Device>(kMeta)), DispatchKey::Meta);
  // No tensor and no device: nothing to choose a kernel by.
  EXPECT_EQ(key(IntArrayRef(size), 3), DispatchKey::Undefined);
}

namespace {
Tensor which_cpu(const Tensor&) { return tensor({1}); }
Tensor which_meta(const Tensor&) { return tensor({2}); }
}  // namespace

TEST(Dispatcher, RedispatchUsesTheGivenKey) {
  Dispatcher& d = Dispatcher::singleton();
  d.registerSchema({"test_which", ""}, "test_which(Tensor self) -> Tensor");
  d.registerKernel({"test_which", ""}, DispatchKey::CPU, &which_cpu);
  d.registerKernel({"test_which", ""}, DispatchKey::Meta, &which_meta);
  auto op = d.findSchemaOrThrow("test_which", "").typed<Tensor(const Tensor&)>();
  Tensor a = empty({1});
  EXPECT_EQ(op.call(a).item<int>(), 1);
  EXPECT_EQ(op.redispatch(DispatchKeySet(DispatchKey::Meta), a).item<int>(), 2);
}
