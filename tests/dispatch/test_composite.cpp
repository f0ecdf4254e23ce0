// Kernels registered under the composite alias keys: which kernel each runtime key runs, and
// that the answer does not depend on the order of registration.
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/dispatch/Dispatcher.h>
#include <aten/ops/empty.h>
#include <gtest/gtest.h>

#include <string>

using namespace aten;

namespace {

// Each kernel answers with its name, so a test sees which one ran.
std::string explicit_kernel(const Tensor&) { return "explicit"; }
std::string implicit_kernel(const Tensor&) { return "implicit"; }
std::string cpu_kernel(const Tensor&) { return "cpu"; }
std::string meta_kernel(const Tensor&) { return "meta"; }
std::string other_signature(const Tensor&, int64_t) { return "other"; }

using Sig = std::string(const Tensor&);
using Kernel = std::string (*)(const Tensor&);

// A fresh operator per test, so registrations do not leak between tests.
struct Registration {
  DispatchKey key;
  Kernel kernel;
};

TypedOperatorHandle<Sig> make_op(const std::string& name,
                                 std::initializer_list<Registration> regs) {
  Dispatcher& d = Dispatcher::singleton();
  d.registerSchema({name, ""}, name + "(Tensor self) -> str");
  for (const Registration& r : regs) d.registerKernel({name, ""}, r.key, r.kernel);
  return d.findSchemaOrThrow(name.c_str(), "").typed<Sig>();
}

const Tensor& cpu_tensor() {
  static const Tensor t = empty({1});
  return t;
}
const Tensor& meta_tensor() {
  static const Tensor t = empty({1}, TensorOptions().device(kMeta));
  return t;
}

constexpr DispatchKey kCPUKey = DispatchKey::CPU;
constexpr DispatchKey kMetaKey = DispatchKey::Meta;
constexpr DispatchKey kExplicit = DispatchKey::CompositeExplicitAutograd;
constexpr DispatchKey kImplicit = DispatchKey::CompositeImplicitAutograd;

}  // namespace

TEST(Composite, AnAliasKernelServesEveryRuntimeKey) {
  for (auto [key, name] : {std::pair{kExplicit, "explicit"}, std::pair{kImplicit, "implicit"}}) {
    auto op = make_op(std::string("test_alias_only_") + name,
                      {{key, key == kExplicit ? &explicit_kernel : &implicit_kernel}});
    EXPECT_EQ(op.call(cpu_tensor()), name);
    EXPECT_EQ(op.call(meta_tensor()), name);
    EXPECT_TRUE(op.has_kernel(kCPUKey));
    EXPECT_TRUE(op.has_kernel(kMetaKey));
    EXPECT_TRUE(op.has_kernel(key));
  }
}

TEST(Composite, ABackendKernelWinsOnItsKeyWhicheverIsRegisteredFirst) {
  auto before = make_op("test_cpu_then_explicit",
                        {{kCPUKey, &cpu_kernel}, {kExplicit, &explicit_kernel}});
  auto after = make_op("test_explicit_then_cpu",
                       {{kExplicit, &explicit_kernel}, {kCPUKey, &cpu_kernel}});
  for (const auto& op : {before, after}) {
    EXPECT_EQ(op.call(cpu_tensor()), "cpu");
    EXPECT_EQ(op.call(meta_tensor()), "explicit");  // Meta has no kernel of its own
  }
  auto implicit = make_op("test_meta_and_implicit",
                          {{kImplicit, &implicit_kernel}, {kMetaKey, &meta_kernel}});
  EXPECT_EQ(implicit.call(cpu_tensor()), "implicit");
  EXPECT_EQ(implicit.call(meta_tensor()), "meta");
}

TEST(Composite, ExplicitWinsOverImplicitWhicheverIsRegisteredFirst) {
  auto a = make_op("test_explicit_then_implicit",
                   {{kExplicit, &explicit_kernel}, {kImplicit, &implicit_kernel}});
  auto b = make_op("test_implicit_then_explicit",
                   {{kImplicit, &implicit_kernel}, {kExplicit, &explicit_kernel}});
  for (const auto& op : {a, b}) {
    EXPECT_EQ(op.call(cpu_tensor()), "explicit");
    EXPECT_EQ(op.call(meta_tensor()), "explicit");
  }
}

TEST(Composite, ReplacingAnAliasKernelUpdatesTheKeysItServes) {
  auto op = make_op("test_replace_alias",
                    {{kMetaKey, &meta_kernel}, {kImplicit, &implicit_kernel}});
  Dispatcher::singleton().registerKernel({"test_replace_alias", ""}, kImplicit, &explicit_kernel);
  EXPECT_EQ(op.call(cpu_tensor()), "explicit");
  EXPECT_EQ(op.call(meta_tensor()), "meta");
}

TEST(Composite, AnAliasKernelMustHaveTheOperatorsSignature) {
  make_op("test_alias_signature", {{kCPUKey, &cpu_kernel}});
  EXPECT_THROW(Dispatcher::singleton().registerKernel({"test_alias_signature", ""}, kExplicit,
                                                      &other_signature),
               Error);
}

TEST(Composite, MissingKernelListsAliasKeys) {
  auto op = make_op("test_undefined_with_alias", {{kExplicit, &explicit_kernel}});
  try {
    op.call(Tensor());
    FAIL() << "an undefined tensor has no key";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("registered for: CompositeExplicitAutograd"),
              std::string::npos)
        << e.what();
  }
}

TEST(Composite, GeneratedCompositeOperatorIsRegisteredUnderItsAliasKey) {
  auto op = Dispatcher::singleton().findSchemaOrThrow("add", "Scalar");
  EXPECT_TRUE(op.has_kernel(kExplicit));
  EXPECT_FALSE(op.has_kernel(kImplicit));
  EXPECT_TRUE(op.has_kernel(kCPUKey));
  EXPECT_TRUE(op.has_kernel(kMetaKey));
}
