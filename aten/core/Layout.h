#pragma once
// How a tensor's elements map to memory. MiniATen has dense strided tensors only; the enum
// exists so that factory schemas can take ATen's `Layout? layout` argument.
#include <cstdint>
#include <ostream>

namespace aten {

enum class Layout : int8_t { Strided };

constexpr Layout kStrided = Layout::Strided;

inline const char* toString(Layout) { return "Strided"; }
inline std::ostream& operator<<(std::ostream& os, Layout l) { return os << toString(l); }

}  // namespace aten
