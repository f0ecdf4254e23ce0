// lerp, addcmul, addcdiv: structured on TensorIteratorBase with three inputs.
#include <aten/native/PointwiseOps.h>
#include <aten/ops/addcdiv_native.h>
#include <aten/ops/addcmul_native.h>
#include <aten/ops/lerp_native.h>

#include <algorithm>

namespace aten {
namespace {

// ATen's ternary op: inputs promoted to their common dtype, which must cast safely into out.
void build_ternary_op(TensorIteratorBase& iter, const Tensor& out, const Tensor& a, const Tensor& b,
                      const Tensor& c, const char* b_name, const char* c_name) {
  TensorIteratorConfig config;
  config.promote_inputs_to_common_dtype(true)
      .cast_common_dtype_to_outputs(true)
      .enforce_safe_casting_to_output(true)
      .add_output(out)
      .add_input(a, "self")
      .add_input(b, b_name)
      .add_input(c, c_name);
  iter.build(config);
}

}  // namespace

namespace meta {

// lerp does not promote: end (and weight) must have self's dtype, as in ATen.
ATEN_META_FUNC(lerp_Scalar)(const Tensor& self, const Tensor& end, const Scalar&) {
  ATEN_CHECK(self.scalar_type() == end.scalar_type(), "expected dtype ", self.scalar_type(),
             " for `end` but got dtype ", end.scalar_type());
  TensorIteratorConfig config;
  config.add_output(maybe_get_output()).add_input(self, "self").add_input(end, "end");
  build(config);
}

ATEN_META_FUNC(lerp_Tensor)(const Tensor& self, const Tensor& end, const Tensor& weight) {
  ATEN_CHECK(self.scalar_type() == end.scalar_type(), "expected dtype ", self.scalar_type(),
             " for `end` but got dtype ", end.scalar_type());
  ATEN_CHECK(self.scalar_type() == weight.scalar_type(), "expected dtype ", self.scalar_type(),
             " for `weight` but got dtype ", weight.scalar_type());
  ATEN_CHECK(weight.dim() <= std::max(self.dim(), end.dim()),
             "weight should be of dimension max(self.dim(), end.dim()) or lesser (weight ",
             weight.sizes(), ", self ", self.sizes(), ", end ", end.sizes(), ")");
  TensorIteratorConfig config;
  config.add_output(maybe_get_output())
      .add_input(self, "self")
      .add_input(end, "end")
      .add_input(weight, "weight");
  build(config);
}

ATEN_META_FUNC(addcmul)
(const Tensor& self, const Tensor& tensor1, const Tensor& tensor2, const Scalar&) {
  build_ternary_op(*this, maybe_get_output(), self, tensor1, tensor2, "tensor1", "tensor2");
}

ATEN_META_FUNC(addcdiv)
(const Tensor& self, const Tensor& tensor1, const Tensor& tensor2, const Scalar&) {
  // Two integral tensors are an error, as in ATen: integer division would differ from `/`
  // everywhere else, and true division would silently change what integer-division code gets.
  ATEN_CHECK(
      !(isIntegralType(tensor1.scalar_type(), true) && isIntegralType(tensor2.scalar_type(), true)),
      "Integer division with addcdiv is no longer supported (tensor1 ", tensor1.toString(),
      ", tensor2 ", tensor2.toString(),
      "). For the old behaviour use "
      "(input + value * trunc(tensor1 / tensor2)).to(input.dtype), for true division "
      "(input + value * tensor1 / tensor2).");
  build_ternary_op(*this, maybe_get_output(), self, tensor1, tensor2, "tensor1", "tensor2");
}

}  // namespace meta

namespace native {

ATEN_DEFINE_DISPATCH(lerp_scalar_stub);
ATEN_DEFINE_DISPATCH(lerp_tensor_stub);
ATEN_DEFINE_DISPATCH(addcmul_stub);
ATEN_DEFINE_DISPATCH(addcdiv_stub);

ATEN_IMPL_FUNC(lerp_Scalar_out)(const Tensor&, const Tensor&, const Scalar& weight, const Tensor&) {
  lerp_scalar_stub(device(), *this, weight);
}

ATEN_IMPL_FUNC(lerp_Tensor_out)(const Tensor&, const Tensor&, const Tensor&, const Tensor&) {
  lerp_tensor_stub(device(), *this);
}

ATEN_IMPL_FUNC(addcmul_out)
(const Tensor&, const Tensor&, const Tensor&, const Scalar& value, const Tensor&) {
  addcmul_stub(device(), *this, value);
}

ATEN_IMPL_FUNC(addcdiv_out)
(const Tensor&, const Tensor&, const Tensor&, const Scalar& value, const Tensor&) {
  addcdiv_stub(device(), *this, value);
}

}  // namespace native
}  // namespace aten
