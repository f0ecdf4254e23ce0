#pragma once
// Where a tensor's data lives. Meta tensors have shape, dtype and strides but no data: they
// run an operator's meta function only, which is how shape inference comes for free.
#include <cstdint>
#include <ostream>

namespace aten {

enum class DeviceType : int8_t { CPU, Meta };

struct Device {
  DeviceType type = DeviceType::CPU;
  constexpr Device() = default;
  constexpr Device(DeviceType t) : type(t) {}
  constexpr bool is_cpu() const { return type == DeviceType::CPU; }
  constexpr bool is_meta() const { return type == DeviceType::Meta; }
  friend constexpr bool operator==(Device a, Device b) { return a.type == b.type; }
};

constexpr Device kCPU{DeviceType::CPU};
constexpr Device kMeta{DeviceType::Meta};

inline const char* toString(DeviceType t) { return t == DeviceType::CPU ? "cpu" : "meta"; }
inline std::ostream& operator<<(std::ostream& os, Device d) { return os << toString(d.type); }

}  // namespace aten
