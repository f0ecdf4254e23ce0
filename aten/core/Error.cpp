#include <aten/core/Error.h>

namespace aten::detail {

thread_local constinit const char* current_op_name = nullptr;

void throw_error(std::string msg) {
  if (current_op_name != nullptr) msg = std::string(current_op_name) + ": " + msg;
  throw Error(std::move(msg));
}

}  // namespace aten::detail

#include <aten/core/DtypeDispatch.h>

namespace aten::detail {

void dtype_not_implemented(const char* op, ScalarType t) {
  throw_error(str_cat('"', op, "\" not implemented for '", t, "'"));
}

}  // namespace aten::detail
