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

// The Autograd key: above every backend while a tensor requires grad; its own kernel, else the
// CompositeImplicitAutograd kernel when the operator has no other, else the backend's.
namespace {
std::string autograd_kernel(const Tensor&) { return "autograd"; }
// Calls the operator again below Autograd, as a generated Autograd kernel does.
std::string autograd_then_below(const Tensor& t) {
  AutoDispatchBelowAutograd guard;
  return "autograd+" + Dispatcher::singleton()
                           .findSchemaOrThrow("test_autograd_redispatch", "")
                           .typed<Sig>()
                           .call(t);
}
// A tensor that takes the Autograd key, as one that requires grad does (autograd's state is
// not the dispatcher's business).
Tensor requiring_grad(const Tensor& t) {
  Tensor r = empty(t.sizes(), t.options());
  r.unsafeGetTensorImpl()->set_autograd_key(true);
  return r;
}
constexpr DispatchKey kAutograd = DispatchKey::Autograd;
}  // namespace

TEST(Composite, AutogradKeyRunsItsKernelOnlyForTensorsThatRequireGrad) {
  auto op = make_op("test_autograd_own", {{kCPUKey, &cpu_kernel}, {kAutograd, &autograd_kernel}});
  EXPECT_EQ(op.call(cpu_tensor()), "cpu");
  EXPECT_EQ(op.call(requiring_grad(cpu_tensor())), "autograd");
  EXPECT_TRUE(op.has_kernel(kAutograd));
  auto below = make_op(
      "test_autograd_redispatch",
      {{kCPUKey, &cpu_kernel}, {kMetaKey, &meta_kernel}, {kAutograd, &autograd_then_below}});
  EXPECT_EQ(below.call(requiring_grad(cpu_tensor())), "autograd+cpu");
  EXPECT_EQ(below.call(requiring_grad(meta_tensor())), "autograd+meta");
  EXPECT_TRUE(excluded_dispatch_keys().empty());  // the guard restored what it found
}

TEST(Composite, AnImplicitKernelAloneServesAutograd) {
  auto op = make_op("test_autograd_implicit", {{kImplicit, &implicit_kernel}});
  EXPECT_TRUE(op.has_kernel(kAutograd));
  EXPECT_EQ(op.call(requiring_grad(cpu_tensor())), "implicit");
}

TEST(Composite, WithoutAnAutogradKernelACallFallsThroughToTheBackend) {
  auto op = make_op("test_autograd_fallthrough",
                    {{kCPUKey, &cpu_kernel}, {kImplicit, &implicit_kernel}});
  EXPECT_FALSE(op.has_kernel(kAutograd));
  EXPECT_EQ(op.call(requiring_grad(cpu_tensor())), "cpu");
  EXPECT_EQ(op.call(requiring_grad(meta_tensor())), "implicit");
  auto explicit_op = make_op("test_autograd_fallthrough_explicit", {{kExplicit, &explicit_kernel}});
  EXPECT_EQ(explicit_op.call(requiring_grad(cpu_tensor())), "explicit");
}

TEST(Composite, ExcludedKeysNestAndRestore) {
  auto op = make_op("test_autograd_excluded",
                    {{kCPUKey, &cpu_kernel}, {kAutograd, &autograd_kernel}});
  const Tensor t = requiring_grad(cpu_tensor());
  {
    ExcludeDispatchKeyGuard outer{DispatchKeySet(kAutograd)};
    EXPECT_EQ(op.call(t), "cpu");
    {
      ExcludeDispatchKeyGuard inner{DispatchKeySet(kMetaKey)};
      EXPECT_TRUE(excluded_dispatch_keys().has(kAutograd));
      EXPECT_TRUE(excluded_dispatch_keys().has(kMetaKey));
    }
    EXPECT_FALSE(excluded_dispatch_keys().has(kMetaKey));
    // redispatch takes the keys it is given.
    EXPECT_EQ(op.redispatch(DispatchKeySet(kAutograd).add(kCPUKey), t), "autograd");
  }
  EXPECT_EQ(op.call(t), "autograd");
}
