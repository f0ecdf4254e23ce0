// normal with a tensor mean and/or std (normal.Tensor_float, normal.float_Tensor,
// normal.Tensor_Tensor) and normal of a new tensor of a given size (normal.float_float), each
// with its out= form. The values are composed as ATen composes them: normal_ draws into the
// result (its stream layout, element i of the result in row-major order), then a std tensor
// scales it and mean shifts it, broadcast. These are composites, so on Meta the same calls give
// the geometry and draw nothing. Every check comes before the result is resized or drawn into,
// so a refused call leaves out= as it was.
#include <aten/core/Generator.h>
#include <aten/core/TypePromotion.h>
#include <aten/iterator/Broadcast.h>
#include <aten/ops/empty.h>
#include <aten/ops/normal.h>
#include <aten/ops/normal_dtypes.h>
#include <aten/ops/normal_native.h>
#include <aten/ops/to.h>
#include <aten/structured/StructuredOutputs.h>

namespace aten::native {

namespace {

void check_std(double std) {
  ATEN_CHECK(std >= 0.0, "normal expects std >= 0.0, but found std ", std);
}

// ATen's checks of a std tensor: real, and every element >= 0 (NaN is not). A Meta std has no
// values to check.
void check_std(const Tensor& std) {
  ATEN_CHECK(!isComplexType(std.scalar_type()),
             "normal expects standard deviation to be non-complex");
  if (std.is_meta() || std.numel() == 0) return;
  const Tensor values = std.to(kDouble).contiguous();
  const double* p = values.data_ptr<double>();
  for (int64_t i = 0; i < values.numel(); ++i)
    ATEN_CHECK(p[i] >= 0.0, "normal expects all elements of std >= 0.0");
}

// A mean or std that is a tensor, or a number.
struct Parameter {
  const Tensor* tensor = nullptr;
  double value = 0;
};

// What out must be for mean + std * z to be written into it: of a dtype normal_ draws, on the
// parameter tensors' device, and able to hold their result type (a complex mean cannot go into a
// real out).
void check_result(const Tensor& out, const Parameter& mean, const Parameter& std) {
  const ScalarType t = out.scalar_type();
  ATEN_DISPATCH_normal_TYPES(t, [] {});
  for (const Parameter* p : {&mean, &std}) {
    if (p->tensor == nullptr) continue;
    ATEN_CHECK(p->tensor->device() == out.device(),
               "Expected all tensors to be on the same device, but found at least two devices, ",
               out.device(), " and ", p->tensor->device(), "!");
    const ScalarType result = promote_types(t, p->tensor->scalar_type());
    ATEN_CHECK(can_cast(result, t), "result type ", result,
               " can't be cast to the desired output type ", t);
  }
}

// out, resized to `shape`, gets mean + std * z for standard normals z (std * z drawn by normal_
// when std is a number; both numbers: normal_ itself).
Tensor& normal_into(Tensor& out, IntArrayRef shape, const Parameter& mean, const Parameter& std,
                    const std::optional<Generator>& generator) {
  check_result(out, mean, std);
  detail::resize_out(out, shape, {}, out.options());
  if (mean.tensor == nullptr && std.tensor == nullptr)
    return aten::normal_(out, mean.value, std.value, generator);
  if (std.tensor != nullptr) {
    aten::normal_(out, 0, 1, generator);
    out.mul_(*std.tensor);
  } else {
    aten::normal_(out, 0, std.value, generator);
  }
  if (mean.tensor != nullptr) return out.add_(*mean.tensor);
  return out.add_(mean.value);
}

Tensor contiguous_like(const Tensor& t, IntArrayRef shape) {
  return aten::empty(shape, t.options(), MemoryFormat::Contiguous);
}

}  // namespace

// ATen's Tensor_float_out takes out's current shape into the broadcast with mean (so an empty
// out= is an error there); here the result has mean's shape, as the functional form's.
Tensor& normal_out(const Tensor& mean, double std, const std::optional<Generator>& generator,
                   Tensor& out) {
  check_std(std);
  return normal_into(out, mean.sizes(), {&mean}, {nullptr, std}, generator);
}

Tensor normal(const Tensor& mean, double std, const std::optional<Generator>& generator) {
  check_std(std);
  Tensor result = contiguous_like(mean, mean.sizes());
  return normal_into(result, mean.sizes(), {&mean}, {nullptr, std}, generator);
}

Tensor& normal_out(double mean, const Tensor& std, const std::optional<Generator>& generator,
                   Tensor& out) {
  check_std(std);
  return normal_into(out, std.sizes(), {nullptr, mean}, {&std}, generator);
}

Tensor normal(double mean, const Tensor& std, const std::optional<Generator>& generator) {
  check_std(std);
  Tensor result = contiguous_like(std, std.sizes());
  return normal_into(result, std.sizes(), {nullptr, mean}, {&std}, generator);
}

Tensor& normal_out(const Tensor& mean, const Tensor& std, const std::optional<Generator>& generator,
                   Tensor& out) {
  check_std(std);
  return normal_into(out, infer_size(mean.sizes(), std.sizes()), {&mean}, {&std}, generator);
}

Tensor normal(const Tensor& mean, const Tensor& std, const std::optional<Generator>& generator) {
  check_std(std);
  const DimVector shape = infer_size(mean.sizes(), std.sizes());
  Tensor result = contiguous_like(mean, shape);
  return normal_into(result, shape, {&mean}, {&std}, generator);
}

// No dtype (None) is Float, ATen's default dtype.
Tensor normal(double mean, double std, IntArrayRef size, const std::optional<Generator>& generator,
              std::optional<ScalarType> dtype, std::optional<Layout> layout,
              std::optional<Device> device, std::optional<bool> pin_memory) {
  check_std(std);
  ATEN_DISPATCH_normal_TYPES(dtype.value_or(kFloat), [] {});
  Tensor result = aten::empty(size, dtype, layout, device, pin_memory, std::nullopt);
  return aten::normal_(result, mean, std, generator);
}

Tensor& normal_out(double mean, double std, IntArrayRef size,
                   const std::optional<Generator>& generator, Tensor& out) {
  check_std(std);
  return normal_into(out, size, {nullptr, mean}, {nullptr, std}, generator);
}

}  // namespace aten::native
