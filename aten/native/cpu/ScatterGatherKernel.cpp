// The CPU kernels of gather / index_select and scatter_. Compiled once per CPU capability.
// Moving elements depends only on their size (opaque types); scatter's reductions compute in
// the dtype. Indices were range-checked before these run.
#include <aten/core/Complex.h>
#include <aten/native/ScatterGather.h>
#include <aten/native/cpu/OpaqueType.h>
#include <aten/ops/scatter_dtypes.h>

#include <algorithm>
#include <cstring>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

template <typename T>
void for_element_size(ScalarType dtype, T&& f) {
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

// ---- gather ---------------------------------------------------------------------------------

template <typename T, typename I>
void gather_loop(TensorIteratorBase& iter, int64_t self_dim_stride) {
  constexpr auto e = static_cast<int64_t>(sizeof(T));
  iter.for_each([=](char** data, const int64_t* strides, int64_t n0, int64_t n1) {
    for (int64_t j = 0; j < n1; ++j) {
      char* out = data[0] + j * strides[3];
      const char* self = data[1] + j * strides[4];
      const char* index = data[2] + j * strides[5];
      if (strides[2] == 0) {
        // One index for the whole run (index_select along an outer dim): a row copy.
        const char* src = self + *reinterpret_cast<const I*>(index) * self_dim_stride;
        if (strides[0] == e && strides[1] == e) {
          std::memcpy(out, src, static_cast<size_t>(n0 * e));
        } else {
          for (int64_t i = 0; i < n0; ++i)
            *reinterpret_cast<T*>(out + i * strides[0]) = *reinterpret_cast<const T*>(
                src + i * strides[1]);
        }
        continue;
      }
      for (int64_t i = 0; i < n0; ++i) {
        const int64_t k = *reinterpret_cast<const I*>(index + i * strides[2]);
        *reinterpret_cast<T*>(out + i * strides[0]) = *reinterpret_cast<const T*>(
            self + i * strides[1] + k * self_dim_stride);
      }
    }
  });
}

void gather_kernel(TensorIteratorBase& iter, int64_t self_dim_stride) {
  for_element_size(iter.dtype(0), [&](auto opaque) {
    using T = decltype(opaque);
    if (iter.dtype(2) == ScalarType::Int) gather_loop<T, int32_t>(iter, self_dim_stride);
    else gather_loop<T, int64_t>(iter, self_dim_stride);
  });
}

// ---- scatter --------------------------------------------------------------------------------

struct Assign {
  template <typename T>
  void operator()(T& dst, const T& v) const {
    dst = v;
  }
};
struct Add {
  template <typename T>
  void operator()(T& dst, const T& v) const {
    dst = static_cast<T>(dst + v);
  }
};
struct Multiply {
  template <typename T>
  void operator()(T& dst, const T& v) const {
    dst = static_cast<T>(dst * v);
  }
};

// NaN wins: a NaN v replaces dst, and a NaN dst compares false and stays.
template <bool kMax>
struct Extremum {
  template <typename T>
  void operator()(T& dst, const T& v) const {
    if constexpr (is_complex_v<T>) {
      ATEN_ERROR("scatter_reduce(): amax and amin are not implemented for complex dtypes");
    } else {
      if (v != v || (kMax ? dst < v : v < dst)) dst = v;
    }
  }
};

// Each element of the iterator is one line along dim; the line is walked in index order.
int64_t scatter_grain(const ScatterDim& dim) {
  return std::max<int64_t>(1, GRAIN_SIZE / std::max<int64_t>(1, dim.size));
}

template <typename T, typename Op>
void scatter_loop(TensorIteratorBase& iter, const ScatterDim& dim, Op op) {
  iter.for_each(
      [&](char** data, const int64_t* strides, int64_t n0, int64_t n1) {
        for (int64_t j = 0; j < n1; ++j) {
          for (int64_t i = 0; i < n0; ++i) {
            char* self = data[0] + i * strides[0] + j * strides[3];
            const char* src = data[1] + i * strides[1] + j * strides[4];
            const char* index = data[2] + i * strides[2] + j * strides[5];
            for (int64_t k = 0; k < dim.size; ++k) {
              const int64_t x = *reinterpret_cast<const int64_t*>(index + k * dim.index_stride);
              op(*reinterpret_cast<T*>(self + x * dim.self_stride),
                 *reinterpret_cast<const T*>(src + k * dim.src_stride));
            }
          }
        }
      },
      scatter_grain(dim));
}

template <typename T, typename Op>
void scatter_fill_loop(TensorIteratorBase& iter, const ScatterDim& dim, T value, Op op) {
  iter.for_each(
      [&](char** data, const int64_t* strides, int64_t n0, int64_t n1) {
        for (int64_t j = 0; j < n1; ++j) {
          for (int64_t i = 0; i < n0; ++i) {
            char* self = data[0] + i * strides[0] + j * strides[2];
            const char* index = data[1] + i * strides[1] + j * strides[3];
            for (int64_t k = 0; k < dim.size; ++k) {
              const int64_t x = *reinterpret_cast<const int64_t*>(index + k * dim.index_stride);
              op(*reinterpret_cast<T*>(self + x * dim.self_stride), value);
            }
          }
        }
      },
      scatter_grain(dim));
}

void scatter_kernel(TensorIteratorBase& iter, const ScatterDim& dim, ScatterReduce reduce) {
  if (reduce == ScatterReduce::none) {
    for_element_size(iter.dtype(0),
                     [&](auto opaque) { scatter_loop<decltype(opaque)>(iter, dim, Assign{}); });
    return;
  }
  ATEN_DISPATCH_scatter_TYPES(iter.dtype(0), [&] {
    switch (reduce) {
      case ScatterReduce::add:
        return scatter_loop<scalar_t>(iter, dim, Add{});
      case ScatterReduce::amax:
        return scatter_loop<scalar_t>(iter, dim, Extremum<true>{});
      case ScatterReduce::amin:
        return scatter_loop<scalar_t>(iter, dim, Extremum<false>{});
      default:
        return scatter_loop<scalar_t>(iter, dim, Multiply{});
    }
  });
}

void scatter_fill_kernel(TensorIteratorBase& iter, const ScatterDim& dim, const Scalar& value,
                         ScatterReduce reduce) {
  ATEN_DISPATCH_scatter_TYPES(iter.dtype(0), [&] {
    const scalar_t v = value.to<scalar_t>();
    if (reduce == ScatterReduce::add) {
      scatter_fill_loop<scalar_t>(iter, dim, v, Add{});
    } else if (reduce == ScatterReduce::multiply) {
      scatter_fill_loop<scalar_t>(iter, dim, v, Multiply{});
    } else {
      opaque_t<scalar_t> bits;
      std::memcpy(&bits, &v, sizeof(v));
      scatter_fill_loop<opaque_t<scalar_t>>(iter, dim, bits, Assign{});
    }
  });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(gather_stub, &gather_kernel);
ATEN_REGISTER_DISPATCH(scatter_stub, &scatter_kernel);
ATEN_REGISTER_DISPATCH(scatter_fill_stub, &scatter_fill_kernel);

}  // namespace aten::native
