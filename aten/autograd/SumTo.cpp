#include <aten/autograd/SumTo.h>
#include <aten/ops/sum.h>

namespace aten::autograd {

bool is_expandable_to(IntArrayRef shape, IntArrayRef to) {
  if (shape.size() > to.size()) return false;
  const size_t lead = to.size() - shape.size();
  for (size_t i = 0; i < shape.size(); ++i)
    if (shape[i] != to[lead + i] && shape[i] != 1) return false;
  return true;
}

Tensor sum_to(const Tensor& grad, IntArrayRef shape) {
  if (grad.sizes() == shape) return grad;
  ATEN_CHECK(is_expandable_to(shape, grad.sizes()), "sum_to: a gradient of shape ", grad.sizes(),
             " cannot be summed to shape ", shape);
  const int64_t lead = grad.dim() - static_cast<int64_t>(shape.size());
  DimVector dims;
  for (int64_t d = 0; d < lead; ++d) dims.push_back(d);
  for (size_t i = 0; i < shape.size(); ++i)
    if (shape[i] == 1 && grad.size(lead + static_cast<int64_t>(i)) != 1)
      dims.push_back(lead + static_cast<int64_t>(i));
  Tensor summed = dims.empty() ? grad : aten::sum(grad, IntArrayRef(dims), /*keepdim=*/true);
  return lead > 0 ? summed.view(shape) : summed;
}

}  // namespace aten::autograd
