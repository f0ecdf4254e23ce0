#pragma once
// Whether operators on this thread record the backward graph. Off, an Autograd kernel calls the
// backend and gives its outputs no history, whatever its inputs require. The engine turns it
// on for a backward with create_graph (the backward's own ops record), off otherwise.
namespace aten {

namespace detail {
extern constinit thread_local bool tls_grad_enabled;
}  // namespace detail

struct GradMode {
  static bool is_enabled() { return detail::tls_grad_enabled; }
  static void set_enabled(bool enabled) { detail::tls_grad_enabled = enabled; }
};

// Sets grad mode for its lifetime, restoring what it found.
class AutoGradMode {
 public:
  explicit AutoGradMode(bool enabled) : previous_(GradMode::is_enabled()) {
    GradMode::set_enabled(enabled);
  }
  ~AutoGradMode() { GradMode::set_enabled(previous_); }
  AutoGradMode(const AutoGradMode&) = delete;
  AutoGradMode& operator=(const AutoGradMode&) = delete;

 private:
  bool previous_;
};

// Code under it records nothing: evaluation, and updates of parameters by an optimizer.
class NoGradGuard : public AutoGradMode {
 public:
  NoGradGuard() : AutoGradMode(false) {}
};

}  // namespace aten
