// flip's CPU kernel: an element copy whose output strides (set by flip) run backwards along
// the flipped dims. Compiled once per CPU capability.
#include <aten/native/TensorTransformations.h>
#include <aten/native/cpu/OpaqueType.h>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

// Operands: out, self, and the marker flip uses to find the flipped dims (not read).
template <typename T>
void flip_loop(TensorIteratorBase& iter) {
  constexpr auto e = static_cast<int64_t>(sizeof(T));
  iter.for_each([](char** data, const int64_t* strides, int64_t n0, int64_t n1) {
    for (int64_t j = 0; j < n1; ++j) {
      char* out = data[0] + j * strides[3];
      const char* in = data[1] + j * strides[4];
      if (strides[0] == -e && strides[1] == e) {
        // Reversing a contiguous run, the common case (flipping the last dim).
        T* o = reinterpret_cast<T*>(out);
        const T* s = reinterpret_cast<const T*>(in);
        for (int64_t i = 0; i < n0; ++i) o[-i] = s[i];
      } else {
        for (int64_t i = 0; i < n0; ++i)
          *reinterpret_cast<T*>(out + i * strides[0]) = *reinterpret_cast<const T*>(in +
                                                                                    i * strides[1]);
      }
    }
  });
}

void flip_kernel(TensorIteratorBase& iter) {
  switch (elementSize(iter.dtype(0))) {
    case 1:
      return flip_loop<OpaqueType<1>::type>(iter);
    case 2:
      return flip_loop<OpaqueType<2>::type>(iter);
    case 4:
      return flip_loop<OpaqueType<4>::type>(iter);
    case 8:
      return flip_loop<OpaqueType<8>::type>(iter);
    case 16:
      return flip_loop<OpaqueType<16>::type>(iter);
    default:
      ATEN_ERROR("no flip kernel for elements of ", elementSize(iter.dtype(0)), " bytes");
  }
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(flip_stub, &flip_kernel);

}  // namespace aten::native
