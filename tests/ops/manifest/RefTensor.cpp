#include "RefTensor.h"

#include <aten/core/IntegralOfNan.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <stdexcept>

namespace aten::optest {

namespace {

char* element_ptr(const Tensor& t, const Shape& idx) {
  auto* p = static_cast<char*>(t.data_ptr());
  for (size_t d = 0; d < idx.size(); ++d) p += idx[d] * t.strides()[d] * t.element_size();
  return p;
}

template <typename T>
std::complex<double> widen(T v) {
  if constexpr (is_complex_v<T>) {
    return {static_cast<double>(v.real()), static_cast<double>(v.imag())};
  } else {
    return {::aten::convert<double>(v), 0.0};
  }
}

template <typename T>
T narrow(std::complex<double> v) {
  if constexpr (is_complex_v<T>) {
    using R = typename T::value_type;
    return T(::aten::convert<R>(v.real()), ::aten::convert<R>(v.imag()));
  } else if constexpr (std::is_same_v<T, bool>) {
    return v != std::complex<double>(0);
  } else if constexpr (std::is_integral_v<T>) {
    // Through int64 so that out-of-range values wrap as the kernels' integer arithmetic does.
    // A double at 2^63 is an int64 near the top, rounded up on its way into a double (values
    // are held as doubles): it stays the largest int64, which reads back as 2^63 again.
    const double r = v.real();
    if (std::isnan(r)) return ::aten::integral_of_nan<T>();
    return static_cast<T>(r >= 0x1p63 ? std::numeric_limits<int64_t>::max()
                                      : static_cast<int64_t>(r));
  } else {
    return ::aten::convert<T>(v.real());
  }
}

}  // namespace

std::complex<double> round_to(ScalarType dtype, std::complex<double> v) {
  switch (dtype) {
#define ATEN_OPTEST_ROUND(ctype, name) \
  case ScalarType::name:               \
    return widen(narrow<ctype>(v));
    ATEN_FORALL_SCALAR_TYPES_WITH_CPP_TYPE(ATEN_OPTEST_ROUND)
#undef ATEN_OPTEST_ROUND
    default:
      throw std::logic_error("round_to: undefined dtype");
  }
}

std::complex<double> read_element(const Tensor& t, const Shape& idx) {
  const char* p = element_ptr(t, idx);
  // A Bool element is read as the byte it is: memory no kernel wrote (the bad-input tests'
  // 0x5A sentinel) may hold bytes other than 0 and 1, and loading those as bool is undefined.
  if (t.scalar_type() == ScalarType::Bool) {
    unsigned char byte;
    std::memcpy(&byte, p, 1);
    return byte;
  }
  switch (t.scalar_type()) {
#define ATEN_OPTEST_READ(ctype, name) \
  case ScalarType::name:              \
    return widen(*reinterpret_cast<const ctype*>(p));
    ATEN_FORALL_SCALAR_TYPES_WITH_CPP_TYPE(ATEN_OPTEST_READ)
#undef ATEN_OPTEST_READ
    default:
      throw std::logic_error("read_element: undefined dtype");
  }
}

void write_element(const Tensor& t, const Shape& idx, std::complex<double> v) {
  char* p = element_ptr(t, idx);
  switch (t.scalar_type()) {
#define ATEN_OPTEST_WRITE(ctype, name)               \
  case ScalarType::name:                             \
    *reinterpret_cast<ctype*>(p) = narrow<ctype>(v); \
    break;
    ATEN_FORALL_SCALAR_TYPES_WITH_CPP_TYPE(ATEN_OPTEST_WRITE)
#undef ATEN_OPTEST_WRITE
    default:
      throw std::logic_error("write_element: undefined dtype");
  }
}

RefTensor to_ref(const Tensor& t) {
  RefTensor r;
  r.sizes.assign(t.sizes().begin(), t.sizes().end());
  r.dtype = t.scalar_type();
  r.values.reserve(static_cast<size_t>(numel_of(r.sizes)));
  for_each_index(r.sizes, [&](const Shape& idx) { r.values.push_back(read_element(t, idx)); });
  return r;
}

RefTensor filled(const Shape& sizes, ScalarType dtype, std::complex<double> v) {
  return RefTensor{sizes, dtype,
                   std::vector<std::complex<double>>(static_cast<size_t>(numel_of(sizes)), v)};
}

Shape broadcast_shapes(const std::vector<Shape>& shapes) {
  size_t rank = 0;
  for (const Shape& s : shapes) rank = std::max(rank, s.size());
  Shape out(rank, 1);
  for (const Shape& s : shapes) {
    for (size_t i = 0; i < s.size(); ++i) {
      int64_t& o = out[rank - s.size() + i];
      if (s[i] == o || s[i] == 1) continue;
      // Thrown, not a test failure: the fuzzer links this without GoogleTest, and a test
      // reports an escaping exception as a failure anyway.
      if (o != 1) throw std::invalid_argument("reference: shapes do not broadcast");
      o = s[i];
    }
  }
  return out;
}

std::complex<double> read_broadcast(const RefTensor& t, const Shape& idx) {
  const size_t lead = idx.size() - t.sizes.size();
  int64_t off = 0;
  for (size_t d = 0; d < t.sizes.size(); ++d)
    off = off * t.sizes[d] + (t.sizes[d] == 1 ? 0 : idx[lead + d]);
  return t.values[off];
}

int64_t wrap(int64_t d, int64_t rank) { return d < 0 ? d + std::max<int64_t>(rank, 1) : d; }

RefTensor moved(const RefTensor& x, const Shape& sizes, ScalarType dtype,
                const std::function<Shape(const Shape&)>& source) {
  RefTensor out = filled(sizes, dtype);
  for_each_index(sizes,
                 [&](const Shape& idx) { out.at(idx) = round_to(dtype, x.at(source(idx))); });
  return out;
}

}  // namespace aten::optest
