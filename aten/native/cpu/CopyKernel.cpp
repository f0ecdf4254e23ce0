// copy_'s CPU kernel: a vectorized copy within one dtype, an element-wise conversion across
// two. Compiled once per CPU capability.
#include <aten/core/Convert.h>
#include <aten/cpu/Loops.h>
#include <aten/cpu/vec/Transpose.h>
#include <aten/native/Copy.h>
#include <aten/ops/copy_dtypes.h>

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

// A tiled (transposing) copy of 4-byte elements: within a tile the output runs along dim 0
// and the input along dim 1, so 16 x 8 and 8 x 8 blocks are transposed in registers.
template <bool kStream, typename T>
void transpose_blocks(char** data, int64_t out0, int64_t in0, int64_t out1, int64_t in1,
                      int64_t full0, int64_t full1) {
  constexpr int64_t e = sizeof(T);
  for (int64_t j = 0; j < full1; j += 8) {
    auto src = [&](int64_t i) { return reinterpret_cast<const T*>(data[1] + i * in0 + j * in1); };
    auto dst = [&](int64_t i) { return reinterpret_cast<T*>(data[0] + i * out0 + j * out1); };
    int64_t i = 0;
    for (; i + 16 <= full0; i += 16)
      vec::transpose_16x8<kStream>(src(i), in0 / e, dst(i), out1 / e);
    if (i < full0) vec::transpose_8x8(src(i), in0 / e, dst(i), out1 / e);
  }
}

template <typename T>
void transpose_copy(TensorIteratorBase& iter) {
  // An output bigger than the last-level cache is written around it: a full tile writes whole
  // lines of it (kTile0 elements of 4 bytes along its fastest dim), so reading them into the
  // cache first would be wasted (NCHW -> NHWC of a 51 MiB tensor: 1.1x-1.4x faster here on
  // one thread, 1.3x-1.9x on two).
  const bool stream = iter.numel() * int64_t{sizeof(T)} >= kStreamingStoreBytes;
  iter.for_each([stream](char** data, const int64_t* strides, int64_t n0, int64_t n1) {
    constexpr int64_t e = sizeof(T);
    const int64_t out0 = strides[0], in0 = strides[1], out1 = strides[2], in1 = strides[3];
    const bool blocks = out0 == e && in1 == e && out1 % e == 0 && in0 % e == 0;
    const int64_t full0 = blocks ? n0 / 8 * 8 : 0, full1 = blocks ? n1 / 8 * 8 : 0;
    // Non-temporal stores need 64-byte aligned rows.
    if (stream && reinterpret_cast<uintptr_t>(data[0]) % 64 == 0 && out1 % 64 == 0) {
      transpose_blocks<true, T>(data, out0, in0, out1, in1, full0, full1);
      vec::stream_fence();
    } else {
      transpose_blocks<false, T>(data, out0, in0, out1, in1, full0, full1);
    }
    // The ragged edges of partial tiles, element by element.
    for (int64_t j = 0; j < n1; ++j)
      for (int64_t i = j < full1 ? full0 : 0; i < n0; ++i)
        std::memcpy(data[0] + i * out0 + j * out1, data[1] + i * in0 + j * in1, e);
  });
}

// A conversion between dtypes. On contiguous runs the loop's strides are constants, so the
// compiler vectorizes convert<dst_t> where it can (float to bfloat16 or double: 4x faster than
// through basic_loop's strides). An output bigger than the last-level cache is converted a block
// at a time into an L1 buffer and streamed out from there (see vec/Stream.h); the same values.
template <typename dst_t, typename src_t>
void convert_run(char* out, const char* in, int64_t n) {
  auto* o = reinterpret_cast<dst_t*>(out);
  for (int64_t i = 0; i < n; ++i) o[i] = convert<dst_t>(load<src_t>(in + i * sizeof(src_t)));
}

template <typename dst_t, typename src_t>
void convert_run_streamed(char* out, const char* in, int64_t n) {
  constexpr int64_t kBlockBytes = 4096;  // of output: stays in L1 between convert and stream
  constexpr int64_t kBlock = kBlockBytes / sizeof(dst_t);
  const auto misalign = reinterpret_cast<uintptr_t>(out) % vec::kVectorBytes;
  if (misalign % sizeof(dst_t) != 0) {  // never vector-aligned (a from_blob pointer)
    convert_run<dst_t, src_t>(out, in, n);
    return;
  }
  int64_t i = std::min<int64_t>(
      n, misalign == 0 ? 0 : (vec::kVectorBytes - misalign) / int64_t{sizeof(dst_t)});
  convert_run<dst_t, src_t>(out, in, i);
  alignas(64) dst_t buffer[kBlock];
  for (; i + kBlock <= n; i += kBlock) {
    convert_run<dst_t, src_t>(reinterpret_cast<char*>(buffer), in + i * sizeof(src_t), kBlock);
    vec::stream_bytes(out + i * sizeof(dst_t), buffer, kBlockBytes);
  }
  vec::stream_fence();
  convert_run<dst_t, src_t>(out + i * sizeof(dst_t), in + i * sizeof(src_t), n - i);
}

template <typename dst_t, typename src_t>
void convert_copy(TensorIteratorBase& iter) {
  const bool stream = iter.numel() * int64_t{sizeof(dst_t)} >= kStreamingStoreBytes;
  iter.for_each([stream](char** data, const int64_t* strides, int64_t n0, int64_t n1) {
    const bool contiguous = strides[0] == sizeof(dst_t) && strides[1] == sizeof(src_t);
    for (int64_t j = 0; j < n1; ++j) {
      char* out = data[0] + j * strides[2];
      const char* in = data[1] + j * strides[3];
      if (contiguous && stream) {
        convert_run_streamed<dst_t, src_t>(out, in, n0);
      } else if (contiguous) {
        convert_run<dst_t, src_t>(out, in, n0);
      } else {
        for (int64_t i = 0; i < n0; ++i)
          *reinterpret_cast<dst_t*>(out + i * strides[0]) = convert<dst_t>(
              load<src_t>(in + i * strides[1]));
      }
    }
  });
}

void copy_kernel(TensorIteratorBase& iter) {
  const ScalarType dst = iter.dtype(0), src = iter.dtype(1);
  if (dst == src && iter.is_tiled() && elementSize(dst) == 4) {
    transpose_copy<int32_t>(iter);
    return;
  }
  if (dst == src) {
    ATEN_DISPATCH_copy_TYPES(dst, [&] {
      cpu_kernel_vec(
          iter, [](scalar_t x) -> scalar_t { return x; },
          [](vec::Vectorized<scalar_t> x) { return x; });
    });
    return;
  }
  ATEN_DISPATCH_copy_TYPES(dst, [&] {
    using dst_t = scalar_t;
    ATEN_DISPATCH_copy_TYPES(src, [&] { convert_copy<dst_t, scalar_t>(iter); });
  });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(copy_stub, &copy_kernel);

}  // namespace aten::native
