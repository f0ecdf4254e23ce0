// The CPU kernels of the selections along a dim: topk, kthvalue, median / nanmedian, mode. Each
// line is selected with ATen's comparisons (NaN above every number; Half and BFloat16 compared
// as float) and, except topk of a long line, with ATen's CPU algorithm, so that among equal
// elements the same index comes out as in ATen (the algorithms order equal elements by their
// moves, which depend on the comparisons only). topk of a long line keeps a sorted run of k
// (value, index) pairs, equal elements by index; the other selections copy the line as pairs.
// Compiled once per CPU capability.
#include <aten/core/Convert.h>
#include <aten/cpu/Parallel.h>
#include <aten/native/Sorting.h>
#include <aten/ops/kthvalue_dtypes.h>
#include <aten/ops/median_dtypes.h>
#include <aten/ops/mode_dtypes.h>
#include <aten/ops/topk_dtypes.h>

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <vector>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

// The type a T is compared in: Half and BFloat16 as float (their operators' way), the others as
// they are.
template <typename T>
using compare_t =
    std::conditional_t<std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>, float, T>;

template <typename V>
bool is_nan(V v) {
  if constexpr (std::is_floating_point_v<V>) {
    return std::isnan(v);
  } else {
    return false;
  }
}

// One element of a line: its value and its index along dim.
template <typename V>
struct Elem {
  V value;
  int64_t index;
};

// ATen's topk and kthvalue comparisons: x before y, largest first (NaN first) or smallest first
// (NaN last).
struct GreaterOrNan {
  template <typename V>
  bool operator()(const Elem<V>& x, const Elem<V>& y) const {
    return (is_nan(x.value) && !is_nan(y.value)) || x.value > y.value;
  }
};
struct LessOrNotNan {
  template <typename V>
  bool operator()(const Elem<V>& x, const Elem<V>& y) const {
    return (!is_nan(x.value) && is_nan(y.value)) || x.value < y.value;
  }
};

// A line of self (read) and of values and indices (written), strides in bytes.
template <typename T>
struct Line {
  const char* in;
  int64_t in_stride;
  int64_t size;
  char* values;
  int64_t values_stride;
  char* indices;
  int64_t indices_stride;

  compare_t<T> load(int64_t j) const {
    return static_cast<compare_t<T>>(*reinterpret_cast<const T*>(in + j * in_stride));
  }
  void store(int64_t j, compare_t<T> v, int64_t index) const {
    *reinterpret_cast<T*>(values + j * values_stride) = static_cast<T>(v);
    *reinterpret_cast<int64_t*>(indices + j * indices_stride) = index;
  }
  void copy_to(std::vector<Elem<compare_t<T>>>& buf) const {
    buf.resize(static_cast<size_t>(size));
    for (int64_t j = 0; j < size; ++j) buf[static_cast<size_t>(j)] = {load(j), j};
  }
};

// Calls f(line) for every line of self along dim, in parallel over lines. values and indices
// have self's rank (their size along dim is the selection's).
template <typename T, typename F>
void for_each_line(const Tensor& values, const Tensor& indices, const Tensor& self, int64_t dim,
                   const F& f) {
  TensorIteratorConfig config;
  config.add_output(values, "values").add_output(indices, "indices").add_input(self, "self");
  config.check_all_same_dtype(false)
      .set_check_mem_overlap(false)
      .resize_outputs(false)
      .declare_static_shape(self.sizes(), {dim});
  TensorIterator iter(config);
  const int64_t n = self.sizes()[dim];
  const int64_t in_stride = self.strides()[dim] * self.element_size();
  const int64_t values_stride = values.strides()[dim] * values.element_size();
  const int64_t indices_stride = indices.strides()[dim] * indices.element_size();
  iter.for_each(
      [&](char** data, const int64_t* strides, int64_t n0, int64_t n1) {
        for (int64_t j = 0; j < n1; ++j) {
          for (int64_t i = 0; i < n0; ++i) {
            f(Line<T>{data[2] + i * strides[2] + j * strides[5], in_stride, n,
                      data[0] + i * strides[0] + j * strides[3], values_stride,
                      data[1] + i * strides[1] + j * strides[4], indices_stride});
          }
        }
      },
      std::max<int64_t>(1, GRAIN_SIZE / std::max<int64_t>(1, n)));
}

// ---- topk ----

// x may come before top in comp's order: true when it does, and when either is NaN (the exact
// comparison decides then). One comparison, which vectorizes: the test that lets topk's scan
// skip a block of elements at a time.
template <bool largest, typename V>
bool may_precede(V x, V top) {
  if constexpr (largest) {
    return !(x <= top);
  } else {
    return !(x >= top);
  }
}

// The k first elements of a long line (k * 64 <= size), in comp's order with equal elements by
// index: a sorted run of the best k so far, which a later element enters only when it comes
// strictly before the run's last (so an equal one, later in the line, never does), by insertion.
// Most elements cannot: they are skipped 32 at a time by may_precede against the run's last.
// ATen runs libstdc++'s partial_sort here, whose heap leaves equal elements in an order of its
// own; a sorted topk only promises the values' order (tests/conformance/divergences.yaml).
template <bool largest, typename T>
void topk_run(const Line<T>& line, int64_t k, std::vector<Elem<compare_t<T>>>& run) {
  using V = compare_t<T>;
  using Comp = std::conditional_t<largest, GreaterOrNan, LessOrNotNan>;
  const Comp comp;
  run.resize(static_cast<size_t>(k));
  int64_t filled = 0;
  // Inserts e after the elements it does not come strictly before.
  auto insert = [&](const Elem<V>& e) {
    int64_t at = filled < k ? filled++ : k - 1;
    for (; at > 0 && comp(e, run[static_cast<size_t>(at - 1)]); --at)
      run[static_cast<size_t>(at)] = run[static_cast<size_t>(at - 1)];
    run[static_cast<size_t>(at)] = e;
  };
  int64_t j = 0;
  for (; j < k; ++j) insert({line.load(j), j});
  auto consider = [&](int64_t at) {
    const Elem<V> e{line.load(at), at};
    if (comp(e, run[static_cast<size_t>(k - 1)])) insert(e);
  };
  constexpr int64_t kBlock = 32;
  const int64_t n = line.size;
  if (line.in_stride == static_cast<int64_t>(sizeof(T))) {
    const T* p = reinterpret_cast<const T*>(line.in);
    for (; j + kBlock <= n; j += kBlock) {
      const V last = run[static_cast<size_t>(k - 1)].value;
      int hits = 0;  // an int sum of the comparisons vectorizes, a bool or may not
      for (int64_t u = 0; u < kBlock; ++u)
        hits += static_cast<int>(may_precede<largest>(static_cast<V>(p[j + u]), last));
      if (hits == 0) continue;
      for (int64_t u = 0; u < kBlock; ++u) consider(j + u);
    }
  }
  for (; j < n; ++j) consider(j);
}

// ATen's nth_element path: the k-th in place, and the k - 1 before it sorted when asked.
template <bool largest, typename T>
void topk_select(const Line<T>& line, int64_t k, bool sorted,
                 std::vector<Elem<compare_t<T>>>& buf) {
  using Comp = std::conditional_t<largest, GreaterOrNan, LessOrNotNan>;
  line.copy_to(buf);
  std::nth_element(buf.begin(), buf.begin() + (k - 1), buf.end(), Comp());
  if (sorted) std::sort(buf.begin(), buf.begin() + (k - 1), Comp());
}

template <bool largest, typename T>
void topk_line(const Line<T>& line, int64_t k, bool sorted, std::vector<Elem<compare_t<T>>>& buf) {
  if (k * 64 <= line.size) topk_run<largest>(line, k, buf);
  else topk_select<largest>(line, k, sorted, buf);
  for (int64_t j = 0; j < k; ++j) {
    const auto& e = buf[static_cast<size_t>(j)];
    line.store(j, e.value, e.index);
  }
}

void topk_kernel(const Tensor& values, const Tensor& indices, const Tensor& self, int64_t k,
                 int64_t dim, bool largest, bool sorted) {
  ATEN_DISPATCH_topk_TYPES(self.scalar_type(), [&] {
    for_each_line<scalar_t>(values, indices, self, dim, [&](const Line<scalar_t>& line) {
      thread_local std::vector<Elem<compare_t<scalar_t>>> buf;
      if (largest) topk_line<true>(line, k, sorted, buf);
      else topk_line<false>(line, k, sorted, buf);
    });
  });
}

// ---- kthvalue ----

// ATen's quick_select_template (SortingUtils.h): the element of rank k (0-based) at k, in
// gt_or_nan's order, median-of-three pivots.
template <typename V>
void quick_select(std::vector<Elem<V>>& arr, int64_t k) {
  const GreaterOrNan gt_or_nan;
  auto swap = [&](int64_t a, int64_t b) {
    std::swap(arr[static_cast<size_t>(a)], arr[static_cast<size_t>(b)]);
  };
  auto at = [&](int64_t a) -> const Elem<V>& { return arr[static_cast<size_t>(a)]; };
  int64_t L = 0;
  int64_t R = static_cast<int64_t>(arr.size()) - 1;
  while (true) {
    if (R <= L) return;
    if (R == L + 1) {
      if (gt_or_nan(at(L), at(R))) swap(L, R);
      return;
    }
    const int64_t P = L + (R - L) / 2;
    swap(P, L + 1);
    if (gt_or_nan(at(L + 1), at(R))) swap(L + 1, R);
    if (gt_or_nan(at(L), at(R))) swap(L, R);
    if (gt_or_nan(at(L + 1), at(L))) swap(L + 1, L);
    int64_t i = L + 1;
    int64_t j = R;
    const Elem<V> piv = at(L);
    while (true) {
      do ++i;
      while (gt_or_nan(piv, at(i)));
      do --j;
      while (gt_or_nan(at(j), piv));
      if (j < i) break;
      swap(i, j);
    }
    swap(L, j);
    if (j <= k) L = i;
    if (j >= k) R = j - 1;
  }
}

void kthvalue_kernel(const Tensor& values, const Tensor& indices, const Tensor& self, int64_t k,
                     int64_t dim) {
  ATEN_DISPATCH_kthvalue_TYPES(self.scalar_type(), [&] {
    for_each_line<scalar_t>(values, indices, self, dim, [&](const Line<scalar_t>& line) {
      thread_local std::vector<Elem<compare_t<scalar_t>>> buf;
      line.copy_to(buf);
      quick_select(buf, k - 1);
      const auto& e = buf[static_cast<size_t>(k - 1)];
      line.store(0, e.value, e.index);
    });
  });
}

// ---- median, nanmedian ----

// ATen's median along a dim: the first NaN if there is one (median), else the element of rank
// (n - 1) / 2 in (value, index) order, NaNs last and left out of n (nanmedian).
template <typename T>
void median_line(const Line<T>& line, bool ignore_nan, std::vector<Elem<compare_t<T>>>& buf) {
  using V = compare_t<T>;
  const int64_t n = line.size;
  int64_t nans = 0;
  for (int64_t j = 0; j < n; ++j) {
    if (!is_nan(line.load(j))) continue;
    if (!ignore_nan) {
      line.store(0, line.load(j), j);
      return;
    }
    ++nans;
  }
  line.copy_to(buf);
  const int64_t nth = (n - nans - 1) / 2;
  auto before = [](const Elem<V>& a, const Elem<V>& b) {
    return a.value < b.value || (a.value == b.value && a.index < b.index) ||
           (is_nan(b.value) && !is_nan(a.value));
  };
  std::nth_element(buf.begin(), buf.begin() + nth, buf.end(), before);
  const auto& e = buf[static_cast<size_t>(nth)];
  line.store(0, e.value, e.index);
}

void median_kernel(const Tensor& values, const Tensor& indices, const Tensor& self, int64_t dim,
                   bool ignore_nan) {
  ATEN_DISPATCH_median_TYPES(self.scalar_type(), [&] {
    for_each_line<scalar_t>(values, indices, self, dim, [&](const Line<scalar_t>& line) {
      thread_local std::vector<Elem<compare_t<scalar_t>>> buf;
      median_line(line, ignore_nan, buf);
    });
  });
}

// ---- mode ----

// ATen's mode: the line sorted by value alone (std::sort), then the longest run of equal values,
// the first of the longest; its value and the index of its last element.
template <typename T>
void mode_line(const Line<T>& line, std::vector<Elem<compare_t<T>>>& buf) {
  using V = compare_t<T>;
  line.copy_to(buf);
  std::sort(buf.begin(), buf.end(),
            [](const Elem<V>& a, const Elem<V>& b) { return a.value < b.value; });
  V mode = V(0);
  int64_t mode_index = 0;
  int64_t run = 0;
  int64_t longest = 0;
  const size_t n = buf.size();
  for (size_t i = 0; i < n; ++i) {
    ++run;
    if (i == n - 1 || buf[i].value != buf[i + 1].value) {
      if (run > longest) {
        mode = buf[i].value;
        mode_index = buf[i].index;
        longest = run;
      }
      run = 0;
    }
  }
  line.store(0, mode, mode_index);
}

void mode_kernel(const Tensor& values, const Tensor& indices, const Tensor& self, int64_t dim) {
  ATEN_DISPATCH_mode_TYPES(self.scalar_type(), [&] {
    for_each_line<scalar_t>(values, indices, self, dim, [&](const Line<scalar_t>& line) {
      thread_local std::vector<Elem<compare_t<scalar_t>>> buf;
      mode_line(line, buf);
    });
  });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(topk_stub, &topk_kernel);
ATEN_REGISTER_DISPATCH(kthvalue_stub, &kthvalue_kernel);
ATEN_REGISTER_DISPATCH(median_stub, &median_kernel);
ATEN_REGISTER_DISPATCH(mode_stub, &mode_kernel);

}  // namespace aten::native
