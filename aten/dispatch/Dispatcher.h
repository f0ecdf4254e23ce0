#pragma once
// The process-wide operator registry. Generated code registers each operator's schema and
// kernels, and each generated `call` holds a TypedOperatorHandle found once, on first use.
#include <aten/dispatch/DispatchKeyExtractor.h>
#include <aten/dispatch/LocalDispatchKeySet.h>
#include <aten/dispatch/OperatorEntry.h>

#include <memory>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <vector>

namespace aten {

template <typename Sig>
class TypedOperatorHandle;

class OperatorHandle {
 public:
  explicit OperatorHandle(OperatorEntry* entry) : entry_(entry) {}
  const OperatorName& operator_name() const { return entry_->name(); }
  const std::string& schema() const { return entry_->schema(); }
  bool has_kernel(DispatchKey key) const { return entry_->has_kernel(key); }
  // Calls the operator with the arguments on `stack` (schema order, defaults included) and
  // leaves its returns there; an error if the operator was registered without a boxed form.
  void callBoxed(std::vector<IValue>& stack) const;
  // Whether a kernel was registered under exactly `key` (not inherited from an alias key).
  bool has_registered_kernel(DispatchKey key) const { return entry_->registered(key).valid(); }
  // A handle that calls with signature Sig; an error if the registered kernels differ.
  template <typename Sig>
  TypedOperatorHandle<Sig> typed() const {
    check_signature(typeid(Sig));
    return TypedOperatorHandle<Sig>(entry_);
  }

 protected:
  void check_signature(const std::type_info& sig) const;
  OperatorEntry* entry_;
};

template <typename Ret, typename... Args>
class TypedOperatorHandle<Ret(Args...)> : public OperatorHandle {
 public:
  explicit TypedOperatorHandle(OperatorEntry* entry) : OperatorHandle(entry) {}

  Ret call(Args... args) const {
    const DispatchKeySet ks = detail::compute_key_set(args...) - detail::tls_excluded_keys;
    return entry_->lookup(ks).template call<Ret, Args...>(std::forward<Args>(args)...);
  }
  // Calls the kernel for the highest key in ks, whatever the arguments carry and whatever this
  // thread excludes.
  Ret redispatch(DispatchKeySet ks, Args... args) const {
    return entry_->lookup(ks).template call<Ret, Args...>(std::forward<Args>(args)...);
  }
};

class Dispatcher {
 public:
  static Dispatcher& singleton();

  std::optional<OperatorHandle> findOp(const OperatorName& name);
  OperatorHandle findSchemaOrThrow(const char* name, const char* overload_name);
  std::vector<OperatorName> operators();

  // `boxed` calls the operator from a stack of IValues (detail::call_boxed<_ops::...>).
  void registerSchema(const OperatorName& name, std::string schema, BoxedKernel boxed = nullptr);
  template <typename Ret, typename... Args>
  void registerKernel(const OperatorName& name, DispatchKey key, Ret (*fn)(Args...)) {
    registerKernelFunction(name, key, KernelFunction::make(fn));
  }
  void registerKernelFunction(const OperatorName& name, DispatchKey key, KernelFunction k);

 private:
  Dispatcher() = default;
  OperatorEntry& entry_for(const OperatorName& name);  // caller holds mutex_

  std::mutex mutex_;
  std::unordered_map<OperatorName, std::unique_ptr<OperatorEntry>> operators_;
};

namespace detail {
// Defined in generated code: registers every operator of the library itself.
void register_builtin_operators(Dispatcher& d);
}  // namespace detail

}  // namespace aten
