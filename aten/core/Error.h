#pragma once
// aten::Error and the check macros. Every message is prefixed with the operator that was running
// (see OpContext), so a failure deep inside a helper still says which op the user called.
#include <cstdint>
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

// The kinds of error Python tells apart (PyTorch's c10::IndexError, ValueError, TypeError): the
// Python module raises each as its Python namesake; C++ callers may catch Error for all.
class IndexError : public Error {
  using Error::Error;
};
class ValueError : public Error {
  using Error::Error;
};
class TypeError : public Error {
  using Error::Error;
};
enum class ErrorKind : uint8_t { Runtime, Index, Value, Type };

// One operator call on this thread's stack of running operators: its name and the call it
// runs inside (nullptr for the call the user made). Frames live in the OpContext guards, on the
// caller's stack, so naming an op costs no allocation.
struct OpFrame {
  const char* name;
  const OpFrame* outer;
};

namespace detail {
// The innermost op executing on this thread; set by generated wrappers. A raw pointer keeps
// the guard to a TLS load and two stores per call; constinit lets other files reach it directly,
// without a call to a TLS init wrapper.
extern thread_local constinit const OpFrame* current_op_frame;

template <typename... Args>
std::string str_cat(const Args&... args) {
  std::ostringstream os;
  (os << ... << args);
  return os.str();
}

// Prefixes msg with the running ops, outermost (the one the user called) first:
// "allclose: isclose: <msg>".
[[noreturn]] void throw_error(std::string msg, ErrorKind kind = ErrorKind::Runtime);

// The failing side of ATEN_CHECK, kept out of line and cold: formatting the message inline
// (an ostringstream) gave every checking function a large frame and saved registers on its hot
// path, passing checks included.
template <typename... Args>
[[noreturn, gnu::noinline, gnu::cold]] void check_failed(const Args&... args) {
  throw_error(str_cat(args...));
}

template <ErrorKind K, typename... Args>
[[noreturn, gnu::noinline, gnu::cold]] void check_failed_as(const Args&... args) {
  throw_error(str_cat(args...), K);
}
}  // namespace detail

// Names the operator whose errors follow, for as long as it lives. Nested ops chain: an error
// names every op from the one the user called down to the one that raised it.
class OpContext {
 public:
  explicit OpContext(const char* name) noexcept : frame_{name, detail::current_op_frame} {
    detail::current_op_frame = &frame_;
  }
  ~OpContext() { detail::current_op_frame = frame_.outer; }
  OpContext(const OpContext&) = delete;
  OpContext& operator=(const OpContext&) = delete;
  static const OpFrame* current() noexcept { return detail::current_op_frame; }

 private:
  OpFrame frame_;
};

// Runs the code in its scope as part of another thread's op chain (a parallel_for worker inside
// the caller's op); the caller's frames outlive the guard because the caller waits for it.
class OpContextInherit {
 public:
  explicit OpContextInherit(const OpFrame* frame) noexcept : prev_(detail::current_op_frame) {
    detail::current_op_frame = frame;
  }
  ~OpContextInherit() { detail::current_op_frame = prev_; }
  OpContextInherit(const OpContextInherit&) = delete;
  OpContextInherit& operator=(const OpContextInherit&) = delete;

 private:
  const OpFrame* prev_;
};

}  // namespace aten

// Throws aten::Error("<op>: <message parts>") when cond is false.
#define ATEN_CHECK(cond, ...)                    \
  do {                                           \
    if (!(cond)) [[unlikely]]                    \
      ::aten::detail::check_failed(__VA_ARGS__); \
  } while (0)

// The same, throwing aten::IndexError (an index or dim out of range) or aten::ValueError.
#define ATEN_CHECK_INDEX(cond, ...)                                           \
  do {                                                                        \
    if (!(cond)) [[unlikely]]                                                 \
      ::aten::detail::check_failed_as<::aten::ErrorKind::Index>(__VA_ARGS__); \
  } while (0)
#define ATEN_CHECK_VALUE(cond, ...)                                           \
  do {                                                                        \
    if (!(cond)) [[unlikely]]                                                 \
      ::aten::detail::check_failed_as<::aten::ErrorKind::Value>(__VA_ARGS__); \
  } while (0)

#define ATEN_ERROR(...) ::aten::detail::check_failed(__VA_ARGS__)

// For invariants of the library itself: a failure is a MiniATen bug, not a user error.
#define ATEN_INTERNAL_ASSERT(cond)                                        \
  ATEN_CHECK(cond, "internal assert failed at ", __FILE__, ":", __LINE__, \
             ": " #cond " (please report a bug)")
