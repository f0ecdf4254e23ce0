#include <aten/core/MemoryOverlap.h>

#include <utility>

namespace aten {

bool has_internal_overlap(const TensorBase& t) {
  if (t.is_non_overlapping_and_dense()) return false;
  for (int64_t d = 0; d < t.dim(); ++d)
    if (t.strides()[d] == 0 && t.sizes()[d] > 1) return true;
  return false;
}

bool is_same_view(const TensorBase& a, const TensorBase& b) {
  return a.unsafeGetTensorImpl()->storage().get() == b.unsafeGetTensorImpl()->storage().get() &&
         a.storage_offset() == b.storage_offset() && a.sizes() == b.sizes() &&
         a.strides() == b.strides() && a.dtype() == b.dtype();
}

bool ranges_overlap(const TensorBase& a, const TensorBase& b) {
  if (a.numel() == 0 || b.numel() == 0 || a.is_meta() || b.is_meta()) return false;
  if (a.unsafeGetTensorImpl()->storage().get() != b.unsafeGetTensorImpl()->storage().get())
    return false;
  auto span = [](const TensorBase& t) {
    auto* begin = static_cast<const char*>(t.unsafeGetTensorImpl()->data());
    return std::pair(begin,
                     begin + compute_storage_nbytes(t.sizes(), t.strides(), t.element_size()));
  };
  auto [a0, a1] = span(a);
  auto [b0, b1] = span(b);
  return a0 < b1 && b0 < a1;
}

void assert_no_internal_overlap(const TensorBase& t) {
  ATEN_CHECK(!has_internal_overlap(t),
             "unsupported operation: more than one element of the written-to tensor refers to "
             "a single memory location (",
             t.toString(), "). Please clone() the tensor before performing the operation.");
}

void assert_no_overlap(const TensorBase& out, const TensorBase& in, const char* name) {
  if (is_same_view(out, in)) return;
  ATEN_CHECK(!ranges_overlap(out, in), "unsupported operation: some elements of the input tensor '",
             name, "' (", in.toString(), ") and the written-to tensor (", out.toString(),
             ") refer to a single memory location. Please clone() the tensor before "
             "performing the operation.");
}

}  // namespace aten
