// The cases of aten/native/TensorTransformations.cpp's ops: flip, roll, repeat, tile and
// repeat_interleave. Their references move values between coordinates of RefTensors.
#include "../OpCase.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/flip.h>
#include <aten/ops/repeat_interleave.h>
#include <aten/ops/roll.h>
#include <aten/ops/sum.h>
#include <aten/ops/tile.h>

#include <optional>
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

// repeat_interleave(x, counts, dim): along dim (x flattened when there is none), element i
// repeated counts[i] times (counts of one element apply to every i).
Refs repeat_interleave_reference(const RefTensor& x, const std::vector<int64_t>& counts,
                                 std::optional<int64_t> dim, ScalarType dtype) {
  RefTensor flat = x;
  if (!dim) flat.sizes = {x.numel()};
  const int64_t d = wrap(dim.value_or(0), flat.dim());
  std::vector<int64_t> source;  // the index along d each result index reads
  for (int64_t i = 0; i < flat.sizes[d]; ++i)
    for (int64_t r = 0; r < counts[counts.size() == 1 ? 0 : i]; ++r) source.push_back(i);
  Shape sizes = flat.sizes;
  sizes[d] = static_cast<int64_t>(source.size());
  return {moved(flat, sizes, dtype, [&](const Shape& idx) {
    Shape src = idx;
    src[d] = source[idx[d]];
    return src;
  })};
}

std::vector<int64_t> integers(const RefTensor& t) {
  std::vector<int64_t> v;
  for (const auto& x : t.values) v.push_back(static_cast<int64_t>(x.real()));
  return v;
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

  // tile: repeat with dims padded with leading 1s to self's rank.
  for (std::vector<int64_t> dims : {std::vector<int64_t>{3}, std::vector<int64_t>{2, 1, 3}}) {
    OpCase t = reorder(
        "tile", [dims](const Tensor& x) { return tile(x, dims); },
        [dims](const Refs& in, std::span<const ScalarType> dtypes) {
          std::vector<int64_t> repeats = dims;
          if (in[0].dim() > static_cast<int64_t>(dims.size()))
            repeats.insert(repeats.begin(), in[0].dim() - static_cast<int64_t>(dims.size()), 1);
          return repeat_reference(repeats)(in, dtypes);
        });
    t.dtypes = kEveryDtype;
    cases.push_back(t);
  }

  // repeat_interleave of a tensor of counts: the indices. Their sum sizes the result, which
  // only the data holds.
  constexpr const char* kSizeFromData = "the result's size is the sum of repeats' values";
  for (bool given_size : {false, true}) {
    OpCase r;
    r.overloads = {"repeat_interleave.Tensor"};
    r.inputs = {Input{{6}, Values::positive}};
    r.call = [given_size](const Tensors& in) {
      std::optional<int64_t> size;
      // (Only for the dtypes the op takes: the others get the op's error.)
      if (given_size && (in[0].scalar_type() == kLong || in[0].scalar_type() == kInt))
        size = aten::sum(in[0]).item<int64_t>();
      return Tensors{repeat_interleave(in[0], size)};
    };
    r.result_dtypes = first_dtype;
    r.reference = [](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
      RefTensor indices = in[0];
      for (size_t i = 0; i < indices.values.size(); ++i) indices.values[i] = static_cast<double>(i);
      return repeat_interleave_reference(indices, integers(in[0]), 0, dtypes[0]);
    };
    r.skip_layouts = {Layout::zero_dim};  // repeats must be 1-d
    r.no_meta_reason = kSizeFromData;
    cases.push_back(r);
  }
  // Of self, by a tensor of counts along dim 0, or of one count for the flattened self.
  for (bool flat : {false, true}) {
    OpCase r;
    r.overloads = {"repeat_interleave.self_Tensor"};
    r.inputs = {Input{kShape}, Input{flat ? Shape{} : Shape{6}, Values::positive, kLong}};
    r.call = [flat](const Tensors& in) {
      return Tensors{flat ? repeat_interleave(in[0], in[1]) : in[0].repeat_interleave(in[1], 0)};
    };
    r.result_dtypes = first_dtype;
    r.reference = [flat](const Refs& in, std::span<const ScalarType> dtypes) {
      return repeat_interleave_reference(
          in[0], integers(in[1]), flat ? std::nullopt : std::optional<int64_t>(0), dtypes[0]);
    };
    // No dim 0; the large layout lengthens repeats past self's dim 0.
    if (!flat) r.skip_layouts = {Layout::zero_dim, Layout::large};
    r.dtypes = kEveryDtype;
    r.no_meta_reason = kSizeFromData;
    cases.push_back(r);
  }
  for (std::optional<int64_t> dim : {std::optional<int64_t>(-1), std::optional<int64_t>()}) {
    OpCase r = reorder(
        "repeat_interleave.self_int",
        [dim](const Tensor& x) { return x.repeat_interleave(3, dim); },
        [dim](const Refs& in, std::span<const ScalarType> dtypes) {
          return repeat_interleave_reference(in[0], {3}, dim, dtypes[0]);
        });
    if (dim) r.skip_layouts = {Layout::zero_dim};
    r.dtypes = kEveryDtype;
    r.no_meta_reason = kSizeFromData;
    cases.push_back(r);
  }
  return cases;
}

}  // namespace aten::optest
