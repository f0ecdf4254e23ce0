#include <aten/core/DtypeDispatch.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/DispatchStub.h>
#include <aten/iterator/TensorIterator.h>

namespace aten::native {

// Every operand: a kernel may switch on any of them (the input of a cast, the output of a sum).
bool test_copy_holds(const TensorIteratorBase& iter) {
  for (int i = 0; i < iter.ntensors(); ++i)
    if (!detail::in_every_kernel_copy(iter.dtype(i))) return false;
  return true;
}

bool test_copy_holds(const Tensor& t) {
  return !t.defined() || detail::in_every_kernel_copy(t.scalar_type());
}

}  // namespace aten::native
