#pragma once
// Helpers of the op tests (tests/ops/test_*.cpp) that several of them use: tensors made of given
// values, their values read back, and comparisons. Unlike Reference.h's, some of them call the
// ops (to, view_as_real, tensor), which the files using them test elsewhere.
#include <aten/Factories.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/Parallel.h>
#include <aten/ops/empty.h>
#include <aten/ops/view_as_real.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <vector>

#include "Reference.h"

namespace aten::ref {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
inline constexpr double kInf = std::numeric_limits<double>::infinity();

// ---- 1-d tensors of given values, read back in C order (binary ops, pow, pointwise ops) -----

// Every element of t in C order, read as T.
template <typename T>
std::vector<T> values(const Tensor& t) {
  std::vector<T> v;
  ref::for_each_index(t.sizes(),
                      [&](const std::vector<int64_t>& idx) { v.push_back(ref::get<T>(t, idx)); });
  return v;
}

// A 1-d tensor of dtype T holding vs.
template <typename T>
Tensor make1d(const std::vector<double>& vs) {
  return ref::make<T>({static_cast<int64_t>(vs.size())}, [&](int64_t i) { return vs[i]; });
}

// Every element of t in C order, converted to double whatever t's dtype.
inline std::vector<double> as_doubles(const Tensor& t) {
  return values<double>(t.to(ScalarType::Double));
}

// The same values exactly, NaN matching NaN and zeros matching in sign.
inline void expect_same_doubles(const std::vector<double>& got, const std::vector<double>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(want[i])) {
      EXPECT_TRUE(std::isnan(got[i])) << "at " << i << ": " << got[i];
    } else {
      EXPECT_EQ(got[i], want[i]) << "at " << i;
      EXPECT_EQ(std::signbit(got[i]), std::signbit(want[i])) << "sign of zero at " << i;
    }
  }
}

// ---- whole tensors compared (unary ops, clamp, where) ---------------------------------------

// A tensor of dtype from values given as doubles (converted as copy_ converts).
inline Tensor of(ScalarType dtype, std::initializer_list<double> values) {
  return tensor(values).to(dtype);
}

// a and b have the same dtype, shape and values (NaN equal to NaN).
inline ::testing::AssertionResult same(const Tensor& a, const Tensor& b) {
  if (a.scalar_type() != b.scalar_type() || a.sizes() != b.sizes())
    return ::testing::AssertionFailure() << a.toString() << " vs " << b.toString();
  if (isComplexType(a.scalar_type())) return same(view_as_real(a), view_as_real(b));
  bool ok = true;
  ref::for_each_index(a.sizes(), [&](const std::vector<int64_t>& idx) {
    const double x = ref::read_double(a, idx), y = ref::read_double(b, idx);
    ok = ok && (x == y || (std::isnan(x) && std::isnan(y)));
  });
  if (ok) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << a << "\nvs\n" << b;
}

// ---- shapes of counted values (cat, flip / roll / repeat, gather / scatter, masked_fill, copy)

// 0, 1, 2, ... in C order.
inline Tensor iota(IntArrayRef sizes, ScalarType t = ScalarType::Float) {
  Tensor x = empty(sizes, t);
  int64_t i = 0;
  ref::for_each_index(x.sizes(),
                      [&](const std::vector<int64_t>& idx) { ref::write_double(x, idx, i++); });
  return x;
}

// A Long tensor of sizes holding values in C order (an index).
inline Tensor longs(IntArrayRef sizes, std::vector<int64_t> values) {
  return make<int64_t>(sizes, [&](int64_t i) { return static_cast<double>(values.at(i)); });
}

// a and b have the same shape and values.
inline void expect_equal(const Tensor& a, const Tensor& b) {
  ASSERT_EQ(a.sizes(), b.sizes());
  ref::for_each_index(a.sizes(), [&](const std::vector<int64_t>& idx) {
    ASSERT_EQ(read_double(a, idx), read_double(b, idx)) << "at " << IntArrayRef(idx);
  });
}

// Every element of t in C order, as double.
inline std::vector<double> values_of(const Tensor& t) {
  std::vector<double> v;
  ref::for_each_index(t.sizes(),
                      [&](const std::vector<int64_t>& idx) { v.push_back(read_double(t, idx)); });
  return v;
}

// A Meta tensor of sizes.
inline Tensor meta(IntArrayRef sizes, ScalarType t = ScalarType::Float) {
  return empty(sizes, TensorOptions(t).device(kMeta));
}

// ---- every element alike (fill_ and the factories) ------------------------------------------

// Every element of t (any strides) equals v.
inline void expect_all(const Tensor& t, double v) {
  ref::for_each_index(t.sizes(), [&](const std::vector<int64_t>& idx) {
    ASSERT_EQ(ref::read_double(t, idx), v) << t.toString() << " at " << IntArrayRef(idx);
  });
}

// Element at idx of a 2-d tensor through its strides, as double.
inline double at2(const Tensor& t, int64_t i, int64_t j) { return ref::read_double(t, {i, j}); }

// ---- reductions (reduce ops, min / max, moments, norms, scans) ------------------------------

// t's element at idx (none: a 0-dim t), as double.
inline double at(const Tensor& t, std::vector<int64_t> idx = {}) {
  return ref::read_double(t, idx);
}

// Restores the thread count a test changed.
struct ThreadCount {
  int saved = get_num_threads();
  ThreadCount() = default;
  ThreadCount(const ThreadCount&) = delete;
  ThreadCount& operator=(const ThreadCount&) = delete;
  ~ThreadCount() { set_num_threads(saved); }
};

}  // namespace aten::ref
