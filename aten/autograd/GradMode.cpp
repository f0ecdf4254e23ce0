#include <aten/autograd/GradMode.h>

namespace aten::detail {

constinit thread_local bool tls_grad_enabled = true;

}  // namespace aten::detail
