#pragma once
// C++ operators on tensors, each the operator it spells.
#include <aten/ops/add.h>

namespace aten {

inline Tensor operator+(const Tensor& a, const Tensor& b) { return add(a, b); }
inline Tensor& operator+=(Tensor& a, const Tensor& b) { return a.add_(b); }

}  // namespace aten
