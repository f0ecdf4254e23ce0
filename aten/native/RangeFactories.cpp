// arange and linspace. The functional forms choose the dtype and call the out= kernel, which
// sizes the result (CPU and Meta share the kernel; only CPU writes values). Values follow
// ATen's formulas so that results agree with it element for element.
#include <aten/core/Convert.h>
#include <aten/core/MemoryOverlap.h>
#include <aten/core/ReducedFloat.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/arange.h>
#include <aten/ops/arange_dtypes.h>
#include <aten/ops/arange_native.h>
#include <aten/ops/empty.h>
#include <aten/ops/linspace.h>
#include <aten/ops/linspace_dtypes.h>
#include <aten/ops/linspace_native.h>
#include <aten/structured/StructuredOutputs.h>

#include <cmath>
#include <limits>
#include <type_traits>

namespace aten::native {

namespace {

// out, a 1-d tensor of n elements: an empty out is resized, one of another shape is an error
// (as for every out= in MiniATen; ATen resizes it with a warning).
void resize_1d(const Tensor& out, int64_t n) { detail::resize_out(out, {n}, {}, out.options()); }

// Writes f(i) to element i of a 1-d CPU tensor, in parallel.
template <typename scalar_t, typename F>
void write_1d(const Tensor& out, F f) {
  scalar_t* p = out.data_ptr<scalar_t>();
  const int64_t stride = out.stride(0);
  parallel_for(0, out.numel(), GRAIN_SIZE, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) p[i * stride] = f(i);
  });
}

// The type arange computes in (ATen's CPU accumulate types): int64 for integers, float for
// Half and BFloat16, double for Float and Double.
template <typename T>
using arange_acc_t = std::conditional_t<std::is_integral_v<T>, int64_t,
                                        std::conditional_t<ReducedFloat<T>, float, double>>;

// ceil((end - start) / step) with ATen's checks. Long bounds are counted exactly in integers
// (a double cannot hold every int64); every other dtype counts in double.
template <typename scalar_t>
int64_t arange_size(const Scalar& start, const Scalar& end, const Scalar& step) {
  using acc_t = arange_acc_t<scalar_t>;
  const acc_t xstart = start.to<acc_t>(), xend = end.to<acc_t>(), xstep = step.to<acc_t>();
  ATEN_CHECK(xstep > 0 || xstep < 0, "step must be nonzero");
  ATEN_CHECK(std::isfinite(static_cast<double>(xstart)) && std::isfinite(static_cast<double>(xend)),
             "unsupported range: ", xstart, " -> ", xend);
  ATEN_CHECK((xstep > 0 && xend >= xstart) || (xstep < 0 && xend <= xstart),
             "upper bound and larger bound inconsistent with step sign (start ", xstart, ", end ",
             xend, ", step ", xstep, ")");
  if constexpr (std::is_same_v<scalar_t, int64_t>) {
    // In 128 bits, so that bounds near the int64 limits cannot overflow.
    const __int128 span = static_cast<__int128>(xend) - xstart;
    const __int128 n = (span + xstep - (xstep > 0 ? 1 : -1)) / xstep;
    ATEN_CHECK(n <= std::numeric_limits<int64_t>::max(), "invalid size, possible overflow?");
    return static_cast<int64_t>(n);
  } else {
    const double n = std::ceil((end.to<double>() - start.to<double>()) / step.to<double>());
    ATEN_CHECK(n >= 0 && n <= static_cast<double>(std::numeric_limits<int64_t>::max()),
               "invalid size, possible overflow?");
    return static_cast<int64_t>(n);
  }
}

// The type linspace steps in: double for integers (the range may exceed the dtype), float for
// Half/BFloat16, the dtype itself otherwise.
template <typename T>
using linspace_step_t = std::conditional_t<std::is_integral_v<T>, double,
                                           std::conditional_t<ReducedFloat<T>, float, T>>;

ScalarType default_range_dtype(std::initializer_list<const Scalar*> values) {
  bool integral = true;
  for (const Scalar* v : values) integral = integral && isIntegralType(v->type(), true);
  return integral ? ScalarType::Long : ScalarType::Float;
}

}  // namespace

// ---- arange ---------------------------------------------------------------------------------

Tensor arange(const Scalar& start, const Scalar& end, const Scalar& step,
              std::optional<ScalarType> dtype, std::optional<Layout> layout,
              std::optional<Device> device, std::optional<bool> pin_memory) {
  // Integer (or bool) bounds and step give Long, anything else the default dtype, Float.
  const ScalarType t = dtype.value_or(default_range_dtype({&start, &end, &step}));
  Tensor result = aten::empty({0}, t, layout, device, pin_memory, std::nullopt);
  return aten::arange_out(result, start, end, step);
}

Tensor arange(const Scalar& end, std::optional<ScalarType> dtype, std::optional<Layout> layout,
              std::optional<Device> device, std::optional<bool> pin_memory) {
  return native::arange(0, end, 1, dtype, layout, device, pin_memory);
}

Tensor arange(const Scalar& start, const Scalar& end, std::optional<ScalarType> dtype,
              std::optional<Layout> layout, std::optional<Device> device,
              std::optional<bool> pin_memory) {
  return native::arange(start, end, 1, dtype, layout, device, pin_memory);
}

Tensor& arange_out(const Scalar& end, Tensor& out) { return aten::arange_out(out, 0, end, 1); }

Tensor& arange_out(const Scalar& start, const Scalar& end, const Scalar& step, Tensor& out) {
  ATEN_DISPATCH_arange_TYPES(out.scalar_type(), [&] {
    resize_1d(out, arange_size<scalar_t>(start, end, step));
    if (out.is_meta()) return;
    using acc_t = arange_acc_t<scalar_t>;
    const acc_t xstart = start.to<acc_t>(), xstep = step.to<acc_t>();
    write_1d<scalar_t>(
        out, [=](int64_t i) { return convert<scalar_t>(xstart + xstep * static_cast<acc_t>(i)); });
  });
  return out;
}

// ---- linspace -------------------------------------------------------------------------------

Tensor linspace(const Scalar& start, const Scalar& end, int64_t steps,
                std::optional<ScalarType> dtype, std::optional<Layout> layout,
                std::optional<Device> device, std::optional<bool> pin_memory) {
  ATEN_CHECK(steps >= 0, "number of steps must be non-negative, got ", steps);
  const bool complex = start.type() == ScalarType::ComplexDouble ||
                       end.type() == ScalarType::ComplexDouble;
  // ATen infers ComplexFloat from complex bounds and refuses a real dtype that would drop it.
  ATEN_CHECK(!complex || !dtype || isComplexType(*dtype), "linspace(): inferred dtype ",
             ScalarType::ComplexFloat, " can't be safely cast to passed dtype ", *dtype);
  const ScalarType t = dtype.value_or(complex ? ScalarType::ComplexFloat : ScalarType::Float);
  Tensor result = aten::empty({steps}, t, layout, device, pin_memory, std::nullopt);
  return aten::linspace_out(result, start, end, steps);
}

// ATen's symmetric formula: the first half steps up from start, the second half steps down
// from end, so both ends are exact and the values are symmetric about the middle.
Tensor& linspace_out(const Scalar& start, const Scalar& end, int64_t steps, Tensor& out) {
  ATEN_CHECK(steps >= 0, "number of steps must be non-negative, got ", steps);
  ATEN_DISPATCH_linspace_TYPES(out.scalar_type(), [&] {
    const scalar_t s = start.to<scalar_t>(), e = end.to<scalar_t>();
    // ATen resizes out only when its element count differs from steps, so an empty out of any
    // shape stays as it is for 0 steps.
    if (!(steps == 0 && out.numel() == 0)) resize_1d(out, steps);
    if (steps == 0) return;
    assert_no_internal_overlap(out);  // an expanded out= (ATen's iterator refuses it too)
    if (out.is_meta()) return;
    using step_t = linspace_step_t<scalar_t>;
    const step_t first = static_cast<step_t>(s), last = static_cast<step_t>(e);
    const step_t step = steps == 1 ? step_t(0) : (last - first) / static_cast<step_t>(steps - 1);
    // One step is start itself (ATen fills with start), so its only element is in the first half.
    const int64_t halfway = steps == 1 ? 1 : steps / 2;
    write_1d<scalar_t>(out, [=](int64_t i) {
      return convert<scalar_t>(i < halfway ? first + step * static_cast<step_t>(i)
                                           : last - step * static_cast<step_t>(steps - i - 1));
    });
  });
  return out;
}

}  // namespace aten::native
