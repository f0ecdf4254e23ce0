// _unique2 (torch.unique without dim), as ATen's CPU kernel computes it: the distinct values are
// a std::unordered_set's, in its iteration order or sorted by <, and the inverse and counts come
// from std::unordered_maps keyed by the values. The same containers over the same hash and
// equality give the same order and the same answers for NaN (never equal to itself: each NaN is
// its own element, found by no lookup, so its inverse and count are 0) and for -0 and 0 (equal:
// the first met stands for both).
#include <aten/core/BFloat16.h>
#include <aten/ops/_unique2_dtypes.h>
#include <aten/ops/_unique2_native.h>
#include <aten/ops/empty.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace aten::native {

namespace {

// BFloat16 in the containers as ATen's c10::BFloat16: hashed by its bits, equal as floats.
struct BFloat16Hash {
  size_t operator()(BFloat16 v) const noexcept { return std::hash<uint16_t>()(v.x); }
};
struct BFloat16Equal {
  bool operator()(BFloat16 a, BFloat16 b) const noexcept {
    return static_cast<float>(a) == static_cast<float>(b);
  }
};

template <typename T>
struct Containers {
  using Set = std::unordered_set<T>;
  template <typename V>
  using Map = std::unordered_map<T, V>;
};
template <>
struct Containers<BFloat16> {
  using Set = std::unordered_set<BFloat16, BFloat16Hash, BFloat16Equal>;
  template <typename V>
  using Map = std::unordered_map<BFloat16, V, BFloat16Hash, BFloat16Equal>;
};

template <typename T>
std::tuple<Tensor, Tensor, Tensor> unique_template(const Tensor& self, bool sorted,
                                                   bool return_inverse, bool return_counts) {
  const Tensor input = self.contiguous();
  const T* in = input.data_ptr<T>();
  const int64_t n = input.numel();
  typename Containers<T>::Set set(in, in + n);
  Tensor output = aten::empty({static_cast<int64_t>(set.size())}, input.options());
  T* out = output.data_ptr<T>();
  if (sorted) {
    std::vector<T> vec(set.begin(), set.end());
    if constexpr (std::is_same_v<T, BFloat16>) {
      std::sort(vec.begin(), vec.end(), [](BFloat16 a, BFloat16 b) {
        return static_cast<float>(a) < static_cast<float>(b);
      });
    } else {
      std::sort(vec.begin(), vec.end());
    }
    std::copy(vec.begin(), vec.end(), out);
  } else {
    std::copy(set.begin(), set.end(), out);
  }
  Tensor inverse = aten::empty({0}, self.options().dtype(ScalarType::Long));
  Tensor counts = aten::empty({0}, self.options().dtype(ScalarType::Long));
  if (return_inverse || return_counts) {
    const int64_t m = output.numel();
    inverse = aten::empty(input.sizes(), self.options().dtype(ScalarType::Long));
    int64_t* inv = inverse.data_ptr<int64_t>();
    typename Containers<T>::template Map<int64_t> position;
    position.reserve(static_cast<size_t>(m));
    for (int64_t i = 0; i < m; ++i) position[out[i]] = i;
    for (int64_t i = 0; i < n; ++i) inv[i] = position[in[i]];
    if (return_counts) {
      typename Containers<T>::template Map<int64_t> count;
      count.reserve(static_cast<size_t>(m));
      for (int64_t i = 0; i < m; ++i) count[out[i]] = 0;
      for (int64_t i = 0; i < n; ++i) count[in[i]] += 1;
      counts = aten::empty({m}, self.options().dtype(ScalarType::Long));
      int64_t* c = counts.data_ptr<int64_t>();
      for (int64_t i = 0; i < m; ++i) c[i] = count[out[i]];
    }
  }
  return {output, inverse, counts};
}

}  // namespace

std::tuple<Tensor, Tensor, Tensor> _unique2_cpu(const Tensor& self, bool sorted,
                                                bool return_inverse, bool return_counts) {
  return ATEN_DISPATCH__unique2_TYPES(self.scalar_type(), [&] {
    return unique_template<scalar_t>(self, sorted, return_inverse, return_counts);
  });
}

}  // namespace aten::native
