#pragma once
// The physical order a dense tensor's elements are laid out in.
#include <cstdint>
#include <ostream>

namespace aten {

enum class MemoryFormat : int8_t { Contiguous, Preserve, ChannelsLast, ChannelsLast3d };

inline const char* toString(MemoryFormat f) {
  switch (f) {
    case MemoryFormat::Contiguous:
      return "Contiguous";
    case MemoryFormat::Preserve:
      return "Preserve";
    case MemoryFormat::ChannelsLast:
      return "ChannelsLast";
    case MemoryFormat::ChannelsLast3d:
      return "ChannelsLast3d";
  }
  return "Unknown";
}
inline std::ostream& operator<<(std::ostream& os, MemoryFormat f) { return os << toString(f); }

}  // namespace aten
