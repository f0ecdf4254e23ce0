// bincount: how often each value 0..max(self) occurs in a 1-d non-negative integral tensor, or
// the sum of the weights at its occurrences, with ATen's result dtypes (Long counts; Float sums
// for Float weights, Double for any other) and its checks, in its order.
#include <aten/ops/bincount_dtypes.h>
#include <aten/ops/bincount_native.h>
#include <aten/ops/zeros.h>

#include <algorithm>

namespace aten::native {

namespace {

template <typename T, typename W>
Tensor weighted_bincount(const T* in, int64_t n, int64_t bins, const Tensor& weights) {
  const Tensor w = weights
                       .to(ScalarType::Float == weights.scalar_type() ? ScalarType::Float
                                                                      : ScalarType::Double)
                       .contiguous();
  Tensor out = aten::zeros({bins}, w.options());
  W* o = out.data_ptr<W>();
  const W* wp = w.data_ptr<W>();
  for (int64_t i = 0; i < n; ++i) o[static_cast<int64_t>(in[i])] += wp[i];
  return out;
}

}  // namespace

Tensor bincount(const Tensor& self, const std::optional<Tensor>& weights_opt, int64_t minlength) {
  const Tensor weights = weights_opt ? *weights_opt : Tensor();
  return ATEN_DISPATCH_bincount_TYPES(self.scalar_type(), [&]() -> Tensor {
    ATEN_CHECK(minlength >= 0, "minlength should be >= 0");
    if (self.dim() == 1 && self.numel() == 0)
      return aten::zeros({minlength}, self.options().dtype(ScalarType::Long));
    const Tensor in = self.contiguous();
    const scalar_t* p = in.data_ptr<scalar_t>();
    const int64_t n = in.numel();
    ATEN_CHECK(self.dim() == 1 && *std::min_element(p, p + n) >= 0,
               "bincount only supports 1-d non-negative integral inputs.");
    ATEN_CHECK(!weights.defined() || (weights.dim() == 1 && weights.sizes()[0] == n),
               "weights should be 1-d and have the same length as input");
    const int64_t bins = std::max<int64_t>(static_cast<int64_t>(*std::max_element(p, p + n)) + 1,
                                           minlength);
    if (weights.defined()) {
      if (weights.scalar_type() == ScalarType::Float)
        return weighted_bincount<scalar_t, float>(p, n, bins, weights);
      return weighted_bincount<scalar_t, double>(p, n, bins, weights);
    }
    Tensor out = aten::zeros({bins}, self.options().dtype(ScalarType::Long));
    int64_t* o = out.data_ptr<int64_t>();
    for (int64_t i = 0; i < n; ++i) ++o[static_cast<int64_t>(p[i])];
    return out;
  });
}

}  // namespace aten::native
