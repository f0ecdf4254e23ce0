// The CPU kernel of sort: each line along the sorted dim is copied out as (value, index) pairs,
// sorted, and written back. NaN sorts above every number. With stable=false the pairs go
// through std::sort, whose order of equal elements is libstdc++'s introsort's, as ATen's CPU
// kernel's (same algorithm, same comparisons: same indices); with stable=true through
// std::stable_sort. Compiled once per CPU capability.
#include <aten/core/Convert.h>
#include <aten/native/Sorting.h>
#include <aten/ops/sort_dtypes.h>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

// The value a comparison uses: Half and BFloat16 as float, Bool as int.
template <typename T>
auto key(T v) {
  if constexpr (std::is_same_v<T, bool>) {
    return static_cast<int>(v);
  } else if constexpr (std::is_integral_v<T> || std::is_floating_point_v<T>) {
    return v;
  } else {
    return static_cast<float>(v);
  }
}

template <typename K>
bool is_nan(K v) {
  if constexpr (std::is_floating_point_v<K>) {
    return std::isnan(v);
  } else {
    return false;
  }
}

// a before b, ascending: smaller, or a number before NaN.
struct Ascending {
  template <typename P>
  bool operator()(const P& a, const P& b) const {
    return (!is_nan(a.first) && is_nan(b.first)) || a.first < b.first;
  }
};
// a before b, descending: larger, or NaN before a number.
struct Descending {
  template <typename P>
  bool operator()(const P& a, const P& b) const {
    return (is_nan(a.first) && !is_nan(b.first)) || a.first > b.first;
  }
};

template <typename T>
void sort_loop(TensorIteratorBase& iter, const SortLine& line, bool stable, bool descending) {
  using K = decltype(key(T()));
  const int64_t n = line.size;
  iter.for_each(
      [&](char** data, const int64_t* strides, int64_t n0, int64_t n1) {
        std::vector<std::pair<K, int64_t>> pairs(static_cast<size_t>(n));
        // The original values, kept by index, written back in sorted order.
        std::vector<T> original(static_cast<size_t>(n));
        for (int64_t j = 0; j < n1; ++j) {
          for (int64_t i = 0; i < n0; ++i) {
            char* values = data[0] + i * strides[0] + j * strides[2];
            char* indices = data[1] + i * strides[1] + j * strides[3];
            for (int64_t k = 0; k < n; ++k) {
              original[static_cast<size_t>(k)] = *reinterpret_cast<const T*>(
                  values + k * line.values_stride);
              pairs[static_cast<size_t>(k)] = {key(original[static_cast<size_t>(k)]), k};
            }
            if (stable && descending) std::stable_sort(pairs.begin(), pairs.end(), Descending{});
            else if (stable) std::stable_sort(pairs.begin(), pairs.end(), Ascending{});
            else if (descending) std::sort(pairs.begin(), pairs.end(), Descending{});
            else std::sort(pairs.begin(), pairs.end(), Ascending{});
            for (int64_t k = 0; k < n; ++k) {
              const int64_t from = pairs[static_cast<size_t>(k)].second;
              *reinterpret_cast<T*>(values +
                                    k * line.values_stride) = original[static_cast<size_t>(from)];
              *reinterpret_cast<int64_t*>(indices + k * line.indices_stride) = from;
            }
          }
        }
      },
      std::max<int64_t>(1, GRAIN_SIZE / std::max<int64_t>(1, n)));
}

void sort_kernel(TensorIteratorBase& iter, const SortLine& line, bool stable, bool descending) {
  ATEN_DISPATCH_sort_TYPES(iter.dtype(0),
                           [&] { sort_loop<scalar_t>(iter, line, stable, descending); });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(sort_stub, &sort_kernel);

}  // namespace aten::native
