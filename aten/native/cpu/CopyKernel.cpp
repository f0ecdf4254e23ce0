// copy_'s CPU kernel: a vectorized copy within one dtype, an element-wise conversion across
// two. Compiled once per CPU capability.
#include <aten/core/Convert.h>
#include <aten/cpu/Loops.h>
#include <aten/cpu/vec/Transpose.h>
#include <aten/native/Copy.h>
#include <aten/ops/copy_dtypes.h>

#include <cstring>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

// A tiled (transposing) copy of 4-byte elements: within a tile the output runs along dim 0
// and the input along dim 1, so 8 x 8 blocks are transposed in registers.
template <typename T>
void transpose_copy(TensorIteratorBase& iter) {
  iter.for_each([](char** data, const int64_t* strides, int64_t n0, int64_t n1) {
    constexpr int64_t e = sizeof(T);
    const int64_t out0 = strides[0], in0 = strides[1], out1 = strides[2], in1 = strides[3];
    const bool blocks = out0 == e && in1 == e && out1 % e == 0 && in0 % e == 0;
    const int64_t full0 = blocks ? n0 / 8 * 8 : 0, full1 = blocks ? n1 / 8 * 8 : 0;
    for (int64_t j = 0; j < full1; j += 8)
      for (int64_t i = 0; i < full0; i += 8)
        vec::transpose_8x8(reinterpret_cast<const T*>(data[1] + i * in0 + j * in1), in0 / e,
                           reinterpret_cast<T*>(data[0] + i * out0 + j * out1), out1 / e);
    // The ragged edges of partial tiles, element by element.
    for (int64_t j = 0; j < n1; ++j)
      for (int64_t i = j < full1 ? full0 : 0; i < n0; ++i)
        std::memcpy(data[0] + i * out0 + j * out1, data[1] + i * in0 + j * in1, e);
  });
}

void copy_kernel(TensorIteratorBase& iter) {
  const ScalarType dst = iter.dtype(0), src = iter.dtype(1);
  if (dst == src && iter.is_blocked() && elementSize(dst) == 4) {
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
    ATEN_DISPATCH_copy_TYPES(
        src, [&] { cpu_kernel(iter, [](scalar_t x) -> dst_t { return convert<dst_t>(x); }); });
  });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(copy_stub, &copy_kernel);

}  // namespace aten::native
