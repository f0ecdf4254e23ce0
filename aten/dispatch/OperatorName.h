#pragma once
// "add.Tensor": an operator's name and overload, the key it is registered and found under.
#include <functional>
#include <ostream>
#include <string>

namespace aten {

struct OperatorName {
  std::string name;
  std::string overload_name;

  friend bool operator==(const OperatorName&, const OperatorName&) = default;
  std::string str() const { return overload_name.empty() ? name : name + "." + overload_name; }
};

inline std::ostream& operator<<(std::ostream& os, const OperatorName& n) { return os << n.str(); }

}  // namespace aten

template <>
struct std::hash<aten::OperatorName> {
  size_t operator()(const aten::OperatorName& n) const {
    return std::hash<std::string>()(n.name) * 31 + std::hash<std::string>()(n.overload_name);
  }
};
