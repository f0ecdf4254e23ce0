// CPU kernels of cumsum and cumprod. Compiled once per CPU capability.
//
// Every position off the scanned dim is scanned on its own, in order, so results do not
// depend on the thread count. Sums and products accumulate in ATen's CPU accumulate type
// (double for Float, int64 for integers, wrapping).
#include <aten/core/Convert.h>
#include <aten/iterator/TensorIterator.h>
#include <aten/native/ReduceOps.h>
#include <aten/native/cpu/OpMath.h>
#include <aten/native/cpu/ReduceAcc.h>
#include <aten/ops/cumprod_dtypes.h>
#include <aten/ops/cumsum_dtypes.h>

#include <cstdlib>
#include <vector>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

template <typename scalar_t, bool is_prod>
void scan(const Tensor& out, const Tensor& self, int64_t dim) {
  using acc_t = sum_acc_t<scalar_t>;
  auto step = [](acc_t a, scalar_t x) {
    return is_prod ? wrapping_mul(a, static_cast<acc_t>(x))
                   : wrapping_add(a, static_cast<acc_t>(x));
  };
  const acc_t init = is_prod ? acc_t(1) : acc_t(0);
  const int64_t len = self.sizes()[dim];
  const int64_t out_step = out.strides()[dim] * static_cast<int64_t>(sizeof(scalar_t));
  const int64_t in_step = self.strides()[dim] * static_cast<int64_t>(sizeof(scalar_t));

  // The positions off dim: an iteration space with dim squashed to size 1.
  TensorIteratorConfig config;
  // In place is fine; an expanded out, or one partly over self, is an error.
  config.add_output(out).add_input(self);
  config.resize_outputs(false).declare_static_shape(self.sizes(), {dim});
  TensorIterator iter(config);
  const int64_t grain = std::max<int64_t>(1, GRAIN_SIZE / std::max<int64_t>(1, len));
  iter.for_each(
      [&](char** data, const int64_t* strides, int64_t n0, int64_t n1) {
        std::vector<acc_t> acc;
        for (int64_t j = 0; j < n1; ++j) {
          char* o = data[0] + j * strides[2];
          const char* x = data[1] + j * strides[3];
          if (n0 == 1 || std::abs(in_step) <= std::abs(strides[1])) {
            // The scanned dim is the faster one: one position after the other.
            for (int64_t i = 0; i < n0; ++i) {
              acc_t a = init;
              for (int64_t k = 0; k < len; ++k) {
                a = step(a, *reinterpret_cast<const scalar_t*>(x + i * strides[1] + k * in_step));
                *reinterpret_cast<scalar_t*>(o + i * strides[0] +
                                             k * out_step) = convert<scalar_t>(a);
              }
            }
          } else {
            // Positions are adjacent: scan them side by side, one slice of dim at a time, so
            // reads and writes stream.
            acc.assign(static_cast<size_t>(n0), init);
            for (int64_t k = 0; k < len; ++k) {
              const char* xk = x + k * in_step;
              char* ok = o + k * out_step;
              for (int64_t i = 0; i < n0; ++i) {
                acc[i] = step(acc[i], *reinterpret_cast<const scalar_t*>(xk + i * strides[1]));
                *reinterpret_cast<scalar_t*>(ok + i * strides[0]) = convert<scalar_t>(acc[i]);
              }
            }
          }
        }
      },
      grain);
}

void cumsum_kernel(const Tensor& out, const Tensor& self, int64_t dim) {
  ATEN_DISPATCH_cumsum_TYPES(out.scalar_type(), [&] { scan<scalar_t, false>(out, self, dim); });
}

void cumprod_kernel(const Tensor& out, const Tensor& self, int64_t dim) {
  ATEN_DISPATCH_cumprod_TYPES(out.scalar_type(), [&] { scan<scalar_t, true>(out, self, dim); });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(cumsum_stub, &cumsum_kernel);
ATEN_REGISTER_DISPATCH(cumprod_stub, &cumprod_kernel);

}  // namespace aten::native
