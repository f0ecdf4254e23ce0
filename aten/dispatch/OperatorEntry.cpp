#include <aten/dispatch/OperatorEntry.h>

namespace aten {

void OperatorEntry::register_kernel(DispatchKey key, KernelFunction k) {
  for (int other = 0; other < kNumDispatchKeys; ++other) {
    const KernelFunction& existing = registered_[other];
    ATEN_CHECK(!existing.valid() || existing.signature() == k.signature(), "kernel for '", name_,
               "' on key ", key, " has a different C++ signature than the one on key ",
               DispatchKey(other));
  }
  registered_[static_cast<int>(key)] = k;
  update_table();
}

// A backend key runs its own kernel if it has one, whenever that was registered; otherwise
// the CompositeExplicitAutograd kernel, otherwise the CompositeImplicitAutograd one (ATen's
// order: an explicit composite is the more specific promise). The Autograd key runs its own
// kernel, or the CompositeImplicitAutograd one when that is the operator's only kernel (the
// decomposition's calls record the graph), or else falls through to the backend. Recomputed
// from scratch on every registration, so the result never depends on registration order.
void OperatorEntry::update_table() {
  const KernelFunction& explicit_ = registered(DispatchKey::CompositeExplicitAutograd);
  const KernelFunction& implicit = registered(DispatchKey::CompositeImplicitAutograd);
  bool has_backend_kernel = explicit_.valid();
  for (int k = 1; k < kNumRuntimeKeys; ++k) {  // Undefined never has a kernel
    if (DispatchKey(k) == DispatchKey::Autograd) continue;
    has_backend_kernel |= registered_[k].valid();
    table_[k] = registered_[k].valid() ? registered_[k] : explicit_.valid() ? explicit_ : implicit;
  }
  const int autograd = static_cast<int>(DispatchKey::Autograd);
  table_[autograd] = registered_[autograd].valid() ? registered_[autograd]
                     : has_backend_kernel          ? KernelFunction()
                                                   : implicit;
  dispatch_mask_ = table_[autograd].valid() ? DispatchKeySet::full()
                                            : DispatchKeySet::full().remove(DispatchKey::Autograd);
}

void OperatorEntry::report_missing_kernel(DispatchKey key) const {
  std::string have;
  for (int k = 0; k < kNumDispatchKeys; ++k)
    if (registered_[k].valid())
      have += std::string(have.empty() ? "" : ", ") + toString(DispatchKey(k));
  if (key == DispatchKey::Undefined)
    ATEN_ERROR("could not run '", name_,
               "': no tensor argument is defined, so there is no dispatch key to choose a "
               "kernel by (registered for: ",
               have.empty() ? "none" : have, ")");
  ATEN_ERROR("could not run '", name_, "' with arguments from the '", key,
             "' backend: no kernel is registered for that key (registered for: ",
             have.empty() ? "none" : have, ")");
}

}  // namespace aten
