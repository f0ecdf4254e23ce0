// The cases of aten/native/PadNd.cpp's ops: constant_pad_nd and pad in its four modes. Their
// references map each position of the result to the element of self it holds, or to the value.
#include "../OpCase.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/constant_pad_nd.h>
#include <aten/ops/pad.h>

#include <algorithm>
#include <optional>
#include <string>

namespace aten::optest {

namespace {

// The element of self a result position s - before (s in result coordinates) holds along a dim
// of size n, or nullopt for the constant mode's value.
std::optional<int64_t> source_of(const std::string& mode, int64_t j, int64_t n, int64_t before) {
  const int64_t s = j - before;
  if (mode == "reflect") return s < 0 ? -s : s >= n ? 2 * (n - 1) - s : s;
  if (mode == "replicate") return std::clamp<int64_t>(s, 0, n - 1);
  if (mode == "circular") return (s % n + n) % n;
  if (s < 0 || s >= n) return std::nullopt;
  return s;
}

auto pad_reference(std::vector<int64_t> pad, std::string mode, double value) {
  return [=](const Refs& in, std::span<const ScalarType> dtypes) -> Refs {
    const RefTensor& x = in[0];
    const int64_t rank = x.dim(), padded = static_cast<int64_t>(pad.size()) / 2;
    Shape sizes = x.sizes;
    for (int64_t d = rank - padded; d < rank; ++d)
      sizes[d] += pad[2 * (rank - 1 - d)] + pad[2 * (rank - 1 - d) + 1];
    RefTensor out = filled(sizes, dtypes[0], value);
    for_each_index(sizes, [&](const Shape& idx) {
      Shape src = idx;
      for (int64_t d = rank - padded; d < rank; ++d) {
        const std::optional<int64_t> s = source_of(mode, idx[d], x.sizes[d],
                                                   pad[2 * (rank - 1 - d)]);
        if (!s) return;
        src[d] = *s;
      }
      out.at(idx) = round_to(out.dtype, x.at(src));
    });
    return {out};
  };
}

}  // namespace

ATEN_OP_CASES(pad_nd) {
  std::vector<OpCase> cases;

  // Both dims padded, dim 1 cropped on the right by one.
  OpCase c;
  c.overloads = {"constant_pad_nd"};
  c.inputs = {Input{kShape}};
  const std::vector<int64_t> amounts = {2, -1, 1, 0};
  c.call = [amounts](const Tensors& in) { return Tensors{constant_pad_nd(in[0], amounts, 1)}; };
  c.result_dtypes = first_dtype;
  c.reference = pad_reference(amounts, "constant", 1);
  c.skip_layouts = {Layout::zero_dim};  // two padded dims need a rank of 2
  cases.push_back(c);

  struct ModeCase {
    std::string mode;
    Shape shape;
    std::vector<int64_t> pad;
  };
  for (const ModeCase& m :
       {ModeCase{"reflect", {2, 3, 5}, {2, 4}}, ModeCase{"reflect", {2, 3, 4, 5}, {1, 2, 3, 0}},
        ModeCase{"replicate", {3, 5}, {3, -1}},
        ModeCase{"replicate", {2, 2, 3, 4, 5}, {1, 2, 0, 2, 2, 1}},
        ModeCase{"circular", {2, 3, 4, 5}, {2, 5, -1, 4}},
        ModeCase{"constant", {2, 3, 5}, {2, 1, 1, 1, 0, 3}}}) {
    OpCase p;
    p.overloads = {"pad"};
    p.inputs = {Input{m.shape}};
    p.call = [m](const Tensors& in) {
      return Tensors{m.mode == "constant" ? pad(in[0], m.pad) : pad(in[0], m.pad, m.mode)};
    };
    p.result_dtypes = first_dtype;
    p.reference = pad_reference(m.pad, m.mode, 0);
    p.skip_layouts = {Layout::zero_dim};
    p.dtypes = kEveryDtype;
    if (m.mode == "constant") {
      p.dtypes.pop_back();
      p.undeclared_error = "\"constant_pad_nd\" not implemented for 'ComplexHalf'";
    }
    // The padded dims of an unbatched input include dim 0, which the zero-size layout empties.
    if (m.mode != "constant" && m.shape.size() == m.pad.size() / 2 + 1)
      p.skip_layouts.push_back(Layout::zero_size);
    cases.push_back(p);
  }
  return cases;
}

}  // namespace aten::optest
