#pragma once
// Keys a thread takes out of every call it makes. An Autograd kernel records the graph, then
// calls the operator again under AutoDispatchBelowAutograd: that call, and every call the
// backend kernel makes in turn, runs below Autograd whatever keys its tensors carry.
#include <aten/core/DispatchKey.h>

namespace aten {

namespace detail {
// Trivially destructible and constant-initialised: every operator call reads it with one load,
// no TLS wrapper call.
extern constinit thread_local DispatchKeySet tls_excluded_keys;
}  // namespace detail

inline DispatchKeySet excluded_dispatch_keys() { return detail::tls_excluded_keys; }

// Excludes keys on this thread for its lifetime (nested guards add up, each restores what it
// found).
class ExcludeDispatchKeyGuard {
 public:
  explicit ExcludeDispatchKeyGuard(DispatchKeySet keys) noexcept
      : previous_(detail::tls_excluded_keys) {
    detail::tls_excluded_keys = previous_ | keys;
  }
  ~ExcludeDispatchKeyGuard() { detail::tls_excluded_keys = previous_; }
  ExcludeDispatchKeyGuard(const ExcludeDispatchKeyGuard&) = delete;
  ExcludeDispatchKeyGuard& operator=(const ExcludeDispatchKeyGuard&) = delete;

 private:
  DispatchKeySet previous_;
};

// What an Autograd kernel holds around its call to the backend (ATen's
// AutoDispatchBelowADInplaceOrView).
class AutoDispatchBelowAutograd : public ExcludeDispatchKeyGuard {
 public:
  AutoDispatchBelowAutograd() noexcept
      : ExcludeDispatchKeyGuard(DispatchKeySet(DispatchKey::Autograd)) {}
};

}  // namespace aten
