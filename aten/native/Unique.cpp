// The unique ops, as ATen's CPU kernels compute them.
//
// _unique2 (torch.unique without dim): the distinct values are a std::unordered_set's, in its
// iteration order or sorted by <, and the inverse and counts come from std::unordered_maps keyed
// by the values. The same containers over the same hash and equality give the same order and the
// same answers for NaN (never equal to itself: each NaN is its own element, found by no lookup, so
// its inverse and count are 0) and for -0 and 0 (equal: the first met stands for both). Bool
// values are always sorted, as ATen's Bool kernel lists them.
//
// unique_dim, unique_dim_consecutive and unique_consecutive with a dim: self's slices along dim,
// each in the C order of self.transpose(0, dim) (as libtorch 1.13 reads them), their indices
// std::sort-ed by ATen's lexicographic < (unique_dim only), then each run of equal neighbours
// merged into its first. The same comparison over the same std::sort gives ATen's order where < is
// no strict weak order (a NaN is neither less nor greater than anything, yet slices holding one are
// never equal), and the same representative of equal slices (-0 and 0).
//
// unique_consecutive without dim: the runs of equal elements of self, flattened, each by its
// first element (a NaN is a run of its own).
#include <aten/core/BFloat16.h>
#include <aten/ops/_unique2_dtypes.h>
#include <aten/ops/_unique2_native.h>
#include <aten/ops/empty.h>
#include <aten/ops/transpose.h>
#include <aten/ops/unique_consecutive_dtypes.h>
#include <aten/ops/unique_consecutive_native.h>
#include <aten/ops/unique_dim_consecutive_dtypes.h>
#include <aten/ops/unique_dim_consecutive_native.h>
#include <aten/ops/unique_dim_dtypes.h>
#include <aten/ops/unique_dim_native.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <numeric>
#include <optional>
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

// A value as ATen's kernels compare it with <, > and !=: BFloat16 as float (c10::BFloat16's
// operators convert), the others as they are.
template <typename T>
auto compared(T v) {
  if constexpr (std::is_same_v<T, BFloat16>) {
    return static_cast<float>(v);
  } else {
    return v;
  }
}

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
    std::sort(vec.begin(), vec.end(), [](T a, T b) { return compared(a) < compared(b); });
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

TensorOptions long_options(const Tensor& self) { return self.options().dtype(ScalarType::Long); }

// A 1-d Long tensor holding v.
Tensor long_tensor(const std::vector<int64_t>& v, const Tensor& self) {
  Tensor t = aten::empty({static_cast<int64_t>(v.size())}, long_options(self));
  std::copy(v.begin(), v.end(), t.data_ptr<int64_t>());
  return t;
}

// dim wrapped, after ATen's checks of the dim overloads: a dim of self, and no size-0 dim but
// the one selected. (The messages get the op's name from OpContext.)
int64_t checked_dim(const Tensor& self, int64_t dim) {
  const int64_t n = self.dim();
  ATEN_CHECK_INDEX(n > 0, "dim specified as ", dim, " but self has no dimensions");
  ATEN_CHECK_INDEX(dim >= -n && dim < n, "dim out of range (expected to be in range of [", -n, ", ",
                   n - 1, "], but got ", dim, ")");
  const int64_t d = dim < 0 ? dim + n : dim;
  const auto zero_sized = std::count(self.sizes().begin(), self.sizes().end(), 0);
  if (self.size(d) == 0) {
    ATEN_CHECK(zero_sized == 1, "self of shape ", self.sizes(),
               " has more than one dimension of size 0, so unique cannot be applied along dim ",
               dim);
  } else {
    ATEN_CHECK(zero_sized == 0, "self of shape ", self.sizes(),
               " has dimensions of size 0 other than dim ", dim, ", so unique cannot be applied");
  }
  return d;
}

// The distinct slices of self along dim (a checked_dim), sorted unless `consecutive`, with the
// inverse and the counts, which ATen computes whether asked for or not.
template <typename T>
std::tuple<Tensor, Tensor, Tensor> unique_dim_template(const Tensor& self, int64_t dim,
                                                       bool consecutive) {
  if (self.size(dim) == 0) {
    return {aten::empty(self.sizes(), self.options()), aten::empty({0}, long_options(self)),
            aten::empty({0}, long_options(self))};
  }
  // Slice k is row k of the [n, len] matrix `in`: self with dims 0 and dim swapped (ATen's
  // order of a slice's elements, which its sort compares in), contiguous.
  const Tensor moved = aten::transpose(self, 0, dim).contiguous();
  const int64_t n = moved.size(0);
  const int64_t len = moved.numel() / n;
  const T* in = moved.data_ptr<T>();
  std::vector<int64_t> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  if (!consecutive) {
    std::sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
      for (int64_t i = 0; i < len; ++i) {
        const auto lhs = compared(in[a * len + i]);
        const auto rhs = compared(in[b * len + i]);
        if (lhs < rhs) return true;
        if (lhs > rhs) return false;
      }
      return false;
    });
  }
  auto differ = [&](int64_t a, int64_t b) {
    for (int64_t i = 0; i < len; ++i)
      if (compared(in[a * len + i]) != compared(in[b * len + i])) return true;
    return false;
  };
  std::vector<int64_t> kept;  // the slice standing for each distinct one, in order
  std::vector<int64_t> counts;
  Tensor inverse = aten::empty({n}, long_options(self));
  int64_t* inv = inverse.data_ptr<int64_t>();
  for (int64_t k : order) {
    if (kept.empty() || differ(kept.back(), k)) {
      kept.push_back(k);
      counts.push_back(0);
    }
    inv[k] = static_cast<int64_t>(kept.size()) - 1;
    ++counts.back();
  }
  std::vector<int64_t> sizes(moved.sizes().begin(), moved.sizes().end());
  sizes[0] = static_cast<int64_t>(kept.size());
  Tensor output = aten::empty(sizes, self.options());
  T* out = output.data_ptr<T>();
  for (size_t j = 0; j < kept.size(); ++j)
    std::copy_n(in + kept[j] * len, len, out + static_cast<int64_t>(j) * len);
  // ATen's result is this contiguous one with the dims swapped back: strides as its.
  return {aten::transpose(output, 0, dim), inverse, long_tensor(counts, self)};
}

// The runs of equal elements of self, flattened: their first elements, with the inverse (in
// self's shape) and the counts when asked for, empty otherwise.
template <typename T>
std::tuple<Tensor, Tensor, Tensor> unique_consecutive_template(const Tensor& self,
                                                               bool return_inverse,
                                                               bool return_counts) {
  const Tensor input = self.contiguous();
  const T* in = input.data_ptr<T>();
  const int64_t n = input.numel();
  Tensor inverse = return_inverse ? aten::empty(input.sizes(), long_options(self))
                                  : aten::empty({0}, long_options(self));
  int64_t* inv = return_inverse ? inverse.data_ptr<int64_t>() : nullptr;
  std::vector<int64_t> first;  // where each run starts
  for (int64_t i = 0; i < n; ++i) {
    if (first.empty() || compared(in[i]) != compared(in[first.back()])) first.push_back(i);
    if (inv != nullptr) inv[i] = static_cast<int64_t>(first.size()) - 1;
  }
  const auto m = static_cast<int64_t>(first.size());
  Tensor output = aten::empty({m}, input.options());
  T* out = output.data_ptr<T>();
  for (int64_t j = 0; j < m; ++j) out[j] = in[first[static_cast<size_t>(j)]];
  Tensor counts = aten::empty({0}, long_options(self));
  if (return_counts) {
    std::vector<int64_t> c(first.size());
    for (size_t j = 0; j < first.size(); ++j)
      c[j] = (j + 1 < first.size() ? first[j + 1] : n) - first[j];
    counts = long_tensor(c, self);
  }
  return {output, inverse, counts};
}

}  // namespace

std::tuple<Tensor, Tensor, Tensor> _unique2_cpu(const Tensor& self, bool sorted,
                                                bool return_inverse, bool return_counts) {
  // ATen's Bool kernel counts the two values and lists them false first, sorted or not.
  sorted = sorted || self.scalar_type() == ScalarType::Bool;
  return ATEN_DISPATCH__unique2_TYPES(self.scalar_type(), [&] {
    return unique_template<scalar_t>(self, sorted, return_inverse, return_counts);
  });
}

// sorted is ignored, as by ATen's CPU kernel, which always sorts; so are return_inverse and
// return_counts: the inverse and counts are always computed.
std::tuple<Tensor, Tensor, Tensor> unique_dim_cpu(const Tensor& self, int64_t dim, bool /*sorted*/,
                                                  bool /*return_inverse*/, bool /*return_counts*/) {
  return ATEN_DISPATCH_unique_dim_TYPES(self.scalar_type(), [&] {
    return unique_dim_template<scalar_t>(self, checked_dim(self, dim), false);
  });
}

std::tuple<Tensor, Tensor, Tensor> unique_dim_consecutive_cpu(const Tensor& self, int64_t dim,
                                                              bool /*return_inverse*/,
                                                              bool /*return_counts*/) {
  return ATEN_DISPATCH_unique_dim_consecutive_TYPES(self.scalar_type(), [&] {
    return unique_dim_template<scalar_t>(self, checked_dim(self, dim), true);
  });
}

std::tuple<Tensor, Tensor, Tensor> unique_consecutive_cpu(const Tensor& self, bool return_inverse,
                                                          bool return_counts,
                                                          std::optional<int64_t> dim) {
  return ATEN_DISPATCH_unique_consecutive_TYPES(self.scalar_type(), [&] {
    // As ATen, dim 0 of a 1-d self (not dim -1) takes the flat path, with its empty inverse or
    // counts when they are not asked for.
    if (dim && !(*dim == 0 && self.dim() == 1)) {
      return unique_dim_template<scalar_t>(self, checked_dim(self, *dim), true);
    }
    return unique_consecutive_template<scalar_t>(self, return_inverse, return_counts);
  });
}

}  // namespace aten::native
