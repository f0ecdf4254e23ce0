// The Philox fill primitive's dispatch stubs (PhiloxFill.h); the kernels are in
// native/cpu/PhiloxFillKernel.cpp.
#include <aten/native/PhiloxFill.h>

namespace aten::native {

ATEN_DEFINE_DISPATCH(philox_fill_words_stub);
ATEN_DEFINE_DISPATCH(philox_fill_uniform_float_stub);

}  // namespace aten::native
