#include "Compare.h"

#include <aten/core/Formatting.h>

#include <cmath>
#include <complex>
#include <functional>
#include <sstream>

namespace aten::conformance {

namespace {

std::string shape_str(IntArrayRef s) {
  std::ostringstream os;
  os << "[";
  for (size_t i = 0; i < s.size(); ++i) os << (i ? ", " : "") << s[i];
  os << "]";
  return os.str();
}

template <typename T>
std::complex<double> to_complex(const T& v) {
  if constexpr (requires { v.real(); }) {
    return {static_cast<double>(v.real()), static_cast<double>(v.imag())};
  } else {
    return {static_cast<double>(v), 0.0};
  }
}

// Element `offset` (in elements, from the data pointer) of t as a complex<double>: exact for
// every dtype.
std::complex<double> read(const Tensor& t, int64_t offset) {
  const void* p = static_cast<const char*>(t.data_ptr()) + offset * t.element_size();
  switch (t.scalar_type()) {
#define ATEN_READ(T, name) \
  case ScalarType::name:   \
    return to_complex(*static_cast<const T*>(p));
    ATEN_FORALL_SCALAR_TYPES_WITH_CPP_TYPE(ATEN_READ)
#undef ATEN_READ
    default:
      return {};
  }
}

bool same_real(double a, double b, double tol) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  if (a == b) return tol > 0 || std::signbit(a) == std::signbit(b);
  if (std::isinf(a) || std::isinf(b)) return false;
  return std::abs(a - b) <= tol;
}

// Calls f(offset_a, offset_b) for every element of two tensors of the same sizes.
template <typename F>
void for_each_element(const Tensor& a, const Tensor& b, F f) {
  const int64_t rank = a.dim();
  std::vector<int64_t> idx(rank, 0);
  const int64_t n = a.numel();
  for (int64_t k = 0; k < n; ++k) {
    int64_t oa = 0, ob = 0;
    for (int64_t d = 0; d < rank; ++d) {
      oa += idx[d] * a.strides()[d];
      ob += idx[d] * b.strides()[d];
    }
    if (!f(oa, ob)) return;
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (++idx[d] < a.sizes()[d]) break;
      idx[d] = 0;
    }
  }
}

// The bound of op `call.overload` for a return or written argument (Tolerance.cpp).
std::function<double(double)> forward_bound(const Call& call, ScalarType result) {
  const std::string base = call.overload.substr(0, call.overload.find('.'));
  std::string op_name = base.back() == '_' ? base.substr(0, base.size() - 1) : base;
  // With an alpha other than 1, add and sub are a multiply-add, which the libraries round
  // differently (fused or not). (The products' alpha, addmm's or baddbmm's, is within their sum
  // bound.)
  for (const Arg& arg : call.args) {
    if ((op_name == "add" || op_name == "sub") && arg.name == "alpha" && arg.value.is<Scalar>() &&
        arg.value.get<Scalar>().toComplexDouble() != std::complex<double>(1)) {
      op_name += "_alpha";
    }
  }
  // The bound is in units of the least precise floating dtype involved: exp of a Float tensor
  // into a Double out= is computed in Float.
  ScalarType precision = result;
  for (const Arg& arg : call.args) {
    auto consider = [&](const TensorArg& t) {
      // Integral inputs of a floating op compute in Float.
      const ScalarType c = isIntegralType(t.dtype, true) ? ScalarType::Float : t.dtype;
      if (tolerance(op_name, c, 0, 1, 1) > tolerance(op_name, precision, 0, 1, 1)) precision = c;
    };
    if (arg.is_tensor) consider(arg.tensor);
    for (const TensorArg& t : arg.tensors) consider(t);
  }
  // Exact ops need no scale (materialising the inputs again is most of a comparison's time).
  if (tolerance(op_name, precision, 1, 1, 1) == 0) return [](double) { return 0.0; };
  const Scale scale = input_scale(call);
  return [op_name, precision, scale](double expected) {
    return tolerance(op_name, precision, scale.magnitude, scale.n, expected);
  };
}

std::optional<Disagreement> compare_tensor(const Call& call, const std::string& what,
                                           const Tensor& a, const Tensor& b, bool check_strides) {
  if (a.defined() && b.defined() && a.scalar_type() == b.scalar_type() && a.sizes() == b.sizes() &&
      !a.is_meta() && a.numel() > 0) {
    return compare_tensors(what, a, b, check_strides, forward_bound(call, a.scalar_type()));
  }
  return compare_tensors(what, a, b, check_strides, [](double) { return 0.0; });
}

std::optional<Disagreement> compare_value(const Call& call, const std::string& what,
                                          const IValue& a, const IValue& b) {
  if (a.is<Tensor>() && b.is<Tensor>()) {
    return compare_tensor(call, what, a.get<Tensor>(), b.get<Tensor>(), true);
  }
  if (a.is<std::vector<Tensor>>() && b.is<std::vector<Tensor>>()) {
    const auto& x = a.get<std::vector<Tensor>>();
    const auto& y = b.get<std::vector<Tensor>>();
    if (x.size() != y.size()) return Disagreement{"returns", what + ": list lengths differ"};
    for (size_t i = 0; i < x.size(); ++i)
      if (auto d = compare_tensor(call, what + "[" + std::to_string(i) + "]", x[i], y[i], true))
        return d;
    return std::nullopt;
  }
  if (a.is<bool>() && b.is<bool>()) {
    if (a.get<bool>() == b.get<bool>()) return std::nullopt;
    return Disagreement{"values", what + ": " + (a.get<bool>() ? "true" : "false") +
                                      " vs libtorch's " + (b.get<bool>() ? "true" : "false")};
  }
  return Disagreement{"returns", what + ": a " + a.kind_name() + " vs libtorch's " + b.kind_name()};
}

}  // namespace

Scale input_scale(const Call& call) {
  Scale s;
  auto visit = [&](const TensorArg& t) {
    const Tensor x = materialize(t);
    s.n = std::max(s.n, x.numel());
    if (x.numel() == 0) return;
    for_each_element(x, x, [&](int64_t o, int64_t) {
      const std::complex<double> v = read(x, o);
      const double m = std::abs(v);
      if (std::isfinite(m)) s.magnitude = std::max(s.magnitude, m);
      return true;
    });
  };
  for (const Arg& a : call.args) {
    if (a.is_tensor) visit(a.tensor);
    for (const TensorArg& t : a.tensors) visit(t);
    if (!a.is_tensor && !a.is_tensor_list && a.value.is<Scalar>()) {
      const double m = std::abs(a.value.get<Scalar>().toComplexDouble());
      if (std::isfinite(m)) s.magnitude = std::max(s.magnitude, m);
    }
  }
  return s;
}

std::optional<Disagreement> compare_tensors(const std::string& what, const Tensor& a,
                                            const Tensor& b, bool check_strides,
                                            const std::function<double(double)>& bound) {
  if (a.defined() != b.defined()) return Disagreement{"returns", what + ": defined differs"};
  if (!a.defined()) return std::nullopt;
  if (a.scalar_type() != b.scalar_type()) {
    std::ostringstream os;
    os << what << ": dtype " << a.scalar_type() << " vs libtorch's " << b.scalar_type();
    return Disagreement{"dtype", os.str()};
  }
  if (a.sizes() != b.sizes()) {
    return Disagreement{"sizes", what + ": sizes " + shape_str(a.sizes()) + " vs libtorch's " +
                                     shape_str(b.sizes())};
  }
  if (check_strides && a.numel() > 0 && a.strides() != b.strides()) {
    // Any stride is valid for a dim of size 1: said in the detail, so that the table can tell
    // such differences from a layout of their own.
    bool only_size_one = true;
    for (int64_t d = 0; d < a.dim(); ++d)
      if (a.size(d) != 1 && a.stride(d) != b.stride(d)) only_size_one = false;
    return Disagreement{"strides", what + ": strides " + shape_str(a.strides()) +
                                       " vs libtorch's " + shape_str(b.strides()) + " for sizes " +
                                       shape_str(a.sizes()) +
                                       (only_size_one ? " (size-1 dims only)" : "")};
  }
  if (a.is_meta() || a.numel() == 0 || !bound) return std::nullopt;
  std::optional<Disagreement> bad;
  for_each_element(a, b, [&](int64_t oa, int64_t ob) {
    const std::complex<double> x = read(a, oa), y = read(b, ob);
    const double tol = bound(std::abs(y));
    if (same_real(x.real(), y.real(), tol) && same_real(x.imag(), y.imag(), tol)) return true;
    std::ostringstream os;
    os.precision(17);
    os << what << ": " << x << " vs libtorch's " << y;
    if (tol > 0) os << " (bound " << tol << ")";
    bad = Disagreement{"values", os.str()};
    return false;
  });
  return bad;
}

double max_finite(const Tensor& t) {
  double m = 0;
  if (t.is_meta() || t.numel() == 0) return m;
  for_each_element(t, t, [&](int64_t o, int64_t) {
    const double v = std::abs(read(t, o));
    if (std::isfinite(v)) m = std::max(m, v);
    return true;
  });
  return m;
}

bool all_zero(const Tensor& t) {
  if (t.is_meta() || t.numel() == 0) return true;
  bool zero = true;
  for_each_element(t, t, [&](int64_t o, int64_t) {
    zero = read(t, o) == std::complex<double>(0);
    return zero;
  });
  return zero;
}

std::optional<Disagreement> compare(const Call& call, const Outcome& mine, const Outcome& torch) {
  if (mine.threw != torch.threw) {
    return Disagreement{
        "error", mine.threw ? "MiniATen throws: " + mine.error : "libtorch throws: " + torch.error};
  }
  if (!mine.threw) {
    if (mine.returns.size() != torch.returns.size()) {
      return Disagreement{"returns", std::to_string(mine.returns.size()) + " returns vs " +
                                         std::to_string(torch.returns.size())};
    }
    for (size_t i = 0; i < mine.returns.size(); ++i) {
      if (auto d = compare_value(call, "return " + std::to_string(i), mine.returns[i],
                                 torch.returns[i]))
        return d;
    }
  }
  // What the call left in its written arguments, after success or failure alike.
  for (size_t i = 0; i < mine.written.size() && i < torch.written.size(); ++i) {
    if (auto d = compare_tensor(call, "written argument " + std::to_string(i), mine.written[i],
                                torch.written[i], true)) {
      // After an error, MiniATen leaves its written arguments as they were (checks come before
      // any write); a difference there is ATen writing before it raises.
      d->category = (mine.threw ? "written after error " : "written ") + d->category;
      return d;
    }
  }
  return std::nullopt;
}

}  // namespace aten::conformance
