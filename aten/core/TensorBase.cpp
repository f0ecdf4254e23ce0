#include <aten/core/TensorBase.h>

namespace aten {

int64_t maybe_wrap_dim(int64_t dim, int64_t ndim) {
  // A 0-dim tensor accepts dims -1 and 0, as in ATen.
  int64_t n = ndim == 0 ? 1 : ndim;
  ATEN_CHECK_INDEX(dim >= -n && dim < n, "Dimension out of range (expected to be in range of [", -n,
                   ", ", n - 1, "], but got ", dim, ")");
  return dim < 0 ? dim + n : dim;
}

int64_t TensorBase::size(int64_t d) const { return sizes()[maybe_wrap_dim(d, dim())]; }
int64_t TensorBase::stride(int64_t d) const { return strides()[maybe_wrap_dim(d, dim())]; }

void* TensorBase::data_ptr() const {
  ATEN_CHECK(!is_meta(), "cannot access data of a Meta tensor ", toString());
  return impl_->data();
}

Scalar TensorBase::item() const {
  ATEN_CHECK(numel() == 1, "a Tensor with ", numel(), " elements cannot be converted to Scalar");
  const void* p = data_ptr();
  switch (scalar_type()) {
#define ATEN_ITEM_CASE(ctype, name) \
  case ScalarType::name:            \
    return Scalar(*static_cast<const ctype*>(p));
    ATEN_FORALL_SCALAR_TYPES_WITH_CPP_TYPE(ATEN_ITEM_CASE)
#undef ATEN_ITEM_CASE
    case ScalarType::Undefined:
      break;
  }
  ATEN_ERROR("item() is not implemented for dtype ", scalar_type());
}

std::string TensorBase::toString() const {
  if (!defined()) return "UndefinedTensor";
  std::string s = detail::str_cat(scalar_type(), sizes(), " (strides ", strides(), ")");
  if (is_meta()) s += " on meta";
  return s;
}

}  // namespace aten
