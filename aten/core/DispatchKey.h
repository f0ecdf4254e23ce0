#pragma once
// Dispatch keys select which kernel of an operator runs. A tensor carries the key of its
// device, and Autograd while it requires grad; an operator call takes the highest-priority key
// among its tensor arguments, less the keys this thread excludes (LocalDispatchKeySet.h).
#include <aten/core/Device.h>

#include <bit>
#include <cstdint>
#include <ostream>

namespace aten {

// Runtime keys, lowest priority first, then the alias keys. Tensors and calls carry runtime
// keys only; an alias key exists to register a kernel under, and stands for every runtime key
// that has no kernel of its own (OperatorEntry decides which kernel each runtime key runs).
// Autograd is above every backend: its kernel records the graph, then calls the backend's.
enum class DispatchKey : uint8_t {
  Undefined,
  CPU,
  Meta,
  Autograd,
  CompositeExplicitAutograd,
  CompositeImplicitAutograd,
};
constexpr int kNumRuntimeKeys = static_cast<int>(DispatchKey::CompositeExplicitAutograd);
constexpr int kNumDispatchKeys = static_cast<int>(DispatchKey::CompositeImplicitAutograd) + 1;
constexpr bool isAliasKey(DispatchKey k) { return static_cast<int>(k) >= kNumRuntimeKeys; }

inline const char* toString(DispatchKey k) {
  switch (k) {
    case DispatchKey::Undefined:
      return "Undefined";
    case DispatchKey::CPU:
      return "CPU";
    case DispatchKey::Meta:
      return "Meta";
    case DispatchKey::Autograd:
      return "Autograd";
    case DispatchKey::CompositeExplicitAutograd:
      return "CompositeExplicitAutograd";
    case DispatchKey::CompositeImplicitAutograd:
      return "CompositeImplicitAutograd";
  }
  return "Unknown";
}
inline std::ostream& operator<<(std::ostream& os, DispatchKey k) { return os << toString(k); }

class DispatchKeySet {
 public:
  constexpr DispatchKeySet() = default;
  constexpr explicit DispatchKeySet(DispatchKey k)
      : bits_(k == DispatchKey::Undefined ? 0 : uint32_t{1} << static_cast<int>(k)) {}
  constexpr DispatchKeySet operator|(DispatchKeySet o) const { return from_bits(bits_ | o.bits_); }
  constexpr DispatchKeySet operator&(DispatchKeySet o) const { return from_bits(bits_ & o.bits_); }
  // The keys of this set that are not in o.
  constexpr DispatchKeySet operator-(DispatchKeySet o) const { return from_bits(bits_ & ~o.bits_); }
  constexpr DispatchKeySet add(DispatchKey k) const { return *this | DispatchKeySet(k); }
  constexpr DispatchKeySet remove(DispatchKey k) const { return *this - DispatchKeySet(k); }
  // Every key, runtime and alias.
  static constexpr DispatchKeySet full() {
    return from_bits((uint32_t{1} << kNumDispatchKeys) - 1);
  }
  constexpr bool has(DispatchKey k) const { return (bits_ >> static_cast<int>(k)) & 1; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr DispatchKey highestPriorityKey() const {
    return bits_ == 0 ? DispatchKey::Undefined
                      : static_cast<DispatchKey>(31 - std::countl_zero(bits_));
  }
  constexpr uint32_t raw() const { return bits_; }
  friend constexpr bool operator==(DispatchKeySet, DispatchKeySet) = default;

 private:
  static constexpr DispatchKeySet from_bits(uint32_t b) {
    DispatchKeySet s;
    s.bits_ = b;
    return s;
  }
  uint32_t bits_ = 0;
};

constexpr DispatchKey dispatchKeyFor(Device d) {
  return d.is_meta() ? DispatchKey::Meta : DispatchKey::CPU;
}

}  // namespace aten
