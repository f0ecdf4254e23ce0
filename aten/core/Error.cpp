#include <aten/core/Error.h>

#include <cstring>

namespace aten::detail {

thread_local constinit const OpFrame* current_op_frame = nullptr;

void throw_error(std::string msg, ErrorKind kind) {
  // Outermost first; an op that calls itself again (a view calling itself on a resolved
  // argument) is named once.
  std::string prefix;
  for (const OpFrame* f = current_op_frame; f != nullptr; f = f->outer) {
    if (f->outer != nullptr && std::strcmp(f->name, f->outer->name) == 0) continue;
    prefix.insert(0, std::string(f->name).append(": "));
  }
  msg.insert(0, prefix);
  switch (kind) {
    case ErrorKind::Index:
      throw IndexError(std::move(msg));
    case ErrorKind::Value:
      throw ValueError(std::move(msg));
    case ErrorKind::Type:
      throw TypeError(std::move(msg));
    case ErrorKind::Runtime:
      break;
  }
  throw Error(std::move(msg));
}

}  // namespace aten::detail

#include <aten/core/DtypeDispatch.h>

namespace aten::detail {

void dtype_not_implemented(const char* op, ScalarType t) {
  throw_error(str_cat('"', op, "\" not implemented for '", t, "'"));
}

void dtype_not_in_test_copy(ScalarType t) {
  throw_error(str_cat("internal error: a kernel copy built for the tests has no '", t,
                      "' code, and the DispatchStub should have run this call in the full copy"));
}

}  // namespace aten::detail
