#include <aten/core/Empty.h>
#include <aten/core/ScalarOps.h>

namespace aten::detail {

Tensor scalar_to_tensor(const Scalar& s) {
  Tensor t(empty_generic({}, TensorOptions(s.type())));
  void* p = t.data_ptr();
  switch (s.tag()) {
    case Scalar::Tag::Bool:
      *static_cast<bool*>(p) = s.toBool();
      break;
    case Scalar::Tag::Int:
      *static_cast<int64_t*>(p) = s.toLong();
      break;
    case Scalar::Tag::Double:
      *static_cast<double*>(p) = s.toDouble();
      break;
    case Scalar::Tag::Complex:
      *static_cast<complex<double>*>(p) = s.toComplexDouble();
      break;
  }
  return t;
}

Tensor wrapped_scalar_tensor(const Scalar& s) {
  Tensor t = scalar_to_tensor(s);
  t.unsafeGetTensorImpl()->set_wrapped_number(true);
  return t;
}

}  // namespace aten::detail
