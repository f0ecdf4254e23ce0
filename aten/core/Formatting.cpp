// Printing follows PyTorch's torch/_tensor_str.py with its default print options (precision 4,
// threshold 1000, edgeitems 3, linewidth 80), so MiniATen's output can be compared with
// PyTorch's character for character.
#include <aten/core/Formatting.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <vector>

namespace aten {
namespace {

constexpr int64_t kSummarizeThreshold = 1000;
constexpr int64_t kEdgeItems = 3;
constexpr int64_t kLineWidth = 80;

// One element, read at its own precision: integers as int64 (an int64 near 2^63 must print
// exactly), floating types as double, complex as two doubles.
struct Value {
  int64_t i = 0;
  double re = 0, im = 0;
};

template <typename T>
Value read_as(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  Value out;
  if constexpr (is_complex_v<T>) {
    out.re = v.real();
    out.im = v.imag();
  } else if constexpr (std::is_integral_v<T>) {
    out.i = static_cast<int64_t>(v);
  } else {
    out.re = static_cast<double>(v);
  }
  return out;
}

Value read(ScalarType dtype, const char* p) {
  switch (dtype) {
#define ATEN_READ_CASE(ctype, name) \
  case ScalarType::name:            \
    return read_as<ctype>(p);
    ATEN_FORALL_SCALAR_TYPES_WITH_CPP_TYPE(ATEN_READ_CASE)
#undef ATEN_READ_CASE
    case ScalarType::Undefined:
      break;
  }
  ATEN_ERROR("printing is not implemented for dtype ", dtype);
}

std::string printf_str(const char* fmt, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}

std::string pad_left(std::string s, size_t width) {
  if (s.size() < width) s.insert(0, width - s.size(), ' ');
  return s;
}

// PyTorch's _Formatter for a floating tensor: one rule (integer-valued, fixed or scientific)
// and one width for all elements, decided from the non-zero finite ones.
class FloatFormatter {
 public:
  explicit FloatFormatter(const std::vector<double>& values) {
    std::vector<double> nz;
    for (double v : values)
      if (std::isfinite(v) && v != 0) nz.push_back(v);
    if (nz.empty()) return;
    double max_abs = 0, min_abs = INFINITY;
    for (double v : nz) {
      max_abs = std::max(max_abs, std::fabs(v));
      min_abs = std::min(min_abs, std::fabs(v));
      int_mode_ &= v == std::ceil(v);
    }
    sci_mode_ = max_abs / min_abs > 1000.0 || max_abs > 1.0e8 || (!int_mode_ && min_abs < 1.0e-4);
    for (double v : nz) {
      size_t len = sci_mode_   ? printf_str("%.4e", v).size()
                   : int_mode_ ? printf_str("%.0f", v).size() + 1
                               : printf_str("%.4f", v).size();
      width_ = std::max(width_, len);
    }
  }

  size_t width() const { return width_; }

  std::string format(double v) const {
    std::string s;
    if (sci_mode_) {
      s = printf_str("%.4e", v);
    } else if (int_mode_) {
      s = printf_str("%.0f", v);
      if (std::isfinite(v)) s += '.';
    } else {
      s = printf_str("%.4f", v);
    }
    return pad_left(std::move(s), width_);
  }

 private:
  bool int_mode_ = true;
  bool sci_mode_ = false;
  size_t width_ = 1;
};

std::string int_str(ScalarType dtype, int64_t v) {
  if (dtype == ScalarType::Bool) return v ? "True" : "False";
  return std::to_string(v);
}

// Formats elements of one dtype: integers and bools at the widest one's width, floating
// values with a FloatFormatter, complex values with one for the real and one for the imaginary
// parts.
class ElementFormatter {
 public:
  ElementFormatter(ScalarType dtype, const std::vector<Value>& values)
      : dtype_(dtype), re_(part(values, &Value::re)), im_(part(values, &Value::im)) {
    if (isFloatingType(dtype) || isComplexType(dtype)) return;
    for (const Value& v : values) int_width_ = std::max(int_width_, int_str(dtype, v.i).size());
  }

  // Characters one element takes in a row, with its ", ".
  size_t element_length() const {
    if (isComplexType(dtype_)) return re_.width() + 2 + im_.width() + 1;
    if (isFloatingType(dtype_)) return re_.width() + 2;
    return int_width_ + 2;
  }

  std::string format(const Value& v) const {
    if (isComplexType(dtype_)) {
      std::string real = re_.format(v.re);
      std::string imag = im_.format(v.im) + "j";
      imag.erase(0, imag.find_first_not_of(' '));
      return imag[0] == '+' || imag[0] == '-' ? real + imag : real + "+" + imag;
    }
    if (isFloatingType(dtype_)) return re_.format(v.re);
    return pad_left(int_str(dtype_, v.i), int_width_);
  }

 private:
  static std::vector<double> part(const std::vector<Value>& values, double Value::*field) {
    std::vector<double> out;
    out.reserve(values.size());
    for (const Value& v : values) out.push_back(v.*field);
    return out;
  }

  ScalarType dtype_;
  FloatFormatter re_, im_;
  size_t int_width_ = 1;
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

  const char* at(const char* p, int64_t dim, int64_t i) const {
    return p + i * t_.strides()[dim] * t_.element_size();
  }

  // The elements that will be printed (PyTorch's get_summarized_data).
  void collect(int64_t dim, const char* p, std::vector<Value>& out) const {
    if (dim == t_.dim()) {
      out.push_back(read(t_.scalar_type(), p));
      return;
    }
    for (int64_t i : shown(dim))
      if (i >= 0) collect(dim + 1, at(p, dim, i), out);
  }

  std::string str(int64_t dim, const char* p, int64_t indent, const ElementFormatter& f) const {
    if (dim == t_.dim()) return f.format(read(t_.scalar_type(), p));
    std::vector<std::string> parts;
    const bool vector = dim + 1 == t_.dim();
    for (int64_t i : shown(dim)) {
      if (i < 0) {
        parts.push_back(vector ? " ..." : "...");
      } else {
        parts.push_back(vector ? f.format(read(t_.scalar_type(), at(p, dim, i)))
                               : str(dim + 1, at(p, dim, i), indent + 1, f));
      }
    }
    std::string s = "[";
    if (vector) {
      // Rows wrap at the line width, a whole number of elements per line.
      const int64_t per_line = std::max<int64_t>(
          1, (kLineWidth - indent) / static_cast<int64_t>(f.element_length()));
      for (size_t k = 0; k < parts.size(); ++k) {
        if (k > 0) {
          s += static_cast<int64_t>(k) % per_line == 0
                   ? ",\n" + std::string(static_cast<size_t>(indent + 1), ' ')
                   : ", ";
        }
        s += parts[k];
      }
    } else {
      const std::string sep = "," + std::string(static_cast<size_t>(t_.dim() - dim - 1), '\n') +
                              std::string(static_cast<size_t>(indent + 1), ' ');
      for (size_t k = 0; k < parts.size(); ++k) s += (k > 0 ? sep : "") + parts[k];
    }
    return s + "]";
  }

 private:
  const TensorBase& t_;
  bool summarize_;
};

// torch's name for a dtype, as the dtype= suffix spells it.
const char* torch_dtype_name(ScalarType t) {
  switch (t) {
    case ScalarType::Bool:
      return "torch.bool";
    case ScalarType::Byte:
      return "torch.uint8";
    case ScalarType::Char:
      return "torch.int8";
    case ScalarType::Short:
      return "torch.int16";
    case ScalarType::Int:
      return "torch.int32";
    case ScalarType::Long:
      return "torch.int64";
    case ScalarType::Half:
      return "torch.float16";
    case ScalarType::BFloat16:
      return "torch.bfloat16";
    case ScalarType::Float:
      return "torch.float32";
    case ScalarType::Double:
      return "torch.float64";
    case ScalarType::ComplexHalf:
      return "torch.complex32";
    case ScalarType::ComplexFloat:
      return "torch.complex64";
    case ScalarType::ComplexDouble:
      return "torch.complex128";
    case ScalarType::Undefined:
      break;
  }
  return "undefined";
}

std::string size_suffix(const TensorBase& t) {
  std::ostringstream s;
  s << "size=(";
  for (int64_t d = 0; d < t.dim(); ++d) s << (d ? ", " : "") << t.sizes()[d];
  s << (t.dim() == 1 ? ",)" : ")");
  return s.str();
}

}  // namespace

std::ostream& operator<<(std::ostream& os, const TensorBase& t) {
  if (!t.defined()) return os << "[ Tensor (undefined) ]";
  constexpr int64_t kIndent = 7;  // strlen("tensor(")
  const ScalarType dtype = t.scalar_type();
  std::vector<std::string> suffixes;
  std::string body;
  if (t.is_meta()) {
    suffixes.push_back("device='meta'");
    suffixes.push_back(size_suffix(t));
    if (dtype != ScalarType::Float)
      suffixes.push_back(std::string("dtype=") + torch_dtype_name(dtype));
    body = "...";
  } else if (t.numel() == 0) {
    // No elements to tell an integer tensor from a float one: any non-Float dtype is named.
    if (t.dim() != 1) suffixes.push_back(size_suffix(t));
    if (dtype != ScalarType::Float)
      suffixes.push_back(std::string("dtype=") + torch_dtype_name(dtype));
    body = "[]";
  } else {
    const bool default_dtype = dtype == ScalarType::Float || dtype == ScalarType::ComplexFloat ||
                               dtype == ScalarType::Long || dtype == ScalarType::Bool;
    if (!default_dtype) suffixes.push_back(std::string("dtype=") + torch_dtype_name(dtype));
    Printer printer(t, t.numel() > kSummarizeThreshold);
    const char* base = static_cast<const char*>(t.data_ptr());
    std::vector<Value> values;
    printer.collect(0, base, values);
    body = printer.str(0, base, kIndent, ElementFormatter(dtype, values));
  }
  os << "tensor(" << body;
  for (const auto& s : suffixes) os << ", " << s;
  return os << ')';
}

std::string to_string(const TensorBase& t) {
  std::ostringstream os;
  os << t;
  return os.str();
}

}  // namespace aten
