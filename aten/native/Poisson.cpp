// poisson: ATen's checks, the reservation and the result; the counts come from
// native/cpu/DistributionsKernel.cpp (poisson_stub), each element from a fixed window of the
// stream (native_functions.yaml says which).
#include <aten/core/Generator.h>
#include <aten/native/Distributions.h>
#include <aten/ops/empty.h>
#include <aten/ops/poisson.h>
#include <aten/ops/poisson_dtypes.h>
#include <aten/ops/poisson_native.h>
#include <aten/ops/to.h>

namespace aten::native {

// Self's shape and dtype, contiguous, as ATen's. On Meta (and for no elements) nothing is read
// or drawn.
Tensor poisson(const Tensor& self, const std::optional<Generator>& generator) {
  ATEN_DISPATCH_poisson_TYPES(self.scalar_type(), [] {});
  Tensor result = aten::empty(self.sizes(), self.options());
  if (self.is_meta() || self.numel() == 0) return result;
  const Tensor rates = self.to(kDouble).contiguous();
  const double* r = rates.data_ptr<double>();
  for (int64_t i = 0; i < rates.numel(); ++i)
    ATEN_CHECK(r[i] >= 0, "invalid Poisson rate, expected rate to be non-negative");
  const PhiloxRange range = generator_or_default(generator).reserve(
      philox_blocks(static_cast<uint64_t>(rates.numel()), kPoissonWords));
  poisson_stub(kCPU, result, range, rates);
  return result;
}

}  // namespace aten::native
