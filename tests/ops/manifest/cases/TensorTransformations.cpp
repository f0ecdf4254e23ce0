// The cases of aten/native/TensorTransformations.cpp's ops: flip, roll, repeat. Their
// references move values between coordinates of RefTensors.
#include "../OpCase.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/flip.h>
#include <aten/ops/roll.h>

#include <string>

namespace aten::optest {

namespace {

auto flip_reference(std::vector<int64_t> dims) {
  return [dims](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor& x = in[0];
    return {moved(x, x.sizes, dtypes[0], [&](const Shape& idx) {
      Shape src = idx;
      if (x.dim() > 0)
        for (int64_t d : dims)
          src[wrap(d, x.dim())] = x.sizes[wrap(d, x.dim())] - 1 - idx[wrap(d, x.dim())];
      return src;
    })};
  };
}

// roll(x, shifts, dims)[idx] = x[idx - shift along each dim, modulo its size]; no dims: the
// same on the flattened tensor.
auto roll_reference(std::vector<int64_t> shifts, std::vector<int64_t> dims) {
  return [shifts, dims](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor& x = in[0];
    RefTensor out = filled(x.sizes, dtypes[0]);
    if (dims.empty()) {
      const int64_t n = x.numel();
      for (int64_t i = 0; i < n; ++i)
        out.values[((i + shifts[0]) % n + n) % n] = round_to(out.dtype, x.values[i]);
      return {out};
    }
    for_each_index(x.sizes, [&](const Shape& idx) {
      Shape src = idx;
      for (size_t k = 0; k < dims.size(); ++k) {
        const int64_t d = wrap(dims[k], x.dim()), n = x.sizes[d];
        src[d] = ((src[d] - shifts[k]) % n + n) % n;
      }
      out.at(idx) = round_to(out.dtype, x.at(src));
    });
    return {out};
  };
}

auto repeat_reference(std::vector<int64_t> repeats) {
  return [repeats](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor& x = in[0];
    const int64_t pad = static_cast<int64_t>(repeats.size()) - x.dim();
    Shape sizes;
    for (size_t i = 0; i < repeats.size(); ++i)
      sizes.push_back(repeats[i] * (static_cast<int64_t>(i) < pad ? 1 : x.sizes[i - pad]));
    return {moved(x, sizes, dtypes[0], [&](const Shape& idx) {
      Shape src;
      for (int64_t d = 0; d < x.dim(); ++d) src.push_back(idx[d + pad] % x.sizes[d]);
      return src;
    })};
  };
}

}  // namespace

ATEN_OP_CASES(tensor_transformations) {
  std::vector<OpCase> cases;

  // flip, roll, repeat: one input, reordered.
  auto reorder = [](std::string overload, std::function<Tensor(const Tensor&)> f,
                    std::function<Refs(const Refs&, std::span<const ScalarType>)> reference) {
    OpCase c;
    c.overloads = {std::move(overload)};
    c.inputs = {Input{kShape}};
    c.call = [f](const Tensors& in) { return Tensors{f(in[0])}; };
    c.result_dtypes = first_dtype;
    c.reference = std::move(reference);
    return c;
  };
  cases.push_back(reorder(
      "flip", [](const Tensor& x) { return flip(x, {-1}); }, flip_reference({-1})));
  OpCase flip2 = reorder(
      "flip",
      [](const Tensor& x) {
        return x.flip({0, 1});
      },
      flip_reference({0, 1}));
  flip2.skip_layouts = {Layout::zero_dim};  // a 0-dim tensor has dim 0 only
  cases.push_back(flip2);
  OpCase roll2 = reorder(
      "roll",
      [](const Tensor& x) {
        return roll(x, {2, -40}, {0, -1});
      },
      roll_reference({2, -40}, {0, -1}));
  roll2.skip_layouts = {Layout::zero_dim};  // as in ATen, a 0-dim tensor has no dim to roll
  cases.push_back(roll2);
  cases.push_back(reorder(
      "roll", [](const Tensor& x) { return x.roll(7); }, roll_reference({7}, {})));
  cases.push_back(reorder(
      "repeat",
      [](const Tensor& x) {
        return x.repeat({2, 1, 3});
      },
      repeat_reference({2, 1, 3})));
  return cases;
}

}  // namespace aten::optest
