// The cases of aten/native/Linear.cpp's ops: linear, with and without a bias, on 1-d, 2-d and
// 3-d inputs.
#include "../OpCase.h"

#include <aten/core/Tensor.h>
#include <aten/ops/linear.h>

namespace aten::optest {

namespace {

constexpr int64_t kFeaturesIn = 3, kFeaturesOut = 4;

OpCase linear_case(Shape input, bool with_bias) {
  OpCase c;
  c.overloads = {"linear"};
  c.inputs = {Input{input}, Input{{kFeaturesOut, kFeaturesIn}}};
  if (with_bias) c.inputs.push_back(Input{{kFeaturesOut}});
  c.result_dtypes = same_as_promoted;
  c.reference = [with_bias](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    // Features from the weight (the fuzzer draws other sizes than the case's).
    const RefTensor &x = in[0], &w = in[1];
    const int64_t out_features = w.sizes[0], in_features = w.sizes[1];
    Shape sizes = x.sizes;
    sizes.back() = out_features;
    RefTensor out = filled(sizes, dtypes[0]);
    const int64_t rows = numel_of(Shape(x.sizes.begin(), x.sizes.end() - 1));
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t j = 0; j < out_features; ++j) {
        // The bias broadcasts (a single element serves every output feature).
        ProductSum acc(dtypes[0]);
        if (with_bias) acc.add(in[2].values[static_cast<size_t>(in[2].numel() == 1 ? 0 : j)], 1.0);
        for (int64_t k = 0; k < in_features; ++k)
          acc.add(x.values[static_cast<size_t>(r * in_features + k)],
                  w.values[static_cast<size_t>(j * in_features + k)]);
        out.values[static_cast<size_t>(r * out_features + j)] = round_to(dtypes[0], acc.value());
      }
    }
    return {out};
  };
  c.call = [with_bias](const Tensors& in) {
    return Tensors{linear(in[0], in[1], with_bias ? std::optional<Tensor>(in[2]) : std::nullopt)};
  };
  c.undeclared_error = "not implemented for";
  // The inputs' dims are tied (features), which the large, zero-size and 0-dim layouts change.
  c.skip_layouts = {Layout::large, Layout::zero_dim, Layout::zero_size};
  c.tolerance_scale = 4;
  return c;
}

}  // namespace

ATEN_OP_CASES(linear) {
  return {linear_case({2, kFeaturesIn}, true), linear_case({2, kFeaturesIn}, false),
          linear_case({kFeaturesIn}, true), linear_case({2, 5, kFeaturesIn}, true),
          linear_case({2, 5, kFeaturesIn}, false)};
}

}  // namespace aten::optest
