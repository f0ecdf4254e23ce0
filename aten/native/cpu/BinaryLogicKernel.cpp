// CPU kernels of bitwise_and/or/xor (integral and Bool) and logical_and/or/xor (any dtype,
// nonzero is true). Compiled once per CPU capability.
#include <aten/cpu/Loops.h>
#include <aten/native/BinaryLogic.h>
#include <aten/native/cpu/OpMath.h>
#include <aten/ops/bitwise_and_dtypes.h>
#include <aten/ops/bitwise_or_dtypes.h>
#include <aten/ops/bitwise_xor_dtypes.h>
#include <aten/ops/logical_and_dtypes.h>
#include <aten/ops/logical_or_dtypes.h>
#include <aten/ops/logical_xor_dtypes.h>

#include <functional>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

// The Vectorized & | ^ act on bit patterns, which for Bool's 0 and 1 bytes are the logical ops.
template <typename scalar_t, typename Op, typename VecOp>
void bitwise_loop(TensorIteratorBase& iter, Op op, VecOp vop) {
  cpu_kernel_vec(
      iter, [op](scalar_t a, scalar_t b) -> scalar_t { return static_cast<scalar_t>(op(a, b)); },
      [vop](vec::Vectorized<scalar_t> a, vec::Vectorized<scalar_t> b) { return vop(a, b); });
}

void bitwise_and_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_bitwise_and_TYPES(iter.common_dtype(), [&] {
    bitwise_loop<scalar_t>(iter, std::bit_and<>{}, std::bit_and<>{});
  });
}

void bitwise_or_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_bitwise_or_TYPES(
      iter.common_dtype(), [&] { bitwise_loop<scalar_t>(iter, std::bit_or<>{}, std::bit_or<>{}); });
}

void bitwise_xor_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_bitwise_xor_TYPES(iter.common_dtype(), [&] {
    bitwise_loop<scalar_t>(iter, std::bit_xor<>{}, std::bit_xor<>{});
  });
}

template <typename T>
inline bool truth(T x) {
  if constexpr (is_complex_v<T>) {
    return x.real() != 0 || x.imag() != 0;
  } else {
    return static_cast<opmath_t<T>>(x) != opmath_t<T>(0);
  }
}

// The result is Bool unless out= (or self, in place) has another dtype; the iterator then
// hands the kernel an output of the common dtype, to be cast into the user's afterwards.
template <typename scalar_t, typename Op>
void logical_loop(TensorIteratorBase& iter, Op op) {
  if (iter.dtype(0) == ScalarType::Bool) {
    cpu_kernel(iter, [op](scalar_t a, scalar_t b) -> bool { return op(truth(a), truth(b)); });
  } else {
    cpu_kernel(iter, [op](scalar_t a, scalar_t b) -> scalar_t {
      return op(truth(a), truth(b)) ? scalar_t(1) : scalar_t(0);
    });
  }
}

void logical_and_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_logical_and_TYPES(iter.common_dtype(), [&] {
    logical_loop<scalar_t>(iter, [](bool a, bool b) { return a && b; });
  });
}

void logical_or_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_logical_or_TYPES(iter.common_dtype(), [&] {
    logical_loop<scalar_t>(iter, [](bool a, bool b) { return a || b; });
  });
}

void logical_xor_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_logical_xor_TYPES(iter.common_dtype(), [&] {
    logical_loop<scalar_t>(iter, [](bool a, bool b) { return a != b; });
  });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(bitwise_and_stub, &bitwise_and_kernel);
ATEN_REGISTER_DISPATCH(bitwise_or_stub, &bitwise_or_kernel);
ATEN_REGISTER_DISPATCH(bitwise_xor_stub, &bitwise_xor_kernel);
ATEN_REGISTER_DISPATCH(logical_and_stub, &logical_and_kernel);
ATEN_REGISTER_DISPATCH(logical_or_stub, &logical_or_kernel);
ATEN_REGISTER_DISPATCH(logical_xor_stub, &logical_xor_kernel);

}  // namespace aten::native
