#pragma once
// Everything the dispatcher knows about one operator: its schema, the kernels registered for it
// (per runtime or alias key), and the flat table a call indexes by runtime key, so a call costs
// one array load whatever was registered under which key.
#include <aten/core/DispatchKey.h>
#include <aten/core/Error.h>
#include <aten/dispatch/KernelFunction.h>
#include <aten/dispatch/OperatorName.h>

#include <array>
#include <string>
#include <vector>

namespace aten {

class IValue;
// Calls an operator with its arguments on a stack, leaving its returns there (Boxing.h).
using BoxedKernel = void (*)(std::vector<IValue>& stack);

class OperatorEntry {
 public:
  explicit OperatorEntry(OperatorName name) : name_(std::move(name)) {}

  const OperatorName& name() const { return name_; }
  const std::string& schema() const { return schema_; }
  bool has_schema() const { return !schema_.empty(); }
  void set_schema(std::string schema) { schema_ = std::move(schema); }
  BoxedKernel boxed() const { return boxed_; }
  void set_boxed(BoxedKernel boxed) { boxed_ = boxed; }

  // Registers k under key (a runtime or an alias key), replacing what that key had. Every
  // kernel of one operator must have the same C++ signature.
  void register_kernel(DispatchKey key, KernelFunction k);
  // The kernel registered under exactly this key; invalid if none.
  const KernelFunction& registered(DispatchKey key) const {
    return registered_[static_cast<int>(key)];
  }
  // Runtime key: whether a call with it finds a kernel. Alias key: whether one is registered.
  bool has_kernel(DispatchKey key) const {
    return isAliasKey(key) ? registered(key).valid() : table_[static_cast<int>(key)].valid();
  }

  const KernelFunction& lookup(DispatchKey key) const {
    const KernelFunction& k = table_[static_cast<int>(key)];
    if (!k.valid()) [[unlikely]]
      report_missing_kernel(key);
    return k;
  }
  // The kernel of the highest key in ks that this operator does not fall through.
  const KernelFunction& lookup(DispatchKeySet ks) const {
    return lookup((ks & dispatch_mask_).highestPriorityKey());
  }

 private:
  void update_table();
  [[noreturn]] void report_missing_kernel(DispatchKey key) const;

  OperatorName name_;
  std::string schema_;
  BoxedKernel boxed_ = nullptr;
  std::array<KernelFunction, kNumDispatchKeys> registered_{};
  std::array<KernelFunction, kNumRuntimeKeys> table_{};
  // Every key but those a call passes through to the next key: Autograd when the operator has
  // no kernel for it, which records nothing then.
  DispatchKeySet dispatch_mask_ = DispatchKeySet::full().remove(DispatchKey::Autograd);
};

}  // namespace aten
