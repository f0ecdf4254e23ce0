#pragma once
// Test helpers: filling tensors with known values and reading them back by coordinates,
// independently of the iterator and kernels under test (plain index arithmetic over strides).
#include <aten/core/Tensor.h>
#include <aten/ops/empty.h>
#include <aten/ops/empty_strided.h>

#include <aten/core/Convert.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace aten::ref {

// Calls f(coords) for every coordinate of sizes, in C order.
inline void for_each_index(IntArrayRef sizes,
                           const std::function<void(const std::vector<int64_t>&)>& f) {
  int64_t n = 1;
  for (int64_t s : sizes) n *= s;
  std::vector<int64_t> idx(sizes.size(), 0);
  for (int64_t i = 0; i < n; ++i) {
    f(idx);
    for (int64_t d = static_cast<int64_t>(sizes.size()) - 1; d >= 0; --d) {
      if (++idx[d] < sizes[d]) break;
      idx[d] = 0;
    }
  }
}

inline char* element_ptr(const Tensor& t, const std::vector<int64_t>& idx) {
  auto* p = static_cast<char*>(t.data_ptr());
  for (size_t d = 0; d < idx.size(); ++d) p += idx[d] * t.strides()[d] * t.element_size();
  return p;
}

// Any dtype's element read as double (complex: the real part) and written from one.
inline double read_double(const Tensor& t, const std::vector<int64_t>& idx) {
  const char* p = element_ptr(t, idx);
  switch (t.scalar_type()) {
#define ATEN_REF_READ(ctype, name) \
  case ScalarType::name:           \
    return ::aten::convert<double>(*reinterpret_cast<const ctype*>(p));
    ATEN_FORALL_SCALAR_TYPES_WITH_CPP_TYPE(ATEN_REF_READ)
#undef ATEN_REF_READ
    default:
      throw std::logic_error("read_double: undefined dtype");
  }
}

inline void write_double(const Tensor& t, const std::vector<int64_t>& idx, double v) {
  char* p = element_ptr(t, idx);
  switch (t.scalar_type()) {
#define ATEN_REF_WRITE(ctype, name)                           \
  case ScalarType::name:                                      \
    *reinterpret_cast<ctype*>(p) = ::aten::convert<ctype>(v); \
    break;
    ATEN_FORALL_SCALAR_TYPES_WITH_CPP_TYPE(ATEN_REF_WRITE)
#undef ATEN_REF_WRITE
    default:
      throw std::logic_error("write_double: undefined dtype");
  }
}

// t's element at out-coordinates idx of a broadcast result (trailing dims aligned, size-1
// dims pinned to 0).
inline double read_broadcast(const Tensor& t, const std::vector<int64_t>& idx) {
  std::vector<int64_t> j(idx.end() - t.dim(), idx.end());
  for (int64_t d = 0; d < t.dim(); ++d)
    if (t.sizes()[d] == 1) j[d] = 0;
  return read_double(t, j);
}

// The broadcast shape of a and b, written out independently of aten::infer_size.
inline std::vector<int64_t> broadcast_shape(IntArrayRef a, IntArrayRef b) {
  const size_t n = std::max(a.size(), b.size());
  std::vector<int64_t> s(n, 1);
  for (size_t i = 0; i < n; ++i) {
    const int64_t sa = i < n - a.size() ? 1 : a[i - (n - a.size())];
    const int64_t sb = i < n - b.size() ? 1 : b[i - (n - b.size())];
    s[i] = sa == 1 ? sb : sa;
  }
  return s;
}

template <typename T>
T get(const Tensor& t, const std::vector<int64_t>& idx) {
  return *reinterpret_cast<T*>(element_ptr(t, idx));
}

template <typename T>
void set(const Tensor& t, const std::vector<int64_t>& idx, T v) {
  *reinterpret_cast<T*>(element_ptr(t, idx)) = v;
}

// Fills t (any strides) with f(linear C-order index), converted to T.
template <typename T>
void fill(const Tensor& t, const std::function<double(int64_t)>& f) {
  int64_t i = 0;
  for_each_index(t.sizes(),
                 [&](const std::vector<int64_t>& idx) { set<T>(t, idx, static_cast<T>(f(i++))); });
}

// A tensor of sizes, dtype T, with values f(i) for i in C order; laid out as strides if given.
template <typename T>
Tensor make(IntArrayRef sizes, const std::function<double(int64_t)>& f, IntArrayRef strides = {}) {
  Tensor t = strides.empty() ? empty(sizes, TensorOptions(scalar_type_of<T>))
                             : empty_strided(sizes, strides, TensorOptions(scalar_type_of<T>));
  fill<T>(t, f);
  return t;
}

// A 1-d ComplexHalf tensor of vs, each part rounded to Half.
inline Tensor complex_half(const std::vector<std::complex<float>>& vs) {
  Tensor t = empty({static_cast<int64_t>(vs.size())}, TensorOptions(ScalarType::ComplexHalf));
  for (size_t i = 0; i < vs.size(); ++i) set(t, {static_cast<int64_t>(i)}, complex<Half>(vs[i]));
  return t;
}

// t is a ComplexHalf tensor holding want in C order, part by part exactly (NaN matches NaN).
inline void expect_complex_half(const Tensor& t, const std::vector<std::complex<float>>& want) {
  ASSERT_EQ(t.scalar_type(), ScalarType::ComplexHalf) << t.toString();
  ASSERT_EQ(t.numel(), static_cast<int64_t>(want.size())) << t.toString();
  size_t i = 0;
  for_each_index(t.sizes(), [&](const std::vector<int64_t>& idx) {
    const auto got = static_cast<std::complex<float>>(get<complex<Half>>(t, idx));
    const auto same = [](float g, float w) { return std::isnan(w) ? std::isnan(g) : g == w; };
    EXPECT_TRUE(same(got.real(), want[i].real()) && same(got.imag(), want[i].imag()))
        << "at " << i << ": got " << got << ", expected " << want[i];
    ++i;
  });
}

// A view with the given geometry over base's storage (no copy), for transposes and broadcasts
// made without the view ops, which arrive later.
inline Tensor restride(const Tensor& base, IntArrayRef sizes, IntArrayRef strides,
                       int64_t offset = 0) {
  auto impl = intrusive_ptr<TensorImpl>::make(base.unsafeGetTensorImpl()->storage(), base.dtype(),
                                              base.device());
  impl->set_sizes_and_strides(sizes, strides, base.storage_offset() + offset);
  return Tensor(std::move(impl));
}

// The message of the aten::Error f() throws, or "" when it throws none.
template <typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

// f() must throw an aten::Error whose message contains every fragment.
inline void expect_error(const std::function<void()>& f,
                         std::initializer_list<std::string> fragments) {
  try {
    f();
    ADD_FAILURE() << "no error; expected one containing: " << *fragments.begin();
  } catch (const Error& e) {
    for (const std::string& fragment : fragments)
      EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos)
          << "missing '" << fragment << "' in: " << e.what();
  }
}

// The Meta run of an op gave what the CPU run gave, without data.
inline void expect_same_geometry(const Tensor& meta, const Tensor& cpu) {
  EXPECT_TRUE(meta.is_meta());
  EXPECT_TRUE(cpu.is_cpu());
  EXPECT_EQ(meta.sizes(), cpu.sizes());
  EXPECT_EQ(meta.strides(), cpu.strides());
  EXPECT_EQ(meta.storage_offset(), cpu.storage_offset());
  EXPECT_EQ(meta.dtype(), cpu.dtype());
}

// The same sizes, strides and dtype on the Meta device (storage of the same size, no data).
inline Tensor to_meta(const Tensor& t) {
  const int64_t extent = t.unsafeGetTensorImpl()->storage()->nbytes() / t.element_size();
  Tensor base = empty({extent}, TensorOptions(t.dtype()).device(kMeta));
  auto impl = intrusive_ptr<TensorImpl>::make(base.unsafeGetTensorImpl()->storage(), t.dtype(),
                                              kMeta);
  impl->set_sizes_and_strides(t.sizes(), t.strides(), t.storage_offset());
  return Tensor(std::move(impl));
}

}  // namespace aten::ref
