#include <aten/dispatch/OperatorEntry.h>

namespace aten {

void OperatorEntry::report_missing_kernel(DispatchKey key) const {
  std::string have;
  for (int k = 0; k < kNumDispatchKeys; ++k)
    if (table_[k].valid()) have += std::string(have.empty() ? "" : ", ") + toString(DispatchKey(k));
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
