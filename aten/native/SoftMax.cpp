// softmax and log_softmax along one dim, and their backward (ATen's _softmax_backward_data).
// The kernels take contiguous Float or Double tensors; BFloat16 computes in Float and rounds
// once at the end, as ATen's does.
#include <aten/native/SoftMax.h>
#include <aten/ops/_log_softmax.h>
#include <aten/ops/_log_softmax_backward_data_dtypes.h>
#include <aten/ops/_log_softmax_backward_data_native.h>
#include <aten/ops/_log_softmax_dtypes.h>
#include <aten/ops/_log_softmax_native.h>
#include <aten/ops/_softmax.h>
#include <aten/ops/_softmax_backward_data_dtypes.h>
#include <aten/ops/_softmax_backward_data_native.h>
#include <aten/ops/_softmax_dtypes.h>
#include <aten/ops/_softmax_native.h>
#include <aten/ops/copy.h>
#include <aten/ops/empty.h>
#include <aten/ops/log_softmax_native.h>
#include <aten/ops/softmax_native.h>
#include <aten/ops/to.h>

namespace aten::native {

ATEN_DEFINE_DISPATCH(softmax_stub);
ATEN_DEFINE_DISPATCH(log_softmax_stub);
ATEN_DEFINE_DISPATCH(softmax_backward_stub);
ATEN_DEFINE_DISPATCH(log_softmax_backward_stub);

namespace {

// The dtype the kernels compute in.
ScalarType compute_dtype(ScalarType t) { return t == ScalarType::BFloat16 ? ScalarType::Float : t; }

Tensor contiguous_in(const Tensor& t, ScalarType dtype) {
  return t.scalar_type() == dtype ? t.contiguous() : t.to(dtype).contiguous();
}

// Runs kernel(result) into out directly when out is contiguous and of the compute dtype, else
// into a temporary copied into out afterwards.
template <typename F>
void into(const Tensor& out, ScalarType dtype, F kernel) {
  if (out.numel() == 0) return;
  if (out.scalar_type() == dtype && out.is_contiguous()) {
    kernel(out);
    return;
  }
  const Tensor result = empty(out.sizes(), TensorOptions(dtype).device(out.device()));
  kernel(result);
  out.copy_(result);
}

template <typename Stub>
void softmax_out(Stub& stub, const Tensor& self, int64_t dim, bool half_to_float,
                 const Tensor& out) {
  ATEN_CHECK(!half_to_float, "softmax with half to float conversion is not supported on CPU");
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  const ScalarType dtype = compute_dtype(self.scalar_type());
  const Tensor x = contiguous_in(self, dtype);
  into(out, dtype, [&](const Tensor& result) { stub(self.device(), result, x, d); });
}

template <typename Stub>
void softmax_backward_out(Stub& stub, const Tensor& grad, const Tensor& output, int64_t dim,
                          const Tensor& grad_input) {
  if (grad_input.numel() == 0) return;
  // A half_to_float forward is CUDA's; ATen's CPU kernels refuse its gradient the same way.
  ATEN_CHECK(grad_input.scalar_type() == grad.scalar_type(), "expected scalar type ",
             grad.scalar_type(), " but found ", grad_input.scalar_type());
  const int64_t d = maybe_wrap_dim(dim, grad.dim());
  const ScalarType dtype = compute_dtype(grad.scalar_type());
  const Tensor g = contiguous_in(grad, dtype), y = contiguous_in(output, dtype);
  into(grad_input, dtype, [&](const Tensor& result) { stub(grad.device(), result, g, y, d); });
}

}  // namespace

}  // namespace aten::native

namespace aten::meta {

namespace {

// ATen's checks and result: self's shape, contiguous, of self's dtype (Float for
// half_to_float).
void meta_softmax(impl::MetaBase& meta, const Tensor& self, int64_t dim, bool half_to_float) {
  maybe_wrap_dim(dim, self.dim());
  meta.set_output_raw_strided(
      0, self.sizes(), {},
      self.options().dtype(half_to_float ? ScalarType::Float : self.scalar_type()));
}

void meta_softmax_backward(impl::MetaBase& meta, const char* op, const Tensor& grad,
                           const Tensor& output, int64_t dim, ScalarType input_dtype) {
  ATEN_CHECK(grad.sizes() == output.sizes(), op, ": expected grad_output of size ", output.sizes(),
             " (output's), got ", grad.sizes());
  ATEN_CHECK(grad.scalar_type() == output.scalar_type(), op,
             ": expected grad_output and output of one dtype, got ", grad.scalar_type(), " and ",
             output.scalar_type());
  maybe_wrap_dim(dim, grad.dim());
  // A half_to_float forward's gradient goes back to Half.
  const bool to_half = grad.scalar_type() == ScalarType::Float && input_dtype == ScalarType::Half;
  meta.set_output_raw_strided(
      0, grad.sizes(), {}, grad.options().dtype(to_half ? ScalarType::Half : grad.scalar_type()));
}

}  // namespace

ATEN_META_FUNC(_softmax)(const Tensor& self, int64_t dim, bool half_to_float) {
  ATEN_DISPATCH__softmax_TYPES(self.scalar_type(), [] {});
  meta_softmax(*this, self, dim, half_to_float);
}

ATEN_META_FUNC(_log_softmax)(const Tensor& self, int64_t dim, bool half_to_float) {
  ATEN_DISPATCH__log_softmax_TYPES(self.scalar_type(), [] {});
  meta_softmax(*this, self, dim, half_to_float);
}

ATEN_META_FUNC(_softmax_backward_data)
(const Tensor& grad, const Tensor& output, int64_t dim, ScalarType input_dtype) {
  ATEN_DISPATCH__softmax_backward_data_TYPES(grad.scalar_type(), [] {});
  meta_softmax_backward(*this, "softmax_backward", grad, output, dim, input_dtype);
}

ATEN_META_FUNC(_log_softmax_backward_data)
(const Tensor& grad, const Tensor& output, int64_t dim, ScalarType input_dtype) {
  ATEN_DISPATCH__log_softmax_backward_data_TYPES(grad.scalar_type(), [] {});
  meta_softmax_backward(*this, "log_softmax_backward", grad, output, dim, input_dtype);
}

}  // namespace aten::meta

namespace aten::native {

ATEN_IMPL_FUNC(softmax_cpu_out)
(const Tensor& self, int64_t dim, bool half_to_float, const Tensor& out) {
  softmax_out(softmax_stub, self, dim, half_to_float, out);
}

ATEN_IMPL_FUNC(log_softmax_cpu_out)
(const Tensor& self, int64_t dim, bool half_to_float, const Tensor& out) {
  softmax_out(log_softmax_stub, self, dim, half_to_float, out);
}

ATEN_IMPL_FUNC(softmax_backward_cpu_out)
(const Tensor& grad, const Tensor& output, int64_t dim, ScalarType /*input_dtype*/,
 const Tensor& grad_input) {
  softmax_backward_out(softmax_backward_stub, grad, output, dim, grad_input);
}

ATEN_IMPL_FUNC(log_softmax_backward_cpu_out)
(const Tensor& grad, const Tensor& output, int64_t dim, ScalarType /*input_dtype*/,
 const Tensor& out) {
  softmax_backward_out(log_softmax_backward_stub, grad, output, dim, out);
}

// dtype= casts self first (ATen's composite).
Tensor softmax(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype) {
  return aten::_softmax(dtype ? self.to(*dtype) : self, dim, false);
}

Tensor log_softmax(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype) {
  return aten::_log_softmax(dtype ? self.to(*dtype) : self, dim, false);
}

}  // namespace aten::native
