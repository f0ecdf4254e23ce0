// linear: a layer's affine map, input @ weight.T + bias, as ATen composes it.
#include <aten/TensorOperators.h>
#include <aten/ops/addmm.h>
#include <aten/ops/linear_native.h>
#include <aten/ops/matmul.h>
#include <aten/ops/view.h>

namespace aten::native {

Tensor linear(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias) {
  const bool has_bias = bias.has_value() && bias->defined();
  // One fused call for the common [batch, features] case.
  if (input.dim() == 2 && has_bias) return aten::addmm(*bias, input, weight.t());
  // A contiguous [B, M, K] input too, its first two dims folded (ATen's _flatten_3d_linear).
  if (input.dim() == 3 && has_bias && input.is_contiguous()) {
    const Tensor rows = input.view({input.size(0) * input.size(1), input.size(2)});
    const Tensor out = aten::addmm(*bias, rows, weight.t());
    return out.view({input.size(0), input.size(1), out.size(1)});
  }
  Tensor out = aten::matmul(input, weight.t());
  // In place, as ATen: the bias broadcasts to the product's shape, never the other way.
  if (has_bias) out.add_(*bias);
  return out;
}

}  // namespace aten::native
