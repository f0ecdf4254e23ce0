// batch_norm, layer_norm, group_norm and instance_norm (ATen's Normalization.cpp, layer_norm.cpp
// and group_norm.cpp): ATen 1.13's checks, in its order and words, its result shapes, dtypes and
// memory formats, and the calls of the kernels. The kernels take contiguous (or, for batch_norm,
// channels-last) Float or Double tensors; BFloat16 computes in Float and rounds once at the end.
// Where ATen's native ops read out of bounds or divide by zero on bad arguments (a weight of the
// wrong size, no running statistics in evaluation), these refuse them with the composite's
// message. The per-channel arithmetic (C numbers) is done in double.
#include <aten/TensorOperators.h>
#include <aten/core/DtypeDispatch.h>
#include <aten/core/OptionalTensor.h>
#include <aten/native/Normalization.h>
#include <aten/ops/add.h>
#include <aten/ops/batch_norm.h>
#include <aten/ops/batch_norm_native.h>
#include <aten/ops/clone.h>
#include <aten/ops/copy.h>
#include <aten/ops/empty.h>
#include <aten/ops/group_norm_native.h>
#include <aten/ops/instance_norm_native.h>
#include <aten/ops/layer_norm_native.h>
#include <aten/ops/mean.h>
#include <aten/ops/mul.h>
#include <aten/ops/native_batch_norm.h>
#include <aten/ops/native_batch_norm_backward_native.h>
#include <aten/ops/native_batch_norm_native.h>
#include <aten/ops/native_group_norm.h>
#include <aten/ops/native_group_norm_backward_native.h>
#include <aten/ops/native_group_norm_native.h>
#include <aten/ops/native_layer_norm.h>
#include <aten/ops/native_layer_norm_backward_native.h>
#include <aten/ops/native_layer_norm_native.h>
#include <aten/ops/repeat.h>
#include <aten/ops/select.h>
#include <aten/ops/to.h>
#include <aten/ops/view.h>
#include <aten/structured/StructuredOutputs.h>

#include <cmath>
#include <limits>
#include <vector>

namespace aten::native {

ATEN_DEFINE_DISPATCH(batch_norm_stats_stub);
ATEN_DEFINE_DISPATCH(batch_norm_backward_reduce_stub);
ATEN_DEFINE_DISPATCH(channel_linear_stub);
ATEN_DEFINE_DISPATCH(layer_norm_stub);
ATEN_DEFINE_DISPATCH(layer_norm_backward_stub);
ATEN_DEFINE_DISPATCH(group_norm_stub);
ATEN_DEFINE_DISPATCH(group_norm_backward_stub);

namespace {

// ATen's kernels' dtype switches, with their names.
void check_dtype(const char* kernel, ScalarType t) {
  if (t != ScalarType::Float && t != ScalarType::Double && t != ScalarType::BFloat16)
    detail::dtype_not_implemented(kernel, t);
}

ScalarType compute_dtype(ScalarType t) { return t == ScalarType::BFloat16 ? ScalarType::Float : t; }

// t as the kernels read it: of dtype, contiguous in format (undefined stays undefined).
Tensor kernel_input(const Tensor& t, ScalarType dtype,
                    MemoryFormat format = MemoryFormat::Contiguous) {
  if (!t.defined()) return t;
  return (t.scalar_type() == dtype ? t : t.to(dtype)).contiguous(format);
}

// Runs kernel(result) into out directly when out is in format and of dtype, else into a
// temporary copied into out afterwards.
template <typename F>
void into(const Tensor& out, ScalarType dtype, MemoryFormat format, F kernel) {
  if (!out.defined() || out.numel() == 0) return;
  if (out.scalar_type() == dtype && out.is_contiguous(format)) {
    kernel(out);
    return;
  }
  const Tensor result = empty(out.sizes(),
                              TensorOptions(dtype).device(out.device()).memory_format(format));
  kernel(result);
  out.copy_(result);
}

// A [C] tensor's values in double (undefined: C copies of fill).
std::vector<double> doubles(const Tensor& t, int64_t C, double fill) {
  if (!t.defined()) return std::vector<double>(C, fill);
  const Tensor d = t.to(ScalarType::Double).contiguous();
  return std::vector<double>(d.data_ptr<double>(), d.data_ptr<double>() + C);
}

// A [C] tensor of dtype holding v.
Tensor tensor_of(const std::vector<double>& v, ScalarType dtype) {
  Tensor d = empty({static_cast<int64_t>(v.size())}, ScalarType::Double);
  std::copy(v.begin(), v.end(), d.data_ptr<double>());
  return dtype == ScalarType::Double ? d : d.to(dtype);
}

// Writes v into a running statistic. The schema does not declare running_mean and running_var
// written (ATen's), so the write is not counted: autograd, which may have saved them for an
// evaluation-mode gradient, does not see them change (as with ATen's kernels, which write
// their data directly).
void update_running(const Tensor& running, const std::vector<double>& v) {
  detail::copy_proxy_to_out(running, tensor_of(v, running.scalar_type()).view(running.sizes()));
}

// The product of sizes[from:].
int64_t numel_from(IntArrayRef sizes, size_t from) {
  int64_t n = 1;
  for (size_t d = from; d < sizes.size(); ++d) n *= sizes[d];
  return n;
}

// The memory format of a normalisation's results (and the layout its kernels read): channels-last
// for an input laid out channels-last and not also contiguous (one channel, or 1 x 1 planes),
// else contiguous, as ATen's.
MemoryFormat norm_format(const Tensor& input) {
  if (input.dim() < 2 || input.is_contiguous()) return MemoryFormat::Contiguous;
  for (MemoryFormat f : {MemoryFormat::ChannelsLast, MemoryFormat::ChannelsLast3d})
    if (input.suggest_memory_format() == f && input.is_contiguous(f)) return f;
  return MemoryFormat::Contiguous;
}

// ---- batch norm ---------------------------------------------------------------------------------

// The input viewed as [N, C, S] by the kernels: a channels-last input is [N * S, C, 1].
struct ChannelView {
  int64_t N, C, S;
  MemoryFormat format;
};

ChannelView channel_view(const Tensor& input) {
  const int64_t N = input.size(0), C = input.size(1), S = numel_from(input.sizes(), 2);
  const MemoryFormat format = norm_format(input);
  if (format == MemoryFormat::Contiguous) return {N, C, S, format};
  return {N * S, C, 1, format};
}

void check_numel(const char* name, const Tensor& t, int64_t C) {
  if (t.defined())
    ATEN_CHECK(t.numel() == C, name, " should contain ", C, " elements not ", t.numel());
}

// ATen's kernels read the statistics as vectors (a weight or bias of C elements may have any
// shape).
void check_vector(const char* name, const Tensor& t) {
  if (t.defined())
    ATEN_CHECK(t.dim() == 1, "batch_norm: expected ", name, " to be 1-d, got sizes ", t.sizes());
}

// ATen's checks of a BFloat16 input with Float parameters (its mixed type), and the dtype of
// the statistics.
ScalarType batch_norm_param_dtype(const Tensor& input, std::initializer_list<Tensor> params) {
  bool mixed = false;
  for (const Tensor& p : params)
    if (p.defined() && p.scalar_type() != input.scalar_type()) mixed = true;
  if (!mixed) return input.scalar_type();
  for (const Tensor& p : params)
    if (p.defined())
      ATEN_CHECK(p.scalar_type() == ScalarType::Float,
                 "mixed dtype (CPU): expect parameter to have scalar type of Float");
  ATEN_CHECK(input.scalar_type() == ScalarType::BFloat16,
             "mixed dtype (CPU): expect input to have scalar type of BFloat16");
  return ScalarType::Float;
}

// The checks of native_batch_norm; returns the dtype of its statistics.
ScalarType check_batch_norm(const Tensor& input, const Tensor& weight, const Tensor& bias,
                            const Tensor& running_mean, const Tensor& running_var, bool train) {
  check_dtype("batch_norm", input.scalar_type());
  ATEN_CHECK(input.dim() >= 2, "batch_norm: expected input with at least 2 dims (N, C, ...), got ",
             input.sizes());
  const int64_t C = input.size(1);
  check_numel("running_mean", running_mean, C);
  check_numel("running_var", running_var, C);
  check_numel("weight", weight, C);
  check_numel("bias", bias, C);
  if (!train) {
    ATEN_CHECK(running_mean.defined(), "running_mean must be defined in evaluation mode");
    ATEN_CHECK(running_var.defined(), "running_var must be defined in evaluation mode");
  }
  check_vector("running_mean", running_mean);
  check_vector("running_var", running_var);
  return batch_norm_param_dtype(input, {weight, bias, running_mean, running_var});
}

void batch_norm_compute(const Tensor& out, const Tensor& save_mean, const Tensor& save_invstd,
                        const Tensor& input, const Tensor& weight, const Tensor& bias,
                        const Tensor& running_mean, const Tensor& running_var, bool train,
                        double momentum, double eps) {
  if (input.is_meta()) return;
  const ChannelView v = channel_view(input);
  const int64_t C = v.C, count = v.N * v.S;
  const ScalarType dtype = compute_dtype(input.scalar_type());
  const Tensor x = kernel_input(input, dtype, v.format);
  std::vector<double> mean, invstd(C);
  if (train) {
    const Tensor m = empty({C}, dtype), var_sum = empty({C}, dtype);
    batch_norm_stats_stub(input.device(), x, v.N, C, v.S, m, var_sum);
    mean = doubles(m, C, 0);
    const std::vector<double> vs = doubles(var_sum, C, 0);
    std::vector<double> unbiased(C);
    for (int64_t c = 0; c < C; ++c) {
      invstd[c] = 1 / std::sqrt(vs[c] / static_cast<double>(count) + eps);
      unbiased[c] = vs[c] / static_cast<double>(count - 1);
    }
    if (running_mean.defined()) {
      std::vector<double> r = doubles(running_mean, C, 0);
      for (int64_t c = 0; c < C; ++c) r[c] = momentum * mean[c] + (1 - momentum) * r[c];
      update_running(running_mean, r);
    }
    if (running_var.defined()) {
      std::vector<double> r = doubles(running_var, C, 0);
      for (int64_t c = 0; c < C; ++c) r[c] = momentum * unbiased[c] + (1 - momentum) * r[c];
      update_running(running_var, r);
    }
    save_mean.copy_(tensor_of(mean, ScalarType::Double));
    save_invstd.copy_(tensor_of(invstd, ScalarType::Double));
  } else {
    mean = doubles(running_mean, C, 0);
    const std::vector<double> var = doubles(running_var, C, 0);
    for (int64_t c = 0; c < C; ++c) invstd[c] = 1 / std::sqrt(var[c] + eps);
  }
  const std::vector<double> w = doubles(weight, C, 1), b = doubles(bias, C, 0);
  std::vector<double> scale(C), shift(C);
  for (int64_t c = 0; c < C; ++c) {
    scale[c] = w[c] * invstd[c];
    shift[c] = b[c] - mean[c] * scale[c];
  }
  into(out, dtype, v.format, [&](const Tensor& result) {
    channel_linear_stub(input.device(), result, Tensor(), x, v.N, C, v.S, Tensor(),
                        tensor_of(scale, dtype), tensor_of(shift, dtype));
  });
}

// ---- layer norm ---------------------------------------------------------------------------------

// ATen's _check_layer_norm_inputs: M rows of N elements.
std::pair<int64_t, int64_t> check_layer_norm(const Tensor& input, IntArrayRef normalized_shape,
                                             const Tensor& weight, const Tensor& bias) {
  const int64_t nd = static_cast<int64_t>(normalized_shape.size());
  ATEN_CHECK(nd >= 1,
             "Expected normalized_shape to be at least 1-dimensional, i.e., containing at least "
             "one element, but got normalized_shape = ",
             normalized_shape);
  ATEN_CHECK(!weight.defined() || weight.sizes() == normalized_shape,
             "Expected weight to be of same shape as normalized_shape, but got weight of shape ",
             weight.defined() ? weight.sizes() : IntArrayRef(),
             " and normalized_shape = ", normalized_shape);
  ATEN_CHECK(!bias.defined() || bias.sizes() == normalized_shape,
             "Expected bias to be of same shape as normalized_shape, but got bias of shape ",
             bias.defined() ? bias.sizes() : IntArrayRef(),
             " and normalized_shape = ", normalized_shape);
  const int64_t ndim = input.dim();
  bool match = ndim >= nd;
  for (int64_t i = 0; match && i < nd; ++i)
    match = input.size(ndim - nd + i) == normalized_shape[i];
  if (!match) {
    std::string expected = "[*";
    for (int64_t s : normalized_shape) expected += ", " + std::to_string(s);
    ATEN_ERROR("Given normalized_shape=", normalized_shape, ", expected input with shape ",
               expected, "], but got input of size", input.sizes());
  }
  const size_t axis = static_cast<size_t>(ndim - nd);
  const int64_t N = numel_from(input.sizes(), axis);
  int64_t M = 1;
  for (size_t d = 0; d < axis; ++d) M *= input.size(static_cast<int64_t>(d));
  return {M, N};
}

void check_same_dtype(const Tensor& input, const Tensor& t, const char* name) {
  if (t.defined())
    ATEN_CHECK(t.scalar_type() == input.scalar_type(), "expected scalar type ", input.scalar_type(),
               " but found ", t.scalar_type(), " for argument '", name, "'");
}

// The shape of layer_norm's mean and rstd: input's, with 1 for each normalized dim.
std::vector<int64_t> layer_norm_stat_shape(const Tensor& input, IntArrayRef normalized_shape) {
  std::vector<int64_t> s(input.sizes().begin(), input.sizes().end());
  for (size_t i = s.size() - normalized_shape.size(); i < s.size(); ++i) s[i] = 1;
  return s;
}

// ---- group norm ---------------------------------------------------------------------------------

// ATen's check_group_norm_inputs and the kernel's size checks. The composite and
// native_group_norm, which repeats ATen's check, ask for weight and bias vectors; the backward, as
// ATen's kernel, for C elements of any shape.
void check_group_norm(const Tensor& input, const Tensor& weight, const Tensor& bias, int64_t N,
                      int64_t C, int64_t HxW, int64_t group, bool vectors) {
  ATEN_CHECK(group > 0, "Expected num groups to be greater than 0, got ", group);
  ATEN_CHECK(C % group == 0,
             "Expected number of channels in input to be divisible by num_groups, but got input "
             "of shape ",
             input.sizes(), " and num_groups=", group);
  ATEN_CHECK(!weight.defined() || ((weight.dim() == 1 || !vectors) && weight.numel() == C),
             "Expected weight to be a vector of size equal to the number of channels in input, "
             "but got weight of shape ",
             weight.defined() ? weight.sizes() : IntArrayRef(), " and input of shape ",
             input.sizes());
  ATEN_CHECK(!bias.defined() || ((bias.dim() == 1 || !vectors) && bias.numel() == C),
             "Expected bias to be a vector of size equal to the number of channels in input, "
             "but got bias of shape ",
             bias.defined() ? bias.sizes() : IntArrayRef(), " and input of shape ", input.sizes());
  ATEN_CHECK(N >= 0 && C >= 0 && HxW >= 0 && input.numel() == N * C * HxW,
             "native_group_norm: expected an input of N * C * HxW = ", N, " * ", C, " * ", HxW,
             " elements, got input of shape ", input.sizes());
}

// The memory format of group_norm's results: channels-last for a channels-last input.
MemoryFormat group_norm_format(const Tensor& input) {
  return input.dim() >= 2 ? input.suggest_memory_format() : MemoryFormat::Contiguous;
}

}  // namespace

// ---- batch norm ---------------------------------------------------------------------------------

std::tuple<Tensor, Tensor, Tensor> batch_norm_cpu(const Tensor& input,
                                                  const std::optional<Tensor>& weight_opt,
                                                  const std::optional<Tensor>& bias_opt,
                                                  const std::optional<Tensor>& running_mean_opt,
                                                  const std::optional<Tensor>& running_var_opt,
                                                  bool training, double momentum, double eps) {
  const Tensor weight = value_of(weight_opt), bias = value_of(bias_opt);
  const Tensor running_mean = value_of(running_mean_opt), running_var = value_of(running_var_opt);
  const ScalarType param_dtype = check_batch_norm(input, weight, bias, running_mean, running_var,
                                                  training);
  const int64_t C = input.size(1);
  const Tensor out = empty(input.sizes(), input.options().memory_format(norm_format(input)));
  const TensorOptions stats = input.options().dtype(param_dtype);
  const Tensor save_mean = empty({training ? C : 0}, stats);
  const Tensor save_invstd = empty({training ? C : 0}, stats);
  batch_norm_compute(out, save_mean, save_invstd, input, weight, bias, running_mean, running_var,
                     training, momentum, eps);
  return {out, save_mean, save_invstd};
}

std::tuple<Tensor&, Tensor&, Tensor&> batch_norm_cpu_out(
    const Tensor& input, const std::optional<Tensor>& weight_opt,
    const std::optional<Tensor>& bias_opt, const std::optional<Tensor>& running_mean_opt,
    const std::optional<Tensor>& running_var_opt, bool training, double momentum, double eps,
    Tensor& out, Tensor& save_mean, Tensor& save_invstd) {
  const Tensor weight = value_of(weight_opt), bias = value_of(bias_opt);
  const Tensor running_mean = value_of(running_mean_opt), running_var = value_of(running_var_opt);
  const ScalarType param_dtype = check_batch_norm(input, weight, bias, running_mean, running_var,
                                                  training);
  const int64_t C = input.size(1);
  const TensorOptions stats = input.options().dtype(param_dtype);
  detail::resize_out(out, input.sizes(), {}, input.options().memory_format(norm_format(input)));
  const std::vector<int64_t> stat_size = {training ? C : 0};
  detail::resize_out(save_mean, stat_size, {}, stats);
  detail::resize_out(save_invstd, stat_size, {}, stats);
  batch_norm_compute(out, save_mean, save_invstd, input, weight, bias, running_mean, running_var,
                     training, momentum, eps);
  return {out, save_mean, save_invstd};
}

std::tuple<Tensor, Tensor, Tensor> batch_norm_backward_cpu(
    const Tensor& grad_out, const Tensor& input, const std::optional<Tensor>& weight_opt,
    const std::optional<Tensor>& running_mean_opt, const std::optional<Tensor>& running_var_opt,
    const std::optional<Tensor>& save_mean_opt, const std::optional<Tensor>& save_invstd_opt,
    bool train, double eps, std::array<bool, 3> output_mask) {
  const Tensor weight = value_of(weight_opt);
  const Tensor running_mean = value_of(running_mean_opt), running_var = value_of(running_var_opt);
  const Tensor save_mean = value_of(save_mean_opt), save_invstd = value_of(save_invstd_opt);
  check_dtype("batch_norm_backward", input.scalar_type());
  ATEN_CHECK(input.dim() >= 2,
             "batch_norm_backward: expected input with at least 2 dims (N, C, ...), got ",
             input.sizes());
  ATEN_CHECK(grad_out.sizes() == input.sizes(), "batch_norm_backward: expected grad_out of size ",
             input.sizes(), " (input's), got ", grad_out.sizes());
  ATEN_CHECK(grad_out.scalar_type() == input.scalar_type(),
             "batch_norm_backward: expected grad_out of dtype ", input.scalar_type(),
             " (input's), got ", grad_out.scalar_type());
  const int64_t C = input.size(1);
  check_numel("weight", weight, C);
  if (train) {
    ATEN_CHECK(save_mean.defined() && save_invstd.defined(),
               "batch_norm_backward: save_mean and save_invstd must be defined in training mode");
    check_numel("save_mean", save_mean, C);
    check_numel("save_invstd", save_invstd, C);
  } else {
    ATEN_CHECK(running_mean.defined() && running_var.defined(),
               "batch_norm_backward: running_mean and running_var must be defined in evaluation "
               "mode");
    check_numel("running_mean", running_mean, C);
    check_numel("running_var", running_var, C);
  }
  for (const auto& [name, t] : {std::pair{"running_mean", running_mean},
                                {"running_var", running_var},
                                {"save_mean", save_mean},
                                {"save_invstd", save_invstd}})
    check_vector(name, t);
  const MemoryFormat format = norm_format(input);
  const TensorOptions param = input.options().dtype(
      batch_norm_param_dtype(input, {weight, running_mean, running_var, save_mean, save_invstd}));
  Tensor grad_input, grad_weight, grad_bias;
  if (output_mask[0]) grad_input = empty(input.sizes(), input.options().memory_format(format));
  if (output_mask[1]) grad_weight = empty({C}, param);
  if (output_mask[2]) grad_bias = empty({C}, param);
  if (input.is_meta() || !(output_mask[0] || output_mask[1] || output_mask[2]))
    return {grad_input, grad_weight, grad_bias};

  const ChannelView v = channel_view(input);
  const double count = static_cast<double>(v.N * v.S);
  const ScalarType dtype = compute_dtype(input.scalar_type());
  const Tensor x = kernel_input(input, dtype, format), dy = kernel_input(grad_out, dtype, format);
  std::vector<double> mean, invstd;
  if (train) {
    mean = doubles(save_mean, C, 0);
    invstd = doubles(save_invstd, C, 0);
  } else {
    mean = doubles(running_mean, C, 0);
    invstd = doubles(running_var, C, 0);
    for (double& s : invstd) s = 1 / std::sqrt(s + eps);
  }
  std::vector<double> sum_dy(C, 0), dot(C, 0);
  if (train || output_mask[1] || output_mask[2]) {
    const Tensor s = empty({C}, dtype), d = empty({C}, dtype);
    batch_norm_backward_reduce_stub(input.device(), dy, x, tensor_of(mean, dtype), v.N, C, v.S, s,
                                    d);
    sum_dy = doubles(s, C, 0);
    dot = doubles(d, C, 0);
  }
  if (grad_weight.defined()) {
    std::vector<double> gw(C);
    for (int64_t c = 0; c < C; ++c) gw[c] = dot[c] * invstd[c];
    grad_weight.copy_(tensor_of(gw, ScalarType::Double));
  }
  if (grad_bias.defined()) grad_bias.copy_(tensor_of(sum_dy, ScalarType::Double));
  if (grad_input.defined()) {
    const std::vector<double> w = doubles(weight, C, 1);
    std::vector<double> a(C), b(C, 0), k(C, 0);
    for (int64_t c = 0; c < C; ++c) {
      a[c] = w[c] * invstd[c];
      if (train) {
        b[c] = -w[c] * invstd[c] * invstd[c] * invstd[c] * dot[c] / count;
        k[c] = -a[c] * sum_dy[c] / count - b[c] * mean[c];
      }
    }
    into(grad_input, dtype, format, [&](const Tensor& result) {
      if (train) {
        channel_linear_stub(input.device(), result, dy, x, v.N, C, v.S, tensor_of(a, dtype),
                            tensor_of(b, dtype), tensor_of(k, dtype));
      } else {  // dy * a alone: an infinite input has no part in it
        channel_linear_stub(input.device(), result, Tensor(), dy, v.N, C, v.S, Tensor(),
                            tensor_of(a, dtype), tensor_of(k, dtype));
      }
    });
  }
  return {grad_input, grad_weight, grad_bias};
}

// ATen's _batch_norm_impl_index checks, then native_batch_norm; an empty input gives a copy.
Tensor batch_norm(const Tensor& input, const std::optional<Tensor>& weight_opt,
                  const std::optional<Tensor>& bias_opt,
                  const std::optional<Tensor>& running_mean_opt,
                  const std::optional<Tensor>& running_var_opt, bool training, double momentum,
                  double eps, bool /*cudnn_enabled*/) {
  const Tensor weight = value_of(weight_opt), bias = value_of(bias_opt);
  const Tensor running_mean = value_of(running_mean_opt), running_var = value_of(running_var_opt);
  // Before any check, as ATen's: an empty input of any rank is returned.
  if (input.numel() == 0) {
    Tensor out = input.clone();
    if (weight.defined()) out = out * weight.select(0, 0);
    if (bias.defined()) out = out + bias.select(0, 0);
    return out;
  }
  ATEN_CHECK(input.dim() >= 2, "batch_norm: expected input with at least 2 dims (N, C, ...), got ",
             input.sizes());
  const int64_t C = input.size(1);
  if (running_mean.defined()) check_numel("running_mean", running_mean, C);
  else ATEN_CHECK(training, "running_mean must be defined in evaluation mode");
  if (running_var.defined()) check_numel("running_var", running_var, C);
  else ATEN_CHECK(training, "running_var must be defined in evaluation mode");
  check_numel("weight", weight, C);
  check_numel("bias", bias, C);
  return std::get<0>(aten::native_batch_norm(input, weight_opt, bias_opt, running_mean_opt,
                                             running_var_opt, training, momentum, eps));
}

// batch_norm of input viewed as [1, N * C, ...]; the running statistics the batch's mean of
// each channel's.
Tensor instance_norm(const Tensor& input, const std::optional<Tensor>& weight_opt,
                     const std::optional<Tensor>& bias_opt,
                     const std::optional<Tensor>& running_mean_opt,
                     const std::optional<Tensor>& running_var_opt, bool use_input_stats,
                     double momentum, double eps, bool cudnn_enabled) {
  const Tensor running_mean = value_of(running_mean_opt), running_var = value_of(running_var_opt);
  ATEN_CHECK(use_input_stats || (running_mean.defined() && running_var.defined()),
             "Expected running_mean and running_var to be defined when use_input_stats is false");
  ATEN_CHECK(input.dim() >= 2,
             "instance_norm: expected input with at least 2 dims (N, C, ...), got ", input.sizes());
  std::vector<int64_t> shape(input.sizes().begin(), input.sizes().end());
  const int64_t b = input.size(0), c = input.size(1);
  shape[1] = b * c;
  shape[0] = 1;
  auto repeated = [b](const Tensor& t) -> std::optional<Tensor> {
    if (!t.defined()) return std::nullopt;
    return t.repeat({b});
  };
  const std::optional<Tensor> weight_ = repeated(value_of(weight_opt));
  const std::optional<Tensor> bias_ = repeated(value_of(bias_opt));
  const std::optional<Tensor> running_mean_ = repeated(running_mean);
  const std::optional<Tensor> running_var_ = repeated(running_var);
  const Tensor out = aten::batch_norm(input.contiguous().view(shape), weight_, bias_, running_mean_,
                                      running_var_, use_input_stats, momentum, eps, cudnn_enabled);
  if (running_mean.defined())
    running_mean.copy_(aten::mean(running_mean_->view({b, c}), {0}, false));
  if (running_var.defined()) running_var.copy_(aten::mean(running_var_->view({b, c}), {0}, false));
  return out.view(input.sizes());
}

// ---- layer norm ---------------------------------------------------------------------------------

std::tuple<Tensor, Tensor, Tensor> layer_norm_cpu(const Tensor& input, IntArrayRef normalized_shape,
                                                  const std::optional<Tensor>& weight_opt,
                                                  const std::optional<Tensor>& bias_opt,
                                                  double eps) {
  const Tensor weight = value_of(weight_opt), bias = value_of(bias_opt);
  // Plain variables, not a structured binding: lambdas below capture them (clang 14 refuses).
  const std::pair<int64_t, int64_t> rows_cols = check_layer_norm(input, normalized_shape, weight,
                                                                 bias);
  const int64_t M = rows_cols.first, N = rows_cols.second;
  check_dtype("LayerNormKernelImpl", input.scalar_type());
  check_same_dtype(input, weight, "weight");
  check_same_dtype(input, bias, "bias");
  const Tensor out = empty(input.sizes(), input.options());
  const std::vector<int64_t> stat_shape = layer_norm_stat_shape(input, normalized_shape);
  const Tensor mean = empty(stat_shape, input.options());
  const Tensor rstd = empty(stat_shape, input.options());
  if (input.is_meta() || M == 0) return {out, mean, rstd};
  const ScalarType dtype = compute_dtype(input.scalar_type());
  const Tensor x = kernel_input(input, dtype);
  const Tensor m = empty({M}, dtype), r = empty({M}, dtype);
  into(out, dtype, MemoryFormat::Contiguous, [&](const Tensor& result) {
    layer_norm_stub(input.device(), result, m, r, x, kernel_input(weight, dtype),
                    kernel_input(bias, dtype), M, N, eps);
  });
  if (N == 0) {  // ATen's: the mean of no elements 0, their variance 0 / 0
    m.fill_(0);
    r.fill_(std::numeric_limits<double>::quiet_NaN());
  }
  mean.copy_(m.view(stat_shape));
  rstd.copy_(r.view(stat_shape));
  return {out, mean, rstd};
}

std::tuple<Tensor, Tensor, Tensor> layer_norm_backward_cpu(
    const Tensor& grad_out, const Tensor& input, IntArrayRef normalized_shape, const Tensor& mean,
    const Tensor& rstd, const std::optional<Tensor>& weight_opt,
    const std::optional<Tensor>& bias_opt, std::array<bool, 3> output_mask) {
  const Tensor weight = value_of(weight_opt), bias = value_of(bias_opt);
  // Plain variables, not a structured binding: lambdas below capture them (clang 14 refuses).
  const std::pair<int64_t, int64_t> rows_cols = check_layer_norm(input, normalized_shape, weight,
                                                                 bias);
  const int64_t M = rows_cols.first, N = rows_cols.second;
  check_dtype("LayerNormBackwardKernelImpl", input.scalar_type());
  check_same_dtype(input, weight, "weight");
  check_same_dtype(input, bias, "bias");
  ATEN_CHECK(grad_out.sizes() == input.sizes(), "layer_norm_backward: expected grad_out of size ",
             input.sizes(), " (input's), got ", grad_out.sizes());
  check_same_dtype(input, grad_out, "grad_out");
  ATEN_CHECK(mean.numel() == M && rstd.numel() == M,
             "layer_norm_backward: expected mean and rstd of ", M, " elements, got ", mean.numel(),
             " and ", rstd.numel());
  const TensorOptions param = input.options().dtype(weight.defined() ? weight.scalar_type()
                                                                     : input.scalar_type());
  Tensor dx, dw, db;
  if (output_mask[0]) dx = empty(input.sizes(), input.options());
  if (output_mask[1]) dw = empty(normalized_shape, param);
  if (output_mask[2]) db = empty(normalized_shape, param);
  if (input.is_meta()) return {dx, dw, db};
  if (M == 0 || N == 0) {
    if (dw.defined()) dw.zero_();
    if (db.defined()) db.zero_();
    return {dx, dw, db};
  }
  const ScalarType dtype = compute_dtype(input.scalar_type());
  const Tensor x = kernel_input(input, dtype), g = kernel_input(grad_out, dtype);
  const Tensor m = kernel_input(mean, dtype), r = kernel_input(rstd, dtype);
  const Tensor w = kernel_input(weight, dtype);
  auto temp = [&](const Tensor& t) {
    return !t.defined()                                    ? t
           : t.scalar_type() == dtype && t.is_contiguous() ? t
                                                           : empty(t.sizes(), dtype);
  };
  const Tensor dx_k = temp(dx), dw_k = temp(dw), db_k = temp(db);
  layer_norm_backward_stub(input.device(), dx_k, dw_k, db_k, g, x, m, r, w, M, N);
  for (auto [t, k] : {std::pair{dx, dx_k}, {dw, dw_k}, {db, db_k}})
    if (t.defined() && !t.is_same(k)) t.copy_(k);
  return {dx, dw, db};
}

Tensor layer_norm(const Tensor& input, IntArrayRef normalized_shape,
                  const std::optional<Tensor>& weight, const std::optional<Tensor>& bias,
                  double eps, bool /*cudnn_enable*/) {
  return std::get<0>(aten::native_layer_norm(input, normalized_shape, weight, bias, eps));
}

// ---- group norm ---------------------------------------------------------------------------------

std::tuple<Tensor, Tensor, Tensor> group_norm_cpu(const Tensor& input,
                                                  const std::optional<Tensor>& weight_opt,
                                                  const std::optional<Tensor>& bias_opt, int64_t N,
                                                  int64_t C, int64_t HxW, int64_t group,
                                                  double eps) {
  const Tensor weight = value_of(weight_opt), bias = value_of(bias_opt);
  check_group_norm(input, weight, bias, N, C, HxW, group, true);
  check_dtype("GroupNormKernelImpl", input.scalar_type());
  check_same_dtype(input, weight, "weight");
  check_same_dtype(input, bias, "bias");
  const MemoryFormat format = group_norm_format(input);
  // ATen's kernel reads the input in its memory format, and refuses any other layout.
  ATEN_CHECK(input.is_contiguous(format),
             "native_group_norm: expected an input contiguous in its memory format, got sizes ",
             input.sizes(), " and strides ", input.strides());
  const Tensor out = empty(input.sizes(), input.options().memory_format(format));
  const Tensor mean = empty({N, group}, input.options());
  const Tensor rstd = empty({N, group}, input.options());
  if (input.is_meta() || N * group == 0) return {out, mean, rstd};
  const ScalarType dtype = compute_dtype(input.scalar_type());
  const Tensor x = kernel_input(input, dtype);
  const Tensor m = empty({N, group}, dtype), r = empty({N, group}, dtype);
  const Tensor y = empty(input.sizes(), dtype);
  group_norm_stub(input.device(), y, m, r, x, kernel_input(weight, dtype),
                  kernel_input(bias, dtype), N, C, HxW, group, eps);
  if (out.numel() > 0) out.copy_(y);
  mean.copy_(m);
  rstd.copy_(r);
  return {out, mean, rstd};
}

std::tuple<Tensor, Tensor, Tensor> group_norm_backward_cpu(
    const Tensor& grad_out, const Tensor& input, const Tensor& mean, const Tensor& rstd,
    const std::optional<Tensor>& weight_opt, int64_t N, int64_t C, int64_t HxW, int64_t group,
    std::array<bool, 3> output_mask) {
  const Tensor weight = value_of(weight_opt);
  check_group_norm(input, weight, Tensor(), N, C, HxW, group, false);
  check_dtype("GroupNormBackwardKernelImpl", input.scalar_type());
  check_same_dtype(input, weight, "weight");
  ATEN_CHECK(grad_out.sizes() == input.sizes(), "group_norm_backward: expected grad_out of size ",
             input.sizes(), " (input's), got ", grad_out.sizes());
  check_same_dtype(input, grad_out, "grad_out");
  ATEN_CHECK(mean.numel() == N * group && rstd.numel() == N * group,
             "group_norm_backward: expected mean and rstd of N * group = ", N * group,
             " elements, got ", mean.numel(), " and ", rstd.numel());
  const TensorOptions param = input.options().dtype(weight.defined() ? weight.scalar_type()
                                                                     : input.scalar_type());
  Tensor dx, dw, db;
  if (output_mask[0])
    dx = empty(input.sizes(), input.options().memory_format(group_norm_format(input)));
  // Both shaped like weight, as ATen allocates them (weight may be any shape of C elements).
  const std::vector<int64_t> param_sizes = weight.defined()
                                               ? std::vector<int64_t>(weight.sizes().begin(),
                                                                      weight.sizes().end())
                                               : std::vector<int64_t>{C};
  if (output_mask[1]) dw = empty(param_sizes, param);
  if (output_mask[2]) db = empty(param_sizes, param);
  if (input.is_meta()) return {dx, dw, db};
  if (N * C * HxW == 0) {
    if (dw.defined()) dw.zero_();
    if (db.defined()) db.zero_();
    return {dx, dw, db};
  }
  const ScalarType dtype = compute_dtype(input.scalar_type());
  const Tensor x = kernel_input(input, dtype), g = kernel_input(grad_out, dtype);
  const Tensor m = kernel_input(mean, dtype), r = kernel_input(rstd, dtype);
  const Tensor dx_k = dx.defined() ? empty(input.sizes(), dtype) : Tensor();
  const Tensor dw_k = dw.defined() ? empty({C}, dtype) : Tensor();
  const Tensor db_k = db.defined() ? empty({C}, dtype) : Tensor();
  group_norm_backward_stub(input.device(), dx_k, dw_k, db_k, g, x, m, r,
                           kernel_input(weight, dtype), N, C, HxW, group);
  if (dx.defined()) dx.copy_(dx_k);
  if (dw.defined()) dw.copy_(dw_k);
  if (db.defined()) db.copy_(db_k);
  return {dx, dw, db};
}

// ATen's group_norm: the checks, then native_group_norm of the input in its memory format.
Tensor group_norm(const Tensor& input, int64_t num_groups, const std::optional<Tensor>& weight,
                  const std::optional<Tensor>& bias, double eps, bool /*cudnn_enabled*/) {
  ATEN_CHECK(input.dim() >= 2, "group_norm: expected input with at least 2 dims (N, C, ...), got ",
             input.sizes());
  const int64_t N = input.size(0), C = input.size(1);
  check_group_norm(input, value_of(weight), value_of(bias), N, C, numel_from(input.sizes(), 2),
                   num_groups, true);
  const Tensor x = input.contiguous(group_norm_format(input));
  return std::get<0>(aten::native_group_norm(x, weight, bias, N, C, numel_from(input.sizes(), 2),
                                             num_groups, eps));
}

}  // namespace aten::native
