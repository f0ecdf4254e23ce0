#include <aten/dispatch/Dispatcher.h>

namespace aten {

Dispatcher& Dispatcher::singleton() {
  // Never destroyed: operators may be called from other static destructors.
  static Dispatcher* instance = [] {
    auto* d = new Dispatcher();
    detail::register_builtin_operators(*d);
    return d;
  }();
  return *instance;
}

OperatorEntry& Dispatcher::entry_for(const OperatorName& name) {
  auto& slot = operators_[name];
  if (!slot) slot = std::make_unique<OperatorEntry>(name);
  return *slot;
}

std::optional<OperatorHandle> Dispatcher::findOp(const OperatorName& name) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = operators_.find(name);
  if (it == operators_.end() || !it->second->has_schema()) return std::nullopt;
  return OperatorHandle(it->second.get());
}

OperatorHandle Dispatcher::findSchemaOrThrow(const char* name, const char* overload_name) {
  OperatorName op{name, overload_name};
  auto handle = findOp(op);
  ATEN_CHECK(handle.has_value(), "could not find operator '", op, "' in the dispatcher");
  return *handle;
}

std::vector<OperatorName> Dispatcher::operators() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<OperatorName> names;
  for (const auto& [name, entry] : operators_)
    if (entry->has_schema()) names.push_back(name);
  return names;
}

void Dispatcher::registerSchema(const OperatorName& name, std::string schema) {
  std::lock_guard<std::mutex> lock(mutex_);
  OperatorEntry& entry = entry_for(name);
  ATEN_CHECK(!entry.has_schema() || entry.schema() == schema, "operator '", name,
             "' is registered twice with different schemas: '", entry.schema(), "' and '",
             schema, "'");
  entry.set_schema(std::move(schema));
}

void Dispatcher::registerKernelFunction(const OperatorName& name, DispatchKey key,
                                        KernelFunction k) {
  std::lock_guard<std::mutex> lock(mutex_);
  OperatorEntry& entry = entry_for(name);
  for (int other = 0; other < kNumDispatchKeys; ++other) {
    if (!entry.has_kernel(DispatchKey(other))) continue;
    ATEN_CHECK(entry.lookup(DispatchKey(other)).signature() == k.signature(), "kernel for '",
               name, "' on key ", key, " has a different C++ signature than the one on key ",
               DispatchKey(other));
  }
  entry.set_kernel(key, k);
}

void OperatorHandle::check_signature(const std::type_info& sig) const {
  for (int k = 0; k < kNumDispatchKeys; ++k) {
    if (!entry_->has_kernel(DispatchKey(k))) continue;
    ATEN_CHECK(entry_->lookup(DispatchKey(k)).signature() == sig, "operator '", entry_->name(),
               "' was asked for with a C++ signature that differs from its registered kernels'");
    return;
  }
}

}  // namespace aten
