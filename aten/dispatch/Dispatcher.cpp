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

void Dispatcher::registerSchema(const OperatorName& name, std::string schema, BoxedKernel boxed) {
  std::lock_guard<std::mutex> lock(mutex_);
  OperatorEntry& entry = entry_for(name);
  ATEN_CHECK(!entry.has_schema() || entry.schema() == schema, "operator '", name,
             "' is registered twice with different schemas: '", entry.schema(), "' and '", schema,
             "'");
  entry.set_schema(std::move(schema));
  if (boxed != nullptr) entry.set_boxed(boxed);
}

void OperatorHandle::callBoxed(std::vector<IValue>& stack) const {
  const BoxedKernel boxed = entry_->boxed();
  ATEN_CHECK(boxed != nullptr, "operator '", entry_->name(), "' has no boxed form");
  boxed(stack);
}

void Dispatcher::registerKernelFunction(const OperatorName& name, DispatchKey key,
                                        KernelFunction k) {
  std::lock_guard<std::mutex> lock(mutex_);
  entry_for(name).register_kernel(key, k);
}

void OperatorHandle::check_signature(const std::type_info& sig) const {
  for (int k = 0; k < kNumDispatchKeys; ++k) {
    const KernelFunction& kernel = entry_->registered(DispatchKey(k));
    if (!kernel.valid()) continue;
    ATEN_CHECK(kernel.signature() == sig, "operator '", entry_->name(),
               "' was asked for with a C++ signature that differs from its registered kernels'");
    return;
  }
}

}  // namespace aten
