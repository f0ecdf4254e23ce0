// The CPU kernel of sort: each line along the sorted dim is copied out as (value, index) pairs,
// sorted, and written back. NaN sorts above every number. With stable=false the pairs go
// through std::sort, whose order of equal elements is libstdc++'s introsort's, as ATen's CPU
// kernel's (same algorithm, same comparisons: same indices); with stable=true through
// std::stable_sort. With stable=true, long lines of dtypes of at most 4 bytes are radix sorted
// instead: a stable sort, so the same result. (For stable=false a radix sort would agree with
// introsort only on lines without equal keys; on a line with them, as most long lines of floats
// have, a second sort would cost more than it saved.)
// Compiled once per CPU capability.
#include <aten/core/Convert.h>
#include <aten/native/Sorting.h>
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

// Sorts items (key << 32 | index) by key, stably: least significant digit first, a pass per
// digit, skipping the digits every key shares.
void radix_sort(std::vector<uint64_t>& items, std::vector<uint64_t>& scratch) {
  constexpr int kPasses = (32 + kDigitBits - 1) / kDigitBits;
  const size_t n = items.size();
  scratch.resize(n);
  std::vector<std::array<uint32_t, kDigitMask + 1>> count(kPasses);
  for (auto& c : count) c.fill(0);
  for (const uint64_t x : items)
    for (int p = 0; p < kPasses; ++p) ++count[p][(x >> (32 + p * kDigitBits)) & kDigitMask];
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
    for (const uint64_t x : items) scratch[c[(x >> shift) & kDigitMask]++] = x;
    items.swap(scratch);
  }
}

template <typename T>
void sort_loop(TensorIteratorBase& iter, const SortLine& line, bool stable, bool descending) {
  using K = decltype(key(T()));
  const int64_t n = line.size;
  constexpr bool kRadix = sizeof(K) <= 4;
  const bool radix = kRadix && stable && n >= kRadixMinSize && n <= int64_t{0xFFFFFFFF};
  iter.for_each(
      [&](char** data, const int64_t* strides, int64_t n0, int64_t n1) {
        std::vector<std::pair<K, int64_t>> pairs;
        if (!radix) pairs.resize(static_cast<size_t>(n));
        // The original values, kept by index, written back in sorted order.
        std::vector<T> original(static_cast<size_t>(n));
        std::vector<uint64_t> items, scratch;
        for (int64_t j = 0; j < n1; ++j) {
          for (int64_t i = 0; i < n0; ++i) {
            char* values = data[0] + i * strides[0] + j * strides[2];
            char* indices = data[1] + i * strides[1] + j * strides[3];
            if constexpr (kRadix) {
              if (radix) {
                items.resize(static_cast<size_t>(n));
                const uint32_t flip = descending ? 0xFFFFFFFFu : 0u;
                for (int64_t k = 0; k < n; ++k) {
                  const T v = *reinterpret_cast<const T*>(values + k * line.values_stride);
                  original[static_cast<size_t>(k)] = v;
                  items[static_cast<size_t>(k)] = (uint64_t{radix_key(key(v)) ^ flip} << 32) |
                                                  static_cast<uint64_t>(k);
                }
                radix_sort(items, scratch);
                for (int64_t k = 0; k < n; ++k) {
                  const auto from = static_cast<int64_t>(items[static_cast<size_t>(k)] &
                                                         0xFFFFFFFFu);
                  *reinterpret_cast<T*>(
                      values + k * line.values_stride) = original[static_cast<size_t>(from)];
                  *reinterpret_cast<int64_t*>(indices + k * line.indices_stride) = from;
                }
                continue;
              }
            }
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
