// The CPU kernel of sort: each line along the sorted dim is copied out as (value, index) pairs,
// sorted, and written back. NaN sorts above every number. Every sort is stable: long lines of
// dtypes of at most 4 bytes are radix sorted, the others go through std::stable_sort. For
// stable=false ATen runs std::sort (libstdc++'s introsort), whose order of equal elements is its
// own; a stable order is one of the orders stable=false allows, and the radix sort is several
// times faster than either comparison sort (tests/conformance/divergences.yaml lists the indices
// of equal elements as an intentional difference).
// Compiled once per CPU capability.
#include <aten/core/Convert.h>
#include <aten/native/Sorting.h>
#include <aten/ops/empty.h>
#include <aten/ops/sort_dtypes.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
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

// ---- radix sort ----

// Lines shorter than this are sorted by comparisons: the radix passes' histograms cost more.
constexpr int64_t kRadixMinSize = 512;
// Bits of the key per pass: three passes over a 32-bit key, histograms of 2048 counts.
constexpr int kDigitBits = 11;
constexpr uint64_t kDigitMask = (uint64_t{1} << kDigitBits) - 1;

// An unsigned key ordered as Ascending orders the values: NaN (every NaN) above everything, -0
// equal to 0; integers with the sign bit flipped.
template <typename K>
uint32_t radix_key(K v) {
  if constexpr (std::is_same_v<K, float>) {
    if (std::isnan(v)) return 0xFFFFFFFFu;
    const auto bits = std::bit_cast<uint32_t>(v == 0.f ? 0.f : v);
    return (bits & 0x80000000u) ? ~bits : bits | 0x80000000u;
  } else if constexpr (std::is_signed_v<K>) {
    return static_cast<uint32_t>(static_cast<int32_t>(v)) ^ 0x80000000u;
  } else {
    return static_cast<uint32_t>(v);
  }
}

// The keys radix_key gives more than one value: 0 and -0 share one, every NaN the top one. The
// others map back to their value (from_radix_key), so the sorted values come from the keys and
// only these are read from the input again.
template <typename K>
bool shared_key(uint32_t k) {
  if constexpr (std::is_same_v<K, float>) {
    return k == 0x80000000u || k == 0xFFFFFFFFu;
  } else {
    return false;
  }
}

template <typename K>
K from_radix_key(uint32_t k) {
  if constexpr (std::is_same_v<K, float>) {
    return std::bit_cast<float>((k & 0x80000000u) ? (k & 0x7FFFFFFFu) : ~k);
  } else if constexpr (std::is_signed_v<K>) {
    return static_cast<K>(static_cast<int32_t>(k ^ 0x80000000u));
  } else {
    return static_cast<K>(k);
  }
}

constexpr int kPasses = (32 + kDigitBits - 1) / kDigitBits;
using Histograms = std::array<std::array<uint32_t, kDigitMask + 1>, kPasses>;

// Sorts items (key << 32 | index) by key, stably, given each digit's histogram: least
// significant digit first, a pass per digit, skipping the digits every key shares.
void radix_sort(uint64_t*& items, uint64_t*& scratch, size_t n, Histograms& count) {
  for (int p = 0; p < kPasses; ++p) {
    const int shift = 32 + p * kDigitBits;
    auto& c = count[p];
    if (c[(items[0] >> shift) & kDigitMask] == n) continue;
    uint32_t offset = 0;
    for (auto& slot : c) {
      const uint32_t here = slot;
      slot = offset;
      offset += here;
    }
    for (size_t k = 0; k < n; ++k) {
      const uint64_t x = items[k];
      scratch[c[(x >> shift) & kDigitMask]++] = x;
    }
    std::swap(items, scratch);
  }
}

// One line of n values at `stride` (bytes), sorted in place by a radix sort, with the index of
// each value's origin written to `indices`.
template <typename T>
struct RadixLine {
  using K = decltype(key(T()));
  // The items and the passes' scratch, n each: tensors, so that the allocator's cache of large
  // blocks keeps their pages between calls (fresh vectors of a 1M-element line cost 4,000 page
  // faults, as long as the sort itself).
  Tensor buffer;
  std::vector<T> original;  // only for lines holding a shared key
  Histograms count;

  void sort(char* values, int64_t stride, int64_t n, bool descending, char* indices,
            int64_t indices_stride) {
    const uint32_t flip = descending ? 0xFFFFFFFFu : 0u;
    if (!buffer.defined()) buffer = aten::empty({2, n}, TensorOptions(ScalarType::Long));
    auto* items = reinterpret_cast<uint64_t*>(buffer.data_ptr<int64_t>());
    uint64_t* scratch = items + n;
    for (auto& c : count) c.fill(0);
    int64_t shared = 0;
    for (int64_t k = 0; k < n; ++k) {
      const uint32_t rk = radix_key(key(*reinterpret_cast<const T*>(values + k * stride)));
      shared += shared_key<K>(rk);
      const uint32_t sk = rk ^ flip;
      for (int p = 0; p < kPasses; ++p) ++count[p][(sk >> (p * kDigitBits)) & kDigitMask];
      items[static_cast<size_t>(k)] = (uint64_t{sk} << 32) | static_cast<uint64_t>(k);
    }
    if (shared > 0) {
      original.resize(static_cast<size_t>(n));
      for (int64_t k = 0; k < n; ++k)
        original[static_cast<size_t>(k)] = *reinterpret_cast<const T*>(values + k * stride);
    }
    radix_sort(items, scratch, static_cast<size_t>(n), count);
    for (int64_t k = 0; k < n; ++k) {
      const uint64_t item = items[static_cast<size_t>(k)];
      const auto from = static_cast<int64_t>(item & 0xFFFFFFFFu);
      const auto rk = static_cast<uint32_t>(item >> 32) ^ flip;
      *reinterpret_cast<T*>(values + k * stride) = shared > 0 && shared_key<K>(rk)
                                                       ? original[static_cast<size_t>(from)]
                                                       : static_cast<T>(from_radix_key<K>(rk));
      *reinterpret_cast<int64_t*>(indices + k * indices_stride) = from;
    }
  }
};

template <typename T>
void sort_loop(TensorIteratorBase& iter, const SortLine& line, bool descending) {
  using K = decltype(key(T()));
  const int64_t n = line.size;
  constexpr bool kRadix = sizeof(K) <= 4;
  const bool radix = kRadix && n >= kRadixMinSize && n <= int64_t{0xFFFFFFFF};
  iter.for_each(
      [&](char** data, const int64_t* strides, int64_t n0, int64_t n1) {
        std::vector<std::pair<K, int64_t>> pairs;
        if (!radix) pairs.resize(static_cast<size_t>(n));
        // The original values, kept by index, written back in sorted order.
        std::vector<T> original(radix ? 0 : static_cast<size_t>(n));
        RadixLine<T> line_sort;
        for (int64_t j = 0; j < n1; ++j) {
          for (int64_t i = 0; i < n0; ++i) {
            char* values = data[0] + i * strides[0] + j * strides[2];
            char* indices = data[1] + i * strides[1] + j * strides[3];
            if constexpr (kRadix) {
              if (radix) {
                line_sort.sort(values, line.values_stride, n, descending, indices,
                               line.indices_stride);
                continue;
              }
            }
            for (int64_t k = 0; k < n; ++k) {
              original[static_cast<size_t>(k)] = *reinterpret_cast<const T*>(
                  values + k * line.values_stride);
              pairs[static_cast<size_t>(k)] = {key(original[static_cast<size_t>(k)]), k};
            }
            if (descending) std::stable_sort(pairs.begin(), pairs.end(), Descending{});
            else std::stable_sort(pairs.begin(), pairs.end(), Ascending{});
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

void sort_kernel(TensorIteratorBase& iter, const SortLine& line, bool /*stable*/, bool descending) {
  ATEN_DISPATCH_sort_TYPES(iter.dtype(0), [&] { sort_loop<scalar_t>(iter, line, descending); });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(sort_stub, &sort_kernel);

}  // namespace aten::native
