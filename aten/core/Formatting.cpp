#include <aten/core/Formatting.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <vector>

namespace aten {
namespace {

// PyTorch summarises tensors above this many elements, keeping this many at each end of a dim.
constexpr int64_t kSummarizeThreshold = 1000;
constexpr int64_t kEdgeItems = 3;

double element_as_double(const TensorBase& t, const char* p) {
  switch (t.scalar_type()) {
#define ATEN_READ_CASE(ctype, name) \
  case ScalarType::name:            \
    return static_cast<double>(*reinterpret_cast<const ctype*>(p));
    ATEN_FORALL_SCALAR_TYPES_WITH_CPP_TYPE(ATEN_READ_CASE)
#undef ATEN_READ_CASE
    default:
      ATEN_ERROR("printing is not implemented for dtype ", t.scalar_type());
  }
}

// Formats every element with one rule chosen from all of them, so columns line up.
class ElementFormatter {
 public:
  ElementFormatter(ScalarType dtype, const std::vector<double>& values) : dtype_(dtype) {
    if (!isFloatingType(dtype)) return;
    bool all_integral = true;
    double max_abs = 0, min_abs = INFINITY;  // over the finite, non-zero values
    for (double v : values) {
      if (!std::isfinite(v)) continue;
      all_integral &= v == std::trunc(v);
      if (v == 0) continue;
      max_abs = std::max(max_abs, std::fabs(v));
      min_abs = std::min(min_abs, std::fabs(v));
    }
    integral_ = all_integral;
    if (max_abs == 0) return;
    // PyTorch's rule: scientific when magnitudes are far apart, huge, or (for fractions) tiny.
    scientific_ = all_integral ? max_abs > 1e8
                               : max_abs / min_abs > 1000.0 || max_abs > 1e8 || min_abs < 1e-4;
  }

  std::string format(double v) const {
    char buf[64];
    if (dtype_ == ScalarType::Bool) return v != 0 ? "True" : "False";
    if (!isFloatingType(dtype_)) {
      std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
      return buf;
    }
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    if (scientific_) {
      std::snprintf(buf, sizeof buf, "%.4e", v);
    } else if (integral_) {
      std::snprintf(buf, sizeof buf, "%.0f.", v);
    } else {
      std::snprintf(buf, sizeof buf, "%.4f", v);
    }
    return buf;
  }

 private:
  ScalarType dtype_;
  bool integral_ = false;
  bool scientific_ = false;
};

class Printer {
 public:
  Printer(const TensorBase& t, bool summarize) : t_(t), summarize_(summarize) {}

  // The indices along dim that are printed; -1 marks the "..." gap.
  std::vector<int64_t> shown(int64_t dim) const {
    std::vector<int64_t> idx;
    const int64_t n = t_.sizes()[dim];
    if (summarize_ && n > 2 * kEdgeItems) {
      for (int64_t i = 0; i < kEdgeItems; ++i) idx.push_back(i);
      idx.push_back(-1);
      for (int64_t i = n - kEdgeItems; i < n; ++i) idx.push_back(i);
    } else {
      for (int64_t i = 0; i < n; ++i) idx.push_back(i);
    }
    return idx;
  }

  void collect(int64_t dim, const char* p, std::vector<double>& out) const {
    if (dim == t_.dim()) {
      out.push_back(element_as_double(t_, p));
      return;
    }
    for (int64_t i : shown(dim))
      if (i >= 0) collect(dim + 1, p + i * t_.strides()[dim] * t_.element_size(), out);
  }

  void print(std::ostream& os, int64_t dim, const char* p, size_t indent,
             const ElementFormatter& f, size_t width) const {
    if (dim == t_.dim()) {
      std::string s = f.format(element_as_double(t_, p));
      os << std::string(width > s.size() ? width - s.size() : 0, ' ') << s;
      return;
    }
    os << '[';
    bool first = true;
    const bool last_dim = dim + 1 == t_.dim();
    for (int64_t i : shown(dim)) {
      if (!first) {
        os << ',';
        if (last_dim) {
          os << ' ';
        } else {
          os << std::string(static_cast<size_t>(t_.dim() - dim - 1), '\n')
             << std::string(indent + 1, ' ');
        }
      }
      first = false;
      if (i < 0) {
        os << "...";
        continue;
      }
      print(os, dim + 1, p + i * t_.strides()[dim] * t_.element_size(), indent + 1, f, width);
    }
    os << ']';
  }

 private:
  const TensorBase& t_;
  bool summarize_;
};

bool is_default_dtype(ScalarType t) {
  return t == ScalarType::Float || t == ScalarType::Long || t == ScalarType::Bool;
}

}  // namespace

std::ostream& operator<<(std::ostream& os, const TensorBase& t) {
  if (!t.defined()) return os << "[ Tensor (undefined) ]";
  std::vector<std::string> suffixes;
  auto size_suffix = [&] {
    std::ostringstream s;
    s << "size=(";
    for (int64_t d = 0; d < t.dim(); ++d) s << (d ? ", " : "") << t.sizes()[d];
    s << (t.dim() == 1 ? ",)" : ")");
    return s.str();
  };
  os << "tensor(";
  if (t.is_meta()) {
    os << "...";
    suffixes.push_back(size_suffix());
    suffixes.push_back("device='meta'");
  } else if (t.numel() == 0) {
    os << "[]";
    if (t.dim() != 1) suffixes.push_back(size_suffix());
  } else {
    Printer printer(t, t.numel() > kSummarizeThreshold);
    const char* base = static_cast<const char*>(t.data_ptr());
    std::vector<double> values;
    printer.collect(0, base, values);
    ElementFormatter f(t.scalar_type(), values);
    size_t width = 0;
    for (double v : values) width = std::max(width, f.format(v).size());
    printer.print(os, 0, base, 7, f, width);
  }
  if (!is_default_dtype(t.scalar_type())) suffixes.push_back(std::string("dtype=") + toString(t.scalar_type()));
  for (const auto& s : suffixes) os << ", " << s;
  return os << ')';
}

std::string to_string(const TensorBase& t) {
  std::ostringstream os;
  os << t;
  return os.str();
}

}  // namespace aten
