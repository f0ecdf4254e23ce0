#pragma once
// The inner loops of pointwise kernels (ATen's Loops.h). A kernel supplies a scalar lambda and,
// for cpu_kernel_vec, a Vectorized lambda; the loops here decide, per 2-D step, whether the
// strides allow the vector path:
//   - every operand contiguous along dim 0          -> vectorized_loop, all loads
//   - contiguous except one input with stride 0     -> vectorized_loop with that input broadcast
//   - anything else                                 -> basic_loop, element by element
// Operand 0 is the output; operands 1..arity are the lambda's arguments.
#include <aten/cpu/FunctionTraits.h>
#include <aten/cpu/Parallel.h>
#include <aten/cpu/vec/Stream.h>
#include <aten/cpu/vec/Vectorized.h>
#include <aten/iterator/TensorIterator.h>

#include <array>
#include <tuple>
#include <utility>

namespace aten::native {
inline namespace CPU_CAPABILITY {

// Reads bool through its byte so a stored value other than 0/1 is not undefined behaviour.
template <typename T>
inline T load(const char* p) {
  if constexpr (std::is_same_v<T, bool>) {
    return *reinterpret_cast<const uint8_t*>(p) != 0;
  } else {
    return *reinterpret_cast<const T*>(p);
  }
}

// Outputs at least this big are written with streaming stores: the size of this machine's
// (and most servers') last-level cache slice.
constexpr int64_t kStreamingStoreBytes = int64_t{32} << 20;

template <typename traits, size_t... I>
inline typename traits::ArgsTuple dereference(char* const* data, const int64_t* strides, int64_t i,
                                              std::index_sequence<I...>) {
  return typename traits::ArgsTuple(
      load<typename traits::template arg<I>>(data[I] + i * strides[I])...);
}

template <typename func_t>
inline void basic_loop(char* const* data, const int64_t* strides, int64_t i, int64_t n,
                       func_t&& op) {
  using traits = function_traits<func_t>;
  using out_t = typename traits::result_type;
  constexpr auto indices = std::make_index_sequence<traits::arity>{};
  for (; i < n; ++i) {
    auto* out = reinterpret_cast<out_t*>(data[0] + i * strides[0]);
    *out = std::apply(op, dereference<traits>(&data[1], &strides[1], i, indices));
  }
}

template <typename traits, typename Vec, size_t... I>
inline typename traits::ArgsTuple dereference_vec(char* const* data, const Vec& scalar, int64_t S,
                                                  int64_t i, std::index_sequence<I...>) {
  using T = typename Vec::value_type;
  return typename traits::ArgsTuple(
      (static_cast<int64_t>(I) + 1 == S ? scalar : Vec::loadu(data[I] + i * sizeof(T)))...);
}

// n contiguous elements; when S > 0, input S is one value used for every element. With
// `stream` the vector stores bypass the cache (see vec/Stream.h), from the first aligned one.
// A run-time flag, not a template parameter: the op's vector body is then compiled once, and
// the branch per two vectors costs nothing measurable.
template <typename func_t, typename vec_func_t>
inline void vectorized_loop(char** data, int64_t n, int64_t S, bool stream, func_t&& op,
                            vec_func_t&& vop) {
  using traits = function_traits<vec_func_t>;
  using scalar_t = typename function_traits<func_t>::result_type;
  using Vec = vec::Vectorized<scalar_t>;
  constexpr int ntensors = traits::arity + 1;
  constexpr auto indices = std::make_index_sequence<traits::arity>{};
  int64_t strides[ntensors];
  for (int a = 0; a < ntensors; ++a) strides[a] = (S > 0 && a == S) ? 0 : sizeof(scalar_t);

  int64_t i = 0;
  if (stream) {  // element by element up to the first vector-aligned output
    const auto misalign = reinterpret_cast<uintptr_t>(data[0]) % vec::kVectorBytes;
    const int64_t head = misalign == 0 ? 0 : (vec::kVectorBytes - misalign) / sizeof(scalar_t);
    i = std::min(n, head);
    basic_loop(data, strides, 0, i, op);
  }
  const Vec broadcast = S > 0 ? Vec(load<scalar_t>(data[S])) : Vec(scalar_t(0));
  // Two vectors per iteration: independent dependency chains keep both FMA ports busy.
  for (; i <= n - 2 * Vec::size(); i += 2 * Vec::size()) {
    auto out1 = std::apply(vop, dereference_vec<traits>(&data[1], broadcast, S, i, indices));
    auto out2 = std::apply(
        vop, dereference_vec<traits>(&data[1], broadcast, S, i + Vec::size(), indices));
    if (stream) {
      vec::stream(data[0] + i * sizeof(scalar_t), out1);
      vec::stream(data[0] + (i + Vec::size()) * sizeof(scalar_t), out2);
    } else {
      out1.store(data[0] + i * sizeof(scalar_t));
      out2.store(data[0] + (i + Vec::size()) * sizeof(scalar_t));
    }
  }
  if (stream) vec::stream_fence();
  if (i < n) basic_loop(data, strides, i, n, op);
}

template <typename traits>
inline bool is_contiguous(const int64_t* strides) {
  if (strides[0] != sizeof(typename traits::result_type)) return false;
  return [&]<size_t... I>(std::index_sequence<I...>) {
    return ((strides[I + 1] == sizeof(typename traits::template arg<I>)) && ...);
  }
  (std::make_index_sequence<traits::arity>{});
}

// Contiguous, except input s (1-based) which is broadcast (stride 0).
template <typename traits>
inline bool is_contiguous_scalar(const int64_t* strides, size_t s) {
  if (strides[0] != sizeof(typename traits::result_type)) return false;
  return [&]<size_t... I>(std::index_sequence<I...>) {
    return ((I + 1 == s ? strides[I + 1] == 0
                        : strides[I + 1] == sizeof(typename traits::template arg<I>)) &&
            ...);
  }
  (std::make_index_sequence<traits::arity>{});
}

template <typename op_t, typename vop_t>
struct VectorizedLoop2d {
  op_t op;
  vop_t vop;
  bool stream = false;  // the output is bigger than the last-level cache
  using traits = function_traits<op_t>;
  static constexpr int ntensors = traits::arity + 1;

  void operator()(char** base, const int64_t* strides, int64_t size0, int64_t size1) {
    std::array<char*, ntensors> data;
    for (int a = 0; a < ntensors; ++a) data[a] = base[a];
    const int64_t* outer = &strides[ntensors];
    auto advance = [&] {
      for (int a = 0; a < ntensors; ++a) data[a] += outer[a];
    };
    // A row shorter than one two-vector step would run entirely in vectorized_loop's scalar
    // tail: basic_loop gives the same results without the vector set-up (1-element ops).
    constexpr int64_t kMinVectorRow = 2 * vec::Vectorized<typename traits::result_type>::size();
    int64_t scalar_arg = 0;  // 0: no broadcast input on the vector path
    bool vectorizable = false;
    if (size0 >= kMinVectorRow) {
      vectorizable = is_contiguous<traits>(strides);
      for (size_t s = 1; !vectorizable && s <= traits::arity; ++s) {
        if (is_contiguous_scalar<traits>(strides, s)) {
          vectorizable = true;
          scalar_arg = static_cast<int64_t>(s);
        }
      }
    }
    // The scalar path on its own: the compiler then hoists the vector path's set-up (its
    // strides, bounds and broadcast value) into that path only, not into every short row.
    if (!vectorizable) {
      for (int64_t j = 0; j < size1; ++j, advance()) basic_loop(data.data(), strides, 0, size0, op);
      return;
    }
    for (int64_t j = 0; j < size1; ++j, advance())
      vectorized_loop(data.data(), size0, scalar_arg, stream, op, vop);
  }
};

// out = op(inputs...) element by element, with the vector path where strides allow. Every
// operand must have the lambda's types (the kernel's dtype switch guarantees it).
template <typename func_t, typename vec_func_t>
void cpu_kernel_vec(TensorIteratorBase& iter, func_t&& op, vec_func_t&& vop,
                    int64_t grain_size = GRAIN_SIZE) {
  using traits = function_traits<func_t>;
  ATEN_INTERNAL_ASSERT(iter.ninputs() == static_cast<int>(traits::arity) && iter.noutputs() == 1);
  // An output that cannot stay in the last-level cache (32 MiB here) is written around it.
  const bool stream = iter.numel() * elementSize(iter.dtype(0)) >= kStreamingStoreBytes;
  iter.for_each(VectorizedLoop2d<std::decay_t<func_t>, std::decay_t<vec_func_t>>{op, vop, stream},
                grain_size);
  iter.cast_outputs();
}

// The scalar-only 2-D loop: basic_loop along dim 0, once per row of dim 1.
template <typename op_t>
struct BasicLoop2d {
  op_t op;
  void operator()(char** data, const int64_t* strides, int64_t size0, int64_t size1) {
    constexpr size_t nt = function_traits<op_t>::arity + 1;
    std::array<char*, nt> ptrs;
    for (size_t a = 0; a < nt; ++a) ptrs[a] = data[a];
    for (int64_t j = 0; j < size1; ++j) {
      basic_loop(ptrs.data(), strides, 0, size0, op);
      for (size_t a = 0; a < nt; ++a) ptrs[a] += strides[nt + a];
    }
  }
};

// out = op(inputs...) with the scalar lambda only.
template <typename func_t>
void cpu_kernel(TensorIteratorBase& iter, func_t&& op, int64_t grain_size = GRAIN_SIZE) {
  using traits = function_traits<func_t>;
  ATEN_INTERNAL_ASSERT(iter.ninputs() == static_cast<int>(traits::arity) && iter.noutputs() == 1);
  iter.for_each(BasicLoop2d<std::decay_t<func_t>>{op}, grain_size);
  iter.cast_outputs();
}

// cpu_kernel on the calling thread only, in the iterator's order: for kernels with state
// (a random generator, a running counter).
template <typename func_t>
void cpu_serial_kernel(TensorIteratorBase& iter, func_t&& op) {
  using traits = function_traits<func_t>;
  ATEN_INTERNAL_ASSERT(iter.ninputs() == static_cast<int>(traits::arity) && iter.noutputs() == 1);
  const int64_t n = iter.numel();
  if (n == 0) return;
  iter.serial_for_each(BasicLoop2d<std::decay_t<func_t>>{op}, {0, n});
  iter.cast_outputs();
}

// A kernel with several outputs: op returns a std::tuple, element k going to output k.
template <typename func_t>
void cpu_kernel_multiple_outputs(TensorIteratorBase& iter, func_t&& op,
                                 int64_t grain_size = GRAIN_SIZE) {
  using traits = function_traits<func_t>;
  using result_t = typename traits::result_type;
  constexpr int nout = std::tuple_size_v<result_t>;
  constexpr int nt = nout + static_cast<int>(traits::arity);
  ATEN_INTERNAL_ASSERT(iter.noutputs() == nout &&
                       iter.ninputs() == static_cast<int>(traits::arity));
  constexpr auto in_indices = std::make_index_sequence<traits::arity>{};
  iter.for_each(
      [&](char** data, const int64_t* strides, int64_t size0, int64_t size1) {
        std::array<char*, nt> ptrs;
        for (int a = 0; a < nt; ++a) ptrs[a] = data[a];
        for (int64_t j = 0; j < size1; ++j) {
          for (int64_t i = 0; i < size0; ++i) {
            result_t r = std::apply(
                op, dereference<traits>(&ptrs[nout], &strides[nout], i, in_indices));
            [&]<size_t... K>(std::index_sequence<K...>) {
              ((*reinterpret_cast<std::tuple_element_t<K, result_t>*>(
                    ptrs[K] + i * strides[K]) = std::get<K>(r)),
               ...);
            }
            (std::make_index_sequence<nout>{});
          }
          for (int a = 0; a < nt; ++a) ptrs[a] += strides[nt + a];
        }
      },
      grain_size);
  iter.cast_outputs();
}

}  // namespace CPU_CAPABILITY
}  // namespace aten::native
