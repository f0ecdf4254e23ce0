#pragma once
// The sampling ops' primitive: a run of a call's Philox word stream (PhiloxStream.h), one word
// per element, written into a contiguous buffer as the words themselves or as uniform floats
// on [0, 1) (uniform_float). out[j] is element begin + j of the call, so a chunk of an output
// is filled by the same call with its own begin: the values never depend on how an output is
// split into chunks or threads. Kernels live in native/cpu/PhiloxFillKernel.cpp (vectorized
// under AVX2 and AVX-512, checked bit for bit against the reference below).
//
// `stream` asks for non-temporal stores (vec/Stream.h): the caller sets it when the whole
// output, not this chunk, is larger than the last-level cache (kStreamingStoreBytes).
#include <aten/core/Distributions.h>
#include <aten/core/PhiloxStream.h>
#include <aten/cpu/DispatchStub.h>

#include <cstdint>

namespace aten::native {

using philox_fill_words_fn = void (*)(const PhiloxRange& range, int64_t begin, int64_t n,
                                      uint32_t* out, bool stream);
using philox_fill_uniform_float_fn = void (*)(const PhiloxRange& range, int64_t begin, int64_t n,
                                              float* out, bool stream);
ATEN_DECLARE_DISPATCH(philox_fill_words_fn, philox_fill_words_stub);
ATEN_DECLARE_DISPATCH(philox_fill_uniform_float_fn, philox_fill_uniform_float_stub);

// out[j] = word begin + j of range's stream, for j in [0, n); begin >= 0.
inline void philox_fill_words(const PhiloxRange& range, int64_t begin, int64_t n, uint32_t* out,
                              bool stream = false) {
  philox_fill_words_stub(kCPU, range, begin, n, out, stream);
}
// out[j] = uniform_float(word begin + j of range's stream), for j in [0, n); begin >= 0.
inline void philox_fill_uniform_float(const PhiloxRange& range, int64_t begin, int64_t n,
                                      float* out, bool stream = false) {
  philox_fill_uniform_float_stub(kCPU, range, begin, n, out, stream);
}

// The scalar reference both fills are checked against (and the DEFAULT kernel): one block per
// four consecutive words, out[j] = transform(word begin + j).
template <typename T, typename F>
inline void philox_fill_reference(const PhiloxRange& range, int64_t begin, int64_t n, T* out,
                                  F transform) {
  auto k = static_cast<uint64_t>(begin);
  for (int64_t j = 0; j < n;) {
    const PhiloxBlock block = philox_block(range, k / 4);
    for (uint64_t lane = k % 4; lane < 4 && j < n; ++lane, ++j, ++k)
      out[j] = transform(block[lane]);
  }
}

}  // namespace aten::native
