#include "Compare.h"

#include "Tolerance.h"

#include <aten/OpManifest.h>

#include <algorithm>
#include <cmath>
#include <sstream>

namespace aten::optest {

const std::string& case_name(const OpCase& c) { return c.name; }

std::vector<ScalarType> declared_dtypes(const OpCase& c) {
  if (!c.dtypes.empty()) return c.dtypes;
  auto base_name = [](std::string_view name) {
    while (name.ends_with('_')) name.remove_suffix(1);
    return name;
  };
  const std::string& first = c.overloads.at(0);
  const std::string_view name = base_name(std::string_view(first).substr(0, first.find('.')));
  for (const manifest::Overload& o : manifest::kOverloads)
    if (base_name(o.name) == name && !o.dtypes.empty()) return {o.dtypes.begin(), o.dtypes.end()};
  return {};
}

std::vector<ScalarType> dtypes_run(const OpCase& c) {
  std::vector<ScalarType> dtypes = declared_dtypes(c);
  for (ScalarType t : c.promoted_dtypes)
    if (std::find(dtypes.begin(), dtypes.end(), t) == dtypes.end()) dtypes.push_back(t);
  return dtypes;
}

bool runs_layout(const OpCase& c, Layout layout) {
  return std::find(c.skip_layouts.begin(), c.skip_layouts.end(), layout) == c.skip_layouts.end();
}

std::string describe(const Shape& idx) {
  std::ostringstream s;
  s << '[';
  for (size_t i = 0; i < idx.size(); ++i) s << (i ? ", " : "") << idx[i];
  return s.str() + ']';
}

std::string describe(std::complex<double> v) {
  std::ostringstream s;
  s.precision(17);
  if (v.imag() == 0) s << v.real();
  else s << v;
  return s.str();
}

namespace {

bool close(std::complex<double> got, std::complex<double> want, const Tolerance& tol) {
  auto close_real = [&](double g, double w) {
    if (std::isnan(w)) return std::isnan(g);
    if (std::isinf(w)) return g == w;
    return std::fabs(g - w) <= tol.atol + tol.rtol * std::fabs(w);
  };
  // A finite complex value is close within the tolerance of its modulus, as torch.isclose
  // measures it: a part much smaller than the modulus (the imaginary part of z^7 near the real
  // axis) carries the rounding error of the whole value.
  if (std::isfinite(want.real()) && std::isfinite(want.imag()))
    return std::abs(got - want) <= tol.atol + tol.rtol * std::abs(want);
  return close_real(got.real(), want.real()) && close_real(got.imag(), want.imag());
}

}  // namespace

std::optional<std::string> mismatch(const Tensor& got, const RefTensor& want, double scale,
                                    int max_reported) {
  std::ostringstream out;
  if (!got.defined()) return "undefined";
  if (got.scalar_type() != want.dtype) {
    out << "dtype " << got.scalar_type() << ", expected " << want.dtype;
    return out.str();
  }
  if (Shape(got.sizes().begin(), got.sizes().end()) != want.sizes) {
    out << "shape " << got.sizes() << ", expected " << describe(want.sizes);
    return out.str();
  }
  int failures = 0;
  if (want.support) {
    for_each_index(want.sizes, [&](const Shape& idx) {
      const std::complex<double> g = read_element(got, idx);
      const bool inside = want.support(g.real()) &&
                          (!isComplexType(want.dtype) || want.support(g.imag()));
      if (failures < max_reported && !inside)
        out << (failures++ ? "; " : "") << "at " << describe(idx) << ": got " << describe(g)
            << ", outside the distribution's support";
    });
    if (failures == 0) return std::nullopt;
    return out.str();
  }
  const Tolerance tol = tolerance_for(want.dtype, scale);
  size_t i = 0;
  for_each_index(want.sizes, [&](const Shape& idx) {
    const std::complex<double> g = read_element(got, idx), w = want.at(idx);
    Tolerance t = tol;
    if (!want.magnitudes.empty()) t.atol = std::max(t.atol, t.rtol * want.magnitudes[i]);
    ++i;
    if (failures < max_reported && !close(g, w, t)) {
      out << (failures++ ? "; " : "") << "at " << describe(idx) << ": got " << describe(g)
          << ", expected " << describe(w);
    }
  });
  if (failures == 0) return std::nullopt;
  return out.str();
}

bool same_values(const RefTensor& a, const RefTensor& b) {
  if (a.sizes != b.sizes || a.values.size() != b.values.size()) return false;
  for (size_t i = 0; i < a.values.size(); ++i) {
    const auto x = a.values[i], y = b.values[i];
    const bool both_nan = std::isnan(x.real()) && std::isnan(y.real());
    if (!(x == y) && !both_nan) return false;
  }
  return true;
}

bool has_internal_overlap(const Tensor& t) {
  for (int64_t d = 0; d < t.dim(); ++d)
    if (t.strides()[d] == 0 && t.sizes()[d] > 1) return true;
  return false;
}

}  // namespace aten::optest
