#pragma once
// aten::Error and the check macros. Every message is prefixed with the operator that was running
// (see OpContext), so a failure deep inside a helper still says which op the user called.
#include <exception>
#include <sstream>
#include <string>

namespace aten {

class Error : public std::exception {
 public:
  explicit Error(std::string msg) : msg_(std::move(msg)) {}
  const char* what() const noexcept override { return msg_.c_str(); }

 private:
  std::string msg_;
};

namespace detail {
// The op currently executing on this thread; set by generated wrappers. A raw pointer to a
// string literal keeps the guard to two TLS stores per call; constinit lets other files
// reach it directly, without a call to a TLS init wrapper.
extern thread_local constinit const char* current_op_name;

template <typename... Args>
std::string str_cat(const Args&... args) {
  std::ostringstream os;
  (os << ... << args);
  return os.str();
}

[[noreturn]] void throw_error(std::string msg);

// The failing side of ATEN_CHECK, kept out of line and cold: formatting the message inline
// (an ostringstream) gave every checking function a large frame and saved registers on its hot
// path, passing checks included.
template <typename... Args>
[[noreturn, gnu::noinline, gnu::cold]] void check_failed(const Args&... args) {
  throw_error(str_cat(args...));
}
}  // namespace detail

// Names the operator whose errors follow, for as long as it lives. Nested ops stack.
class OpContext {
 public:
  explicit OpContext(const char* name) noexcept : prev_(detail::current_op_name) {
    detail::current_op_name = name;
  }
  ~OpContext() { detail::current_op_name = prev_; }
  OpContext(const OpContext&) = delete;
  OpContext& operator=(const OpContext&) = delete;
  static const char* current() noexcept { return detail::current_op_name; }

 private:
  const char* prev_;
};

}  // namespace aten

// Throws aten::Error("<op>: <message parts>") when cond is false.
#define ATEN_CHECK(cond, ...)                                                     \
  do {                                                                            \
    if (!(cond)) [[unlikely]]                                                     \
      ::aten::detail::check_failed(__VA_ARGS__);                                  \
  } while (0)

#define ATEN_ERROR(...) ::aten::detail::check_failed(__VA_ARGS__)

// For invariants of the library itself: a failure is a MiniATen bug, not a user error.
#define ATEN_INTERNAL_ASSERT(cond)                                                          \
  ATEN_CHECK(cond, "internal assert failed at ", __FILE__, ":", __LINE__, ": " #cond \
             " (please report a bug)")
