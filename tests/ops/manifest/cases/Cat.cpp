// The cases of aten/native/Cat.cpp's ops: cat and stack. Their references move values between
// coordinates of RefTensors.
#include "../OpCase.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/core/TypePromotion.h>
#include <aten/ops/cat.h>
#include <aten/ops/stack.h>

namespace aten::optest {

namespace {

auto cat_reference(int64_t dim) {
  return [dim](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const int64_t d = wrap(dim, in[0].dim());
    Shape sizes = in[0].sizes;
    sizes[d] = 0;
    for (const RefTensor& t : in) sizes[d] += t.sizes[d];
    RefTensor out = filled(sizes, dtypes[0]);
    int64_t offset = 0;
    for (const RefTensor& t : in) {
      for_each_index(t.sizes, [&](const Shape& idx) {
        Shape o = idx;
        o[d] += offset;
        out.at(o) = round_to(out.dtype, t.at(idx));
      });
      offset += t.sizes[d];
    }
    return {out};
  };
}

auto stack_reference(int64_t dim) {
  return [dim](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const int64_t d = dim < 0 ? dim + in[0].dim() + 1 : dim;
    Shape sizes = in[0].sizes;
    sizes.insert(sizes.begin() + d, static_cast<int64_t>(in.size()));
    RefTensor out = filled(sizes, dtypes[0]);
    for_each_index(sizes, [&](const Shape& idx) {
      Shape src = idx;
      src.erase(src.begin() + d);
      out.at(idx) = round_to(out.dtype, in[idx[d]].at(src));
    });
    return {out};
  };
}

}  // namespace

ATEN_OP_CASES(cat) {
  std::vector<OpCase> cases;

  // cat along dim 0, whose size is all the layouts change; 0-dim tensors cannot be concatenated.
  OpCase cat3;
  cat3.overloads = {"cat", "cat.out"};
  cat3.inputs = {Input{kShape}, Input{{2, 35}}, Input{{4, 35}}};
  cat3.call = [](const Tensors& in) { return Tensors{cat({in[0], in[1], in[2]})}; };
  cat3.call_out = [](const Tensors& in, Tensors& out) { cat_out(out[0], {in[0], in[1], in[2]}); };
  cat3.result_dtypes = same_as_promoted;
  cat3.reference = cat_reference(0);
  cat3.skip_layouts = {Layout::zero_dim};
  cases.push_back(cat3);
  // With a Float input: the inputs' promoted dtype.
  OpCase cat_mixed = cat3;
  cat_mixed.inputs[1].dtype = ScalarType::Float;
  cat_mixed.call = [](const Tensors& in) { return Tensors{cat({in[0], in[1], in[2]}, -2)}; };
  cat_mixed.result_dtypes = [](std::span<const ScalarType> t) {
    return std::vector{promote_types(t[0], ScalarType::Float)};
  };
  cases.push_back(cat_mixed);

  for (int64_t dim : {0, -1}) {
    OpCase s;
    s.overloads = {"stack", "stack.out"};
    s.inputs = {Input{kShape}, Input{kShape}, Input{kShape}};
    s.call = [dim](const Tensors& in) { return Tensors{stack({in[0], in[1], in[2]}, dim)}; };
    s.call_out = [dim](const Tensors& in, Tensors& out) {
      stack_out(out[0], {in[0], in[1], in[2]}, dim);
    };
    s.result_dtypes = first_dtype;
    s.reference = stack_reference(dim);
    cases.push_back(s);
  }
  return cases;
}

}  // namespace aten::optest
