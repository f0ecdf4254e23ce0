#pragma once
// Everything the dispatcher knows about one operator: its schema and a flat table of kernels
// indexed by dispatch key, so a call costs one array load.
#include <aten/core/DispatchKey.h>
#include <aten/core/Error.h>
#include <aten/dispatch/KernelFunction.h>
#include <aten/dispatch/OperatorName.h>

#include <array>
#include <string>

namespace aten {

class OperatorEntry {
 public:
  explicit OperatorEntry(OperatorName name) : name_(std::move(name)) {}

  const OperatorName& name() const { return name_; }
  const std::string& schema() const { return schema_; }
  bool has_schema() const { return !schema_.empty(); }
  void set_schema(std::string schema) { schema_ = std::move(schema); }

  void set_kernel(DispatchKey key, KernelFunction k) { table_[static_cast<int>(key)] = k; }
  bool has_kernel(DispatchKey key) const { return table_[static_cast<int>(key)].valid(); }

  const KernelFunction& lookup(DispatchKey key) const {
    const KernelFunction& k = table_[static_cast<int>(key)];
    if (!k.valid()) [[unlikely]]
      report_missing_kernel(key);
    return k;
  }

 private:
  [[noreturn]] void report_missing_kernel(DispatchKey key) const;

  OperatorName name_;
  std::string schema_;
  std::array<KernelFunction, kNumDispatchKeys> table_{};
};

}  // namespace aten
