// The cases of aten/native/EmbeddingBag.cpp's ops: embedding_bag (both overloads) and
// _embedding_bag in each mode, with padding_idx, per_sample_weights and include_last_offset, and
// the two backward ops. The references walk the bags of the inputs' values.
#include "../OpCase.h"

#include <aten/core/Tensor.h>
#include <aten/ops/_embedding_bag.h>
#include <aten/ops/_embedding_bag_backward.h>
#include <aten/ops/_embedding_bag_per_sample_weights_backward.h>
#include <aten/ops/embedding_bag.h>

#include <algorithm>
#include <complex>
#include <vector>

namespace aten::optest {

namespace {

constexpr int64_t kWeights = 7, kDim = 19, kIndices = 13;
constexpr int64_t kOffsets[] = {0, 2, 2, 7, 11};  // bags of 2, 0, 5, 4 and (without the end) 2
constexpr int64_t kBags = 5;

Input weight_input() { return Input{{kWeights, kDim}}; }
// Index 3 appears three times, so padding_idx=3 drops rows from two bags.
Input indices_input() {
  return Input{{kIndices}, Values::any, ScalarType::Long, [](int64_t i) {
                 return static_cast<double>((i * 5 + i / 4) % kWeights);
               }};
}
Input offsets_input(bool include_last) {
  return Input{
      {include_last ? kBags : kBags - 1}, Values::any, ScalarType::Long, [include_last](int64_t i) {
        return static_cast<double>(include_last && i == kBags - 1 ? kIndices : kOffsets[i]);
      }};
}

// The bags of the inputs' values: bag b is [bounds[b], bounds[b + 1]). With include_last the
// call sets offsets' last element to the number of indices (ending_at_indices), whatever the
// layout left there (an expanded offsets is all zeros).
std::vector<int64_t> bounds_of(const RefTensor& indices, const RefTensor& offsets,
                               bool include_last) {
  std::vector<int64_t> bounds;
  for (const auto& v : offsets.values) bounds.push_back(static_cast<int64_t>(v.real()));
  if (include_last && !bounds.empty()) bounds.back() = indices.numel();
  if (!include_last) bounds.push_back(indices.numel());
  return bounds;
}

Tensor ending_at_indices(const Tensor& offsets, const Tensor& indices) {
  Tensor o = offsets.clone(MemoryFormat::Contiguous);
  if (o.numel() > 0 && !o.is_meta()) o.data_ptr<int64_t>()[o.numel() - 1] = indices.numel();
  return o;
}

int64_t as_int(const std::complex<double>& v) { return static_cast<int64_t>(v.real()); }

struct BagCall {
  int64_t mode = 0;
  int64_t padding = -1;  // -1: none
  bool weighted = false;
  bool include_last = false;
};

// in: weight, indices, offsets[, per_sample_weights]: the four results.
auto bag_reference(BagCall b) {
  return [b](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor &w = in[0], &index = in[1];
    const std::vector<int64_t> bounds = bounds_of(index, in[2], b.include_last);
    const auto bags = static_cast<int64_t>(bounds.size()) - 1;
    const int64_t d = w.sizes[1];
    RefTensor out = filled({bags, d}, dtypes[0]);
    RefTensor offset2bag = filled({index.numel()}, ScalarType::Long);
    RefTensor bag_size = filled({bags}, ScalarType::Long);
    RefTensor max_indices = filled(b.mode == 2 ? Shape{bags, d} : Shape{bags}, ScalarType::Long);
    for (int64_t bag = 0; bag < bags; ++bag) {
      int64_t taken = 0;
      for (int64_t i = bounds[bag]; i < bounds[bag + 1]; ++i) {
        offset2bag.values[i] = static_cast<double>(bag);
        const int64_t row = as_int(index.values[i]);
        if (row == b.padding) continue;
        for (int64_t c = 0; c < d; ++c) {
          const double v = w.at({row, c}).real();
          auto& o = out.at({bag, c});
          if (b.mode != 2) {
            o += (b.weighted ? in[3].values[i].real() : 1.0) * v;
          } else if (taken == 0 || v > o.real()) {
            o = v;
            max_indices.at({bag, c}) = static_cast<double>(row);
          }
        }
        ++taken;
      }
      if (b.mode == 1 && taken > 0)
        for (int64_t c = 0; c < d; ++c) out.at({bag, c}) /= static_cast<double>(taken);
      if (b.mode != 0) bag_size.values[bag] = static_cast<double>(taken);
      if (b.mode == 1) max_indices.values[bag] = static_cast<double>(taken);
    }
    for (auto& v : out.values) v = round_to(out.dtype, v);
    return {out, offset2bag, bag_size, max_indices};
  };
}

Tensors as_tensors(const std::tuple<Tensor, Tensor, Tensor, Tensor>& r) {
  return {std::get<0>(r), std::get<1>(r), std::get<2>(r), std::get<3>(r)};
}

std::vector<ScalarType> bag_dtypes(std::span<const ScalarType> t) {
  return {t[0], ScalarType::Long, ScalarType::Long, ScalarType::Long};
}

const std::vector<ScalarType> kFloating = {ScalarType::Float, ScalarType::Double, ScalarType::Half,
                                           ScalarType::BFloat16};

OpCase bag_case(BagCall b) {
  OpCase c;
  c.inputs = {weight_input(), indices_input(), offsets_input(b.include_last)};
  if (b.weighted) c.inputs.push_back(Input{{kIndices}, Values::positive});
  c.result_dtypes = bag_dtypes;
  c.reference = bag_reference(b);
  // weight is 2-d and indices 1-d; the large layout grows indices past offsets' bags.
  c.skip_layouts = {Layout::zero_dim, Layout::large};
  // A weight of no rows has no row padding_idx could name; an empty offsets, with
  // include_last, no last bag end.
  if (b.include_last || b.padding >= 0) c.skip_layouts.push_back(Layout::zero_size);
  c.dtypes = kFloating;
  // The composites' dtype check is _embedding_bag's, which names itself.
  c.undeclared_error = "\"_embedding_bag\" not implemented for";
  c.tolerance_scale = 4;
  return c;
}

std::optional<Tensor> weights_of(const Tensors& in, bool weighted) {
  return weighted ? std::optional<Tensor>(in[3]) : std::nullopt;
}

// in: grad [bags, D], weight, indices, offsets: weight's gradient through a forward in `mode`,
// each bag's gradient row added to the rows it read (max: to the row each element came from).
// A row read many times is a sum, which the kernels add in the dtype (as ATen's index_add):
// its bound grows with its terms' magnitudes.
auto backward_reference(BagCall b, bool scale_by_freq) {
  return [=](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor &g = in[0], &w = in[1], &index = in[2];
    const std::vector<int64_t> bounds = bounds_of(index, in[3], b.include_last);
    const int64_t d = w.sizes[1];
    RefTensor out = filled(w.sizes, dtypes[0]);
    out.magnitudes.assign(out.values.size(), 0.0);
    auto add = [&](int64_t row, int64_t c, std::complex<double> term) {
      out.at({row, c}) += term;
      out.magnitudes[static_cast<size_t>(row * d + c)] += std::abs(term);
    };
    const Refs forward = bag_reference(b)({w, index, in[3]}, dtypes);
    std::vector<int64_t> counts(static_cast<size_t>(w.sizes[0]), 0);
    for (const auto& v : index.values) ++counts[static_cast<size_t>(as_int(v))];
    for (int64_t bag = 0; bag + 1 < static_cast<int64_t>(bounds.size()); ++bag) {
      const auto taken = static_cast<double>(as_int(forward[2].values[bag]));
      if (b.mode == 2) {
        if (taken == 0) continue;
        for (int64_t c = 0; c < d; ++c) add(as_int(forward[3].at({bag, c})), c, g.at({bag, c}));
        continue;
      }
      for (int64_t i = bounds[bag]; i < bounds[bag + 1]; ++i) {
        const int64_t row = as_int(index.values[i]);
        if (row == b.padding) continue;
        double scale = b.mode == 1 ? 1.0 / taken : 1.0;
        if (scale_by_freq) scale /= static_cast<double>(counts[static_cast<size_t>(row)]);
        for (int64_t c = 0; c < d; ++c) add(row, c, scale * g.at({bag, c}));
      }
    }
    for (auto& v : out.values) v = round_to(out.dtype, v);
    return {out};
  };
}

}  // namespace

ATEN_OP_CASES(embedding_bag) {
  std::vector<OpCase> cases;
  for (int64_t mode : {0, 1, 2}) {
    OpCase c = bag_case({mode});
    c.overloads = {"embedding_bag"};
    c.call = [mode](const Tensors& in) {
      return as_tensors(embedding_bag(in[0], in[1], in[2], false, mode));
    };
    cases.push_back(c);

    // padding_idx=-4 is row 3, given the ATen way (negative from the end).
    OpCase p = bag_case({mode, 3});
    p.overloads = {"embedding_bag.padding_idx"};
    p.call = [mode](const Tensors& in) {
      return as_tensors(
          embedding_bag(in[0], in[1], in[2], false, mode, false, std::nullopt, false, -4));
    };
    cases.push_back(p);

    OpCase last = bag_case({mode, -1, false, true});
    last.overloads = {"_embedding_bag"};
    last.call = [mode](const Tensors& in) {
      return as_tensors(_embedding_bag(in[0], in[1], ending_at_indices(in[2], in[1]), false, mode,
                                       false, std::nullopt, true));
    };
    cases.push_back(last);
  }
  for (int64_t padding : {-1, 3}) {
    OpCase w = bag_case({0, padding, true});
    w.overloads = {"_embedding_bag"};
    w.call = [padding](const Tensors& in) {
      return as_tensors(_embedding_bag(in[0], in[1], in[2], false, 0, false, weights_of(in, true),
                                       false, padding));
    };
    cases.push_back(w);
  }

  for (int64_t mode : {0, 1, 2}) {
    for (bool freq : {false, true}) {
      if (mode == 2 && freq) continue;  // max ignores scale_grad_by_freq, as in ATen
      const BagCall b{mode, mode == 2 ? -1 : 3};
      OpCase c = bag_case(b);
      c.overloads = {"_embedding_bag_backward"};
      c.inputs = {Input{{kBags - 1, kDim}}, weight_input(), indices_input(), offsets_input(false)};
      c.call = [b, freq](const Tensors& in) {
        auto [out, offset2bag, bag_size, max_indices] = _embedding_bag(
            in[1], in[2], in[3], freq, b.mode, false, std::nullopt, false, b.padding);
        return Tensors{_embedding_bag_backward(in[0], in[2], in[3], offset2bag, bag_size,
                                               max_indices, in[1].sizes()[0], freq, b.mode, false,
                                               std::nullopt, b.padding)};
      };
      c.result_dtypes = first_dtype;
      c.reference = backward_reference(b, freq);
      // The broadcast layout expands grad to [bags, D] from [1, D] with offsets all 0: still
      // consistent. Meta gives zeros of the gradient's shape.
      cases.push_back(c);
    }
  }

  OpCase ps = bag_case({0, 3});
  ps.overloads = {"_embedding_bag_per_sample_weights_backward"};
  ps.inputs = {Input{{kBags - 1, kDim}}, weight_input(), indices_input(), offsets_input(false)};
  ps.call = [](const Tensors& in) {
    const Tensor offset2bag = std::get<1>(_embedding_bag(in[1], in[2], in[3], false, 0));
    return Tensors{
        _embedding_bag_per_sample_weights_backward(in[0], in[1], in[2], in[3], offset2bag, 0, 3)};
  };
  ps.result_dtypes = first_dtype;
  ps.reference = [](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor &g = in[0], &w = in[1], &index = in[2];
    const std::vector<int64_t> bounds = bounds_of(index, in[3], false);
    RefTensor out = filled({index.numel()}, dtypes[0]);
    for (int64_t bag = 0; bag + 1 < static_cast<int64_t>(bounds.size()); ++bag)
      for (int64_t i = bounds[bag]; i < bounds[bag + 1]; ++i) {
        const int64_t row = as_int(index.values[i]);
        if (row == 3) continue;
        for (int64_t c = 0; c < w.sizes[1]; ++c) out.values[i] += g.at({bag, c}) * w.at({row, c});
        out.values[i] = round_to(out.dtype, out.values[i]);
      }
    return {out};
  };
  ps.no_meta_reason = "offset2bag comes from the forward, which has no values on Meta";
  cases.push_back(ps);
  return cases;
}

}  // namespace aten::optest
