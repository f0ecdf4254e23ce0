#pragma once
// What the autograd suites share: float tensors from values and back, and leaves.
#include <aten/Factories.h>
#include <aten/autograd/Autograd.h>
#include <aten/autograd/GradMode.h>
#include <aten/autograd/Node.h>
#include <aten/core/Tensor.h>

#include <vector>

namespace aten::autograd::test {

// A float leaf holding values (1-d), requiring grad or not.
inline Tensor leaf(std::initializer_list<float> values, bool requires_grad = true) {
  Tensor t = aten::tensor(values);
  t.requires_grad_(requires_grad);
  return t;
}

// Leaves of dtype double holding ts's values, for gradcheck.
inline std::vector<Tensor> double_leaves(std::vector<Tensor> ts) {
  for (Tensor& t : ts) t = t.to(ScalarType::Double).detach().requires_grad_(true);
  return ts;
}

// The values of a float tensor, in C order (any strides).
inline std::vector<float> values(const Tensor& t) {
  std::vector<float> out;
  if (t.dim() == 0) return {t.item<float>()};
  const float* p = t.data_ptr<float>();
  // At most 2 dims in these suites.
  if (t.dim() == 1) {
    for (int64_t i = 0; i < t.size(0); ++i) out.push_back(p[i * t.stride(0)]);
  } else {
    for (int64_t i = 0; i < t.size(0); ++i)
      for (int64_t j = 0; j < t.size(1); ++j) out.push_back(p[i * t.stride(0) + j * t.stride(1)]);
  }
  return out;
}

}  // namespace aten::autograd::test
