// The generated op manifest (<aten/OpManifest.h>, the same records as generated/manifest.json)
// against what the Dispatcher has registered at run time: the manifest is what op suites
// iterate over, so it must list exactly the overloads, schemas and kernels that exist.
#include <aten/OpManifest.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/dispatch/Dispatcher.h>
#include <aten/ops/add.h>
#include <aten/ops/empty.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <unordered_set>

using namespace aten;

namespace {

constexpr DispatchKey kAllKeys[] = {DispatchKey::CPU, DispatchKey::Meta,
                                    DispatchKey::CompositeExplicitAutograd,
                                    DispatchKey::CompositeImplicitAutograd};

OperatorName name_of(const manifest::Overload& o) {
  return {std::string(o.name), std::string(o.overload)};
}

bool lists(const manifest::Overload& o, DispatchKey key) {
  return std::find(o.dispatch_keys.begin(), o.dispatch_keys.end(), key) != o.dispatch_keys.end();
}

}  // namespace

TEST(Manifest, EveryOverloadIsRegisteredWithItsSchemaAndExactlyItsKeys) {
  ASSERT_GT(std::size(manifest::kOverloads), 0u);
  for (const manifest::Overload& o : manifest::kOverloads) {
    SCOPED_TRACE(o.schema);
    auto handle = Dispatcher::singleton().findOp(name_of(o));
    ASSERT_TRUE(handle.has_value()) << "not registered";
    EXPECT_EQ(handle->schema(), o.schema);
    EXPECT_FALSE(o.dispatch_keys.empty());
    for (DispatchKey key : kAllKeys) {
      EXPECT_EQ(handle->has_registered_kernel(key), lists(o, key)) << "key " << key;
    }
    // What the manifest says about Meta is what a call on a Meta tensor would find.
    EXPECT_EQ(handle->has_kernel(DispatchKey::Meta), o.meta);
    EXPECT_TRUE(handle->has_kernel(DispatchKey::CPU));
  }
}

TEST(Manifest, NothingIsRegisteredThatTheManifestLacks) {
  std::unordered_set<OperatorName> listed;
  for (const manifest::Overload& o : manifest::kOverloads) {
    EXPECT_TRUE(listed.insert(name_of(o)).second) << "listed twice: " << o.schema;
  }
  for (const OperatorName& name : Dispatcher::singleton().operators()) {
    // Fixture operators of this test binary (test_proxy_outputs.cpp) are not in the YAML.
    if (name.name.starts_with("_test_")) continue;
    EXPECT_TRUE(listed.count(name)) << name << " is registered but not in the manifest";
  }
}

TEST(Manifest, RecordsAgreeWithTheirSchemas) {
  for (const manifest::Overload& o : manifest::kOverloads) {
    SCOPED_TRACE(o.schema);
    EXPECT_EQ(o.kind == manifest::SchemaKind::inplace, o.name.ends_with("_"));
    // out= arguments are the written keyword-only ones.
    size_t star = o.schema.find("*");
    bool writes_kwarg = star != std::string_view::npos &&
                        o.schema.find("!)", star) < o.schema.find(") ->");
    EXPECT_EQ(o.kind == manifest::SchemaKind::out, writes_kwarg);
    EXPECT_TRUE(o.function || o.method);
    if (!o.structured_group.empty()) {
      // Structured overloads get generated CPU and Meta kernels and share the group's dtypes.
      EXPECT_TRUE(lists(o, DispatchKey::CPU) && lists(o, DispatchKey::Meta));
    }
  }
}

// What op suites do with the manifest: every overload of an op with declared dtypes
// runs for each of them. Here: the dtypes add declares are exactly those its kernel accepts.
TEST(Manifest, DeclaredDtypesAreTheOnesTheKernelsAccept) {
  for (const manifest::Overload& o : manifest::kOverloads) {
    if (o.name != "add" || o.overload != "Tensor") continue;
    for (int i = 0; i < kNumScalarTypes; ++i) {
      auto dtype = static_cast<ScalarType>(i);
      bool declared = std::find(o.dtypes.begin(), o.dtypes.end(), dtype) != o.dtypes.end();
      Tensor a = empty({2}, TensorOptions(dtype));
      std::memset(a.data_ptr(), 0, static_cast<size_t>(a.nbytes()));  // zero in every dtype
      if (declared) {
        EXPECT_NO_THROW(aten::add(a, a)) << dtype;
      } else {
        EXPECT_THROW(aten::add(a, a), Error) << dtype;
      }
    }
    return;
  }
  FAIL() << "add.Tensor is not in the manifest";
}
