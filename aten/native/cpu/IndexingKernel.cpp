// The CPU kernels of advanced indexing (index, index_put_) and of embedding's backward.
// Compiled once per CPU capability. Moving elements depends only on their size (opaque types);
// accumulation computes in the dtype. Indices were range-checked before these run.
#include <aten/core/Convert.h>
#include <aten/cpu/Parallel.h>
#include <aten/native/Indexing.h>
#include <aten/native/cpu/OpaqueType.h>
#include <aten/ops/embedding_dense_backward_dtypes.h>
#include <aten/ops/index_put_dtypes.h>

#include <algorithm>
#include <array>
#include <cstring>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

template <typename F>
void for_element_size(ScalarType dtype, F&& f) {
  switch (elementSize(dtype)) {
    case 1:
      return f(OpaqueType<1>::type{});
    case 2:
      return f(OpaqueType<2>::type{});
    case 4:
      return f(OpaqueType<4>::type{});
    case 8:
      return f(OpaqueType<8>::type{});
    case 16:
      return f(OpaqueType<16>::type{});
    default:
      ATEN_ERROR("no kernel for elements of ", elementSize(dtype), " bytes (", dtype, ")");
  }
}

// A tensor has at most this many dims (TensorImpl's limit), so at most this many indices.
constexpr int kMaxIndices = 64;

// The byte offset into src of element i of a run, from the indices' values there.
struct Offsets {
  int n = 0;                                   // number of indices
  std::array<int64_t, kMaxIndices> sizes{};    // self's size along each indexed dim
  std::array<int64_t, kMaxIndices> strides{};  // and its byte stride there
  Offsets(IntArrayRef indexed_sizes, IntArrayRef indexed_strides)
      : n(static_cast<int>(indexed_sizes.size())) {
    ATEN_CHECK(n <= kMaxIndices, "index: at most ", kMaxIndices, " indices, got ", n);
    std::copy(indexed_sizes.begin(), indexed_sizes.end(), sizes.begin());
    std::copy(indexed_strides.begin(), indexed_strides.end(), strides.begin());
  }
  // idx[k] points at index k's current element.
  int64_t at(char* const* idx, int64_t i, const int64_t* idx_strides) const {
    int64_t offset = 0;
    for (int k = 0; k < n; ++k) {
      int64_t v = *reinterpret_cast<const int64_t*>(idx[k] + i * idx_strides[k]);
      if (v < 0) v += sizes[k];
      offset += v * strides[k];
    }
    return offset;
  }
};

// Whether no index moves along dim 0 of the 2-D step: the step then copies whole rows.
bool indices_constant(const int64_t* strides, int first, int count) {
  for (int k = 0; k < count; ++k)
    if (strides[first + k] != 0) return false;
  return true;
}

template <typename T>
void index_loop(TensorIteratorBase& iter, const Offsets& off) {
  constexpr auto e = static_cast<int64_t>(sizeof(T));
  const int nt = iter.ntensors();
  iter.for_each([&](char** data, const int64_t* strides, int64_t n0, int64_t n1) {
    std::array<char*, kMaxIndices> idx{};
    const bool rows = indices_constant(strides, 2, off.n);
    for (int64_t j = 0; j < n1; ++j) {
      char* out = data[0] + j * strides[nt];
      const char* src = data[1] + j * strides[nt + 1];
      for (int k = 0; k < off.n; ++k) idx[k] = data[2 + k] + j * strides[nt + 2 + k];
      if (rows) {
        // One place in self for the whole run (t[long_index] of rows): a row copy.
        const char* from = src + off.at(idx.data(), 0, strides + 2);
        if (strides[0] == e && strides[1] == e) {
          std::memcpy(out, from, static_cast<size_t>(n0 * e));
        } else {
          for (int64_t i = 0; i < n0; ++i)
            *reinterpret_cast<T*>(out + i * strides[0]) = *reinterpret_cast<const T*>(
                from + i * strides[1]);
        }
        continue;
      }
      for (int64_t i = 0; i < n0; ++i)
        *reinterpret_cast<T*>(out + i * strides[0]) = *reinterpret_cast<const T*>(
            src + i * strides[1] + off.at(idx.data(), i, strides + 2));
    }
  });
}

void index_kernel(TensorIteratorBase& iter, IntArrayRef indexed_sizes,
                  IntArrayRef indexed_strides) {
  const Offsets off(indexed_sizes, indexed_strides);
  for_element_size(iter.dtype(0), [&](auto opaque) { index_loop<decltype(opaque)>(iter, off); });
}

// dst += v in the dtype; Bool accumulates as a logical or.
template <typename T>
void accumulate_into(T& dst, const T& v) {
  if constexpr (std::is_same_v<T, bool>) {
    dst = dst || v;
  } else {
    dst = static_cast<T>(dst + v);
  }
}

template <typename T, typename Op>
void index_put_loop(TensorIteratorBase& iter, const Offsets& off, Op op) {
  const int nt = iter.ntensors();
  iter.serial_for_each(
      [&](char** data, const int64_t* strides, int64_t n0, int64_t n1) {
        std::array<char*, kMaxIndices> idx{};
        for (int64_t j = 0; j < n1; ++j) {
          char* dst = data[0] + j * strides[nt];
          const char* values = data[1] + j * strides[nt + 1];
          for (int k = 0; k < off.n; ++k) idx[k] = data[2 + k] + j * strides[nt + 2 + k];
          for (int64_t i = 0; i < n0; ++i)
            op(*reinterpret_cast<T*>(dst + i * strides[0] + off.at(idx.data(), i, strides + 2)),
               *reinterpret_cast<const T*>(values + i * strides[1]));
        }
      },
      {0, iter.numel()});
}

void index_put_kernel(TensorIteratorBase& iter, IntArrayRef indexed_sizes,
                      IntArrayRef indexed_strides, bool accumulate) {
  const Offsets off(indexed_sizes, indexed_strides);
  if (!accumulate) {
    for_element_size(iter.dtype(0), [&](auto opaque) {
      using T = decltype(opaque);
      index_put_loop<T>(iter, off, [](T& dst, const T& v) { dst = v; });
    });
    return;
  }
  ATEN_DISPATCH_index_put_TYPES(iter.dtype(0), [&] {
    index_put_loop<scalar_t>(iter, off,
                             [](scalar_t& dst, const scalar_t& v) { accumulate_into(dst, v); });
  });
}

// ---- embedding backward -------------------------------------------------------------------

template <typename T, typename I>
void embedding_backward_loop(const Tensor& grad_weight, const Tensor& grad, const Tensor& indices,
                             int64_t padding_idx, const std::vector<double>* scale) {
  const int64_t num_weights = grad_weight.sizes()[0];
  const int64_t n = indices.numel();
  const int64_t d = grad.sizes()[1];
  const I* index = indices.data_ptr<I>();
  const T* g = grad.data_ptr<T>();
  T* w = grad_weight.data_ptr<T>();
  // Each thread owns a range of weight rows and scans every index for those in it.
  const int64_t grain = std::max<int64_t>(1, GRAIN_SIZE / std::max<int64_t>(1, n));
  parallel_for(0, num_weights, grain, [&](int64_t begin, int64_t end) {
    for (int64_t r = 0; r < n; ++r) {
      const auto k = static_cast<int64_t>(index[r]);
      if (k < begin || k >= end || k == padding_idx) continue;
      T* dst = w + k * d;
      const T* src = g + r * d;
      if constexpr (std::is_same_v<T, bool>) {
        for (int64_t c = 0; c < d; ++c) dst[c] = dst[c] || src[c];
      } else if (scale != nullptr || is_complex_v<T>) {
        // A complex row is multiplied by its scale even when that is 1, as ATen's add with
        // alpha does: an infinite part then makes the other part NaN in both libraries.
        const auto s = convert<T>(scale != nullptr ? (*scale)[static_cast<size_t>(k)] : 1.0);
        for (int64_t c = 0; c < d; ++c) dst[c] = static_cast<T>(dst[c] + src[c] * s);
      } else {
        for (int64_t c = 0; c < d; ++c) dst[c] = static_cast<T>(dst[c] + src[c]);
      }
    }
  });
}

void embedding_backward_kernel(const Tensor& grad_weight, const Tensor& grad, const Tensor& indices,
                               int64_t padding_idx, const std::vector<double>* scale) {
  ATEN_DISPATCH_embedding_dense_backward_TYPES(grad.scalar_type(), [&] {
    if (indices.scalar_type() == ScalarType::Int) {
      embedding_backward_loop<scalar_t, int32_t>(grad_weight, grad, indices, padding_idx, scale);
    } else {
      embedding_backward_loop<scalar_t, int64_t>(grad_weight, grad, indices, padding_idx, scale);
    }
  });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(index_stub, &index_kernel);
ATEN_REGISTER_DISPATCH(index_put_stub, &index_put_kernel);
ATEN_REGISTER_DISPATCH(embedding_backward_stub, &embedding_backward_kernel);

}  // namespace aten::native
