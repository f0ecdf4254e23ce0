#include "Inputs.h"

#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/empty.h>
#include <aten/ops/t.h>
#include <aten/ops/view.h>

#include <algorithm>
#include <numeric>
#include <random>

namespace aten::optest {

// One value of `values` for dtype. A quarter come from a coarse grid (multiples of 1/2) so
// that ties, exact integers and equal pairs occur; the rest are spread over the range.
double draw_value(Values values, ScalarType dtype, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  if (dtype == ScalarType::Bool)
    return values == Values::positive || values == Values::nonzero ? 1.0 : (rng() & 1);
  const bool integral = isIntegralType(dtype, false);
  const bool is_unsigned = dtype == ScalarType::Byte;
  double lo = -3, hi = 3;
  switch (values) {
    case Values::any:
      lo = integral ? -9 : -3;
      hi = integral ? 9 : 3;
      break;
    case Values::positive:
      lo = integral ? 1 : 0.125;
      hi = integral ? 9 : 4;
      break;
    case Values::nonzero:
      lo = integral ? 1 : 0.25;
      hi = integral ? 9 : 3;
      break;
    case Values::unit:
      lo = integral ? -1 : -0.96875;
      hi = integral ? 1 : 0.96875;
      break;
    case Values::small:
      lo = integral ? -3 : -1.5;
      hi = integral ? 3 : 1.5;
      break;
  }
  if (is_unsigned) lo = std::max(lo, values == Values::nonzero ? 1.0 : 0.0);
  double v;
  if (integral) {
    v = std::floor(lo + unit(rng) * (hi - lo + 1));
    v = std::min(v, hi);
  } else if ((rng() & 3) == 0) {
    v = std::round((lo + unit(rng) * (hi - lo)) * 2) / 2;
    v = std::clamp(v, lo, hi);
  } else {
    v = lo + unit(rng) * (hi - lo);
  }
  if (values == Values::nonzero) {
    if (v == 0) v = integral ? 1 : 0.25;
    if (!is_unsigned && (rng() & 1)) v = -v;
  }
  return v;
}

namespace {

Shape shape_under(const OpCase& c, size_t k, Layout layout) {
  Shape s = c.inputs[k].shape;
  switch (layout) {
    case Layout::zero_size:
      if (!s.empty()) s[0] = 0;
      break;
    case Layout::zero_dim:
      s.clear();
      break;
    case Layout::large:
      if (!s.empty()) {
        const int64_t rest = std::max<int64_t>(1, numel_of(s) / std::max<int64_t>(1, s[0]));
        s[0] = (int64_t{1} << 16) / rest + 1;
      }
      break;
    case Layout::broadcast:
      // Pointwise: input k >= 1 has dim (k - 1) of size 1, so every input broadcasts along a
      // different dim. Others: the shape stays, and the input becomes an expand.
      if (c.pointwise && c.inputs.size() > 1 && k > 0 && !s.empty()) s[(k - 1) % s.size()] = 1;
      break;
    default:
      break;
  }
  return s;
}

Shape reversed(Shape s) {
  std::reverse(s.begin(), s.end());
  return s;
}

}  // namespace

std::optional<Tensors> make_inputs(const OpCase& c, ScalarType dtype, Layout layout,
                                   uint64_t seed) {
  Tensors out;
  bool any_changed = layout == Layout::contiguous;
  for (size_t k = 0; k < c.inputs.size(); ++k) {
    const Input& in = c.inputs[k];
    const ScalarType t = dtype_of(in, dtype);
    const Shape s = shape_under(c, k, layout);
    const int64_t rank = static_cast<int64_t>(s.size());
    const TensorOptions opts(t);
    // The tensor the values are written into, and the view of it the op gets.
    Tensor base, view;
    if (layout == Layout::transposed && rank >= 2) {
      base = empty(reversed(s), opts);
      std::vector<int64_t> dims(rank);
      std::iota(dims.rbegin(), dims.rend(), 0);
      view = base.permute(dims);
      any_changed = true;
    } else if (layout == Layout::sliced && rank >= 1 && s.back() > 0) {
      Shape wide = s;
      wide.back() = 2 * s.back() + 1;
      base = empty(wide, opts);
      view = base.slice(rank - 1, 1, wide.back(), 2);
      any_changed = true;
    } else if (layout == Layout::broadcast && !(c.pointwise && c.inputs.size() > 1) && rank >= 1 &&
               s[0] > 1) {
      Shape one = s;
      one[0] = 1;
      base = empty(one, opts);
      view = base.expand(s);
      any_changed = true;
    } else {
      base = view = empty(s, opts);
      any_changed = any_changed || s != in.shape;
    }
    std::mt19937_64 rng(seed * 1000003 + k);
    int64_t i = 0;
    // Expanded inputs get their values through the base: one per distinct element.
    const Tensor& target = view.is_same(base) || layout != Layout::broadcast ? view : base;
    for_each_index(Shape(target.sizes().begin(), target.sizes().end()), [&](const Shape& idx) {
      double re = in.custom ? in.custom(i) : draw_value(in.values, t, rng);
      double im = isComplexType(t) && !in.custom ? draw_value(in.values, ScalarType::Double, rng)
                                                 : 0.0;
      write_element(target, idx, {re, im});
      ++i;
    });
    out.push_back(view);
  }
  if (!any_changed) return std::nullopt;
  return out;
}

}  // namespace aten::optest
