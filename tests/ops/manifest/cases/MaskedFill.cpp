// The cases of aten/native/MaskedFill.cpp's ops: masked_fill and masked_fill_ (Scalar and
// 0-dim Tensor values).
#include "../OpCase.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/masked_fill.h>

namespace aten::optest {

ATEN_OP_CASES(masked_fill) {
  std::vector<OpCase> cases;

  // masked_fill: self where the mask is false, the value where it is true. Pointwise, so the
  // broadcast layout gives the mask a size-1 dim to broadcast.
  OpCase fill;
  fill.overloads = {"masked_fill.Scalar", "masked_fill_.Scalar"};
  fill.inputs = {Input{kShape}, Input{kShape, Values::any, ScalarType::Bool}};
  fill.call = [](const Tensors& in) { return Tensors{masked_fill(in[0], in[1], 1)}; };
  fill.call_inplace = [](Tensors& in) { in[0].masked_fill_(in[1], 1); };
  fill.result_dtypes = first_dtype;
  fill.reference = pointwise(
      [](auto x, auto mask) { return mask != decltype(mask)(0) ? decltype(x)(1) : x; });
  fill.pointwise = true;
  cases.push_back(fill);
  OpCase fill_tensor = fill;
  fill_tensor.overloads = {"masked_fill.Tensor", "masked_fill_.Tensor"};
  fill_tensor.inputs.push_back(Input{{}});
  fill_tensor.call = [](const Tensors& in) { return Tensors{masked_fill(in[0], in[1], in[2])}; };
  fill_tensor.call_inplace = [](Tensors& in) { in[0].masked_fill_(in[1], in[2]); };
  fill_tensor.reference = pointwise(
      [](auto x, auto mask, auto v) { return mask != decltype(mask)(0) ? v : x; });
  cases.push_back(fill_tensor);
  return cases;
}

}  // namespace aten::optest
