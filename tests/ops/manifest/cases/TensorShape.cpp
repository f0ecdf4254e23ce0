// The cases of aten/native/TensorShape.cpp's views that are written in terms of other views:
// movedim, broadcast_to, broadcast_tensors, unbind and meshgrid (composites, run on every dtype).
// The views that build their own geometry are checked in tests/ops/test_tensor_shape.cpp.
#include "../OpCase.h"

#include <aten/TensorOperators.h>
#include <aten/core/Tensor.h>
#include <aten/ops/broadcast_tensors.h>
#include <aten/ops/broadcast_to.h>
#include <aten/ops/meshgrid.h>
#include <aten/ops/movedim.h>
#include <aten/ops/unbind.h>

#include <algorithm>
#include <string>
#include <utility>

namespace aten::optest {

namespace {

// movedim's permutation, from source and destination wrapped to x's rank: result dim i is x's
// dim order[i].
Refs movedim_reference(const RefTensor& x, std::vector<int64_t> source,
                       std::vector<int64_t> destination, ScalarType dtype) {
  const int64_t n = x.dim();
  if (n == 0) return {moved(x, x.sizes, dtype, [](const Shape& idx) { return idx; })};
  std::vector<int64_t> order(n, -1);
  std::vector<bool> moved_dim(n, false);
  for (size_t i = 0; i < source.size(); ++i) {
    order[wrap(destination[i], n)] = wrap(source[i], n);
    moved_dim[wrap(source[i], n)] = true;
  }
  int64_t next = 0;
  for (int64_t& o : order) {
    if (o != -1) continue;
    while (moved_dim[next]) ++next;
    o = next++;
  }
  Shape sizes;
  for (int64_t i = 0; i < n; ++i) sizes.push_back(x.sizes[order[i]]);
  return {moved(x, sizes, dtype, [&](const Shape& idx) {
    Shape src(n);
    for (int64_t i = 0; i < n; ++i) src[order[i]] = idx[i];
    return src;
  })};
}

RefTensor broadcast(const RefTensor& x, const Shape& shape, ScalarType dtype) {
  RefTensor out = filled(shape, dtype);
  for_each_index(shape, [&](const Shape& idx) { out.at(idx) = read_broadcast(x, idx); });
  return out;
}

}  // namespace

ATEN_OP_CASES(tensor_shape) {
  std::vector<OpCase> cases;
  auto base = [](std::vector<std::string> overloads, std::vector<Input> inputs) {
    OpCase c;
    c.overloads = std::move(overloads);
    c.inputs = std::move(inputs);
    c.result_dtypes = first_dtype;
    c.dtypes = kEveryDtype;
    return c;
  };

  {
    OpCase c = base({"movedim.intlist"}, {Input{{2, 3, 4, 5}}});
    c.call = [](const Tensors& in) { return Tensors{movedim(in[0], {0, -1}, {2, 0})}; };
    c.reference = [](const Refs& in, std::span<const ScalarType> t) {
      return movedim_reference(in[0], {0, -1}, {2, 0}, t[0]);
    };
    c.skip_layouts = {Layout::zero_dim};  // dims 3 and -1 need a rank of 4
    cases.push_back(c);
  }
  {
    OpCase c = base({"movedim.int"}, {Input{kShape}});
    c.call = [](const Tensors& in) { return Tensors{in[0].movedim(0, -1)}; };
    c.reference = [](const Refs& in, std::span<const ScalarType> t) {
      return movedim_reference(in[0], {0}, {-1}, t[0]);
    };
    cases.push_back(c);
  }
  {
    // -1 keeps a size, so the zero-size layout broadcasts too.
    OpCase c = base({"broadcast_to"}, {Input{{1, 35}}});
    c.call = [](const Tensors& in) { return Tensors{broadcast_to(in[0], {4, -1, 35})}; };
    c.reference = [](const Refs& in, std::span<const ScalarType> t) -> Refs {
      Shape shape = {4, in[0].sizes[0], 35};
      return {broadcast(in[0], shape, t[0])};
    };
    c.skip_layouts = {Layout::zero_dim};  // -1 for a dim self does not have is an error
    cases.push_back(c);
  }
  {
    OpCase c = base({"broadcast_tensors"}, {Input{{6, 1}}, Input{{35}}, Input{{1, 1}}});
    c.skip_layouts = {Layout::large};  // the large layout lengthens dim 0 of each: 65537^2
    c.call = [](const Tensors& in) { return broadcast_tensors({in[0], in[1], in[2]}); };
    c.result_dtypes = [](std::span<const ScalarType> t) {
      return std::vector<ScalarType>(t.begin(), t.end());
    };
    c.reference = [](const Refs& in, std::span<const ScalarType> t) {
      const Shape shape = broadcast_shapes({in[0].sizes, in[1].sizes, in[2].sizes});
      Refs out;
      for (size_t k = 0; k < in.size(); ++k) out.push_back(broadcast(in[k], shape, t[k]));
      return out;
    };
    cases.push_back(c);
  }
  {
    OpCase c = base({"unbind.int"}, {Input{{3, 4, 5}}});
    c.call = [](const Tensors& in) { return unbind(in[0], 1); };
    c.result_dtypes = [](std::span<const ScalarType> t) { return std::vector(4, t[0]); };
    c.reference = [](const Refs& in, std::span<const ScalarType> t) {
      const RefTensor& x = in[0];
      Refs out;
      for (int64_t i = 0; i < x.sizes[1]; ++i) {
        out.push_back(moved(x, {x.sizes[0], x.sizes[2]}, t[0], [i](const Shape& idx) {
          return Shape{idx[0], i, idx[1]};
        }));
      }
      return out;
    };
    c.skip_layouts = {Layout::zero_dim};  // no dim to unbind
    cases.push_back(c);
  }
  for (const char* indexing : {"", "ij", "xy"}) {
    const std::string mode = indexing;
    OpCase c = base({mode.empty() ? "meshgrid" : "meshgrid.indexing"},
                    {Input{{3}}, Input{{4}}, Input{{5}}});
    c.skip_layouts = {Layout::large};  // a grid of three 65537-element inputs
    c.call = [mode](const Tensors& in) {
      return mode.empty() ? meshgrid({in[0], in[1], in[2]}) : meshgrid({in[0], in[1], in[2]}, mode);
    };
    c.result_dtypes = [](std::span<const ScalarType> t) {
      return std::vector<ScalarType>(t.begin(), t.end());
    };
    c.reference = [mode](const Refs& in, std::span<const ScalarType> t) {
      // Grid k varies along dim k ("xy": the first two swapped) and holds input k's values.
      std::vector<int64_t> dim_of = {0, 1, 2};
      if (mode == "xy") std::swap(dim_of[0], dim_of[1]);
      Shape shape(3);
      for (int64_t k = 0; k < 3; ++k) shape[dim_of[k]] = in[k].numel();
      Refs out;
      for (int64_t k = 0; k < 3; ++k) {
        RefTensor g = filled(shape, t[k]);
        for_each_index(shape, [&](const Shape& idx) {
          g.at(idx) = round_to(g.dtype, in[k].values[idx[dim_of[k]]]);
        });
        out.push_back(g);
      }
      return out;
    };
    cases.push_back(c);
  }
  return cases;
}

}  // namespace aten::optest
