// masked_fill_'s CPU kernel. Compiled once per CPU capability. Only the element size matters,
// so the value is converted once and then moved as opaque bits.
#include <aten/native/MaskedFill.h>
#include <aten/native/cpu/OpaqueType.h>
#include <aten/ops/masked_fill_dtypes.h>

#include <cstring>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

template <typename T>
void masked_fill_loop(TensorIteratorBase& iter, T value) {
  iter.for_each([value](char** data, const int64_t* strides, int64_t n0, int64_t n1) {
    for (int64_t j = 0; j < n1; ++j) {
      char* dst = data[0] + j * strides[2];
      const char* mask = data[1] + j * strides[3];
      if (strides[0] == static_cast<int64_t>(sizeof(T)) && strides[1] == 1) {
        // Rewriting unmasked elements with their own value makes this a vectorizable blend;
        // nobody else writes self's elements meanwhile.
        T* d = reinterpret_cast<T*>(dst);
        const auto* m = reinterpret_cast<const uint8_t*>(mask);
        for (int64_t i = 0; i < n0; ++i) d[i] = m[i] != 0 ? value : d[i];
      } else {
        for (int64_t i = 0; i < n0; ++i)
          if (*reinterpret_cast<const uint8_t*>(mask + i * strides[1]) != 0)
            *reinterpret_cast<T*>(dst + i * strides[0]) = value;
      }
    }
  });
}

void masked_fill_kernel(TensorIteratorBase& iter, const Scalar& value) {
  ATEN_DISPATCH_masked_fill_TYPES(iter.dtype(0), [&] {
    const scalar_t v = value.to<scalar_t>();
    opaque_t<scalar_t> bits;
    std::memcpy(&bits, &v, sizeof(v));
    masked_fill_loop(iter, bits);
  });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(masked_fill_stub, &masked_fill_kernel);

}  // namespace aten::native
