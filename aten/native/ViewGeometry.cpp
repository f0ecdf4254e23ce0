#include <aten/native/ViewGeometry.h>

#include <algorithm>

namespace aten::native {

DimVector infer_view_size(IntArrayRef shape, int64_t numel) {
  DimVector result(shape);
  std::optional<size_t> inferred;
  int64_t known = 1;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == -1) {
      ATEN_CHECK(!inferred, "only one dimension can be inferred (shape ", shape, ")");
      inferred = d;
    } else {
      ATEN_CHECK(shape[d] >= 0, "invalid shape dimension ", shape[d], " (shape ", shape, ")");
      known *= shape[d];
    }
  }
  // With a 0 among the known sizes, -1 could be anything: ATen refuses to guess.
  ATEN_CHECK(!inferred || known != 0 || numel != 0,
             "cannot reshape tensor of 0 elements into shape ", shape,
             " because the unspecified dimension size -1 can be any value and is ambiguous");
  const bool ok = inferred ? known != 0 && numel % known == 0 : known == numel;
  ATEN_CHECK(ok, "shape '", shape, "' is invalid for input of size ", numel);
  if (inferred) result[*inferred] = numel / known;
  return result;
}

// Walks both shapes from the last dim. The old dims fall into chunks: maximal runs in which each
// dim's stride is the next one's stride times its size (one evenly spaced block of memory).
// A view exists iff the new dims can be grouped into runs with exactly the chunks' element
// counts; inside a run, strides are laid out contiguously from the chunk's innermost stride.
std::optional<DimVector> compute_view_strides(IntArrayRef sizes, IntArrayRef strides,
                                              IntArrayRef new_sizes) {
  const auto old_ndim = static_cast<int64_t>(sizes.size());
  const auto new_ndim = static_cast<int64_t>(new_sizes.size());
  DimVector result(new_ndim, 1);
  if (old_ndim == 0) return result;  // one element: any strides will do

  int64_t numel = 1;
  for (int64_t s : sizes) numel *= s;
  if (numel == 0) {
    // No element to reach: the old strides if the shape is unchanged, else contiguous strides.
    if (sizes == new_sizes) return DimVector(strides);
    for (int64_t d = new_ndim - 2; d >= 0; --d)
      result[d] = result[d + 1] * std::max<int64_t>(new_sizes[d + 1], 1);
    return result;
  }

  int64_t view_d = new_ndim - 1;
  int64_t chunk_stride = strides.back();  // stride of the current chunk's innermost dim
  int64_t chunk_numel = 1, view_numel = 1;
  for (int64_t d = old_ndim - 1; d >= 0; --d) {
    chunk_numel *= sizes[d];
    // The chunk ends at dim 0, or where the next outer dim (unless size 1, which never
    // matters) is not spaced exactly one chunk apart.
    const bool chunk_ends = d == 0 ||
                            (sizes[d - 1] != 1 && strides[d - 1] != chunk_numel * chunk_stride);
    if (!chunk_ends) continue;
    while (view_d >= 0 && (view_numel < chunk_numel || new_sizes[view_d] == 1)) {
      result[view_d] = view_numel * chunk_stride;
      view_numel *= new_sizes[view_d];
      --view_d;
    }
    if (view_numel != chunk_numel) return std::nullopt;
    if (d > 0) {
      chunk_stride = strides[d - 1];
      chunk_numel = view_numel = 1;
    }
  }
  if (view_d != -1) return std::nullopt;
  return result;
}

}  // namespace aten::native
