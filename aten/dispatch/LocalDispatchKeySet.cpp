#include <aten/dispatch/LocalDispatchKeySet.h>

namespace aten::detail {

constinit thread_local DispatchKeySet tls_excluded_keys;

}  // namespace aten::detail
