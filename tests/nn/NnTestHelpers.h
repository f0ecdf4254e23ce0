#pragma once
// What the module-layer suites share: bitwise comparison, values as doubles, a leaf copy.
#include <aten/core/Tensor.h>

#include <cstring>
#include <vector>

namespace aten::nn::test {

// Same dtype, shape and bytes: "bit-identical".
inline bool bitwise_equal(const Tensor& a, const Tensor& b) {
  if (a.scalar_type() != b.scalar_type() || a.sizes() != b.sizes()) return false;
  const Tensor ca = a.contiguous(), cb = b.contiguous();
  if (ca.nbytes() == 0) return true;  // an empty tensor's data pointer may be null
  return std::memcmp(ca.data_ptr(), cb.data_ptr(), static_cast<size_t>(ca.nbytes())) == 0;
}

// The elements of a Float or Double tensor, in C order, as doubles.
inline std::vector<double> doubles(const Tensor& t) {
  const Tensor c = t.contiguous();
  std::vector<double> out(static_cast<size_t>(c.numel()));
  for (size_t i = 0; i < out.size(); ++i) {
    out[i] = c.scalar_type() == kDouble ? c.data_ptr<double>()[i] : c.data_ptr<float>()[i];
  }
  return out;
}

// A fresh leaf with t's values, requiring grad.
inline Tensor leaf_copy(const Tensor& t) { return t.detach().clone().requires_grad_(true); }

}  // namespace aten::nn::test
